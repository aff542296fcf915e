package scenes

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/ui"
	"github.com/arena-games/arena/sprites"
)

// speeds are the playback speeds people can choose.
var speeds = []float64{0.25, 0.5, 1, 2, 4, 8}

const (
	stepTime    = 0.8 // seconds a step's animation takes at 1x
	holdTime    = 0.9 // seconds a replay rests on each frame at 1x
	computerGap = 1500 * time.Millisecond
	resultsWait = 2.2 // seconds of the winner's moment before the results
	demoWait    = 5.0 // seconds a finished demo game stays before the next
)

// Viewer plays a timeline, live or recorded: the board, the players, the
// moves, and the controls to play, pause, step and scrub.
type Viewer struct {
	rec   *game.Recording
	view  render.View
	match *game.Match
	// setup and pace are how the live match was made, for a rematch.
	setup  game.Setup
	pace   game.PaceMode
	cancel context.CancelFunc
	done   chan struct{}
	runErr error
	ended  bool

	cursor      int
	anim        float64
	hold        float64
	playing     bool
	follow      bool // show each new frame of a live timeline as it comes
	speed       int
	notes       bool
	overSince   float64
	resultsOpen bool
	// demo plays computer games one after another, for events: each game
	// ends in a rematch instead of the results.
	demo      bool
	scrubbing bool
	grab      grab
	// screenW and screenH are the window's size, for panning at its edge.
	screenW, screenH int

	first, back, play, fwd, last, slower, faster, mode, menu, help ui.Button
	buttons                                                        []*ui.Button
	area, side, bar, scrub                                         image.Rectangle
	moment                                                         render.Moment

	// backTo is the scene the pause menu goes back to instead of the
	// main menu: the tournament a replay was opened from.
	backTo Scene

	turnLabel  memo[[2]int]
	clock      memo[int]
	clip       memoMap
	speedLabel memo[int]
	thought    memo[int]
	rowLabels  []string
}

// NewViewer shows a recording from its start; a replay starts playing.
func NewViewer(rec *game.Recording, view render.View) *Viewer {
	v := &Viewer{rec: rec, view: view, speed: 2, notes: true, playing: !rec.Timeline.Live()}
	v.first = ui.Button{Icon: sprites.IconFirst, HasIcon: true}
	v.back = ui.Button{Icon: sprites.IconStepBack, HasIcon: true}
	v.play = ui.Button{Icon: sprites.IconPlay, HasIcon: true, Primary: true}
	v.fwd = ui.Button{Icon: sprites.IconStepForward, HasIcon: true}
	v.last = ui.Button{Icon: sprites.IconLast, HasIcon: true}
	v.slower = ui.Button{Icon: sprites.IconSlower, HasIcon: true}
	v.faster = ui.Button{Icon: sprites.IconFaster, HasIcon: true}
	v.mode = ui.Button{Label: "Step"}
	v.menu = ui.Button{Icon: sprites.IconMenu, HasIcon: true}
	v.help = ui.Button{Icon: sprites.IconHelp, HasIcon: true}
	v.buttons = []*ui.Button{&v.first, &v.back, &v.play, &v.fwd, &v.last, &v.slower, &v.faster, &v.mode, &v.menu, &v.help}
	v.anim = 1
	if c, ok := view.(render.Chronicler); ok {
		c.SetTimeline(rec.Timeline)
	}
	return v
}

// StartMatch starts a match in the window: it writes the replay and the move
// file in the app's replay folder and opens the viewer on it.
func StartMatch(a *App, st game.Setup, pace game.PaceMode) (*Viewer, error) {
	view, err := render.NewView(st.Title.ID())
	if err != nil {
		return nil, err
	}
	if st.Out == "" {
		st.Out = filepath.Join(a.ReplayDir, fmt.Sprintf("%s-%s.arena", st.Title.ID(), time.Now().Format("20060102-150405")))
	}
	m, closeFiles, err := st.Start()
	if err != nil {
		return nil, err
	}
	v := NewViewer(m.Recording(), view)
	v.match, v.setup, v.pace = m, st, pace
	if !anyHuman(m) {
		m.Pace = game.NewPacer(pace, computerGap)
	}
	v.follow = true
	ctx, cancel := context.WithCancel(context.Background())
	v.cancel, v.done = cancel, make(chan struct{})
	go func() {
		defer close(v.done)
		_, err := m.Run(ctx)
		if errors.Is(err, context.Canceled) {
			err = nil
		}
		v.runErr = errors.Join(err, closeFiles())
	}()
	return v, nil
}

