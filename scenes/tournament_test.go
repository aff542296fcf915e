package scenes

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/arena-games/arena/net/tournament/tournamenttest"

	"testing"
	"time"

	"github.com/arena-games/arena/render/ui"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game/tournament"
	tnet "github.com/arena-games/arena/net/tournament"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/rendertest"
)

// fakeTournament writes the files of a tournament of the format between
// the named entrants into a new folder, as a runner would after playing
// the matches decide decides, in steps rounds of planning (fewer than
// needed leave it running). Times are fixed, so pictures of it are too.
func fakeTournament(t *testing.T, f tournament.Format, names []string, steps int, decide func(tournament.Match) tournament.Result) (string, *tnet.Snapshot) {
	t.Helper()
	f.Entrants = len(names)
	require.NoError(t, f.Check())
	results := map[string]tournament.Result{}
	at := time.Date(2024, 3, 5, 14, 0, 0, 0, time.UTC)
	status := tournament.StatusRunning
	for step := 0; step < steps; step++ {
		p, err := f.Plan(results)
		require.NoError(t, err)
		if p.Done {
			status = tournament.StatusComplete
			break
		}
		for _, m := range p.Matches {
			if _, ok := results[m.ID]; !ok {
				r := decide(m)
				r.ID, r.Turns, r.Finished = m.ID, 40+len(results), at.Add(time.Duration(len(results))*time.Minute)
				r.Files = []string{tournament.MatchesDir + "/" + m.ID + ".arena"}
				results[m.ID] = r
			}
		}
	}
	if p, _ := f.Plan(results); p.Done {
		status = tournament.StatusComplete
	}
	tt := &tournament.Tournament{ID: "test", Name: "Belgrade Open 2024", Title: "santorini", Format: f}
	for i, n := range names {
		tt.Entrants = append(tt.Entrants, tournament.Entrant{Name: n, Seat: fmt.Sprintf("alphabeta:%d", 1+i%3)})
	}
	ix, st, err := tt.Files(results, status, at.Add(time.Hour))
	require.NoError(t, err)
	dir := t.TempDir()
	data, err := ix.JSON()
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, tournament.IndexFile), data, 0o644))
	data, err = st.JSON()
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, tournament.StandingsFile), data, 0o644))
	src, err := tnet.ParseSource(dir)
	require.NoError(t, err)
	snap, err := src.Load(context.Background(), "")
	require.NoError(t, err)
	return dir, snap
}

// byIndex makes the entrant with the lower index win, but for every
// seventh game, a draw.
func byIndex(m tournament.Match) tournament.Result {
	a, b := m.Entrants[0], m.Entrants[1]
	switch {
	case (a*7+b*3+m.Game)%7 == 0:
		return tournament.Result{Ranking: []int{1, 2}, Reason: "nomoves"}
	case a < b:
		return tournament.Result{Winner: 1, Ranking: []int{1, 2}, Reason: "level3"}
	}
	return tournament.Result{Winner: 2, Ranking: []int{2, 1}, Reason: "level3"}
}

var players = []string{"Athena", "Minotaur", "Pegasus", "Hermes", "Ariadne", "Icarus", "Medusa", "Prometheus"}

func TestTournamentGolden(t *testing.T) {
	time.Local = time.UTC // the time of the last update is shown
	now = func() time.Time { return time.Date(2024, 3, 5, 15, 1, 0, 0, time.UTC) }
	defer func() { now = time.Now }()
	_, snap := fakeTournament(t, tournament.Format{System: tournament.RoundRobin, Seats: 2, Games: 2, Seed: 1}, players[:6], 3, byIndex)
	sc := NewTournament(tnet.Source{Dir: t.TempDir()}, snap)
	defer sc.Close()
	a := newTestApp(sc)
	a.Clock = 2
	dst := ebiten.NewImage(1280, 800)
	a.drawStack(dst)
	rendertest.Golden(t, rendertest.Pixels(dst), "tournament-standings.png")

	// A knock-out half played: the semi-finals known, the final waiting.
	_, snap = fakeTournament(t, tournament.Format{System: tournament.SingleElimination, Seats: 2, Games: 2, ThirdPlace: true, Deciders: 1}, players[:7], 1, byIndex)
	sc = NewTournament(tnet.Source{Dir: t.TempDir()}, snap)
	defer sc.Close()
	a = newTestApp(sc)
	a.Clock = 2
	sc.show(a, 2)
	require.Equal(t, "Knock-out", sc.views[sc.view].name)
	dst.Clear()
	a.drawStack(dst)
	rendertest.Golden(t, rendertest.Pixels(dst), "tournament-bracket.png")

	// A double elimination, complete.
	_, snap = fakeTournament(t, tournament.Format{System: tournament.DoubleElimination, Seats: 2, Games: 1, Reset: true}, players[:6], 20, byIndex)
	sc = NewTournament(tnet.Source{Dir: t.TempDir()}, snap)
	defer sc.Close()
	a = newTestApp(sc)
	a.Clock = 2
	sc.show(a, 2)
	dst.Clear()
	a.drawStack(dst)
	rendertest.Golden(t, rendertest.Pixels(dst), "tournament-double.png")
}

