package scenes

import (
	"math"
	"time"

	"github.com/arena-games/arena/game"
)

// Chronicle is what a title tells about each frame of a timeline, kept as
// the timeline is read: the markers of every step and the numbers for the
// charts, as one sight may know them. It reads a bounded number of frames
// a tick, so a long game opens without a hitch, and follows a timeline
// that grows.
type Chronicle struct {
	title game.Title
	tl    *game.Timeline
	as    game.Seat
	// Markers are each frame's markers of note (not the minor ones).
	Markers [][]game.Marker
	// Minor are each frame's minor markers: the action the director frames.
	Minor [][]game.Marker
	// Names are the charts' quantities; Values[k][i][seat] is quantity k
	// at frame i (running totals for the per-step ones).
	Names  []string
	Values [][][]float64
	// Top is each quantity's highest value so far.
	Top []float64
	// Took is each frame's thinking time per seat in milliseconds (NaN for
	// a seat not asked), nil for a frame without times; TookTop is the
	// longest so far, Timed whether any frame has times.
	Took    [][]float64
	TookTop float64
	Timed   bool
}

// chronicleBatch is how many frames a Chronicle reads in one Update.
const chronicleBatch = 400

// NewChronicle starts reading tl for title t as sight as.
func NewChronicle(t game.Title, tl *game.Timeline, as game.Seat) *Chronicle {
	return &Chronicle{title: t, tl: tl, as: as}
}

// Update reads up to a batch of the frames not read yet; a new sight
// starts over, since it may know more or less.
func (c *Chronicle) Update(as game.Seat) {
	if as != c.as {
		*c = Chronicle{title: c.title, tl: c.tl, as: as}
	}
	n := c.tl.Len()
	for i := len(c.Markers); i < n && i < len(c.Markers)+chronicleBatch; {
		c.read(c.tl.Frame(i))
		i = len(c.Markers)
	}
}

// Done reports whether every frame known so far has been read.
func (c *Chronicle) Done() bool { return len(c.Markers) >= c.tl.Len() }

func (c *Chronicle) read(f game.Frame) {
	var major, minor []game.Marker
	if m, ok := c.title.(game.Marked); ok {
		for _, mk := range m.Markers(f, c.as) {
			if mk.Minor {
				minor = append(minor, mk)
			} else {
				major = append(major, mk)
			}
		}
	}
	c.Markers = append(c.Markers, major)
	c.Minor = append(c.Minor, minor)
	c.readTook(f)
	ch, ok := c.title.(game.Charted)
	if !ok {
		return
	}
	stats := ch.Stats(f, c.as)
	if c.Names == nil {
		for _, s := range stats {
			c.Names = append(c.Names, s.Name)
			c.Values = append(c.Values, nil)
			c.Top = append(c.Top, 0)
		}
	}
	i := len(c.Markers) - 1
	for k := range c.Names {
		var vals []float64
		if k < len(stats) {
			vals = append(vals, stats[k].Values...)
			if stats[k].PerStep && i > 0 && len(c.Values[k]) == i {
				for s := range vals {
					if before := c.Values[k][i-1]; s < len(before) && !math.IsNaN(before[s]) && !math.IsNaN(vals[s]) {
						vals[s] += before[s]
					}
				}
			}
		}
		c.Values[k] = append(c.Values[k], vals)
		for _, v := range vals {
			if !math.IsNaN(v) {
				c.Top[k] = max(c.Top[k], v)
			}
		}
	}
}

// readTook keeps frame f's thinking times.
func (c *Chronicle) readTook(f game.Frame) {
	if len(f.Took) == 0 {
		c.Took = append(c.Took, nil)
		return
	}
	took := make([]float64, c.title.Seats())
	for s := range took {
		took[s] = math.NaN()
	}
	for s, d := range f.Took {
		if int(s) >= 0 && int(s) < len(took) {
			took[s] = float64(d) / float64(time.Millisecond)
			c.TookTop = max(c.TookTop, took[s])
		}
	}
	c.Took, c.Timed = append(c.Took, took), true
}

// Next is the first frame after i with markers, -1 when none.
func (c *Chronicle) Next(i int) int {
	for j := i + 1; j < len(c.Markers); j++ {
		if len(c.Markers[j]) > 0 {
			return j
		}
	}
	return -1
}

// Prev is the last frame before i with markers, -1 when none.
func (c *Chronicle) Prev(i int) int {
	for j := min(i, len(c.Markers)) - 1; j >= 0; j-- {
		if len(c.Markers[j]) > 0 {
			return j
		}
	}
	return -1
}
