package guardains

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A round's window as the contest server reports it (§4.2): several
// events, no ack, an ack without events.
func TestWindow(t *testing.T) {
	t.Parallel()
	const (
		drax  = `{"action_type": "MOVE", "troop": "Drax", "target": "(1, 0)", "player_id": "player1", "round_no": 0}`
		stale = `{"action_type": "MOVE", "troop": "Drax", "target": "(1, 0)", "player_id": "player1", "round_no": 7}`
		bad   = `{"action_type": "move", "troop": "Drax", "target": "(1, 0)", "player_id": "player1", "round_no": 0}`
	)
	for _, c := range []struct {
		move    string
		codes   []string
		penalty int
		moved   bool
		rules   *Rules
	}{
		// Two malformed events, then a valid one: -2 each, the action plays.
		{move: bad + "\n" + bad + "\n" + drax, codes: []string{`ERROR {"data":"Invalid action"}`, `ERROR {"data":"Invalid action"}`}, penalty: 296, moved: true},
		// A valid action without an ack is used, free (scenario 18).
		{move: drax + "\n" + NoAck, penalty: 300, moved: true},
		// A malformed one without an ack: -2, then a timeout, -1.
		{move: bad + "\n" + NoAck, codes: []string{`ERROR {"data":"Invalid action"}`, "TIMEOUT {}"}, penalty: 297},
		// An ack without any event: no action was ever received.
		{move: Ack, codes: []string{`ERROR {"error":"Player 1 Action Not found"}`}, penalty: 298},
		// A stale action then an ack: inconsistent.
		{move: stale, codes: []string{`ERROR {"error":"Player 1 Action Data Inconsistent"}`}, penalty: 298},
		// Under compat, an unacknowledged action is ignored: ERROR "", -2.
		{move: drax + "\n" + NoAck, codes: []string{`ERROR {"error":""}`}, penalty: 298, rules: compat()},
	} {
		s := start(o10(), c.rules)
		next, _ := step(t, s, c.move, "")
		require.Equal(t, c.codes, codes(next, 1), "%q", c.move)
		require.Equal(t, c.penalty, next.Penalty[0], "%q", c.move)
		require.Equal(t, c.moved, next.Guardian(1, Drax).Pos == Cell{1, 0}, "%q", c.move)
	}
}
