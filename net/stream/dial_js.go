//go:build js

package stream

import "github.com/coder/websocket"

// dialOptions are the options of a stream's WebSocket: the browser's own,
// with the token offered as a subprotocol beside Protocol, since a
// browser cannot set a WebSocket's headers (and an address would show it
// to the logs on the way).
func dialOptions(_ *Client, token string) *websocket.DialOptions {
	if token == "" {
		return nil
	}
	return &websocket.DialOptions{Subprotocols: []string{Protocol, BearerProtocol + token}}
}
