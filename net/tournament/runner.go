//go:build !js

package tournament

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/tournament"
	"github.com/arena-games/arena/net/bus"
	"github.com/arena-games/arena/net/sandbox"
)

// Options say where and how a tournament runs.
type Options struct {
	// Dir is the tournament's folder.
	Dir string
	// NATS is an existing NATS cluster; an empty URL runs NATS in this
	// process, with JetStream in Dir until the tournament is complete, for
	// the clients that hold the credentials it makes for the run.
	NATS bus.Address
	// Workers is how many local workers play matches.
	Workers int
	// StartWorker makes the command of local worker i, which reads the
	// address of the NATS it takes matches from, with its credentials, on
	// its standard input (see bus.ReadAddress); nil plays them in this
	// process.
	StartWorker func(i int) *exec.Cmd
	// AckWait is how long a match stays with a worker that has gone
	// silent; 0: DefaultAckWait.
	AckWait time.Duration
	// Replicas is how many copies of the queue, the results and the
	// replays a NATS cluster keeps (where it makes them); 0: as many as
	// the cluster holds (bus.Options.Replicas).
	Replicas int
	// Listen and JoinTimeout set up the listener of the contest seats of
	// the matches that have them, where the teams' bots connect: "" is
	// the original's port on loopback, 0 the contest's own join time.
	Listen      string
	JoinTimeout time.Duration
	// OnStart, OnResult and OnProgress, when set, hear of the tournament's
	// start, of each match as it is recorded, and of its progress about
	// once a second.
	OnStart    func(Start)
	OnResult   func(Event)
	OnProgress func(Progress)
}

// Start is where a tournament runs.
type Start struct {
	// NATS is where more workers join, and the credentials file they need
	// (its String hides the URL's secrets).
	NATS bus.Address
	// Embedded says the NATS server runs in this process.
	Embedded bool
	// ID is the tournament's ID on JetStream.
	ID string
	// Replicas says how many copies NATS keeps of the queue, the results
	// and the replays, and why (bus.Bus.ReplicasNote).
	Replicas string
	Progress
}

// Progress counts a tournament's matches: done, being played (about),
// and left.
type Progress struct {
	Done, Running, Left int
	// Estimate is how many matches the tournament will have played.
	Estimate int
	// Waiting says which matches wait for whose bots, and how long they
	// still wait: "waiting for Glarbs (0:42)"; "" when none does.
	Waiting string
}

// Event is one match recorded.
type Event struct {
	Match  tournament.Match
	Result tournament.Result
	// Names are the players of its seats; Stage names its stage.
	Names []string
	Stage string
	Progress
}

// Run plays the spec's tournament in o.Dir to its end, or until ctx ends:
// then what was played is kept, and the same call continues it. It
// returns the final standings.
func Run(ctx context.Context, spec *Spec, o Options) (*tournament.Standings, error) {
	f, err := openFolder(o.Dir, spec)
	if err != nil {
		return nil, err
	}
	defer f.close()
	c := &coordinator{spec: spec, o: o, f: f, matches: map[string]tournament.Match{}, queued: map[string]bool{},
		zips: map[string]*zip.Reader{}, lost: map[string]int{}, ck: &checker{spec: spec}, runID: randomID()}
	c.t = &tournament.Tournament{ID: f.id, Name: spec.Name, Title: spec.Title.ID(), Format: spec.Format, Entrants: spec.Entrants}
	if spec.House != nil {
		c.t.House = spec.House.String()
	}
	if err := c.replan(); err != nil {
		return nil, err
	}
	if !f.confirmed {
		if err := c.checkRecorded(); err != nil {
			return nil, err
		}
	}
	if c.plan.Done {
		// Complete already: write the outputs again, as a finished run
		// leaves them, and clear what a run stopped at its very end left
		// on NATS.
		_, st, err := f.outputs(c.t, tournament.StatusComplete)
		os.RemoveAll(f.path(natsDir))
		if o.NATS.URL != "" {
			if b, err := bus.Open(bus.Options{Address: o.NATS, Name: "arena tournament " + c.t.Name}); err == nil {
				removeTournament(ctx, b.JS, f.id)
				b.Close()
			}
		}
		return st, err
	}
	st, err := c.run(ctx)
	if err != nil {
		c.t.Now = nil // nothing is in progress in a tournament stopped
		status := tournament.StatusStopped
		if _, _, werr := f.outputs(c.t, status); werr != nil {
			err = errors.Join(err, werr)
		}
		return nil, err
	}
	return st, nil
}

