// Package playback is the viewer's clock: which frame of a timeline is
// shown, how far its step's animation is, and how frames advance. It knows
// only how many frames there are, so it is tested without a display.
package playback

// Speeds are the playback speeds people can choose.
var Speeds = []float64{0.25, 0.5, 1, 2, 4, 8, 16, 32, 64}

// SpeedIndex is the index of the speed nearest x in Speeds.
func SpeedIndex(x float64) int {
	best := 0
	for i, s := range Speeds {
		if abs(s-x) < abs(Speeds[best]-x) {
			best = i
		}
	}
	return best
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// The times of a step at 1x, in seconds.
const (
	StepTime = 0.8 // a step's animation
	HoldTime = 0.9 // the rest on each frame while playing
)

// Clock is the viewer's clock: which frame of a timeline is shown, how far
// its step's animation is, and how the frames advance (playing forward or
// back at a speed, following a live timeline as it grows). A timeline that
// is still growing only makes the number of frames larger.
type Clock struct {
	// Cursor is the frame shown.
	Cursor int
	// Anim is how far the step into Cursor has animated, 0 to 1: played
	// forward it runs from frame Cursor-1 to Cursor; played back, from
	// Cursor+1 to Cursor (the step drawn backwards).
	Anim float64
	// Playing plays the frames one after the other; Reverse plays them
	// backwards.
	Playing, Reverse bool
	// Follow shows each new frame of a live timeline as it comes.
	Follow bool
	// Speed is the index of the speed in Speeds.
	Speed int
	hold  float64
	// back is set while the step shown animates backwards.
	back bool
}

// New is a clock at frame 0, settled, at 1x.
func New() Clock { return Clock{Anim: 1, Speed: SpeedIndex(1)} }

// Rate is the playback's speed as a factor of 1x.
func (p *Clock) Rate() float64 { return Speeds[p.Speed] }

// SetSpeed chooses the speed with index i, kept within Speeds.
func (p *Clock) SetSpeed(i int) { p.Speed = max(0, min(i, len(Speeds)-1)) }

// Settled reports whether the shown frame's animation has finished.
func (p *Clock) Settled() bool { return p.Anim >= 1 }

// Step is what to draw: the step from frame prev to frame cur, t of the
// way through. Played back, the step into the frame after the cursor is
// drawn backwards.
func (p *Clock) Step() (prev, cur int, t float64) {
	if p.back && p.Anim < 1 {
		return p.Cursor, p.Cursor + 1, 1 - p.Anim
	}
	return max(0, p.Cursor-1), p.Cursor, p.Anim
}

// Seek shows frame i of n at once, settled, and stops playing.
func (p *Clock) Seek(i, n int) {
	p.show(i, n, false)
	p.Playing = false
}

// show moves to frame i of n; a move to the next frame (or, backwards, to
// the one before) animates when animate is set.
func (p *Clock) show(i, n int, animate bool) {
	i = max(0, min(i, n-1))
	p.Anim, p.back = 1, false
	switch {
	case i == p.Cursor:
		return
	case animate && i == p.Cursor+1:
		p.Anim = 0
	case animate && i == p.Cursor-1:
		p.Anim, p.back = 0, true
	}
	p.Cursor, p.hold = i, 0
}

// Tick advances the clock by dt seconds for a timeline of n frames that
// is still growing when live. It reports whether the cursor moved.
func (p *Clock) Tick(dt float64, n int, live bool) bool {
	start := p.Cursor
	rate := p.Rate()
	// At high speeds several steps pass in one tick.
	for left := dt; left > 0; {
		switch {
		case p.Anim < 1:
			need := (1 - p.Anim) * StepTime / rate
			if left < need {
				p.Anim += left * rate / StepTime
				left = 0
				continue
			}
			p.Anim, left = 1, left-need
		case p.Follow && p.Cursor < n-1:
			p.show(p.Cursor+1, n, true)
		case p.Playing && !p.Reverse && p.Cursor < n-1, p.Playing && p.Reverse && p.Cursor > 0:
			need := HoldTime/rate - p.hold
			if left < need {
				p.hold += left
				left = 0
				continue
			}
			left -= need
			next := p.Cursor + 1
			if p.Reverse {
				next = p.Cursor - 1
			}
			p.show(next, n, true)
		default:
			p.hold += left
			left = 0
		}
	}
	if p.Playing && !live && ((!p.Reverse && p.Cursor == n-1) || (p.Reverse && p.Cursor == 0)) && p.Anim >= 1 {
		p.Playing = false
	}
	return p.Cursor != start
}

// Toggle plays or pauses; playing from the end (or, backwards, from the
// start) starts over from the other end.
func (p *Clock) Toggle(n int) {
	if !p.Playing {
		switch {
		case !p.Reverse && p.Cursor >= n-1:
			p.Seek(0, n)
		case p.Reverse && p.Cursor <= 0:
			p.Seek(n-1, n)
		}
	}
	p.Playing = !p.Playing
}

// PlayBack plays backwards, or forwards again when it already does.
func (p *Clock) PlayBack(n int) {
	p.Reverse = !p.Reverse
	p.Follow = false
	if !p.Playing {
		p.Toggle(n)
	}
}

// StepForward shows the next frame, animated.
func (p *Clock) StepForward(n int) {
	p.Playing = false
	p.show(p.Cursor+1, n, true)
}

// StepBack shows the frame before, its step drawn backwards.
func (p *Clock) StepBack(n int) {
	p.Playing = false
	p.show(p.Cursor-1, n, true)
}
