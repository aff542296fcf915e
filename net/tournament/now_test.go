package tournament

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/tournament"
)

// A contest night's screen says what is happening now: a match waits for
// the bot of a team that has not come yet (tournament.json's Now names
// it, with the end of the join time; the run's progress says "waiting
// for Glarbs (0:09)"), then plays once it comes, and leaves Now when it
// is over.
func TestNightNowWaitsForALateTeam(t *testing.T) {
	t.Parallel()
	// Matches long enough (about a second) to be seen playing.
	spec, addr := longNight(t, 3, "300ms", 120)
	const join = 10 * time.Second
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	bots, stopBots := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer wg.Wait()
	defer stopBots()
	wg.Go(func() { teamBot(bots, "http://"+addr, "quiffs", "q-pass", func(int) {}) })

	out := filepath.Join(t.TempDir(), "night")
	var progress atomic.Value // the last Progress.Waiting
	progress.Store("")
	done := make(chan error, 1)
	go func() {
		_, err := Run(ctx, spec, Options{Dir: out, Workers: 1, AckWait: 10 * time.Second, Listen: addr, JoinTimeout: join,
			OnProgress: func(p Progress) { progress.Store(p.Waiting) }})
		done <- err
	}()

	// Watch tournament.json as a screen would, and let Glarbs' bot come
	// once the match is seen waiting for Glarbs only (Quiffs came) and the
	// run's progress says so too.
	type seen struct {
		now      tournament.Now
		finished []string // the matches with a result then
	}
	var states []seen
	var waitingText string
	glarbsCame := false
	var runErr error
watch:
	for {
		select {
		case runErr = <-done:
			break watch
		case <-time.After(20 * time.Millisecond):
		}
		data, err := os.ReadFile(filepath.Join(out, tournament.IndexFile))
		if err != nil {
			continue
		}
		ix, err := tournament.ReadIndex("tournament.json", data)
		require.NoError(t, err, "tournament.json holds what is happening now, checked")
		var finished []string
		for _, m := range ix.Matches {
			if m.Result != nil {
				finished = append(finished, m.ID)
			}
		}
		for _, n := range ix.Now {
			if len(states) == 0 || !equalNow(states[len(states)-1].now, n) {
				states = append(states, seen{n, finished})
			}
			if p := progress.Load().(string); strings.Contains(p, "waiting for Glarbs (") {
				waitingText = p
			}
			if !glarbsCame && n.State == tournament.NowWaiting && slices.Equal(n.Waiting, []int{1}) && waitingText != "" {
				glarbsCame = true
				wg.Go(func() { teamBot(bots, "http://"+addr, "glarbs", "g-pass", func(int) {}) })
			}
		}
	}
	require.NoError(t, runErr)
	require.True(t, glarbsCame, "the match was seen waiting for Glarbs alone: %+v", states)
	require.Regexp(t, `^waiting for Glarbs \(0:(0\d|10)\)$`, waitingText, "the run's progress")

	// The first match: waiting for Glarbs, until the join time ends, then
	// playing.
	first := states[0].now
	var waited, played bool
	for _, s := range states {
		if s.now.Match != first.Match {
			continue
		}
		require.NotContains(t, s.finished, first.Match, "a match with a result is not in progress")
		switch s.now.State {
		case tournament.NowWaiting:
			require.False(t, played, "a match that plays does not wait again: %+v", states)
			require.Contains(t, s.now.Waiting, 1, "Glarbs are awaited: %+v", s.now)
			require.InDelta(t, join.Seconds(), s.now.Deadline.Sub(s.now.Since).Seconds(), 1, "the wait ends with the join time: %+v", s.now)
			waited = true
		case tournament.NowPlaying:
			require.True(t, waited)
			require.Empty(t, s.now.Waiting)
			require.True(t, s.now.Deadline.IsZero())
			played = true
		default:
			t.Fatalf("state %q", s.now.State)
		}
	}
	require.True(t, waited && played, "waiting, then playing: %+v", states)

	// Done: every match has its result, and nothing is in progress.
	data, err := os.ReadFile(filepath.Join(out, tournament.IndexFile))
	require.NoError(t, err)
	var ix tournament.Index
	require.NoError(t, json.Unmarshal(data, &ix))
	require.Equal(t, tournament.StatusComplete, ix.Status)
	require.Empty(t, ix.Now)
	require.NotContains(t, string(data), `"now"`)
	for _, m := range ix.Matches {
		require.NotNil(t, m.Result, m.ID)
	}
}