// coordinator is the runner of one tournament: it queues the matches the
// plan knows, collects their results, and keeps the folder.
type coordinator struct {
	spec    *Spec
	o       Options
	f       *folder
	t       *tournament.Tournament
	plan    *tournament.Plan
	matches map[string]tournament.Match
	queued  map[string]bool
	planned time.Time
	running int
	// waiting counts the matches queued and not yet recorded.
	waiting int
	// zips keeps the last archives fetched from the replay store; one
	// leaves it once all its matches are recorded.
	zips map[string]*zip.Reader
	// ck confirms results with their replays.
	ck *checker
	// lastRevision is the results bucket's newest message read; lost
	// counts, by match, the times its jobs were done with no result
	// counted.
	lastRevision uint64
	lost         map[string]int
	// runID tells this run's jobs from those of a run before.
	runID string
	// outputsTook is how long writing the outputs took last: they are
	// written at most once in 50 times that, so they cost the workers
	// little.
	outputsTook time.Duration
	outputsAt   time.Time
	// now is what the workers said of the matches in progress, by match;
	// nowAt is when it was written alone last, in nowTook.
	now     map[string]*heardNow
	nowAt   time.Time
	nowTook time.Duration

	js   jetstream.JetStream
	jobs jetstream.Stream
	kv   jetstream.KeyValue
	obs  jetstream.ObjectStore
}

func (c *coordinator) replan() error {
	p, err := c.t.Format.Plan(c.f.results)
	if err != nil {
		return err
	}
	c.plan, c.planned = p, time.Now()
	for _, m := range p.Matches {
		c.matches[m.ID] = m
	}
	return nil
}

func (c *coordinator) progress() Progress {
	done := len(c.f.results)
	running := min(c.running, len(c.plan.Matches)-done)
	return Progress{Done: done, Running: running, Left: max(0, c.plan.Estimate-done-running), Estimate: c.plan.Estimate,
		Waiting: c.waitingText(time.Now())}
}

