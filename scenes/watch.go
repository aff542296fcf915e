package scenes

import (
	"context"
	"encoding/json"
	"errors"
	"image"
	"net"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/net/stream"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/ui"
)

// DefaultServer is the address the "Watch a server…" scene starts with.
// In a browser it is the server the page came from.
var DefaultServer = "http://127.0.0.1:7070"

// lastServer is the server "Watch a server…" last connected to, kept
// with the settings: the scene opens on it rather than on DefaultServer.
var lastServer string

// refreshEvery is how often the list of a server's matches is read again.
const refreshEvery = 2.0 // seconds

// maxRows is how many matches the list shows.
const maxRows = 8

// Watch is the "Watch a server…" scene: a server's address, its matches
// (the newest first, with their turn and players), and the viewer of the one
// chosen.
type Watch struct {
	addr    *ui.Field
	connect *ui.Button
	back    *ui.Button
	rows    []*ui.Button
	shown   []stream.Info
	form    ui.Form
	next    float64 // when to read the list again (App.Clock)

	// jury is the jury's token for the server at juryBase: it goes to
	// that server only, whatever address is typed.
	jury, juryBase string

	mu      sync.Mutex // guards what the reading goroutine sets
	client  *stream.Client
	got     []stream.Info
	problem string
	fresh   bool
	reading bool
}

// NewWatch makes the scene for the server at addr; at DefaultServer, for
// the server last connected to, when there is one.
func NewWatch(addr string) *Watch {
	if addr == DefaultServer && lastServer != "" {
		addr = lastServer
	}
	return NewServerWatch(&stream.Client{Base: addr})
}

// NewServerWatch makes the scene for the server of c, with its jury's
// token, if it has one.
func NewServerWatch(c *stream.Client) *Watch {
	w := &Watch{addr: &ui.Field{Text: c.Base, Placeholder: DefaultServer, Max: 400},
		connect: &ui.Button{Label: "Connect", Primary: true}, back: &ui.Button{Label: "Back"}, jury: c.Jury, juryBase: c.Base}
	w.layoutForm()
	w.form.Focus = 1
	w.dial()
	return w
}

func (w *Watch) layoutForm() {
	w.form.Items = []ui.Widget{w.addr, w.connect}
	for _, r := range w.rows {
		w.form.Items = append(w.form.Items, r)
	}
	w.form.Items = append(w.form.Items, w.back)
}

// dial points the scene at the address typed, and reads its matches.
func (w *Watch) dial() {
	c, err := stream.NewClient(w.addr.Text)
	w.mu.Lock()
	defer w.mu.Unlock()
	w.got, w.fresh = nil, true
	switch {
	case strings.TrimSpace(w.addr.Text) == "":
		w.client, w.problem = nil, lang.T("Type a server's address, such as 127.0.0.1:7070 or http://arena.example:7070.")
		return
	case err != nil:
		w.client, w.problem = nil, lang.F("%q is not a server's address: type one such as 127.0.0.1:7070 or http://arena.example:7070.", strings.TrimSpace(w.addr.Text))
		return
	}
	if c.Base == w.juryBase {
		c.Jury = w.jury
	}
	w.client, w.problem = c, lang.F("reading the matches of %s…", c.Base)
	w.next = 0
}

// read reads the server's matches off the render goroutine.
func (w *Watch) read() {
	w.mu.Lock()
	c := w.client
	if c == nil || w.reading {
		w.mu.Unlock()
		return
	}
	w.reading = true
	w.mu.Unlock()
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		list, err := c.Matches(ctx)
		sortMatches(list)
		w.mu.Lock()
		defer w.mu.Unlock()
		w.reading = false
		if c != w.client {
			return
		}
		w.got, w.fresh, w.problem = list, true, ""
		switch {
		case err != nil:
			w.problem = serverProblem(c.Base, err)
		case len(list) == 0:
			w.problem = lang.F("%s has no matches yet: they appear here as the organisers create them.", c.Base)
		}
	}()
}

