package aibg5

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/coder/websocket"

	"github.com/arena-games/arena/game"
	aibg "github.com/arena-games/arena/game/aibg5"
)

// watcher is a spectator's WebSocket: the frames to send it, newest last.
type watcher struct {
	frames chan []byte
	wrong  bool // a wrong password: it gets the original's refusal instead
}

// watch is GET /game?gameId=N&password=salamala: the spectator frame now.
// A wrong password gets status 200 and no body, as the original answered
// null.
func (l *Lobby) watch(r *http.Request) response {
	q := r.URL.Query()
	if !strings.EqualFold(q.Get("password"), SpectatorPassword) {
		return response{status: http.StatusOK}
	}
	id, err := strconv.Atoi(q.Get("gameId"))
	l.mu.Lock()
	defer l.mu.Unlock()
	if err != nil || id != GameID || l.match == nil {
		return message(http.StatusBadRequest, msgWatchError)
	}
	return response{http.StatusAccepted, l.frame()}
}

// frame is the spectator frame now (§5.2): the gameState, the clock's
// milliseconds left and the last action's hit; call with mu held.
func (l *Lobby) frame() []byte {
	left := max(time.Until(l.deadline).Milliseconds(), 0)
	if l.over {
		left = 0
	}
	last := l.match.Timeline.Last()
	return object(0, "gameState", l.current(), "time", left, "playerAttack", playerAttack(last)).body
}

// playerAttack is the last action's hit as the original's JSON text,
// "null" when it hit nothing, and nil (null) before the first action.
func playerAttack(f game.Frame) []byte {
	if f.Turn == 0 {
		return nil
	}
	for _, ev := range f.Events {
		if a, ok := ev.Data.(aibg.Attacked); ok {
			return fmt.Appendf(nil, `{"playerIdx":%d,"q":%d,"r":%d}`, a.Player, a.Hit.Q, a.Hit.R)
		}
	}
	return []byte("null")
}

// stream is the WebSocket /streaming?gameId=N&password=salamala: a frame
// after every action and every second.
func (l *Lobby) stream(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	id, err := strconv.Atoi(q.Get("gameId"))
	if err != nil || id != GameID {
		message(http.StatusBadRequest, msgWatchError).write(w)
		return
	}
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		return
	}
	defer c.CloseNow()
	ctx := c.CloseRead(r.Context())
	wt := &watcher{frames: make(chan []byte, 4), wrong: !strings.EqualFold(q.Get("password"), SpectatorPassword)}
	l.mu.Lock()
	l.watchers[wt] = true
	if l.match != nil {
		wt.push(l.frame())
	}
	l.mu.Unlock()
	defer func() {
		l.mu.Lock()
		delete(l.watchers, wt)
		l.mu.Unlock()
	}()
	for {
		select {
		case f := <-wt.frames:
			if wt.wrong {
				f = []byte(msgWrongPassword)
			}
			wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
			err := c.Write(wctx, websocket.MessageText, f)
			cancel()
			if err != nil {
				return
			}
		case <-ctx.Done():
			return
		case <-l.closed:
			c.Close(websocket.StatusNormalClosure, "the game is over")
			return
		}
	}
}

// push queues a frame, dropping the oldest when the spectator lags.
func (wt *watcher) push(f []byte) {
	for {
		select {
		case wt.frames <- f:
			return
		default:
			select {
			case <-wt.frames:
			default:
			}
		}
	}
}

// followMatch sends the spectators a frame after every step and every
// second, and answers the waiting calls once the game is over.
func (l *Lobby) followMatch(tl *game.Timeline) {
	defer l.follow.Done()
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		changed := tl.Changed()
		l.mu.Lock()
		if len(l.watchers) > 0 {
			f := l.frame()
			for wt := range l.watchers {
				wt.push(f)
			}
		}
		if tl.Last().Over && !l.over {
			l.finish()
		}
		l.mu.Unlock()
		select {
		case <-changed:
		case <-tick.C:
		case <-l.closed:
			return
		}
	}
}