func equalNow(a, b tournament.Now) bool {
	return a.Match == b.Match && a.State == b.State && slices.Equal(a.Waiting, b.Waiting) && a.Since.Equal(b.Since) && a.Deadline.Equal(b.Deadline)
}

// The runner believes a worker's news only of the matches it handed out
// that have no result, and only of their own entrants; a state told again
// keeps its beginning; what nobody tells again goes.
func TestNowHearsOnlyItsMatches(t *testing.T) {
	t.Parallel()
	c := &coordinator{f: &folder{results: map[string]tournament.Result{"done": {ID: "done"}}},
		matches: map[string]tournament.Match{
			"m1":   {ID: "m1", Entrants: []int{3, tournament.House, 0, 2}},
			"m2":   {ID: "m2", Round: 2, Entrants: []int{1, 2}},
			"done": {ID: "done", Entrants: []int{0, 1}},
			"not":  {ID: "not", Entrants: []int{0, 1}},
		},
		queued: map[string]bool{"m1": true, "m2": true, "done": true}}
	c.t = &tournament.Tournament{Entrants: []tournament.Entrant{{Name: "A"}, {Name: "B"}, {Name: "C"}, {Name: "D"}}}
	c.spec = &Spec{Entrants: c.t.Entrants}
	at := time.Date(2025, 5, 1, 20, 0, 0, 0, time.UTC)
	say := func(at time.Time, ms ...nowMatch) bool {
		data, _ := json.Marshal(nowReport{Worker: "w", Matches: ms})
		return c.hear(data, at)
	}
	require.True(t, say(at,
		nowMatch{Match: "m1", State: tournament.NowWaiting, Waiting: []int{0, 1, 2, 2, 9, -1}, For: 2, Left: 40},
		nowMatch{Match: "m2", State: tournament.NowPlaying, For: 1e300},
		nowMatch{Match: "done", State: tournament.NowPlaying},
		nowMatch{Match: "not", State: tournament.NowPlaying},
		nowMatch{Match: "nowhere", State: tournament.NowPlaying},
		nowMatch{Match: "m1x", State: "dancing"}))
	list := c.nowList()
	require.Len(t, list, 2, "only the matches handed out, with no result")
	require.Equal(t, tournament.Now{Match: "m1", State: tournament.NowWaiting, Waiting: []int{3, 0}, Since: at.Add(-2 * time.Second),
		Deadline: at.Add(40 * time.Second)}, list[0], "seats to its entrants; the house, unknown seats and repeats left out")
	require.Equal(t, at.Add(-30*24*time.Hour), list[1].Since, "a time out of bounds is bounded")
	require.Equal(t, "waiting for D and A (0:40)", c.waitingText(at))

	// Told again, a second later: nothing changed.
	require.False(t, say(at.Add(time.Second), nowMatch{Match: "m1", State: tournament.NowWaiting, Waiting: []int{0, 2}, For: 3, Left: 39.2}))
	// A bot comes: the wait goes on since when it began.
	require.True(t, say(at.Add(2*time.Second), nowMatch{Match: "m1", State: tournament.NowWaiting, Waiting: []int{0}, For: 4, Left: 38}))
	require.Equal(t, at.Add(-2*time.Second), c.now["m1"].Since)
	require.Equal(t, "waiting for D (0:38)", c.waitingText(at.Add(2*time.Second)))
	// It plays; the match over leaves.
	require.True(t, say(at.Add(3*time.Second), nowMatch{Match: "m1", State: tournament.NowPlaying, For: 0}))
	require.Equal(t, at.Add(3*time.Second), c.now["m1"].Since)
	require.Empty(t, c.waitingText(at))
	require.True(t, say(at.Add(4*time.Second), nowMatch{Match: "m1"}))
	require.NotContains(t, c.now, "m1")

	// What nobody tells again goes; so does a match with a result.
	require.False(t, c.forgetNow(at.Add(nowExpiry/2)))
	require.True(t, c.forgetNow(at.Add(nowExpiry+time.Second)))
	require.Empty(t, c.now)
	say(at, nowMatch{Match: "m2", State: tournament.NowWaiting, Waiting: []int{0}})
	c.f.results["m2"] = tournament.Result{ID: "m2"}
	require.Empty(t, c.waitingText(at), "a match recorded waits no more")
	require.True(t, c.forgetNow(at))

	// Nonsense is ignored.
	require.False(t, c.hear([]byte("{{"), at))
	require.False(t, c.hear(make([]byte, maxNews+1), at))
}

