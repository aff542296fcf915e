//go:build !js

package server

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/arena-games/arena/net/bus"
	"github.com/arena-games/arena/net/stream"
)

// The figures of the server, run on request (not in make test):
//
//	go test -run '^$' -bench . -benchtime 1x ./net/server/
//
// The spectators are a process of their own (this test binary, run as
// TestSpectatorSwarm), so that the memory measured is the server's.

// benchServer is a server for benchmarks, with the time each step of each
// match was made.
type benchServer struct {
	*Server
	url    string
	admin  string
	mu     sync.Mutex
	made   map[string]map[int]int64 // match -> step -> UnixNano
	closer func()
}

// newBenchServer is a bench server on an embedded NATS server of its own.
func newBenchServer(b *testing.B) *benchServer {
	bs, err := bus.Open(bus.Options{Dir: filepath.Join(b.TempDir(), "js"), Port: -1})
	if err != nil {
		b.Fatal(err)
	}
	return serveBench(b, bs, NewToken())
}

// serveBench serves a bench server on bs as arena serve serves it: its
// timeouts, its connection bounds (the spectators all come from one
// address, and number up to benchConns); its closer closes bs too.
func serveBench(b *testing.B, bs *bus.Bus, admin string) *benchServer {
	s, err := New(Options{Bus: bs, Dir: b.TempDir(), AdminToken: admin, MaxConns: benchConns, MaxTotal: 2 * benchConns})
	if err != nil {
		b.Fatal(err)
	}
	srv := &benchServer{Server: s, admin: admin, made: map[string]map[int]int64{}}
	s.onLine = func(id string, line []byte) {
		if step, ok := stepOf(line); ok {
			now := time.Now().UnixNano()
			srv.mu.Lock()
			if srv.made[id] == nil {
				srv.made[id] = map[int]int64{}
			}
			srv.made[id][step] = now
			srv.mu.Unlock()
		}
	}
	hs := httptest.NewUnstartedServer(nil)
	hs.Config = s.HTTPServer()
	hs.Listener = s.Listener(hs.Listener)
	hs.Start()
	srv.url = hs.URL
	srv.closer = func() { hs.CloseClientConnections(); s.Close(); hs.Close(); bs.Close() }
	return srv
}

// benchConns is the most spectators a bench server takes.
const benchConns = 100_000

// stepOf reads the step of a replay's step line quickly: {"step":N,...
func stepOf(line []byte) (int, bool) {
	const prefix = `{"step":`
	if len(line) < len(prefix)+2 || string(line[:len(prefix)]) != prefix {
		return 0, false
	}
	n := 0
	for _, c := range line[len(prefix):] {
		if c < '0' || c > '9' {
			return n, c == ','
		}
		n = n*10 + int(c-'0')
	}
	return 0, false
}

// rss is the process's resident memory in bytes (Linux), 0 elsewhere.
func rss() int64 {
	data, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(data))
	if len(f) < 2 {
		return 0
	}
	pages, _ := strconv.ParseInt(f[1], 10, 64)
	return pages * int64(os.Getpagesize())
}

// machineCPU is the machine's CPU time so far in ticks, busy (all but
// idle and waiting for I/O) and all, from /proc/stat (Linux); 0 elsewhere.
func machineCPU() (busy, all int64) {
	data, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, 0
	}
	line, _, _ := strings.Cut(string(data), "\n")
	// cpu user nice system idle iowait irq softirq steal (guest time is
	// in user's already).
	for i, f := range strings.Fields(line) {
		if i < 1 || i > 8 {
			continue
		}
		n, _ := strconv.ParseInt(f, 10, 64)
		all += n
		if i != 4 && i != 5 {
			busy += n
		}
	}
	return busy, all
}

// load1 is the machine's load average over the last minute (Linux), 0
// elsewhere.
func load1() float64 {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(data))
	if len(f) == 0 {
		return 0
	}
	l, _ := strconv.ParseFloat(f[0], 64)
	return l
}

// swarm runs perMatch spectators of each match in a process of their own
// and measures, for every step made after they all connected, the delay
// from the step's making to its arrival at each spectator; and the
// server's memory growth meanwhile. They watch until the matches end.
func (srv *benchServer) swarm(b *testing.B, ids []string, perMatch int) {
	srv.swarmOn(b, []string{srv.url}, ids, perMatch, 0)
}

