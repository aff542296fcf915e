//go:build !js

package tournament

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/tournament"
	"github.com/arena-games/arena/net/bus"
	"github.com/arena-games/arena/net/stream"
)

// WorkerOptions say how a worker works.
type WorkerOptions struct {
	// Slots is how many batches it plays at once.
	Slots int
	// Name names it in the results ("host/pid" when empty).
	Name string
	// Log, when set, is told each match taken and finished.
	Log func(format string, args ...any)
	// Server, when set, is the Arena server (arena serve, with its admin
	// token) that plays the matches, where the room watches them live and
	// the teams' bots connect to its contest listener; the worker creates
	// each match there and takes its replay at its end.
	Server *stream.Client
}

// Work takes batches of matches from the jobs queue and plays them until
// ctx ends. A batch's files go to its tournament's replay store as one
// archive, then each match's result to the results bucket, under a key of
// its own (the match's ID and the report's), and only then is the job
// acknowledged: no result written before it (a forger's) keeps it from
// the runner, which counts a match once, from the first result its replay
// confirms. While a batch plays, the worker tells JetStream it is still at
// it, so a long one stays with it, and the batch of a worker that died
// goes to another after the consumer's ack wait. A batch that ctx
// interrupts goes back to the queue at once.
func Work(ctx context.Context, b *bus.Bus, o WorkerOptions) error {
	cons, err := waitQueue(ctx, b.JS)
	if err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return err
	}
	var info *jetstream.ConsumerInfo
	err = bus.Retry(ctx, func(ctx context.Context) (err error) {
		info, err = cons.Info(ctx)
		return err
	})
	if err != nil {
		return fmt.Errorf("the workers' consumer: %w", err)
	}
	w := &worker{js: b.JS, cons: cons, beat: max(info.Config.AckWait/3, 100*time.Millisecond), WorkerOptions: o, scratch: scratchDir()}
	if w.Name == "" {
		host, _ := os.Hostname()
		w.Name = fmt.Sprintf("%s/%d", host, os.Getpid())
	}
	if w.Log == nil {
		w.Log = func(string, ...any) {}
	}
	// The news of the matches go on until the last match has ended.
	w.news = newNews(b.Conn.Publish, w.Name)
	newsCtx, stopNews := context.WithCancel(context.Background())
	told := make(chan struct{})
	go func() {
		w.news.run(newsCtx)
		close(told)
	}()
	var wg sync.WaitGroup
	next := make(chan taken)
	wg.Go(func() { w.feed(ctx, next) })
	for range max(1, o.Slots) {
		wg.Go(func() { w.slot(ctx, next) })
	}
	wg.Wait()
	stopNews()
	<-told
	return nil
}

type worker struct {
	WorkerOptions
	js      jetstream.JetStream
	cons    jetstream.Consumer
	beat    time.Duration
	scratch string
	// news tells the runners what the matches do now.
	news *news

	mu    sync.Mutex
	known map[string]tournamentBuckets // by tournament
}

type tournamentBuckets struct {
	kv  jetstream.KeyValue
	obs jetstream.ObjectStore
}

// buckets opens a tournament's results and replays, once per tournament.
func (w *worker) buckets(ctx context.Context, tid string) (jetstream.KeyValue, jetstream.ObjectStore, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if b, ok := w.known[tid]; ok {
		return b.kv, b.obs, nil
	}
	kv, obs, err := buckets(ctx, w.js, tid)
	if err != nil {
		return nil, nil, err
	}
	if w.known == nil || len(w.known) > 64 {
		w.known = map[string]tournamentBuckets{}
	}
	w.known[tid] = tournamentBuckets{kv, obs}
	return kv, obs, nil
}

// scratchDir is where matches write their files before they go to the
// replay store: memory (/dev/shm) where the system has it, as nothing
// there needs to survive the worker, else the temporary folder.
func scratchDir() string {
	if st, err := os.Stat("/dev/shm"); err == nil && st.IsDir() {
		if f, err := os.CreateTemp("/dev/shm", "arena-probe-"); err == nil {
			f.Close()
			os.Remove(f.Name())
			return "/dev/shm"
		}
	}
	return os.TempDir()
}

