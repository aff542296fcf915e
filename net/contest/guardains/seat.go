package guardains

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/zishang520/socket.io/v2/socket"

	"github.com/arena-games/arena/game"
	gg "github.com/arena-games/arena/game/guardains"
	"github.com/arena-games/arena/net/contest"
)

// seat is a contest seat: the game.Player that the bot logged in as its
// player_id plays.
type seat struct {
	l        *Lobby
	seat     game.Seat
	id       string // player_id: "player1"
	password contest.Secret
	shown    string // the password, for Connect

	// Under l.mu.
	joined bool
	sock   *socket.Socket // the connected socket, nil while disconnected
	conn   uint64         // its connection
	leave  func()         // tells the lobby the socket left its seat, once
	round  *window        // the round whose view waits for an answer
	early  []string       // action events that came between rounds
	marks  game.Notes     // marks events that came between rounds
}

// window is one round's answer: the action events that came while it was
// open, the marks events' debug marks, and whether the bot acked the view.
type window struct {
	events []string
	marks  game.Notes
	ack    bool
	done   chan struct{}
}

// Play sends the round's view with an ack request and gathers the bot's
// action events until it acks, or for 1 s (§4.2). The move lists them, one
// per line; gg.NoAck ends a window that closed without an ack, and gg.Ack
// alone is an ack without events. A disconnected seat answers nothing,
// which costs a timeout (R25); one not connected at the start is
// gg.Absent, and loses at once.
func (p *seat) Play(ctx context.Context, obs any) (game.Answer, error) {
	o, ok := obs.(*gg.Observation)
	if !ok {
		return game.Answer{}, fmt.Errorf("guardains contest seat: observation is %T, not a *guardains.Observation", obs)
	}
	l := p.l
	l.mu.Lock()
	absent := o.Round == 0 && p.sock == nil
	l.mu.Unlock()
	if absent {
		// A seat not connected at the start loses at once (rules §1).
		return game.Answer{Move: gg.Absent}, nil
	}
	l.status(o.Round)
	w := &window{done: make(chan struct{})}
	l.mu.Lock()
	w.events, p.early = p.early, nil
	w.marks, p.marks = p.marks, game.Notes{}
	sock := p.sock
	if sock != nil {
		p.round = w
	}
	l.mu.Unlock()
	start := time.Now()
	if sock != nil {
		sock.Emit("action", json.RawMessage(o.JSON()), socket.Ack(func([]any, error) {}))
		limit := l.opts.Limit
		if limit <= 0 {
			limit = Window
		}
		timer := time.NewTimer(limit)
		defer timer.Stop()
		select {
		case <-w.done:
		case <-timer.C:
		case <-ctx.Done():
		}
	}
	l.mu.Lock()
	if p.round == w {
		p.round = nil
	}
	events, ack, notes := w.events, w.ack, w.marks
	l.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return game.Answer{}, err
	}
	move := strings.Join(events, "\n")
	switch {
	case ack && move == "":
		move = gg.Ack
	case !ack && move != "":
		move += "\n" + gg.NoAck
	}
	why := fmt.Sprintf("%d ms", time.Since(start).Milliseconds())
	switch {
	case sock == nil:
		why = "disconnected"
	case !ack:
		why = "no ack within the round's window"
	}
	notes.Text = fmt.Sprintf("%s (contest): %s", p.id, why)
	return game.Answer{Move: move, Notes: &notes}, nil
}

// received files an action event of the bot: in the open round, or for
// the next one.
func (p *seat) received(data any) {
	line, err := json.Marshal(data)
	if err != nil {
		line = []byte(`"unreadable"`)
	}
	p.l.mu.Lock()
	defer p.l.mu.Unlock()
	if w := p.round; w != nil && !w.ack {
		if len(w.events) < maxEvents {
			w.events = append(w.events, string(line))
		}
		return
	}
	if len(p.early) < maxEvents {
		p.early = append(p.early, string(line))
	}
}

// marked files a marks event of the bot, an event the original server
// ignored: its debug marks (docs/debug-drawing.md), one mark or an array
// of them, as JSON or as a string of JSON. Those of a round's guardians
// are merged, within the bounds of a turn; those that come between
// rounds go to the next one.
func (p *seat) marked(data any) {
	text, ok := data.(string)
	if !ok {
		b, err := json.Marshal(data)
		if err != nil {
			b = []byte(`"unreadable"`)
		}
		text = string(b)
	}
	p.l.mu.Lock()
	defer p.l.mu.Unlock()
	if w := p.round; w != nil && !w.ack {
		w.marks.AddJSON([]byte(text))
		return
	}
	p.marks.AddJSON([]byte(text))
}

// maxEvents bounds the action events kept for a round: a bot that floods
// loses the rest, each of which would only have cost it 2 more points of
// the 300 it starts with.
const maxEvents = 256

// acked closes the open round's window.
func (p *seat) acked() {
	p.l.mu.Lock()
	defer p.l.mu.Unlock()
	if w := p.round; w != nil && !w.ack {
		w.ack = true
		close(w.done)
	}
}
