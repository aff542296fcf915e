package render

import "math"

// Clamp01 is t kept between 0 and 1.
func Clamp01(t float64) float64 { return math.Max(0, math.Min(1, t)) }

// Ease is the smooth step of the animations: t kept between 0 and 1, slow
// at both ends and quick in the middle.
func Ease(t float64) float64 {
	t = Clamp01(t)
	return t * t * (3 - 2*t)
}

// EaseOutBack overshoots a little before it settles, as a thing that pops
// up (a factory built, a scorpion hatched); t is kept between 0 and 1.
func EaseOutBack(t float64) float64 {
	const c1, c3 = 1.70158, 2.70158
	t = Clamp01(t) - 1
	return 1 + c3*t*t*t + c1*t*t
}

// EaseOutBounce lands like a dropped block: fast, then two small bounces;
// t is kept between 0 and 1.
func EaseOutBounce(t float64) float64 {
	const n, d = 7.5625, 2.75
	t = Clamp01(t)
	switch {
	case t < 1/d:
		return n * t * t
	case t < 2/d:
		t -= 1.5 / d
		return n*t*t + 0.75
	case t < 2.5/d:
		t -= 2.25 / d
		return n*t*t + 0.9375
	}
	t -= 2.625 / d
	return n*t*t + 0.984375
}
