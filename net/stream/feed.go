package stream

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/arena-games/arena/game"
)

// The backoff of a dropped stream: the first wait, and the longest.
const (
	firstBackoff = 250 * time.Millisecond
	maxBackoff   = 5 * time.Second
)

// Feed is a match followed from a server's stream: a recording that grows
// as the match is played. A dropped connection reconnects by itself, with
// a growing wait, and resumes after the last line received, so that no
// step is lost or read twice.
type Feed struct {
	client *Client
	id     string
	path   string
	query  url.Values
	token  string // shown to the server: the seat's, the admin's or the jury's
	cancel context.CancelFunc
	ready  chan struct{} // closed once the recording exists, or the stream failed
	done   chan struct{} // closed when the stream ended or failed

	mu       sync.Mutex
	rec      *game.Recording
	follow   *game.Follower
	seat     *game.SeatFollower
	header   []byte
	keyframe int
	lines    [][]byte
	status   string
	err      error
	ended    string // why the stream ended: "finished", "interrupted", ...
	readyOK  bool

	// Playing a seat.
	player  game.Player
	seatNo  game.Seat
	conn    *websocket.Conn
	asked   int                // the step the open ask is for, 0 for none
	asking  bool               // the open ask's player is playing
	stopAsk context.CancelFunc // ends the open ask
	reject  chan error         // the refusals of the open ask's moves
	// sentOn and sent are the connection the open ask's last move went
	// on, and the move.
	sentOn *websocket.Conn
	sent   string
}

// sendWait bounds sending one move.
const sendWait = 10 * time.Second

// send writes a move on conn, within sendWait: not within the ask's time,
// whose end would close the connection under a write.
func (l *Feed) send(conn *websocket.Conn, move string) bool {
	ctx, cancel := context.WithTimeout(context.Background(), sendWait)
	defer cancel()
	return conn.Write(ctx, websocket.MessageText, []byte(move)) == nil
}

// maxMoveMessage bounds a move's message with its marks: the server reads
// messages of at most 64 KiB.
const maxMoveMessage = 60 << 10

// moveMessage is an answer as /play takes it: the move, then a debug line
// with the marks its player drew (docs/debug-drawing.md), when they fit.
func moveMessage(a game.Answer) string {
	if a.Notes == nil || len(a.Notes.Marks) == 0 {
		return a.Move
	}
	data, err := json.Marshal(a.Notes.Marks)
	if err != nil || len(a.Move)+len(data)+len(game.MarkLinePrefix)+1 > maxMoveMessage {
		return a.Move
	}
	return a.Move + "\n" + game.MarkLinePrefix + string(data)
}

// Watch follows match id's stream as a spectator. With the admin's or
// the jury's token (Client.Admin, Client.Jury), the stream is live and
// whole.
func (c *Client) Watch(ctx context.Context, id string) *Feed {
	return c.start(ctx, id, "stream", url.Values{}, c.token(), nil, 0)
}

// Play plays seat s (from 0) of match id, whose token is token, with
// player: a person at this machine (*game.Human, whose moves the viewer
// hands over), or a bot. The stream is what the seat may see; each time
// the server asks the seat for a move, player plays from what the seat
// observes, and a refused move is told to a game.Retrier, which tries
// again within its time.
func (c *Client) Play(ctx context.Context, id string, s game.Seat, token string, player game.Player) *Feed {
	q := url.Values{"seat": {strconv.Itoa(s.Number())}}
	return c.start(ctx, id, "play", q, token, player, s)
}

func (c *Client) start(ctx context.Context, id, path string, q url.Values, token string, player game.Player, s game.Seat) *Feed {
	ctx, cancel := context.WithCancel(ctx)
	l := &Feed{client: c, id: id, path: path, query: q, token: token, cancel: cancel, ready: make(chan struct{}), done: make(chan struct{}),
		status: "connecting to " + c.Base + "…", player: player, seatNo: s, keyframe: -1}
	go l.run(ctx)
	return l
}

