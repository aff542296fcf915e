//go:build unix

package server

import (
	"fmt"
	"testing"
	"time"

	"github.com/arena-games/arena/net/bus"
	"github.com/arena-games/arena/net/natscluster"
	"github.com/arena-games/arena/net/stream"
)

// BenchmarkSpectatorsOnTwoServers streams one live AIC21 match, a step
// every 25 ms, to N WebSocket spectators for swarmWatch: all on one
// server on an embedded NATS server (one), and split evenly over two
// servers that share a cluster of three NATS node processes, the match
// on the first (two). The goal is a p99 delay within 100 ms for 10,000
// spectators on two servers; it takes minutes.
func BenchmarkSpectatorsOnTwoServers(b *testing.B) {
	for _, n := range []int{500, 1000, 2000, 5000, 10_000} {
		b.Run(fmt.Sprintf("one/N=%d", n), func(b *testing.B) {
			for range b.N {
				srv := newBenchServer(b)
				srv.watchedLive(b, []string{srv.url}, n)
				srv.closer()
			}
		})
		b.Run(fmt.Sprintf("two/N=%d", n), func(b *testing.B) {
			for range b.N {
				c := natscluster.Start(b, 3)
				admin := NewToken()
				var servers []*benchServer
				for _, name := range []string{"serve-a", "serve-b"} {
					bs, err := bus.Open(bus.Options{Address: c.Address(), Name: name, Replicas: 3})
					if err != nil {
						b.Fatal(err)
					}
					servers = append(servers, serveBench(b, bs, admin))
				}
				servers[0].watchedLive(b, []string{servers[0].url, servers[1].url}, n)
				for _, srv := range servers {
					srv.closer()
				}
			}
		})
	}
}

// swarmWatch is how long the spectators of BenchmarkSpectatorsOnTwoServers
// watch once they all connected.
const swarmWatch = 20 * time.Second

// watchedLive makes a live AIC21 match on srv, longer than the benchmark,
// and has n spectators, spread over the servers at urls, watch it.
func (srv *benchServer) watchedLive(b *testing.B, urls []string, n int) {
	ids := srv.create(b, 1, stream.CreateRequest{Title: "aic21", Seats: []string{"colony", "forager"},
		Options: map[string]string{"turns": "100000"}, Map: "expanse", Pace: "25ms"})
	srv.swarmOn(b, urls, ids, n, swarmWatch)
}
