//go:build !js

package tournament

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/tournament"
	"github.com/arena-games/arena/net/bus"
)

// The JetStream names tournaments share. Every tournament's matches are
// jobs on one work-queue stream, a batch of matches a job, on the subject
// arena.match.TOURNAMENT.FIRSTMATCH. Every worker takes jobs from one
// durable consumer. Each tournament has its own key-value bucket of
// results (one key per report of a match) and object store of replays
// (one zip archive per batch played), deleted when it is complete.
const (
	JobsStream      = "ARENA_MATCHES"
	WorkersConsumer = "arena-workers"
	jobsSubjects    = "arena.match.>"
)

func jobSubject(tid, first string) string { return "arena.match." + tid + "." + first }
func resultsBucket(tid string) string     { return "arena-results-" + tid }
func replaysBucket(tid string) string     { return "arena-replays-" + tid }

// resultSubject is where a key lives in a tournament's results bucket.
func resultSubject(tid, key string) string { return "$KV." + resultsBucket(tid) + "." + key }

// resultKey is the key of one report of a match in the results bucket:
// the match's ID, a dot and the report's. Each report has its own key, so
// that a result written first, whoever wrote it, takes no other's place.
func resultKey(match, report string) string { return match + "." + report }

// matchOfKey is the match a key of the results bucket is of.
func matchOfKey(key string) string {
	match, _, _ := strings.Cut(key, ".")
	return match
}

// DefaultAckWait is how long a batch stays with a worker that has stopped
// saying it is still playing it, before another worker gets it.
const DefaultAckWait = 30 * time.Second

// maxAttempts is how many times a batch is handed out before it counts as
// one that workers die playing.
const maxAttempts = 5

// JobVersion is the version of the Job message.
const JobVersion = 1

// Job is a batch of matches of one tournament for a worker: everything it
// needs to play them, nothing of the spec.
type Job struct {
	Version    int               `json:"v"`
	Tournament string            `json:"tournament"`
	Title      string            `json:"title"`
	Options    map[string]string `json:"options,omitempty"`
	Limit      time.Duration     `json:"limit,omitempty"`
	// MoveFiles keeps each match's move file beside its replay.
	MoveFiles bool `json:"move_files,omitempty"`
	// Listen and JoinTimeout set up the listener of the matches' contest
	// seats (game.ContestOptions): "" is the original's port on loopback,
	// 0 the contest's own join time.
	Listen      string        `json:"listen,omitempty"`
	JoinTimeout time.Duration `json:"join_timeout,omitempty"`
	// Teams are the logins of every team of the tournament, so that each
	// can log in from the night's first match on.
	Teams   []game.Login `json:"teams,omitempty"`
	Matches []JobMatch   `json:"matches"`
}

// JobMatch is one match of a job.
type JobMatch struct {
	ID    string   `json:"id"`
	Seats []string `json:"seats"` // each seat's player, as a seat list holds it
	Names []string `json:"names"` // the entrants' names, for logs
	// Logins are the seats' own logins, by seat, where a team's bot takes
	// its seat with its team's login; none when no seat has one.
	Logins []game.Login `json:"logins,omitempty"`
	Seed   int64        `json:"seed"`
	Map    string       `json:"map,omitempty"`
}

// report is a worker's result in the results bucket: the result, and
// where its files are: the zip archive of its batch in the replay store.
type report struct {
	tournament.Result
	Archive string `json:"archive,omitempty"`
}

