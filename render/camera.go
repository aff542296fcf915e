package render

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// Camera shows a part of a world on a screen area: it fits the world's
// bounds to the area, zooms about a point and pans, easing towards where it
// was asked to go so that moves look smooth.
type Camera struct {
	area                   image.Rectangle
	minX, minY, maxX, maxY float64 // the world's bounds
	zoom, toZoom           float64 // 1 shows the whole world
	cx, cy, toX, toY       float64 // the world point at the area's centre
	ready                  bool
	wrap                   bool
	clock                  float64 // the clock at the last Tick
	// rate is how fast the camera eases towards its target, per second:
	// 0 is the quick default of people's own moves.
	rate float64
	// maxZoom is the closest zoom, relative to the whole world; 0 is
	// maxZoom.
	maxZoom float64
	// pending is a rectangle that Show was asked for before the world was
	// known, and its least scale.
	pending *[5]float64
}

// Limits of the zoom, relative to the whole world in view.
const (
	minZoom = 0.5
	maxZoom = 12
)

// SetWorld gives the bounds of what the camera looks at; the first call
// also fits the view to them.
func (c *Camera) SetWorld(minX, minY, maxX, maxY float64) {
	c.minX, c.minY, c.maxX, c.maxY = minX, minY, maxX, maxY
	if !c.ready {
		c.ready = true
		c.Fit()
		if p := c.pending; p != nil {
			c.pending = nil
			c.Show(p[0], p[1], p[2], p[3], p[4])
		}
		c.Snap()
	}
}

// Ready reports whether the camera knows its world.
func (c *Camera) Ready() bool { return c.ready }

// Snap puts the camera where it is going at once, without easing.
func (c *Camera) Snap() { c.zoom, c.cx, c.cy = c.toZoom, c.toX, c.toY }

// SetRate sets how fast the camera eases to its target (per second); 0
// is the quick default. A director moves slowly, people quickly.
func (c *Camera) SetRate(r float64) { c.rate = r }

// SetMaxZoom sets the closest zoom, relative to the whole world in view;
// a big world lets the camera come closer. 0 is the default of 12.
func (c *Camera) SetMaxZoom(z float64) { c.maxZoom = z }

func (c *Camera) zoomLimit() float64 {
	if c.maxZoom > 0 {
		return c.maxZoom
	}
	return maxZoom
}

// Show eases the camera to frame the world rectangle x0,y0-x1,y1 whole,
// but never further out than minScale screen pixels per world unit (the
// zoom at which things stay readable), nor further in than the closest
// zoom. Before the world is known, the camera opens there.
func (c *Camera) Show(x0, y0, x1, y1, minScale float64) {
	if !c.ready {
		c.pending = &[5]float64{x0, y0, x1, y1, minScale}
		return
	}
	fit := c.fitScale()
	k := fit * c.zoomLimit()
	if w, h := x1-x0, y1-y0; w > 0 && h > 0 && !c.area.Empty() {
		k = math.Min(k, math.Min(float64(c.area.Dx())/w, float64(c.area.Dy())/h))
	}
	k = math.Max(k, minScale)
	c.toZoom = math.Max(minZoom, math.Min(c.zoomLimit(), k/fit))
	c.toX, c.toY = (x0+x1)/2, (y0+y1)/2
	c.clamp()
}

// Target is the world rectangle the camera is easing towards.
func (c *Camera) Target() (x0, y0, x1, y1 float64) {
	x0, y0 = c.worldAt(float64(c.area.Min.X), float64(c.area.Min.Y), c.toZoom, c.toX, c.toY)
	x1, y1 = c.worldAt(float64(c.area.Max.X), float64(c.area.Max.Y), c.toZoom, c.toX, c.toY)
	return x0, y0, x1, y1
}

// SetWrap makes the world wrap around on both axes, as a torus does:
// panning past an edge carries on into the world's other side instead of
// stopping, and the centre is kept inside the bounds by whole turns.
func (c *Camera) SetWrap(on bool) { c.wrap = on }

// SetArea gives the screen rectangle the camera draws into.
func (c *Camera) SetArea(r image.Rectangle) { c.area = r }

// Area is the screen rectangle the camera draws into.
func (c *Camera) Area() image.Rectangle { return c.area }

// Fit shows the whole world.
func (c *Camera) Fit() {
	c.toZoom = 1
	c.toX, c.toY = (c.minX+c.maxX)/2, (c.minY+c.maxY)/2
}

// Zoom multiplies the zoom by f, keeping the world point under the screen
// point (sx, sy) where it is.
func (c *Camera) Zoom(f, sx, sy float64) {
	nz := math.Max(minZoom, math.Min(c.zoomLimit(), c.toZoom*f))
	wx, wy := c.worldAt(sx, sy, c.toZoom, c.toX, c.toY)
	// After zooming, (wx, wy) must still be at (sx, sy).
	k := c.fitScale() * nz
	ax, ay := c.areaCenter()
	c.toZoom = nz
	c.toX, c.toY = wx-(sx-ax)/k, wy-(sy-ay)/k
	c.clamp()
}

