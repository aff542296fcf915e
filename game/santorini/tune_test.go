package santorini

import (
	"context"
	"flag"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/arena-games/arena/game"
)

// The self-play tuning of the competitive evaluation, skipped unless asked
// for: go test ./game/santorini/ -run TestTune -tune -timeout 0 -v
var (
	tune       = flag.Bool("tune", false, "run TestTune: tune the competitive weights by self-play")
	tuneIters  = flag.Int("tune.iters", 2000, "SPSA iterations (one game pair each)")
	tuneNodes  = flag.Int("tune.nodes", 20000, "nodes per move in tuning games")
	tuneTime   = flag.Duration("tune.time", 0, "time per move in tuning games instead of nodes")
	tuneCheck  = flag.Int("tune.check", 200, "game pairs of the final check, tuned against default weights")
	tuneSeed   = flag.Int64("tune.seed", 1, "seed of the openings and perturbations")
	tuneGain   = flag.Float64("tune.gain", 0.5, "SPSA step gain a")
	tuneReport = flag.Int("tune.report", 100, "print the weights every this many iterations")
)

// params are the tuned weights of w, each with the SPSA perturbation size c.
// height[0] stays 0: only differences between the players count.
func (w *weights) params() []tuned {
	return []tuned{
		{"height1", &w.height[1], 20}, {"height2", &w.height[2], 30},
		{"climb0", &w.climb[0], 8}, {"climb1", &w.climb[1], 12},
		{"ladder0", &w.ladder[0], 25}, {"ladder1", &w.ladder[1], 25},
		{"build0", &w.build[0], 15}, {"build1", &w.build[1], 15},
		{"open", &w.open, 15}, {"mobility", &w.mobility, 2}, {"trapped", &w.trapped, 15},
		{"centre", &w.centre, 5},
		{"apart1", &w.apart[0], 8}, {"apart2", &w.apart[1], 8}, {"apart3", &w.apart[2], 8}, {"apart4", &w.apart[3], 8},
		{"near1", &w.near[0], 5}, {"near2", &w.near[1], 5},
		{"tempo", &w.tempo, 8},
	}
}

// tuned is one weight under tuning.
type tuned struct {
	name string
	v    *int32
	c    float64
}

// String writes the weights as a Go literal.
func (w weights) String() string {
	return fmt.Sprintf("height: %v, climb: %v, ladder: %v, build: %v, open: %d, mobility: %d, trapped: %d, centre: %d, apart: %v, near: %v, tempo: %d",
		w.height, w.climb, w.ladder, w.build, w.open, w.mobility, w.trapped, w.centre, w.apart, w.near, w.tempo)
}

// TestTune tunes the weights by SPSA: each iteration perturbs every weight
// by ±c at random, plays the two perturbed sets against each other from one
// random opening, once with each colour, at a fixed number of nodes per move,
// and moves the weights towards the set that won more. At the end the tuned
// weights play -tune.check game pairs against defaultWeights.
func TestTune(t *testing.T) {
	if !*tune {
		t.Skip("self-play tuning runs only with -tune")
	}
	rng := game.NewRand(*tuneSeed, 7)
	theta := defaultWeights
	ps := theta.params()
	x := make([]float64, len(ps))
	for i, p := range ps {
		x[i] = float64(*p.v)
	}
	players := [2]*Competitive{NewCompetitive(), NewCompetitive()}
	start := time.Now()
	const alpha, gamma = 0.602, 0.101 // the usual SPSA exponents
	bigA := float64(*tuneIters) / 10
	for k := range *tuneIters {
		ak := *tuneGain / math.Pow(float64(k+1)+bigA, alpha)
		ck := 1 / math.Pow(float64(k+1), gamma)
		plus, minus := theta, theta
		pp, mp := plus.params(), minus.params()
		delta := make([]float64, len(ps))
		for i, p := range ps {
			delta[i] = float64(2*rng.IntN(2) - 1)
			*pp[i].v = int32(math.Round(x[i] + ck*p.c*delta[i]))
			*mp[i].v = int32(math.Round(x[i] - ck*p.c*delta[i]))
		}
		r := pairScore(players, plus, minus, opening(rng), *tuneNodes) // −2..2
		for i, p := range ps {
			x[i] += ak * p.c * r * delta[i]
			*p.v = int32(math.Round(x[i]))
		}
		if (k+1)%*tuneReport == 0 {
			t.Logf("%d iterations, %v: %s", k+1, time.Since(start).Round(time.Second), theta)
		}
	}
	t.Logf("tuned: %s", theta)
	won, games := 0.0, 0
	for range *tuneCheck {
		won += (pairScore(players, theta, defaultWeights, opening(rng), *tuneNodes) + 2) / 2
		games += 2
	}
	t.Logf("tuned against default: %.0f of %d games (%.1f%%, %.1f standard errors above 50%%)",
		won, games, 100*won/float64(games), (won-float64(games)/2)/math.Sqrt(float64(games)/4))
}

// pairScore plays a against b from start twice, a first and then b first,
// and returns a's wins minus b's: −2, 0 or 2.
func pairScore(players [2]*Competitive, a, b weights, start Board, nodes int) float64 {
	r := 0.0
	for first := range 2 {
		ws := [2]weights{a, b}
		if first == 1 {
			ws = [2]weights{b, a}
		}
		winner := selfPlay(players, ws, start, nodes)
		if (winner == 0) == (first == 0) {
			r++
		} else {
			r--
		}
	}
	return r
}

// selfPlay plays a game from start between players with weights ws (P1
// first) at nodes per move, with fresh tables, and returns the winner.
func selfPlay(players [2]*Competitive, ws [2]weights, start Board, nodes int) int {
	for i, c := range players {
		c.w, c.maxNodes = ws[i], nodes
		c.tt.clear()
		c.clearHistory()
	}
	limit := Limit{Depth: maxPly - 9}
	if *tuneTime > 0 {
		limit.Time = *tuneTime
		for _, c := range players {
			c.maxNodes = 0
		}
	}
	b := start
	for b.Phase == Play {
		res, err := players[b.Side].Search(context.Background(), &b, limit, nil)
		if err != nil {
			panic(err)
		}
		b = b.after(res.Best)
	}
	return b.Winner - 1
}

// opening is a random start: random placements, mostly on the nine central
// cells, then up to two random turns, so that no side has won.
func opening(rng *game.Rand) Board {
	for {
		b := NewBoard()
		for b.Phase != Play {
			var cells [2]Cell
			for i := range cells {
				for {
					c := Cell(rng.IntN(cellCount))
					if rng.IntN(5) > 0 && centre[c] == 0 {
						continue
					}
					if b.occupied()&(1<<uint(c)) == 0 && (i == 0 || c != cells[0]) {
						cells[i] = c
						break
					}
				}
			}
			b = b.after(placement(min(cells[0], cells[1]), max(cells[0], cells[1])))
		}
		for range rng.IntN(3) {
			legal := b.Legal()
			if len(legal) == 0 {
				break
			}
			b = b.after(legal[rng.IntN(len(legal))])
		}
		if b.Phase != Play {
			continue
		}
		if p := newPos(&b); p.winningTo(b.Side) == 0 {
			return b
		}
	}
}