// feed takes the jobs from the queue one at a time, in the queue's order,
// and hands each to the first slot that is free: while the slots play,
// one job waits ready (its queue round trip overlaps the play), and a job
// never waits for a busy slot while another is free. A slot that held a
// job of its own could play a round's second match after its first while
// the other slot waits for the teams of the next round's (a night of
// teams' bots would be played one match at a time).
func (w *worker) feed(ctx context.Context, next chan<- taken) {
	for ctx.Err() == nil {
		w.fetch(ctx, next)
	}
}

// slot plays one batch at a time, as feed hands them. While it plays a
// batch, the reports of the ones before go out (two at most).
func (w *worker) slot(ctx context.Context, next <-chan taken) {
	reports := make(chan struct{}, 2)
	var sent sync.WaitGroup
	defer sent.Wait()
	for {
		var job taken
		select {
		case <-ctx.Done():
			return
		case job = <-next:
		}
		b := w.play(ctx, job)
		if b == nil {
			continue
		}
		reports <- struct{}{}
		sent.Go(func() {
			defer func() { <-reports }()
			b.finish(ctx, w)
		})
	}
}

// taken is a job taken from the queue, and how to stop telling JetStream
// that it is being played.
type taken struct {
	msg  jetstream.Msg
	stop context.CancelFunc
}

// takeWait bounds a request for a job: one that a NATS server's loss left
// unanswered is made again after it.
const takeWait = 2 * time.Second

// fetch takes the next job from the queue and hands it over, or hands it
// back to the queue when ctx ends first. From the moment it has it, it
// tells JetStream the job is being played: it may wait long for a slot.
func (w *worker) fetch(ctx context.Context, next chan<- taken) {
	for ctx.Err() == nil {
		wait, cancel := context.WithTimeout(ctx, takeWait)
		msg, err := w.cons.Next(jetstream.FetchContext(wait))
		cancel()
		if err == nil {
			beating, stop := context.WithCancel(ctx)
			go w.heartbeat(beating, msg)
			select {
			case next <- taken{msg, stop}:
			case <-ctx.Done():
				stop()
				msg.Nak()
			}
			return
		}
		if ctx.Err() == nil && !errors.Is(err, jetstream.ErrNoMessages) && !errors.Is(err, context.DeadlineExceeded) {
			slog.Warn("tournament worker: take a match", "err", err)
			pause := time.Second
			if bus.Transient(err) {
				pause = takeWait / 8 // a leader's change: the queue is back soon
			}
			select {
			case <-ctx.Done():
			case <-time.After(pause):
			}
		}
	}
}

// batch is a job played, waiting for its report.
type batch struct {
	job     Job
	msg     jetstream.Msg
	obs     jetstream.ObjectStore
	done    []played
	dir     string             // the matches' files, in the scratch space
	stopped context.CancelFunc // the heartbeat
}

// played is one match of a batch, played.
type played struct {
	tournament.Result
	files []string // in the batch's folder
}

