package scenes

import (
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/ui"
)

// Action is something a person can do with a key, whatever key it is bound to.
type Action int

// The actions of Arena's scenes.
const (
	ActConfirm Action = iota
	ActBack
	ActPlayPause
	ActStepForward
	ActStepBack
	ActFirst
	ActLast
	ActFaster
	ActSlower
	ActNotes
	ActDebugMarks
	ActZoomIn
	ActZoomOut
	ActFit
	ActPanUp
	ActPanDown
	ActPanLeft
	ActPanRight
	ActHelp
	ActFullscreen
	ActReverse
	ActNextEvent
	ActPrevEvent
	ActPanels
	ActDirector
	ActMarkIn
	ActMarkOut
	ActExport
	ActChart
	ActCompare
	ActTakeOver
	ActAnalysis
	ActPresent
	ActSort
	ActUp
	ActDown
	ActNext
	ActLeft
	ActRight
	ActErase
	actionCount
)

// The headings of the help's sections of keys that work in some scenes
// only; the others work everywhere.
const (
	inMenus      = "IN MENUS AND FORMS"
	inTournament = "IN A TOURNAMENT"
)

// sections are the headings of the actions that work in some scenes only.
var sections = map[Action]string{
	ActPresent: inTournament, ActSort: inTournament,
	ActUp: inMenus, ActDown: inMenus, ActNext: inMenus, ActLeft: inMenus, ActRight: inMenus, ActErase: inMenus,
}

// mouse is what the mouse does everywhere, first in the help.
var mouse = render.Binding{Names: "Mouse", About: "click buttons, drag the scrub bar (or arrows and Enter)"}