// The standings sort by a clicked heading; the leader keeps its light.
func TestTournamentStandingsSort(t *testing.T) {
	_, snap := fakeTournament(t, tournament.Format{System: tournament.RoundRobin, Seats: 2, Games: 2}, players[:5], 10, byIndex)
	sc := NewTournament(tnet.Source{Dir: t.TempDir()}, snap)
	defer sc.Close()
	a := newTestApp(sc)
	dst := ebiten.NewImage(1280, 800)
	a.drawStack(dst)
	require.Len(t, sc.heads, len(standingsCols))
	require.Equal(t, []string{"Athena", "Minotaur", "Pegasus", "Hermes", "Ariadne"}, lineNames(sc))
	name := sc.heads[1]
	a.In.UI = uiAt(float64(name.Min.X+5), float64(name.Min.Y+5))
	tick(t, a, 1)
	a.drawStack(dst)
	require.Equal(t, []string{"Ariadne", "Athena", "Hermes", "Minotaur", "Pegasus"}, lineNames(sc), "by name")
	a.In.UI = uiAt(float64(name.Min.X+5), float64(name.Min.Y+5))
	tick(t, a, 1)
	a.drawStack(dst)
	require.Equal(t, []string{"Pegasus", "Minotaur", "Hermes", "Athena", "Ariadne"}, lineNames(sc), "a second click reverses")
	press(t, a, ActSort)
	a.drawStack(dst)
	require.Equal(t, 2, sc.sortBy, "O sorts by the next column")

	// The keys choose a line; Enter lists its matches.
	a.In.UI.Down = true
	tick(t, a, 1)
	a.In.UI.Down = true
	tick(t, a, 1)
	a.drawStack(dst)
	require.Equal(t, 1, sc.sel)
	a.In.UI.Enter = true
	tick(t, a, 1)
	list, ok := a.Top().(*matchList)
	require.True(t, ok)
	require.Equal(t, "Matches of "+sc.lines.rows[1].Name, list.title)
	require.Len(t, list.list, 8, "two games against each of four")
	a.Pop()

	// Presenting, the views change by themselves.
	press(t, a, ActPresent)
	require.True(t, sc.present)
	view := sc.view
	a.Clock += presentFor + 1
	tick(t, a, 1)
	require.Equal(t, (view+1)%len(sc.views), sc.view)
}

func lineNames(sc *Tournament) []string {
	var out []string
	for _, r := range sc.lines.rows {
		out = append(out, r.Name)
	}
	return out
}

// A tournament that changes on disk shows its new results: the lines that
// changed glow, the latest results change.
func TestTournamentUpdatesLive(t *testing.T) {
	pollEvery = 50 * time.Millisecond
	defer func() { pollEvery = 2 * time.Second }()
	f := tournament.Format{System: tournament.RoundRobin, Seats: 2, Games: 1}
	dir, snap := fakeTournament(t, f, players[:4], 1, byIndex)
	src, _ := tnet.ParseSource(dir)
	sc := NewTournament(src, snap)
	a := newTestApp(NewMenu())
	a.Push(sc)
	defer a.Pop()
	require.Equal(t, tournament.StatusComplete, sc.snap.Index.Status)
	// The tournament again, half played: a new state of the files.
	before := sc.snap
	dir2, _ := fakeTournament(t, tournament.Format{System: tournament.DoubleRoundRobin, Seats: 2, Games: 1}, players[:4], 1, byIndex)
	for _, name := range []string{tournament.IndexFile, tournament.StandingsFile} {
		data, err := os.ReadFile(filepath.Join(dir2, name))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name+".new"), data, 0o644))
		require.NoError(t, os.Rename(filepath.Join(dir, name+".new"), filepath.Join(dir, name)))
		os.Chtimes(filepath.Join(dir, name), time.Now(), time.Now().Add(time.Second))
	}
	waitFor(t, a, func() bool { return sc.snap != before })
	require.Equal(t, "double-round-robin", sc.snap.Index.System)
	require.NotEmpty(t, sc.flash, "the lines whose results changed glow")
	require.Len(t, sc.latest, 4)
}

