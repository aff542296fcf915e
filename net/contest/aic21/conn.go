package aic21

import (
	"bytes"
	"encoding/json"
	"errors"
	"net"
	"strings"
	"time"
)

// connection is a unit's TCP connection: frames of UTF-8 JSON, each ended
// by a NUL byte, buffered across writes and split reads.
type connection struct {
	conn    net.Conn
	buf     []byte // read, not yet a whole frame
	chunk   []byte
	discard bool // the rest of a frame over MaxFrame is being dropped
}

func newConnection(conn net.Conn) *connection {
	return &connection{conn: conn, chunk: make([]byte, 64<<10)}
}

// errClosed is a connection that ended.
var errClosed = errors.New("the unit's connection closed")

// next reads the next frame, without its NUL. A frame longer than
// MaxFrame is dropped, as the original's reader gave up on it, and the
// next one is read.
func (c *connection) next() ([]byte, error) {
	for {
		if i := bytes.IndexByte(c.buf, 0); i >= 0 {
			frame := c.buf[:i:i]
			c.buf = c.buf[i+1:]
			if c.discard {
				c.discard = false
				continue
			}
			return frame, nil
		}
		if len(c.buf) > MaxFrame {
			c.buf, c.discard = c.buf[:0], true
		}
		n, err := c.conn.Read(c.chunk)
		if n > 0 {
			if len(c.buf) == 0 && cap(c.buf) > 1<<20 {
				c.buf = nil // do not keep a flood's buffer
			}
			c.buf = append(c.buf, c.chunk[:n]...)
			continue
		}
		if err != nil {
			return nil, errClosed
		}
	}
}

// send writes one frame and its NUL.
func (c *connection) send(frame []byte) error {
	c.conn.SetWriteDeadline(time.Now().Add(5 * time.Second))
	_, err := c.conn.Write(append(frame, 0))
	return err
}

// tokenOf reads the token of a token frame, which a unit sends first:
// {"type": "token", ..., "info": {"token": "..."}}; ok is false for any
// other frame.
func tokenOf(frame []byte) (token string, ok bool) {
	var f struct {
		Type json.RawMessage `json:"type"`
		Info struct {
			Token string `json:"token"`
		} `json:"info"`
	}
	if json.Unmarshal(frame, &f) != nil {
		return "", false
	}
	var typ string
	json.Unmarshal(f.Type, &typ)
	return f.Info.Token, strings.EqualFold(typ, "token")
}