// StartDemo plays computers against each other on a loop, for events: the
// games run on their own, each new game with the next seed. Their replays go
// to one file in the temporary folder, not to the replay folder.
func StartDemo(a *App, st game.Setup) (*Viewer, error) {
	st.Out = filepath.Join(os.TempDir(), "arena-demo-"+st.Title.ID()+".arena")
	v, err := StartMatch(a, st, game.PaceRun)
	if err != nil {
		return nil, err
	}
	v.demo = true
	return v, nil
}

func anyHuman(m *game.Match) bool {
	for i := range m.Seats {
		if _, ok := m.IsHuman(game.Seat(i)); ok {
			return true
		}
	}
	return false
}

// Close stops a live match; the replay keeps every step played.
func (v *Viewer) Close() {
	if v.cancel != nil {
		v.cancel()
		<-v.done
	}
}

// ReplayPath is the file a live match writes, or "" for a recording.
func (v *Viewer) ReplayPath() string {
	if v.match == nil {
		return ""
	}
	return v.setup.Out
}

// Seek shows frame i at once, without animation.
func (v *Viewer) Seek(i int) {
	v.goTo(i, false)
	v.playing = false
}

func (v *Viewer) goTo(i int, animate bool) {
	n := v.rec.Timeline.Len()
	i = max(0, min(i, n-1))
	if i == v.cursor && !animate {
		v.anim = 1
		return
	}
	v.anim = 1
	if animate && i == v.cursor+1 {
		v.anim = 0
	}
	v.cursor, v.hold = i, 0
	v.view.Reset()
}

// The viewer's frame around the board: a top bar, a side panel on the right
// and the control bar at the bottom.
const (
	topBarH   = 64
	controlsH = 88
	sideW     = 360
)

// BoardArea is where the viewer puts the board in a w x h window.
func BoardArea(w, h int, scale float64) image.Rectangle {
	return image.Rect(int(16*scale), int((topBarH+8)*scale), w-int((sideW+32)*scale), h-int((controlsH+16)*scale))
}

func (v *Viewer) layout(a *App) {
	v.screenW, v.screenH = a.W, a.H
	s := a.Scale
	v.bar = rectXYWH(0, float64(a.H)-controlsH*s, float64(a.W), controlsH*s)
	v.side = rectXYWH(float64(a.W)-(sideW+16)*s, (topBarH+8)*s, sideW*s, float64(a.H)-(controlsH+topBarH+24)*s)
	v.area = BoardArea(a.W, a.H, s)
	v.view.Layout(v.area, s)
	b := 52 * s
	y := float64(v.bar.Min.Y) + (float64(v.bar.Dy())-b)/2
	x := 20 * s
	for _, btn := range []*ui.Button{&v.first, &v.back, &v.play, &v.fwd, &v.last} {
		btn.Place(rectXYWH(x, y, b, b))
		x += b + 8*s
	}
	x += 16 * s
	v.slower.Place(rectXYWH(x, y+6*s, b-12*s, b-12*s))
	x += b - 12*s + 70*s
	v.faster.Place(rectXYWH(x, y+6*s, b-12*s, b-12*s))
	x += b + 12*s
	v.mode.Place(rectXYWH(x, y, 110*s, b))
	if v.pacer() != nil {
		x += 126 * s
	}
	v.menu.Place(rectXYWH(float64(a.W)-20*s-b, 6*s, b, b))
	v.help.Place(rectXYWH(float64(a.W)-28*s-2*b, 6*s, b, b))
	v.scrub = rectXYWH(x+10*s, y+b/2-6*s, float64(a.W)-x-230*s, 12*s)
}

func (v *Viewer) pacer() *game.Pacer {
	if v.match == nil {
		return nil
	}
	return v.match.Pace
}