func (c *coordinator) run(ctx context.Context) (*tournament.Standings, error) {
	b, err := bus.Open(bus.Options{Address: c.o.NATS, Dir: c.f.path(natsDir), Name: "arena tournament " + c.t.Name, Replicas: c.o.Replicas})
	if err != nil {
		return nil, err
	}
	embedded := b.Embedded()
	defer func() {
		b.Close()
		if embedded && c.plan.Done {
			os.RemoveAll(c.f.path(natsDir))
		}
	}()
	c.js = b.JS
	ackWait := c.o.AckWait
	if ackWait == 0 {
		ackWait = DefaultAckWait
	}
	cons, err := openQueue(ctx, b.JS, ackWait, b.Replicas)
	if err != nil {
		return nil, err
	}
	err = bus.Retry(ctx, func(ctx context.Context) (err error) {
		c.jobs, err = b.JS.Stream(ctx, JobsStream)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("the jobs stream %s: %w", JobsStream, err)
	}
	if c.kv, c.obs, err = makeBuckets(ctx, b.JS, c.f.id, b.Replicas); err != nil {
		return nil, err
	}
	// The watch resumes from the last result it read when the server it
	// reads from is lost.
	var watch jetstream.KeyWatcher
	err = bus.Retry(ctx, func(context.Context) (err error) {
		watch, err = c.kv.WatchAll(ctx)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("watch the results: %w", err)
	}
	defer watch.Stop()
	// The workers' news of the matches in progress: a message dropped
	// when they come faster than the runner reads them is told again.
	news := make(chan *nats.Msg, 256)
	newsSub, err := b.Conn.ChanSubscribe(nowSubject(c.f.id), news)
	if err != nil {
		return nil, fmt.Errorf("hear the workers' news: %w", err)
	}
	defer newsSub.Unsubscribe()
	// The results that came while no runner was there come first.
	var early []jetstream.KeyValueEntry
	for e := range watch.Updates() {
		if e == nil {
			break
		}
		early = append(early, e)
	}
	if err := c.collect(ctx, early); err != nil {
		return nil, err
	}
	// The jobs of a run before go: what they lack is queued again from
	// the plan, and what a worker is playing still counts when it comes.
	// (The workers of a run with NATS in its process are gone with it.)
	if err := clearJobs(ctx, b.JS, c.f.id); err != nil {
		return nil, err
	}
	if err := c.replan(); err != nil {
		return nil, err
	}
	if c.o.OnStart != nil {
		c.o.OnStart(Start{NATS: b.Address, Embedded: embedded, ID: c.f.id, Replicas: b.ReplicasNote(), Progress: c.progress()})
	}
	if err := c.outputs(tournament.StatusRunning); err != nil {
		return nil, err
	}
	if err := c.queue(ctx); err != nil {
		return nil, err
	}
	workers, err := c.startWorkers(ctx, b)
	if err != nil {
		return nil, err
	}
	defer workers.stop()
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	newsTick := time.NewTicker(nowWriteEvery)
	defer newsTick.Stop()
	dirty, nowDirty := false, false
	for {
		if err := c.queue(ctx); err != nil {
			return nil, err
		}
		if c.plan.Done {
			break
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case err := <-workers.failed:
			return nil, err
		case e, ok := <-watch.Updates():
			if !ok {
				return nil, errors.New("the watch of the results ended: is NATS still there?")
			}
			// Every result already there is recorded together: one sync
			// to disk for all.
			group := []jetstream.KeyValueEntry{e}
		drain:
			for len(group) < 1024 {
				select {
				case e := <-watch.Updates():
					group = append(group, e)
				default:
					break drain
				}
			}
			if err := c.collect(ctx, group); err != nil {
				return nil, err
			}
			dirty = true
			c.forgetNow(time.Now())
			// Replanning costs a pass over every match: do it when the
			// queue runs short of work, else at most once a second.
			if c.waiting < 2*max(1, c.o.Workers)+2 || time.Since(c.planned) > time.Second {
				if err := c.replan(); err != nil {
					return nil, err
				}
			}
		case msg := <-news:
			nowDirty = c.hear(msg.Data, time.Now()) || nowDirty
		case <-newsTick.C:
			// What is happening now is written as it changes, a few times
			// a second at most, in tournament.json alone; with results to
			// write, it goes with them.
			if nowDirty && !dirty && time.Since(c.outputsAt) > nowWriteEvery && time.Since(c.nowAt) > max(nowWriteEvery, 10*c.nowTook) {
				if err := c.writeNow(); err != nil {
					return nil, err
				}
				nowDirty = false
			}
		case <-tick.C:
			nowDirty = c.forgetNow(time.Now()) || nowDirty
			if info, err := cons.Info(ctx); err == nil {
				// A worker holds a batch it plays, the next one and the
				// last one's report: about one match running for each
				// local worker busy, or each two batches taken.
				c.running = (info.NumAckPending + 1) / 2
				if c.o.Workers > 0 {
					c.running = min(info.NumAckPending, c.o.Workers)
				}
			}
			if err := c.requeueLost(ctx); err != nil {
				return nil, err
			}
			if err := c.replan(); err != nil {
				return nil, err
			}
			// The files change with the results, at most once in fifty
			// times what writing them takes, and at least every half
			// minute: a viewer tells a runner at work from one gone.
			if (dirty && time.Since(c.outputsAt) > 50*c.outputsTook) || time.Since(c.outputsAt) > 30*time.Second {
				if err := c.outputs(tournament.StatusRunning); err != nil {
					return nil, err
				}
				dirty, nowDirty = false, false
			}
			if c.o.OnProgress != nil {
				c.o.OnProgress(c.progress())
			}
		}
	}
	workers.stop()
	c.running = 0
	c.now, c.t.Now = nil, nil
	_, st, err := c.f.outputs(c.t, tournament.StatusComplete)
	if err != nil {
		return nil, err
	}
	if err := removeTournament(context.WithoutCancel(ctx), b.JS, c.f.id); err != nil {
		slog.Warn("tournament: clear its data from NATS", "err", err)
	}
	return st, nil
}

// outputs writes the outputs, with what is happening now, timing it.
func (c *coordinator) outputs(status string) error {
	c.t.Now = c.nowList()
	start := time.Now()
	_, _, err := c.f.outputs(c.t, status)
	c.outputsAt, c.outputsTook = time.Now(), time.Since(start)
	return err
}

// batchTime is about how long a batch of matches should take to play:
// long enough that the queue's work per batch is small beside it, short
// enough that results come often and a worker that dies loses little.
const batchTime = 400 * time.Millisecond

// maxBatch bounds the matches of a batch.
const maxBatch = 64

// batchSize is how many matches go into the next batch: as many as play
// in about batchTime, from the time the recorded matches took (one until
// some are), and never so many that the workers would wait for the last
// batches while others play.
func (c *coordinator) batchSize(left, workers int) int {
	var sum float64
	n := 0
	for _, r := range c.f.results {
		if r.Seconds > 0 {
			sum += r.Seconds
			n++
		}
	}
	if n == 0 {
		return 1
	}
	size := int(batchTime.Seconds() / max(sum/float64(n), 1e-4))
	return max(1, min(size, maxBatch, left/(2*workers)))
}

// queue puts the matches the plan knows and has no result for on the
// jobs queue, once per run, in batches: enough for each worker to have
// three batches ahead, so that the batches' size follows the time the
// matches are found to take.
func (c *coordinator) queue(ctx context.Context) error {
	var todo []tournament.Match
	for _, m := range c.plan.Matches {
		if _, ok := c.f.results[m.ID]; !ok && !c.queued[m.ID] {
			todo = append(todo, m)
		}
	}
	workers := max(c.o.Workers, 4) // other machines' workers may join
	for len(todo) > 0 {
		n := c.batchSize(len(todo), workers)
		if c.waiting >= 3*workers*n {
			return nil
		}
		job := Job{Version: JobVersion, Tournament: c.f.id, Title: c.spec.Title.ID(), Options: c.spec.Options, Limit: c.spec.Limit,
			MoveFiles: c.spec.MoveFiles, Listen: c.o.Listen, JoinTimeout: c.o.JoinTimeout, Teams: c.spec.Teams()}
		for _, m := range todo[:n] {
			job.Matches = append(job.Matches, c.jobMatch(m))
		}
		data, err := json.Marshal(job)
		if err != nil {
			return err
		}
		// Retried through a NATS server's loss, a job is queued once: its
		// message ID is this run's, its first match's, and the times that
		// match was lost.
		first := todo[0].ID
		id := fmt.Sprintf("%s.%s.%d", c.runID, first, c.lost[first])
		err = bus.Retry(ctx, func(ctx context.Context) error {
			_, err := c.js.Publish(ctx, jobSubject(c.f.id, first), data, jetstream.WithMsgID(id))
			return err
		})
		if err != nil {
			return fmt.Errorf("queue match %s: %w", first, err)
		}
		for _, m := range todo[:n] {
			c.queued[m.ID] = true
		}
		c.waiting += n
		todo = todo[n:]
	}
	return nil
}

// jobMatch is a match as a worker gets it.
func (c *coordinator) jobMatch(m tournament.Match) JobMatch {
	j := JobMatch{ID: m.ID, Seed: m.Seed, Map: m.Map}
	logins := false
	for _, e := range m.Entrants {
		j.Seats, j.Names = append(j.Seats, c.seat(e)), append(j.Names, c.name(e))
		var l game.Login
		if e != tournament.House {
			l = c.spec.Logins[e]
		}
		j.Logins = append(j.Logins, l)
		logins = logins || l.User != ""
	}
	if !logins {
		j.Logins = nil
	}
	return j
}

func (c *coordinator) seat(e int) string {
	if e == tournament.House {
		return c.spec.House.String()
	}
	return c.spec.Seats[e].String()
}

func (c *coordinator) name(e int) string {
	if e == tournament.House {
		return "house (" + c.spec.House.String() + ")"
	}
	return c.spec.Entrants[e].Name
}

// collect records results from the results bucket. A result counts only
// once its replay confirms it (checker.verify): the first that does for a
// match is recorded, its files into the folder and then the result into
// the log, all synced to disk together. One that does not is refused:
// logged, taken out of the bucket, never counted; its match is played
// again if no result that counts comes (requeueLost). A result of a match
// already recorded is a duplicate and is ignored; a failed match stops the
// tournament (and is forgotten, so that the next run plays it again).
// The archives whose matches are all recorded leave the replay store.
func (c *coordinator) collect(ctx context.Context, entries []jetstream.KeyValueEntry) error {
	var claims []*claim
	var failed error
	for _, e := range entries {
		if e == nil {
			continue
		}
		c.lastRevision = max(c.lastRevision, e.Revision())
		if e.Operation() != jetstream.KeyValuePut {
			continue
		}
		key := e.Key()
		id := matchOfKey(key)
		var rp report
		if err := json.Unmarshal(e.Value(), &rp); err != nil {
			c.refuse(ctx, &claim{key: key, rp: report{Result: tournament.Result{ID: id}}, why: fmt.Errorf("this Arena cannot read it: %v", err)})
			continue
		}
		rp.ID = id
		_, done := c.f.results[id]
		m, known := c.matches[id]
		switch {
		case done:
			continue
		case !known:
			slog.Warn("tournament: a result for a match the plan does not have; ignored", "match", id)
			continue
		case rp.Error != "":
			c.kv.Purge(context.WithoutCancel(ctx), key)
			if failed == nil {
				failed = fmt.Errorf("match %s (%s) failed on worker %s: %s", id, strings.Join(c.jobMatch(m).Names, " vs "), rp.Worker, rp.Error)
			}
			continue
		}
		cl := &claim{key: key, rp: rp, m: m}
		var err error
		if cl.files, cl.why, err = c.claimFiles(ctx, rp); err != nil {
			return fmt.Errorf("match %s: %w", id, err)
		}
		claims = append(claims, cl)
	}
	c.verify(claims)
	var results []tournament.Result
	files := map[string][]byte{}
	counted := map[string]bool{}
	for _, cl := range claims {
		switch {
		case counted[cl.rp.ID]:
			continue
		case cl.why != nil:
			c.refuse(ctx, cl)
			continue
		}
		counted[cl.rp.ID] = true
		for name, data := range cl.files {
			files[filepath.Join(tournament.MatchesDir, name)] = data
		}
		// The replay first, as the folder's readers expect.
		replay := tournament.MatchesDir + "/" + cl.rp.ID + ".arena"
		cl.rp.Files = append([]string{replay}, slices.DeleteFunc(cl.rp.Files, func(f string) bool { return f == replay })...)
		cl.rp.Finished = time.Now().UTC().Truncate(time.Millisecond)
		results = append(results, cl.rp.Result)
	}
	if err := c.f.commit(results, files); err != nil {
		return err
	}
	for _, r := range results {
		if c.queued[r.ID] {
			c.waiting--
		}
	}
	for name, zr := range c.zips {
		if c.recordedAll(zr) {
			c.obs.Delete(ctx, name)
			delete(c.zips, name)
		}
	}
	if c.o.OnResult != nil {
		for _, r := range results {
			m := c.matches[r.ID]
			c.o.OnResult(Event{Match: m, Result: r, Names: c.jobMatch(m).Names, Stage: c.plan.Stages[m.Stage].Name, Progress: c.progress()})
		}
	}
	return failed
}

// claim is a worker's result of a match, with its files, to be confirmed.
type claim struct {
	key   string // in the results bucket
	rp    report
	m     tournament.Match
	files map[string][]byte // by name in the matches folder
	// why is the reason the result does not count; nil when it does.
	why error
}

// verify confirms the claims with their replays, on every core: a match
// of built-in bots takes milliseconds to re-simulate, and the results of
// many workers come to this one process.
func (c *coordinator) verify(claims []*claim) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for _, cl := range claims {
		if cl.why != nil {
			continue
		}
		sem <- struct{}{}
		wg.Go(func() {
			defer func() {
				if p := recover(); p != nil {
					cl.why = fmt.Errorf("re-simulating its replay crashed: %v", p)
				}
				<-sem
			}()
			cl.why = c.ck.verify(c.jobMatch(cl.m), cl.rp.Result, cl.files[cl.rp.ID+".arena"])
		})
	}
	wg.Wait()
}

// refuse logs why a result does not count, in the tournament's log and on
// the run's output, and takes it out of the results bucket, so that a run
// that continues the tournament does not read it again.
func (c *coordinator) refuse(ctx context.Context, cl *claim) {
	names := ""
	if m, ok := c.matches[cl.rp.ID]; ok {
		names = " (" + strings.Join(c.jobMatch(m).Names, " vs ") + ")"
	}
	c.f.logf("refused a result of match %s%s from worker %s: %s; it does not count", cl.rp.ID, names, strconv.Quote(cl.rp.Worker), cl.why)
	slog.Warn("tournament: a result refused; it does not count", "match", cl.rp.ID, "worker", cl.rp.Worker, "why", cl.why)
	c.kv.Purge(context.WithoutCancel(ctx), cl.key)
}

// claimFiles fetches a result's files from its batch's archive, by name in
// the matches folder: the match's replay and its other files. A file
// missing, or named outside the match's, is why the result does not count
// (why); err is an error of NATS.
func (c *coordinator) claimFiles(ctx context.Context, rp report) (files map[string][]byte, why, err error) {
	files = map[string][]byte{}
	replay := rp.ID + ".arena"
	for _, file := range rp.Files {
		name := path.Base(file)
		if file != tournament.MatchesDir+"/"+name || !strings.HasPrefix(name, rp.ID+".") {
			return nil, fmt.Errorf("it names a file %q outside the match's", file), nil
		}
		data, err := c.file(ctx, rp.Archive, name)
		if errors.Is(err, errNATS) {
			return nil, nil, err
		}
		if err != nil {
			return nil, err, nil
		}
		files[name] = data
	}
	if files[replay] == nil {
		return nil, errors.New("its replay is missing"), nil
	}
	return files, nil, nil
}

// errNATS marks the errors of NATS itself, not of what a worker sent.
var errNATS = errors.New("NATS")

// maxArchive bounds an archive of a batch's files.
const maxArchive = game.MaxInput

// file is a file of a batch's archive, fetched once for the batch.
func (c *coordinator) file(ctx context.Context, archive, name string) ([]byte, error) {
	if archive == "" {
		return nil, fmt.Errorf("it names no archive of its files")
	}
	zr := c.zips[archive]
	if zr == nil {
		var info *jetstream.ObjectInfo
		err := bus.Retry(ctx, func(ctx context.Context) (err error) {
			info, err = c.obs.GetInfo(ctx, archive)
			return err
		})
		if errors.Is(err, jetstream.ErrObjectNotFound) {
			return nil, fmt.Errorf("its archive %s is not in the replay store", archive)
		}
		if err != nil {
			return nil, fmt.Errorf("%w: fetch the archive %s: %w", errNATS, archive, err)
		}
		if info.Size > maxArchive {
			return nil, fmt.Errorf("its archive %s holds %s, more than a batch's files may (%s)", archive, game.FormatSize(int64(info.Size)), game.FormatSize(maxArchive))
		}
		var data []byte
		err = bus.RetryWithin(ctx, bus.TransferWait(int(info.Size)), func(ctx context.Context) (err error) {
			data, err = c.obs.GetBytes(ctx, archive)
			return err
		})
		if errors.Is(err, jetstream.ErrObjectNotFound) {
			return nil, fmt.Errorf("its archive %s is not in the replay store", archive)
		}
		if err != nil {
			return nil, fmt.Errorf("%w: fetch the archive %s: %w", errNATS, archive, err)
		}
		if zr, err = zip.NewReader(bytes.NewReader(data), int64(len(data))); err != nil {
			return nil, fmt.Errorf("its archive %s: %v", archive, err)
		}
		if len(c.zips) >= 16 {
			clear(c.zips) // archives some of whose results never came
		}
		c.zips[archive] = zr
	}
	f, err := zr.Open(name)
	if err != nil {
		return nil, fmt.Errorf("its archive %s has no %s", archive, name)
	}
	defer f.Close()
	return archiveLimit.Read(archive+"/"+name, f)
}

// archiveLimit bounds a file taken out of an archive, as Arena bounds a
// replay.
var archiveLimit = game.Limit{What: "a match's file", Max: game.MaxInput}

// checkRecorded confirms with their replays the results in the log of a
// tournament that an Arena which did not confirm results began: those
// their replays do not confirm leave the log, are logged as refused, and
// their matches are played again. Results of later rounds planned from a
// refused one are checked again against the plan made without it, until
// what is left holds.
func (c *coordinator) checkRecorded() error {
	confirmed := map[string]JobMatch{}
	for {
		planned := map[string]tournament.Match{}
		for _, m := range c.plan.Matches {
			planned[m.ID] = m
		}
		var claims []*claim
		for id, r := range c.f.results {
			m, ok := planned[id]
			if !ok {
				claims = append(claims, &claim{rp: report{Result: r}, why: errors.New("the plan has no such match")})
				continue
			}
			jm := c.jobMatch(m)
			if prev, ok := confirmed[id]; ok && prev.Seed == jm.Seed && prev.Map == jm.Map && slices.Equal(prev.Seats, jm.Seats) {
				continue
			}
			cl := &claim{rp: report{Result: r}, m: m, files: map[string][]byte{}}
			if len(r.Files) == 0 || r.Files[0] != tournament.MatchesDir+"/"+id+".arena" {
				cl.why = errors.New("it has no replay")
			} else if data, err := archiveLimit.ReadFile(c.f.path(filepath.FromSlash(r.Files[0]))); err != nil {
				cl.why = fmt.Errorf("its replay: %v", err)
			} else {
				cl.files[id+".arena"] = data
			}
			claims = append(claims, cl)
		}
		c.verify(claims)
		var bad []string
		for _, cl := range claims {
			if cl.why != nil {
				bad = append(bad, cl.rp.ID)
				c.f.logf("refused a result of match %s recorded by an Arena that did not confirm results (worker %s): %s; it does not count and is played again",
					cl.rp.ID, strconv.Quote(cl.rp.Worker), cl.why)
				slog.Warn("tournament: a result recorded before results were confirmed is refused; it is played again", "match", cl.rp.ID, "why", cl.why)
			} else {
				confirmed[cl.rp.ID] = c.jobMatch(cl.m)
			}
		}
		if len(bad) == 0 {
			return c.f.writeRun(c.spec)
		}
		if err := c.f.drop(bad); err != nil {
			return err
		}
		if err := c.replan(); err != nil {
			return err
		}
	}
}

// recordedAll reports whether every match whose replay an archive holds
// is recorded.
func (c *coordinator) recordedAll(zr *zip.Reader) bool {
	for _, f := range zr.File {
		if id, ok := strings.CutSuffix(f.Name, ".arena"); ok {
			if _, done := c.f.results[id]; !done {
				return false
			}
		}
	}
	return true
}

// requeueLost queues again the matches whose jobs have all left the queue
// (played, or dropped) with no result that counts: their results were
// refused, taken out of the bucket, or skipped for a result another
// wrote. It looks once this tournament has no job in the queue and every
// result written before has been read. A match lost maxAttempts times
// fails: the tournament stops and says so.
func (c *coordinator) requeueLost(ctx context.Context) error {
	if c.waiting == 0 {
		return nil
	}
	info, err := c.jobs.Info(ctx, jetstream.WithSubjectFilter(jobSubject(c.f.id, ">")))
	if err != nil || len(info.State.Subjects) > 0 {
		return nil // jobs are there (or NATS cannot say now)
	}
	st, err := c.kv.Status(ctx)
	if err != nil {
		return nil
	}
	if bs, ok := st.(*jetstream.KeyValueBucketStatus); !ok || c.lastRevision < bs.StreamInfo().State.LastSeq {
		return nil // results still to read
	}
	for id, queued := range c.queued {
		if _, done := c.f.results[id]; !queued || done {
			continue
		}
		c.queued[id] = false
		c.waiting--
		c.lost[id]++
		names := strings.Join(c.jobMatch(c.matches[id]).Names, " vs ")
		if c.lost[id] >= maxAttempts {
			return fmt.Errorf("match %s (%s) was played %d times and no result of it counts: see the results refused in %s", id, names, c.lost[id], c.f.path(tournamentLog))
		}
		c.f.logf("match %s (%s) was played and no result of it counts; it is played again", id, names)
		slog.Warn("tournament: a match was played and no result of it counts; it is played again", "match", id)
	}
	return nil
}

// localWorkers are the workers a runner started.
type localWorkers struct {
	stop   func()
	failed chan error
}

// startWorkers starts the local workers: processes that StartWorker makes
// (restarted when one exits), or workers in this process.
func (c *coordinator) startWorkers(ctx context.Context, b *bus.Bus) (*localWorkers, error) {
	lw := &localWorkers{failed: make(chan error, 1)}
	n := c.o.Workers
	wctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	lw.stop = sync.OnceFunc(func() {
		cancel()
		wg.Wait()
	})
	if n <= 0 {
		return lw, nil
	}
	if c.o.StartWorker == nil {
		wg.Go(func() { Work(wctx, b, WorkerOptions{Slots: n, Name: "local"}) })
		return lw, nil
	}
	// The workers read the NATS address and its credentials on their
	// standard input: nothing secret on their command line or in their
	// environment, which other programs of the user can read.
	addr, err := json.Marshal(b.Address)
	if err != nil {
		cancel()
		return nil, err
	}
	logFile, err := os.OpenFile(c.f.path(workersLog), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		cancel()
		return nil, err
	}
	var mu sync.Mutex
	var cmds []*exec.Cmd
	lw.stop = sync.OnceFunc(func() {
		cancel()
		mu.Lock()
		for _, cmd := range cmds {
			sandbox.Kill(cmd)
		}
		mu.Unlock()
		wg.Wait()
		logFile.Close()
	})
	for i := range n {
		wg.Go(func() {
			quick := 0
			for wctx.Err() == nil {
				cmd := c.o.StartWorker(i)
				cmd.Stdin = bytes.NewReader(addr)
				if cmd.Dir == "" {
					cmd.Dir = filepath.Dir(c.spec.Path)
				}
				cmd.Stdout, cmd.Stderr = logFile, logFile
				mu.Lock()
				err := sandbox.Start(cmd, sandbox.Program{Name: fmt.Sprintf("local worker %d", i+1), Trusted: true})
				cmds = append(cmds, cmd)
				mu.Unlock()
				began := time.Now()
				if err == nil {
					err = cmd.Wait()
				}
				if wctx.Err() != nil {
					return
				}
				fmt.Fprintf(logFile, "arena: local worker %d stopped (%v); starting it again\n", i+1, err)
				if time.Since(began) < 2*time.Second {
					if quick++; quick >= 3 {
						select {
						case lw.failed <- fmt.Errorf("local worker %d keeps stopping at once (%v): see %s", i+1, err, c.f.path(workersLog)):
						default:
						}
						return
					}
				} else {
					quick = 0
				}
				select {
				case <-wctx.Done():
				case <-time.After(time.Second):
				}
			}
		})
	}
	return lw, nil
}
