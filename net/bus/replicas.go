//go:build !js

package bus

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"strings"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// MaxReplicas bounds the copies of a stream that Arena asks for: JetStream
// keeps at most five.
const MaxReplicas = 5

// clusterReplicas is how many copies of a stream the NATS that nc is
// connected to can keep, and why: 3 on a cluster of 3 servers or more,
// which outlive one server's loss; 1 on a single server, or on a cluster
// of 2, where a stream of 2 copies stops with either. It counts the
// servers the cluster announces to its clients, and those the URL names.
func clusterReplicas(nc *nats.Conn) (int, string) {
	if nc.ConnectedClusterName() == "" {
		return 1, "a single NATS server"
	}
	n := knownServers(nc.Servers())
	if n >= 3 {
		return 3, fmt.Sprintf("a cluster of %d NATS servers", n)
	}
	return 1, fmt.Sprintf("a cluster of %d NATS servers, fewer than the 3 that keep copies through a server's loss", n)
}

// knownServers counts the distinct servers among urls.
func knownServers(urls []string) int {
	hosts := map[string]bool{}
	for _, s := range urls {
		if u, err := url.Parse(s); err == nil && u.Host != "" {
			hosts[strings.ToLower(u.Host)] = true
		}
	}
	return len(hosts)
}

// chooseReplicas sets b.Replicas: asked when it is not 0, else what the
// cluster can keep, and why.
func (b *Bus) chooseReplicas(asked int) {
	if b.embedded != nil {
		b.Replicas, b.replicasWhy = 1, "the NATS server in this process"
		return
	}
	n, why := clusterReplicas(b.Conn)
	if asked > 0 {
		n, why = asked, "as --replicas says; "+why
	}
	b.Replicas, b.replicasWhy = n, why
}

// ReplicasNote says how many copies b keeps and why, for the process to
// tell: "nats: 3 replicas (a cluster of 3 NATS servers)".
func (b *Bus) ReplicasNote() string {
	word := "replicas"
	if b.Replicas == 1 {
		word = "replica"
	}
	return fmt.Sprintf("nats: %d %s (%s)", b.Replicas, word, b.replicasWhy)
}

// KeyValueStream is the stream that holds a key-value bucket.
func KeyValueStream(bucket string) string { return "KV_" + bucket }

// ObjectStoreStream is the stream that holds an object store.
func ObjectStoreStream(bucket string) string { return "OBJ_" + bucket }

// Raise gives the stream name n copies where it has fewer (one made before
// the cluster grew, or by an Arena that asked for fewer), and says so.
func Raise(ctx context.Context, js jetstream.JetStream, name string, n int) error {
	s, err := js.Stream(ctx, name)
	if err != nil {
		return fmt.Errorf("stream %s: %w", name, err)
	}
	cfg := s.CachedInfo().Config
	if cfg.Replicas >= n {
		return nil
	}
	from := cfg.Replicas
	cfg.Replicas = n
	if _, err := js.UpdateStream(ctx, cfg); err != nil {
		return fmt.Errorf("stream %s: raise its replicas from %d to %d: %w", name, from, n, err)
	}
	slog.Warn(fmt.Sprintf("nats: stream %s raised from %d to %d replicas", name, from, n))
	return nil
}
