//go:build !js

package stream

import (
	"net/http"
	"time"

	"github.com/coder/websocket"
)

// dialOptions are the options of a stream's WebSocket: the client's HTTP
// client, whose timeout bounds the handshake (15 s by default).
func dialOptions(c *Client) *websocket.DialOptions {
	h := c.HTTP
	if h == nil {
		h = &http.Client{Timeout: 15 * time.Second}
	}
	return &websocket.DialOptions{HTTPClient: h}
}