// Update advances the animation, follows a live match and handles input.
func (v *Viewer) Update(a *App) error {
	v.layout(a)
	tl := v.rec.Timeline
	n := tl.Len()
	sp := speeds[v.speed]
	dt := 1 / float64(ebiten.TPS())
	if v.anim < 1 {
		v.anim = min(1, v.anim+dt*sp/stepTime)
	} else {
		v.hold += dt
	}
	if v.follow && v.cursor < n-1 && v.anim >= 1 {
		v.goTo(v.cursor+1, true)
	} else if v.playing && v.cursor < n-1 && v.anim >= 1 && v.hold >= holdTime/sp {
		v.goTo(v.cursor+1, true)
	}
	if v.playing && v.cursor == n-1 && !tl.Live() {
		v.playing = false
	}
	v.checkDone(a)

	// The board: a person's move. A click while the last moves are still
	// animating finishes the animation first: people need not wait for it.
	last := tl.Frame(n - 1)
	boardInput := (a.In.UI.Pressed && a.In.UI.Over(v.area)) || boardKey(a.In.Keys)
	if h, _ := v.waitingHuman(last); v.follow && boardInput && (v.cursor < n-1 || v.anim < 1) && h != nil {
		v.goTo(n-1, false)
	}
	frame := tl.Frame(v.cursor)
	if h, seat := v.humanToMove(frame); h != nil {
		if err := h.Rejected(); err != nil {
			a.Toast("%v", err)
		}
		p := render.Pointer{X: a.In.UI.X, Y: a.In.UI.Y, Click: a.In.UI.Pressed && a.In.UI.Over(v.area), Cancel: a.In.RightClick, Keys: a.In.Keys, Chars: a.In.UI.Chars}
		if move, ok := v.view.Input(frame, seat, p); ok {
			h.Submit(move)
		}
		if kt, ok := v.view.(render.KeyTaker); ok {
			a.In.yield(kt)
		}
	} else {
		if a.In.RightClick {
			v.view.Reset()
		}
		if kv, ok := v.view.(render.Keyed); ok {
			for _, k := range a.In.Keys {
				if !bound(k) {
					kv.Key(k)
				}
			}
		}
	}

	// Keys and buttons.
	in := &a.In
	for _, b := range v.buttons {
		b.Disabled = false
	}
	v.mode.Disabled = v.pacer() == nil
	pressed := func(b *ui.Button) bool { return b.Update(&in.UI, false) }
	_, navigable := v.view.(render.Navigator)
	v.navigate(in)
	if iv, ok := v.view.(render.Inspector); ok {
		iv.Inspect(in.UI.X, in.UI.Y, in.UI.Over(v.area) && !v.grab.moved && !in.Dragging)
	}
	switch {
	case in.Just(ActBack):
		if !v.view.Reset() {
			a.Push(NewPause(v))
		}
	case in.Just(ActHelp) || pressed(&v.help):
		a.Push(NewBoardHelp(v.view))
	case pressed(&v.menu):
		a.Push(NewPause(v))
	case in.Just(ActPlayPause) || pressed(&v.play):
		v.togglePlay()
	case in.Just(ActStepForward) || pressed(&v.fwd):
		v.stepForward()
	case in.Just(ActStepBack) || pressed(&v.back):
		v.Seek(v.cursor - 1)
		v.follow = false
	case in.Just(ActFirst) || pressed(&v.first):
		v.Seek(0)
		v.follow = false
	case in.Just(ActLast) || pressed(&v.last):
		v.Seek(n - 1)
		v.follow = tl.Live()
	case in.Just(ActFaster) || pressed(&v.faster) || (in.Just(ActZoomIn) && !navigable):
		v.setSpeed(v.speed + 1)
	case in.Just(ActSlower) || pressed(&v.slower) || (in.Just(ActZoomOut) && !navigable):
		v.setSpeed(v.speed - 1)
	case in.Just(ActNotes):
		v.notes = !v.notes
	case pressed(&v.mode) && !v.mode.Disabled:
		v.togglePlay()
	}
	v.updateScrub(in)
	return nil
}

