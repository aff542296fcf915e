//go:build unix

package tournament

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/tournament"
	"github.com/arena-games/arena/net/bus"
	"github.com/arena-games/arena/net/natscluster"
)

// clusterCup is a round robin of 60 AlienWarz matches between built-in
// bots, each long enough that the run spans a node's loss.
const clusterCup = `title = "alienwarz"
name = "Cluster cup"
format = "round-robin"
games = 20
seed = 5
[options]
turns = 150
[[entrant]]
name = "strategist"
seat = "strategist"
[[entrant]]
name = "miner"
seat = "miner"
[[entrant]]
name = "miner-b"
seat = "miner"
`

// A tournament on a cluster of three NATS nodes keeps three copies of its
// queue, results and replays, and rides out the loss of the node that
// leads its results, killed with SIGKILL mid-run and started again: every
// match is counted once, with its replay whole.
func TestTournamentRidesOutANodeLoss(t *testing.T) {
	c := natscluster.Start(t, 3)
	spec := writeSpec(t, clusterCup)
	dir := filepath.Join(t.TempDir(), "cup")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	var mu sync.Mutex
	var at []time.Time // when each result was recorded
	var tid string
	started := make(chan struct{})
	done := make(chan error, 1)
	var st *tournament.Standings
	go func() {
		var err error
		st, err = Run(ctx, spec, Options{Dir: dir, NATS: c.Address(), Workers: 2, AckWait: 3 * time.Second,
			OnStart: func(s Start) { tid = s.ID; close(started) },
			OnResult: func(Event) {
				mu.Lock()
				at = append(at, time.Now())
				mu.Unlock()
			}})
		done <- err
	}()
	results := func() int {
		mu.Lock()
		defer mu.Unlock()
		return len(at)
	}
	waitFor := func(n int, bound time.Duration) {
		t.Helper()
		for deadline := time.Now().Add(bound); results() < n; time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%d results within %v, expected %d", results(), bound, n)
			}
		}
	}
	select {
	case <-started:
	case err := <-done:
		t.Fatalf("the tournament ended before it started: %v", err)
	case <-time.After(30 * time.Second):
		t.Fatal("the tournament did not start")
	}
	b, err := bus.Open(bus.Options{Address: c.Address(), Name: "test"})
	require.NoError(t, err)
	defer b.Close()
	kv, err := b.JS.Stream(ctx, bus.KeyValueStream(resultsBucket(tid)))
	require.NoError(t, err)
	require.Equal(t, 3, kv.CachedInfo().Config.Replicas)
	leader := kv.CachedInfo().Cluster.Leader

	waitFor(10, time.Minute)
	victim := 0
	for i, nd := range c.Nodes() {
		if nd.Name == leader {
			victim = i
		}
	}
	c.Kill(victim)
	killed, before := time.Now(), results()
	waitFor(before+10, time.Minute)
	c.Restart(victim)

	select {
	case err := <-done:
		require.NoError(t, err)
	case <-ctx.Done():
		t.Fatal("the tournament did not finish")
	}
	require.Equal(t, 60, st.Matches)
	mu.Lock()
	stall := at[before].Sub(killed)
	mu.Unlock()
	t.Logf("the node's loss held the results back %v", stall.Round(time.Millisecond))

	seen := map[string]bool{}
	for _, r := range resultLines(t, dir) {
		require.False(t, seen[r.ID], "match %s counted twice", r.ID)
		seen[r.ID] = true
		rec, err := game.OpenFile(filepath.Join(dir, r.Files[0]))
		require.NoError(t, err, r.ID)
		require.Equal(t, r.Winner, rec.Summary().Winner, r.ID)
		require.Equal(t, r.Turns, rec.Summary().Turns, r.ID)
	}
	require.Len(t, seen, 60)
	jobs, err := b.JS.Stream(ctx, JobsStream)
	require.NoError(t, err)
	require.Equal(t, 3, jobs.CachedInfo().Config.Replicas)
}