// openQueue makes the jobs stream (with replicas copies on a cluster) if
// there is none, or raises its copies to replicas, and the workers'
// consumer with its ack wait. It rides out a NATS server's loss.
func openQueue(ctx context.Context, js jetstream.JetStream, ackWait time.Duration, replicas int) (jetstream.Consumer, error) {
	err := bus.Retry(ctx, func(ctx context.Context) error {
		_, err := js.CreateStream(ctx, jetstream.StreamConfig{
			Name: JobsStream, Subjects: []string{jobsSubjects}, Retention: jetstream.WorkQueuePolicy,
			Storage: jetstream.FileStorage, Replicas: replicas, Description: "Arena's tournament matches, a batch of matches a job",
		})
		if errors.Is(err, jetstream.ErrStreamNameAlreadyInUse) {
			return bus.Raise(ctx, js, JobsStream, replicas)
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("the jobs stream %s: %w", JobsStream, err)
	}
	var c jetstream.Consumer
	err = bus.Retry(ctx, func(ctx context.Context) (err error) {
		c, err = js.CreateOrUpdateConsumer(ctx, JobsStream, jetstream.ConsumerConfig{
			Durable: WorkersConsumer, AckPolicy: jetstream.AckExplicitPolicy, AckWait: ackWait,
			MaxAckPending: 100_000, Description: "Arena's tournament workers",
		})
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("the workers' consumer: %w", err)
	}
	return c, nil
}

// waitQueue is the workers' consumer, once a runner has made it.
func waitQueue(ctx context.Context, js jetstream.JetStream) (jetstream.Consumer, error) {
	for said := false; ; said = true {
		var c jetstream.Consumer
		err := bus.Retry(ctx, func(ctx context.Context) (err error) {
			c, err = js.Consumer(ctx, JobsStream, WorkersConsumer)
			return err
		})
		if err == nil {
			return c, nil
		}
		if !errors.Is(err, jetstream.ErrStreamNotFound) && !errors.Is(err, jetstream.ErrConsumerNotFound) {
			return nil, fmt.Errorf("the workers' consumer: %w", err)
		}
		if !said {
			slog.Warn("tournament worker: no tournament on this NATS yet; waiting for `arena tournament run`")
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(2 * time.Second):
		}
	}
}

// buckets opens a tournament's results and replays, riding out a NATS
// server's loss; jetstream.ErrBucketNotFound or ErrStreamNotFound says
// the tournament has none.
func buckets(ctx context.Context, js jetstream.JetStream, tid string) (kv jetstream.KeyValue, obs jetstream.ObjectStore, err error) {
	err = bus.Retry(ctx, func(ctx context.Context) (err error) {
		if kv, err = js.KeyValue(ctx, resultsBucket(tid)); err != nil {
			return err
		}
		obs, err = js.ObjectStore(ctx, replaysBucket(tid))
		return err
	})
	return kv, obs, err
}

// gone reports whether err says a tournament's buckets are not there.
func gone(err error) bool {
	return errors.Is(err, jetstream.ErrBucketNotFound) || errors.Is(err, jetstream.ErrStreamNotFound)
}

// makeBuckets makes a tournament's results bucket and replay store (with
// replicas copies on a cluster) where there are none, raises their copies
// to replicas where they have fewer, and opens them.
func makeBuckets(ctx context.Context, js jetstream.JetStream, tid string, replicas int) (jetstream.KeyValue, jetstream.ObjectStore, error) {
	err := bus.Retry(ctx, func(ctx context.Context) error {
		_, err := js.CreateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: resultsBucket(tid), Storage: jetstream.FileStorage,
			Replicas: replicas, Description: "the results of tournament " + tid})
		if errors.Is(err, jetstream.ErrBucketExists) {
			return bus.Raise(ctx, js, bus.KeyValueStream(resultsBucket(tid)), replicas)
		}
		return err
	})
	if err != nil {
		return nil, nil, fmt.Errorf("the results bucket: %w", err)
	}
	err = bus.Retry(ctx, func(ctx context.Context) error {
		_, err := js.CreateObjectStore(ctx, jetstream.ObjectStoreConfig{Bucket: replaysBucket(tid), Storage: jetstream.FileStorage,
			Replicas: replicas, Description: "the replays of tournament " + tid})
		if errors.Is(err, jetstream.ErrBucketExists) {
			return bus.Raise(ctx, js, bus.ObjectStoreStream(replaysBucket(tid)), replicas)
		}
		return err
	})
	if err != nil {
		return nil, nil, fmt.Errorf("the replays store: %w", err)
	}
	return buckets(ctx, js, tid)
}

// clearJobs takes a tournament's jobs off the queue: those waiting and
// those a worker holds (its results still count when they come).
func clearJobs(ctx context.Context, js jetstream.JetStream, tid string) error {
	err := bus.Retry(ctx, func(ctx context.Context) error {
		s, err := js.Stream(ctx, JobsStream)
		if err != nil {
			return err
		}
		return s.Purge(ctx, jetstream.WithPurgeSubject(jobSubject(tid, ">")))
	})
	if err != nil && !errors.Is(err, jetstream.ErrStreamNotFound) {
		return fmt.Errorf("clear the tournament's jobs: %w", err)
	}
	return err
}

// removeTournament deletes what a complete tournament left on JetStream:
// its results, its replays and any job of it still queued.
func removeTournament(ctx context.Context, js jetstream.JetStream, tid string) error {
	var errs []error
	if err := bus.Retry(ctx, func(ctx context.Context) error { return js.DeleteKeyValue(ctx, resultsBucket(tid)) }); err != nil && !gone(err) {
		errs = append(errs, err)
	}
	if err := bus.Retry(ctx, func(ctx context.Context) error { return js.DeleteObjectStore(ctx, replaysBucket(tid)) }); err != nil && !gone(err) {
		errs = append(errs, err)
	}
	if err := clearJobs(ctx, js, tid); err != nil && !errors.Is(err, jetstream.ErrStreamNotFound) {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}
