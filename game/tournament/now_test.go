package tournament

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// nightOf32 is AIBG 5.0's format for 32 entrants: eight groups, two in
// round 2, a final; the first round played.
func nightOf32(t *testing.T) (*Tournament, map[string]Result, *Plan) {
	t.Helper()
	f := Format{System: AIBG5, Seats: 4, Entrants: 32, Games: 1, House: true}
	require.NoError(t, f.Check())
	tt := &Tournament{ID: "n", Name: "AIBG 5.0", Title: "aibg5", Format: f}
	for i := range 32 {
		tt.Entrants = append(tt.Entrants, Entrant{Name: fmt.Sprintf("team%d", i), Seat: "contest"})
	}
	results := map[string]Result{}
	p, err := f.Plan(results)
	require.NoError(t, err)
	for _, m := range p.Matches {
		results[m.ID] = stronger(m)
	}
	p, err = f.Plan(results)
	require.NoError(t, err)
	return tt, results, p
}

// tournament.json lists the matches in progress in plan order, none with
// a result, and reads back; one that names a match or an entrant that is
// not there is refused.
func TestIndexNow(t *testing.T) {
	t.Parallel()
	tt, results, p := nightOf32(t)
	var round2 []Match
	for _, m := range p.Matches {
		if m.Round == 2 {
			round2 = append(round2, m)
		}
	}
	require.Len(t, round2, 2)
	at := time.Date(2025, 5, 1, 20, 0, 0, 0, time.UTC)
	b, a := round2[1], round2[0]
	tt.Now = []Now{
		{Match: b.ID, State: NowWaiting, Waiting: []int{b.Entrants[1]}, Since: at, Deadline: at.Add(100 * time.Second)},
		{Match: p.Matches[0].ID, State: NowPlaying, Since: at}, // it has a result: not in progress
		{Match: "gone", State: NowPlaying, Since: at},
		{Match: a.ID, State: NowPlaying, Since: at},
	}
	ix, _, err := tt.Files(results, StatusRunning, at)
	require.NoError(t, err)
	require.Equal(t, []Now{tt.Now[3], tt.Now[0]}, ix.Now)
	data, err := ix.JSON()
	require.NoError(t, err)
	back, err := ReadIndex("tournament.json", data)
	require.NoError(t, err)
	require.Equal(t, ix.Now, back.Now)

	require.Equal(t, "Round 2, group B: "+fmt.Sprintf("team%d vs team%d vs team%d vs team%d",
		b.Entrants[0], b.Entrants[1], b.Entrants[2], b.Entrants[3]), back.NowLabel(&back.Now[1]))
	require.Equal(t, "Groups, group H", ix.Where(&p.Matches[7]))

	for _, c := range []struct {
		now  Now
		want string
	}{
		{Now{Match: "gone"}, `now: match "gone" is not one of the tournament's`},
		{Now{Match: p.Matches[0].ID}, "is in progress and has a result"},
		{Now{Match: a.ID, Waiting: []int{b.Entrants[0]}}, fmt.Sprintf("waits for entrant %d, who does not play it", b.Entrants[0])},
	} {
		bad := *ix
		bad.Now = []Now{c.now}
		data, err := bad.JSON()
		require.NoError(t, err)
		_, err = ReadIndex("t.json", data)
		require.ErrorContains(t, err, c.want)
	}
}

// What a match in progress is doing, in words: the time left to join
// A match is named as the bracket names its round and tie: the bracket's
// stage goes without saying, a table's does not.
func TestWhereNamesTheTie(t *testing.T) {
	t.Parallel()
	f := Format{System: AlienWarz, Seats: 2, Entrants: 12, Games: 1, House: true, ThirdPlace: true}
	p, results := play(t, &f, stronger)
	tt := &Tournament{ID: "w", Name: "AlienWarz", Title: "alienwarz", Format: f}
	for i := range 12 {
		tt.Entrants = append(tt.Entrants, Entrant{Name: fmt.Sprintf("team%d", i)})
	}
	ix, _, err := tt.Files(results, StatusComplete, time.Now())
	require.NoError(t, err)
	where := map[string]bool{}
	for _, m := range p.Matches {
		where[ix.Where(&m)] = true
	}
	for _, want := range []string{"Ranking, Against the house", "Play-in, tie 2", "Quarter-final 1", "Semi-final 2", "Third place", "Final"} {
		require.True(t, where[want], "%q in %v", want, where)
	}
	require.Len(t, where, 1+3+4+2+1+1)
}

// counts down to 0:01, the time played counts up.
func TestNowText(t *testing.T) {
	t.Parallel()
	at := time.Date(2025, 5, 1, 20, 0, 0, 0, time.UTC)
	names := []string{"Hiperparametri", "BotDiff", "CHOP", "Deep_bAlt"}
	name := func(e int) string { return names[e] }
	for _, c := range []struct {
		now  Now
		want string
	}{
		{Now{State: NowWaiting, Waiting: []int{1}, Deadline: at.Add(42 * time.Second)}, "waiting for BotDiff (0:42)"},
		{Now{State: NowWaiting, Waiting: []int{1}, Deadline: at.Add(41*time.Second + time.Millisecond)}, "waiting for BotDiff (0:42)"},
		{Now{State: NowWaiting, Waiting: []int{2, 3}, Deadline: at.Add(-time.Second)}, "waiting for CHOP and Deep_bAlt (0:00)"},
		{Now{State: NowWaiting, Waiting: []int{0, 2, 3}}, "waiting for Hiperparametri, CHOP and Deep_bAlt"},
		{Now{State: NowWaiting}, "waiting"},
		{Now{State: NowPlaying, Since: at.Add(-190 * time.Second)}, "playing (3:10)"},
		{Now{State: NowPlaying, Since: at.Add(-(time.Hour + 2*time.Minute + 5*time.Second))}, "playing (1:02:05)"},
		{Now{State: NowPlaying, Since: at.Add(time.Minute)}, "playing (0:00)"},
	} {
		require.Equal(t, c.want, NowText(&c.now, name, at))
	}
}

// A result in words, as the screen and the server's pages say it.
func TestResultText(t *testing.T) {
	t.Parallel()
	ix := &Index{Entrants: []Entrant{{Name: "A"}, {Name: "B"}, {Name: "C"}}}
	for _, c := range []struct {
		entrants []int
		r        Result
		want     string
	}{
		{[]int{0, 1}, Result{Winner: 2, Ranking: []int{2, 1}, Reason: "xp"}, "B beat A (xp)"},
		{[]int{0, 1}, Result{Ranking: []int{1, 2}, Reason: "rounds"}, "A and B drew (rounds)"},
		{[]int{2, 0, 1}, Result{Winner: 1, Ranking: []int{1, 3, 2}, Reason: "survivor"}, "C won, ahead of B, A (survivor)"},
		{[]int{2, 0, 1}, Result{Ranking: []int{1, 2, 3, 9}}, "no winner: C, A, B"},
	} {
		require.Equal(t, c.want, ix.ResultText(&Played{Match: Match{Entrants: c.entrants}, Result: &c.r}))
	}
}
