package game

import (
	"context"
	"sync"
	"time"
)

// PaceMode is how a watched match advances between computer moves.
type PaceMode int

const (
	// PaceRun plays on, pausing Delay before each step.
	PaceRun PaceMode = iota
	// PaceStep plays one step each time Step is called.
	PaceStep
	// PacePause holds until the mode changes.
	PacePause
)

// Pacer holds a live match between steps that computers decided, so people
// can watch: step by step, or running with a pause. The match loop waits on
// it; the viewer drives it.
type Pacer struct {
	mu     sync.Mutex
	mode   PaceMode
	delay  time.Duration
	tokens int
	wake   chan struct{}
}

// NewPacer returns a pacer in mode with the given pause.
func NewPacer(mode PaceMode, delay time.Duration) *Pacer {
	return &Pacer{mode: mode, delay: delay, wake: make(chan struct{})}
}

// Mode returns the current mode.
func (p *Pacer) Mode() PaceMode {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.mode
}

// SetMode changes the mode; a waiting match notices at once.
func (p *Pacer) SetMode(m PaceMode) {
	p.mu.Lock()
	p.mode = m
	p.tokens = 0
	p.poke()
	p.mu.Unlock()
}

// SetDelay changes the pause of PaceRun.
func (p *Pacer) SetDelay(d time.Duration) {
	p.mu.Lock()
	p.delay = d
	p.poke()
	p.mu.Unlock()
}

// Step lets one step through in PaceStep mode.
func (p *Pacer) Step() {
	p.mu.Lock()
	p.tokens++
	p.poke()
	p.mu.Unlock()
}

// poke wakes every waiter; call with mu held.
func (p *Pacer) poke() {
	close(p.wake)
	p.wake = make(chan struct{})
}

// Wait blocks until the next step may be played or ctx is done.
func (p *Pacer) Wait(ctx context.Context) error {
	start := time.Now()
	for {
		p.mu.Lock()
		mode, delay, wake := p.mode, p.delay, p.wake
		var timer <-chan time.Time
		switch mode {
		case PaceStep:
			if p.tokens > 0 {
				p.tokens--
				p.mu.Unlock()
				return nil
			}
		case PaceRun:
			left := delay - time.Since(start)
			if left <= 0 {
				p.mu.Unlock()
				return nil
			}
			timer = time.After(left)
		}
		p.mu.Unlock()
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-wake:
		case <-timer:
		}
	}
}
