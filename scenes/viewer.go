package scenes

import (
	"context"
	"errors"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/ui"
	"github.com/arena-games/arena/scenes/playback"
	"github.com/arena-games/arena/sprites"
)

const (
	computerGap = 1500 * time.Millisecond
	resultsWait = 2.2 // seconds of the winner's moment before the results
)

// Viewer plays a timeline, live or recorded: the board, the players, the
// moves, and the controls to play, pause, step and scrub. Its parts are
// scenes/playback (the clock), chronicle.go (what the title tells of each
// frame), navigate.go (input and the camera), director.go (where the
// camera looks), panel.go and chart.go (the side panel), bar.go (the
// control bar), banner.go (the banner, the feed, the standings' table) and
// film.go (clips as GIFs).
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
	// server is the feed of a server's match and its LIVE badge
	// (watch.go); nil otherwise.
	server *serverLink
	// sides are what the seats people play here know, in a game of hidden
	// information (sides.go); nil otherwise.
	sides *sides
	// dm is what the viewer shows of the bots' debug marks (debugmarks.go).
	dm debugMarks

	clock       playback.Clock
	chron       *Chronicle
	dir         director
	notes       bool
	overSince   float64
	resultsOpen bool
	// atEnd is set while the last frame is shown settled, for the banner.
	atEnd bool
	// show is set when a show (the demo loop, the kiosk) plays the viewer:
	// it opens no results and plays on by itself.
	show bool
	// mapFirst puts the map first (H; scoreboard.go): the side panel and
	// the top bar give way to a scoreboard across the top.
	mapFirst bool
	// quiet hides the banner while a show's result card tells the result.
	quiet bool
	// chart is the quantity the side panel charts.
	chart     int
	scrubbing bool
	grab      grab
	// screenW and screenH are the window's size, for panning at its edge.
	screenW, screenH int
	scale            float64

	first, back, reverse, play, fwd, last, slower, faster, mode, dirButton, menu, help ui.Button
	buttons                                                                            []*ui.Button
	area, side, bar, scrub, top                                                        image.Rectangle
	// moment is what the board shows, worked out by step; stepped is set
	// once it has been. next is what is known of the step after it, for
	// moment.Next.
	moment  render.Moment
	stepped bool
	next    game.Frame
	// acts are this tick's actions of the view's keys, reused.
	acts []int

	panel panelCache
	barc  barCache
	score scoreCache
	// source is the top bar's line about where the game comes from, by
	// whether it is still live.
	source render.Memo[bool]
	// backTo is the scene the pause menu goes back to instead of the
	// main menu: the tournament a replay was opened from.
	backTo Scene
	// file is the replay file shown, where it is known: what "compare
	// with…" (compare.go) names.
	file string
	// analysis is the engine's live analysis of the turn shown, in place
	// of the side panel (L, Santorini only; analysis.go); nil when off.
	analysis *analysis
	arrows   []arrow
}

// NewViewer shows a recording from its start; a replay starts playing.
func NewViewer(rec *game.Recording, view render.View) *Viewer {
	v := &Viewer{rec: rec, view: view, notes: true, clock: playback.New(), mapFirst: openMapFirst}
	v.clock.Playing = !rec.Timeline.Live()
	v.barc.hover = -1
	v.chron = NewChronicle(rec.Title, rec.Timeline, game.AllSeats)
	v.first = ui.Button{Icon: sprites.IconFirst, HasIcon: true}
	v.back = ui.Button{Icon: sprites.IconStepBack, HasIcon: true}
	v.reverse = ui.Button{Icon: sprites.IconReverse, HasIcon: true}
	v.play = ui.Button{Icon: sprites.IconPlay, HasIcon: true, Primary: true}
	v.fwd = ui.Button{Icon: sprites.IconStepForward, HasIcon: true}
	v.last = ui.Button{Icon: sprites.IconLast, HasIcon: true}
	v.slower = ui.Button{Icon: sprites.IconSlower, HasIcon: true}
	v.faster = ui.Button{Icon: sprites.IconFaster, HasIcon: true}
	v.mode = ui.Button{Label: "Step"}
	v.dirButton = ui.Button{Icon: sprites.IconCamera, HasIcon: true}
	v.menu = ui.Button{Icon: sprites.IconMenu, HasIcon: true}
	v.help = ui.Button{Icon: sprites.IconHelp, HasIcon: true}
	v.buttons = []*ui.Button{&v.first, &v.back, &v.reverse, &v.play, &v.fwd, &v.last, &v.slower, &v.faster, &v.mode, &v.dirButton, &v.menu, &v.help}
	return v
}

