package tournament

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// checkNow checks the matches in progress: each is a match of the index
// without a result, once, and every entrant it waits for is one of its
// own.
func (ix *Index) checkNow() error {
	byID := make(map[string]*Played, len(ix.Matches))
	for i := range ix.Matches {
		byID[ix.Matches[i].ID] = &ix.Matches[i]
	}
	seen := map[string]bool{}
	for _, n := range ix.Now {
		m := byID[n.Match]
		switch {
		case m == nil:
			return fmt.Errorf("now: match %q is not one of the tournament's", n.Match)
		case m.Result != nil:
			return fmt.Errorf("now: match %s is in progress and has a result", n.Match)
		case seen[n.Match]:
			return fmt.Errorf("now: match %s is in progress twice", n.Match)
		}
		seen[n.Match] = true
		for _, e := range n.Waiting {
			if !slices.Contains(m.Entrants, e) {
				return fmt.Errorf("now: match %s waits for entrant %d, who does not play it", n.Match, e)
			}
		}
	}
	return nil
}

// Match is the match of the index with the ID, or nil.
func (ix *Index) Match(id string) *Played {
	for i := range ix.Matches {
		if ix.Matches[i].ID == id {
			return &ix.Matches[i]
		}
	}
	return nil
}

// Where names a match for people, as the bracket names its stage: the
// stage where the tournament has several tables ("Pool A"), the round,
// the tie or group where a round has several ("Semi-final 2", "Groups,
// group B") and the game where series play several: "Final", "Pool A,
// Round 3, game 2".
func (ix *Index) Where(m *Match) string {
	var parts []string
	if m.Stage >= 0 && m.Stage < len(ix.Stages) {
		st := &ix.Stages[m.Stage]
		if len(ix.Stages) > 1 && st.Kind != KindBracket {
			parts = append(parts, st.Name)
		}
		round := ""
		for _, r := range st.Rounds {
			for i, se := range r.Series {
				switch {
				case se.ID != m.Series:
				case len(r.Series) > 1 && len(se.Entrants) > 2:
					round = r.Name + ", group " + GroupName(i)
				case len(r.Series) > 1 && st.Kind == KindBracket:
					round = tieName(r.Name, i)
				default:
					round = r.Name
				}
			}
		}
		if round == "" {
			round = "Round " + strconv.Itoa(m.Round)
		}
		parts = append(parts, round)
	}
	if ix.Games > 1 || m.Game > 1 {
		parts = append(parts, "game "+strconv.Itoa(m.Game))
	}
	return strings.Join(parts, ", ")
}

// GroupName names the i-th group of a round (from 0): A to Z, then A2,
// B2, and so on.
func GroupName(i int) string {
	name := string(rune('A' + i%26))
	if i >= 26 {
		name += strconv.Itoa(i/26 + 1)
	}
	return name
}

// NowLabel names a match in progress: where it is and who plays it,
// "Round 2, group B: Hiperparametri vs BotDiff vs CHOP vs Deep_bAlt".
func (ix *Index) NowLabel(n *Now) string {
	m := ix.Match(n.Match)
	if m == nil {
		return n.Match
	}
	names := make([]string, len(m.Entrants))
	for i, e := range m.Entrants {
		names[i] = ix.EntrantName(e)
	}
	who := strings.Join(names, " vs ")
	if where := ix.Where(&m.Match); where != "" {
		return where + ": " + who
	}
	return who
}

// NowText says what a match in progress is doing at the time at: "waiting
// for BotDiff (0:42)", the time left to join; "waiting for CHOP and
// Deep_bAlt" where the wait has no end yet (their bots play another
// match); "playing (3:10)", the time it has played. name names an
// entrant.
func NowText(n *Now, name func(e int) string, at time.Time) string {
	switch n.State {
	case NowWaiting:
		text := "waiting"
		if len(n.Waiting) > 0 {
			names := make([]string, len(n.Waiting))
			for i, e := range n.Waiting {
				names[i] = name(e)
			}
			text += " for " + Enumerate(names)
		}
		if !n.Deadline.IsZero() {
			// The seconds left, counted up: "0:01" until the very end.
			left := n.Deadline.Sub(at)
			text += " (" + Clock((left + time.Second - 1).Truncate(time.Second)) + ")"
		}
		return text
	case NowPlaying:
		return "playing (" + Clock(at.Sub(n.Since)) + ")"
	}
	return n.State
}

// Enumerate lists names for a sentence: "a", "a and b", "a, b and c".
func Enumerate(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// Clock writes a duration as a clock shows it, to the second: "0:42",
// "3:10", "1:02:05"; never below zero.
func Clock(d time.Duration) string {
	s := max(0, int64(d/time.Second))
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
