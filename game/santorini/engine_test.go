package santorini

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/arena-games/arena/game"
	"github.com/stretchr/testify/require"
)

func newEngine(t testing.TB, cfg game.Config) *Engine {
	t.Helper()
	e, err := Title{}.New(cfg)
	require.NoError(t, err)
	return e.(*Engine)
}

func step(t testing.TB, e *Engine, move string) {
	t.Helper()
	require.NoError(t, e.Step(map[game.Seat]string{e.ToMove()[0]: move}))
}

func TestTitleInstalled(t *testing.T) {
	t.Parallel()
	title, err := game.Lookup("santorini")
	require.NoError(t, err)
	require.Equal(t, "Santorini", title.Name())
	require.Equal(t, 2, title.Seats())
	var e game.Engine = newEngine(t, game.Config{Seats: 2})
	_, ok := e.(game.Checker)
	require.True(t, ok)
	tr, ok := e.(game.Transcriber)
	require.True(t, ok)
	require.Equal(t, ".txt", tr.TranscriptExt())
}

func TestNewOptions(t *testing.T) {
	t.Parallel()
	e := newEngine(t, game.Config{Options: map[string]string{"kandic_win_build": "true", "kandic_end_check": "1"}})
	require.Equal(t, Rules{KandicWinBuild: true, KandicEndCheck: true}, e.Board().Rules)
	e = newEngine(t, game.Config{Options: map[string]string{"kandic_win_build": "false"}})
	require.Equal(t, Rules{}, e.Board().Rules)
	_, err := Title{}.New(game.Config{Options: map[string]string{"transposd": "1"}})
	require.ErrorContains(t, err, `"transposd"`)
	require.ErrorContains(t, err, "kandic_end_check, kandic_win_build")
	_, err = Title{}.New(game.Config{Options: map[string]string{"kandic_end_check": "yes"}})
	require.ErrorContains(t, err, "kandic_end_check")
	_, err = Title{}.New(game.Config{Seats: 3})
	require.Error(t, err)
	_, err = Title{}.New(game.Config{Map: "0000000000000000000000000/1/C3,C3/C2,D2"})
	require.Error(t, err)

	// Scenario 14 under kandic_end_check through the engine.
	e = newEngine(t, game.Config{Map: "0004000044000004400001000/1/B1,E5/C3,C4", Options: map[string]string{"kandic_end_check": "true"}})
	step(t, e, "B1 A1 B1")
	require.True(t, e.Over())
	require.Equal(t, game.Result{Winner: 2, Ranking: []int{2, 1}, Reason: ReasonNoMoves}, e.Result())
	// A start position that is already over.
	e = newEngine(t, game.Config{Map: "0002000042000004300004000/2/C3,C1/A1,E5"})
	require.True(t, e.Over())
	require.True(t, e.Frame().Over)
	require.Empty(t, e.ToMove())
}

// The fixture, played through the engine in the engine answer spellings.
func TestEngineFixtureGame(t *testing.T) {
	t.Parallel()
	g, err := ReadMoveFile("game.txt", fixture(t))
	require.NoError(t, err)
	e := newEngine(t, game.Config{})
	f0 := e.Frame()
	require.Equal(t, 0, f0.Turn)
	require.Equal(t, []game.Seat{0}, f0.ToMove)
	require.Equal(t, "", e.TranscriptLine())
	var frames []game.Frame
	var lines []string
	for i, tu := range g.Turns {
		move := tu.String()
		switch {
		case tu.Place:
			move = strings.ToLower(tu.Cells[0].String() + "," + tu.Cells[1].String())
		case tu.Win:
			move = tu.From.String() + ">" + tu.To.String() + "#"
		case i%2 == 0:
			move = tu.From.String() + ">" + tu.To.String() + "^" + tu.Build.String()
		}
		require.NoError(t, e.Check(e.ToMove()[0], move), move)
		step(t, e, move)
		f := e.Frame()
		require.Equal(t, i+1, f.Turn)
		require.Equal(t, g.Boards[i+1].Position(), f.State.(*Board).Position())
		require.Equal(t, f.State, e.Observe(0))
		frames = append(frames, f)
		lines = append(lines, e.TranscriptLine())
	}
	require.True(t, e.Over())
	require.Equal(t, game.Result{Winner: 1, Ranking: []int{1, 2}, Reason: ReasonLevel3}, e.Result())
	last := frames[len(frames)-1]
	require.True(t, last.Over)
	require.Empty(t, last.ToMove)
	require.Equal(t, map[game.Seat]string{0: "D2 D3"}, last.Moves)
	require.Equal(t, []string{"move", "win"}, kinds(last.Events))
	require.Equal(t, Moved{Player: 0, Worker: 0, From: cell("D2"), To: cell("D3"), FromHeight: 2, ToHeight: 3}, last.Events[0].Data)
	require.Equal(t, Won{Player: 0, Reason: ReasonLevel3}, last.Events[1].Data)
	require.Equal(t, "D2 D3 D2", lines[len(lines)-1])
	require.Equal(t, []string{"place"}, kinds(frames[0].Events))
	require.Equal(t, Placed{Player: 0, Cells: [2]Cell{cell("D1"), cell("C4")}}, frames[0].Events[0].Data)
	require.Equal(t, []string{"move", "build"}, kinds(frames[2].Events))
	require.Equal(t, Built{Player: 0, Cell: cell("D3"), Level: 1}, frames[2].Events[1].Data)
	require.Equal(t, "D1 D2 D3", lines[2])
	// Frames are snapshots: the first one still shows the first step.
	require.Equal(t, "0000000000000000000000000/2/D1,C4/", frames[0].State.(*Board).Position())
	require.Error(t, e.Step(map[game.Seat]string{1: "D1 E2 E3"}), "a step after the end is misuse")
	state, err := e.State()
	require.NoError(t, err)
	require.Contains(t, string(state), `"phase":"over"`)
}

