//go:build !js

package tournament

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/tournament"
	"github.com/arena-games/arena/net/bus"
)

// forger is a program that got into a tournament's NATS: a worker whose
// credentials were stolen, or that was itself compromised.
type forger struct {
	t   *testing.T
	ctx context.Context
	b   *bus.Bus
	tid string
	kv  jetstream.KeyValue
	obs jetstream.ObjectStore
	n   int
}

func newForger(t *testing.T, ctx context.Context, s Start) *forger {
	b, err := bus.Open(bus.Options{Address: s.NATS, Name: "forger"})
	require.NoError(t, err)
	t.Cleanup(func() { b.Close() })
	kv, obs, err := buckets(ctx, b.JS, s.ID)
	require.NoError(t, err)
	return &forger{t: t, ctx: ctx, b: b, tid: s.ID, kv: kv, obs: obs}
}

// jobs reads the jobs waiting in the queue without taking them.
func (f *forger) jobs() []Job {
	st, err := f.b.JS.Stream(f.ctx, JobsStream)
	require.NoError(f.t, err)
	info, err := st.Info(f.ctx)
	require.NoError(f.t, err)
	var out []Job
	for seq := info.State.FirstSeq; seq <= info.State.LastSeq && info.State.Msgs > 0; seq++ {
		msg, err := st.GetMsg(f.ctx, seq)
		if err != nil {
			continue
		}
		var j Job
		require.NoError(f.t, json.Unmarshal(msg.Data, &j))
		out = append(out, j)
	}
	return out
}

// write puts a result of match id in the results bucket, first its files
// (by name) as an archive when it has some.
func (f *forger) write(id string, r tournament.Result, files map[string][]byte) {
	f.n++
	rp := report{Result: r}
	rp.Worker = "forger"
	if len(files) > 0 {
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		for name, data := range files {
			w, err := zw.Create(name)
			require.NoError(f.t, err)
			w.Write(data)
			rp.Files = append(rp.Files, tournament.MatchesDir+"/"+name)
		}
		require.NoError(f.t, zw.Close())
		rp.Archive = id + "/forged-" + randomID() + ".zip"
		_, err := f.obs.PutBytes(f.ctx, rp.Archive, buf.Bytes())
		require.NoError(f.t, err)
	}
	data, _ := json.Marshal(rp)
	_, err := f.kv.Put(f.ctx, resultKey(id, "forged"+randomID()), data)
	require.NoError(f.t, err)
}

// play plays a match of a job as a worker would, and returns its result
// and its replay.
func (f *forger) play(job Job, jm JobMatch) (tournament.Result, []byte) {
	dir := f.t.TempDir()
	res, files, err := playMatch(f.ctx, job, jm, dir, nil, nil)
	require.NoError(f.t, err)
	data, err := os.ReadFile(filepath.Join(dir, files[0]))
	require.NoError(f.t, err)
	res.ID = jm.ID
	return res, data
}

// editResult rewrites a replay's result line to say that seat winner won.
func editResult(t *testing.T, replay []byte, winner int, ranking []int) []byte {
	zr, err := gzip.NewReader(bytes.NewReader(replay))
	require.NoError(t, err)
	raw, err := io.ReadAll(zr)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n")
	last := map[string]any{}
	require.NoError(t, json.Unmarshal([]byte(lines[len(lines)-1]), &last))
	res := last["result"].(map[string]any)
	res["winner"], res["ranking"] = winner, ranking
	edited, _ := json.Marshal(last)
	lines[len(lines)-1] = string(edited)
	var out bytes.Buffer
	zw := gzip.NewWriter(&out)
	zw.Write([]byte(strings.Join(lines, "\n") + "\n"))
	zw.Close()
	return out.Bytes()
}

// flipped is the other seat winning a two-seat game.
func flipped(r tournament.Result) (int, []int) {
	if r.Winner == 1 {
		return 2, []int{2, 1}
	}
	return 1, []int{1, 2}
}