// navigate moves the camera of a view that has one: the wheel and + −
// zoom, dragging pans (the right or middle button anywhere on the map, the
// left one once it has moved a few pixels), F fits the whole map.
func (v *Viewer) navigate(in *Input) {
	nav, ok := v.view.(render.Navigator)
	if !ok {
		return
	}
	x, y := in.UI.X, in.UI.Y
	cx, cy := float64(v.area.Min.X+v.area.Max.X)/2, float64(v.area.Min.Y+v.area.Max.Y)/2
	switch {
	case in.UI.Wheel != 0 && in.UI.Over(v.area):
		nav.Zoom(math.Pow(1.15, in.UI.Wheel), x, y)
	case in.Just(ActZoomIn):
		nav.Zoom(1.25, cx, cy)
	case in.Just(ActZoomOut):
		nav.Zoom(0.8, cx, cy)
	case in.Just(ActFit):
		nav.Fit()
	}
	// W A S D and the window's edge pan; while a person enters a move,
	// W A S D only if the board does not take them.
	const speed = 14
	dx, dy := 0.0, 0.0
	h, _ := v.humanToMove(v.rec.Timeline.Frame(v.cursor))
	kt, takes := v.view.(render.KeyTaker)
	for k, d := range map[ebiten.Key][2]float64{ebiten.KeyW: {0, 1}, ebiten.KeyS: {0, -1}, ebiten.KeyA: {1, 0}, ebiten.KeyD: {-1, 0}} {
		if h != nil && (!takes || kt.Typing() || kt.Takes(k)) {
			continue
		}
		if ebiten.IsKeyPressed(k) {
			dx, dy = dx+d[0]*speed, dy+d[1]*speed
		}
	}
	// The pointer's position is known outside the window too: only the last
	// few pixels inside the window's edge pan.
	inside := x >= 0 && y >= 0 && x < float64(v.screenW) && y < float64(v.screenH)
	if edge := 6.0; inside && ebiten.IsFocused() {
		switch {
		case x < edge:
			dx += speed
		case x > float64(v.screenW)-edge:
			dx -= speed
		}
		switch {
		case y < edge:
			dy += speed
		case y > float64(v.screenH)-edge:
			dy -= speed
		}
	}
	if dx != 0 || dy != 0 {
		nav.Pan(dx, dy)
	}
	held := in.Dragging || in.UI.Held
	if (in.UI.Pressed || (in.Dragging && !v.grab.on)) && in.UI.Over(v.area) {
		v.grab = grab{on: true, x: x, y: y}
	}
	if !held {
		v.grab = grab{}
	}
	if v.grab.on {
		dx, dy := x-v.grab.x, y-v.grab.y
		if !v.grab.moved && math.Hypot(dx, dy) > 5 {
			v.grab.moved = true
		}
		if v.grab.moved {
			nav.Pan(dx, dy)
			v.grab.x, v.grab.y = x, y
		}
	}
}

// grab is a drag on the map.
type grab struct {
	on, moved bool
	x, y      float64
}

// togglePlay plays or pauses; in a live computer match it switches between
// running to the end and stepping.
func (v *Viewer) togglePlay() {
	if p := v.pacer(); p != nil && v.rec.Timeline.Live() {
		if p.Mode() == game.PaceRun {
			p.SetMode(game.PaceStep)
		} else {
			p.SetMode(game.PaceRun)
			v.follow = true
		}
		return
	}
	if v.rec.Timeline.Live() {
		// A live match with people: "play" catches up with it.
		v.Seek(v.rec.Timeline.Len() - 1)
		v.follow = true
		return
	}
	if !v.playing && v.cursor == v.rec.Timeline.Len()-1 && !v.rec.Timeline.Live() {
		v.Seek(0)
	}
	v.playing = !v.playing
}

// stepForward shows the next frame, or lets a live computer match play one
// move when the newest frame is shown.
func (v *Viewer) stepForward() {
	n := v.rec.Timeline.Len()
	live := v.rec.Timeline.Live()
	if v.cursor < n-1 {
		v.playing = false
		v.goTo(v.cursor+1, true)
		v.follow = live && v.cursor == n-1
		return
	}
	if p := v.pacer(); p != nil && live {
		if p.Mode() != game.PaceStep {
			p.SetMode(game.PaceStep)
		}
		p.Step()
		v.follow = true
	}
}