// keymap is the one place where Arena's own keys are bound; the input, the
// help overlay and docs/controls.md read it.
var keymap = [actionCount]render.Binding{
	ActConfirm:     {Keys: []ebiten.Key{ebiten.KeyEnter, ebiten.KeyNumpadEnter}, Names: "Enter", About: "choose the focused item"},
	ActBack:        {Keys: []ebiten.Key{ebiten.KeyEscape}, Names: "Esc", About: "back · pause menu · take back a half-entered move"},
	ActPlayPause:   {Keys: []ebiten.Key{ebiten.KeySpace}, Names: "Space", About: "play / pause (computer games: run to the end / hold)"},
	ActStepForward: {Keys: []ebiten.Key{ebiten.KeyArrowRight, ebiten.KeyPeriod}, Names: "→", About: "step forward (step mode: play one move)"},
	ActStepBack:    {Keys: []ebiten.Key{ebiten.KeyArrowLeft, ebiten.KeyComma}, Names: "←", About: "step back"},
	ActFirst:       {Keys: []ebiten.Key{ebiten.KeyHome}, Names: "Home", About: "go to the start"},
	ActLast:        {Keys: []ebiten.Key{ebiten.KeyEnd}, Names: "End", About: "go to the newest turn"},
	ActFaster:      {Keys: []ebiten.Key{ebiten.KeyArrowUp, ebiten.KeyBracketRight}, Names: "↑ / ]", About: "faster"},
	ActSlower:      {Keys: []ebiten.Key{ebiten.KeyArrowDown, ebiten.KeyBracketLeft}, Names: "↓ / [", About: "slower"},
	ActZoomIn:      {Keys: []ebiten.Key{ebiten.KeyEqual, ebiten.KeyNumpadAdd}, Chars: "+", Names: "+ / wheel", About: "zoom in (maps; on boards without a map: faster)"},
	ActZoomOut:     {Keys: []ebiten.Key{ebiten.KeyMinus, ebiten.KeyNumpadSubtract}, Names: "−", About: "zoom out (maps; on boards without a map: slower)"},
	ActFit:         {Keys: []ebiten.Key{ebiten.KeyF}, Names: "F · drag", About: "fit the whole map; drag or Shift + arrows: pan"},
	ActPanUp:       {Keys: []ebiten.Key{ebiten.KeyArrowUp}, Shift: true, Press: render.Hold},
	ActPanDown:     {Keys: []ebiten.Key{ebiten.KeyArrowDown}, Shift: true, Press: render.Hold},
	ActPanLeft:     {Keys: []ebiten.Key{ebiten.KeyArrowLeft}, Shift: true, Press: render.Hold},
	ActPanRight:    {Keys: []ebiten.Key{ebiten.KeyArrowRight}, Shift: true, Press: render.Hold},
	ActNotes:       {Keys: []ebiten.Key{ebiten.KeyV}, Names: "V", About: "show / hide the computer's evaluations on the board"},
	ActDebugMarks:  {Keys: []ebiten.Key{ebiten.KeyM}, Names: "M", About: "bots' debug marks: all / one player's / none"},
	ActReverse:     {Keys: []ebiten.Key{ebiten.KeyR}, Names: "R", About: "play backwards (again: forwards)"},
	ActNextEvent:   {Keys: []ebiten.Key{ebiten.KeyN}, Names: "N · P", About: "next / previous event (kills, the stone, the boss, …)"},
	ActPrevEvent:   {Keys: []ebiten.Key{ebiten.KeyP}},
	ActPanels:      {Keys: []ebiten.Key{ebiten.KeyH}, Names: "H", About: "the map first, for a projector / panels beside it"},
	ActDirector:    {Keys: []ebiten.Key{ebiten.KeyD}, Names: "D", About: "director: the camera follows the action (Tab: a unit)"},
	ActMarkIn:      {Keys: []ebiten.Key{ebiten.KeyI}, Names: "I · O", About: "mark where a clip starts / ends (the scrub bar shows it)"},
	ActMarkOut:     {Keys: []ebiten.Key{ebiten.KeyO}},
	ActExport:      {Keys: []ebiten.Key{ebiten.KeyE}, Names: "E", About: "export the clip (or the whole game) as a GIF"},
	ActChart:       {Keys: []ebiten.Key{ebiten.KeyK}, Names: "K", About: "next chart; white ticks: moves over the limit"},
	ActCompare:     {Keys: []ebiten.Key{ebiten.KeyC}, Names: "C", About: "compare with another replay, side by side"},
	ActTakeOver:    {Keys: []ebiten.Key{ebiten.KeyT}, Names: "T", About: "play from here: take over any side at this turn"},
	ActAnalysis:    {Keys: []ebiten.Key{ebiten.KeyL}, Names: "L", About: "Santorini: the engine's best lines, live, beside the board"},
	ActHelp:        {Keys: []ebiten.Key{ebiten.KeyF1, ebiten.KeySlash}, Chars: "?", Names: "? / F1", About: "this help"},
	ActFullscreen:  {Keys: []ebiten.Key{ebiten.KeyF11}, Names: "F11", About: "full screen"},
	ActPresent:     {Keys: []ebiten.Key{ebiten.KeyP}, Names: "P", About: "show the views in turn, for a screen nobody touches"},
	ActSort:        {Keys: []ebiten.Key{ebiten.KeyO}, Names: "O", About: "sort the standings by the next column"},
	ActUp:          {Keys: []ebiten.Key{ebiten.KeyArrowUp}, Press: render.Repeat, Names: "↑ ↓ · Tab", About: "the previous / next item"},
	ActDown:        {Keys: []ebiten.Key{ebiten.KeyArrowDown}, Press: render.Repeat},
	ActNext:        {Keys: []ebiten.Key{ebiten.KeyTab}},
	ActLeft:        {Keys: []ebiten.Key{ebiten.KeyArrowLeft}, Press: render.Repeat, Names: "← →", About: "change the focused choice"},
	ActRight:       {Keys: []ebiten.Key{ebiten.KeyArrowRight}, Press: render.Repeat},
	ActErase:       {Keys: []ebiten.Key{ebiten.KeyBackspace}, Press: render.Repeat, Names: "Backspace", About: "erase the last character typed"},
}

// Input is the keyboard and mouse of one tick, as actions and widget input.
type Input struct {
	UI      ui.Input
	pressed [actionCount]bool
	// RightClick is a press of the right mouse button this tick.
	RightClick bool
	// Dragging is set while the right or middle button is held.
	Dragging bool
	// Keys are the keys pressed this tick.
	Keys []ebiten.Key
	// Copy and Paste are Ctrl+C and Ctrl+V (Cmd on a Mac) this tick.
	Copy, Paste bool
}

// Just reports whether the action fires this tick: its key went down, or
// repeats or is held, as its binding says.
func (in *Input) Just(a Action) bool { return in.pressed[a] }

