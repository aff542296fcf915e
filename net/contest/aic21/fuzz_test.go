package aic21

import (
	"bytes"
	"net"
	"testing"
)

// FuzzFrames feeds the frame reader any bytes, in writes of any sizes: it
// never panics, and the frames it reads are the NUL-separated pieces.
func FuzzFrames(f *testing.F) {
	f.Add([]byte("{\"type\": 1, \"info\": {\"direction\": 2}}\x00{\"type\":6,\"info\":{}}\x00"), uint8(7))
	f.Add([]byte("\x00\x00{\x00"), uint8(1))
	f.Add([]byte(`{"type": "token", "turn": 0, "info": {"token": "00000000000000000000000000000000"}}`+"\x00"), uint8(200))
	f.Fuzz(func(t *testing.T, data []byte, chunk uint8) {
		server, client := net.Pipe()
		go func() {
			step := int(chunk%64) + 1
			for i := 0; i < len(data); i += step {
				client.Write(data[i:min(i+step, len(data))])
			}
			client.Close()
		}()
		c := newConnection(server)
		var got [][]byte
		for {
			frame, err := c.next()
			if err != nil {
				break
			}
			tokenOf(frame)
			got = append(got, append([]byte(nil), frame...))
		}
		want := bytes.Split(data, []byte{0})
		want = want[:len(want)-1] // what follows the last NUL is no frame
		if len(got) != len(want) {
			t.Fatalf("%d frames, want %d", len(got), len(want))
		}
		for i := range got {
			if !bytes.Equal(got[i], want[i]) {
				t.Fatalf("frame %d: %q, want %q", i, got[i], want[i])
			}
		}
	})
}