func kinds(events []game.Event) []string {
	var out []string
	for _, ev := range events {
		out = append(out, ev.Kind)
	}
	return out
}

func TestEngineForfeit(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, move, code string }{
		{"illegal", "C3 D2 D3", CodeMoveOccupied},
		{"garbage", "bestmove none", CodeSyntax},
		{"no answer", "", ""},
	} {
		e := newEngine(t, game.Config{Map: repaired})
		err := e.Check(0, c.move)
		require.Error(t, err, c.name)
		require.True(t, errors.Is(err, game.ErrRejected), c.name)
		if c.code != "" {
			require.Equal(t, c.code, code(err), c.name)
		}
		step(t, e, c.move)
		f := e.Frame()
		require.True(t, e.Over(), c.name)
		require.Equal(t, game.Result{Winner: 2, Ranking: []int{2, 1}, Reason: ReasonForfeit}, e.Result(), c.name)
		require.Equal(t, []string{"forfeit", "win"}, kinds(f.Events), c.name)
		require.Equal(t, game.Seat(0), f.Events[0].Seat)
		require.Equal(t, Won{Player: 1, Reason: ReasonForfeit}, f.Events[0].Data)
		require.Contains(t, f.Events[0].Text, "P1 forfeits")
		require.Equal(t, "", e.TranscriptLine(), c.name)
		require.Equal(t, ReasonForfeit, f.State.(*Board).Reason)
	}
	e := newEngine(t, game.Config{})
	require.Error(t, e.Step(map[game.Seat]string{1: "C3 B2"}), "wrong seat")
	require.Error(t, e.Step(map[game.Seat]string{0: "C3 B2", 1: "A1 A2"}), "two seats")
	require.Error(t, e.Check(1, "C3 B2"))
	require.NoError(t, e.Check(0, "C3 B2"))
	require.False(t, e.Over())
	step(t, e, "c3 b2")
	require.Equal(t, map[game.Seat]string{0: "C3 B2"}, e.Frame().Moves)
	require.Equal(t, "C3 B2", e.TranscriptLine())
	err := e.Check(1, "B2 D2")
	require.EqualError(t, err, "move rejected: E_OCCUPIED: cell B2 already holds P1 worker 2 (line 1)")
}

func TestBotsList(t *testing.T) {
	t.Parallel()
	bots := Title{}.Bots()
	require.Len(t, bots, 3)
	require.Equal(t, "minimax", bots[0].Kind)
	require.Equal(t, "depth", bots[0].Strength)
	require.Equal(t, "3", bots[0].Default)
	require.Equal(t, []string{"1", "2", "3", "4", "5"}, bots[0].Choices)
	require.Equal(t, "alphabeta", bots[1].Kind)
	require.Equal(t, []string{"1", "2", "3", "4", "5", "6"}, bots[1].Choices)
	require.Equal(t, "competitive", bots[2].Kind)
	require.Equal(t, "time", bots[2].Strength)
	require.Equal(t, "1s", bots[2].Default)
	require.Equal(t, []string{"100ms", "300ms", "1s", "3s", "1s:classic"}, bots[2].Choices)
	for _, b := range bots {
		for _, s := range append(b.Choices, b.Default) {
			_, err := Title{}.NewBot(b.Kind, s, 0, nil)
			require.NoError(t, err, b.Kind+":"+s)
		}
	}
	for _, bad := range [][2]string{{"minimax", "0"}, {"minimax", "x"}, {"minimax", "6"}, {"alphabeta", "7"}, {"alphabeta", "13"}, {"competitive", "fast"}, {"competitive", "0"}, {"competitive", "-1s"}, {"competitive", "1s:oracle"}, {"random", "1"}} {
		_, err := Title{}.NewBot(bad[0], bad[1], 0, nil)
		require.Error(t, err, bad)
		require.ErrorContains(t, err, bad[0])
	}
	_, err := Title{}.NewBot("minimax", "6", 0, nil)
	require.ErrorContains(t, err, "depth 1 to 5")
	_, err = Title{}.NewBot("alphabeta", "7", 0, nil)
	require.ErrorContains(t, err, "depth 1 to 6")
	d, err := parseBudget("500")
	require.NoError(t, err)
	require.Equal(t, 500*time.Millisecond, d)
}