func (v *Viewer) setSpeed(i int) {
	v.speed = max(0, min(i, len(speeds)-1))
	if p := v.pacer(); p != nil {
		p.SetDelay(time.Duration(float64(computerGap) / speeds[v.speed]))
	}
}

func (v *Viewer) updateScrub(in *Input) {
	// The bar is thin: it takes presses a little around it, never on the board.
	hit := v.scrub.Inset(-v.scrub.Dy())
	if in.UI.Pressed && in.UI.Over(hit) && !in.UI.Over(v.area) {
		v.scrubbing = true
	}
	if !in.UI.Held {
		v.scrubbing = false
	}
	if v.scrubbing {
		n := v.rec.Timeline.Len()
		f := (in.UI.X - float64(v.scrub.Min.X)) / float64(v.scrub.Dx())
		i := int(f*float64(n-1) + 0.5)
		if i != v.cursor {
			v.Seek(i)
		}
		v.follow = v.rec.Timeline.Live() && v.cursor == n-1
	}
}

// boardKey reports whether one of the keys pressed is not one of the
// viewer's own, so it may be meant for the board.
func boardKey(keys []ebiten.Key) bool {
	for _, k := range keys {
		if !bound(k) {
			return true
		}
	}
	return false
}

// humanToMove returns the person who must move now in the shown frame, if
// the newest frame is shown and settled.
func (v *Viewer) humanToMove(f game.Frame) (*game.Human, game.Seat) {
	if v.cursor != v.rec.Timeline.Len()-1 || v.anim < 1 {
		return nil, 0
	}
	return v.waitingHuman(f)
}

// waitingHuman returns the person the match waits for in frame f, and their
// seat: in a simultaneous game with several people, the first of them who
// has not moved yet.
func (v *Viewer) waitingHuman(f game.Frame) (*game.Human, game.Seat) {
	if v.match == nil {
		return nil, 0
	}
	for _, s := range f.ToMove {
		if h, ok := v.match.IsHuman(s); ok && h.Waiting() {
			return h, s
		}
	}
	return nil, 0
}

// checkDone reports a match that failed, and opens the results once the
// winner's moment has been seen.
func (v *Viewer) checkDone(a *App) {
	if v.done != nil && !v.ended {
		select {
		case <-v.done:
			v.ended = true
			if v.runErr != nil {
				a.Toast("%v", v.runErr)
			}
		default:
		}
	}
	last := v.rec.Timeline.Last()
	if v.match == nil || !last.Over || v.cursor != v.rec.Timeline.Len()-1 || v.anim < 1 {
		return
	}
	if v.overSince == 0 {
		v.overSince = a.Clock
	}
	if v.demo && a.Clock-v.overSince > demoWait {
		v.resultsOpen = true
		if next, err := StartDemo(a, nextDemo(v.setup)); err == nil {
			a.Replace(next)
		} else {
			a.Toast("%v", err)
		}
		return
	}
	if !v.resultsOpen && !v.demo && a.Clock-v.overSince > resultsWait {
		v.resultsOpen = true
		a.Push(NewResults(v))
	}
}

// Draw draws the board, the side panel and the control bar.
func (v *Viewer) Draw(dst *ebiten.Image, a *App) {
	v.layout(a)
	backdrop(dst, a)
	tl := v.rec.Timeline
	m := &v.moment
	m.Cur = tl.Frame(v.cursor)
	m.Prev = tl.Frame(v.cursor - 1)
	if v.cursor == 0 {
		m.Prev = m.Cur
	}
	m.T, m.Clock = v.anim, a.Clock
	m.Next = nil
	if next, ok := tl.Next(v.cursor); ok && v.notes && v.anim >= 1 {
		m.Next = &next
	}
	h, seat := v.humanToMove(m.Cur)
	m.Hint, m.Seat = h != nil, seat
	v.view.Draw(dst, m)
	v.drawTop(dst, a)
	v.drawSide(dst, a)
	v.drawBar(dst, a)
}

