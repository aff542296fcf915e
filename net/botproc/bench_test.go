package botproc

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/alienwarz"
	"github.com/arena-games/arena/net/sandbox"
)

// BenchmarkMatchInSandbox plays a whole AlienWarz match of 250 turns
// between two process bots (the bash walker), with the sandbox off and on
// in turn, in one run: it reports each match's milliseconds, the ratio of
// on to off, and the load average.
func BenchmarkMatchInSandbox(b *testing.B) {
	defer sandbox.SetPolicy(sandbox.CurrentPolicy())
	title, err := game.Lookup("alienwarz")
	require.NoError(b, err)
	script := bot(b, walker)
	modes := []sandbox.Mode{sandbox.Off, sandbox.On}
	total := make([]time.Duration, len(modes))
	for range b.N {
		for i, mode := range modes {
			sandbox.SetPolicy(sandbox.Policy{Mode: mode})
			t0 := time.Now()
			var entrants []game.Entrant
			for seat := range 2 {
				p, err := Start(script, game.Seat(seat), Options{Stderr: os.DevNull})
				require.NoError(b, err)
				defer p.Close()
				entrants = append(entrants, game.Entrant{Spec: game.SeatSpec{Kind: "process", Strength: script}, Player: p})
			}
			m, err := game.NewMatch(title, game.Config{Seed: 7, Map: "crossroads", Options: map[string]string{alienwarz.OptTurns: strconv.Itoa(250)}}, entrants)
			require.NoError(b, err)
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			_, err = m.Run(ctx)
			cancel()
			require.NoError(b, err)
			for _, e := range entrants {
				require.NoError(b, e.Player.(*Player).Close())
			}
			total[i] += time.Since(t0)
			res, over := m.Recording().Result()
			require.True(b, over, "%+v", res)
		}
	}
	per := func(d time.Duration) float64 { return float64(d.Milliseconds()) / float64(b.N) }
	b.ReportMetric(per(total[0]), "off-ms")
	b.ReportMetric(per(total[1]), "on-ms")
	b.ReportMetric(per(total[1])/per(total[0]), "on/off")
	if load, err := os.ReadFile("/proc/loadavg"); err == nil {
		var one float64
		fmt.Sscan(string(load), &one)
		b.ReportMetric(one, "load")
	}
}