// Update reads the list now and then, and opens the match chosen.
func (w *Watch) Update(a *App) error {
	w.place(a)
	if a.Clock >= w.next {
		w.next = a.Clock + refreshEvery
		w.read()
	}
	w.mu.Lock()
	c := w.client
	w.mu.Unlock()
	if a.In.Just(ActBack) {
		a.Pop()
		return nil
	}
	// A click goes to the rows drawn; a new reading of the list comes after.
	switch hit := w.form.Update(&a.In.UI); hit {
	case nil:
	case w.connect, w.addr:
		w.dial()
		w.remember(a)
	case w.back:
		a.Pop()
	default:
		for i, r := range w.rows {
			if r == hit && c != nil {
				a.Push(NewOpening(c.Watch(context.Background(), w.shown[i].ID), nil))
			}
		}
	}
	w.mu.Lock()
	if w.fresh {
		w.fresh = false
		w.setRows(w.got)
	}
	w.mu.Unlock()
	return nil
}

// remember keeps the server connected to with the settings, for the
// next time the scene opens.
func (w *Watch) remember(a *App) {
	w.mu.Lock()
	c := w.client
	w.mu.Unlock()
	if c == nil || c.Base == lastServer {
		return
	}
	lastServer = c.Base
	if err := keepSettings(SettingsPath(), a.kept()); err != nil {
		a.Toast("%v", err)
	}
}

// serverProblem says in plain words why the server at base lists no
// matches, and what to do about it.
func serverProblem(base string, err error) string {
	host := base[strings.Index(base, "://")+3:]
	var dns *net.DNSError
	var op *net.OpError
	var timeout interface{ Timeout() bool }
	var syntax *json.SyntaxError
	var shape *json.UnmarshalTypeError
	switch {
	case errors.Is(err, context.DeadlineExceeded) || errors.As(err, &timeout) && timeout.Timeout():
		return lang.F("%s did not answer in time. Is the address right, and the machine on this network?", host)
	case errors.As(err, &dns):
		return lang.F("No machine called %s is known here. Check the address.", dns.Name)
	case errors.As(err, &op) && op.Op == "dial":
		return lang.F("No Arena server answers at %s. Is `arena serve` running there?", host)
	case errors.Is(err, stream.ErrNotFound) || errors.As(err, &syntax) || errors.As(err, &shape) ||
		strings.Contains(err.Error(), "malformed HTTP"):
		return lang.F("%s answers, but it is not an Arena server. Check the address and the port (arena serve listens on 7070).", host)
	}
	return lang.F("%s does not list its matches: %s", host, err.Error())
}