func (v *Viewer) drawTop(dst *ebiten.Image, a *App) {
	s := a.Scale
	render.Text(dst, v.rec.Title.Name(), render.Bold, 26*s, 24*s, 16*s, render.Ink, render.Left)
	w, _ := render.Measure(v.rec.Title.Name(), render.Bold, 26*s)
	source := v.rec.Source
	if t, err := time.Parse(time.RFC3339, v.rec.Header.Created); err == nil && v.match == nil {
		source += " · " + t.Local().Format("2 Jan 2006 15:04")
	}
	render.Text(dst, source, render.Regular, 15*s, 40*s+w, 25*s, render.InkFaint, render.Left)
	v.menu.Draw(dst, false, s)
	v.help.Draw(dst, false, s)
}

func (v *Viewer) seatName(i int) string {
	if i < len(v.rec.Header.Seats) {
		return seatLabel(v.rec.Header.Seats[i])
	}
	return "?"
}

// playerNames are the seats as people call them.
var playerNames = [8]string{"Player 1", "Player 2", "Player 3", "Player 4", "Player 5", "Player 6", "Player 7", "Player 8"}

// seatLabel turns a seat spec into words: "alphabeta:4" -> "alphabeta · 4".
func seatLabel(spec string) string {
	if spec == "human" {
		return "Human"
	}
	return strings.Replace(spec, ":", " · ", 1)
}

