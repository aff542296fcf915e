package scenes

import (
	"fmt"
	"image"
	"log/slog"
	"math"
	"path/filepath"
	"runtime"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/scenes/playback"
)

// A program is what a show plays, one game after another.
type program interface {
	// next is the next game as a viewer; nil and no error while it is not
	// ready yet. An error skips a game: the show says so and goes on.
	next(a *App) (*Viewer, error)
	// stop ends what the program runs.
	stop()
}

// The times of a show's cards, in seconds: the title card's by default,
// the result's, the pause after the end, a note's.
const (
	titleTime  = 4.0
	afterTime  = 2.0
	resultTime = 6.0
	noteTime   = 3.0
	// showMinutes is about how long a show's game lasts at the speed it
	// picks when people chose none.
	showMinutes = 2.0
)

type showPhase int

const (
	showLoading showPhase = iota
	showTitle
	showPlaying
	showResult
	showNote
)

// Show plays games unattended, for events: a title card before each (the
// game, the players), the game with the director camera, the result card
// after it, then the next. The demo loop plays live matches between the
// titles' bots; the kiosk plays a folder's replays. The speed people
// choose is kept from game to game.
type Show struct {
	prog  program
	v     *Viewer
	phase showPhase
	since float64
	note  string
	// speed is the show's own speed (the kiosk's --speed); 0 picks each
	// game's, unless people chose one.
	speed float64
	// cards stretches the cards' times: 1 is titleTime and resultTime.
	cards float64
	// Games counts the games shown so far.
	Games int
	ptr   pointer
}

// restTime is how long, in seconds, a show's pointer rests before the
// show hides it again.
const restTime = 3.0

// pointer is the mouse as a show sees it. Unattended, a pointer parked at
// the screen's edge would pan the camera for good and a resting one would
// leave a hover card up: so it is hidden, and off the screen for the game,
// until it moves; then it is the viewer's as anywhere, until it rests
// restTime again.
type pointer struct {
	x, y    float64
	seen    bool    // x and y hold a position read
	awake   bool    // it moved since the show began
	movedAt float64 // the app's clock when it last moved
	hidden  bool
}

// watch notes whether the pointer moved and, while it rests, hides it and
// takes it off the screen for the game.
func (p *pointer) watch(a *App) {
	in := &a.In
	if p.seen && (in.UI.X != p.x || in.UI.Y != p.y) || in.UI.Held || in.UI.Wheel != 0 || in.Dragging {
		p.wake(a)
	}
	p.x, p.y, p.seen = in.UI.X, in.UI.Y, true
	resting := !p.awake || a.Clock-p.movedAt > restTime
	p.hide(resting)
	if resting {
		in.UI.X, in.UI.Y = -1, -1
	}
}

// wake notes that people use the pointer now.
func (p *pointer) wake(a *App) { p.awake, p.movedAt = true, a.Clock }

// hide hides or shows the pointer.
func (p *pointer) hide(h bool) {
	if h == p.hidden {
		return
	}
	p.hidden = h
	if h {
		ebiten.SetCursorMode(ebiten.CursorModeHidden)
	} else {
		ebiten.SetCursorMode(ebiten.CursorModeVisible)
	}
}

// SetCardTime makes the title card last secs seconds, the result card and
// the pauses in proportion.
func (s *Show) SetCardTime(secs float64) { s.cards = max(0.001, secs/titleTime) }

// time is a card's time d, stretched as the show's cards are.
func (s *Show) time(d float64) float64 {
	if s.cards == 0 {
		return d
	}
	return d * s.cards
}

// logMemory writes the process's memory to the log: a show runs for hours,
// and the log tells whether its memory stays flat.
func logMemory(games int) {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	args := []any{"games", games, "heap_mb", fmt.Sprintf("%.1f", float64(ms.HeapInuse)/1e6)}
	if rss, ok := residentMemory(); ok {
		args = append(args, "rss_mb", fmt.Sprintf("%.1f", float64(rss)/1e6))
	}
	slog.Info("show: memory", args...)
}

// NewShow starts a show of the program.
func newShow(p program, speed float64) *Show { return &Show{prog: p, speed: speed} }

// Viewer is the game being shown, nil between games.
func (s *Show) Viewer() *Viewer { return s.v }

// Close ends the show and what its program runs.
func (s *Show) Close() {
	s.ptr.hide(false)
	s.drop()
	s.prog.stop()
}

// drop closes the game shown.
func (s *Show) drop() {
	if s.v != nil {
		s.v.Close()
		s.v.Dispose()
		s.v = nil
	}
}

func (s *Show) to(p showPhase, a *App) { s.phase, s.since = p, a.Clock }