// startSetUp starts the match a form sets up (set), or says in a toast
// why it cannot: nil then.
func startSetUp(a *App, set func() (game.Setup, game.PaceMode, error)) *Viewer {
	st, pace, err := set()
	if err == nil {
		var v *Viewer
		if v, err = StartMatch(a, st, pace); err == nil {
			return v
		}
	}
	a.Toast("%v", err)
	return nil
}

// StartMatch starts a match in the window: it writes the replay and the move
// file in the app's replay folder (none without a folder, as in a browser)
// and opens the viewer on it.
func StartMatch(a *App, st game.Setup, pace game.PaceMode) (*Viewer, error) {
	return StartMatchContext(context.Background(), a, st, pace)
}

// unusedReplayPath is where a match started at now keeps its replay in
// dir: TITLE-DATE-TIME.arena, with -2, -3, ... when a match started in the
// same second has it (written, or being written under its temporary name),
// as when a match is taken over as soon as it starts.
func unusedReplayPath(dir, title string, now time.Time) string {
	base := filepath.Join(dir, fmt.Sprintf("%s-%s", title, now.Format("20060102-150405")))
	path := base + ".arena"
	for n := 2; taken(path); n++ {
		path = fmt.Sprintf("%s-%d.arena", base, n)
	}
	return path
}

// taken reports whether a replay is at path or being written for it.
func taken(path string) bool {
	if _, err := os.Stat(path); err == nil {
		return true
	}
	parts, _ := filepath.Glob(path + ".*.part")
	return len(parts) > 0
}

// StartMatchContext is StartMatch, giving up when ctx ends while the match
// waits for its contest seats to join.
func StartMatchContext(ctx context.Context, a *App, st game.Setup, pace game.PaceMode) (*Viewer, error) {
	view, err := render.NewView(st.Title.ID())
	if err != nil {
		return nil, err
	}
	if st.Out == "" && a.ReplayDir != "" {
		st.Out = unusedReplayPath(a.ReplayDir, st.Title.ID(), time.Now())
	}
	m, closeFiles, err := st.StartContext(ctx)
	if err != nil {
		return nil, err
	}
	sd, err := watchSides(m)
	if err != nil {
		return nil, errors.Join(err, closeFiles())
	}
	v := NewViewer(m.Recording(), view)
	v.match, v.setup, v.pace, v.sides = m, st, pace, sd
	if !anyHuman(m) {
		m.Pace = game.NewPacer(pace, computerGap)
	}
	v.clock.Follow = true
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
	showOrigin(v) // takeover.go
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
	v.closeServer()
	if v.analysis != nil {
		v.analysis.close()
	}
	if v.cancel != nil {
		v.cancel()
		<-v.done
	}
}

// Dispose lets go of the images the viewer and its view drew into, at
// once rather than when the garbage collector finds them: a show plays
// viewer after viewer for hours.
func (v *Viewer) Dispose() {
	for _, img := range []*ebiten.Image{v.panel.chart.img, v.barc.marks} {
		if img != nil {
			img.Deallocate()
		}
	}
	v.panel.chart.img, v.barc.marks = nil, nil
	if d, ok := v.view.(render.Disposer); ok {
		d.Dispose()
	}
}

// ReplayPath is the file a live match writes, or "" for a recording.
func (v *Viewer) ReplayPath() string {
	if v.match == nil {
		return ""
	}
	return v.setup.Out
}

// Recording is what the viewer shows.
func (v *Viewer) Recording() *game.Recording { return v.rec }

// Seek shows frame i at once, without animation, and stops playing.
func (v *Viewer) Seek(i int) {
	v.clock.Seek(i, v.rec.Timeline.Len())
	v.view.Reset()
}

// Cursor is the frame shown.
func (v *Viewer) Cursor() int { return v.clock.Cursor }

// SetSpeed chooses the playback speed nearest x (as a factor of 1x).
func (v *Viewer) SetSpeed(x float64) { v.setSpeed(playback.SpeedIndex(x)) }

// SetDirector turns the director camera on or off.
func (v *Viewer) SetDirector(on bool) { v.dir.on, v.dir.follow = on, "" }

// Finished reports whether a recording has been played to its end and
// rested there: the show may go on.
func (v *Viewer) Finished() bool {
	n := v.rec.Timeline.Len()
	return !v.rec.Timeline.Live() && v.clock.Cursor == n-1 && v.clock.Settled()
}