func (v *Viewer) drawSide(dst *ebiten.Image, a *App) {
	s := a.Scale
	r := v.side
	card(dst, a, r)
	x, y := float64(r.Min.X)+22*s, float64(r.Min.Y)+20*s
	w := float64(r.Dx()) - 44*s
	cur := v.rec.Timeline.Frame(v.cursor)
	var toMove [8]bool
	for _, st := range cur.ToMove {
		toMove[st&7] = true
	}
	// The players, in the game's ranking order when it has a scoreboard.
	order, heads, cells := v.seatOrder(cur)
	if len(heads) > 0 {
		v.drawHeads(dst, heads, x, y-4*s, w, s)
		y += 14 * s
	}
	for i, seat := range order {
		c := v.view.SeatColor(seat)
		rowR := rectXYWH(x-8*s, y-6*s, w+16*s, 52*s)
		if toMove[seat&7] && !cur.Over {
			pulse := 0.5 + 0.5*sinTime(a.Clock*3)
			render.Panel(dst, rowR, 10*s, render.Fade(c, 0.18+0.1*pulse))
		}
		if cur.Over && cur.Result.Winner == seat.Number() {
			render.Panel(dst, rowR, 10*s, render.Fade(render.Accent, 0.25))
		}
		render.Disc(dst, x+10*s, y+20*s, 10*s, c)
		render.Text(dst, playerNames[seat&7], render.Bold, 18*s, x+30*s, y+2*s, render.Ink, render.Left)
		render.Text(dst, v.seatName(int(seat)), render.Regular, 15*s, x+30*s, y+24*s, render.InkDim, render.Left)
		if len(heads) > 0 {
			v.drawCells(dst, cells[i], x, y+12*s, w, s)
		} else {
			tag := ""
			switch {
			case cur.Over && cur.Result.Winner == seat.Number():
				tag = "WINNER"
			case toMove[seat&7] && !cur.Over:
				tag = "TO MOVE"
			}
			render.Text(dst, tag, render.Bold, 13*s, x+w, y+14*s, render.Accent, render.Right)
		}
		y += 60 * s
	}
	// Status.
	y += 6 * s
	render.FillRect(dst, x, y, w, 1*s, render.Fade(render.InkFaint, 0.5))
	y += 14 * s
	y = wrapText(dst, v.view.Status(cur), render.Bold, 17*s, x, y, w, render.Ink)
	// A person's clock, when moves have a time limit.
	if h, _ := v.humanToMove(cur); h != nil {
		if due, ok := h.Deadline(); ok {
			left := max(0, time.Until(due).Seconds())
			y += 6 * s
			render.Panel(dst, rectXYWH(x, y, w, 8*s), 4*s, render.Raised)
			frac := min(1, left/v.limitOf(cur))
			ink := render.Good
			if left < 3 {
				ink = render.Bad
			}
			render.Panel(dst, rectXYWH(x, y, max(8*s, w*frac), 8*s), 4*s, ink)
			y += 14 * s
			label := v.clock.get(int(left*10), func(t int) string { return fmt.Sprintf("%.1f s left", float64(t)/10) })
			render.Text(dst, label, render.Bold, 14*s, x, y, ink, render.Left)
			y += 20 * s
		}
	}
	// What the computer thought.
	if note := v.thought.get(v.cursor, func(int) string { return thinking(cur) }); note != "" {
		y += 8 * s
		y = wrapText(dst, note, render.Regular, 14*s, x, y, w, render.InkDim)
	}
	// The moves.
	y += 14 * s
	render.FillRect(dst, x, y, w, 1*s, render.Fade(render.InkFaint, 0.5))
	y += 12 * s
	render.Text(dst, "MOVES", render.Bold, 13*s, x, y, render.InkFaint, render.Left)
	y += 24 * s
	lh := 24 * s
	rows := int((float64(r.Max.Y) - y - 12*s) / lh)
	if rows <= 0 {
		return
	}
	n := v.rec.Timeline.Len()
	from := max(1, min(v.cursor-rows/2, n-rows))
	for i := from; i < n && i < from+rows; i++ {
		f := v.rec.Timeline.Frame(i)
		ink := render.InkDim
		if i == v.cursor {
			render.Panel(dst, rectXYWH(x-8*s, y-3*s, w+16*s, lh), 6*s, render.Hover)
			ink = render.Ink
		}
		for len(v.rowLabels) <= i {
			v.rowLabels = append(v.rowLabels, fmt.Sprintf("%3d", len(v.rowLabels)))
		}
		render.Text(dst, v.rowLabels[i], render.Mono, 14*s, x, y, render.InkFaint, render.Left)
		// One column per seat that moved, in seat order.
		cols := len(f.Moves)
		colW := (w - 44*s) / float64(max(1, cols))
		col := 0
		for seat := game.Seat(0); int(seat) < v.rec.Title.Seats(); seat++ {
			mv, ok := f.Moves[seat]
			if !ok {
				continue
			}
			cx := x + 44*s + float64(col)*colW
			col++
			render.Disc(dst, cx, y+9*s, 5*s, v.view.SeatColor(seat))
			key := fmt.Sprintf("%d|%d|%s", seat, cols, mv)
			label := v.clip.get(key, func(string) string { return clipText(v.moveLabel(seat, mv), render.Mono, 15*s, colW-18*s) })
			render.Text(dst, label, render.Mono, 15*s, cx+12*s, y, ink, render.Left)
		}
		y += lh
	}
}

// seatOrder is the order the side panel lists the seats in, with the
// scoreboard's headings and cells when the view has one.
func (v *Viewer) seatOrder(f game.Frame) ([]game.Seat, []string, [][]string) {
	if sb, ok := v.view.(render.Scoreboard); ok {
		heads, rows := sb.Scores(f)
		order := make([]game.Seat, len(rows))
		cells := make([][]string, len(rows))
		for i, r := range rows {
			order[i], cells[i] = r.Seat, r.Cells
		}
		return order, heads, cells
	}
	order := make([]game.Seat, v.rec.Title.Seats())
	for i := range order {
		order[i] = game.Seat(i)
	}
	return order, nil, nil
}

// scoreColumn is the width of a scoreboard column: the numbers stand at
// the right edges of the last columns of the side panel.
func scoreColumn(n int, w float64) float64 { return min(60, w*0.56/float64(max(1, n))) }

func (v *Viewer) drawHeads(dst *ebiten.Image, heads []string, x, y, w, s float64) {
	col := scoreColumn(len(heads), w)
	for i, h := range heads {
		cx := x + w - float64(len(heads)-1-i)*col
		render.Text(dst, h, render.Bold, 11*s, cx, y, render.InkFaint, render.Right)
	}
}