// play plays the matches of a job; nil when there is nothing to report
// (a job dropped, or interrupted and handed back).
func (w *worker) play(ctx context.Context, t taken) *batch {
	msg := t.msg
	var job Job
	if err := json.Unmarshal(msg.Data(), &job); err != nil || job.Version != JobVersion || len(job.Matches) == 0 {
		slog.Warn("tournament worker: a job this Arena cannot read; dropped", "subject", msg.Subject(), "err", err)
		t.stop()
		msg.Term()
		return nil
	}
	kv, obs, err := w.buckets(ctx, job.Tournament)
	if gone(err) {
		// The tournament is over and gone: its job is of no use.
		t.stop()
		msg.Term()
		return nil
	}
	if err != nil {
		// NATS cannot say now: the job goes back to the queue.
		slog.Warn("tournament worker: open the tournament's results", "tournament", job.Tournament, "err", err)
		t.stop()
		msg.NakWithDelay(time.Second)
		return nil
	}
	md, err := msg.Metadata()
	again := err == nil && md.NumDelivered > 1
	tooMany := err == nil && md.NumDelivered > maxAttempts
	b := &batch{job: job, msg: msg, obs: obs, stopped: t.stop}
	var reported map[string]bool
	if again {
		// Handed out before: a worker may have reported some of it. (A
		// match skipped for a result the runner refuses is queued again.)
		reported = reportedMatches(ctx, kv, job)
	}
	b.dir, err = os.MkdirTemp(w.scratch, "arena-batch-")
	for _, m := range job.Matches {
		if reported[m.ID] {
			continue
		}
		p := played{Result: tournament.Result{ID: m.ID, Worker: w.Name}}
		if tooMany {
			p.Error = fmt.Sprintf("handed out %d times: the workers that took it stopped answering (did they crash or run out of memory?)", md.NumDelivered-1)
		} else {
			w.Log("took %s %s", m.ID, strings.Join(m.Names, " vs "))
			if err == nil {
				var res tournament.Result
				announce := func(line string) { w.Log("%s: %s", m.ID, line) }
				tell := func(state string, seats []game.Seat, until time.Time) {
					w.news.tell(job.Tournament, m.ID, state, seats, until)
				}
				if w.Server != nil {
					res, p.files, err = playHosted(ctx, w.Server, job, m, b.dir, announce, tell)
				} else {
					res, p.files, err = playMatch(ctx, job, m, b.dir, announce, tell)
				}
				w.news.end(job.Tournament, m.ID)
				res.ID, res.Worker = p.ID, p.Worker
				p.Result = res
			}
			if ctx.Err() != nil {
				b.clean()
				msg.Nak() // interrupted: another worker takes it now
				return nil
			}
			if err != nil {
				p.Error = err.Error()
			}
		}
		b.done = append(b.done, p)
	}
	return b
}

// clean stops the heartbeat and removes the batch's files.
func (b *batch) clean() {
	b.stopped()
	if b.dir != "" {
		os.RemoveAll(b.dir)
	}
}

// finish reports the batch and acknowledges its job.
func (b *batch) finish(ctx context.Context, w *worker) {
	defer b.clean()
	if err := w.report(ctx, b.job, b.obs, b.dir, b.done); err != nil {
		if ctx.Err() == nil {
			slog.Warn("tournament worker: record results", "match", b.job.Matches[0].ID, "err", err)
		}
		// The tournament may be gone: look for its buckets again.
		w.mu.Lock()
		delete(w.known, b.job.Tournament)
		w.mu.Unlock()
		b.msg.Nak()
		return
	}
	// A job whose acknowledgement is lost goes to another worker after
	// the ack wait, which skips the matches reported.
	if err := bus.Retry(ctx, b.msg.DoubleAck); err != nil && ctx.Err() == nil {
		slog.Warn("tournament worker: acknowledge a job", "match", b.job.Matches[0].ID, "err", err)
	}
	for _, p := range b.done {
		if p.Error != "" {
			w.Log("failed %s: %s", p.ID, p.Error)
		} else {
			w.Log("finished %s in %.3fs", p.ID, p.Seconds)
		}
	}
}

