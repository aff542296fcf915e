package alienwarz

import (
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/alienwarz"
	"github.com/arena-games/arena/game/gametest"
	levels "github.com/arena-games/arena/levels/alienwarz"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/rendertest"
)

// title is AlienWarz with Arena's levels, as arena plays it.
var title = alienwarz.Title{Levels: levels.Levels()}

// TestMain installs the title, which the recordings of the tests name.
func TestMain(m *testing.M) {
	game.Install(game.Catalog{Titles: []game.Title{title}})
	rendertest.Main(m)
}

// botGame plays n turns of strategist against miner on Arena's levels.
func botGame(t testing.TB, n int) []game.Frame {
	t.Helper()
	bots := gametest.Bots(t, title, []string{"strategist", "miner"}, func(seat int) *game.Rand { return game.NewRand(5, uint64(seat)) })
	_, frames := gametest.Play(t, title, game.Config{Seed: 5}, bots, n)
	return frames
}

func newView() *View {
	v := New()
	v.Layout(image.Rect(0, 0, 960, 640), 1)
	return v
}

func draw(v *View, m *render.Moment) *image.RGBA {
	dst := ebiten.NewImage(960, 640)
	defer dst.Deallocate()
	v.Update(m)
	v.Draw(dst, m)
	return rendertest.Pixels(dst)
}

func TestGoldenMidGame(t *testing.T) {
	frames := botGame(t, 90)
	v := newView()
	rendertest.Golden(t, draw(v, &render.Moment{Prev: frames[89], Cur: frames[90], T: 1, Clock: 2}), "turn90.png")
}

func TestStepsAnimate(t *testing.T) {
	frames := botGame(t, 60)
	v := newView()
	for i := 1; i < len(frames); i++ {
		settled := draw(v, &render.Moment{Prev: frames[i-1], Cur: frames[i], T: 1, Clock: 2})
		moving := draw(v, &render.Moment{Prev: frames[i-1], Cur: frames[i], T: 0.3, Clock: 2})
		mean, _ := rendertest.Compare(settled, moving)
		require.Greater(t, mean, 0.001, "step %d (%s) looks the same mid-animation", i, frames[i].Moves)
	}
}

// clickCell clicks the middle of a board cell.
func clickCell(v *View, f game.Frame, c alienwarz.Cell) (string, bool) {
	x, y := v.centerOf(c)
	return v.Input(f, 0, render.Pointer{X: x, Y: y, Click: true})
}

// clickButton clicks a panel button.
func clickButton(v *View, f game.Frame, r image.Rectangle) (string, bool) {
	return v.Input(f, 0, render.Pointer{X: float64(r.Min.X+r.Max.X) / 2, Y: float64(r.Min.Y+r.Max.Y) / 2, Click: true})
}

func TestPanelOffersOnlyLegalActions(t *testing.T) {
	frames := botGame(t, 0)
	f := frames[0]
	s := f.State.(*alienwarz.State)
	v := newView()
	v.Input(f, 0, render.Pointer{})
	// A lit cell moves there.
	dest := s.Moves(1)[0]
	cmd, ok := clickCell(v, f, dest)
	require.True(t, ok)
	require.Equal(t, s.MoveCommand(1, dest), cmd)
	require.NoError(t, s.Check(1, cmd))
	// A cell that is not lit does nothing.
	_, ok = clickCell(v, f, alienwarz.Cell{X: 4, Z: 4})
	require.False(t, ok)
	// Rest is always there; the shop's freeze costs 200 coins, more than
	// the 100 a player starts with.
	v.enableButtons(s)
	require.True(t, v.panel.freeze.Disabled)
	require.False(t, v.panel.daze.Disabled)
	cmd, ok = clickButton(v, f, v.panel.rest.Rect())
	require.True(t, ok)
	require.Equal(t, "rest", cmd)
	cmd, ok = clickButton(v, f, v.panel.daze.Rect())
	require.True(t, ok)
	require.Equal(t, "shop daze", cmd)
	_, ok = clickButton(v, f, v.panel.freeze.Rect())
	require.False(t, ok, "a disabled button does nothing")
}

