package guardains

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/net/contest/contesttest"
)

// The starter bot of docs/debug-drawing.md, run as the docs write it: its
// marks events of each round arrive in the replay with its moves.
func TestDocExampleDraws(t *testing.T) {
	t.Parallel()
	py := contesttest.Python(t, "socketio", "websocket")
	st := setup(t, "contest,hunter", "6", time.Second)
	m := contesttest.Start(t, st)
	contesttest.RunBot(t, py, contesttest.DocExample(t, "guardains", "bot.py"), "http://"+m.Addr(t), "player1", "player1")
	_, res, err := m.Wait(t, time.Minute)
	require.NoError(t, err)
	contesttest.SameAsLocal(t, st.Out, res)
	notes := contesttest.SeatNotes(t, st.Out, 0)
	require.GreaterOrEqual(t, len(notes), 6)
	for i, n := range notes[1:] { // round 0 is the greeting
		require.Zero(t, n.Cut, "round %d: %s", i+1, n.CutWhy)
		require.Equal(t, game.Mark{Kind: "log", Text: fmt.Sprintf("round %d", i+1)}, n.Marks[0])
		kinds := map[string]int{}
		for _, mk := range n.Marks {
			kinds[mk.Kind]++
		}
		require.Equal(t, map[string]int{"log": 1, "text": 5, "arrow": 1}, kinds, "five guardians' names, the arrow of the one that moves")
	}
}

// A bot that floods marks events: each round's are cut at the bounds of a
// turn and say so; the bot plays on.
func TestAFloodOfMarksEventsIsCut(t *testing.T) {
	t.Parallel()
	st := setup(t, "contest,hunter", "5", time.Second)
	m := contesttest.Start(t, st)
	startBot(t, "http://"+m.Addr(t), "player1", "drawflood")
	_, res, err := m.Wait(t, time.Minute)
	require.NoError(t, err)
	contesttest.SameAsLocal(t, st.Out, res)
	notes := contesttest.SeatNotes(t, st.Out, 0)
	moved := 0
	for _, n := range notes[1:] {
		require.Len(t, n.Marks, game.MaxMarks)
		require.Equal(t, 600-game.MaxMarks+1, n.Cut)
		require.Equal(t, fmt.Sprintf("more than %d marks in a turn", game.MaxMarks), n.CutWhy)
		moved++
	}
	require.Positive(t, moved)
}
