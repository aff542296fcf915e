package render

import "github.com/hajimehoshi/ebiten/v2"

// A Binding is one control people have, declared once beside the code
// that does it: the keys that do it (none for a mouse gesture, which is
// only described), how the help writes them and what it does. The viewer
// reads the keys and dispatches the action from the same list the help
// sheet and docs/controls.md are written from.
type Binding struct {
	// Keys are the keys that do it.
	Keys []ebiten.Key
	// Chars are characters that do it when typed, whatever the keyboard's
	// layout puts them on ('?' is Shift and / on most).
	Chars string
	// Shift is set for a binding that works with Shift held; a binding
	// without it does not fire on the same keys then.
	Shift bool
	// Press is how the keys fire it.
	Press Press
	// Names is how the help writes the keys or the gesture ("W E A D Z
	// X", "Click a lit cell"); "" for a binding that the one before it
	// names with its own. Names and About are in English, keys of the
	// catalogue (internal/lang): the help says them in the screens'
	// language, docs/controls.md keeps them English.
	Names string
	// About is what it does.
	About string
	// Act is the action it does, in the numbers of the view that declares
	// it.
	Act int
	// While is when a view's binding works.
	While Phase
}

// Press is how a binding's keys fire it.
type Press int

// The ways keys fire a binding.
const (
	// Tap fires once as the key goes down.
	Tap Press = iota
	// Repeat fires as the key goes down, then again and again while it
	// is held, as a text field's keys do.
	Repeat
	// Hold fires on every tick while the key is held.
	Hold
)

// Phase is when a view's binding works.
type Phase int

// The phases of a view's bindings.
const (
	// Described is a mouse gesture or a hint: the help lists it, the view
	// handles it on its own.
	Described Phase = iota
	// Moving is while a person enters a move: the view's Input receives
	// the action in Pointer.Acts, and the viewer's own actions on the same
	// keys do not fire.
	Moving
	// Watching is while nobody enters a move: the view's Act receives the
	// action of a key that is not one of the viewer's.
	Watching
)

// Has reports whether key k is one of the binding's keys.
func (b *Binding) Has(k ebiten.Key) bool {
	for _, bk := range b.Keys {
		if bk == k {
			return true
		}
	}
	return false
}

// A Controlled view has controls of its own, for the board: the viewer
// dispatches their keys and lists them in its help.
type Controlled interface {
	Bindings() []Binding
}

// An Actor is a view with bindings that work while nobody enters a move
// (switching the fog of war, say): Act does the action of one of them.
type Actor interface {
	Act(act int)
}

// A Typist is a view that takes text while a person enters a move (a chat
// message): while Typing, every key but Esc is the view's.
type Typist interface {
	Typing() bool
}

// Acts appends to acts the actions of the bindings of phase while whose
// keys are among keys, in the order the keys were pressed.
func Acts(acts []int, bs []Binding, while Phase, keys []ebiten.Key) []int {
	for _, k := range keys {
		for i := range bs {
			if bs[i].While == while && bs[i].Has(k) {
				acts = append(acts, bs[i].Act)
			}
		}
	}
	return acts
}

// Takes reports whether key k is one of the keys of the bindings of phase
// while.
func Takes(bs []Binding, while Phase, k ebiten.Key) bool {
	for i := range bs {
		if bs[i].While == while && bs[i].Has(k) {
			return true
		}
	}
	return false
}

// Watch does the actions of view's Watching bindings on key k, as the
// viewer does while nobody enters a move, and reports whether one of them
// has the key.
func Watch(view View, k ebiten.Key) bool {
	c, ok := view.(Controlled)
	a, acts := view.(Actor)
	if !ok || !acts {
		return false
	}
	took := false
	for _, b := range c.Bindings() {
		if b.While == Watching && b.Has(k) {
			a.Act(b.Act)
			took = true
		}
	}
	return took
}