// Pan moves the view by (dx, dy) screen pixels, as when dragging the world.
func (c *Camera) Pan(dx, dy float64) {
	k := c.fitScale() * c.toZoom
	c.toX -= dx / k
	c.toY -= dy / k
	c.clamp()
}

// Follow puts the world point (x, y) at the centre.
func (c *Camera) Follow(x, y float64) {
	c.toX, c.toY = x, y
	c.clamp()
}

// Update eases the view towards its target; dt is in seconds.
func (c *Camera) Update(dt float64) {
	rate := c.rate
	if rate <= 0 {
		rate = 14
	}
	k := 1 - math.Exp(-dt*rate)
	c.zoom += (c.toZoom - c.zoom) * k
	c.cx += (c.toX - c.cx) * k
	c.cy += (c.toY - c.cy) * k
}

// Tick eases the camera by the time since the last Tick, at clock (in
// seconds): by a frame's worth when that is unknown (the first tick, a
// clock that went back, or one that paused).
func (c *Camera) Tick(clock float64) {
	dt := clock - c.clock
	if dt < 0 || dt > 0.5 {
		dt = 1.0 / 60
	}
	c.clock = clock
	c.Update(dt)
}

// clamp keeps the centre inside the world: at its edge, or on a wrapping
// world a whole turn back, eased and target alike so nothing jumps.
func (c *Camera) clamp() {
	if c.wrap {
		if w := c.maxX - c.minX; w > 0 {
			k := math.Floor((c.toX-c.minX)/w) * w
			c.toX, c.cx = c.toX-k, c.cx-k
		}
		if h := c.maxY - c.minY; h > 0 {
			k := math.Floor((c.toY-c.minY)/h) * h
			c.toY, c.cy = c.toY-k, c.cy-k
		}
		return
	}
	// Zoomed in, at most a quarter of the area shows what lies past the
	// world's edge; zoomed out, the world sits in the middle.
	k := c.fitScale() * c.toZoom
	halfW, halfH := float64(c.area.Dx())/2/k, float64(c.area.Dy())/2/k
	c.toX = within(c.toX, c.minX+halfW/2, c.maxX-halfW/2)
	c.toY = within(c.toY, c.minY+halfH/2, c.maxY-halfH/2)
}

// within is x kept between lo and hi; their middle when lo > hi.
func within(x, lo, hi float64) float64 {
	if lo > hi {
		return (lo + hi) / 2
	}
	return math.Max(lo, math.Min(hi, x))
}

// fitScale is the screen pixels per world unit that fit the world.
func (c *Camera) fitScale() float64 {
	w, h := c.maxX-c.minX, c.maxY-c.minY
	if w <= 0 || h <= 0 || c.area.Empty() {
		return 1
	}
	return math.Min(float64(c.area.Dx())/w, float64(c.area.Dy())/h)
}

func (c *Camera) areaCenter() (float64, float64) {
	return float64(c.area.Min.X+c.area.Max.X) / 2, float64(c.area.Min.Y+c.area.Max.Y) / 2
}

// Scale is screen pixels per world unit now.
func (c *Camera) Scale() float64 { return c.fitScale() * c.zoom }

// ToScreen maps a world point to the screen.
func (c *Camera) ToScreen(wx, wy float64) (float64, float64) {
	k := c.Scale()
	ax, ay := c.areaCenter()
	return ax + (wx-c.cx)*k, ay + (wy-c.cy)*k
}

// ToWorld maps a screen point to the world.
func (c *Camera) ToWorld(sx, sy float64) (float64, float64) {
	return c.worldAt(sx, sy, c.zoom, c.cx, c.cy)
}

func (c *Camera) worldAt(sx, sy, zoom, cx, cy float64) (float64, float64) {
	k := c.fitScale() * zoom
	ax, ay := c.areaCenter()
	return cx + (sx-ax)/k, cy + (sy-ay)/k
}

// GeoM is the world-to-screen transform, to append to a sprite's own.
func (c *Camera) GeoM() ebiten.GeoM {
	var g ebiten.GeoM
	k := c.Scale()
	ax, ay := c.areaCenter()
	g.Translate(-c.cx, -c.cy)
	g.Scale(k, k)
	g.Translate(ax, ay)
	return g
}

// Visible is the world rectangle on screen now.
func (c *Camera) Visible() (minX, minY, maxX, maxY float64) {
	x0, y0 := c.ToWorld(float64(c.area.Min.X), float64(c.area.Min.Y))
	x1, y1 := c.ToWorld(float64(c.area.Max.X), float64(c.area.Max.Y))
	return x0, y0, x1, y1
}

// A Navigator is a view with a camera people move: the wheel zooms about
// the pointer, dragging pans, and F fits the whole map.
type Navigator interface {
	Zoom(f, x, y float64)
	Pan(dx, dy float64)
	Fit()
}

// A Mapped view draws a map through a camera that the viewer may direct:
// it opens on what matters, follows a unit, and frames the action.
type Mapped interface {
	Navigator
	Camera() *Camera
	// Spot is the world point at the middle of cell c, in the title's own
	// cell coordinates (game.Marker.Cell, game.Unit.Cell).
	Spot(c [2]int) (x, y float64)
	// CellSize is a cell's size in world units.
	CellSize() float64
}