// A tie of the bracket lists its matches; a played one opens its replay,
// and the pause menu goes back to the tournament.
func TestTournamentOpensAReplay(t *testing.T) {
	openFixture(t)
	out := filepath.Join(t.TempDir(), "cup")
	tournamenttest.Cup(t, out, "Minimax cup", "single-elimination", 2)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	src, _ := tnet.ParseSource(out)
	snap, err := src.Load(ctx, "")
	require.NoError(t, err)
	sc := NewTournament(src, snap)
	a := newTestApp(NewMenu())
	a.Push(sc)
	sc.show(a, slices.IndexFunc(sc.views, func(v tview) bool { return v.kind == viewBracket }))
	dst := ebiten.NewImage(1280, 800)
	a.drawStack(dst)
	require.Len(t, sc.boxAt, 1, "the final")
	box := sc.boxAt[0].r
	a.In.UI = uiAt(float64(box.Min.X+10), float64(box.Min.Y+10))
	tick(t, a, 1)
	list, ok := a.Top().(*matchList)
	require.True(t, ok, "a click on a tie lists its matches")
	require.GreaterOrEqual(t, len(list.list), 2)
	a.In.UI.Enter = true
	tick(t, a, 1)
	waitFor(t, a, func() bool { _, ok := a.Top().(*Viewer); return ok })
	v := a.Top().(*Viewer)
	require.Equal(t, "santorini", v.rec.Title.ID())
	press(t, a, ActBack)
	p, ok := a.Top().(*Pause)
	require.True(t, ok)
	require.Equal(t, "Back to the tournament", p.leave.Label)
	p.form.Focus = slices.Index(p.form.Items, ui.Widget(p.leave))
	a.In.UI.Enter = true
	tick(t, a, 1)
	require.Equal(t, Scene(sc), a.Top())
}

// The tournaments dialog lists the tournaments of its folder and shows one.
func TestTournamentsDialog(t *testing.T) {
	dir, _ := fakeTournament(t, tournament.Format{System: tournament.Swiss, Seats: 2, Games: 1, Rounds: 2}, players[:4], 5, byIndex)
	root := t.TempDir()
	require.NoError(t, os.Rename(dir, filepath.Join(root, "open")))
	d := NewTournaments(root)
	require.Len(t, d.recent, 1)
	require.Contains(t, d.recent[0].Label, "Belgrade Open 2024 · santorini · swiss · 4/4 · complete")
	a := newTestApp(NewMenu())
	a.Push(d)
	d.form.Focus = 1
	a.In.UI.Enter = true
	tick(t, a, 1)
	sc, ok := a.Top().(*Tournament)
	require.True(t, ok)
	waitFor(t, a, func() bool { return sc.snap != nil })
	sc.Close()
}

// byLowerIndex ranks a match of any seats by its entrants' indexes, the
// house last.
func byLowerIndex(m tournament.Match) tournament.Result {
	seats := make([]int, len(m.Entrants))
	for i := range seats {
		seats[i] = i
	}
	key := func(s int) int {
		if e := m.Entrants[s]; e >= 0 {
			return e
		}
		return 1 << 20
	}
	slices.SortFunc(seats, func(a, b int) int { return key(a) - key(b) })
	r := tournament.Result{Reason: "last ship"}
	for _, s := range seats {
		r.Ranking = append(r.Ranking, s+1)
	}
	r.Winner = r.Ranking[0]
	return r
}

// inkNear counts the pixels of r in img within 40 of c in every channel.
func inkNear(img *image.RGBA, r image.Rectangle, c color.NRGBA) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			p := img.RGBAAt(x, y)
			if absDiff(p.R, c.R) < 40 && absDiff(p.G, c.G) < 40 && absDiff(p.B, c.B) < 40 {
				n++
			}
		}
	}
	return n
}

func absDiff(a, b uint8) int { return max(int(a)-int(b), int(b)-int(a)) }

