//go:build !js

package server

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/net/bus"
)

// A match's log is a JetStream stream of its own, named streamName(id),
// holding on these subjects, in the order they happened:
//
//	arena.match.ID.spec     the replay's lines: header, steps, keyframes, result
//	arena.match.ID.seat.N   seat N's lines: its stream's header and views (a
//	                        title that hides things from its seats), and the
//	                        server's asks and refusals of its moves
//	arena.match.ID.end      the end: {"status":"finished"|"interrupted","reason":...}
//
// The replay's lines are the .arena file's, byte for byte.
func streamName(id string) string { return "arena-match-" + id }

func subject(id, what string) string { return "arena.match." + id + "." + what }

func seatSubject(id string, seat int) string { return subject(id, "seat."+strconv.Itoa(seat)) }

// inbox is where a remote seat's moves and joins go, by core NATS request:
// outside the match's stream.
func inbox(id string, seat int) string { return "arena.seat." + id + "." + strconv.Itoa(seat) }

// publishWait bounds a match's record's write to JetStream, retried
// through a NATS server's loss (bus.Retry) within it.
const publishWait = 10 * time.Second

// endWait bounds the writing of a match's end, its record and its
// stream's last line, retried through a NATS server's loss.
const endWait = time.Minute

// maxLogMsgs bounds the lines of a match's stream, past the bounds its
// lines already have (a remote seat's refusals are bounded in each ask,
// maxRefusals): a match that reaches it stops, interrupted. (A bound in
// bytes would be reserved on JetStream's disk for every match kept.)
const maxLogMsgs = 4_000_000

// createLog makes match id's stream, with as many copies as the bus keeps,
// riding out a NATS server's loss.
func (s *Server) createLog(ctx context.Context, id string) error {
	err := bus.Retry(ctx, func(ctx context.Context) error {
		_, err := s.js.CreateStream(ctx, jetstream.StreamConfig{Name: streamName(id), Subjects: []string{subject(id, ">")},
			Storage: jetstream.FileStorage, Replicas: s.bus.Replicas, Description: "the lines of Arena's match " + id,
			MaxMsgSize: game.MaxLine, MaxMsgs: maxLogMsgs, Discard: jetstream.DiscardNew})
		return err
	})
	if err != nil {
		return fmt.Errorf("match %s: its stream: %w", id, err)
	}
	return nil
}

// publish appends one line to match id's stream, on subject what, and
// returns once JetStream has stored it, trying again through a NATS
// server's loss; msgID, the line's own, keeps it once in the stream
// however many times it is sent.
func (s *Server) publish(ctx context.Context, id, what, msgID string, line []byte) error {
	if s.onLine != nil && what == "spec" {
		s.onLine(id, line)
	}
	err := bus.Retry(ctx, func(ctx context.Context) error {
		_, err := s.js.Publish(ctx, subject(id, what), line, jetstream.WithExpectStream(streamName(id)), jetstream.WithMsgID(msgID))
		return err
	})
	if err != nil {
		return fmt.Errorf("match %s: publish: %w", id, err)
	}
	return nil
}

// ending is the payload of a match's end.
type ending struct {
	Status string `json:"status"`
	Reason string `json:"reason"`
}

// publishEnd ends match id's stream, once: the message ID of its end is
// the same from every server.
func (s *Server) publishEnd(ctx context.Context, id, status, reason string) {
	data, _ := json.Marshal(ending{Status: status, Reason: reason})
	if err := s.publish(ctx, id, "end", id+"-end", data); err != nil {
		s.log.Warn("the end of a match could not be written", "match", id, "err", err)
	}
}

// seatOf is the seat number of a seat subject, 0 for another subject.
func seatOf(id, subj string) int {
	n, ok := strings.CutPrefix(subj, subject(id, "seat."))
	if !ok {
		return 0
	}
	seat, err := strconv.Atoi(n)
	if err != nil || seat < 1 {
		return 0
	}
	return seat
}
