package guardains

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

// compact is raw JSON as python-socketio sends it: no blanks between tokens.
func compact(t testing.TB, raw []byte) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, json.Compact(&b, raw))
	return b.String()
}

// transcriptViews are the views of the fixture transcript, raw.
func transcriptViews(t testing.TB) [][]byte {
	t.Helper()
	events, err := ReadTranscript(fixture(t, transcriptFile))
	require.NoError(t, err)
	require.Len(t, events, 914)
	var views [][]byte
	for _, ev := range events {
		if ev.Dir == "S2C" && ev.Event == "action" {
			views = append(views, ev.Data)
		}
	}
	require.Len(t, views, 301)
	return views
}

// TestViewFormat reads every view of the transcript and the original's
// sample state and writes them back byte for byte, compact.
func TestViewFormat(t *testing.T) {
	t.Parallel()
	views := append(transcriptViews(t), fixture(t, "state.json"))
	for i, raw := range views {
		o, err := ReadView(1, raw)
		require.NoError(t, err, "view %d", i)
		require.Equal(t, compact(t, raw), string(o.JSON()), "view %d", i)
	}
}

// TestFeedbackFormat checks the engine's feedbacks against the original's
// samples: the messages, and the data with its keys in order.
func TestFeedbackFormat(t *testing.T) {
	t.Parallel()
	var samples []struct {
		Code, Message string
		Data          json.RawMessage
	}
	require.NoError(t, json.Unmarshal(fixture(t, "final_feedbacks.json"), &samples))
	require.Len(t, samples, 18)
	ours := map[string]Feedback{}
	for _, f := range []Feedback{
		fbAttacked(Gamora, Groot), fbSuccess(Gamora, Groot), fbDead("Gamora", Groot), fb(CodeInvalidAction),
		fbTeleport(Cell{8, 4}, Rocket), fb(CodeStonePicked), fbGuardian(CodeGuardianPicked, Groot), fb(CodeStoneDropped),
		fbGuardian(CodeDeadAndDropped, Groot), fb(CodeStoneMoved), fbGuardianMoved(Cell{0, 2}, Groot), fbGuardian(CodeHealPointUsed, Groot),
	} {
		ours[f.Code] = f
	}
	for _, s := range samples {
		require.Equal(t, s.Message, Feedback{Code: s.Code}.Message(), s.Code)
		if f, ok := ours[s.Code]; ok {
			require.Equal(t, compact(t, s.Data), f.Data, s.Code)
		}
	}
	// The two clue kinds, from the engine.
	s := start(o10(), nil, kind(Cell{4, 4}, Clue, true), put(1, Rocket, Cell{4, 3}))
	s, _ = step(t, s, act(Move, Rocket, Cell{4, 4}), "")
	require.Equal(t, `{"clue_type":"get_enemy_locations","data":{"Gamora":[9,9],"Rocket":[9,9],"Groot":[9,9],"Drax":[9,9],"StarLord":[9,9]}}`, s.Feedback[0][0].Data)
	require.Equal(t, "Something went wrong, Your Score is decreased by this.", fbError("x").Message())
	require.Equal(t, `{"error":"Player 1 Action Not found"}`, fbError("Player 1 Action Not found").Data)
}

// TestRoundZeroView is scenario 3 in full: on a maze that has the passages
// the transcript's first view shows, our view of round 0 is the original's
// byte for byte, but for special_vision, which gives true coordinates (R2).
func TestRoundZeroView(t *testing.T) {
	t.Parallel()
	raw := transcriptViews(t)[0]
	rec, err := ImportTranscript("transcript", fixture(t, transcriptFile))
	require.NoError(t, err)
	known := rec.Timeline.Frame(0).State.(*State)
	l := &Level{Maze: known.Maze, Bases: [2]Cell{{0, 6}, {49, 30}}, Stone: Cell{30, 30}}
	s := NewState(l, &Rules{Rounds: DefaultRounds})
	want := compact(t, raw)
	theirs := `[[],[[5,0],[4,0],[3,0],[2,0],[1,0]],[[6,1],[6,2],[6,3],[6,4],[6,5]],[[7,0],[8,0],[9,0],[10,0],[11,0]]]`
	ours := `[[[0,5],[0,4],[0,3],[0,2],[0,1]],[],[[0,7],[0,8],[0,9],[0,10],[0,11]],[[1,6],[2,6],[3,6],[4,6],[5,6]]]`
	require.Contains(t, want, theirs)
	require.Equal(t, strings.Replace(want, theirs, ours, 1), string(s.View(1)))
	// With compat=original2022 the view is the original's.
	s = NewState(l, compat())
	require.Equal(t, want, string(s.View(1)))
}

// TestImportTranscript imports the transcript and checks that each frame's
// state shows its view again, byte for byte, and that `arena info` finds
// the end of the game.
func TestImportTranscript(t *testing.T) {
	t.Parallel()
	data := fixture(t, transcriptFile)
	require.True(t, isTranscript("x", data))
	rec, err := game.Open("player1_transcript.jsonl.gz", data)
	require.NoError(t, err)
	require.Equal(t, "guardains", rec.Title.ID())
	views := transcriptViews(t)
	require.Equal(t, len(views)+1, rec.Timeline.Len())
	for i, raw := range views {
		f := rec.Timeline.Frame(i)
		s := f.State.(*State)
		require.Equal(t, 1, s.Observer)
		require.Equal(t, compact(t, raw), string(s.View(1)), "frame %d", i)
		if i > 0 {
			require.Contains(t, f.Moves[0], `"round_no": `, "frame %d", i)
		}
	}
	sum := rec.Summary()
	require.Equal(t, 300+1, sum.Turns)
	require.Equal(t, 2, sum.Winner)
	require.Equal(t, "rounds", sum.Reason)
	last := rec.Timeline.Last().State.(*State)
	require.Equal(t, 301, last.Round)
	require.Equal(t, 112, last.Penalty[0])
	// The frames show what seat 1 learnt: its penalties (the ERRORs of
	// scenarios 14 and 15), its moves, a maze that only grows.
	f1 := rec.Timeline.Frame(1)
	require.Equal(t, EventPenalty, f1.Events[0].Kind)
	require.Equal(t, Penalty{Seat: 1, Amount: 2, Code: CodeError}, f1.Events[0].Data)
	moved := 0
	for i := 1; i < rec.Timeline.Len(); i++ {
		for _, ev := range rec.Timeline.Frame(i).Events {
			if ev.Kind == EventMoved {
				moved++
			}
		}
		prev, cur := rec.Timeline.Frame(i-1).State.(*State), rec.Timeline.Frame(i).State.(*State)
		require.GreaterOrEqual(t, cur.Maze.Passages(), prev.Maze.Passages())
		require.GreaterOrEqual(t, cur.Seen[0].Count(), prev.Seen[0].Count())
	}
	require.Positive(t, moved)
	require.Greater(t, last.Seen[0].Count(), 20)
}
