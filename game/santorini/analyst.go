package santorini

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// Analyst analyses one position at a time in the background, for an
// analysis board: Set hands it a position, stopping the search of the one
// before, and State is what it knows of the position now. Its methods are
// safe to call from any goroutine.
type Analyst struct {
	lines int
	mu    sync.Mutex
	c     *Competitive // made at the first Set
	state AnalystState

	cancel context.CancelFunc
	done   chan struct{} // closed when the running search returns
}

// AnalystState is an Analyst's knowledge of its position.
type AnalystState struct {
	Board   Board
	Since   time.Time  // when the position was set
	Latest  Analysis   // the newest report (no lines before the first)
	Reports int        // the reports so far
	Depths  []Analysis // every completed depth's report, in order: the table of the search
	Running bool       // the search goes on
	Err     error      // why the position has no analysis
}

// NewAnalyst makes an analyst of the best lines turns (MultiPV).
func NewAnalyst(lines int) *Analyst { return &Analyst{lines: lines} }

// Set starts the analysis of b, after stopping the one before.
func (a *Analyst) Set(b Board) {
	a.Stop()
	a.mu.Lock()
	defer a.mu.Unlock()
	a.state = AnalystState{Board: b, Since: time.Now()}
	switch b.Phase {
	case Over:
		a.state.Err = fmt.Errorf("P%d has won: the game is over", b.Winner)
		return
	case Place1, Place2:
		a.state.Err = fmt.Errorf("P%d places the workers: the analysis starts with the first move", b.Side+1)
		return
	}
	if a.c == nil {
		a.c = NewCompetitive()
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	a.cancel, a.done, a.state.Running = cancel, done, true
	go func() {
		defer close(done)
		err := a.c.Analyse(ctx, &b, a.lines, Limit{}, func(r Analysis) {
			a.mu.Lock()
			defer a.mu.Unlock()
			a.state.Latest = r
			a.state.Reports++
			if r.Complete {
				a.state.Depths = append(a.state.Depths, r)
			}
			a.state.Running = !r.Done
		})
		if err != nil {
			a.mu.Lock()
			a.state.Err, a.state.Running = err, false
			a.mu.Unlock()
		}
	}()
}

// Stop stops the running search, if any, and waits for it to return.
func (a *Analyst) Stop() {
	a.mu.Lock()
	cancel, done := a.cancel, a.done
	a.cancel, a.done = nil, nil
	a.mu.Unlock()
	if cancel != nil {
		cancel()
		<-done
	}
}

// State is what the analyst knows of its position now.
func (a *Analyst) State() AnalystState {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.state
}
