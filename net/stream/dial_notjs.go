//go:build !js

package stream

import (
	"net/http"
	"time"

	"github.com/coder/websocket"
)

// dialOptions are the options of a stream's WebSocket: the client's HTTP
// client, whose timeout bounds the handshake (15 s by default), and the
// token in the Authorization header.
func dialOptions(c *Client, token string) *websocket.DialOptions {
	h := c.HTTP
	if h == nil {
		h = &http.Client{Timeout: 15 * time.Second}
	}
	o := &websocket.DialOptions{HTTPClient: h}
	if token != "" {
		o.HTTPHeader = http.Header{"Authorization": {"Bearer " + token}}
	}
	return o
}
