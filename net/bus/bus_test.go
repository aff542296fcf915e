//go:build !js

package bus

import (
	"context"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/require"
)

// An embedded server keeps what JetStream acknowledged across a restart,
// and other processes reach it at its URL.
func TestEmbeddedKeepsItsStreams(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	b, err := Open(Options{Dir: dir, Name: "test"})
	require.NoError(t, err)
	require.True(t, b.Embedded())
	require.Regexp(t, `^nats://127\.0\.0\.1:\d+$`, b.URL)
	s, err := b.JS.CreateStream(ctx, jetstream.StreamConfig{Name: "T", Subjects: []string{"t.>"}, Storage: jetstream.FileStorage})
	require.NoError(t, err)
	_, err = b.JS.Publish(ctx, "t.a", []byte("one"))
	require.NoError(t, err)

	other, err := Open(Options{Address: b.Address, Name: "other"})
	require.NoError(t, err)
	require.False(t, other.Embedded())
	_, err = other.JS.Publish(ctx, "t.a", []byte("two"))
	require.NoError(t, err)
	require.NoError(t, other.Close())
	require.NoError(t, b.Close())
	_ = s

	again, err := Open(Options{Dir: dir, Port: -1})
	require.NoError(t, err)
	defer again.Close()
	require.Empty(t, again.URL, "no listener")
	st, err := again.JS.Stream(ctx, "T")
	require.NoError(t, err)
	info, err := st.Info(ctx)
	require.NoError(t, err)
	require.EqualValues(t, 2, info.State.Msgs)
	msg, err := st.GetMsg(ctx, 2)
	require.NoError(t, err)
	require.Equal(t, "two", string(msg.Data))
}

func TestOpenErrors(t *testing.T) {
	_, err := Open(Options{})
	require.ErrorContains(t, err, "needs a folder")
	_, err = Open(Options{Address: Address{URL: "nats://127.0.0.1:1"}})
	require.ErrorContains(t, err, "connect to NATS nats://127.0.0.1:1")
}
