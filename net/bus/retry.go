//go:build !js

package bus

import (
	"context"
	"errors"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// The bounds of Retry: a JetStream leader election after a server's loss
// takes seconds; a client's reconnection to another server, about one.
const (
	retryFor    = 45 * time.Second
	attemptWait = 10 * time.Second
	maxBackoff  = 2 * time.Second
)

// Retry does op until it succeeds, fails for a reason other than a NATS
// server's loss or a leader's change (Transient), ctx ends, or retryFor
// has passed; it waits longer after each failure, up to maxBackoff. Each
// attempt has attemptWait. op must be safe to do again: a publish carries
// a message ID (jetstream.WithMsgID), so that JetStream keeps one copy.
func Retry(ctx context.Context, op func(context.Context) error) error {
	return RetryWithin(ctx, attemptWait, op)
}

// RetryWithin is Retry with attempts of their own length, such as
// TransferWait's for a large object.
func RetryWithin(ctx context.Context, attempt time.Duration, op func(context.Context) error) error {
	deadline := time.Now().Add(retryFor + attempt)
	backoff := 50 * time.Millisecond
	for {
		actx, cancel := context.WithTimeout(ctx, attempt)
		err := op(actx)
		cancel()
		if err == nil || ctx.Err() != nil || !Transient(err) || time.Now().Add(backoff).After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, maxBackoff)
	}
}

// slowLink is the slowest link a transfer is given time for: 1 MB/s.
const slowLink = 1 << 20

// TransferWait is how long one attempt to move size bytes to or from an
// object store may take: attemptWait, and a second for each megabyte.
func TransferWait(size int) time.Duration {
	return attemptWait + time.Duration(size/slowLink)*time.Second
}

// Transient reports whether err is one that a NATS server's loss, a
// JetStream leader's election or a client's reconnection makes for a
// while: a timeout, no responder, a cluster or stream without a leader
// now.
func Transient(err error) bool {
	for _, e := range []error{context.DeadlineExceeded, nats.ErrTimeout, nats.ErrNoResponders, nats.ErrConnectionReconnecting,
		nats.ErrDisconnected, jetstream.ErrNoStreamResponse, jetstream.ErrAsyncPublishTimeout, jetstream.ErrNoHeartbeat,
		jetstream.ErrConsumerLeadershipChanged, jetstream.ErrJetStreamNotEnabled} {
		if errors.Is(err, e) {
			return true
		}
	}
	var api *jetstream.APIError
	if !errors.As(err, &api) {
		return false
	}
	switch api.ErrorCode {
	case 10008, // JetStream system temporarily unavailable
		10009, // the cluster cannot handle the request (no leader)
		10023, // insufficient resources: a server down for now
		10118, // stream offline
		10119: // consumer offline
		return true
	}
	return api.Code == 503
}