func TestBotAnswers(t *testing.T) {
	b := position(t, repaired)
	for _, kind := range []string{"minimax", "alphabeta"} {
		p, err := Title{}.NewBot(kind, "3", 0, nil)
		require.NoError(t, err)
		a, err := p.Play(t.Context(), &b)
		require.NoError(t, err)
		require.Equal(t, "B2 B3 A4", a.Move)
		require.Len(t, a.Notes.Values, 62)
		require.InDelta(t, 6.854811, a.Notes.Values["B2 B3 A4"], 1e-6)
		require.True(t, strings.HasPrefix(a.Notes.Text, "depth 3 · "), a.Notes.Text)
		require.True(t, strings.HasSuffix(a.Notes.Text, " nodes · best B2 B3 A4 = 6.85"), a.Notes.Text)

		ctx, cancel := context.WithCancel(t.Context())
		cancel()
		deep, err := Title{}.NewBot(kind, "5", 0, nil)
		require.NoError(t, err)
		_, err = deep.Play(ctx, &b)
		require.ErrorIs(t, err, context.Canceled)

		_, err = p.Play(t.Context(), "not a board")
		require.Error(t, err)
		wrong, err := Title{}.NewBot(kind, "1", 1, nil)
		require.NoError(t, err)
		_, err = wrong.Play(t.Context(), b)
		require.Error(t, err, "P2's player asked in P1's turn")
	}
	p, err := Title{}.NewBot("competitive", "100ms", 0, nil)
	require.NoError(t, err)
	start := time.Now()
	a, err := p.Play(t.Context(), &b)
	require.NoError(t, err)
	require.Less(t, time.Since(start), 100*time.Millisecond+busy)
	_, err = ParseTurn(&b, a.Move)
	require.NoError(t, err)
	require.Len(t, a.Notes.Values, 62)
	require.Contains(t, a.Notes.Text, "upper bounds")
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	_, err = p.Play(ctx, &b)
	require.ErrorIs(t, err, context.Canceled)
}

func TestPlacement(t *testing.T) {
	t.Parallel()
	b := NewBoard()
	tu, ties := Placement(&b, nil)
	require.Equal(t, "B2 C3", tu.String(), "C3 and a cell of the ring, the first in cell order")
	require.Equal(t, 8, ties)
	seen := map[string]bool{}
	for seed := range int64(40) {
		tu, _ := Placement(&b, game.NewRand(seed, 1))
		require.Contains(t, []Cell{tu.Cells[0], tu.Cells[1]}, cell("C3"))
		seen[tu.String()] = true
	}
	require.Greater(t, len(seen), 4, "the seed varies the opening")
	b = play(t, b, "C3 B2")
	for seed := range int64(20) {
		tu, _ := Placement(&b, game.NewRand(seed, 1))
		_, err := b.Apply(tu)
		require.NoError(t, err)
		require.Equal(t, 1, centre[tu.Cells[0]], tu.String())
		require.Equal(t, 1, centre[tu.Cells[1]], tu.String())
	}
	p, err := Title{}.NewBot("alphabeta", "2", 1, nil)
	require.NoError(t, err)
	a, err := p.Play(t.Context(), &b)
	require.NoError(t, err)
	require.Equal(t, "B3 D2", a.Move)
	require.Contains(t, a.Notes.Text, "placement")
}

// playGame plays a whole game between two players through the engine.
func playGame(t testing.TB, players [2]game.Player) game.Result {
	t.Helper()
	e := newEngine(t, game.Config{})
	for !e.Over() {
		s := e.ToMove()[0]
		a, err := players[s].Play(t.Context(), e.Observe(s))
		require.NoError(t, err)
		require.NoError(t, e.Check(s, a.Move), a.Move)
		step(t, e, a.Move)
	}
	return e.Result()
}

// The competitive player, bounded by nodes (so that the machine's speed and
// load do not change the games), beats the simple alpha-beta player at
// depth 2.
func TestCompetitiveBeatsAlphaBeta(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("about 5 s of games")
	}
	const nodes = 100_000
	const games = 10
	wins := 0
	for g := range games {
		seat := game.Seat(g % 2)
		comp, err := Title{}.NewBot("competitive", "1h", seat, game.NewRand(int64(g), 1))
		require.NoError(t, err)
		comp.(*competitivePlayer).search.maxNodes = nodes
		ab, err := Title{}.NewBot("alphabeta", "2", 1-seat, game.NewRand(int64(g), 2))
		require.NoError(t, err)
		var players [2]game.Player
		players[seat], players[1-seat] = comp, ab
		r := playGame(t, players)
		if r.Winner == seat.Number() {
			wins++
		}
	}
	t.Logf("competitive at %d nodes won %d of %d games against alphabeta depth 2", nodes, wins, games)
	require.GreaterOrEqual(t, wins, 8)
}