// swarmOn is swarm with the spectators spread over the servers at urls in
// turn (each serving the matches, which srv makes), watching for d once
// they all connected (0: until the matches end). It reports too the
// spectators that could not connect (failed), those cut off before the
// end (dropped), the arrivals of steps counted that never came
// (unarrived), the cores that this process (the servers) and the
// spectators' used, how busy the machine was and its load average.
func (srv *benchServer) swarmOn(b *testing.B, urls, ids []string, perMatch int, d time.Duration) {
	out := filepath.Join(b.TempDir(), "arrivals")
	cmd := exec.Command(os.Args[0], "-test.run=^TestSpectatorSwarm$", "-test.v")
	cmd.Env = append(os.Environ(), "ARENA_SWARM="+strings.Join([]string{strings.Join(urls, ","), strings.Join(ids, ","), strconv.Itoa(perMatch), out, d.String()}, ";"))
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	debug.FreeOSMemory() // what an earlier benchmark left is not this one's growth
	before := rss()
	busy0, all0 := machineCPU()
	cpu0, start := cpuTime(), time.Now()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer cmd.Process.Kill() // if the spectators are given up on
	ready := make(chan time.Time, 1)
	read := make(chan struct{})
	var failed, dropped int
	go func() {
		defer close(read)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if _, err := fmt.Sscanf(sc.Text(), "swarm ready, %d failed", &failed); err == nil {
				ready <- time.Now()
			}
			fmt.Sscanf(sc.Text(), "swarm done, %d dropped", &dropped)
		}
		io.Copy(io.Discard, stdout)
	}()
	peak := before
	stop := make(chan struct{})
	var sampling sync.WaitGroup
	sampling.Add(1)
	go func() {
		defer sampling.Done()
		t := time.NewTicker(50 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				peak = max(peak, rss())
			}
		}
	}()
	var readyAt time.Time
	select {
	case readyAt = <-ready:
	case <-time.After(5 * time.Minute):
		b.Fatal("the spectators did not connect")
	}
	<-read // the spectators' process ends within its test timeout
	if err := cmd.Wait(); err != nil {
		b.Fatalf("the spectators: %v", err)
	}
	wall := time.Since(start).Seconds()
	b.ReportMetric((cpuTime()-cpu0).Seconds()/wall, "server-cores")
	b.ReportMetric((cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime()).Seconds()/wall, "swarm-cores")
	if busy, all := machineCPU(); all > all0 {
		b.ReportMetric(100*float64(busy-busy0)/float64(all-all0), "machine-busy-%")
	}
	b.ReportMetric(load1(), "load1")
	close(stop)
	sampling.Wait()
	data, err := os.ReadFile(out)
	if err != nil {
		b.Fatal(err)
	}
	// The steps counted are those made once the spectators connected
	// (and, when they watch for d, a second before its end); a step that
	// did not reach a spectator connected counts as an endless delay.
	end := int64(math.MaxInt64)
	if d > 0 {
		end = readyAt.Add(d - time.Second).UnixNano()
	}
	counted := func(made int64) bool { return made > readyAt.UnixNano() && made < end }
	var delays []float64
	steps := 0
	srv.mu.Lock()
	for _, id := range ids {
		for _, made := range srv.made[id] {
			if counted(made) {
				steps++
			}
		}
	}
	for len(data) >= 20 {
		m := int(binary.LittleEndian.Uint32(data))
		step := int(binary.LittleEndian.Uint64(data[4:]))
		at := int64(binary.LittleEndian.Uint64(data[12:]))
		data = data[20:]
		made, ok := srv.made[ids[m]][step]
		if ok && counted(made) {
			delays = append(delays, float64(at-made)/1e6)
		}
	}
	srv.mu.Unlock()
	if steps == 0 {
		b.Fatal("no step was made after the spectators connected")
	}
	unarrived := max(0, steps*perMatch-steps*failed/len(ids)-len(delays))
	for range unarrived {
		delays = append(delays, math.Inf(1))
	}
	slices.Sort(delays)
	q := func(p float64) float64 { return delays[min(len(delays)-1, int(math.Ceil(p*float64(len(delays))))-1)] }
	b.ReportMetric(q(0.5), "p50-ms")
	b.ReportMetric(q(0.99), "p99-ms")
	b.ReportMetric(delays[len(delays)-1], "max-ms")
	b.ReportMetric(float64(len(delays)-unarrived), "arrivals")
	b.ReportMetric(float64(unarrived), "unarrived")
	b.ReportMetric(float64(failed), "failed")
	b.ReportMetric(float64(dropped), "dropped")
	b.ReportMetric(float64(peak-before)/(1<<20), "server-MiB-growth")
}

// swarmDialers is how many spectators of the swarm connect at once.
const swarmDialers = 16

