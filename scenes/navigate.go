package scenes

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/render"
)

// windowFocused reports whether the window has the focus: the window's
// edge pans only then. The tests, whose window shares a display with other
// packages' windows, say it has.
var windowFocused = ebiten.IsFocused

// navigate moves the camera of a view that has one: the wheel and + −
// zoom, dragging pans (the right or middle button anywhere on the map, the
// left one once it has moved a few pixels), Shift and the arrows pan, F
// fits the whole map. When nobody enters a move, Tab follows the next
// unit and a click on a unit follows it. person is set while a person
// enters a move.
func (v *Viewer) navigate(a *App, person bool) {
	in := &a.In
	nav, ok := v.view.(render.Navigator)
	if !ok {
		return
	}
	x, y := in.UI.X, in.UI.Y
	cx, cy := float64(v.area.Min.X+v.area.Max.X)/2, float64(v.area.Min.Y+v.area.Max.Y)/2
	moved := true
	switch {
	case in.UI.Wheel != 0 && in.UI.Over(v.area):
		nav.Zoom(math.Pow(1.15, in.UI.Wheel), x, y)
	case in.Just(ActZoomIn):
		nav.Zoom(1.25, cx, cy)
	case in.Just(ActZoomOut):
		nav.Zoom(0.8, cx, cy)
	case in.Just(ActFit):
		nav.Fit()
		v.dir.follow = ""
	default:
		moved = false
	}
	// Shift and the arrows, and the window's edge, pan.
	const speed = 14
	dx, dy := 0.0, 0.0
	for _, p := range [4]struct {
		act    Action
		dx, dy float64
	}{{ActPanUp, 0, 1}, {ActPanDown, 0, -1}, {ActPanLeft, 1, 0}, {ActPanRight, -1, 0}} {
		if in.Just(p.act) {
			dx, dy = dx+p.dx*speed, dy+p.dy*speed
		}
	}
	// The pointer's position is known outside the window too: only the last
	// few pixels inside the window's edge pan.
	inside := x >= 0 && y >= 0 && x < float64(v.screenW) && y < float64(v.screenH)
	edge := 6.0
	atEdge := x < edge || x > float64(v.screenW)-edge || y < edge || y > float64(v.screenH)-edge
	if inside && atEdge && windowFocused() {
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
		v.dir.panned(a.Clock)
	}
	held := in.Dragging || in.UI.Held
	if (in.UI.Pressed || (in.Dragging && !v.grab.on)) && in.UI.Over(v.area) {
		v.grab = grab{on: true, x: x, y: y, click: in.UI.Pressed}
	}
	if !held {
		if v.grab.on && v.grab.click && !v.grab.moved && !person {
			v.dir.followAt(v, x, y)
		}
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
			v.dir.panned(a.Clock)
		}
	}
	if !person && in.UI.Tab {
		v.dir.followNext(v)
	}
	if moved {
		v.dir.touched(a.Clock)
	}
}

// grab is a press on the map: a drag once it moves, else a click.
type grab struct {
	on, moved, click bool
	x, y             float64
}