// Update runs the show: the cards' times, the game between them.
func (s *Show) Update(a *App) error {
	s.ptr.watch(a)
	defer s.pointerOver(a)
	age := a.Clock - s.since
	stepped := false
	switch s.phase {
	case showLoading:
		v, err := s.prog.next(a)
		switch {
		case err != nil:
			s.note = noteText(err)
			slog.Warn("show: skipped", "reason", err.Error())
			s.to(showNote, a)
		case v != nil:
			s.start(a, v)
		}
	case showNote:
		if age > s.time(noteTime) {
			s.to(showLoading, a)
		}
	case showTitle:
		if age > s.time(titleTime) {
			if p := s.v.pacer(); p != nil {
				p.SetMode(game.PaceRun)
			}
			s.to(showPlaying, a)
		}
	case showPlaying:
		stepped = true
		if err := s.v.Update(a); err != nil {
			return err
		}
		if a.Top() != Scene(s) {
			return nil // the viewer opened its pause menu
		}
		if s.v.Finished() {
			if s.v.overSince == 0 {
				s.v.overSince = a.Clock
			}
			if a.Clock-s.v.overSince > s.time(afterTime) {
				s.to(showResult, a)
			}
		}
	case showResult:
		if age > s.time(resultTime) || a.In.Just(ActConfirm) {
			s.drop()
			s.Games++
			if s.Games%10 == 0 {
				logMemory(s.Games)
			}
			s.to(showLoading, a)
		}
	}
	if s.v != nil && !stepped {
		s.v.step(a) // the game under the title and the result cards
	}
	if s.phase != showPlaying && a.In.Just(ActBack) && s.v != nil {
		a.Push(NewPause(s.v))
	}
	return nil
}

// pointerOver shows the pointer for a scene opened over the show (the
// pause menu), and gives it restTime once the show is back on top.
func (s *Show) pointerOver(a *App) {
	if a.Top() != Scene(s) {
		s.ptr.hide(false)
		s.ptr.wake(a)
	}
}

// start shows the title card of viewer v's game, with the map first (H
// brings the panels back) and without the bots' debug marks (M); its
// match (a live one) waits for the card.
func (s *Show) start(a *App, v *Viewer) {
	s.v = v
	v.show = true
	v.mapFirst = true
	v.dm.hidden = ^uint8(0) // the room sees no bot's debug marks; M shows them
	v.SetDirector(true)
	if p := v.pacer(); p != nil {
		p.SetMode(game.PacePause)
	}
	switch {
	case a.Speed > 0:
		v.SetSpeed(a.Speed)
	case s.speed > 0:
		v.SetSpeed(s.speed)
	default:
		v.SetSpeed(fitSpeed(v))
	}
	v.Seek(0)
	v.clock.Playing = true
	v.clock.Follow = v.rec.Timeline.Live()
	s.to(showTitle, a)
}

// fitSpeed is the speed at which v's game lasts about showMinutes: its
// recorded steps, or as many as the title allows; 1x at least.
func fitSpeed(v *Viewer) float64 {
	steps := v.rec.Timeline.Len() - 1
	if t, ok := v.rec.Title.(game.Timed); ok && v.rec.Timeline.Live() {
		steps = t.Steps(v.rec.Header.Config)
	}
	need := float64(steps) * (playback.StepTime + playback.HoldTime) / (showMinutes * 60)
	return max(1, playback.Speeds[playback.SpeedIndex(need)])
}

// Draw draws the game, and over it the card of the moment.
func (s *Show) Draw(dst *ebiten.Image, a *App) {
	if s.v != nil {
		s.v.quiet = s.phase == showResult // the card tells the result
		s.v.Draw(dst, a)
	} else {
		backdrop(dst, a)
	}
	switch s.phase {
	case showLoading:
		if w, ok := s.prog.(waiter); ok && w.drawWaiting(s, dst, a) {
			break // a match that waits for its players
		}
		s.card(dst, a, "Arena", []string{lang.T("The next game is on its way…")}, nil)
	case showNote:
		s.card(dst, a, lang.T("Skipped"), render.Wrap(s.note, render.Regular, 18*a.Scale, 640*a.Scale), nil)
	case showTitle:
		s.titleCard(dst, a)
	case showResult:
		s.resultCard(dst, a)
	}
}

// card draws a centred card over the dimmed game: a heading and lines,
// then what more draws under them (the players, the standings).
func (s *Show) card(dst *ebiten.Image, a *App, heading string, lines []string, more func(r image.Rectangle) float64) {
	sc := a.Scale
	dim(dst, a, 0.78)
	w := math.Min(760*sc, float64(a.W)-40*sc)
	h := 130*sc + float64(len(lines))*26*sc
	if more != nil {
		h += more(image.Rectangle{})
	}
	r := rectXYWH(float64(a.W)/2-w/2, float64(a.H)/2-h/2, w, h)
	card(dst, a, r)
	x := float64(r.Min.X) + 44*sc
	tx, align := cardStart(x, w-88*sc)
	render.FitText(dst, heading, render.Bold, 44*sc, tx, float64(r.Min.Y)+34*sc, w-88*sc, render.Ink, align)
	y := float64(r.Min.Y) + 100*sc
	for _, l := range lines {
		render.FitText(dst, l, render.Regular, 19*sc, tx, y, w-88*sc, render.InkDim, align)
		y += 26 * sc
	}
	if more != nil {
		more(image.Rect(int(x), int(y+8*sc), r.Max.X-int(44*sc), r.Max.Y))
	}
}

