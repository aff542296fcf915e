package game

import "sync"

// Timeline is the frames of one game, 0..N, with random access by turn. A
// local match, a replay and a remote stream all fill one; the viewer plays
// any of them. Live and recorded differ only in whether it still grows.
// It is safe for one writer and many readers.
type Timeline struct {
	mu      sync.RWMutex
	frames  []Frame
	live    bool
	pending *Frame
	changed chan struct{} // closed at the next Append or Finish
}

// NewTimeline starts a timeline at the first frame. live says whether more
// frames are coming.
func NewTimeline(first Frame, live bool) *Timeline {
	return &Timeline{frames: []Frame{first}, live: live}
}

// Append adds the next frame and clears the pending step.
func (t *Timeline) Append(f Frame) {
	t.mu.Lock()
	t.frames = append(t.frames, f)
	t.pending = nil
	t.notify()
	t.mu.Unlock()
}

// Changed returns a channel that is closed when a frame is appended or the
// timeline is finished: followers wait on it instead of polling.
func (t *Timeline) Changed() <-chan struct{} {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.changed == nil {
		t.changed = make(chan struct{})
	}
	return t.changed
}

// notify wakes the followers; call with mu held.
func (t *Timeline) notify() {
	if t.changed != nil {
		close(t.changed)
		t.changed = nil
	}
}

// Len is the number of frames.
func (t *Timeline) Len() int {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return len(t.frames)
}

// Frame returns frame i, clamped to the frames there are.
func (t *Timeline) Frame(i int) Frame {
	t.mu.RLock()
	defer t.mu.RUnlock()
	i = max(0, min(i, len(t.frames)-1))
	return t.frames[i]
}

// Last returns the newest frame.
func (t *Timeline) Last() Frame {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.frames[len(t.frames)-1]
}

// Live reports whether frames are still being added.
func (t *Timeline) Live() bool {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.live
}

// Finish marks the timeline complete.
func (t *Timeline) Finish() {
	t.mu.Lock()
	t.live = false
	t.pending = nil
	t.notify()
	t.mu.Unlock()
}

// SetPending publishes the step that has been decided but not yet played (its
// Moves and Notes), so a viewer can show what the players are considering.
func (t *Timeline) SetPending(f *Frame) {
	t.mu.Lock()
	t.pending = f
	t.mu.Unlock()
}

// Next returns what is known of the step after frame i: the next frame's
// Moves and Notes, or the pending step when i is the newest frame. ok is
// false when nothing is known yet.
func (t *Timeline) Next(i int) (Frame, bool) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	if i+1 < len(t.frames) {
		return t.frames[i+1], true
	}
	if i == len(t.frames)-1 && t.pending != nil {
		return *t.pending, true
	}
	return Frame{}, false
}
