//go:build !js

package tournament

import (
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
)

// WorkerOptions say how a worker works.
type WorkerOptions struct {
	// Slots is how many matches it plays at once.
	Slots int
	// Name names it in the results ("host/pid" when empty).
	Name string
	// Log, when set, is told each match taken and finished.
	Log func(format string, args ...any)
}

// Work takes matches from the jobs queue and plays them until ctx ends:
// each match's files go to its tournament's replay store, then its result
// to the results bucket, created only if no result is there (a match
// played twice counts once), and only then is the job acknowledged. While
// a match plays, the worker tells JetStream it is still at it, so a long
// match stays with it and a match of a worker that died goes to another
// after the consumer's ack wait. A match that ctx interrupts goes back to
// the queue at once.
func Work(ctx context.Context, b *bus.Bus, o WorkerOptions) error {
	cons, err := openQueue(ctx, b.JS, 0)
	if err != nil {
		return err
	}
	info, err := cons.Info(ctx)
	if err != nil {
		return fmt.Errorf("the workers' consumer: %w", err)
	}
	w := &worker{js: b.JS, cons: cons, beat: max(info.Config.AckWait/3, 100*time.Millisecond), WorkerOptions: o}
	if w.Name == "" {
		host, _ := os.Hostname()
		w.Name = fmt.Sprintf("%s/%d", host, os.Getpid())
	}
	if w.Log == nil {
		w.Log = func(string, ...any) {}
	}
	var wg sync.WaitGroup
	for range max(1, o.Slots) {
		wg.Go(func() { w.slot(ctx) })
	}
	wg.Wait()
	return nil
}

type worker struct {
	WorkerOptions
	js   jetstream.JetStream
	cons jetstream.Consumer
	beat time.Duration
}

// slot takes one match at a time.
func (w *worker) slot(ctx context.Context) {
	for ctx.Err() == nil {
		fetch, cancel := context.WithTimeout(ctx, 5*time.Second)
		msg, err := w.cons.Next(jetstream.FetchContext(fetch))
		cancel()
		if err != nil {
			if ctx.Err() == nil && !errors.Is(err, jetstream.ErrNoMessages) && !errors.Is(err, context.DeadlineExceeded) {
				slog.Warn("tournament worker: take a match", "err", err)
				select {
				case <-ctx.Done():
				case <-time.After(time.Second):
				}
			}
			continue
		}
		w.handle(ctx, msg)
	}
}

// handle plays one job.
func (w *worker) handle(ctx context.Context, msg jetstream.Msg) {
	var job Job
	if err := json.Unmarshal(msg.Data(), &job); err != nil || job.Version != JobVersion || job.ID == "" {
		slog.Warn("tournament worker: a job this Arena cannot read; dropped", "subject", msg.Subject(), "err", err)
		msg.Term()
		return
	}
	kv, obs, err := buckets(ctx, w.js, job.Tournament, false)
	if err != nil {
		// The tournament is over and gone: its job is of no use.
		msg.Term()
		return
	}
	if _, err := kv.Get(ctx, job.ID); err == nil {
		msg.Ack() // played already, by a worker that died before acknowledging it
		return
	}
	var res tournament.Result
	var files []string
	dir := ""
	if md, err := msg.Metadata(); err == nil && md.NumDelivered > maxAttempts {
		res.Error = fmt.Sprintf("handed out %d times: the workers that took it stopped answering (did they crash or run out of memory?)", md.NumDelivered-1)
	} else {
		w.Log("took %s %s", job.ID, strings.Join(job.Names, " vs "))
		playing, stop := context.WithCancel(ctx)
		go w.heartbeat(playing, msg)
		dir, err = os.MkdirTemp("", "arena-match-")
		if err == nil {
			defer os.RemoveAll(dir)
			res, files, err = play(playing, job, dir)
		}
		stop()
		if ctx.Err() != nil {
			msg.Nak() // interrupted: another worker takes it now
			return
		}
		if err != nil {
			res.Error = err.Error()
		}
	}
	res.ID, res.Worker = job.ID, w.Name
	attempt := randomID()
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err == nil {
			_, err = obs.PutBytes(ctx, objectName(job.ID, attempt, f), data)
		}
		if err != nil {
			slog.Warn("tournament worker: keep a match's file", "match", job.ID, "file", f, "err", err)
			msg.Nak()
			return
		}
		res.Files = append(res.Files, tournament.MatchesDir+"/"+f)
	}
	data, _ := json.Marshal(report{Result: res, Attempt: attempt})
	if _, err := kv.Create(ctx, job.ID, data); err != nil {
		for _, f := range files {
			obs.Delete(ctx, objectName(job.ID, attempt, f))
		}
		if !errors.Is(err, jetstream.ErrKeyExists) {
			slog.Warn("tournament worker: record a result", "match", job.ID, "err", err)
			msg.Nak()
			return
		}
		w.Log("played %s twice; the first result counts", job.ID)
	}
	msg.Ack()
	if res.Error != "" {
		w.Log("failed %s: %s", job.ID, res.Error)
	} else {
		w.Log("finished %s in %.1fs", job.ID, res.Seconds)
	}
}

// heartbeat tells JetStream the match is still being played until ctx
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

// play plays a job's match in dir and returns its result and its files
// (the replay first), by name within dir. A panic of the match is its
// error.
func play(ctx context.Context, job Job, dir string) (res tournament.Result, files []string, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the match crashed: %v\n%s", p, debug.Stack())
		}
	}()
	t, err := game.Lookup(job.Title)
	if err != nil {
		return res, nil, err
	}
	seats, err := game.ParseSeats(t, strings.Join(job.Seats, ","))
	if err != nil {
		return res, nil, err
	}
	replay := job.ID + ".arena"
	st := game.Setup{Title: t, Seats: seats, Seed: job.Seed, Map: job.Map, Options: maps.Clone(job.Options),
		Limit: job.Limit, Out: filepath.Join(dir, replay)}
	if st.Options == nil {
		st.Options = map[string]string{}
	}
	start := time.Now()
	m, closeFiles, err := st.Start()
	if err != nil {
		return res, nil, err
	}
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
		Seconds: float64(time.Since(start).Milliseconds()) / 1000}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return res, nil, err
	}
	files = []string{replay}
	for _, e := range entries {
		if e.Type().IsRegular() && e.Name() != replay {
			files = append(files, e.Name())
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