// The viewer's frame around the board: a top bar, a side panel on the right
// and the control bar at the bottom.
const (
	topBarH   = 64
	controlsH = 88
	sideW     = 360
)

// openMapFirst is whether viewers open with the map first, as the settings
// say.
var openMapFirst bool

// BoardArea is where the viewer puts the board in a w x h window.
func BoardArea(w, h int, scale float64) image.Rectangle {
	return image.Rect(int(16*scale), int((topBarH+8)*scale), w-int(sidePanelW(w, scale)+32*scale), h-int((controlsH+16)*scale))
}

// boardArea is BoardArea in the screens' language: in a language written
// right to left the side panel stands left of the board (the board itself
// is not mirrored).
func boardArea(w, h int, scale float64) image.Rectangle {
	r := BoardArea(w, h, scale)
	if lang.RTL() {
		r = mirrored(r, w)
	}
	return r
}

// mirrored is r mirrored across a window w wide: where it stands in a
// language written right to left.
func mirrored(r image.Rectangle, w int) image.Rectangle {
	return image.Rect(w-r.Max.X, r.Min.Y, w-r.Min.X, r.Max.Y)
}

// sidePanelW is the side panel's width in a window w wide: sideW at the
// scale, but never more than a third of the window, whose most goes to
// the board at every interface scale.
func sidePanelW(w int, scale float64) float64 {
	return math.Min(sideW*scale, float64(w)/3)
}

func (v *Viewer) layout(a *App) {
	v.screenW, v.screenH, v.scale = a.W, a.H, a.Scale
	s := a.Scale
	v.bar = rectXYWH(0, float64(a.H)-controlsH*s, float64(a.W), controlsH*s)
	v.top = rectXYWH(0, 0, float64(a.W), topBarH*s)
	side := sidePanelW(a.W, s)
	v.side = rectXYWH(float64(a.W)-side-16*s, (topBarH+8)*s, side, float64(a.H)-(controlsH+topBarH+24)*s)
	v.area = boardArea(a.W, a.H, s)
	if lang.RTL() {
		v.side = mirrored(v.side, a.W)
	}
	if v.mapFirst {
		v.area = image.Rect(int(8*s), int((scoreH+6)*s), a.W-int(8*s), a.H-int((controlsH+6)*s))
	}
	if c, ok := v.view.(render.Compacter); ok {
		c.SetCompact(v.mapFirst)
	}
	v.view.Layout(v.area, s)
	v.layoutBar(a)
	if v.mapFirst {
		v.layoutScoreboard(a)
	}
}

func (v *Viewer) pacer() *game.Pacer {
	if v.match == nil {
		return nil
	}
	return v.match.Pace
}

// sight is whose knowledge the screen shows: everything, unless the board
// shows a game of hidden information as one seat knows it (or as nobody
// may, while two people pass the controls).
func (v *Viewer) sight() game.Seat {
	if s, ok := v.view.(render.Sighted); ok {
		return s.Sight()
	}
	return game.AllSeats
}

// people are the seats people play in a live match that is not over, a bit
// each (render.Moment.People).
func (v *Viewer) people() uint8 {
	if v.match == nil || v.rec.Timeline.Last().Over {
		return 0
	}
	var bits uint8
	for i := range v.match.Seats {
		if _, ok := v.match.IsHuman(game.Seat(i)); ok {
			bits |= 1 << i
		}
	}
	return bits
}

// sideShown is the seat whose side the board shows, at a live match that
// people play here in a game of hidden information: the person's to
// move, else the one person's (with several, the board is behind a
// curtain between their moves, and shows the first one's side under it).
// ok is false when the board shows the whole game.
func (v *Viewer) sideShown() (s game.Seat, ok bool) {
	people := v.people()
	if v.sides == nil || people == 0 {
		return 0, false
	}
	if h, s := v.humanToMove(v.rec.Timeline.Frame(v.clock.Cursor)); h != nil {
		return s, true
	}
	for people&1 == 0 {
		people >>= 1
		s++
	}
	return s, true
}

// boardFrame is frame i as the board shows it: as the seat whose side it
// shows knows it, or the whole game's.
func (v *Viewer) boardFrame(i int) game.Frame {
	if s, ok := v.sideShown(); ok {
		return v.sides.frame(s, i)
	}
	return v.rec.Timeline.Frame(i)
}