// report sends a batch's files, as one zip archive, then each result
// under its own key: the match's ID and the report's (the archive's).
func (w *worker) report(ctx context.Context, job Job, obs jetstream.ObjectStore, dir string, done []played) error {
	if len(done) == 0 {
		return nil
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	files := 0
	for i := range done {
		p := &done[i]
		for _, f := range p.files {
			data, err := os.ReadFile(filepath.Join(dir, f))
			if err != nil {
				return err
			}
			// Replays are gzip already: stored as they are.
			method := zip.Deflate
			if strings.HasSuffix(f, ".arena") {
				method = zip.Store
			}
			zf, err := zw.CreateHeader(&zip.FileHeader{Name: f, Method: method})
			if err != nil {
				return err
			}
			if _, err := zf.Write(data); err != nil {
				return err
			}
			p.Files = append(p.Files, tournament.MatchesDir+"/"+f)
			files++
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	id := randomID()
	archive := ""
	if files > 0 {
		archive = job.Matches[0].ID + "/" + id + ".zip"
		err := bus.RetryWithin(ctx, bus.TransferWait(buf.Len()), func(ctx context.Context) error {
			_, err := obs.PutBytes(ctx, archive, buf.Bytes())
			return err
		})
		if err != nil {
			return fmt.Errorf("keep the replays: %w", err)
		}
	}
	// The results go out together and are confirmed together; those a
	// NATS server's loss leaves unconfirmed are sent again, each with its
	// key as its message ID, so that JetStream keeps one.
	futures := make([]jetstream.PubAckFuture, len(done))
	reports := make([][]byte, len(done))
	for i, p := range done {
		reports[i], _ = json.Marshal(report{Result: p.Result, Archive: archive})
		key := resultKey(p.ID, id)
		f, err := w.js.PublishAsync(resultSubject(job.Tournament, key), reports[i], jetstream.WithMsgID(key))
		if err != nil && !bus.Transient(err) {
			return err
		}
		futures[i] = f
	}
	for i, f := range futures {
		if f != nil {
			select {
			case <-f.Ok():
				continue
			case err := <-f.Err():
				if !bus.Transient(err) {
					return err
				}
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		key := resultKey(done[i].ID, id)
		err := bus.Retry(ctx, func(ctx context.Context) error {
			_, err := w.js.Publish(ctx, resultSubject(job.Tournament, key), reports[i], jetstream.WithMsgID(key))
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// reportedMatches are the matches of a job that have a result in the
// bucket, whoever wrote it; none when the bucket cannot say.
func reportedMatches(ctx context.Context, kv jetstream.KeyValue, job Job) map[string]bool {
	filters := make([]string, len(job.Matches))
	for i, m := range job.Matches {
		filters[i] = resultKey(m.ID, "*")
	}
	keys, err := kv.ListKeysFiltered(ctx, filters...)
	if err != nil {
		return nil
	}
	defer keys.Stop()
	out := map[string]bool{}
	for k := range keys.Keys() {
		out[matchOfKey(k)] = true
	}
	return out
}

// heartbeat tells JetStream the batch is still being played until ctx
// ends.
func (w *worker) heartbeat(ctx context.Context, msg jetstream.Msg) {
	t := time.NewTicker(w.beat)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			msg.InProgress()
		}
	}
}

// playMatch plays one match of a job in dir and returns its result and
// its files (the replay first; all named after the match), by name within
// dir. A panic of the match is its error. announce, when set, is told how
// the bots of contest seats connect; tell, when set, what the match is
// doing: waiting for the bots of some seats (until the join time ends;
// zero while their teams play other matches), or playing.
func playMatch(ctx context.Context, job Job, jm JobMatch, dir string, announce func(string),
	tell func(state string, seats []game.Seat, until time.Time)) (res tournament.Result, files []string, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the match crashed: %v\n%s", p, debug.Stack())
		}
	}()
	t, err := game.Lookup(job.Title)
	if err != nil {
		return res, nil, err
	}
	seats, err := game.ParseSeats(t, strings.Join(jm.Seats, ","))
	if err != nil {
		return res, nil, err
	}
	replay := jm.ID + ".arena"
	st := game.Setup{Title: t, Seats: seats, Names: jm.Names, Seed: jm.Seed, Map: jm.Map, Options: maps.Clone(job.Options),
		Limit: job.Limit, Out: filepath.Join(dir, replay),
		Contest: game.ContestOptions{Listen: job.Listen, JoinTimeout: job.JoinTimeout, Announce: announce, PlayAbsent: true, KeepOpen: true,
			Teams: job.Teams}}
	if tell == nil {
		tell = func(string, []game.Seat, time.Time) {}
	}
	for i, l := range jm.Logins {
		if l.User != "" {
			if st.Contest.Logins == nil {
				st.Contest.Logins = map[game.Seat]game.Login{}
			}
			st.Contest.Logins[game.Seat(i)] = l
		}
	}
	defer holdTeams(job.Listen, jm, tell)()
	if st.Options == nil {
		st.Options = map[string]string{}
	}
	st.Contest.Waiting = func(seats []game.Seat, until time.Time) {
		if len(seats) == 0 {
			tell(tournament.NowPlaying, nil, time.Time{})
		} else {
			tell(tournament.NowWaiting, seats, until)
		}
	}
	if !slices.ContainsFunc(seats, func(s game.SeatSpec) bool { _, _, ok := game.FindContest(t, s.Kind); return ok }) {
		tell(tournament.NowPlaying, nil, time.Time{})
	}
	start := time.Now()
	m, closeFiles, err := st.StartContext(ctx)
	if err != nil {
		return res, nil, err
	}
	tell(tournament.NowPlaying, nil, time.Time{})
	_, runErr := m.Run(ctx)
	closeErr := closeFiles()
	if ctx.Err() != nil {
		return res, nil, ctx.Err()
	}
	if err := errors.Join(runErr, closeErr); err != nil {
		return res, nil, err
	}
	sum := m.Recording().Summary()
	res = tournament.Result{Winner: sum.Winner, Ranking: sum.Ranking, Reason: sum.Reason, Turns: sum.Turns,
		Began: start.UTC().Truncate(time.Microsecond), Seconds: float64(time.Since(start).Microseconds()) / 1e6}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return res, nil, err
	}
	files = []string{replay}
	for _, e := range entries {
		name := e.Name()
		// The bots' logs go with the replay; the move file only when the
		// spec asks for it (an AlienWarz game log is 50 times its replay).
		if e.Type().IsRegular() && name != replay && strings.HasPrefix(name, jm.ID+".") &&
			(job.MoveFiles || strings.HasSuffix(name, ".stderr.log")) {
			files = append(files, name)
		}
	}
	slices.Sort(files[1:])
	return res, files, nil
}

// randomID is 8 random bytes in hex.
func randomID() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// holdTeams waits until none of the teams whose bots take jm's seats on
// the listener at where plays another match, telling tell whom it waits
// for, and returns what lets them go.
func holdTeams(where string, jm JobMatch, tell func(state string, seats []game.Seat, until time.Time)) func() {
	var teams []string
	seatOf := map[string]game.Seat{} // by team
	for i, l := range jm.Logins {
		if l.User != "" {
			team := where + " " + l.User
			teams = append(teams, team)
			seatOf[team] = game.Seat(i)
		}
	}
	return playing.hold(teams, func(busy []string) {
		seats := make([]game.Seat, 0, len(busy))
		for _, t := range busy {
			seats = append(seats, seatOf[t])
		}
		slices.Sort(seats)
		tell(tournament.NowWaiting, seats, time.Time{})
	})
}

// playing are the teams whose bots play a match in this process now, by
// listener and login: a team's bot plays one match at a time, so a match
// waits for its teams' other matches on that listener to end.
var playing = teamLocks{busy: map[string]bool{}}

// teamLocks are teams' turns at playing.
type teamLocks struct {
	mu   sync.Mutex
	cond *sync.Cond
	busy map[string]bool
}

// hold waits until none of teams plays, takes them all, and returns what
// lets them go. waiting, when set, is told the teams it waits for, each
// time they change; it must return at once.
func (p *teamLocks) hold(teams []string, waiting func(busy []string)) func() {
	if len(teams) == 0 {
		return func() {}
	}
	p.mu.Lock()
	if p.cond == nil {
		p.cond = sync.NewCond(&p.mu)
	}
	var told []string
	for {
		busy := slices.DeleteFunc(slices.Clone(teams), func(t string) bool { return !p.busy[t] })
		if len(busy) == 0 {
			break
		}
		if waiting != nil && !slices.Equal(busy, told) {
			waiting(busy)
			told = busy
		}
		p.cond.Wait()
	}
	for _, t := range teams {
		p.busy[t] = true
	}
	p.mu.Unlock()
	return func() {
		p.mu.Lock()
		for _, t := range teams {
			delete(p.busy, t)
		}
		p.cond.Broadcast()
		p.mu.Unlock()
	}
}
