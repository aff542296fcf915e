package aic21

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/gametest"
)

// AIC21 keeps the contract of a game. Illegal moves are never penalised: a
// move that does not parse is ignored and the colony's units stay silent
// (R15). A colony sees its own units as they are, and the other colony's
// only where its units see them: no byte of its stream tells more.
func TestConform(t *testing.T) {
	t.Parallel()
	var enemiesSeen, hidden atomic.Int64
	var exported sync.Map // the kinds of event of the games exported
	t.Cleanup(func() {
		if enemiesSeen.Load() == 0 || hidden.Load() == 0 {
			t.Errorf("enemies seen %d times, hidden %d times: the fog's two sides must both be tested", enemiesSeen.Load(), hidden.Load())
		}
		for _, k := range []string{"moved", "attacked", "died", "delivered", "spawned", "picked", "chat", "ended"} {
			if _, ok := exported.Load(k); !ok {
				t.Errorf("no game exported has a %q event: the export is tested too little", k)
			}
		}
	})
	gametest.Conform(t, Arena, []string{"colony", "forager"}, gametest.Suite{
		Configs: []game.Config{
			{Seed: 5, Map: "meadow", Options: map[string]string{OptTurns: "60"}},
			{Seed: 9, Map: "crossing", Options: map[string]string{OptTurns: "50"}},
		},
		// The log names the teams after the seats, and reads back to a
		// recording that exports to the same bytes.
		Export: func(t testing.TB, rec *game.Recording) (string, []byte) {
			var b bytes.Buffer
			require.NoError(t, ExportLog(rec, &b))
			back, err := game.Open("log.json", b.Bytes())
			require.NoError(t, err)
			require.Equal(t, rec.Header.Seats, back.Summary().Seats)
			require.Equal(t, rec.Header.Seats, back.Timeline.Last().State.(*State).TeamNames[:])
			var again bytes.Buffer
			require.NoError(t, ExportLog(back, &again))
			require.Equal(t, b.String(), again.String())
			for i := 1; i < rec.Timeline.Len(); i++ {
				for _, e := range rec.Timeline.Frame(i).Events {
					exported.Store(e.Kind, true)
				}
			}
			return "log.json", b.Bytes()
		},
		// The log keeps what logged says, and the team names (above).
		Kept: func(f game.Frame) any {
			s := logged(f.State.(*State))
			s.TeamNames = [2]string{}
			return s
		},
		Foul: func(t testing.TB, f gametest.Foul) {
			c := int(f.Seat)
			var ignored []Ignored
			for _, e := range f.After.Events {
				if d, ok := e.Data.(Ignored); ok && e.Seat == f.Seat {
					ignored = append(ignored, d)
				}
				if e.Seat == f.Seat && (e.Kind == "moved" || e.Kind == "chat") {
					t.Errorf("turn %d: colony %d's units act on %q: %s", f.After.Turn, c+1, f.Move, e.Text)
				}
			}
			if f.Move == "" {
				require.Empty(t, ignored, "no orders is no move to ignore")
				return
			}
			require.Len(t, ignored, 1)
			require.Equal(t, c, ignored[0].Colony)
			require.Equal(t, f.Move, ignored[0].Move)
		},
		Hidden: func(t testing.TB, s gametest.Sight) {
			c := int(s.Seat)
			for turn, full := range s.Truth {
				truth, got := full.State.(*State), s.Seen[turn].State.(*State)
				require.Equal(t, c+1, got.Observer)
				var own, theirs, ownTruth []Unit
				for _, u := range got.Units {
					if u.Colony == c {
						own = append(own, u)
					} else {
						theirs = append(theirs, u)
					}
				}
				for _, u := range truth.Units {
					if u.Colony == c {
						u.Arrival = 0
						ownTruth = append(ownTruth, u)
					}
				}
				require.Equal(t, ownTruth, own, "turn %d: the colony's own units", turn)
				for _, e := range theirs {
					enemiesSeen.Add(1)
					require.GreaterOrEqual(t, e.ID, SeenEnemyID)
					require.True(t, slices.ContainsFunc(truth.Units, func(u Unit) bool { return u.Colony != c && u.Cell() == e.Cell() && u.Soldier == e.Soldier }),
						"turn %d: an enemy %v where there is one", turn, e.Cell())
				}
				require.Equal(t, truth.Colonies[c].BaseHealth, got.Colonies[c].BaseHealth)
				require.Equal(t, -1, got.Colonies[1-c].BaseHealth, "the other base's health is not known")

				// No byte of the view tells where the other colony's units
				// are when none of the colony's units sees them, nor a hit
				// of theirs (§3).
				line := s.Lines[turn+1]
				var step game.SeatStep
				require.NoError(t, json.Unmarshal(line, &step))
				var tv teamView
				require.NoError(t, json.Unmarshal(step.View, &tv))
				sees := map[int]bool{}
				for _, cell := range tv.Cells {
					sees[cell.At] = true
				}
				for _, h := range tv.Hits {
					sees[truth.At(h.From)], sees[truth.At(h.To)] = true, true
				}
				for _, u := range truth.Units {
					at := truth.At(u.Cell())
					if u.Colony == c || sees[at] {
						continue
					}
					hidden.Add(1)
					require.False(t, bytes.Contains(line, []byte(fmt.Sprintf(`"at":%d,`, at))), "turn %d: the hidden cell %v", turn, u.Cell())
					cell := regexp.MustCompile(fmt.Sprintf(`"X":%d,"Y":%d[,}]`, u.X, u.Y))
					require.False(t, cell.Match(line) && !ownAt(truth, c, u.Cell()),
						"turn %d: the hidden unit %d at %v", turn, u.ID, u.Cell())
				}
			}
		},
	})
}

// ownAt reports whether colony c has a unit at the cell at.
func ownAt(s *State, c int, at Cell) bool {
	return slices.ContainsFunc(s.Units, func(u Unit) bool { return u.Colony == c && u.Cell() == at })
}
