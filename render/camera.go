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
		c.zoom, c.cx, c.cy = c.toZoom, c.toX, c.toY
	}
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
	nz := math.Max(minZoom, math.Min(maxZoom, c.toZoom*f))
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
	k := 1 - math.Exp(-dt*14)
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
	c.toX = math.Max(c.minX, math.Min(c.maxX, c.toX))
	c.toY = math.Max(c.minY, math.Min(c.maxY, c.toY))
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