// A click on a deposit across a corner does nothing, and the status says
// why in the rules' words: deposits are mined from the four cells beside
// them.
func TestARefusedClickSaysWhy(t *testing.T) {
	s := alienwarz.NewState(&alienwarz.Rules{Env: alienwarz.DefaultEnv()}, alienwarz.Level{Name: "empty"}, -1, [2]string{"1", "2"})
	s.Player(1).Pos = alienwarz.Cell{X: 4, Z: 4}
	s.Deposits = append(s.Deposits, alienwarz.Deposit{Kind: alienwarz.Mineral, Pos: alienwarz.Cell{X: 5, Z: 5}, Remaining: 6, Max: 6, EmptiedTurn: -1})
	f := game.Frame{State: s}
	v := newView()
	v.Input(f, 0, render.Pointer{})
	_, ok := clickCell(v, f, alienwarz.Cell{X: 5, Z: 5})
	require.False(t, ok, "a diagonal deposit is not mined")
	require.Contains(t, v.Status(f), "can't mine 5 5: (5,5) is not next to (4,4)")
	cmd, ok := clickCell(v, f, alienwarz.Cell{X: 5, Z: 4})
	require.True(t, ok, "a cell beside it is a move")
	require.Equal(t, "move 5 4", cmd)
	require.NotContains(t, v.Status(f), "can't", "the next click takes the reason away")
}

func TestBuildAndConvertDialogs(t *testing.T) {
	frames := botGame(t, 0)
	f := frames[0]
	s := f.State.(*alienwarz.State)
	v := newView()
	v.Input(f, 0, render.Pointer{})
	_, ok := clickButton(v, f, v.panel.build.Rect())
	require.False(t, ok)
	require.Equal(t, buildDialog, v.panel.dialog, "Build asks where")
	site := s.Targets(1, alienwarz.ActBuild)[0]
	cmd, ok := clickCell(v, f, site)
	require.True(t, ok)
	require.Equal(t, "build "+render.Itoa(site.X)+" "+render.Itoa(site.Z), cmd)

	// Conversion: at the base with a mineral, a dialog counts what to convert.
	var atBase game.Frame
	for _, fr := range botGame(t, 200) {
		st := fr.State.(*alienwarz.State)
		if st.ToAct != 0 && st.Player(st.ToAct).Pos == alienwarz.Base(st.ToAct) && st.Player(st.ToAct).Count(alienwarz.Mineral) > 0 {
			atBase = fr
			break
		}
	}
	if atBase.State == nil {
		t.Skip("no turn at the base with a mineral in the bag")
	}
	v = newView()
	v.Input(atBase, 0, render.Pointer{})
	_, ok = clickButton(v, atBase, v.panel.convert.Rect())
	require.False(t, ok)
	require.Equal(t, convertDialog, v.panel.dialog)
	v.layoutPanel()
	v.Input(atBase, 0, render.Pointer{})           // lays the dialog out
	clickButton(v, atBase, v.panel.plus[5].Rect()) // one mineral to XP
	cmd, ok = clickButton(v, atBase, v.panel.ok.Rect())
	require.True(t, ok)
	require.True(t, strings.HasSuffix(cmd, "0 diamond 1 mineral to xp"), cmd)
	st := atBase.State.(*alienwarz.State)
	require.NoError(t, st.Check(st.ToAct, cmd))
}

func TestDrawCommandsPerFrame(t *testing.T) {
	frames := botGame(t, 80)
	v := newView()
	dst := ebiten.NewImage(960, 640)
	m := &render.Moment{Prev: frames[70], Cur: frames[71], T: 0.5, Clock: 2}
	v.Update(m)
	v.Draw(dst, m)
	n, ok := rendertest.DrawCommands(dst, func() { v.Draw(dst, m) })
	if !ok {
		t.Skip("counting draw commands needs -tags ebitenginedebug")
	}
	t.Logf("%d draw commands", n)
	require.LessOrEqual(t, n, 20)
}