// A program in the tournament's NATS, as a bot would reach it or with a
// worker's credentials, cannot forge a result. Without the run's
// credentials it is refused. With them, it writes results before any
// worker plays: one without a replay, one whose archive is not there, one
// with the match's true replay but another winner, one with a replay whose
// result line says another winner, one with another match's replay. Each
// is refused and logged, none counts, the honest worker's results that
// come after them count, and the standings are those of a tournament
// nobody attacked.
func TestForgedResultsDoNotCount(t *testing.T) {
	spec := writeSpec(t, threeMiners)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	clean, err := Run(ctx, spec, Options{Dir: filepath.Join(t.TempDir(), "clean"), Workers: 2})
	require.NoError(t, err)

	dir := filepath.Join(t.TempDir(), "cup")
	started := make(chan Start, 1)
	type outcome struct {
		st  *tournament.Standings
		err error
	}
	ran := make(chan outcome, 1)
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		st, err := Run(ctx, spec, Options{Dir: dir, Workers: 0, AckWait: 5 * time.Second, OnStart: func(s Start) { started <- s }})
		ran <- outcome{st, err}
	}()
	defer func() { cancel(); <-stopped }()
	var s Start
	select {
	case s = <-started:
	case o := <-ran:
		t.Fatal(o.err)
	}

	// A bot that found the port, with no credentials or guessed ones.
	host := strings.TrimPrefix(s.NATS.URL, "nats://")
	for _, url := range []string{s.NATS.URL, "nats://arena:arena@" + host, "nats://admin@" + host} {
		nc, err := nats.Connect(url, nats.Timeout(2*time.Second), nats.NoReconnect())
		if err == nil {
			nc.Close()
		}
		require.ErrorIs(t, err, nats.ErrAuthorization, url)
	}

	f := newForger(t, ctx, s)
	var jobs []Job
	require.Eventually(t, func() bool { jobs = f.jobs(); return len(jobs) == 6 }, 10*time.Second, 10*time.Millisecond,
		"each match its own job before any is timed")
	a := jobs[0]
	ma := a.Matches[0]
	i := slices.IndexFunc(jobs, func(j Job) bool { return !slices.Equal(j.Matches[0].Seats, ma.Seats) })
	require.GreaterOrEqual(t, i, 0, "a match of other seats")
	b := jobs[i]
	mb := b.Matches[0]
	resA, replayA := f.play(a, ma)
	resB, replayB := f.play(b, mb)
	winner, ranking := flipped(resA)
	lie := resA
	lie.Winner, lie.Ranking, lie.Worker = winner, ranking, "forger"
	f.write(ma.ID, lie, nil)
	noArchive := lie
	noArchive.Files = []string{tournament.MatchesDir + "/" + ma.ID + ".arena"}
	data, _ := json.Marshal(report{Result: noArchive, Archive: ma.ID + "/gone.zip"})
	_, err = f.kv.Put(ctx, resultKey(ma.ID, "gone"), data)
	require.NoError(t, err)
	f.write(ma.ID, lie, map[string][]byte{ma.ID + ".arena": replayA})
	f.write(ma.ID, lie, map[string][]byte{ma.ID + ".arena": editResult(t, replayA, winner, ranking)})
	other := resB
	other.ID = ma.ID
	f.write(ma.ID, other, map[string][]byte{ma.ID + ".arena": replayB})
	// A file outside the match's, and a replay of the right match
	// reported for another.
	f.write(mb.ID, resB, map[string][]byte{ma.ID + ".arena": replayA})

	logPath := filepath.Join(dir, tournamentLog)
	require.Eventually(t, func() bool {
		data, _ := os.ReadFile(logPath)
		return strings.Count(string(data), "refused a result") == 6
	}, 20*time.Second, 20*time.Millisecond, "every forged result refused")
	require.Empty(t, resultLines(t, dir), "none counted")

	// The honest worker comes after the forger.
	honest, err := bus.Open(bus.Options{Address: s.NATS, Name: "honest"})
	require.NoError(t, err)
	defer honest.Close()
	wctx, stop := context.WithCancel(ctx)
	defer stop()
	go Work(wctx, honest, WorkerOptions{Slots: 2, Name: "honest"})
	var o outcome
	select {
	case o = <-ran:
	case <-ctx.Done():
		t.Fatal("the tournament did not finish")
	}
	require.NoError(t, o.err)
	require.Equal(t, clean.Standings, o.st.Standings, "the standings of a tournament nobody attacked")
	results := resultLines(t, dir)
	require.Len(t, results, 6)
	for _, r := range results {
		require.Equal(t, "honest", r.Worker, r.ID)
	}
	data, err = os.ReadFile(logPath)
	require.NoError(t, err)
	log := string(data)
	for _, why := range []string{
		"its replay is missing",
		"its archive " + ma.ID + "/gone.zip is not in the replay store",
		"the result says winner",
		"its replay does not re-simulate",
		"its replay seats " + strings.Join(mb.Seats, ", ") + ", the match " + strings.Join(ma.Seats, ", "),
		"it names a file \"matches/" + ma.ID + ".arena\" outside the match's",
	} {
		require.Contains(t, log, why)
	}
	require.Contains(t, log, "from worker \"forger\"")
	require.NotContains(t, log, "honest")
}

