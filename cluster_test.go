//go:build unix

package main

import (
	"bufio"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/arena-games/arena/net/natscluster"
)

// clusterRun is what one run of a tournament on a NATS cluster showed.
type clusterRun struct {
	wall time.Duration
	// stall is the time from a node's loss to the next match recorded.
	stall time.Duration
	// said is what the runner said of the replicas it chose.
	said string
}

// losses say what a run kills, after how many matches recorded: the NATS
// node that leads JetStream's meta group (SIGKILL, started again 10
// matches later) and a worker process.
type losses struct {
	node, worker int
}

// runOnCluster plays spec's matches with `arena tournament run --workers
// 0` and three `arena tournament worker` processes on c, killing what l
// says, and checks that every match is recorded once with its replay.
func runOnCluster(b *testing.B, bin, spec string, c *natscluster.Cluster, matches int, l losses) clusterRun {
	b.Helper()
	addr := c.Address()
	out := filepath.Join(b.TempDir(), "cup")
	start := time.Now()
	run := exec.Command(bin, "tournament", "run", spec, "--out", out, "--workers", "0", "--ack-wait", "5s", "--json",
		"--nats", addr.URL, "--nats-creds", addr.Creds)
	stdout, _ := run.StdoutPipe()
	var stderr strings.Builder
	run.Stderr = &stderr
	if err := run.Start(); err != nil {
		b.Fatal(err)
	}
	defer run.Process.Kill()
	var workers []*exec.Cmd
	for i := range 3 {
		w := exec.Command(bin, "tournament", "worker", "--nats", addr.URL, "--nats-creds", addr.Creds, "--slots", "1", "--name", fmt.Sprintf("w%d", i+1))
		w.Env = append(w.Environ(), "GOMAXPROCS=1")
		if err := w.Start(); err != nil {
			b.Fatal(err)
		}
		defer w.Process.Kill()
		workers = append(workers, w)
	}
	var mu sync.Mutex
	var at []time.Time
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			mu.Lock()
			at = append(at, time.Now())
			mu.Unlock()
		}
	}()
	recordedNow := func() int {
		mu.Lock()
		defer mu.Unlock()
		return len(at)
	}
	waitFor := func(n int) {
		for deadline := time.Now().Add(3 * time.Minute); recordedNow() < n; time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				b.Fatalf("%d matches recorded in 3 minutes, expected %d\n%s", recordedNow(), n, stderr.String())
			}
		}
	}
	var r clusterRun
	var killedAt time.Time
	var before int
	if l.node > 0 {
		waitFor(l.node)
		victim := c.MetaLeader()
		c.Kill(victim)
		killedAt, before = time.Now(), recordedNow()
		waitFor(l.node + 10)
		c.Restart(victim)
	}
	if l.worker > 0 {
		waitFor(l.worker)
		workers[1].Process.Signal(syscall.SIGKILL)
	}
	done := make(chan error, 1)
	go func() { done <- run.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			b.Fatalf("arena tournament run: %v\n%s", err, stderr.String())
		}
	case <-time.After(5 * time.Minute):
		b.Fatalf("the tournament did not finish in 5 minutes\n%s", stderr.String())
	}
	r.wall = time.Since(start)
	checkComplete(b, out, matches)
	if !killedAt.IsZero() {
		mu.Lock()
		r.stall = at[before].Sub(killedAt)
		mu.Unlock()
	}
	for line := range strings.SplitSeq(stderr.String(), "\n") {
		if strings.Contains(line, "nats: ") && strings.Contains(line, "replica") && r.said == "" {
			r.said = line
		}
	}
	return r
}

// BenchmarkTournamentOnACluster plays a 500-match AlienWarz round robin
// with three worker processes on one NATS node, on a cluster of three,
// and on a cluster of three that loses its meta leader (SIGKILL, at match 150,
// started again 10 matches later) and a worker (at match 300); every
// match must be recorded once with its replay whole. It reports matches
// per second of each run and how long the node's loss held the results
// back. `make cluster-soak` runs it.
//
//	go test -run '^$' -bench TournamentOnACluster -benchtime 1x .
func BenchmarkTournamentOnACluster(b *testing.B) {
	bin := arenaBinary(b)
	spec := writeFile(&testing.T{}, b.TempDir(), "cup.toml", benchCup(50))
	const matches = 500
	for b.Loop() {
		one := runOnCluster(b, bin, spec, natscluster.Start(b, 1), matches, losses{})
		three := natscluster.Start(b, 3)
		clean := runOnCluster(b, bin, spec, three, matches, losses{})
		lost := runOnCluster(b, bin, spec, three, matches, losses{node: 150, worker: 300})
		if !strings.Contains(clean.said, "3 replicas") || !strings.Contains(one.said, "1 replica") {
			b.Fatalf("replicas chosen: %q on one node, %q on three", one.said, clean.said)
		}
		b.ReportMetric(matches/one.wall.Seconds(), "matches/s-1node")
		b.ReportMetric(matches/clean.wall.Seconds(), "matches/s-3nodes")
		b.ReportMetric(matches/lost.wall.Seconds(), "matches/s-3nodes-losses")
		b.ReportMetric(lost.stall.Seconds(), "stall-s")
	}
}
