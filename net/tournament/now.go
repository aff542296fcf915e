//go:build !js

package tournament

import (
	"cmp"
	"context"
	"encoding/json"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/tournament"
)

// What is happening now. A worker tells the runner of a tournament what
// each match it plays is doing: waiting for the bots of some seats (until
// the join time ends), playing, or over. The news go on core NATS, on
// arena.now.TOURNAMENT: nothing is kept, and each worker tells everything
// again every newsRefresh, so a runner that starts late hears it all and
// what a dead worker said goes away (nowExpiry). The runner believes a
// worker about the matches it handed out and have no result only, and
// only about the seats of those; it writes what it heard into
// tournament.json's Now.

// nowSubject is where the workers tell a tournament's runner about its
// matches in progress.
func nowSubject(tid string) string { return "arena.now." + tid }

// The pace of the news.
const (
	// newsEvery is how often a worker sends what changed, at most.
	newsEvery = 250 * time.Millisecond
	// newsRipe is how long a match plays before its worker first tells of
	// it: the many matches of built-in bots that take milliseconds are
	// not news.
	newsRipe = time.Second
	// newsRefresh is how often a worker tells all its news again.
	newsRefresh = 5 * time.Second
	// nowExpiry is how long a runner believes news not told again.
	nowExpiry = 4 * newsRefresh
	// nowWriteEvery is how often a runner rewrites tournament.json for
	// news, at most (and at most once in 10 times what that takes).
	nowWriteEvery = 250 * time.Millisecond
	// maxNews bounds a message of news.
	maxNews = 64 << 10
)

// nowReport is one message of news: a worker's matches of one tournament.
type nowReport struct {
	Worker  string     `json:"worker"`
	Matches []nowMatch `json:"matches"`
}

// nowMatch is what one match is doing. The times are durations, not
// instants: the runner reads them by its own clock, whatever the
// worker's says.
type nowMatch struct {
	Match string `json:"match"`
	// State is tournament.NowWaiting, tournament.NowPlaying, or "" once
	// the match is over.
	State string `json:"state"`
	// Waiting are the seats (from 0) whose bots have not joined yet.
	Waiting []int `json:"waiting,omitempty"`
	// For is the seconds it has been in its state; Left the seconds until
	// the join time ends (0: no end known yet, as for a match that waits
	// for its teams' other matches).
	For  float64 `json:"for"`
	Left float64 `json:"left,omitempty"`
}

// news is what a worker has to tell of its matches in progress.
type news struct {
	publish func(subject string, data []byte) error // nats.Conn's Publish
	worker  string

	mu      sync.Mutex
	matches map[newsKey]*matchNews
}

type newsKey struct{ tournament, match string }

// matchNews is what one match is doing, and what was told of it.
type matchNews struct {
	state string
	seats []int
	since time.Time // when it began to wait or play
	until time.Time // when the join time ends; zero: not known
	// told says its runner heard of it; changed that it has news since.
	told, changed, over bool
}

func newNews(publish func(subject string, data []byte) error, worker string) *news {
	return &news{publish: publish, worker: worker, matches: map[newsKey]*matchNews{}}
}