// cardStart is where a card's lines of width w that start at x are drawn
// from, and how they align: from their right edge in a language written
// right to left.
func cardStart(x, w float64) (float64, render.Align) {
	if lang.RTL() {
		return x + w, render.Right
	}
	return x, render.Left
}

// cardRow is where a card's line of a player goes in r: the centre of its
// seat's mark (mark from the line's start) and where its text starts (text
// from the line's start), mirrored in a language written right to left.
func cardRow(r image.Rectangle, mark, text float64) (gx, tx float64, align render.Align) {
	if lang.RTL() {
		return float64(r.Max.X) - mark, float64(r.Max.X) - text, render.Right
	}
	return float64(r.Min.X) + mark, float64(r.Min.X) + text, render.Left
}

// titleCard names the game and its players.
func (s *Show) titleCard(dst *ebiten.Image, a *App) {
	v := s.v
	rec := v.rec
	var lines []string
	if rec.Header.Config.Map != "" {
		lines = append(lines, lang.F("Map: %s", filepath.Base(rec.Header.Config.Map)))
	}
	lines = append(lines, lang.T(rec.Source))
	sc := a.Scale
	n := rec.Title.Seats()
	s.card(dst, a, rec.Title.Name(), lines, func(r image.Rectangle) float64 {
		if r.Empty() {
			return float64(n)*34*sc + 10*sc
		}
		y := float64(r.Min.Y)
		gx, tx, align := cardRow(r, 10*sc, 32*sc)
		for i := range n {
			v.seatGlyph(dst, game.Seat(i), gx, y+14*sc, 22*sc)
			render.FitText(dst, v.playerName(game.Seat(i), false)+" · "+v.seatName(i), render.Bold, 22*sc, tx, y, float64(r.Dx())-32*sc, render.Ink, align)
			y += 34 * sc
		}
		return 0
	})
}

// resultCard tells how the game ended, with the standings.
func (s *Show) resultCard(dst *ebiten.Image, a *App) {
	v := s.v
	last := v.rec.Timeline.Last()
	head, tail, _ := v.verdictParts(last)
	sc := a.Scale
	lines := render.Wrap(tail, render.Regular, 19*sc, 660*sc)
	st, ranked := v.rec.Title.(game.Ranked)
	s.card(dst, a, head, lines, func(r image.Rectangle) float64 {
		if !ranked {
			return 0
		}
		standings := st.Standings(last, game.AllSeats)
		if r.Empty() {
			return float64(18+28*len(standings.Rows)) * sc
		}
		v.drawStandingsTable(dst, standings, r, sc)
		return 0
	})
}

// demoProgram plays the titles' strongest bots against each other, each
// title in turn, each game with the next seed. The replays go to the
// temporary folder, not the replay folder.
type demoProgram struct{ setup game.Setup }

func (p *demoProgram) next(a *App) (*Viewer, error) {
	st := p.setup
	p.setup = nextDemo(st)
	st.Out = demoReplay(st.Title.ID()) // platform_*.go
	return StartMatch(a, st, game.PaceRun)
}

func (p *demoProgram) stop() {}

// NewDemo is the demo loop, starting with setup's game.
func NewDemo(setup game.Setup) *Show { return newShow(&demoProgram{setup: setup}, 0) }

// demoSetup pits the title's strongest computer player against its second
// strongest at their default strengths.
func demoSetup(t game.Title, seed int64) game.Setup {
	bots := t.Bots()
	st := game.Setup{Title: t, Seed: seed}
	for i := 0; i < t.Seats(); i++ {
		b := bots[max(0, len(bots)-1-i%2)]
		st.Seats = append(st.Seats, game.SeatSpec{Kind: b.Kind, Strength: b.Default})
	}
	return st
}

// nextDemo is the demo loop's next game: the menu's next title, with the
// next seed, so that an event's screen shows every game in turn.
func nextDemo(st game.Setup) game.Setup {
	titles := MenuTitles()
	i := slices.IndexFunc(titles, func(t game.Title) bool { return t.ID() == st.Title.ID() })
	return demoSetup(titles[(i+1)%len(titles)], st.Seed+1)
}

// skipped is a file of a kiosk's folder that could not be shown.
type skipped struct {
	path string
	err  error
}

func (e skipped) Error() string { return fmt.Sprintf("%s: %v", filepath.Base(e.path), e.err) }

// noAnswer is a server's match that sent nothing within wait.
type noAnswer struct{ wait time.Duration }

func (e noAnswer) Error() string { return fmt.Sprintf("no answer from the server within %v", e.wait) }

// feedEnded is a server's match whose stream ended before it showed
// anything, with the stream's last status.
type feedEnded string

func (e feedEnded) Error() string { return string(e) }

// noteText says why a file or a match was skipped, in the screens'
// language where the catalogue has the reason.
func noteText(err error) string {
	switch e := err.(type) {
	case skipped:
		return filepath.Base(e.path) + ": " + noteText(e.err)
	case noAnswer:
		return lang.F("no answer from the server within %s", lang.Digits(e.wait.String()))
	case feedEnded:
		return feedStatus(string(e))
	}
	return lang.T(err.Error())
}