// The Now block, under the view: a line per match in progress, where it
// is, who plays it, and what it is doing, its clock ticking between
// reads; the view above it, never under it, at 1280x800 and 1920x1080.
func TestTournamentNow(t *testing.T) {
	time.Local = time.UTC
	at := time.Date(2024, 3, 5, 15, 0, 10, 0, time.UTC) // ten seconds after the last update
	now = func() time.Time { return at }
	defer func() { now = time.Now }()
	names := []string{"Hiperparametri", "Vektor", "BotDiff", "Kvaternion", "CHOP", "Null Pointer", "Deep_bAlt", "Sudo Make Win"}
	_, snap := fakeTournament(t, tournament.Format{System: tournament.AIBG5, Seats: 4, Games: 1, House: true}, names, 0, byLowerIndex)
	ix := snap.Index
	require.Len(t, ix.Matches, 2, "the two groups")
	a, b := ix.Matches[0], ix.Matches[1]
	ix.Now = []tournament.Now{
		{Match: a.ID, State: tournament.NowPlaying, Since: at.Add(-190 * time.Second)},
		{Match: b.ID, State: tournament.NowWaiting, Waiting: []int{b.Entrants[1]}, Since: at.Add(-58 * time.Second), Deadline: at.Add(42 * time.Second)},
	}
	sc := NewTournament(tnet.Source{Dir: t.TempDir()}, snap)
	defer sc.Close()
	app := newTestApp(sc)
	app.Clock = 2
	dst := ebiten.NewImage(1280, 800)
	app.drawStack(dst)
	who := func(m tournament.Played) string {
		var n []string
		for _, e := range m.Entrants {
			n = append(n, names[e])
		}
		return strings.Join(n, " vs ")
	}
	line := func(i int) string { return sc.nowLines[i].shown + " " + sc.nowLines[i].state }
	require.Equal(t, "Groups, group A: "+who(a)+": playing (3:10)", line(0))
	require.Equal(t, "Groups, group B: "+who(b)+": waiting for "+names[b.Entrants[1]]+" (0:42)", line(1))
	rendertest.Golden(t, rendertest.Pixels(dst), "tournament-now.png")

	// The clocks tick between reads.
	at = at.Add(time.Second)
	app.drawStack(dst)
	require.Contains(t, line(0), "playing (3:11)")
	require.Contains(t, line(1), "(0:41)")

	// The lines in their states' colours: playing green, waiting amber.
	img := rendertest.Pixels(dst)
	top := sc.area.Max.Y + int(nowGap)
	state := func(i int) image.Rectangle {
		return image.Rect(int(sc.nowLines[i].stateX), top+i*int(nowRow), 1280-56, top+(i+1)*int(nowRow))
	}
	require.Greater(t, inkNear(img, state(0), render.Good), 100)
	require.Zero(t, inkNear(img, state(0), render.Accent))
	require.Greater(t, inkNear(img, state(1), render.Accent), 100)
	require.Zero(t, inkNear(img, state(1), render.Good))

	for _, size := range []image.Point{{1280, 800}, {1920, 1080}} {
		app.W, app.H, app.Scale = size.X, size.Y, fitScale(size.X, size.Y, 1)
		dst := ebiten.NewImage(size.X, size.Y)
		for v := range sc.views {
			sc.show(app, v)
			dst.Clear()
			app.drawStack(dst)
			s := app.Scale
			block := image.Rect(0, sc.area.Max.Y+int(nowGap*s)-6, size.X, sc.area.Max.Y+int((nowGap+2*nowRow)*s))
			require.Less(t, block.Max.Y, size.Y-int(72*s), "%v %s: the Now block is above the latest results", size, sc.views[v].name)
			for _, h := range sc.rowAt {
				require.False(t, h.r.Overlaps(block), "%v %s: a line of the standings under the Now block", size, sc.views[v].name)
			}
			for _, h := range sc.boxAt {
				require.False(t, h.r.Overlaps(block), "%v %s: a tie of the bracket under the Now block", size, sc.views[v].name)
			}
			for _, h := range sc.cellAt {
				require.False(t, h.r.Overlaps(block), "%v %s: a cell under the Now block", size, sc.views[v].name)
			}
		}
	}

	// More matches than fit: the last line says how many more; a
	// tournament that is not running, or whose runner went quiet, shows
	// none (what it said is old news).
	app.W, app.H, app.Scale = 1280, 800, 1
	_, snap = fakeTournament(t, tournament.Format{System: tournament.RoundRobin, Seats: 2, Games: 1}, players[:6], 0, byIndex)
	for _, m := range snap.Index.Matches[:6] {
		snap.Index.Now = append(snap.Index.Now, tournament.Now{Match: m.ID, State: tournament.NowPlaying, Since: at.Add(-time.Minute)})
	}
	sc2 := NewTournament(tnet.Source{Dir: t.TempDir()}, snap)
	defer sc2.Close()
	app.stack = []Scene{sc2}
	app.drawStack(dst)
	rows, shown := sc2.nowRows(app)
	require.Equal(t, 4, rows)
	require.Equal(t, 3, shown)
	require.Equal(t, "and 3 more matches in progress", sc2.nowMore)
	require.Equal(t, "Round 1: Athena vs Icarus:", sc2.nowLines[0].shown)
	at = at.Add(3 * time.Minute)
	require.Zero(t, sc2.nowHeight(app), "no news for more than two minutes")
	snap.Index.Status = tournament.StatusStopped
	at = at.Add(-3 * time.Minute)
	require.Zero(t, sc2.nowHeight(app))
}