// Update advances the playback, follows a live match and handles input.
func (v *Viewer) Update(a *App) error {
	v.layout(a)
	if v.server != nil {
		v.serverUpdate(a)
	}
	tl := v.rec.Timeline
	n := tl.Len()
	v.clock.Tick(1/float64(ebiten.TPS()), n, tl.Live())
	if v.clock.Cursor >= n {
		v.clock.Seek(n-1, n)
	}
	v.checkDone(a)
	v.chron.Update(v.sight())

	// The board: a person's move. A click while the last moves are still
	// animating finishes the animation first: people need not wait for it.
	last := tl.Frame(n - 1)
	boardInput := (a.In.UI.Pressed && a.In.UI.Over(v.area)) || v.boardKey(a.In.Keys)
	if h, _ := v.waitingHuman(last); v.clock.Follow && boardInput && (v.clock.Cursor < n-1 || !v.clock.Settled()) && h != nil {
		v.Seek(n - 1)
		v.clock.Follow = true
	}
	frame := tl.Frame(v.clock.Cursor)
	human, seat := v.humanToMove(frame)
	if human != nil {
		if err := human.Rejected(); err != nil {
			a.Toast("%v", err)
		}
		v.acts = render.Acts(v.acts[:0], bindingsOf(v.view), render.Moving, a.In.Keys)
		p := render.Pointer{X: a.In.UI.X, Y: a.In.UI.Y, Click: a.In.UI.Pressed && a.In.UI.Over(v.area), Cancel: a.In.RightClick,
			Acts: v.acts, AnyKey: len(a.In.Keys) > 0, Chars: a.In.UI.Chars}
		if move, ok := v.view.Input(v.boardFrame(v.clock.Cursor), seat, p); ok {
			human.Submit(move)
		}
		a.In.yield(v.view)
	} else {
		if a.In.RightClick {
			v.view.Reset()
		}
		for _, k := range a.In.Keys {
			if !bound(k) {
				render.Watch(v.view, k)
			}
		}
	}
	v.controls(a, human != nil)
	v.step(a)
	v.analyseShown()
	return nil
}

// step works out the moment to show after this tick's input, and steps
// all that moves with the clock to it: the chronicle reads on, the
// director points the camera, the view's camera eases. Update calls it,
// and so does whatever draws a viewer that does not run (a film, a
// picture, a show's title card).
func (v *Viewer) step(a *App) {
	v.layout(a)
	v.chron.Update(v.sight())
	tl := v.rec.Timeline
	m := &v.moment
	prev, cur, t := v.clock.Step()
	m.Prev, m.Cur = tl.Frame(prev), tl.Frame(cur)
	m.T, m.Clock = t, a.Clock
	m.Next = nil
	if next, ok := tl.Next(v.clock.Cursor); ok && v.notes && v.clock.Settled() && game.Knows(v.sight(), seatOf(next)) {
		v.next = next
		m.Next = &v.next
	}
	h, seat := v.humanToMove(m.Cur)
	m.Hint, m.Seat = h != nil, seat
	m.People = v.people()
	if _, ok := v.sideShown(); ok {
		m.Prev, m.Cur = v.boardFrame(prev), v.boardFrame(cur)
	}
	v.marksMoment(m)
	v.atEnd = v.clock.Cursor == tl.Len()-1 && v.clock.Settled()
	v.dir.frame(v, a)
	v.view.Update(m)
	v.stepped = true
}

