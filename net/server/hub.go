//go:build !js

package server

import (
	"context"
	"encoding/json"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/arena-games/arena/net/bus"
	"github.com/arena-games/arena/net/stream"
)

// A hub is one server's copy of a match's stream, read once from
// JetStream and shared by everyone this server streams the match to:
// a thousand spectators cost one consumer. Its entries only grow; readers
// walk them at their own pace and wait for more.
type hub struct {
	id string

	mu      sync.Mutex
	entries []entry
	last    int    // the newest step of the replay
	end     string // why the stream ended; "" until it has
	status  string // the end's status
	wake    chan struct{}
	users   int
	idle    *time.Timer
	cc      jetstream.ConsumeContext
	lastSeq uint64
	// gen counts the consumers made for the hub; lines of an older one are
	// dropped. quit closes when the hub stops.
	gen  int
	quit chan struct{}
	// zip is the replay compressed for downloads; zipBare without the
	// seats' marks (audience.go).
	zip, zipBare zipped
}

// entry is one line of the match's stream.
type entry struct {
	seat int // 0: the replay's line; N: seat N's
	line stream.Line
	data []byte
	bare []byte // a replay's step line without the seats' marks; nil: it has none
}

// hubIdle is how long a hub nobody reads stays, in case someone comes back.
const hubIdle = 30 * time.Second

// hubHeartbeat is how often JetStream tells a hub its consumer is there.
// When two go unheard (the NATS server that held the consumer is lost),
// the ordered consumer makes itself again after the last sequence read:
// a spectator's stall after a server's loss is about twice this, and the
// election of the stream's new leader.
const hubHeartbeat = time.Second

// hub is the hub of match id, started when needed; release it when done.
func (s *Server) hub(ctx context.Context, id string) (*hub, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if h, ok := s.hubs[id]; ok {
		h.mu.Lock()
		h.users++
		if h.idle != nil {
			h.idle.Stop()
			h.idle = nil
		}
		h.mu.Unlock()
		return h, nil
	}
	h := &hub{id: id, wake: make(chan struct{}), users: 1}
	if s.bus.Replicas > 1 {
		// A match played before the cluster grew gets its copies.
		if err := bus.Raise(ctx, s.js, streamName(id), s.bus.Replicas); err != nil {
			s.log.Warn("a match's stream keeps fewer copies than the cluster can", "match", id, "err", err)
		}
	}
	if err := s.consume(ctx, h, 1); err != nil {
		return nil, err
	}
	h.quit = make(chan struct{})
	if s.bus.Replicas > 1 {
		go s.mend(h) // only a cluster loses a node under a consumer
	}
	s.hubs[id] = h
	return h, nil
}

// consume makes h a new consumer of its match's stream from sequence
// from on, in place of the one before.
func (s *Server) consume(ctx context.Context, h *hub, from uint64) error {
	cons, err := s.js.OrderedConsumer(ctx, streamName(h.id), jetstream.OrderedConsumerConfig{OptStartSeq: from})
	if err != nil {
		return err
	}
	h.mu.Lock()
	h.gen++
	gen, old := h.gen, h.cc
	h.mu.Unlock()
	if old != nil {
		old.Stop()
	}
	cc, err := cons.Consume(func(msg jetstream.Msg) { h.takeOf(gen, msg) }, jetstream.PullHeartbeat(hubHeartbeat))
	if err != nil {
		return err
	}
	h.mu.Lock()
	h.cc = cc
	h.mu.Unlock()
	return nil
}

// hubStuck is how long a hub may read nothing while its match's stream
// holds lines it has not read before it makes its consumer again: an
// ordered consumer lost with its NATS server does not always come back.
const hubStuck = 4 * time.Second

// mend watches h until it stops or its stream ends, and makes its
// consumer again, after the last line read, when it is stuck.
func (s *Server) mend(h *hub) {
	t := time.NewTicker(hubStuck / 3)
	defer t.Stop()
	var since time.Time // when the hub fell behind the stream at seen
	var seen uint64
	for {
		select {
		case <-h.quit:
			return
		case <-t.C:
		}
		h.mu.Lock()
		last, ended := h.lastSeq, h.end != ""
		h.mu.Unlock()
		if ended {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), hubStuck)
		st, err := s.js.Stream(ctx, streamName(h.id))
		switch {
		case err != nil || st.CachedInfo().State.LastSeq <= last:
			since = time.Time{}
		case since.IsZero() || seen != last:
			since, seen = time.Now(), last
		case time.Since(since) >= hubStuck:
			if err := s.consume(ctx, h, last+1); err != nil {
				s.log.Warn("a match's stream could not be read again", "match", h.id, "err", err)
			} else {
				s.log.Warn("a match's stream is read again after its last line read", "match", h.id, "from", last+1)
				since = time.Time{}
			}
		}
		cancel()
	}
}

// release says a reader of h is done; a hub nobody reads stops after a
// while.
func (s *Server) release(h *hub) {
	s.mu.Lock()
	defer s.mu.Unlock()
	h.mu.Lock()
	defer h.mu.Unlock()
	h.users--
	if h.users > 0 || s.closed {
		return
	}
	h.idle = time.AfterFunc(hubIdle, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		h.mu.Lock()
		unused := h.users == 0
		h.mu.Unlock()
		if unused && s.hubs[h.id] == h {
			delete(s.hubs, h.id)
			h.stop()
		}
	})
}

