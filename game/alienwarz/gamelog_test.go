package alienwarz

import (
	"bytes"
	"strings"
	"testing"

	"github.com/arena-games/arena/game/gametest/hostile"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

func TestFixtureLogReplay(t *testing.T) {
	t.Parallel()
	data := fixture(t, fixtureLog)
	g, err := ReadLog(data)
	require.NoError(t, err)
	require.Len(t, g.Turns, 27, "turns 0 to 26, each with its view and action")
	for i, turn := range g.Turns {
		require.True(t, turn.HasAction, "turn %d", i)
		require.NotNil(t, turn.View, "turn %d", i)
	}
	require.Equal(t, "REST", g.Turns[10].Action, "turn 10's ACTION comes after its view")
	rp, err := g.Replay(nil)
	require.NoError(t, err)
	for _, d := range rp.Diffs {
		t.Errorf("line %d (turn %d):\nwant %s\ngot  %s", d.Line, d.Turn, d.Want, d.Got)
	}
	require.Equal(t, 26, rp.Compared, "every later view of the log")
	require.Len(t, rp.Frames, 28, "the start, 26 compared turns, and the log's last action")
	last := rp.Frames[27].State.(*State)
	require.Equal(t, 27, last.Turn)
}

func TestImportFixtureLog(t *testing.T) {
	t.Parallel()
	rec, err := game.Open("gameLog_2024-05-16_09-52-52.txt", fixture(t, fixtureLog))
	require.NoError(t, err)
	require.Equal(t, "AlienWarz game log", rec.Source)
	require.Equal(t, 28, rec.Timeline.Len())
	sum := rec.Summary()
	require.Equal(t, "alienwarz", sum.Title)
	require.Equal(t, 27, sum.Turns)
	require.Equal(t, "unfinished", sum.Reason)
	f := rec.Timeline.Frame(2)
	require.Equal(t, map[game.Seat]string{1: "build 0 8"}, f.Moves)
	require.Equal(t, "built", f.Events[0].Kind)
	require.Equal(t, Built{Player: 2, At: Cell{0, 8}}, f.Events[0].Data)

	// The imported header re-simulates the same game.
	rec2, _, err := game.Play(Title{}, rec.Header, movesOf(rec))
	require.NoError(t, err)
	for i := 0; i < rec.Timeline.Len(); i++ {
		a, b := rec.Timeline.Frame(i).State.(*State), rec2.Timeline.Frame(i).State.(*State)
		require.Equal(t, string(a.View(1)), string(b.View(1)), "frame %d", i)
	}
}

func movesOf(rec *game.Recording) []map[game.Seat]string {
	var out []map[game.Seat]string
	for i := 1; i < rec.Timeline.Len(); i++ {
		out = append(out, rec.Timeline.Frame(i).Moves)
	}
	return out
}

func TestReadLogShapes(t *testing.T) {
	t.Parallel()
	views := logViews(t)
	// Our export's shape: no turn boundaries, view then action.
	var b strings.Builder
	for i, a := range []string{"REST", "BUILD 0 8", "REST"} {
		b.WriteString("[1/1/2024 1:00:00 AM] Log: Writing to process: " + string(views[i]) + "\r\n")
		b.WriteString("[1/1/2024 1:00:00 AM] Log: ACTION: " + a + "\r\n")
	}
	g, err := ReadLog([]byte(b.String()))
	require.NoError(t, err)
	require.Len(t, g.Turns, 3)
	rp, err := g.Replay(nil)
	require.NoError(t, err)
	require.Empty(t, rp.Diffs)
	require.Equal(t, 2, rp.Compared)

	// A turn whose line did not parse logs no ACTION: an invalid action.
	b.Reset()
	b.WriteString("[x] Log: Writing to process: " + string(views[0]) + "\n")
	b.WriteString("[x] Log: Writing to process: " + strings.Replace(string(views[1]), `"energy": 1000`, `"energy": 750`, 1) + "\n")
	g, err = ReadLog([]byte(b.String()))
	require.NoError(t, err)
	rp, err = g.Replay(nil)
	require.NoError(t, err)
	require.Empty(t, rp.Diffs)

	// Bare view lines (a file a bot logged) are full-state frames.
	rec, err := ImportLog("views.txt", append(append(append([]byte(nil), views[0]...), '\n'), views[3]...))
	require.NoError(t, err)
	require.Equal(t, 2, rec.Timeline.Len())
	require.Equal(t, 3, rec.Timeline.Frame(1).State.(*State).Turn)
	first := rec.Timeline.Frame(0).State.(*State)
	require.Equal(t, []string{first.Players[0].Name, first.Players[1].Name}, rec.Header.Players, "the log's team names are the players'")

	// A view the engine does not reproduce: the frame shows the log's state.
	b.Reset()
	b.WriteString("[x] Log: Writing to process: " + string(views[0]) + "\n[x] Log: ACTION: REST\n")
	b.WriteString("[x] Log: Writing to process: " + string(views[5]) + "\n")
	g, err = ReadLog([]byte(b.String()))
	require.NoError(t, err)
	rp, err = g.Replay(nil)
	require.NoError(t, err)
	require.Len(t, rp.Diffs, 1)
	require.Equal(t, 5, rp.Diffs[0].Turn)
	require.Equal(t, 5, rp.Frames[1].State.(*State).Turn)

	_, err = ReadLog([]byte("hello\n"))
	require.Error(t, err)
	require.False(t, isGameLog("game.txt", []byte("C3 B2\n")))
	require.True(t, isGameLog("x", views[0]))
}

func FuzzReadLog(f *testing.F) {
	if data, err := readFixture(fixtureLog); err == nil {
		f.Add(data)
		f.Add(data[:len(data)/3])
	}
	f.Add([]byte("[x] Log: ACTION: MOVE 1 2\n[x] Log: Writing to process: {}\n"))
	f.Add([]byte("{\"turn\":0}\n[x] Log: Game Over! a has no energy left!\n"))
	hostile.Seed(f, "[09:52:52] Log: ", GameLogLimit.Max)
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ReadLog(data)
		if err != nil {
			return
		}
		rp, err := g.Replay(nil)
		if err != nil {
			return
		}
		if len(rp.Frames) == 0 || rp.Compared < len(rp.Diffs) {
			t.Fatalf("%d frames, %d compared, %d diffs", len(rp.Frames), rp.Compared, len(rp.Diffs))
		}
		if !bytes.Equal(rp.Start, bytes.ReplaceAll(rp.Start, []byte("\r"), nil)) {
			t.Fatal("the start keeps a \\r")
		}
	})
}
