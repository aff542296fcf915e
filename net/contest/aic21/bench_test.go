package aic21

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	ants "github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/net/contest/contesttest"
	"github.com/arena-games/arena/net/sandbox"
)

// unitRounds plays a match of two process seats with 30 units each, every
// unit its own Python process written like the official template (60
// processes on this machine's cores), and returns the time of each round,
// from one step to the next (the first from the start: every unit started
// and connected, one after another).
func unitRounds(b *testing.B, program string) []time.Duration {
	st := game.Setup{Title: title, Seed: 8, Out: filepath.Join(b.TempDir(), "units.arena"),
		Seats:   []game.SeatSpec{{Kind: "process", Strength: program}, {Kind: "process", Strength: program}},
		Options: map[string]string{ants.OptTurns: "20", "INIT_ANTS": "30"}, Contest: game.ContestOptions{JoinTimeout: 5 * time.Minute}}
	last := time.Now()
	m := contesttest.Start(b, st)
	tl := m.Running(b).Timeline
	var rounds []time.Duration
	seen := tl.Len()
	for tl.Live() {
		select {
		case <-tl.Changed():
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
	return rounds
}

// BenchmarkUnitProcesses reports the longest and the mean round of a match
// of 60 unit processes (unitRounds): each must stay within the original's
// 3 s window.
func BenchmarkUnitProcesses(b *testing.B) {
	program := unitProgram(b, "play")
	for range b.N {
		rounds := unitRounds(b, program)
		var longest, total time.Duration
		for _, r := range rounds[1:] { // the first round holds only INITs
			longest, total = max(longest, r), total+r
		}
		b.ReportMetric(float64(longest.Milliseconds()), "max-round-ms")
		b.ReportMetric(float64(total.Milliseconds())/float64(len(rounds)-1), "mean-round-ms")
		require.Less(b, longest, RoundTime, "a round ran past the original's window")
	}
}

// BenchmarkUnitProcessesInSandbox plays BenchmarkUnitProcesses's match
// with the sandbox off and on in turn, in one run. It reports, for each,
// the milliseconds of the whole match, of its first round and of the mean
// later round; the ratios of on to off; and the load average.
func BenchmarkUnitProcessesInSandbox(b *testing.B) {
	defer sandbox.SetPolicy(sandbox.CurrentPolicy())
	program := unitProgram(b, "play")
	var match, first, round [2]time.Duration
	for range b.N {
		for i, mode := range []sandbox.Mode{sandbox.Off, sandbox.On} {
			sandbox.SetPolicy(sandbox.Policy{Mode: mode})
			rounds := unitRounds(b, program)
			for _, r := range rounds {
				match[i] += r
			}
			first[i] += rounds[0]
			for _, r := range rounds[1:] {
				round[i] += r / time.Duration(len(rounds)-1)
			}
		}
	}
	per := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 / float64(b.N) }
	for i, name := range []string{"off", "on"} {
		b.ReportMetric(per(match[i]), name+"-match-ms")
		b.ReportMetric(per(first[i]), name+"-first-round-ms")
		b.ReportMetric(per(round[i]), name+"-mean-round-ms")
	}
	b.ReportMetric(per(match[1])/per(match[0]), "match-on/off")
	b.ReportMetric(per(first[1])/per(first[0]), "first-round-on/off")
	b.ReportMetric(per(round[1])/per(round[0]), "round-on/off")
	if load, err := os.ReadFile("/proc/loadavg"); err == nil {
		var one float64
		fmt.Sscan(string(load), &one)
		b.ReportMetric(one, "load")
	}
}