// read fills the input from Ebitengine's state.
func (in *Input) read() {
	x, y := ebiten.CursorPosition()
	_, wy := ebiten.Wheel()
	in.UI = ui.Input{
		X: float64(x), Y: float64(y),
		Pressed:  inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft),
		Released: inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft),
		Held:     ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft),
		Wheel:    wy,
		Chars:    ebiten.AppendInputChars(in.UI.Chars[:0]),
	}
	in.RightClick = inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight)
	in.Keys = inpututil.AppendJustPressedKeys(in.Keys[:0])
	in.Dragging = ebiten.IsMouseButtonPressed(ebiten.MouseButtonRight) || ebiten.IsMouseButtonPressed(ebiten.MouseButtonMiddle)
	shift := ebiten.IsKeyPressed(ebiten.KeyShift)
	for a := range keymap {
		in.pressed[a] = fires(&keymap[a], shift, in.UI.Chars)
	}
	in.UI.Up, in.UI.Down, in.UI.Left, in.UI.Right = in.pressed[ActUp], in.pressed[ActDown], in.pressed[ActLeft], in.pressed[ActRight]
	in.UI.Enter, in.UI.Back, in.UI.Tab, in.UI.Erase = in.pressed[ActConfirm], in.pressed[ActBack], in.pressed[ActNext], in.pressed[ActErase]
	ctrl := ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
	in.UI.SelectAll = ctrl && inpututil.IsKeyJustPressed(ebiten.KeyA)
	in.Copy = ctrl && inpututil.IsKeyJustPressed(ebiten.KeyC)
	in.Paste = ctrl && inpututil.IsKeyJustPressed(ebiten.KeyV)
}

// fires reports whether binding b fires this tick, with Shift held or not
// and chars typed.
func fires(b *render.Binding, shift bool, chars []rune) bool {
	if b.Shift && !shift {
		return false
	}
	for _, k := range b.Keys {
		// Shift and the arrows pan the map: they do not step or change
		// speed.
		if shift && !b.Shift && b.Press == render.Tap && shifted(k) {
			continue
		}
		switch b.Press {
		case render.Tap:
			if inpututil.IsKeyJustPressed(k) {
				return true
			}
		case render.Repeat:
			if repeat(k) {
				return true
			}
		case render.Hold:
			if ebiten.IsKeyPressed(k) {
				return true
			}
		}
	}
	// Typed characters catch the keyboards that put a key elsewhere.
	for _, r := range chars {
		if strings.ContainsRune(b.Chars, r) {
			return true
		}
	}
	return false
}

// shifted reports whether key k is bound with Shift held.
func shifted(k ebiten.Key) bool {
	for i := range keymap {
		if keymap[i].Shift && keymap[i].Has(k) {
			return true
		}
	}
	return false
}

// yield leaves the keys that a view takes while a person enters a move
// to it: the actions bound to them do not fire this tick; while the
// person types, no action but Back does.
func (in *Input) yield(view render.View) {
	t, ok := view.(render.Typist)
	typing := ok && t.Typing()
	bs := bindingsOf(view)
	for a := range keymap {
		b := &keymap[a]
		switch {
		case Action(a) == ActBack:
		case typing:
			in.pressed[a] = false
		case b.Shift:
			// Shift and the arrows pan, whatever the board does with the
			// arrows.
		default:
			for _, k := range b.Keys {
				if slices.Contains(in.Keys, k) && render.Takes(bs, render.Moving, k) {
					in.pressed[a] = false
				}
			}
		}
	}
}

// bindingsOf are a view's own bindings, none when it has none.
func bindingsOf(view render.View) []render.Binding {
	if c, ok := view.(render.Controlled); ok {
		return c.Bindings()
	}
	return nil
}

// repeat reports a key press, repeating while the key is held.
func repeat(k ebiten.Key) bool {
	d := inpututil.KeyPressDuration(k)
	return d == 1 || (d > 24 && d%4 == 0)
}

// bound reports whether key k is bound to one of the viewer's actions (not
// only to moving about menus and forms).
func bound(k ebiten.Key) bool {
	for a := range keymap {
		if sections[Action(a)] != inMenus && keymap[a].Has(k) {
			return true
		}
	}
	return false
}
