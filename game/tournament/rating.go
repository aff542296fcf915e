package tournament

import (
	"math"
	"slices"
)

// Glicko is a Glicko-2 rating on the Glicko scale: the rating R, its
// deviation RD (the uncertainty: the true strength lies within R ± 2·RD
// with about 95% confidence) and the volatility Sigma. Mark Glickman,
// "Example of the Glicko-2 system" (2013), is the reference.
type Glicko struct{ R, RD, Sigma float64 }

// The Glicko-2 system's constants: an unrated player's rating, and tau,
// which bounds how fast the volatility changes (Glickman suggests 0.3 to
// 1.2).
var (
	Unrated = Glicko{R: 1500, RD: 350, Sigma: 0.06}
	Tau     = 0.5
)

// glickoScale converts between the Glicko and the Glicko-2 scales.
const glickoScale = 173.7178

// Outcome is one game of a rating period against one opponent: Score is 1
// for a win, 0.5 for a draw, 0 for a loss.
type Outcome struct {
	Opponent Glicko
	Score    float64
}

// Update is the player's rating after a rating period of games, all rated
// against the opponents' ratings from before the period (steps 1 to 8 of
// Glickman's example). A period without games only widens RD.
func (g Glicko) Update(games []Outcome, tau float64) Glicko {
	mu, phi := (g.R-1500)/glickoScale, g.RD/glickoScale
	if len(games) == 0 {
		return Glicko{R: g.R, RD: math.Sqrt(phi*phi+g.Sigma*g.Sigma) * glickoScale, Sigma: g.Sigma}
	}
	var vInv, sum float64
	for _, o := range games {
		muJ, phiJ := (o.Opponent.R-1500)/glickoScale, o.Opponent.RD/glickoScale
		gj := 1 / math.Sqrt(1+3*phiJ*phiJ/(math.Pi*math.Pi))
		e := 1 / (1 + math.Exp(-gj*(mu-muJ)))
		vInv += gj * gj * e * (1 - e)
		sum += gj * (o.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	sigma := volatility(delta, phi, v, g.Sigma, tau)
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	return Glicko{R: glickoScale*muNew + 1500, RD: glickoScale * phiNew, Sigma: sigma}
}

// volatility is step 5: the new volatility, by the Illinois algorithm.
func volatility(delta, phi, v, sigma, tau float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	const eps = 0.000001
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > eps && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

// Ratings rates every player of the matches (House included) with
// Glicko-2, one rating period per round in the plan's order: the result
// does not depend on the order the results came in. A game of more than
// two seats counts as a game between every two of its players.
func Ratings(f *Format, matches []Match, results map[string]Result) map[int]Glicko {
	periods := map[int][]Match{}
	var order []int
	for _, m := range matches {
		if _, ok := results[m.ID]; !ok {
			continue
		}
		if periods[m.Period] == nil {
			order = append(order, m.Period)
		}
		periods[m.Period] = append(periods[m.Period], m)
	}
	slices.Sort(order)
	rating := map[int]Glicko{}
	for e := range f.Entrants {
		rating[e] = Unrated
	}
	if f.House {
		rating[House] = Unrated
	}
	for _, period := range order {
		games := map[int][]Outcome{}
		for _, m := range periods[period] {
			r := results[m.ID]
			pair := pairwise(&r, len(m.Entrants))
			if len(m.Entrants) == 2 {
				pts, _ := f.score(&r, 2)
				pair = [][]float64{{0, winShare(pts[0], pts[1])}, {winShare(pts[1], pts[0]), 0}}
			}
			for i, e := range m.Entrants {
				for j, o := range m.Entrants {
					if i != j {
						games[e] = append(games[e], Outcome{Opponent: rating[o], Score: pair[i][j]})
					}
				}
			}
		}
		next := make(map[int]Glicko, len(rating))
		for e, g := range rating {
			next[e] = g.Update(games[e], Tau)
		}
		rating = next
	}
	return rating
}

// winShare turns two seats' points into a Glicko score: 1 to the one with
// more, 0.5 each when equal.
func winShare(a, b float64) float64 {
	switch {
	case a > b:
		return 1
	case a < b:
		return 0
	}
	return 0.5
}

func round1(x float64) float64 { return math.Round(x*10) / 10 }