// controls handles the viewer's keys and buttons; person is set while a
// person enters a move.
func (v *Viewer) controls(a *App, person bool) {
	in := &a.In
	tl := v.rec.Timeline
	n := tl.Len()
	for _, b := range v.buttons {
		b.Disabled = false
	}
	v.mode.Disabled = v.pacer() == nil
	_, mapped := v.view.(render.Mapped)
	v.dirButton.Disabled = !mapped
	pressed := func(b *ui.Button) bool { return b.Update(&in.UI, false) }
	_, navigable := v.view.(render.Navigator)
	v.navigate(a, person)
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
	case in.Just(ActReverse) || pressed(&v.reverse):
		if !tl.Live() {
			v.clock.PlayBack(n)
		}
	case in.Just(ActStepForward) || pressed(&v.fwd):
		v.stepForward()
	case in.Just(ActStepBack) || pressed(&v.back):
		v.clock.StepBack(n)
		v.clock.Follow = false
		v.view.Reset()
	case in.Just(ActFirst) || pressed(&v.first):
		v.Seek(0)
		v.clock.Follow = false
	case in.Just(ActLast) || pressed(&v.last):
		v.Seek(n - 1)
		v.clock.Follow = tl.Live()
	case in.Just(ActFaster) || pressed(&v.faster) || (in.Just(ActZoomIn) && !navigable):
		v.setSpeed(v.clock.Speed + 1)
		a.Speed = v.clock.Rate()
	case in.Just(ActSlower) || pressed(&v.slower) || (in.Just(ActZoomOut) && !navigable):
		v.setSpeed(v.clock.Speed - 1)
		a.Speed = v.clock.Rate()
	case in.Just(ActNotes):
		v.notes = !v.notes
	case in.Just(ActNextEvent):
		v.jumpEvent(v.chron.Next(v.clock.Cursor))
	case in.Just(ActPrevEvent):
		v.jumpEvent(v.chron.Prev(v.clock.Cursor))
	case in.Just(ActPanels):
		v.mapFirst = !v.mapFirst
		v.layout(a)
	case (in.Just(ActDirector) || pressed(&v.dirButton)) && mapped:
		v.SetDirector(!v.dir.on)
		a.Toast("%s", lang.T(map[bool]string{true: "Director on: the camera follows the action", false: "Director off"}[v.dir.on]))
	case in.Just(ActExport):
		v.export(a)
	case in.Just(ActChart):
		v.nextChart()
	case in.Just(ActCompare):
		v.compareWith(a)
	case in.Just(ActTakeOver):
		v.takeOver(a) // takeover.go
	case in.Just(ActAnalysis):
		v.toggleAnalysis(a) // analysis.go
	case pressed(&v.mode) && !v.mode.Disabled:
		v.togglePlay()
	}
	v.updateScrub(in)
	v.marksInput(a)
	if v.analysis != nil {
		v.analysis.handle(&in.UI)
	} else {
		v.panelInput(a)
	}
}

// jumpEvent shows frame i, an event's, when there is one.
func (v *Viewer) jumpEvent(i int) {
	if i < 0 {
		return
	}
	v.Seek(i)
	v.clock.Follow = false
}

// togglePlay plays or pauses; in a live computer match it switches between
// running to the end and stepping.
func (v *Viewer) togglePlay() {
	if v.server != nil {
		v.serverTogglePlay()
		return
	}
	tl := v.rec.Timeline
	if p := v.pacer(); p != nil && tl.Live() {
		if p.Mode() == game.PaceRun {
			p.SetMode(game.PaceStep)
		} else {
			p.SetMode(game.PaceRun)
			v.clock.Follow = true
		}
		return
	}
	if tl.Live() {
		// A live match with people: "play" catches up with it.
		v.Seek(tl.Len() - 1)
		v.clock.Follow = true
		return
	}
	v.clock.Toggle(tl.Len())
}

// stepForward shows the next frame, or lets a live computer match play one
// move when the newest frame is shown.
func (v *Viewer) stepForward() {
	n := v.rec.Timeline.Len()
	live := v.rec.Timeline.Live()
	if v.clock.Cursor < n-1 {
		v.clock.StepForward(n)
		v.clock.Follow = live && v.clock.Cursor == n-1
		v.view.Reset()
		return
	}
	if p := v.pacer(); p != nil && live {
		if p.Mode() != game.PaceStep {
			p.SetMode(game.PaceStep)
		}
		p.Step()
		v.clock.Follow = true
	}
}

func (v *Viewer) setSpeed(i int) {
	v.clock.SetSpeed(i)
	if p := v.pacer(); p != nil {
		p.SetDelay(time.Duration(float64(computerGap) / v.clock.Rate()))
	}
}

// boardKey reports whether one of the keys pressed may be meant for the
// board: not one of the viewer's own, or one the board takes while a
// person moves (AIBG 5.0's D moves east rather than calling the director).
func (v *Viewer) boardKey(keys []ebiten.Key) bool {
	bs := bindingsOf(v.view)
	for _, k := range keys {
		if !bound(k) || render.Takes(bs, render.Moving, k) {
			return true
		}
	}
	return false
}

// humanToMove returns the person who must move now in the shown frame, if
// the newest frame is shown and settled.
func (v *Viewer) humanToMove(f game.Frame) (*game.Human, game.Seat) {
	if v.clock.Cursor != v.rec.Timeline.Len()-1 || !v.clock.Settled() {
		return nil, 0
	}
	return v.waitingHuman(f)
}