// TestSpectatorSwarm is the spectators of the benchmarks: it runs only
// when a benchmark starts it (ARENA_SWARM).
func TestSpectatorSwarm(t *testing.T) {
	spec := os.Getenv("ARENA_SWARM")
	if spec == "" {
		t.Skip("the spectators of the benchmarks; run by them")
	}
	parts := strings.Split(spec, ";")
	urls, ids, out := strings.Split(parts[0], ","), strings.Split(parts[1], ","), parts[3]
	per, _ := strconv.Atoi(parts[2])
	d, _ := time.ParseDuration(parts[4])
	type arrival struct {
		match, step int
		at          int64
	}
	// conns[i] is spectator i's, of match i/per on server i%len(urls);
	// nil if it could not connect.
	conns := make([]*websocket.Conn, len(ids)*per)
	var failed atomic.Int64
	next := make(chan int)
	var dialing sync.WaitGroup
	for range swarmDialers {
		dialing.Add(1)
		go func() {
			defer dialing.Done()
			for i := range next {
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(urls[i%len(urls)], "http")+"/api/matches/"+ids[i/per]+"/stream", nil)
				cancel()
				if err != nil {
					if failed.Add(1) == 1 {
						t.Logf("spectator %d: %v", i, err)
					}
					continue
				}
				c.SetReadLimit(8 << 20)
				conns[i] = c
			}
		}()
	}
	for i := range conns {
		next <- i
	}
	close(next)
	dialing.Wait()
	fmt.Printf("swarm ready, %d failed\n", failed.Load())
	watch := context.Background()
	if d > 0 {
		var cancel context.CancelFunc
		watch, cancel = context.WithTimeout(watch, d)
		defer cancel()
	}
	var mu sync.Mutex
	var all []arrival
	var dropped atomic.Int64
	var wg sync.WaitGroup
	for i, c := range conns {
		if c == nil {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []arrival
			for {
				_, data, err := c.Read(watch)
				if err != nil {
					if watch.Err() == nil && websocket.CloseStatus(err) != websocket.StatusNormalClosure {
						dropped.Add(1)
					}
					break
				}
				if step, ok := stepOf(data); ok {
					mine = append(mine, arrival{i / per, step, time.Now().UnixNano()})
				}
			}
			mu.Lock()
			all = append(all, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Printf("swarm done, %d dropped\n", dropped.Load())
	buf := make([]byte, 0, 20*len(all))
	for _, a := range all {
		buf = binary.LittleEndian.AppendUint32(buf, uint32(a.match))
		buf = binary.LittleEndian.AppendUint64(buf, uint64(a.step))
		buf = binary.LittleEndian.AppendUint64(buf, uint64(a.at))
	}
	if err := os.WriteFile(out, buf, 0o644); err != nil {
		t.Fatal(err)
	}
}

// create makes n matches on the bench server.
func (srv *benchServer) create(b *testing.B, n int, req stream.CreateRequest) []string {
	c := &stream.Client{Base: srv.url, Admin: srv.admin}
	var ids []string
	for i := range n {
		req.Seed = int64(i + 1)
		created, err := c.Create(context.Background(), req)
		if err != nil {
			b.Fatal(err)
		}
		ids = append(ids, created.ID)
	}
	return ids
}

// BenchmarkThousandSpectators streams an AIC21 match to 1,000 WebSocket
// spectators on loopback: the delay from each step's making to its
// arrival (the 99th percentile is to stay within 100 ms) and the server's
// memory growth (within 100 MiB).
func BenchmarkThousandSpectators(b *testing.B) {
	for range b.N {
		srv := newBenchServer(b)
		ids := srv.create(b, 1, stream.CreateRequest{Title: "aic21", Seats: []string{"colony", "forager"},
			Options: map[string]string{"turns": "600"}, Map: "expanse", Pace: "25ms"})
		srv.swarm(b, ids, 1000)
		srv.closer()
	}
}

// BenchmarkFiftyMatches plays 50 bot matches at once on one server, each
// watched by 10 spectators.
func BenchmarkFiftyMatches(b *testing.B) {
	for range b.N {
		srv := newBenchServer(b)
		kinds := []stream.CreateRequest{
			{Title: "aic21", Seats: []string{"colony", "forager"}, Options: map[string]string{"turns": "300"}, Pace: "20ms"},
			{Title: "alienwarz", Seats: []string{"strategist", "miner"}, Pace: "20ms"},
			{Title: "guardains", Seats: []string{"hunter", "explorer"}, Map: "maze:60x40", Pace: "20ms"},
			{Title: "santorini", Seats: []string{"alphabeta:2", "minimax:2"}, Pace: "20ms"},
			{Title: "aibg5", Seats: []string{"tactical", "greedy", "greedy", "training"}, Options: map[string]string{"turns": "150"}, Pace: "20ms"},
		}
		var ids []string
		for _, k := range kinds {
			ids = append(ids, srv.create(b, 10, k)...)
		}
		start := time.Now()
		srv.swarm(b, ids, 10)
		b.ReportMetric(time.Since(start).Seconds(), "s-all-50")
		srv.closer()
	}
}

// BenchmarkLateSpectator joins a live AIC21 match past turn 1,000 and
// times how long until the spectator's timeline shows the turn the match
// was at (it re-simulates every step from the start; the target is 200 ms).
func BenchmarkLateSpectator(b *testing.B) {
	srv := newBenchServer(b)
	defer srv.closer()
	ids := srv.create(b, 1, stream.CreateRequest{Title: "aic21", Seats: []string{"colony", "forager"},
		Options: map[string]string{"turns": "1600"}, Map: "meadow", Pace: "4ms"})
	c := &stream.Client{Base: srv.url}
	for {
		in, err := c.Match(context.Background(), ids[0])
		if err != nil {
			b.Fatal(err)
		}
		if in.Turn >= 1000 {
			break
		}
		if in.Status != stream.Live {
			b.Fatalf("the match is %s at turn %d", in.Status, in.Turn)
		}
		time.Sleep(20 * time.Millisecond)
	}
	var total time.Duration
	b.ResetTimer()
	for range b.N {
		srv.mu.Lock()
		now := 0
		for step := range srv.made[ids[0]] {
			now = max(now, step)
		}
		srv.mu.Unlock()
		start := time.Now()
		f := c.Watch(context.Background(), ids[0])
		<-f.Ready()
		for f.Recording().Timeline.Len()-1 < now {
			time.Sleep(time.Millisecond)
		}
		total += time.Since(start)
		f.Close()
	}
	b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "ms-to-current-turn")
}

// cpuTime is the process's CPU time so far, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// downloads reads match id's replay b.N times, from 8 clients at once,
// and reports the CPU time each download cost (the server's and the
// clients', which only read) and its size.
func (srv *benchServer) downloads(b *testing.B, id string) {
	u := srv.url + "/api/matches/" + id + "/replay"
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 8}}
	var size int64
	var mu sync.Mutex
	work := make(chan struct{})
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range work {
				resp, err := client.Get(u)
				if err != nil {
					b.Error(err)
					return
				}
				n, _ := io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				mu.Lock()
				size = n
				mu.Unlock()
			}
		}()
	}
	b.ResetTimer()
	start := cpuTime()
	for range b.N {
		work <- struct{}{}
	}
	close(work)
	wg.Wait()
	b.StopTimer()
	b.ReportMetric(float64((cpuTime()-start).Microseconds())/1000/float64(b.N), "cpu-ms/download")
	b.ReportMetric(float64(size)/1024, "KiB")
}