// Close stops following the match.
func (l *Feed) Close() {
	l.cancel()
	<-l.done
}

// Ready is closed once the recording exists (the first lines arrived), or
// the stream failed.
func (l *Feed) Ready() <-chan struct{} { return l.ready }

// Done is closed when the stream has ended: the match ended, or the
// stream failed for good (Err).
func (l *Feed) Done() <-chan struct{} { return l.done }

// Recording is the match so far; nil before the first lines.
func (l *Feed) Recording() *game.Recording {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.rec
}

// Err is why the stream failed for good, or nil.
func (l *Feed) Err() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.err
}

// Status says how the stream goes, for people: "live", "reconnecting in
// 2s (...)", "finished", ...
func (l *Feed) Status() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.status
}

// Ended is why the stream ended ("finished", "interrupted"), or "" while
// it runs.
func (l *Feed) Ended() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.ended
}

// Lines are the lines of the stream read so far, each once, in order: for
// a spectator, the replay's lines.
func (l *Feed) Lines() [][]byte {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.lines[:len(l.lines):len(l.lines)]
}

// Seat is the seat played, and false for a spectator.
func (l *Feed) Seat() (game.Seat, bool) { return l.seatNo, l.path == "play" }

func (l *Feed) setStatus(format string, args ...any) {
	l.mu.Lock()
	l.status = fmt.Sprintf(format, args...)
	l.mu.Unlock()
}

// fail ends the stream with err.
func (l *Feed) fail(err error) {
	l.mu.Lock()
	if l.err == nil {
		l.err = err
		l.status = err.Error()
	}
	l.mu.Unlock()
}

// next is the step to resume from: the one after the last read.
func (l *Feed) next() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.follow != nil:
		return l.follow.Turn() + 1
	case l.seat != nil:
		return l.seat.Turn() + 1
	}
	return 0
}

// dialURL is the stream's WebSocket address, from step from: without the
// token, which dialOptions carries.
func (l *Feed) dialURL(from int) string {
	q := url.Values{}
	for k, v := range l.query {
		q[k] = v
	}
	q.Set("from", strconv.Itoa(from))
	base := "ws" + strings.TrimPrefix(l.client.Base, "http")
	return base + "/api/matches/" + url.PathEscape(l.id) + "/" + l.path + "?" + q.Encode()
}

// run connects, reads and reconnects until the stream ends or fails.
func (l *Feed) run(ctx context.Context) {
	defer func() {
		l.endAsk()
		l.mu.Lock()
		if !l.readyOK {
			close(l.ready)
		}
		if l.rec != nil && l.rec.Timeline != nil && l.ended != "" {
			l.rec.Timeline.Finish()
		}
		l.mu.Unlock()
		close(l.done)
	}()
	wait := firstBackoff
	for attempt := 1; ctx.Err() == nil; attempt++ {
		conn, resp, err := websocket.Dial(ctx, l.dialURL(l.next()), dialOptions(l.client, l.token))
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			if resp != nil && resp.StatusCode/100 == 4 && resp.StatusCode != http.StatusTooManyRequests {
				l.fail(fmt.Errorf("server %s: match %s: %s", l.client.Base, l.id, refusal(resp)))
				return
			}
			l.setStatus("reconnecting in %v (attempt %d: %v)", wait.Round(10*time.Millisecond), attempt, shortErr(err))
			if !Sleep(ctx, jitter(wait)) {
				return
			}
			wait = min(2*wait, maxBackoff)
			continue
		}
		conn.SetReadLimit(game.MaxLine + 1<<10)
		l.mu.Lock()
		l.conn = conn
		if l.ended == "" && l.err == nil {
			l.status = "live"
		}
		l.mu.Unlock()
		got, err := l.read(ctx, conn)
		l.mu.Lock()
		l.conn = nil
		l.mu.Unlock()
		conn.CloseNow()
		if got {
			wait, attempt = firstBackoff, 0
		}
		var ce websocket.CloseError
		switch {
		case ctx.Err() != nil:
			return
		case l.Err() != nil:
			return
		case errors.As(err, &ce) && ce.Code == websocket.StatusNormalClosure:
			l.mu.Lock()
			l.ended, l.status = ce.Reason, ce.Reason
			if l.ended == "" {
				l.ended, l.status = "ended", "ended"
			}
			l.mu.Unlock()
			return
		case errors.As(err, &ce) && ce.Code == websocket.StatusPolicyViolation:
			l.fail(fmt.Errorf("server %s: match %s: the server closed the stream: %s", l.client.Base, l.id, ce.Reason))
			return
		}
		l.setStatus("reconnecting in %v (%v)", wait.Round(10*time.Millisecond), shortErr(err))
		if !Sleep(ctx, jitter(wait)) {
			return
		}
		wait = min(2*wait, maxBackoff)
	}
}

