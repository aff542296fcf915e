package aic21

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	ants "github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/net/contest/contesttest"
)

// BenchmarkUnitProcesses plays a match of two process seats with 30 units
// each, every unit its own Python process written like the official
// template (60 processes on this machine's cores). It reports the longest
// and the mean round, from one step to the next: each must stay within
// the original's 3 s window.
func BenchmarkUnitProcesses(b *testing.B) {
	for range b.N {
		program := unitProgram(b, "play")
		st := game.Setup{Title: ants.Title{}, Seed: 8, Out: filepath.Join(b.TempDir(), "units.arena"),
			Seats:   []game.SeatSpec{{Kind: "process", Strength: program}, {Kind: "process", Strength: program}},
			Options: map[string]string{ants.OptTurns: "20", "INIT_ANTS": "30"}, Contest: game.ContestOptions{JoinTimeout: 5 * time.Minute}}
		m := contesttest.Start(b, st)
		tl := m.Running(b).Timeline
		var rounds []time.Duration
		last, seen := time.Now(), tl.Len()
		for tl.Live() {
			changed := tl.Changed()
			select {
			case <-changed:
			case <-time.After(time.Minute):
				b.Fatal("no step for a minute")
			}
			for n := tl.Len(); seen < n; seen++ {
				now := time.Now()
				rounds = append(rounds, now.Sub(last))
				last = now
			}
		}
		_, _, err := m.Wait(b, time.Minute)
		require.NoError(b, err)
		var longest, total time.Duration
		for _, r := range rounds[1:] { // the first round holds only INITs
			longest, total = max(longest, r), total+r
		}
		b.ReportMetric(float64(longest.Milliseconds()), "max-round-ms")
		b.ReportMetric(float64(total.Milliseconds())/float64(len(rounds)-1), "mean-round-ms")
		require.Less(b, longest, RoundTime, "a round ran past the original's window")
	}
}