// sortMatches puts a server's matches in the order the list keeps from
// one reading to the next, whatever the server's: the newest first, by
// the time they started, then by id.
func sortMatches(list []stream.Info) {
	started := func(in stream.Info) time.Time {
		t, _ := time.Parse(time.RFC3339, in.Started)
		return t
	}
	slices.SortStableFunc(list, func(a, b stream.Info) int {
		if c := started(b).Compare(started(a)); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
}

// setRows lists the matches, keeping the focus on the same match.
func (w *Watch) setRows(list []stream.Info) {
	focused := ""
	if f := w.form.Focus - 2; f >= 0 && f < len(w.shown) {
		focused = w.shown[f].ID
	}
	w.shown = list[:min(len(list), maxRows)]
	w.rows = w.rows[:0]
	for i, in := range w.shown {
		w.rows = append(w.rows, &ui.Button{Label: matchLabel(in), Detail: matchDetail(in), Primary: in.Status == stream.Live})
		if in.ID == focused {
			w.form.Focus = 2 + i
		}
	}
	w.layoutForm()
	w.form.Focus = min(w.form.Focus, len(w.form.Items)-1)
}

// matchLabel is a match's first line in the list: "AIC21 · LIVE · turn 312".
func matchLabel(in stream.Info) string {
	name := in.Title
	if t, err := game.Lookup(in.Title); err == nil {
		name = t.Name()
	}
	status := lang.T(strings.ToUpper(in.Status))
	switch in.Status {
	case stream.Finished:
		if in.Winner > 0 {
			status = lang.F("P%d won", in.Winner)
		} else {
			status = lang.T("a draw")
		}
	case stream.Waiting:
		status = lang.T("waiting for its players")
	}
	return name + sep(" · ") + status + sep(" · ") + lang.F("turn %d", in.Turn)
}

// matchDetail is a match's second line: its players, its id, its
// spectators.
func matchDetail(in stream.Info) string {
	var players []string
	for _, s := range in.Seats {
		p := seatLabel(s.Player)
		if s.Kind == "remote" {
			p = lang.T("remote player")
		}
		players = append(players, p)
	}
	d := versus(players) + sep(" · ") + in.ID
	if late, ok := strings.CutPrefix(in.Spectators, "delayed:"); ok {
		if n, err := strconv.Atoi(late); err == nil {
			d += sep(" · ") + lang.F("%d turns late", n)
		} else {
			d += sep(" · ") + late + " " + lang.T("turns late")
		}
	} else if in.Spectators == "none" {
		d += sep(" · ") + lang.T("shown at its end")
	}
	return d
}

// place lays the scene out: the address and Connect on a line, the
// matches under it, Back at the bottom.
func (w *Watch) place(a *App) {
	s := a.Scale
	width := min(float64(a.W)-80*s, 900*s)
	x := float64(a.W)/2 - width/2
	y := 150 * s
	w.addr.Place(rectXYWH(x, y, width-190*s, 52*s))
	w.connect.Place(rectXYWH(x+width-174*s, y, 174*s, 52*s))
	y += 92 * s
	rowH := 62 * s
	for _, r := range w.rows {
		r.Place(rectXYWH(x, y, width, rowH))
		y += rowH + 10*s
	}
	w.back.Place(rectXYWH(float64(a.W)/2-110*s, float64(a.H)-90*s, 220*s, 52*s))
}

// Draw draws the address, the list or what keeps it empty, and Back.
func (w *Watch) Draw(dst *ebiten.Image, a *App) {
	backdrop(dst, a)
	w.place(a)
	s := a.Scale
	cx := float64(a.W) / 2
	render.FitText(dst, lang.T("Watch a server"), render.Bold, 40*s, cx, 46*s, float64(a.W)-80*s, render.Ink, render.Center)
	render.FitText(dst, lang.T("An Arena server's matches: choose one to watch it, live or from its start"), render.Regular, 16*s, cx, 104*s, float64(a.W)-80*s, render.InkDim, render.Center)
	w.mu.Lock()
	problem := w.problem
	w.mu.Unlock()
	if len(w.rows) == 0 && problem != "" {
		r := w.addr.Rect()
		x, w := float64(r.Min.X), float64(a.W)-2*float64(r.Min.X)
		if lang.RTL() {
			y := float64(r.Max.Y) + 40*s
			for _, l := range render.Wrap(problem, render.Regular, 17*s, w) {
				render.Text(dst, l, render.Regular, 17*s, x+w, y, render.InkDim, render.Right)
				y += 17 * s * 1.35
			}
		} else {
			render.WrapText(dst, problem, render.Regular, 17*s, x, float64(r.Max.Y)+40*s, w, render.InkDim)
		}
	}
	w.form.Draw(dst, s)
	render.FitText(dst, seps(lang.T("Enter on the address to connect · ↑ ↓ to choose · Esc to go back")), render.Regular, 14*s, cx, float64(a.H)-26*s, float64(a.W)-80*s, render.InkFaint, render.Center)
}

// Opening waits for a server's match to start arriving, then shows it in
// the viewer: a spectator's stream, or a seat played from here.
type Opening struct {
	feed   *stream.Feed
	human  *game.Human
	cancel *ui.Button
	closed bool
}

// NewOpening waits for feed's first lines; human is the person at this
// machine who plays the feed's seat (nil for a spectator).
func NewOpening(feed *stream.Feed, human *game.Human) *Opening {
	return &Opening{feed: feed, human: human, cancel: &ui.Button{Label: "Cancel"}}
}

// Update opens the viewer once the match's first lines are in.
func (o *Opening) Update(a *App) error {
	s := a.Scale
	o.cancel.Place(rectXYWH(float64(a.W)/2-110*s, float64(a.H)/2+60*s, 220*s, 52*s))
	if a.In.Just(ActBack) || o.cancel.Update(&a.In.UI, true) {
		a.Pop()
		return nil
	}
	select {
	case <-o.feed.Ready():
	default:
		return nil
	}
	if o.feed.Recording() == nil {
		a.Toast("%s", feedStatus(o.feed.Status()))
		a.Pop()
		return nil
	}
	v, err := FeedViewer(o.feed, o.human)
	if err != nil {
		a.Toast("%v", err)
		a.Pop()
		return nil
	}
	o.closed = true // the viewer owns the feed now
	a.Replace(v)
	return nil
}

// Close stops the feed, unless a viewer took it.
func (o *Opening) Close() {
	if !o.closed {
		o.closed = true
		go o.feed.Close()
	}
}

// Draw says what the stream is waiting for.
func (o *Opening) Draw(dst *ebiten.Image, a *App) {
	backdrop(dst, a)
	s := a.Scale
	cx, cy := float64(a.W)/2, float64(a.H)/2
	render.FitText(dst, lang.T("Opening the match…"), render.Bold, 32*s, cx, cy-90*s, float64(a.W)-80*s, render.Ink, render.Center)
	status := feedStatus(o.feed.Status())
	if o.human != nil && o.feed.Status() == "live" {
		status = lang.T("waiting for the match to start: every remote player must connect")
	}
	w, _ := render.Measure(status, render.Regular, 17*s)
	w = min(w, float64(a.W)-120*s)
	render.WrapText(dst, status, render.Regular, 17*s, cx-w/2, cy-30*s, w+4*s, render.InkDim)
	o.cancel.Draw(dst, true, s)
}

// serverLink is what the viewer of a server's match keeps: the feed that
// fills its timeline, the person at this machine playing a seat, the LIVE
// badge, and what the viewer last said of the stream.
type serverLink struct {
	feed  *stream.Feed
	human *game.Human
	seat  game.Seat
	badge image.Rectangle
	said  string
	// due and limit are the person's move being waited for: when it is
	// due, and the seconds it had when asked.
	due   time.Time
	limit float64
}

// FeedViewer shows a server's match as its feed fills it: a DVR that plays
// the newest turn as it comes, and can pause, step and scrub back while
// the match goes on; End or the LIVE badge go back to live. human, when
// not nil, plays the feed's seat from the viewer, as at the hotseat; a
// spectator's camera is the director's.
func FeedViewer(feed *stream.Feed, human *game.Human) (*Viewer, error) {
	rec := feed.Recording()
	view, err := render.NewView(rec.Title.ID())
	if err != nil {
		return nil, err
	}
	v := NewViewer(rec, view)
	v.server = &serverLink{feed: feed, human: human}
	v.server.seat, _ = feed.Seat()
	v.SetDirector(human == nil)
	v.clock.Follow = rec.Timeline.Live()
	if !v.clock.Follow {
		v.clock.Playing = false // a finished match opens on its start, paused
	}
	return v, nil
}

// serverUpdate handles the LIVE badge, catches up with live when playback
// reaches the newest turn, and says when the stream drops or ends.
func (v *Viewer) serverUpdate(a *App) {
	l := v.server
	tl := v.rec.Timeline
	n := tl.Len()
	if a.In.UI.Pressed && a.In.UI.Over(l.badge) && tl.Live() {
		v.Seek(n - 1)
		v.clock.Follow = true
	}
	if v.clock.Playing && tl.Live() && v.clock.Cursor == n-1 {
		v.clock.Playing, v.clock.Follow = false, true
	}
	if v.clock.Follow && v.clock.Cursor < n-2 {
		// Live is the newest turn: a viewer that fell behind (it just
		// joined, or the stream came back) jumps to the turn before it,
		// and plays the newest step.
		v.clock.Seek(n-2, n)
	}
	if h := l.human; h != nil && h.Waiting() {
		if due, ok := h.Deadline(); ok && !due.Equal(l.due) {
			l.due, l.limit = due, time.Until(due).Seconds()
		}
	}
	status := l.feed.Status()
	if status != l.said {
		if l.said != "" && status != "live" {
			a.Toast("%s", feedStatus(status))
		}
		l.said = status
	}
}

// serverTogglePlay pauses a server's match, or plays on from the turn
// shown (catching up with live when it gets there).
func (v *Viewer) serverTogglePlay() {
	if v.clock.Follow || v.clock.Playing {
		v.clock.Follow, v.clock.Playing = false, false
		return
	}
	if !v.rec.Timeline.Live() && v.clock.Cursor == v.rec.Timeline.Len()-1 {
		v.Seek(0)
	}
	v.clock.Playing = true
}

// serverHuman is the person playing the feed's seat, when it waits for
// their move in frame f.
func (v *Viewer) serverHuman(f game.Frame) (*game.Human, game.Seat) {
	l := v.server
	if l == nil || l.human == nil || !l.human.Waiting() {
		return nil, 0
	}
	for _, s := range f.ToMove {
		if s == l.seat {
			return l.human, s
		}
	}
	return nil, 0
}

// drawLive draws the LIVE badge of a live timeline at (x, y): a red pill
// while the newest turn is shown; "GO LIVE" when the viewer is behind (a
// click on it, or End, returns to live); "RECONNECTING" while a server's
// stream is down.
func (v *Viewer) drawLive(dst *ebiten.Image, a *App, x, y float64) {
	s := a.Scale
	label, bg, ink := "LIVE", render.Bad, whiteColor
	atLive := v.clock.Follow || v.clock.Cursor == v.rec.Timeline.Len()-1
	if v.server != nil {
		if v.server.feed.Status() != "live" {
			label, bg, ink = "RECONNECTING", render.Raised, render.Accent
		} else if !atLive {
			label, bg, ink = "GO LIVE", render.Raised, render.InkDim
		}
	}
	pulsing := label == "LIVE"
	label = lang.T(label)
	w, _ := render.Measure(label, render.Bold, 13*s)
	r := rectXYWH(x-10*s, y-7*s, w+36*s, 26*s)
	if v.server != nil {
		v.server.badge = r
	}
	render.Panel(dst, r, 13*s, bg)
	pulse := 1.0
	if pulsing {
		pulse = 0.55 + 0.45*sinTime(a.Clock*4)
	}
	render.Disc(dst, x+3*s, y+6*s, 5*s, render.Fade(ink, pulse))
	render.Text(dst, label, render.Bold, 13*s, x+14*s, y-3*s, ink, render.Left)
}

// feedStatus says a feed's status in the screens' language: "live",
// "ended", "reconnecting in 2s (…)"; the server's own words pass through.
func feedStatus(status string) string {
	if m := reconnectingTry.FindStringSubmatch(status); m != nil {
		n, _ := strconv.Atoi(m[2])
		return lang.F("reconnecting in %s (attempt %d: %s)", lang.Digits(m[1]), n, m[3])
	}
	if m := reconnecting.FindStringSubmatch(status); m != nil {
		return lang.F("reconnecting in %s (%s)", lang.Digits(m[1]), m[2])
	}
	if base, ok := strings.CutPrefix(status, "connecting to "); ok {
		return lang.F("connecting to %s", base)
	}
	if rest, ok := strings.CutPrefix(status, "the server says: "); ok {
		return lang.F("the server says: %s", rest)
	}
	return lang.T(status)
}

// reconnecting finds the wait in a feed's "reconnecting in 2s (…)".
var reconnecting = regexp.MustCompile(`^reconnecting in (\S+) \((.*)\)$`)

// reconnectingTry finds the wait, the attempt and the error in a feed's
// "reconnecting in 2s (attempt 3: …)".
var reconnectingTry = regexp.MustCompile(`^reconnecting in (\S+) \(attempt (\d+): (.*)\)$`)

// serverLimit is the seconds the person had for the move being waited
// for (1 when unknown).
func (v *Viewer) serverLimit() float64 {
	if v.server == nil || v.server.limit <= 0 {
		return 1
	}
	return v.server.limit
}

// closeServer stops the viewer's feed.
func (v *Viewer) closeServer() {
	if v.server != nil {
		v.server.feed.Close()
	}
}