// refusal is the server's words for a refused stream.
func refusal(resp *http.Response) string {
	var f Failure
	data, _ := apiLimit.Read("answer", resp.Body)
	if json.Unmarshal(data, &f) == nil && f.Error != "" {
		return f.Error
	}
	return resp.Status
}

func shortErr(err error) string {
	s := err.Error()
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	return s
}

// jitter spreads the reconnections of many clients: d, give or take a
// quarter.
func jitter(d time.Duration) time.Duration {
	return d + time.Duration((rand.Float64()-0.5)*0.5*float64(d))
}

// Sleep waits d, or until ctx ends; it reports whether d passed.
func Sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// read reads the connection's messages until it closes; got tells whether
// any line was new.
func (l *Feed) read(ctx context.Context, conn *websocket.Conn) (got bool, err error) {
	for {
		typ, data, err := conn.Read(ctx)
		if err != nil {
			return got, err
		}
		if typ != websocket.MessageText {
			continue
		}
		isNew, err := l.take(data)
		if err != nil {
			l.fail(fmt.Errorf("server %s: match %s: %w", l.client.Base, l.id, err))
			conn.Close(websocket.StatusUnsupportedData, "bad line")
			return got, err
		}
		got = got || isNew
	}
}

// take reads one message of the stream; it reports whether it was new.
func (l *Feed) take(data []byte) (bool, error) {
	line, err := Classify(data)
	if err != nil {
		return false, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	switch line.Kind {
	case Header:
		if l.header != nil {
			if !bytes.Equal(l.header, data) {
				return false, errors.New("the match's header changed: it is not the same match")
			}
			return false, nil
		}
		if err := l.begin(data); err != nil {
			return false, err
		}
		l.header = bytes.Clone(data)
		l.lines = append(l.lines, l.header)
		return true, nil
	case Ctl:
		l.control(line.Ctl)
		return false, nil
	}
	if l.follow == nil && l.seat == nil {
		return false, errors.New("a line before the header")
	}
	if l.seat != nil {
		if line.Kind != Step {
			return false, fmt.Errorf("a seat's stream holds views, not a %v line", line.Kind)
		}
		if line.Step <= l.seat.Turn() {
			return false, nil
		}
		if err := l.seat.Line(data); err != nil {
			return false, err
		}
		if l.rec == nil {
			l.rec = l.seat.Recording()
			l.readyOK = true
			close(l.ready)
		}
	} else {
		switch {
		case line.Kind == Step && line.Step <= l.follow.Turn(),
			line.Kind == Keyframe && (line.Step < l.follow.Turn() || line.Step <= l.keyframe),
			line.Kind == Result && l.follow.Done():
			return false, nil
		}
		if err := l.follow.Line(data); err != nil {
			return false, err
		}
		if line.Kind == Keyframe {
			l.keyframe = line.Step
		}
	}
	l.lines = append(l.lines, bytes.Clone(data))
	if l.stopAsk != nil && line.Kind == Step && line.Step >= l.asked {
		l.stopAsk() // the step was played
		l.stopAsk = nil
	}
	return true, nil
}

// begin starts reading a replay's lines or a seat's views from the header.
func (l *Feed) begin(header []byte) error {
	var h struct{ Format string }
	json.Unmarshal(header, &h)
	if h.Format == game.SeatFormat {
		f, err := game.FollowSeat(header)
		if err != nil {
			return err
		}
		l.seat = f
		return nil
	}
	f, err := game.Follow(header)
	if err != nil {
		return err
	}
	l.follow, l.rec = f, f.Recording()
	l.rec.Source = "Arena server " + l.client.Base
	l.readyOK = true
	close(l.ready)
	return nil
}

// control acts on a control message: an ask starts the player on the
// step; a refusal goes to the open ask; anything else is shown.
func (l *Feed) control(c Control) {
	turn := -1
	if l.follow != nil {
		turn = l.follow.Turn()
	} else if l.seat != nil {
		turn = l.seat.Turn()
	}
	switch {
	case c.Ask != nil && l.player != nil && *c.Ask == turn+1:
		switch {
		case l.asked == *c.Ask && l.asking && l.sentOn != nil && l.sentOn != l.conn && l.conn != nil:
			// The move went on a connection that broke before the server
			// had it: asked again on this one, it gets the same move.
			conn, move := l.conn, l.sent
			l.sentOn = conn
			go l.send(conn, move)
		case l.asked != *c.Ask || !l.asking:
			l.startAsk(*c.Ask, time.Duration(c.MS)*time.Millisecond)
		}
	case c.Rejected != nil:
		if *c.Rejected == l.asked && l.reject != nil {
			select {
			case l.reject <- errors.New(c.Error):
			default:
			}
		}
	case c.Wait != "":
		l.status = c.Wait
	case c.Error != "":
		l.status = "the server says: " + c.Error
	}
}

// startAsk plays the step the server asks for: the player answers what
// the seat observes, its move goes to the server, and a refused move is
// told to the player, which tries again, until the step is played or the
// time is up. Called with mu held.
func (l *Feed) startAsk(step int, limit time.Duration) {
	if l.stopAsk != nil {
		l.stopAsk()
	}
	ctx, cancel := context.Background(), context.CancelFunc(func() {})
	if limit > 0 {
		ctx, cancel = context.WithTimeout(ctx, limit)
	} else {
		ctx, cancel = context.WithCancel(ctx)
	}
	var obs any
	if l.seat != nil {
		obs = l.seat.Observe()
	} else {
		obs = l.follow.Observe(l.seatNo)
	}
	reject := make(chan error, 1)
	l.asked, l.stopAsk, l.reject, l.asking, l.sentOn = step, cancel, reject, true, nil
	player := l.player
	go func() {
		defer func() {
			cancel()
			l.mu.Lock()
			if l.reject == reject {
				l.asking = false
			}
			l.mu.Unlock()
		}()
		for {
			a, err := player.Play(ctx, obs)
			if err != nil {
				return
			}
			l.mu.Lock()
			conn := l.conn
			l.mu.Unlock()
			if conn == nil {
				return // the ask comes again when the stream resumes
			}
			msg := moveMessage(a)
			if !l.send(conn, msg) {
				return // the ask comes again when the stream resumes
			}
			l.mu.Lock()
			if l.reject == reject {
				l.sentOn, l.sent = conn, msg
			}
			l.mu.Unlock()
			select {
			case err := <-reject:
				if r, ok := player.(game.Retrier); ok {
					r.Reject(fmt.Errorf("%w: %w", game.ErrRejected, err))
				}
			case <-ctx.Done():
				return
			}
		}
	}()
}

// endAsk ends the open ask.
func (l *Feed) endAsk() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.stopAsk != nil {
		l.stopAsk()
		l.stopAsk = nil
	}
}
