//go:build !js

package tournament

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/tournament"
)

// checker confirms workers' results against their replays. It is safe for
// use by several goroutines.
type checker struct {
	spec *Spec
	// sums are the SHA-256 of the input files the replays hold, as this
	// machine has them, by path.
	mu   sync.Mutex
	sums map[string]string
}

// verify confirms a worker's result of match m (jm, as its job gave it)
// with the match's replay: the replay must be of this match (its title,
// seed, map, rule options and seats, and the input files it carries as
// this machine has them) and finished, re-simulated it must be the game it
// records (game.Replay.Simulate checks every step's events, keyframe and
// the result line), and its end must be the result the worker reports:
// winner, ranking, reason and turns. Its error says why the result does
// not count.
func (ck *checker) verify(jm JobMatch, r tournament.Result, replay []byte) error {
	if replay == nil {
		return fmt.Errorf("its replay is missing")
	}
	rp, err := game.ReadReplay(jm.ID+".arena", replay)
	if err != nil {
		return fmt.Errorf("its replay cannot be read: %v", err)
	}
	if rp.Truncated || rp.Result == nil {
		return fmt.Errorf("its replay is unfinished")
	}
	h := rp.Header
	switch {
	case h.Title != ck.spec.Title.ID():
		return fmt.Errorf("its replay is of %q, the tournament's game is %s", h.Title, ck.spec.Title.ID())
	case h.Config.Seed != jm.Seed:
		return fmt.Errorf("its replay has the seed %d, the match %d: a replay of another match", h.Config.Seed, jm.Seed)
	case h.Config.Map != jm.Map:
		return fmt.Errorf("its replay is played on the map %q, the match on %q", h.Config.Map, jm.Map)
	case h.Config.Seats != len(jm.Seats) || !slices.Equal(h.Seats, jm.Seats):
		return fmt.Errorf("its replay seats %s, the match %s", strings.Join(h.Seats, ", "), strings.Join(jm.Seats, ", "))
	case !sameOptions(h.Config.Options, ck.spec.Options) && !sameOptions(h.Config.Options, ck.withLogins(jm.Logins)):
		return fmt.Errorf("its replay has the rule options %v, the tournament %v", h.Config.Options, ck.spec.Options)
	}
	for _, p := range h.Config.InputPaths() {
		if err := ck.checkInput(p, h.Config.Files[p]); err != nil {
			return err
		}
	}
	rec, err := rp.Simulate()
	if err != nil {
		return fmt.Errorf("its replay does not re-simulate: %v", err)
	}
	got, over := rec.Result()
	turns := rec.Timeline.Len() - 1
	if !over {
		return fmt.Errorf("its replay re-simulated does not end")
	}
	if got.Winner != r.Winner || got.Reason != r.Reason || !slices.Equal(got.Ranking, r.Ranking) || turns != r.Turns {
		return fmt.Errorf("the result says winner %d, ranking %v (%s) in %d turns; its replay re-simulated ends with winner %d, ranking %v (%s) in %d turns",
			r.Winner, r.Ranking, r.Reason, r.Turns, got.Winner, got.Ranking, got.Reason, turns)
	}
	return nil
}

// checkInput checks a replay's copy of an input file (a map, a levels file)
// against the file at the same path on this machine, where the spec's
// files are.
func (ck *checker) checkInput(path string, f game.File) error {
	p := path
	if !filepath.IsAbs(p) {
		// A worker plays in the spec's folder.
		p = filepath.Join(filepath.Dir(ck.spec.Path), p)
	}
	ck.mu.Lock()
	sum, ok := ck.sums[p]
	ck.mu.Unlock()
	if !ok {
		data, err := inputLimit.ReadFile(p)
		if err != nil {
			return fmt.Errorf("its replay holds the file %s, which cannot be read here to check it: %v", path, err)
		}
		sum = game.NewFile(data).SHA256
		ck.mu.Lock()
		if ck.sums == nil {
			ck.sums = map[string]string{}
		}
		ck.sums[p] = sum
		ck.mu.Unlock()
	}
	if f.SHA256 != sum || game.NewFile(f.Data).SHA256 != sum {
		return fmt.Errorf("its replay's copy of %s differs from the file", path)
	}
	return nil
}

// inputLimit bounds an input file read to check a replay's copy.
var inputLimit = game.Limit{What: "a match's input file", Max: game.MaxInput}

// withLogins are the tournament's rule options with those that the seats'
// logins decide in its contest (game.Contest.Named: AIBG 5.0's players'
// names): a replay that has them proves that each seat was taken by its
// own team's login.
func (ck *checker) withLogins(logins []game.Login) map[string]string {
	c, _, ok := game.FindContest(ck.spec.Title, game.ContestSeat)
	if !ok || c.Named == nil {
		return ck.spec.Options
	}
	seated := map[game.Seat]game.Login{}
	for i, l := range logins {
		if l.User != "" {
			seated[game.Seat(i)] = l
		}
	}
	out := maps.Clone(ck.spec.Options)
	if out == nil {
		out = map[string]string{}
	}
	maps.Copy(out, c.Named(seated))
	return out
}

// sameOptions reports whether two sets of rule options are the same, none
// being the same as an empty set.
func sameOptions(a, b map[string]string) bool {
	return len(a) == len(b) && maps.Equal(a, b)
}