// A match whose only result is refused is played again: here a forger
// takes the match's job from the queue, writes a forged result and
// acknowledges the job, as if it had played it.
func TestMatchWithOnlyRefusedResultsIsPlayedAgain(t *testing.T) {
	spec := writeSpec(t, threeMiners)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	dir := filepath.Join(t.TempDir(), "cup")
	started := make(chan Start, 1)
	ran := make(chan error, 1)
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		_, err := Run(ctx, spec, Options{Dir: dir, Workers: 0, AckWait: 5 * time.Second, OnStart: func(s Start) { started <- s }})
		ran <- err
	}()
	defer func() { cancel(); <-stopped }()
	s := <-started
	f := newForger(t, ctx, s)
	cons, err := waitQueue(ctx, f.b.JS)
	require.NoError(t, err)
	msg, err := cons.Next()
	require.NoError(t, err)
	var job Job
	require.NoError(t, json.Unmarshal(msg.Data(), &job))
	id := job.Matches[0].ID
	f.write(id, tournament.Result{ID: id, Winner: 1, Ranking: []int{1, 2}, Reason: "forged", Turns: 1}, nil)
	require.NoError(t, msg.Ack())

	honest, err := bus.Open(bus.Options{Address: s.NATS, Name: "honest"})
	require.NoError(t, err)
	defer honest.Close()
	wctx, stop := context.WithCancel(ctx)
	defer stop()
	go Work(wctx, honest, WorkerOptions{Slots: 1, Name: "honest"})
	require.NoError(t, <-ran)
	results := resultLines(t, dir)
	require.Len(t, results, 6)
	for _, r := range results {
		require.Equal(t, "honest", r.Worker)
	}
	data, err := os.ReadFile(filepath.Join(dir, tournamentLog))
	require.NoError(t, err)
	require.Contains(t, string(data), "refused a result of match "+id)
	require.Contains(t, string(data), "match "+id+" ")
	require.Contains(t, string(data), "was played and no result of it counts; it is played again")
}

// A replay's copy of an input file counts only when it is the file as
// this machine has it.
func TestCheckInput(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "map.txt")
	require.NoError(t, os.WriteFile(path, []byte("the map"), 0o644))
	ck := &checker{spec: &Spec{Path: filepath.Join(dir, "spec.toml")}}
	require.NoError(t, ck.checkInput(path, game.NewFile([]byte("the map"))))
	require.NoError(t, ck.checkInput("map.txt", game.NewFile([]byte("the map"))), "relative to the spec's folder")
	require.ErrorContains(t, ck.checkInput(path, game.NewFile([]byte("another map"))), "its replay's copy of "+path+" differs from the file")
	lying := game.File{SHA256: game.NewFile([]byte("the map")).SHA256, Data: []byte("another map")}
	require.ErrorContains(t, ck.checkInput(path, lying), "differs from the file")
	require.ErrorContains(t, ck.checkInput(filepath.Join(dir, "none"), lying), "which cannot be read here to check it")
}

// A tournament that an Arena which did not confirm results began has its
// recorded results checked once by the runner that continues it: those
// whose replays do not confirm them (one edited to another winner, one
// with no replay, as the forger of the issue wrote it) leave the log and
// their matches are played again; the standings end as if nobody had
// forged them.
func TestOlderFolderIsChecked(t *testing.T) {
	spec := writeSpec(t, threeMiners)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	dir := filepath.Join(t.TempDir(), "cup")
	clean, err := Run(ctx, spec, Options{Dir: dir, Workers: 2})
	require.NoError(t, err)

	// The folder as an older Arena left it, with two forged results.
	results := resultLines(t, dir)
	require.Len(t, results, 6)
	results[1].Winner, results[1].Ranking = flipped(results[1])
	results[4].Files = nil
	results[4].Winner, results[4].Ranking = flipped(results[4])
	var lines []byte
	for _, r := range results {
		line, _ := json.Marshal(r)
		lines = append(append(lines, line...), '\n')
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, resultsLog), lines, 0o644))
	var r run
	data, err := os.ReadFile(filepath.Join(dir, runFile))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &r))
	require.True(t, r.Confirmed)
	r.Confirmed = false
	data, _ = json.Marshal(r)
	require.NoError(t, os.WriteFile(filepath.Join(dir, runFile), data, 0o644))

	st, err := Run(ctx, spec, Options{Dir: dir, Workers: 2})
	require.NoError(t, err)
	require.Equal(t, clean.Standings, st.Standings)
	require.Len(t, resultLines(t, dir), 6)
	log, err := os.ReadFile(filepath.Join(dir, tournamentLog))
	require.NoError(t, err)
	require.Equal(t, 2, strings.Count(string(log), "recorded by an Arena that did not confirm results"), string(log))
	require.Contains(t, string(log), "refused a result of match "+results[1].ID)
	require.Contains(t, string(log), "the result says winner")
	require.Contains(t, string(log), "refused a result of match "+results[4].ID)
	require.Contains(t, string(log), "it has no replay")
	data, err = os.ReadFile(filepath.Join(dir, runFile))
	require.NoError(t, err)
	require.Contains(t, string(data), `"confirmed":true`)

	// Checked once: the next run finds the tournament complete.
	_, err = Run(ctx, spec, Options{Dir: dir, Workers: 2})
	require.NoError(t, err)
	again, err := os.ReadFile(filepath.Join(dir, tournamentLog))
	require.NoError(t, err)
	require.Equal(t, log, again)
}