// BenchmarkReplayDownload downloads the replay of an AIC21 match of 600
// turns: finished, and live (past turn 300, still growing).
func BenchmarkReplayDownload(b *testing.B) {
	b.Run("finished", func(b *testing.B) {
		srv := newBenchServer(b)
		defer srv.closer()
		ids := srv.create(b, 1, stream.CreateRequest{Title: "aic21", Seats: []string{"colony", "forager"},
			Options: map[string]string{"turns": "600"}, Map: "expanse"})
		c := &stream.Client{Base: srv.url}
		for {
			in, err := c.Match(context.Background(), ids[0])
			if err != nil {
				b.Fatal(err)
			}
			if in.Status == stream.Finished {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		srv.downloads(b, ids[0])
	})
	b.Run("live", func(b *testing.B) {
		srv := newBenchServer(b)
		defer srv.closer()
		ids := srv.create(b, 1, stream.CreateRequest{Title: "aic21", Seats: []string{"colony", "forager"},
			Options: map[string]string{"turns": "100000"}, Map: "expanse", Pace: "50ms"})
		c := &stream.Client{Base: srv.url}
		for {
			in, err := c.Match(context.Background(), ids[0])
			if err != nil {
				b.Fatal(err)
			}
			if in.Turn >= 300 {
				break
			}
			if in.Status != stream.Live {
				b.Fatalf("the match is %s at turn %d", in.Status, in.Turn)
			}
			time.Sleep(50 * time.Millisecond)
		}
		srv.downloads(b, ids[0])
	})
}
