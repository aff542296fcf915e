package aibg5

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The moves the contest server sends for what a bot did on the wire: a
// request without an action, the clock running out, the logins' names.
func TestContestMoves(t *testing.T) {
	t.Parallel()
	e := newGame(t, openMap(), nil)
	f := act(t, e, NullAction)
	require.Equal(t, []string{MsgNull}, penalties(f))
	require.Equal(t, 900, e.Current().Player(1).Health)
	require.Equal(t, 2, e.Current().ToMove, "the null action consumes the turn (R6)")

	// The text "null" from a bot with a space is a one-field action.
	f = act(t, e, NullAction+" ")
	require.Equal(t, []string{MsgFields}, penalties(f))

	require.Equal(t, MsgNull, e.Current().Message(3, NullAction))
	require.Equal(t, MsgFields, e.Current().Message(3, "null "))
	require.Equal(t, MsgNotAdjacent, e.Current().Message(3, "move,0,0"))
	require.Equal(t, "", e.Current().Message(3, Move(h(-13, 7))))

	before := e.Current().Player(3).Pos
	f = act(t, e, TimeUp)
	require.True(t, e.Over())
	require.Equal(t, ReasonClock, e.Result().Reason)
	require.Equal(t, before, e.Current().Player(3).Pos, "the action is not played (R22)")
	require.Equal(t, ReasonClock, f.Result.Reason)

	e = newGame(t, openMap(), map[string]string{"name2": "JutricKafica"})
	js, err := e.Current().GameState()
	require.NoError(t, err)
	require.Contains(t, string(js), `"playerIdx":2,"name":"JutricKafica"`)
	require.Contains(t, string(js), `"playerIdx":1,"name":"player1"`)
}
