package aibg5

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/net/contest/contesttest"
)

// A bot's "marks" beside its action arrive in the replay with its move; a
// flood is cut, what is not marks is cut whole, and the game goes on.
func TestMarksInTheAction(t *testing.T) {
	t.Parallel()
	st := game.Setup{Title: title, Seed: 4, Out: t.TempDir() + "/marks.arena",
		Seats:   []game.SeatSpec{{Kind: "contest"}, {Kind: "greedy"}, {Kind: "greedy"}, {Kind: "greedy"}},
		Options: map[string]string{"turns": "4"}, Contest: game.ContestOptions{JoinTimeout: 20 * time.Second}}
	m := contesttest.Start(t, st)
	ana := &client{t: t, url: "http://" + m.Addr(t)}
	ana.login("ana", "a")
	status, body := ana.call("GET", "/game/joinGame", nil)
	require.Equal(t, http.StatusAccepted, status, body)
	s := decode(t, body).state(t)
	flood := "[" + strings.Repeat(`{"kind":"cell","at":[0,0]},`, 2000) + `{"kind":"cell","at":[0,0]}]`
	sent := []any{
		[]map[string]any{{"kind": "arrow", "at": []int{s.Player(1).Pos.Q, s.Player(1).Pos.R}, "to": []int{0, 0}, "color": "cyan"}, {"kind": "log", "text": "to the boss"}},
		jsonText(flood),
		"not marks",
		nil,
	}
	for _, marks := range sent {
		action := map[string]any{"action": stepFrom(s, 1)}
		if marks != nil {
			action["marks"] = marks
		}
		r := decode(t, ana.playBody(action)) // the first may come before its turn opens
		if r.GameState == "" {
			break
		}
		s = r.state(t)
	}
	_, res, err := m.Wait(t, time.Minute)
	require.NoError(t, err)
	contesttest.SameAsLocal(t, st.Out, res)
	notes := contesttest.SeatNotes(t, st.Out, 0)
	require.GreaterOrEqual(t, len(notes), 4)
	require.Len(t, notes[0].Marks, 2)
	require.Equal(t, "arrow", notes[0].Marks[0].Kind)
	require.Equal(t, "to the boss", notes[0].Marks[1].Text)
	require.Len(t, notes[1].Marks, game.MaxMarks)
	require.Equal(t, 2001-game.MaxMarks, notes[1].Cut)
	require.Equal(t, fmt.Sprintf("more than %d marks in a turn", game.MaxMarks), notes[1].CutWhy)
	require.Empty(t, notes[2].Marks)
	require.Equal(t, 1, notes[2].Cut)
	require.Contains(t, notes[2].CutWhy, "expected a JSON object or array")
	require.Empty(t, notes[3].Marks)
	require.Zero(t, notes[3].Cut)
}

// jsonText is JSON sent as it is.
type jsonText string

func (j jsonText) MarshalJSON() ([]byte, error) { return []byte(j), nil }

// The starter bot of docs/debug-drawing.md, run as the docs write it,
// plays its seat to the end with its marks.
func TestDocExampleDraws(t *testing.T) {
	t.Parallel()
	py := contesttest.Python(t, "requests")
	st := game.Setup{Title: title, Seed: 6, Out: t.TempDir() + "/example.arena",
		Seats:   []game.SeatSpec{{Kind: "greedy"}, {Kind: "contest"}, {Kind: "greedy"}, {Kind: "greedy"}},
		Options: map[string]string{"turns": "8"}, Contest: game.ContestOptions{JoinTimeout: 30 * time.Second}}
	m := contesttest.Start(t, st)
	contesttest.RunBot(t, py, contesttest.DocExample(t, "aibg5", "bot.py"), "http://"+m.Addr(t), "ana", "pw")
	_, res, err := m.Wait(t, time.Minute)
	require.NoError(t, err)
	contesttest.SameAsLocal(t, st.Out, res)
	notes := contesttest.SeatNotes(t, st.Out, 1)
	require.GreaterOrEqual(t, len(notes), 8)
	for i, n := range notes {
		require.Zero(t, n.Cut, "turn %d: %s", i+1, n.CutWhy)
		last := n.Marks[len(n.Marks)-1]
		require.Equal(t, "log", last.Kind)
		require.Contains(t, last.Text, ", health ")
	}
	require.Equal(t, "arrow", notes[0].Marks[0].Kind, "its first step, drawn")
}
