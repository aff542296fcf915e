//go:build unix

package bus_test

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/net/bus"
	"github.com/arena-games/arena/net/natscluster"
)

// On a cluster of three, Arena keeps three copies unless told otherwise,
// and raises a stream made with fewer; on the embedded server, one. The
// cluster takes only clients with its credentials.
func TestReplicasFollowTheCluster(t *testing.T) {
	c := natscluster.Start(t, 3)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	_, err := bus.Open(bus.Options{Address: bus.Address{URL: c.Address().URL}, Name: "no credentials"})
	require.Error(t, err, "the cluster takes clients with credentials only")

	b, err := bus.Open(bus.Options{Address: c.Address(), Name: "test"})
	require.NoError(t, err)
	defer b.Close()
	require.Equal(t, 3, b.Replicas)
	require.Equal(t, "nats: 3 replicas (a cluster of 3 NATS servers)", b.ReplicasNote())

	one, err := bus.Open(bus.Options{Address: c.Address(), Name: "one", Replicas: 1})
	require.NoError(t, err)
	defer one.Close()
	require.Equal(t, 1, one.Replicas, "--replicas overrides the cluster")

	// A single node of it, by its URL alone, still announces the others.
	first, err := bus.Open(bus.Options{Address: bus.Address{URL: c.Nodes()[0].URL(), Creds: c.Address().Creds}, Name: "first"})
	require.NoError(t, err)
	defer first.Close()
	require.Equal(t, 3, first.Replicas)

	_, err = b.JS.CreateStream(ctx, jetstream.StreamConfig{Name: "OLD", Subjects: []string{"old.>"}, Replicas: 1})
	require.NoError(t, err)
	require.NoError(t, bus.Raise(ctx, b.JS, "OLD", b.Replicas))
	s, err := b.JS.Stream(ctx, "OLD")
	require.NoError(t, err)
	require.Equal(t, 3, s.CachedInfo().Config.Replicas)
	require.NoError(t, bus.Raise(ctx, b.JS, "OLD", 1), "a stream with more copies is left as it is")
	s, err = b.JS.Stream(ctx, "OLD")
	require.NoError(t, err)
	require.Equal(t, 3, s.CachedInfo().Config.Replicas)

	local, err := bus.Open(bus.Options{Dir: t.TempDir(), Port: -1, Name: "embedded"})
	require.NoError(t, err)
	defer local.Close()
	require.Equal(t, 1, local.Replicas)
	_, err = bus.Open(bus.Options{Dir: t.TempDir(), Port: -1, Replicas: 3})
	require.ErrorContains(t, err, "embedded")
}

// A lone NATS server, reached by its URL, keeps one copy.
func TestReplicasOnALoneServer(t *testing.T) {
	c := natscluster.Start(t, 1)
	b, err := bus.Open(bus.Options{Address: c.Address(), Name: "test"})
	require.NoError(t, err)
	defer b.Close()
	require.Equal(t, 1, b.Replicas)
	require.Equal(t, "nats: 1 replica (a single NATS server)", b.ReplicasNote())
}

// Publishes retried through the loss of the stream's leader, its
// election, and the node's return are each stored once, none lost.
func TestRetryRidesOutANodeLoss(t *testing.T) {
	c := natscluster.Start(t, 3)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	b, err := bus.Open(bus.Options{Address: c.Address(), Name: "test"})
	require.NoError(t, err)
	defer b.Close()
	s, err := b.JS.CreateStream(ctx, jetstream.StreamConfig{Name: "LINES", Subjects: []string{"lines"}, Replicas: b.Replicas})
	require.NoError(t, err)
	leader := s.CachedInfo().Cluster.Leader
	var sent atomic.Int64
	done := make(chan error, 1)
	const total = 600
	go func() {
		for i := range total {
			id := fmt.Sprintf("line-%d", i)
			err := bus.Retry(ctx, func(ctx context.Context) error {
				_, err := b.JS.Publish(ctx, "lines", []byte(id), jetstream.WithMsgID(id))
				return err
			})
			if err != nil {
				done <- fmt.Errorf("%s: %w", id, err)
				return
			}
			sent.Add(1)
			time.Sleep(5 * time.Millisecond)
		}
		done <- nil
	}()
	for sent.Load() < total/4 {
		time.Sleep(10 * time.Millisecond)
	}
	victim := 0
	for i, nd := range c.Nodes() {
		if nd.Name == leader {
			victim = i
		}
	}
	c.Kill(victim)
	killedAt := sent.Load()
	for sent.Load() < killedAt+total/4 {
		time.Sleep(10 * time.Millisecond)
	}
	c.Restart(victim)
	require.NoError(t, <-done)

	var info *jetstream.StreamInfo
	require.NoError(t, bus.Retry(ctx, func(ctx context.Context) (err error) {
		info, err = s.Info(ctx)
		return err
	}))
	require.EqualValues(t, total, info.State.Msgs, "each line once")
	require.NotEqual(t, leader, info.Cluster.Leader, "the stream has a new leader")
	var cons jetstream.Consumer
	require.NoError(t, bus.Retry(ctx, func(ctx context.Context) (err error) {
		cons, err = s.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{})
		return err
	}))
	seen := map[string]bool{}
	for range total {
		var msg jetstream.Msg
		require.NoError(t, bus.Retry(ctx, func(context.Context) (err error) {
			msg, err = cons.Next(jetstream.FetchMaxWait(5 * time.Second))
			return err
		}))
		require.False(t, seen[string(msg.Data())], "%s twice", msg.Data())
		seen[string(msg.Data())] = true
	}
	require.Len(t, seen, total)
	require.True(t, strings.HasPrefix(leader, "n"))
}
