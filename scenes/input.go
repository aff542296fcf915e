package scenes

import (
	"slices"

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
	ActZoomIn
	ActZoomOut
	ActFit
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
	ActPresent
	ActSort
	actionCount
)

// binding ties an action to its keys and says what it does, for the help.
type binding struct {
	keys  []ebiten.Key
	names string
	about string
}

// only heads the help's sections of keys that work in one scene.
var only = map[Action]string{ActPresent: "IN A TOURNAMENT", ActSort: "IN A TOURNAMENT"}

// keymap is the one place where keys are bound; the help overlay reads it.
var keymap = [actionCount]binding{
	ActConfirm:     {[]ebiten.Key{ebiten.KeyEnter, ebiten.KeyNumpadEnter}, "Enter", "choose the focused item"},
	ActBack:        {[]ebiten.Key{ebiten.KeyEscape}, "Esc", "back · pause menu · take back a half-entered move"},
	ActPlayPause:   {[]ebiten.Key{ebiten.KeySpace}, "Space", "play / pause (computer games: run to the end / hold)"},
	ActStepForward: {[]ebiten.Key{ebiten.KeyArrowRight, ebiten.KeyPeriod}, "→", "step forward (computer games in step mode: play one move)"},
	ActStepBack:    {[]ebiten.Key{ebiten.KeyArrowLeft, ebiten.KeyComma}, "←", "step back"},
	ActFirst:       {[]ebiten.Key{ebiten.KeyHome}, "Home", "go to the start"},
	ActLast:        {[]ebiten.Key{ebiten.KeyEnd}, "End", "go to the newest turn"},
	ActFaster:      {[]ebiten.Key{ebiten.KeyArrowUp, ebiten.KeyBracketRight}, "↑ / ]", "faster"},
	ActSlower:      {[]ebiten.Key{ebiten.KeyArrowDown, ebiten.KeyBracketLeft}, "↓ / [", "slower"},
	ActZoomIn:      {[]ebiten.Key{ebiten.KeyEqual, ebiten.KeyNumpadAdd}, "+ / wheel", "zoom in (maps; on boards without a map: faster)"},
	ActZoomOut:     {[]ebiten.Key{ebiten.KeyMinus, ebiten.KeyNumpadSubtract}, "−", "zoom out (maps; on boards without a map: slower)"},
	ActFit:         {[]ebiten.Key{ebiten.KeyF}, "F · drag", "fit the whole map; drag with any button, or Shift + arrows, to pan"},
	ActNotes:       {[]ebiten.Key{ebiten.KeyV}, "V", "show / hide the computer's evaluations on the board"},
	ActReverse:     {[]ebiten.Key{ebiten.KeyR}, "R", "play backwards (again: forwards)"},
	ActNextEvent:   {[]ebiten.Key{ebiten.KeyN}, "N · P", "next / previous event (kills, the stone, the boss, …)"},
	ActPrevEvent:   {[]ebiten.Key{ebiten.KeyP}, "", ""},
	ActPanels:      {[]ebiten.Key{ebiten.KeyH}, "H", "hide / show the side panels: the map fills the window"},
	ActDirector:    {[]ebiten.Key{ebiten.KeyD}, "D", "director: the camera goes where the action is; Tab or a click follows a unit"},
	ActMarkIn:      {[]ebiten.Key{ebiten.KeyI}, "I · O", "mark where a clip starts / ends (the scrub bar shows it)"},
	ActMarkOut:     {[]ebiten.Key{ebiten.KeyO}, "", ""},
	ActExport:      {[]ebiten.Key{ebiten.KeyE}, "E", "export the marked clip (or the whole game) as an animated GIF"},
	ActHelp:        {[]ebiten.Key{ebiten.KeyF1, ebiten.KeySlash}, "? / F1", "this help"},
	ActFullscreen:  {[]ebiten.Key{ebiten.KeyF11}, "F11", "full screen"},
	ActPresent:     {[]ebiten.Key{ebiten.KeyP}, "P", "show the views in turn, for a screen nobody touches"},
	ActSort:        {[]ebiten.Key{ebiten.KeyO}, "O", "sort the standings by the next column (or click a heading)"},
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
}

// Just reports whether the action's key was pressed this tick.
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
		Up:       repeat(ebiten.KeyArrowUp),
		Down:     repeat(ebiten.KeyArrowDown),
		Left:     repeat(ebiten.KeyArrowLeft),
		Right:    repeat(ebiten.KeyArrowRight),
		Enter:    inpututil.IsKeyJustPressed(ebiten.KeyEnter) || inpututil.IsKeyJustPressed(ebiten.KeyNumpadEnter),
		Back:     inpututil.IsKeyJustPressed(ebiten.KeyEscape),
		Tab:      inpututil.IsKeyJustPressed(ebiten.KeyTab),
		Chars:    ebiten.AppendInputChars(in.UI.Chars[:0]),
		Erase:    repeat(ebiten.KeyBackspace),
	}
	in.RightClick = inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight)
	in.Keys = inpututil.AppendJustPressedKeys(in.Keys[:0])
	in.Dragging = ebiten.IsMouseButtonPressed(ebiten.MouseButtonRight) || ebiten.IsMouseButtonPressed(ebiten.MouseButtonMiddle)
	// Shift and the arrows pan the map: they do not step or change speed.
	shift := ebiten.IsKeyPressed(ebiten.KeyShift)
	for a, b := range keymap {
		in.pressed[a] = false
		for _, k := range b.keys {
			if inpututil.IsKeyJustPressed(k) && !(shift && arrow(k)) {
				in.pressed[a] = true
			}
		}
	}
	// '?' is Shift+/ on most layouts: typed characters catch other layouts.
	for _, r := range in.UI.Chars {
		if r == '?' {
			in.pressed[ActHelp] = true
		}
		if r == '+' {
			in.pressed[ActZoomIn] = true
		}
	}
}

// yield leaves the keys that a view takes to it: the actions bound to
// them do not fire this tick; while the person types, no action but Back
// does.
func (in *Input) yield(t render.KeyTaker) {
	typing := t.Typing()
	for a, b := range keymap {
		if Action(a) == ActBack {
			continue
		}
		for _, k := range b.keys {
			if typing || (slices.Contains(in.Keys, k) && t.Takes(k)) {
				in.pressed[a] = false
			}
		}
	}
}

// arrow reports whether k is an arrow key.
func arrow(k ebiten.Key) bool {
	return k == ebiten.KeyArrowUp || k == ebiten.KeyArrowDown || k == ebiten.KeyArrowLeft || k == ebiten.KeyArrowRight
}

// repeat reports a key press, repeating while the key is held.
func repeat(k ebiten.Key) bool {
	d := inpututil.KeyPressDuration(k)
	return d == 1 || (d > 24 && d%4 == 0)
}

// bound reports whether key k is bound to one of Arena's actions.
func bound(k ebiten.Key) bool {
	for _, b := range keymap {
		for _, bk := range b.keys {
			if bk == k {
				return true
			}
		}
	}
	return false
}
