//go:build !js

package tournament

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"

	"github.com/arena-games/arena/net/bus"
)

// BenchmarkQueueTraffic plays AlienWarz round robins through a NATS
// server of the benchmark's own, as an external cluster, with two workers
// in this process, and reports what crossed it per match: the messages
// and bytes in and out of the server (the jobs, the fetches, the
// heartbeats, the replay archives, the results and their watch, the
// acknowledgements and JetStream's replies), and the bytes of a replay.
// With 200 matches the batches grow to about 400 ms of play; with 10 each
// match is a batch of its own, as a long match always is.
//
//	go test -run '^$' -bench QueueTraffic -benchtime 1x ./net/tournament/
func BenchmarkQueueTraffic(b *testing.B) {
	b.Run("200-matches", func(b *testing.B) { queueTraffic(b, 20) })
	b.Run("10-matches-one-a-batch", func(b *testing.B) { queueTraffic(b, 1) })
}

func queueTraffic(b *testing.B, games int) {
	spec := benchSpec(b, games)
	for b.Loop() {
		ns, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: server.RANDOM_PORT, JetStream: true,
			StoreDir: b.TempDir(), NoLog: true, NoSigs: true, MaxPayload: 8 << 20})
		if err != nil {
			b.Fatal(err)
		}
		ns.Start()
		if !ns.ReadyForConnections(10 * time.Second) {
			b.Fatal("no NATS")
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		dir := filepath.Join(b.TempDir(), "cup")
		before, _ := ns.Varz(nil)
		start := time.Now()
		st, err := Run(ctx, spec, Options{Dir: dir, NATS: bus.Address{URL: ns.ClientURL()}, Workers: 2})
		took := time.Since(start)
		cancel()
		if err != nil {
			b.Fatal(err)
		}
		after, _ := ns.Varz(nil)
		ns.Shutdown()
		n := float64(st.Matches)
		b.ReportMetric(float64(after.InMsgs-before.InMsgs)/n, "msgs-in/match")
		b.ReportMetric(float64(after.OutMsgs-before.OutMsgs)/n, "msgs-out/match")
		b.ReportMetric(float64(after.InBytes-before.InBytes)/n, "bytes-in/match")
		b.ReportMetric(float64(after.OutBytes-before.OutBytes)/n, "bytes-out/match")
		b.ReportMetric(float64(took.Milliseconds())/n, "wall-ms/match")
		var size, replays int64
		entries, _ := os.ReadDir(filepath.Join(dir, "matches"))
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".arena") {
				if info, err := e.Info(); err == nil {
					size += info.Size()
					replays++
				}
			}
		}
		b.ReportMetric(float64(size)/float64(max(1, replays)), "bytes/replay")
	}
}

// benchSpec is a round robin of AlienWarz's built-in bots at the game's
// own rules, five entrants playing games games a pairing.
func benchSpec(b *testing.B, games int) *Spec {
	text := "title = \"alienwarz\"\nseed = 1\ngames = " + strconv.Itoa(games) + "\n"
	for i, seat := range []string{"strategist", "miner", "strategist", "miner", "miner"} {
		text += fmt.Sprintf("[[entrant]]\nname = \"%s-%d\"\nseat = \"%s\"\n", seat, i+1, seat)
	}
	return writeSpec(b, text)
}

// BenchmarkVerify plays the matches of the queue benchmark's round robin
// (AlienWarz's built-in bots at the game's own rules) as a worker does,
// then confirms each result with its replay as the runner does (reading
// the replay, checking it is the match's, re-simulating it), and reports
// the time of each per match and their ratio: what confirming results
// costs beside playing them. The same for Santorini's alpha-beta players,
// whose matches are mostly thinking.
//
//	go test -run '^$' -bench Verify -benchtime 3x ./net/tournament/
func BenchmarkVerify(b *testing.B) {
	b.Run("alienwarz", func(b *testing.B) { benchVerify(b, benchSpec(b, 1)) })
	b.Run("santorini-alphabeta", func(b *testing.B) {
		benchVerify(b, writeSpec(b, "title = \"santorini\"\nseed = 1\n[[entrant]]\nname = \"a\"\nseat = \"alphabeta:3\"\n"+
			"[[entrant]]\nname = \"b\"\nseat = \"alphabeta:2\"\n[[entrant]]\nname = \"c\"\nseat = \"minimax:2\"\n"))
	})
}

func benchVerify(b *testing.B, spec *Spec) {
	plan, err := spec.Format.Plan(nil)
	if err != nil {
		b.Fatal(err)
	}
	c := &coordinator{spec: spec}
	ck := &checker{spec: spec}
	job := Job{Version: JobVersion, Title: spec.Title.ID(), Options: spec.Options, Limit: spec.Limit}
	var play, verify time.Duration
	n := 0
	for b.Loop() {
		for _, m := range plan.Matches {
			jm := c.jobMatch(m)
			dir := b.TempDir()
			start := time.Now()
			res, files, err := playMatch(context.Background(), job, jm, dir, nil, nil)
			play += time.Since(start)
			if err != nil {
				b.Fatal(err)
			}
			data, err := os.ReadFile(filepath.Join(dir, files[0]))
			if err != nil {
				b.Fatal(err)
			}
			start = time.Now()
			if err := ck.verify(jm, res, data); err != nil {
				b.Fatal(err)
			}
			verify += time.Since(start)
			n++
		}
	}
	b.ReportMetric(float64(play.Microseconds())/1e3/float64(n), "play-ms/match")
	b.ReportMetric(float64(verify.Microseconds())/1e3/float64(n), "verify-ms/match")
	b.ReportMetric(100*verify.Seconds()/play.Seconds(), "verify-%-of-play")
}
