package playback

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// run ticks the clock for secs seconds at 60 ticks a second.
func run(c *Clock, secs float64, n int, live bool) {
	for range int(secs * 60) {
		c.Tick(1.0/60, n, live)
	}
}

func TestPlaysForwardAtItsSpeed(t *testing.T) {
	c := New()
	c.Playing = true
	run(&c, HoldTime+0.01, 10, false)
	require.Equal(t, 1, c.Cursor, "after a rest, the next frame")
	require.Less(t, c.Anim, 0.1, "its step animates")
	prev, cur, _ := c.Step()
	require.Equal(t, [2]int{0, 1}, [2]int{prev, cur})
	run(&c, StepTime, 10, false)
	require.True(t, c.Settled())
	c.SetSpeed(SpeedIndex(64))
	require.Equal(t, 64.0, c.Rate())
	run(&c, 0.3, 10, false)
	require.Equal(t, 9, c.Cursor, "at 64x several steps pass in a tick")
	run(&c, 1, 10, false)
	require.False(t, c.Playing, "a recording stops at its end")
	c.Toggle(10)
	require.Equal(t, 0, c.Cursor, "play at the end starts over")
	require.True(t, c.Playing)
}

func TestPlaysBackwards(t *testing.T) {
	c := New()
	c.Seek(5, 10)
	c.PlayBack(10)
	require.True(t, c.Playing && c.Reverse)
	run(&c, HoldTime+0.01, 10, false)
	require.Equal(t, 4, c.Cursor)
	prev, cur, tt := c.Step()
	require.Equal(t, [2]int{4, 5}, [2]int{prev, cur}, "the step 4 → 5 is drawn backwards")
	require.Greater(t, tt, 0.9)
	run(&c, 20, 10, false)
	require.Equal(t, 0, c.Cursor)
	require.False(t, c.Playing, "playing back stops at the start")
	c.StepForward(10)
	require.Equal(t, 1, c.Cursor)
	c.StepBack(10)
	require.Equal(t, 0, c.Cursor)
	require.False(t, c.Settled(), "stepping back animates too")
	prev, cur, _ = c.Step()
	require.Equal(t, [2]int{0, 1}, [2]int{prev, cur})
}

// A live timeline grows while the clock follows it; a paused clock keeps
// its frame.
func TestFollowsAGrowingTimeline(t *testing.T) {
	c := New()
	c.Follow = true
	n := 1
	for range 5 {
		n++
		run(&c, StepTime+0.05, n, true)
	}
	require.Equal(t, n-1, c.Cursor)
	c.Follow = false
	n += 3
	run(&c, 5, n, true)
	require.Equal(t, n-4, c.Cursor, "not following: the frame stays")
	c.Seek(99, n)
	require.Equal(t, n-1, c.Cursor, "seeking is kept within the frames")
}

func TestSpeeds(t *testing.T) {
	require.Equal(t, 0.25, Speeds[0])
	require.Equal(t, 64.0, Speeds[len(Speeds)-1])
	require.Equal(t, Speeds[SpeedIndex(5)], 4.0, "the nearest")
	c := New()
	c.SetSpeed(99)
	require.Equal(t, 64.0, c.Rate())
	c.SetSpeed(-3)
	require.Equal(t, 0.25, c.Rate())
}