// waitingHuman returns the person the match waits for in frame f, and their
// seat: in a simultaneous game with several people, the first of them who
// has not moved yet.
func (v *Viewer) waitingHuman(f game.Frame) (*game.Human, game.Seat) {
	if v.match == nil {
		return v.serverHuman(f)
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
	if v.match == nil || !last.Over || v.clock.Cursor != v.rec.Timeline.Len()-1 || !v.clock.Settled() {
		return
	}
	if v.overSince == 0 {
		v.overSince = a.Clock
	}
	if !v.resultsOpen && !v.show && a.Clock-v.overSince > resultsWait {
		v.resultsOpen = true
		a.Push(NewResults(v))
	}
}

// Draw draws the board, the side panel and the control bar as the last
// step left them; the idle animations run on with the clock, under an
// overlay too.
func (v *Viewer) Draw(dst *ebiten.Image, a *App) {
	switch {
	case !v.stepped:
		v.step(a) // drawn before its first tick: opened this tick
	case a.W != v.screenW || a.H != v.screenH || a.Scale != v.scale:
		v.layout(a) // the window changed under an overlay
	}
	backdrop(dst, a)
	if v.barc.lang != lang.Current() {
		v.source = render.Memo[bool]{}
	}
	v.barc.sayLabels()
	m := &v.moment
	m.Clock = a.Clock
	v.drawBoard(dst, m) // analysis.go
	if v.mapFirst {
		v.drawScoreboard(dst, a)
	} else {
		v.drawTop(dst, a)
		if v.analysis != nil {
			v.analysis.drawPanel(dst, a, v.side)
		} else {
			v.drawSide(dst, a)
		}
	}
	v.drawFeed(dst, a)
	v.drawBanner(dst, a)
	v.drawBar(dst, a)
}

// when is a time as the top bar says it: "2 Jan 2006 15:04" in English,
// in numbers in the other languages.
func when(t time.Time) string {
	if lang.Current() == lang.En {
		return t.Format("2 Jan 2006 15:04")
	}
	return lang.Digits(t.Format("2006-01-02 15:04"))
}

// seatOf is the one seat whose move f holds, game.AllSeats when it holds
// several or none.
func seatOf(f game.Frame) game.Seat {
	if len(f.Moves) == 1 {
		for s := range f.Moves {
			return s
		}
	}
	return game.AllSeats
}

// sourceWords is where a recording came from, in the screens' language: a
// server's match names its server after the words.
func sourceWords(source string) string {
	if server, ok := strings.CutPrefix(source, "Arena server "); ok { // net/stream
		return lang.F("Arena server %s", server)
	}
	return lang.T(source)
}

func (v *Viewer) drawTop(dst *ebiten.Image, a *App) {
	s := a.Scale
	name := lang.T(v.rec.Title.Name())
	w, _ := render.Measure(name, render.Bold, 26*s)
	source := v.source.Get(v.rec.Timeline.Live(), func(live bool) string {
		source := sourceWords(v.rec.Source)
		if v.match != nil && !live {
			source = lang.F("match played here · %s", filepath.Base(v.setup.Out))
		}
		if t, err := time.Parse(time.RFC3339, v.rec.Header.Created); err == nil && v.match == nil {
			source += " · " + when(t.Local())
		}
		if o := originLine(v.rec.Header); o != "" {
			source += " · " + o
		}
		return source
	})
	if lang.RTL() { // right to left: the name at the right edge, the buttons at the left
		W := float64(a.W)
		render.Text(dst, name, render.Bold, 26*s, W-24*s, 16*s, render.Ink, render.Right)
		room := W - float64(v.help.Rect().Max.X) - 56*s - w
		if _, n, r := v.feed(a); n > 0 {
			room = W - float64(r.Max.X) - 16*s - 40*s - w
		}
		render.FitText(dst, source, render.Regular, 15*s, W-40*s-w, 25*s, room, render.InkFaint, render.Right)
	} else {
		render.Text(dst, name, render.Bold, 26*s, 24*s, 16*s, render.Ink, render.Left)
		room := float64(v.help.Rect().Min.X) - 56*s - w
		if _, n, r := v.feed(a); n > 0 {
			room = float64(r.Min.X) - 16*s - 40*s - w // the event feed's room
		}
		render.FitText(dst, source, render.Regular, 15*s, 40*s+w, 25*s, room, render.InkFaint, render.Left)
	}
	v.menu.Draw(dst, false, s)
	v.help.Draw(dst, false, s)
}
