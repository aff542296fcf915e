//go:build unix

package server

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/net/natscluster"
	"github.com/arena-games/arena/net/stream"
)

// A live match on one server, watched through a second, both on a cluster
// of three NATS nodes, rides out the loss of the node that leads the
// match's stream, killed with SIGKILL mid-match and started again: the
// match finishes, the spectator's timeline has every frame once and in
// order, and the replay downloaded from the second server is its
// re-simulation, line for line.
func TestALiveMatchRidesOutANodeLoss(t *testing.T) {
	stall := liveMatchThroughANodeLoss(t)
	t.Logf("the node's loss stalled the spectator's frames %v", stall.Round(time.Millisecond))
}

// BenchmarkLiveMatchRidesOutANodeLoss reports stall-s, the longest wait
// for a frame that a spectator on another server has around the loss of
// the node leading a live match's stream.
func BenchmarkLiveMatchRidesOutANodeLoss(b *testing.B) {
	var worst time.Duration
	for range b.N {
		worst = max(worst, liveMatchThroughANodeLoss(b))
	}
	b.ReportMetric(worst.Seconds(), "stall-s")
}

// The match of the proof: AlienWarz between built-in bots, a step every
// paceOfTheProof, about 25 s in all.
const paceOfTheProof = 80 * time.Millisecond

var matchOfTheProof = stream.CreateRequest{Title: "alienwarz", Seats: []string{"strategist", "miner"}, Seed: 11,
	Options: map[string]string{"turns": "150"}, Pace: paceOfTheProof.String()}

// liveMatchThroughANodeLoss plays the proof and returns the longest wait
// between two frames the spectator received from the node's loss on.
func liveMatchThroughANodeLoss(t testing.TB) time.Duration {
	c := natscluster.Start(t, 3)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	admin := NewToken()
	var servers []*Server
	var clients []*stream.Client
	for _, name := range []string{"serve-a", "serve-b"} {
		s, cl := serverOn(t, c.Address(), name, 3, admin)
		servers, clients = append(servers, s), append(clients, cl)
	}
	clients[1].Admin = "" // the spectator's
	created, err := clients[0].Create(ctx, matchOfTheProof)
	require.NoError(t, err)
	watch := clients[1].Watch(ctx, created.ID)
	defer watch.Close()
	select {
	case <-watch.Ready():
	case <-ctx.Done():
		t.Fatal("the spectator's stream did not start")
	}
	require.NoError(t, watch.Err())

	// arrived[i] is when the spectator received frame i.
	var arrived []time.Time
	frames := func() int {
		for n := watch.Recording().Timeline.Len(); len(arrived) < n; {
			arrived = append(arrived, time.Now())
		}
		return len(arrived)
	}
	// waitFrames waits for frame n; or for the match's end, with endOK.
	waitFrames := func(n int, endOK bool) {
		t.Helper()
		for frames() < n {
			select {
			case <-watch.Done():
				if endOK {
					return
				}
				t.Fatalf("the match ended after %d frames, before %d: %s", frames(), n, watch.Ended())
			case <-ctx.Done():
				t.Fatalf("%d frames, expected %d", frames(), n)
			case <-time.After(5 * time.Millisecond):
			}
		}
	}

	st, err := servers[1].js.Stream(ctx, streamName(created.ID))
	require.NoError(t, err)
	require.Equal(t, 3, st.CachedInfo().Config.Replicas)
	leader := st.CachedInfo().Cluster.Leader
	victim := -1
	for i, nd := range c.Nodes() {
		if nd.Name == leader {
			victim = i
		}
	}
	require.NotEqual(t, -1, victim, "the stream's leader %q is a node of the cluster", leader)

	waitFrames(60, false)
	c.Kill(victim)
	killed := len(arrived)
	waitFrames(killed+60, true) // the match may end while the node is down
	c.Restart(victim)
	select {
	case <-watch.Done():
	case <-ctx.Done():
		t.Fatalf("the match did not end: %s", watch.Status())
	}
	frames()
	require.NoError(t, watch.Err())
	require.Contains(t, watch.Ended(), "finished: ")

	var stall time.Duration
	for i := killed; i < len(arrived); i++ {
		stall = max(stall, arrived[i].Sub(arrived[i-1]))
	}
	t.Logf("%d frames in %v, a step every %v; node %s killed after frame %d",
		len(arrived), arrived[len(arrived)-1].Sub(arrived[0]).Round(time.Millisecond), paceOfTheProof, leader, killed-1)

	// The match's record says it finished soon after its stream's end
	// (written after it, through the election if need be).
	var in stream.Info
	require.Eventually(t, func() bool {
		var err error
		in, err = clients[1].Match(ctx, created.ID)
		return err == nil && in.Status == stream.Finished
	}, 60*time.Second, 50*time.Millisecond, "the match's record says finished")
	tl := watch.Recording().Timeline
	require.Equal(t, in.Turn+1, tl.Len(), "every frame, once")
	for i := range tl.Len() {
		require.Equal(t, i, tl.Frame(i).Turn, "frame %d in order", i)
	}
	require.True(t, tl.Last().Over)

	data, err := clients[1].Replay(ctx, created.ID)
	require.NoError(t, err)
	lines := replayLines(t, data)
	var got []string
	for _, l := range watch.Lines() {
		got = append(got, string(l))
	}
	require.Equal(t, lines, got, "the spectator read the replay's lines, each once")
	replay, err := game.ReadReplay("proof.arena", data)
	require.NoError(t, err)
	again, err := replay.Simulate()
	require.NoError(t, err, "the replay is its re-simulation: every step's events, keyframe and result")
	require.Equal(t, again.Timeline.Len(), tl.Len())
	for i := range tl.Len() {
		require.Equal(t, game.EventDigest(again.Timeline.Frame(i).Events), game.EventDigest(tl.Frame(i).Events), "frame %d", i)
	}
	require.Equal(t, again.Timeline.Last().Result, tl.Last().Result)
	return stall
}

// A match whose stream keeps one copy (played when the cluster was one
// node, or with --replicas 1) gets the cluster's three once a server that
// keeps three reads it.
func TestAnOlderMatchGetsTheClustersCopies(t *testing.T) {
	c := natscluster.Start(t, 3)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	admin := NewToken()
	var servers []*Server
	var clients []*stream.Client
	for _, replicas := range []int{1, 3} {
		s, cl := serverOn(t, c.Address(), "serve", replicas, admin)
		servers, clients = append(servers, s), append(clients, cl)
	}
	created, err := clients[0].Create(ctx, stream.CreateRequest{Title: "santorini", Seats: []string{"alphabeta:1", "minimax:1"}, Seed: 7})
	require.NoError(t, err)
	replicas := func() int {
		st, err := servers[1].js.Stream(ctx, streamName(created.ID))
		require.NoError(t, err)
		return st.CachedInfo().Config.Replicas
	}
	require.Equal(t, 1, replicas())
	for {
		in, err := clients[0].Match(ctx, created.ID)
		require.NoError(t, err)
		if in.Status == stream.Finished {
			break
		}
		select {
		case <-ctx.Done():
			t.Fatalf("the match did not finish: %s", in.Status)
		case <-time.After(20 * time.Millisecond):
		}
	}
	data, err := clients[1].Replay(ctx, created.ID)
	require.NoError(t, err)
	_, err = game.ReadReplay("older.arena", data)
	require.NoError(t, err)
	require.Equal(t, 3, replicas())
}
