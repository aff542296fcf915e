package aibg5

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/arena-games/arena/game"
	aibg "github.com/arena-games/arena/game/aibg5"
)

// seat is a contest seat: the game.Player that the bot behind it plays
// through doAction (or actionTrain).
type seat struct {
	l        *Lobby
	seat     game.Seat
	idx      int // playerIdx
	acc      *account
	joined   bool
	training bool   // joined by /game/train: actionTrain, the development budget
	refused  string // the last of its bot's requests that was refused, and why

	// The turn, under l.mu.
	turn   *aibg.State   // the state while Play waits for this seat's action
	action chan *request // the action that took the turn, for Play
	held   *request      // the call that took the turn: its reply waits for the seat's next turn
	queued *request      // an actionTrain that came before the seat's turn
	msg    string        // the message of held's action
}

// request is a doAction or actionTrain call.
type request struct {
	move  string
	marks []byte // its "marks", the bot's debug marks of the turn (JSON), or nil
	train bool
	reply chan response
}

// Play answers the bot's held call with the state at this turn, then
// waits for its next action, within the seat's time per turn (R21: no
// action in time removes the seat) and the game's clock (R22).
func (p *seat) Play(ctx context.Context, obs any) (game.Answer, error) {
	s, ok := obs.(*aibg.State)
	if !ok {
		return game.Answer{}, fmt.Errorf("aibg5 contest seat: observation is %T, not a *aibg5.State", obs)
	}
	gs, err := s.GameState()
	if err != nil {
		return game.Answer{}, err
	}
	l := p.l
	l.mu.Lock()
	if p.held != nil {
		p.held.reply <- p.turnReply(p.held.train, gs, p.msg)
		p.held = nil
	}
	clock := time.Until(l.deadline)
	if clock <= 0 {
		l.mu.Unlock()
		return game.Answer{Move: aibg.TimeUp, Notes: &game.Notes{Text: "the game's clock ran out"}}, nil
	}
	p.turn = s
	if q := p.queued; q != nil {
		p.queued, p.turn, p.held = nil, nil, q
		p.action <- q
	}
	limit := l.opts.Limit
	if limit <= 0 {
		limit = CompetitionLimit
		if p.training {
			limit = TrainingLimit
		}
	}
	l.mu.Unlock()
	start := time.Now()
	turn, tick := time.NewTimer(limit), time.NewTimer(clock)
	defer turn.Stop()
	defer tick.Stop()
	var why string
	select {
	case r := <-p.action:
		return p.take(s, r, start), nil
	case <-turn.C:
		why = fmt.Sprintf("no action within %v", limit)
	case <-tick.C:
		why = "the game's clock ran out"
	case <-ctx.Done():
	}
	l.mu.Lock()
	claimed := p.turn == nil // a call took the turn as the time ran out
	p.turn = nil
	l.mu.Unlock()
	if claimed {
		return p.take(s, <-p.action, start), nil
	}
	switch {
	case ctx.Err() != nil:
		return game.Answer{}, ctx.Err()
	case why == "the game's clock ran out":
		return game.Answer{Move: aibg.TimeUp, Notes: &game.Notes{Text: why}}, nil
	}
	return game.Answer{Notes: &game.Notes{Text: fmt.Sprintf("%s (contest): %s", p.acc.user, why)}}, nil
}

// take plays the action of call r, which took the turn (it is held): its
// reply waits for the seat's next turn.
func (p *seat) take(s *aibg.State, r *request, start time.Time) game.Answer {
	msg := s.Message(p.idx, r.move)
	p.l.mu.Lock()
	p.msg = msg
	if p.l.over && p.held == r {
		r.reply <- p.l.overReply(r.train)
		p.l.told[p] = true
		p.held = nil
	}
	p.l.mu.Unlock()
	notes := &game.Notes{Text: fmt.Sprintf("%s (contest): %d ms", p.acc.user, time.Since(start).Milliseconds())}
	if r.marks != nil {
		notes.ParseMarks(r.marks)
	}
	return game.Answer{Move: r.move, Notes: notes}
}

// turnReply is the reply of a call at the seat's next turn: doAction's
// state and message ("null" for a legal action); actionTrain's state, or
// the message alone when the action was illegal.
func (p *seat) turnReply(train bool, gs []byte, msg string) response {
	switch {
	case train && msg != "":
		return message(http.StatusBadRequest, msg)
	case train:
		return object(http.StatusAccepted, "gameState", gs)
	case msg == "":
		msg = "null"
	}
	return object(http.StatusAccepted, "gameState", gs, "message", msg)
}

// doAction is POST /game/doAction, or /game/actionTrain when train is
// set: the action takes the seat's turn, and the reply waits for its next
// one. Its "marks", which the original server ignored, are the bot's
// debug marks for the turn (docs/debug-drawing.md). Out of turn, doAction answers at once with the current state and
// "Niste na potezu"; actionTrain waits for the turn.
func (l *Lobby) doAction(r *http.Request, train bool) response {
	a, b, bad := l.authorized(r, false)
	if bad != nil {
		return *bad
	}
	move, given, err := b.text("action")
	switch {
	case err != nil:
		return message(http.StatusBadRequest, err.Error())
	case !given || move == "":
		move = aibg.NullAction
	case move == aibg.NullAction || move == aibg.TimeUp:
		move += " " // the text itself: spaces do not count (§4.1)
	}
	req := &request{move: move, train: train, reply: make(chan response, 1)}
	if raw := bytes.TrimSpace(b["marks"]); len(raw) > 0 && string(raw) != "null" {
		req.marks = raw
	}
	l.mu.Lock()
	p := a.seat
	switch {
	case l.over:
		if p != nil {
			l.told[p] = true
		}
		l.mu.Unlock()
		return l.overReply(train)
	case p == nil || !p.joined || l.match == nil:
		l.mu.Unlock()
		if train {
			return message(http.StatusBadRequest, msgTrainNoGame)
		}
		return message(http.StatusBadRequest, msgNoGame)
	case train && (p.held != nil || p.queued != nil):
		l.mu.Unlock()
		return message(http.StatusBadRequest, msgTrainBusy)
	case p.turn != nil:
		p.turn, p.held = nil, req
		p.action <- req
	case train:
		p.queued = req
	default:
		gs := l.current()
		l.mu.Unlock()
		return object(http.StatusAccepted, "gameState", gs, "message", msgNotYourTurn)
	}
	l.mu.Unlock()
	select {
	case res := <-req.reply:
		return res
	case <-r.Context().Done():
		return response{}
	}
}
