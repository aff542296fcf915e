package guardains

import (
	"sync/atomic"

	"github.com/zishang520/engine.io/v2/types"
	"github.com/zishang520/socket.io-go-parser/v2/parser"
)

// The Socket.IO library hands each decoded packet to its own goroutine,
// so a bot's action event and the ack that follows it may reach the
// server's handlers in either order. The rules hang on that order (an ack
// closes the round's window, §4.2), so the server reads the packets where
// the library decodes them, one connection at a time, in the order they
// came.

// connKey is the key under which the decoder tells the login middleware
// which connection a CONNECT packet came on.
const connKey = "\x00arena.conn"

// packet is what the server needs of a decoded packet.
type packet struct {
	ack   bool   // an ACK
	event string // an EVENT's name
	data  any    // an EVENT's first argument
}

// connIDs numbers the connections.
var connIDs atomic.Uint64

// orderedParser is the library's parser with a hook on every packet
// decoded, called in order for each connection.
type orderedParser struct {
	hook func(conn uint64, p *packet)
}

func (o *orderedParser) NewEncoder() parser.Encoder { return parser.NewEncoder() }

func (o *orderedParser) NewDecoder() parser.Decoder {
	return &orderedDecoder{Decoder: parser.NewDecoder(), conn: connIDs.Add(1), hook: o.hook}
}

// orderedDecoder calls the hook before the library's listeners.
type orderedDecoder struct {
	parser.Decoder
	conn uint64
	hook func(conn uint64, p *packet)
}

// On wraps the library's "decoded" listener.
func (d *orderedDecoder) On(ev types.EventName, listeners ...types.Listener) error {
	if ev != "decoded" {
		return d.Decoder.On(ev, listeners...)
	}
	wrapped := make([]types.Listener, len(listeners))
	for i, fn := range listeners {
		wrapped[i] = func(args ...any) {
			if len(args) > 0 {
				if p, ok := args[0].(*parser.Packet); ok {
					d.see(p)
				}
			}
			fn(args...)
		}
	}
	return d.Decoder.On(ev, wrapped...)
}

// see tells the hook about p, and marks a CONNECT's auth with the
// connection.
func (d *orderedDecoder) see(p *parser.Packet) {
	switch p.Type {
	case parser.CONNECT:
		auth, ok := p.Data.(map[string]any)
		if !ok {
			auth = map[string]any{}
		}
		auth[connKey] = d.conn
		p.Data = auth
	case parser.ACK, parser.BINARY_ACK:
		d.hook(d.conn, &packet{ack: true})
	case parser.EVENT, parser.BINARY_EVENT:
		args, _ := p.Data.([]any)
		if len(args) == 0 {
			return
		}
		name, _ := args[0].(string)
		var data any
		if len(args) > 1 {
			data = args[1]
		}
		d.hook(d.conn, &packet{event: name, data: data})
	}
}