// stop stops reading the stream.
func (h *hub) stop() {
	h.mu.Lock()
	cc, quit := h.cc, h.quit
	h.quit = nil
	h.mu.Unlock()
	if quit != nil {
		close(quit)
	}
	if cc != nil {
		cc.Stop()
	}
}

// takeOf adds a message of the stream that consumer gen delivered, once:
// one at or before the last sequence read (a consumer made again
// delivering it again), or of a consumer made before the newest, is
// dropped (gen 0: of any consumer).
func (h *hub) takeOf(gen int, msg jetstream.Msg) {
	subj := msg.Subject()
	data := msg.Data()
	md, err := msg.Metadata()
	if err != nil {
		return
	}
	seq := md.Sequence.Stream
	h.mu.Lock()
	defer h.mu.Unlock()
	if seq <= h.lastSeq || gen != 0 && gen != h.gen {
		return
	}
	h.lastSeq = seq
	defer h.poke()
	if subj == subject(h.id, "end") {
		var e ending
		if json.Unmarshal(data, &e) == nil && h.end == "" {
			h.end, h.status = e.Reason, e.Status
			if h.end == "" {
				h.end = e.Status
			}
		}
		return
	}
	e := entry{seat: seatOf(h.id, subj), data: data}
	if e.seat == 0 && subj != subject(h.id, "spec") {
		return
	}
	line, err := stream.Classify(data)
	if err != nil {
		return
	}
	e.line = line
	if e.seat == 0 && line.Kind == stream.Step {
		h.last = max(h.last, line.Step)
		e.bare = bareLine(data)
	}
	h.entries = append(h.entries, e)
}

// poke wakes the readers; call with mu held.
func (h *hub) poke() {
	close(h.wake)
	h.wake = make(chan struct{})
}

// snapshot is what readers need of the hub at one moment.
type snapshot struct {
	entries []entry
	last    int
	end     string
	seq     uint64
	wake    <-chan struct{}
}

func (h *hub) snapshot() snapshot {
	h.mu.Lock()
	defer h.mu.Unlock()
	return snapshot{entries: h.entries[:len(h.entries):len(h.entries)], last: h.last, end: h.end, seq: h.lastSeq, wake: h.wake}
}

// caughtUp waits until the hub has read the stream up to sequence seq.
func (h *hub) caughtUp(ctx context.Context, seq uint64) error {
	for {
		sn := h.snapshot()
		if sn.seq >= seq {
			return nil
		}
		select {
		case <-sn.wake:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// ended waits until the hub has read the stream's end, or ctx ends.
func (h *hub) ended(ctx context.Context) {
	for {
		sn := h.snapshot()
		if sn.end != "" {
			return
		}
		select {
		case <-sn.wake:
		case <-ctx.Done():
			return
		}
	}
}

// reader is what one client may read of a hub: a spectator (seat 0),
// delayed or not, or seat N (fog: its own views; else the replay and its
// own messages), from step from.
type reader struct {
	seat  int
	fog   bool
	delay int // spectators: 0 live, N turns late, -1 at the end
	from  int
	marks int // whose debug marks it sees: seat N's, none (0) or all (marksAll)
}

// wants reports whether the reader reads entry e at all.
func (r *reader) wants(e *entry) bool {
	switch {
	case r.seat == 0:
		return e.seat == 0
	case r.fog:
		return e.seat == r.seat
	}
	return e.seat == 0 || e.seat == r.seat && e.line.Kind == stream.Ctl
}

// shown reports whether the reader may read entry e yet.
func (r *reader) shown(e *entry, sn *snapshot) bool {
	if r.seat != 0 || r.delay == 0 || sn.end != "" {
		return true
	}
	if r.delay < 0 {
		return false
	}
	return e.line.Kind == stream.Header || e.line.Step <= sn.last-r.delay
}

// start is where the reader starts in the entries, after the header: the
// first line of step from, or for a replay the keyframe at or before from
// (the start of the game when there is none). ok is false while the
// header or that line has not arrived.
func (r *reader) start(entries []entry) (header, at int, ok bool) {
	header = -1
	for i := range entries {
		if e := &entries[i]; r.wants(e) && e.line.Kind == stream.Header && (r.seat == 0 || !r.fog || e.seat == r.seat) {
			header = i
			break
		}
	}
	if header < 0 {
		return -1, 0, false
	}
	if r.from <= 0 {
		return header, header + 1, true
	}
	if r.fog {
		for i := header + 1; i < len(entries); i++ {
			if e := &entries[i]; r.wants(e) && e.line.Kind != stream.Header && e.line.Step >= r.from {
				return header, i, true
			}
		}
		return header, len(entries), true
	}
	at = header + 1
	for i := header + 1; i < len(entries); i++ {
		e := &entries[i]
		if e.seat != 0 {
			continue
		}
		if e.line.Kind == stream.Keyframe && e.line.Step <= r.from {
			at = i
		}
		if e.line.Kind == stream.Step && e.line.Step > r.from {
			break
		}
	}
	return header, at, true
}
