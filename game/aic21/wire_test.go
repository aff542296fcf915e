package aic21

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/gametest"
)

// wireUnit is one client process of run 2: the frames the server sent it,
// and after each, the frames it answered.
type wireUnit struct {
	sent    []string   // S2C frames
	answers [][]string // C2S frames after each S2C frame
}

// readWire reads wire_frames.tar.gz: one file per client process, named by
// its pid; processes were spawned one at a time, so the pids' order is the
// units' ids.
func readWire(t *testing.T) []wireUnit {
	names, files := gametest.TarGz(t, filepath.Join(fixtureDir, "wire_frames.tar.gz"))
	units := make([]wireUnit, len(names))
	for k, n := range names {
		u := &units[k]
		for _, line := range strings.Split(strings.TrimRight(files[n], "\n"), "\n") {
			dir, frame, _ := strings.Cut(line, " ")
			switch dir {
			case "S2C":
				u.sent = append(u.sent, frame)
				u.answers = append(u.answers, nil)
			case "C2S":
				if len(u.sent) > 0 {
					u.answers[len(u.answers)-1] = append(u.answers[len(u.answers)-1], frame)
				}
			}
		}
	}
	return units
}

// TestWireFrames replays run 2 (map3_2, 60 turns, 2 scorpions and 4
// workers a colony, random clients that chat) on the engine under the
// original's rules, with the clients' own answers, and checks that every
// INIT and GAME_STATUS it would send is the original server's, byte for
// byte.
func TestWireFrames(t *testing.T) {
	t.Parallel()
	units := readWire(t)
	require.Len(t, units, 12)
	m := fixtureMap(t, "map3_2")
	r := OriginalRules()
	r.MaxTurn, r.InitSoldiers = 60, 2
	e, err := NewEngine(m, r, 1, [2]string{})
	require.NoError(t, err)
	frames := 0
	for round := 0; !e.Over(); round++ {
		moves := map[game.Seat]string{}
		for c := range 2 {
			views := e.Observe(game.Seat(c)).(Views)
			var answers []UnitMove
			for id, u := range units {
				v, ok := views[id]
				if !ok {
					continue
				}
				require.Less(t, round, len(u.sent), "unit %d got more frames than the original sent", id)
				require.Equal(t, u.sent[round], string(v.JSON()), "round %d, unit %d", round, id)
				frames++
				for _, f := range u.answers[round] {
					a, _ := ReadAction([]byte(f))
					a.Unit = id
					answers = append(answers, a)
				}
			}
			moves[game.Seat(c)] = FormatUnitMoves(answers)
		}
		require.NoError(t, e.Step(moves))
	}
	for id, u := range units {
		require.Len(t, u.sent, 60, "unit %d", id)
	}
	require.Equal(t, 12*60, frames)
}