// A worker tells what changed: a match of built-in bots that is over
// within newsRipe is not news; a match that waits is at once, and so is
// each change and its end; everything again when asked.
func TestNewsTellsWhatChanged(t *testing.T) {
	t.Parallel()
	var got []nowMatch
	n := newNews(func(subject string, data []byte) error {
		require.Equal(t, "arena.now.t", subject)
		var r nowReport
		require.NoError(t, json.Unmarshal(data, &r))
		require.Equal(t, "w", r.Worker)
		got = append(got, r.Matches...)
		return nil
	}, "w")
	sent := func(all bool) []nowMatch {
		got = nil
		n.send(all)
		slices.SortFunc(got, func(a, b nowMatch) int { return strings.Compare(a.Match, b.Match) })
		return got
	}
	n.tell("t", "quick", tournament.NowPlaying, nil, time.Time{})
	require.Empty(t, sent(false), "a match playing for less than newsRipe is not news")
	n.end("t", "quick")
	require.Empty(t, sent(true), "nor is its end")
	require.Empty(t, n.matches)

	until := time.Now().Add(time.Minute)
	n.tell("t", "late", tournament.NowWaiting, []game.Seat{1, 3}, until)
	n.tell("t", "long", tournament.NowPlaying, nil, time.Time{})
	n.matches[newsKey{"t", "long"}].since = time.Now().Add(-2 * newsRipe)
	got = sent(false)
	require.Len(t, got, 2)
	require.Equal(t, "late", got[0].Match)
	require.Equal(t, []int{1, 3}, got[0].Waiting)
	require.InDelta(t, 60, got[0].Left, 1)
	require.Equal(t, tournament.NowPlaying, got[1].State)
	require.InDelta(t, 2*newsRipe.Seconds(), got[1].For, 0.5)
	require.Empty(t, sent(false), "nothing changed")
	require.Len(t, sent(true), 2, "all again")

	n.tell("t", "late", tournament.NowWaiting, []game.Seat{3}, until)
	require.Equal(t, []nowMatch{{Match: "late", State: tournament.NowWaiting, Waiting: []int{3}, For: got[0].For, Left: got[0].Left}},
		withTimes(sent(false), got[0].For, got[0].Left))
	n.tell("t", "late", tournament.NowPlaying, nil, time.Time{})
	got = sent(false)
	require.Len(t, got, 1)
	require.Equal(t, tournament.NowPlaying, got[0].State, "told at once: its wait was news")
	require.Less(t, got[0].For, 0.5, "playing since now")
	n.tell("t", "late", tournament.NowWaiting, []game.Seat{3}, until)
	require.Empty(t, sent(false), "a match that plays does not wait again")
	n.end("t", "late")
	require.Equal(t, []nowMatch{{Match: "late"}}, sent(false), "over")
	require.Len(t, n.matches, 1)

	var none *news
	none.tell("t", "x", tournament.NowPlaying, nil, time.Time{})
	none.end("t", "x")
}

// withTimes sets the times of news, to compare the rest.
func withTimes(ms []nowMatch, seconds, left float64) []nowMatch {
	for i := range ms {
		ms[i].For, ms[i].Left = seconds, left
	}
	return ms
}
