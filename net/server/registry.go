//go:build !js

package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/arena-games/arena/net/bus"
	"github.com/arena-games/arena/net/stream"
)

// record is a match as the key-value bucket keeps it: what the API shows,
// and what the servers need to serve it.
type record struct {
	stream.Info
	// Owner is the id of the server that runs it; Beat is when that
	// server last said it still does.
	Owner string    `json:"owner"`
	Beat  time.Time `json:"beat"`
	// Tokens are the hashes of the remote seats' tokens, by seat number.
	Tokens map[int]string `json:"tokens,omitempty"`
	// Fog is set when the title hides part of the game from its seats:
	// they read seat streams.
	Fog bool `json:"fog,omitempty"`
	// Hidden is set when it also has a seat played from elsewhere or by a
	// program: the public sees it at its end only (audience.go).
	Hidden bool `json:"hidden,omitempty"`
	// Marked is set once a seat sent debug marks: its replay file then
	// holds what not every audience sees (audience.go).
	Marked bool `json:"marked,omitempty"`

	rev uint64 // the bucket's revision of the record as read
}

// How often a server says its matches still run, and how long after its
// last word another server counts them as interrupted.
const (
	beatEvery = 5 * time.Second
	staleAge  = 30 * time.Second
)

// delay is how many turns late the public sees the match: 0 live, -1 at
// its end (a hidden match, whatever its record says; a delay that cannot
// be read: better hidden).
func (r *record) delay() int {
	if r.Hidden {
		return -1
	}
	if sp := r.Spectators; sp == "" || sp == "all" {
		return 0
	}
	if n, ok := parseDelay(r.Spectators); ok {
		return n
	}
	return -1
}

// running reports whether the match is still to end.
func (r *record) running() bool { return r.Status == stream.Waiting || r.Status == stream.Live }

// errNoMatch is wrapped by the errors for an unknown match.
var errNoMatch = errors.New("no such match")

// get reads match id's record.
func (s *Server) get(ctx context.Context, id string) (*record, error) {
	if !stream.ValidID(id) {
		return nil, fmt.Errorf("%w: %q", errNoMatch, id)
	}
	var e jetstream.KeyValueEntry
	err := bus.Retry(ctx, func(ctx context.Context) (err error) {
		e, err = s.kv.Get(ctx, id)
		return err
	})
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil, fmt.Errorf("%w: %s", errNoMatch, id)
	}
	if err != nil {
		return nil, fmt.Errorf("match %s: %w", id, err)
	}
	return s.decode(ctx, e)
}

// decode reads a record of the bucket, marking it interrupted when its
// server stopped saying it runs it.
func (s *Server) decode(ctx context.Context, e jetstream.KeyValueEntry) (*record, error) {
	var r record
	if err := json.Unmarshal(e.Value(), &r); err != nil {
		return nil, fmt.Errorf("match %s: its record: %w", e.Key(), err)
	}
	r.rev = e.Revision()
	if r.running() && r.Owner != s.id && time.Since(r.Beat) > staleAge {
		s.interrupt(ctx, &r, "interrupted: its server stopped answering")
	}
	return &r, nil
}

// errTaken is returned by put when another server changed the record:
// it counted the match interrupted.
var errTaken = errors.New("another server changed the match's record")

// put writes a record as its server's: a new one, or over the revision it
// last wrote (else errTaken).
func (s *Server) put(ctx context.Context, r *record) error {
	r.Owner = s.id
	r.Beat = time.Now().UTC()
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	rev, err := s.write(ctx, r.ID, data, r.rev)
	if errors.Is(err, jetstream.ErrKeyExists) || errors.Is(err, jetstream.ErrKeyRevisionMismatch) {
		return errTaken
	}
	if err != nil {
		return err
	}
	r.rev = rev
	return nil
}

// write writes a record's data over revision rev (0: a new record), and
// tries again through a NATS server's loss. An attempt whose answer was
// lost may have been stored: the next then finds the revision moved on,
// and takes the bucket's record for its own when it holds data.
func (s *Server) write(ctx context.Context, key string, data []byte, rev uint64) (uint64, error) {
	var out uint64
	tried := false
	err := bus.Retry(ctx, func(ctx context.Context) error {
		var err error
		if rev == 0 {
			out, err = s.kv.Create(ctx, key, data)
		} else {
			out, err = s.kv.Update(ctx, key, data, rev)
		}
		moved := errors.Is(err, jetstream.ErrKeyExists) || errors.Is(err, jetstream.ErrKeyRevisionMismatch)
		if moved && tried {
			e, gerr := s.kv.Get(ctx, key)
			if gerr != nil {
				return gerr
			}
			if bytes.Equal(e.Value(), data) {
				out, err = e.Revision(), nil
			}
		}
		tried = true
		return err
	})
	return out, err
}

// interrupt marks a match that will not go on as interrupted, unless
// another server did it first, and ends its stream.
func (s *Server) interrupt(ctx context.Context, r *record, reason string) {
	r.Status = stream.Interrupted
	data, err := json.Marshal(r)
	if err != nil {
		return
	}
	if _, err := s.write(ctx, r.ID, data, r.rev); err != nil {
		return // another server marked it
	}
	s.publishEnd(ctx, r.ID, stream.Interrupted, reason)
	s.log.Info("match interrupted", "match", r.ID, "reason", reason)
}

// records reads every match's record.
func (s *Server) records(ctx context.Context) ([]*record, error) {
	keys, err := s.kv.ListKeys(ctx)
	if err != nil {
		return nil, fmt.Errorf("the list of matches: %w", err)
	}
	var out []*record
	for k := range keys.Keys() {
		e, err := s.kv.Get(ctx, k)
		if err != nil {
			continue // deleted meanwhile
		}
		r, err := s.decode(ctx, e)
		if err != nil {
			s.log.Warn("a match's record cannot be read", "err", err)
			continue
		}
		out = append(out, r)
	}
	slices.SortFunc(out, func(a, b *record) int {
		if ra, rb := rank(a.Status), rank(b.Status); ra != rb {
			return ra - rb
		}
		return strings.Compare(b.Started, a.Started)
	})
	return out, nil
}

// rank orders the statuses in a list: live first, then waiting, then the
// rest.
func rank(status string) int {
	switch status {
	case stream.Live:
		return 0
	case stream.Waiting:
		return 1
	}
	return 2
}