func BenchmarkFrame(b *testing.B) {
	rendertest.BenchGame(b, newView(), botGame(b, 250))
}

// The conversion dialog asks for no more than the alien carries: "+" stops
// at what the bag holds, with the rules' rates beside each row; a refused
// conversion says why; the panel follows a new window size at once, even
// while nobody is to act.
func TestConvertPanelAsksForWhatTheBagHolds(t *testing.T) {
	env := alienwarz.DefaultEnv()
	rules := &alienwarz.Rules{Env: env}
	s := alienwarz.NewState(rules, alienwarz.Level{Name: "empty"}, -1, [2]string{"1", "2"})
	s.Player(1).Bag = []alienwarz.Item{{Kind: alienwarz.Mineral}, {Kind: alienwarz.Mineral}}
	f := game.Frame{State: s}
	v := newView()
	v.Input(f, 0, render.Pointer{})
	_, ok := clickButton(v, f, v.panel.convert.Rect())
	require.False(t, ok)
	require.Equal(t, convertDialog, v.panel.dialog)
	v.Input(f, 0, render.Pointer{})
	require.True(t, v.panel.plus[0].Disabled, "no diamond in the bag")
	for range 5 {
		clickButton(v, f, v.panel.plus[5].Rect()) // minerals to XP
	}
	require.Equal(t, 2, v.panel.counts[5], "two minerals in the bag: + stops at two")
	v.enableButtons(s)
	require.True(t, v.panel.plus[5].Disabled)
	require.True(t, v.panel.plus[1].Disabled, "the other rows share the same two")
	require.False(t, v.panel.ok.Disabled)
	require.Equal(t, "mineral → 10 XP", convLabel(rules, 5))
	require.Equal(t, "diamond → 50 coins", convLabel(rules, 0))
	require.Empty(t, v.refusal(s))

	// Away from the base the same conversion is refused, and says why.
	s.Player(1).Pos = alienwarz.Cell{X: 5, Z: 5}
	require.Contains(t, v.refusal(s), "base")
	require.Contains(t, v.Status(f), "0 of 250 turns played")

	// A new size while the pause menu is up: the panel's buttons move.
	before := v.panel.ok.Rect()
	v.Layout(image.Rect(0, 0, 640, 420), 0.6)
	require.NotEqual(t, before, v.panel.ok.Rect())
	require.True(t, v.panel.ok.Rect().In(image.Rect(0, 0, 640, 420)))

	// The rules' own numbers, not the defaults': a turn limit of 40.
	short := &alienwarz.Rules{Env: env}
	short.MaxTurns, short.Penalty = 40, 100
	s2 := alienwarz.NewState(short, alienwarz.Level{Name: "empty"}, -1, [2]string{"1", "2"})
	require.Contains(t, v.Status(game.Frame{State: s2}), "0 of 40 turns played")
}

func TestMoveLabels(t *testing.T) {
	v := New()
	require.Equal(t, "convert 1 diamond → coins, 2 minerals → XP",
		v.MoveLabel(0, "conv 1 diamond 0 mineral to coins, 0 diamond 0 mineral to energy, 0 diamond 2 mineral to xp"))
	require.Equal(t, "put 3 minerals", v.MoveLabel(0, "refinement-put 3 4 mineral 3 diamond 0"))
	require.Equal(t, "move 7 2", v.MoveLabel(0, "move 7 2"))
	require.Equal(t, "junk", v.MoveLabel(0, "junk"))
}

// The view draws every frame of a game within its area, and without
// allocating once a frame has been drawn once, at every window size.
func TestConform(t *testing.T) {
	rendertest.Conform(t, New(), botGame(t, 90)[74:])
}
