package render

import (
	"fmt"
	"image"
	"image/color"
	"sync/atomic"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
)

// Moment is what a view draws: the step from Prev to Cur, T of the way
// through its animation.
type Moment struct {
	Prev, Cur game.Frame
	T         float64 // 0..1 through the step's animation
	Clock     float64 // seconds since the view opened, for idle animation
	// Next is what is known of the step after Cur: the moves a player has
	// chosen and the notes on its candidates; nil when nothing is known.
	Next *game.Frame
	// Hint is set while a person is to move, so the board shows their
	// options; Seat is that person's seat (in simultaneous games, the one
	// entering a move now).
	Hint bool
	Seat game.Seat
	// People are the seats people play in a live match that is not over,
	// a bit per seat (1 << seat): what is hidden from them stays hidden,
	// whatever view a key asks for.
	People uint8
	// Marks are the seats' debug marks to draw over the map (DebugMarks),
	// as the viewer chose them; nil draws none.
	Marks []SeatMarks
}

// Person is the one seat people play in m, and false when they play none
// or several.
func (m *Moment) Person() (game.Seat, bool) {
	if m.People != 0 && m.People&(m.People-1) == 0 {
		for s := game.Seat(0); s < 8; s++ {
			if m.People == 1<<s {
				return s, true
			}
		}
	}
	return 0, false
}

// Pointer is the mouse and keys as the board sees them this tick.
type Pointer struct {
	X, Y   float64
	Click  bool // the left button was just pressed
	Cancel bool // right click or Esc: take back a half-entered move
	// Acts are the actions of the view's Moving bindings whose keys were
	// pressed this tick, in the order they were pressed.
	Acts []int
	// AnyKey is set when some key was pressed this tick.
	AnyKey bool
	// Chars are the characters typed this tick, for boards that take text.
	Chars []rune
}

// A View draws one title's frames and turns a person's clicks into moves.
// It keeps no game state: everything it shows comes from the frames.
type View interface {
	// Layout gives the view its area of the screen; scale is the size of
	// the interface relative to a 1280x800 window.
	Layout(area image.Rectangle, scale float64)
	// Update steps what the view animates over time to the moment m (its
	// camera easing to where it was sent, a step played again for a
	// person who takes the controls): once a tick, before Draw.
	Update(m *Moment)
	// Draw draws the moment into the area. It only draws: it changes
	// nothing that the next frame depends on.
	Draw(dst *ebiten.Image, m *Moment)
	// Input handles the pointer while the person of seat s is to move in
	// frame f, and returns a move once the person has completed one.
	Input(f game.Frame, s game.Seat, p Pointer) (move string, ok bool)
	// Reset drops a half-entered move, and reports whether there was one.
	Reset() bool
	// SeatColor is the colour that marks a seat everywhere.
	SeatColor(s game.Seat) color.NRGBA
	// Status is one line about frame f for people: whose turn, what to do.
	Status(f game.Frame) string
}

// A StatusSayer is a view whose status line is words for the screens'
// language (a seat in them as game.Say("Player %d", n)): the viewer says
// StatusWords, the players by their names, where it would show Status,
// which stays the English line.
type StatusSayer interface {
	StatusWords(f game.Frame) game.Words
}

// Drawn is how a title is drawn: its view, and a line that tells people
// what the game is. Each render/<title> package has one.
type Drawn struct {
	Title string      // the title's ID
	Blurb string      // a line that tells people what the game is
	New   func() View // makes a view of the title
}

// drawn is the installed list.
var drawn atomic.Pointer[[]Drawn]

// Install makes list the titles' views that NewView and Blurb find: a
// program that draws installs its list once, at the start of main
// (internal/titles/views has Arena's); a test binary, in its TestMain.
func Install(list ...Drawn) { drawn.Store(&list) }

// drawnOf finds how the installed list draws a title.
func drawnOf(id string) (Drawn, bool) {
	if list := drawn.Load(); list != nil {
		for _, d := range *list {
			if d.Title == id {
				return d, true
			}
		}
	}
	return Drawn{}, false
}

// NewView makes the view of a title.
func NewView(id string) (View, error) {
	if d, ok := drawnOf(id); ok {
		return d.New(), nil
	}
	return nil, fmt.Errorf("no view for game %q", id)
}

// Blurb is the line that tells people what a title is, and false when the
// title has no view.
func Blurb(id string) (string, bool) {
	d, ok := drawnOf(id)
	return d.Blurb, ok
}

// A Sighted view shows a game of hidden information: Sight is whose
// knowledge it shows now (game.AllSeats for everything, game.NoSeat while
// the controls pass between two people). The viewer shows standings,
// charts, markers and moves as that sight may know them.
type Sighted interface {
	Sight() game.Seat
}

// A MoveLabeler writes a game's moves shortly for the viewer's move list,
// where the original notation is long (such as an action in JSON).
type MoveLabeler interface {
	MoveLabel(s game.Seat, move string) string
}

// An Inspector is a view that tells more about what is under the pointer,
// such as the units on a cell: the viewer gives it the pointer's position
// every tick, on false when the pointer is off the board or dragging it.
type Inspector interface {
	Inspect(x, y float64, on bool)
}

// A Compacter is a view with panels of its own beside its map (a column of
// cards): compact, it gives their room to the map while nobody enters a
// move, as when people hide the viewer's panels.
type Compacter interface {
	SetCompact(on bool)
}

// A Disposer is a view that holds images of its own (a maze's chunks, a
// fog): Dispose lets go of them when the view is done with.
type Disposer interface {
	Dispose()
}

// StateOf is frame f's state as a title's own state type S, nil when the
// frame holds another.
func StateOf[S any](f game.Frame) *S {
	s, _ := f.State.(*S)
	return s
}