func (v *Viewer) drawCells(dst *ebiten.Image, cells []string, x, y, w, s float64) {
	col := scoreColumn(len(cells), w)
	for i, c := range cells {
		cx := x + w - float64(len(cells)-1-i)*col
		render.Text(dst, c, render.Bold, 15*s, cx, y, render.Ink, render.Right)
	}
}

// limitOf is the time per move of the person to move in frame f, in
// seconds (1 when unknown, to keep the clock's bar finite).
func (v *Viewer) limitOf(f game.Frame) float64 {
	for _, s := range f.ToMove {
		if int(s) < len(v.match.Seats) && v.match.Seats[s].Limit > 0 {
			return v.match.Seats[s].Limit.Seconds()
		}
	}
	return 1
}

// moveLabel is a move as the move list shows it: the view's short form when
// it has one.
func (v *Viewer) moveLabel(seat game.Seat, move string) string {
	if l, ok := v.view.(render.MoveLabeler); ok {
		move = l.MoveLabel(seat, move)
	}
	if move == "" {
		return "(no answer)"
	}
	return move
}

// thinking is what the players said about the move that made frame cur.
func thinking(cur game.Frame) string {
	var parts []string
	for seat, n := range cur.Notes {
		if n.Text != "" {
			parts = append(parts, fmt.Sprintf("P%d: %s", seat.Number(), n.Text))
		}
	}
	return strings.Join(parts, "\n")
}

func (v *Viewer) drawBar(dst *ebiten.Image, a *App) {
	s := a.Scale
	render.FillRect(dst, 0, float64(v.bar.Min.Y), float64(a.W), float64(v.bar.Dy()), color.NRGBA{0x0a, 0x10, 0x1d, 0xf0})
	tl := v.rec.Timeline
	n := tl.Len()
	live := tl.Live()
	running := v.playing || (live && v.follow && (v.pacer() == nil || v.pacer().Mode() == game.PaceRun))
	if running {
		v.play.Icon = sprites.IconPause
	} else {
		v.play.Icon = sprites.IconPlay
	}
	if p := v.pacer(); p != nil {
		v.mode.Label = "Step"
		if p.Mode() == game.PaceRun {
			v.mode.Label = "Run"
		}
	}
	for _, b := range v.buttons[:7] {
		b.Draw(dst, false, s)
	}
	if v.pacer() != nil {
		v.mode.Draw(dst, false, s)
	}
	sr := v.slower.Rect()
	render.Text(dst, v.speedLabel.get(v.speed, func(i int) string { return fmt.Sprintf("%g×", speeds[i]) }), render.Bold, 17*s, float64(sr.Max.X)+35*s, float64(sr.Min.Y)+9*s, render.Ink, render.Center)
	// The scrub bar.
	sc := v.scrub
	render.Panel(dst, sc, float64(sc.Dy())/2, render.Raised)
	frac := 1.0
	if n > 1 {
		frac = float64(v.cursor) / float64(n-1)
	}
	fill := sc
	fill.Max.X = sc.Min.X + int(frac*float64(sc.Dx()))
	if fill.Dx() > sc.Dy() {
		render.Panel(dst, fill, float64(sc.Dy())/2, render.Accent)
	}
	render.Disc(dst, float64(fill.Max.X), float64(sc.Min.Y+sc.Max.Y)/2, 11*s, render.Ink)
	label := v.turnLabel.get([2]int{v.cursor, n - 1}, func(k [2]int) string { return fmt.Sprintf("Turn %d / %d", k[0], k[1]) })
	render.Text(dst, label, render.Bold, 17*s, float64(a.W)-24*s, float64(sc.Min.Y)-14*s, render.Ink, render.Right)
	if live {
		pulse := 0.6 + 0.4*sinTime(a.Clock*4)
		render.Disc(dst, float64(a.W)-150*s, float64(sc.Min.Y)+26*s, 5*s, render.Fade(render.Bad, pulse))
		render.Text(dst, "LIVE", render.Bold, 13*s, float64(a.W)-138*s, float64(sc.Min.Y)+17*s, render.Bad, render.Left)
	}
}
