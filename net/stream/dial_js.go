//go:build js

package stream

import "github.com/coder/websocket"

// dialOptions are the options of a stream's WebSocket: the browser's own.
func dialOptions(*Client) *websocket.DialOptions { return nil }
