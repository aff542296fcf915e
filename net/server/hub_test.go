//go:build !js

package server

import (
	"testing"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/require"
)

// delivered is a message of a match's stream as a consumer delivers it.
type delivered struct {
	jetstream.Msg
	subj string
	data string
	seq  uint64
}

func (m delivered) Subject() string { return m.subj }
func (m delivered) Data() []byte    { return []byte(m.data) }
func (m delivered) Metadata() (*jetstream.MsgMetadata, error) {
	return &jetstream.MsgMetadata{Sequence: jetstream.SequencePair{Stream: m.seq}}, nil
}

// A hub whose consumer, made again after a node's loss, delivers lines it
// already read keeps each sequence once.
func TestAHubReadsEachSequenceOnce(t *testing.T) {
	t.Parallel()
	h := &hub{id: "m1", wake: make(chan struct{})}
	spec := subject("m1", "spec")
	lines := []delivered{
		{subj: spec, data: `{"format":"arena-replay","version":1,"title":"santorini","config":{"seed":1,"seats":2},"seats":["a","b"]}`, seq: 1},
		{subj: spec, data: `{"step":1,"moves":{"1":"A1"}}`, seq: 2},
		{subj: spec, data: `{"step":2,"moves":{"2":"B2"}}`, seq: 3},
	}
	for _, m := range []delivered{lines[0], lines[1], lines[1], lines[0], lines[2], lines[2]} {
		h.takeOf(0, m)
	}
	sn := h.snapshot()
	require.Len(t, sn.entries, 3)
	for i, e := range sn.entries {
		require.Equal(t, lines[i].data, string(e.data))
	}
	require.Equal(t, 2, sn.last)
	require.Equal(t, uint64(3), sn.seq)
}