// tell says that a match of tournament tid waits for the bots of seats
// until until (zero: no end known yet), or plays. A match that plays never
// goes back to waiting: a bot that comes late does not change that.
func (n *news) tell(tid, match, state string, seats []game.Seat, until time.Time) {
	if n == nil {
		return
	}
	ints := make([]int, len(seats))
	for i, s := range seats {
		ints[i] = int(s)
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	k := newsKey{tid, match}
	m := n.matches[k]
	switch {
	case m == nil || m.over:
		m = &matchNews{}
		n.matches[k] = m
	case m.state == tournament.NowPlaying && state == tournament.NowWaiting:
		return
	}
	if m.state != state {
		m.since, m.changed = time.Now(), true
	}
	if !slices.Equal(m.seats, ints) || !m.until.Equal(until) {
		m.changed = true
	}
	m.state, m.seats, m.until = state, ints, until
}

// end says that a match is over, played or not.
func (n *news) end(tid, match string) {
	if n == nil {
		return
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if m := n.matches[newsKey{tid, match}]; m != nil {
		m.over, m.changed = true, true
	}
}

// run sends the news until ctx ends, then what is left.
func (n *news) run(ctx context.Context) {
	t := time.NewTicker(newsEvery)
	defer t.Stop()
	last := time.Now()
	for {
		select {
		case <-ctx.Done():
			n.send(false)
			return
		case <-t.C:
			all := time.Since(last) >= newsRefresh
			if all {
				last = time.Now()
			}
			n.send(all)
		}
	}
}

// send tells each tournament's runner what changed (all: everything
// there is), and forgets the matches that are over.
func (n *news) send(all bool) {
	at := time.Now()
	out := map[string][]nowMatch{}
	n.mu.Lock()
	for k, m := range n.matches {
		switch {
		case m.over:
			if m.told {
				out[k.tournament] = append(out[k.tournament], nowMatch{Match: k.match})
			}
			delete(n.matches, k)
			continue
		case !m.told && m.state == tournament.NowPlaying && at.Sub(m.since) < newsRipe:
			continue // not news yet
		case !all && !m.changed:
			continue
		}
		nm := nowMatch{Match: k.match, State: m.state, Waiting: m.seats, For: at.Sub(m.since).Seconds()}
		if !m.until.IsZero() {
			nm.Left = max(0, m.until.Sub(at).Seconds())
		}
		out[k.tournament] = append(out[k.tournament], nm)
		m.told, m.changed = true, false
	}
	n.mu.Unlock()
	for tid, matches := range out {
		data, err := json.Marshal(nowReport{Worker: n.worker, Matches: matches})
		if err != nil {
			continue
		}
		if err := n.publish(nowSubject(tid), data); err != nil {
			slog.Debug("tournament worker: tell what its matches do", "err", err)
		}
	}
}

// heardNow is what the runner heard of a match in progress, and when.
type heardNow struct {
	tournament.Now
	heard time.Time
}

// hear takes a worker's news at the time at, and reports whether what is
// happening now changed. It believes news of the matches it handed out
// that have no result only, and of their own seats.
func (c *coordinator) hear(data []byte, at time.Time) bool {
	if len(data) > maxNews {
		return false
	}
	var r nowReport
	if err := json.Unmarshal(data, &r); err != nil {
		return false
	}
	if c.now == nil {
		c.now = map[string]*heardNow{}
	}
	changed := false
	for _, nm := range r.Matches {
		m, known := c.matches[nm.Match]
		if _, done := c.f.results[nm.Match]; !known || done || !c.queued[nm.Match] {
			continue
		}
		old := c.now[nm.Match]
		if nm.State == "" {
			if old != nil {
				delete(c.now, nm.Match)
				changed = true
			}
			continue
		}
		if nm.State != tournament.NowWaiting && nm.State != tournament.NowPlaying {
			continue
		}
		var waiting []int
		if nm.State == tournament.NowWaiting {
			for _, s := range nm.Waiting {
				if s >= 0 && s < len(m.Entrants) && m.Entrants[s] >= 0 && !slices.Contains(waiting, m.Entrants[s]) {
					waiting = append(waiting, m.Entrants[s])
				}
			}
		}
		seconds := func(x float64, most time.Duration) time.Duration {
			return time.Duration(min(max(x, 0), most.Seconds()) * float64(time.Second))
		}
		since := at.Add(-seconds(nm.For, 30*24*time.Hour)).Truncate(time.Millisecond)
		var deadline time.Time
		if nm.State == tournament.NowWaiting && nm.Left > 0 {
			deadline = at.Add(seconds(nm.Left, 24*time.Hour)).Truncate(time.Millisecond)
		}
		if old != nil && old.State == nm.State {
			// The same state told again: it began when it was first told,
			// and its join time ends when it was said to, give or take the
			// trip.
			since = old.Since
			if !deadline.IsZero() && !old.Deadline.IsZero() && deadline.Sub(old.Deadline).Abs() < 2*time.Second {
				deadline = old.Deadline
			}
			if slices.Equal(old.Waiting, waiting) && deadline.Equal(old.Deadline) {
				old.heard = at
				continue
			}
		}
		c.now[nm.Match] = &heardNow{Now: tournament.Now{Match: nm.Match, State: nm.State, Waiting: waiting, Since: since, Deadline: deadline}, heard: at}
		changed = true
	}
	return changed
}

// forgetNow forgets what is happening in the matches recorded, those no
// longer handed out, and those no worker told of lately; it reports
// whether any went.
func (c *coordinator) forgetNow(at time.Time) bool {
	changed := false
	for id, h := range c.now {
		if _, done := c.f.results[id]; done || !c.queued[id] || at.Sub(h.heard) > nowExpiry {
			delete(c.now, id)
			changed = true
		}
	}
	return changed
}

// nowList is what is happening now, in plan order: the matches recorded
// left out.
func (c *coordinator) nowList() []tournament.Now {
	out := make([]tournament.Now, 0, len(c.now))
	for id, h := range c.now {
		if _, done := c.f.results[id]; !done {
			out = append(out, h.Now)
		}
	}
	slices.SortFunc(out, func(a, b tournament.Now) int {
		x, y := c.matches[a.Match], c.matches[b.Match]
		return cmp.Or(cmp.Compare(x.Stage, y.Stage), cmp.Compare(x.Round, y.Round), strings.Compare(x.Series, y.Series),
			cmp.Compare(x.Game, y.Game), strings.Compare(a.Match, b.Match))
	})
	return out
}

// writeNow writes tournament.json alone, with what is happening now: the
// other files do not change with it. It takes at most a tenth of the
// runner's time (nowTook), as the files of a tournament of many matches
// take long to write.
func (c *coordinator) writeNow() error {
	start := time.Now()
	c.t.Now = c.nowList()
	ix, _, err := c.t.Files(c.f.results, tournament.StatusRunning, start)
	if err == nil {
		var data []byte
		if data, err = ix.JSON(); err == nil {
			err = c.f.writeFile(tournament.IndexFile, data)
		}
	}
	c.nowAt, c.nowTook = time.Now(), time.Since(start)
	return err
}

// waitingText says which matches wait for whose bots, and how long they
// still wait: "waiting for Glarbs (0:42)"; "" when none does.
func (c *coordinator) waitingText(at time.Time) string {
	var out []string
	for _, n := range c.nowList() {
		if n.State == tournament.NowWaiting {
			out = append(out, tournament.NowText(&n, c.name, at))
		}
	}
	return strings.Join(out, "; ")
}
