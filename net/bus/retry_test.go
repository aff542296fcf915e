//go:build !js

package bus

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/require"
)

func TestTransient(t *testing.T) {
	for _, c := range []struct {
		err  error
		want bool
	}{
		{nats.ErrTimeout, true},
		{fmt.Errorf("queue match 1: %w", nats.ErrNoResponders), true},
		{context.DeadlineExceeded, true},
		{jetstream.ErrNoStreamResponse, true},
		{&jetstream.APIError{Code: 503, ErrorCode: 10008, Description: "JetStream system temporarily unavailable"}, true},
		{&jetstream.APIError{Code: 500, ErrorCode: 10118, Description: "stream is offline"}, true},
		{jetstream.ErrStreamNotFound, false},
		{jetstream.ErrBucketNotFound, false},
		{jetstream.ErrObjectNotFound, false},
		{nats.ErrAuthorization, false},
		{errors.New("disk full"), false},
	} {
		require.Equal(t, c.want, Transient(c.err), "%v", c.err)
	}
}

// Retry tries again what a node's loss explains, and nothing else.
func TestRetry(t *testing.T) {
	ctx := context.Background()
	tries := 0
	err := Retry(ctx, func(context.Context) error {
		if tries++; tries < 3 {
			return nats.ErrTimeout
		}
		return nil
	})
	require.NoError(t, err)
	require.Equal(t, 3, tries)

	tries = 0
	err = Retry(ctx, func(context.Context) error {
		tries++
		return jetstream.ErrStreamNotFound
	})
	require.ErrorIs(t, err, jetstream.ErrStreamNotFound)
	require.Equal(t, 1, tries)

	stopped, cancel := context.WithCancel(ctx)
	tries = 0
	err = Retry(stopped, func(context.Context) error {
		if tries++; tries == 2 {
			cancel()
		}
		return nats.ErrNoResponders
	})
	require.ErrorIs(t, err, nats.ErrNoResponders)
	require.Equal(t, 2, tries, "no try after ctx ends")
}

func TestTransferWait(t *testing.T) {
	require.Equal(t, attemptWait, TransferWait(1000))
	require.Equal(t, attemptWait+256*time.Second, TransferWait(256<<20), "a 256 MB archive over a slow link")
}

func TestKnownServers(t *testing.T) {
	require.Equal(t, 3, knownServers([]string{"nats://127.0.0.1:4222", "nats://127.0.0.1:4223", "nats://u:p@127.0.0.1:4222", "tls://N3:4224", "nats://n3:4224"}))
	require.Equal(t, 0, knownServers([]string{"::bad"}))
}
