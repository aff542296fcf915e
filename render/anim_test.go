package render

import (
	"math"
	"testing"
)

func TestEasingsStartAtZeroAndEndAtOne(t *testing.T) {
	for name, f := range map[string]func(float64) float64{"Ease": Ease, "EaseOutBack": EaseOutBack, "EaseOutBounce": EaseOutBounce} {
		if !near(f(-1), 0) || !near(f(0), 0) || !near(f(1), 1) || !near(f(2), 1) {
			t.Errorf("%s: f(-1), f(0), f(1), f(2) = %v %v %v %v; want 0 0 1 1", name, f(-1), f(0), f(1), f(2))
		}
	}
	if EaseOutBack(0.7) <= 1 {
		t.Errorf("EaseOutBack(0.7) = %v: it overshoots before it settles", EaseOutBack(0.7))
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
