package game

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Follower re-simulates a replay as its lines arrive, one at a time, such
// as a match streamed from a server: the header first, then the steps,
// keyframes and the result, each checked as Simulate checks a file. Its
// recording's timeline grows with each step and is finished by the result.
type Follower struct {
	replay Replay
	rec    *Recording
	eng    Engine
}

// MaxLine bounds one line of a replay or a seat's stream: a step with its
// notes, or a keyframe of the largest state.
const MaxLine = 8 << 20

// Follow starts following a replay from its header line.
func Follow(header []byte) (*Follower, error) {
	if len(header) > MaxLine {
		return nil, fmt.Errorf("header: %d bytes; a line is at most %s", len(header), FormatSize(MaxLine))
	}
	f := &Follower{replay: Replay{Keyframes: map[int]json.RawMessage{}}}
	if err := decodeHeader(header, &f.replay.Header); err != nil {
		return nil, err
	}
	t, err := Lookup(f.replay.Header.Title)
	if err != nil {
		return nil, fmt.Errorf("header: %w", err)
	}
	if n := f.replay.Header.Config.Seats; n != t.Seats() {
		return nil, fmt.Errorf("header: %d seats; %s has %d", n, t.Name(), t.Seats())
	}
	f.rec, f.eng, err = Play(t, f.replay.Header, nil)
	if err != nil {
		return nil, err
	}
	f.rec.Source = "Arena server"
	return f, nil
}

// Recording is the game so far.
func (f *Follower) Recording() *Recording { return f.rec }

// Turn is the last step played: 0 before the first.
func (f *Follower) Turn() int { return len(f.replay.Steps) }

// Done reports whether the result line has been read.
func (f *Follower) Done() bool { return f.replay.Result != nil }

// Observe is what seat s's player may know now (Engine.Observe).
func (f *Follower) Observe(s Seat) any { return f.eng.Observe(s) }

// ErrAfterResult is wrapped by the error for a line after the result.
var ErrAfterResult = errors.New("the replay has ended")

// Line reads the next line: a step, a keyframe or the result.
func (f *Follower) Line(text []byte) error {
	if f.Done() {
		return fmt.Errorf("line after the result: %w", ErrAfterResult)
	}
	if len(text) > MaxLine {
		return fmt.Errorf("a line of %d bytes; a line is at most %s", len(text), FormatSize(MaxLine))
	}
	var l line
	if err := json.Unmarshal(text, &l); err != nil {
		return err
	}
	r := &f.replay
	if l.State != nil && l.Keyframe != len(r.Steps) {
		return fmt.Errorf("keyframe %d after step %d: a keyframe follows its step", l.Keyframe, len(r.Steps))
	}
	if err := r.add(l); err != nil {
		return err
	}
	switch {
	case l.Result != nil:
		if err := checkResult(f.eng, *l.Result, l.Turns, len(r.Steps)); err != nil {
			return err
		}
		f.rec.Timeline.Finish()
	case l.State != nil:
		return checkKeyframe(f.eng, l.Keyframe, l.State)
	default:
		return playStep(f.rec, f.eng, r.Steps[len(r.Steps)-1], len(r.Steps))
	}
	return nil
}
