package tournament

import "math"

// WDL is one player's wins, draws and losses against another: the record
// of a match of many games, such as a gauntlet between two engines.
type WDL struct{ Wins, Draws, Losses int }

// Games is the number of games played.
func (r WDL) Games() int { return r.Wins + r.Draws + r.Losses }

// Score is the player's share of the points, a win counting 1 and a draw
// 1/2; a record of no games scores 1/2.
func (r WDL) Score() float64 {
	if r.Games() == 0 {
		return 0.5
	}
	return (float64(r.Wins) + float64(r.Draws)/2) / float64(r.Games())
}

// Interval is the 95% Wilson score interval of the score: where the
// player's true share of the points lies, with 95% confidence.
func (r WDL) Interval() (lo, hi float64) {
	const z = 1.959964
	s, n := r.Score(), float64(r.Games())
	if n == 0 {
		return 0, 1
	}
	c := s + z*z/(2*n)
	d := z * math.Sqrt(s*(1-s)/n+z*z/(4*n*n))
	return max(0, (c-d)/(1+z*z/n)), min(1, (c+d)/(1+z*z/n))
}

// EloScore is the expected score of a player elo points stronger than its
// opponent, on the logistic Elo curve.
func EloScore(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// ScoreElo is the Elo difference that a score implies (the inverse of
// EloScore), within ±1200: a score of 0 or 1 implies no finite one.
func ScoreElo(score float64) float64 {
	score = min(max(score, 0.001), 0.999)
	return -400*math.Log10(1/score-1) + 0 // + 0: no negative zero
}

// SPRT is a sequential probability ratio test of the Elo difference of a
// player over its opponent: H0, the difference is Elo0, against H1, it is
// Elo1 (Elo0 < Elo1), with Alpha the chance of accepting H1 when H0 holds
// and Beta the chance of accepting H0 when H1 holds (each between 0 and
// 0.5). It is the generalised SPRT of chess engine testing, in the normal
// approximation of the game scores: played game after game, it decides as
// soon as the games say enough.
type SPRT struct{ Elo0, Elo1, Alpha, Beta float64 }

// Bounds are the bounds of the log-likelihood ratio: at or below lower the
// test accepts H0, at or above upper H1.
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// LLR is the log-likelihood ratio of H1 to H0 after the games of r. The
// variance of a game's score is estimated with one more win and one more
// loss than played, so that a short run of wins alone does not decide at
// once.
func (s SPRT) LLR(r WDL) float64 {
	n := float64(r.Games())
	if n == 0 {
		return 0
	}
	mean := r.Score()
	padded := WDL{r.Wins + 1, r.Draws, r.Losses + 1}
	vm := padded.Score()
	vw, vd, vl := float64(padded.Wins), float64(padded.Draws), float64(padded.Losses)
	variance := (vw*(1-vm)*(1-vm) + vd*(0.5-vm)*(0.5-vm) + vl*vm*vm) / float64(padded.Games())
	s0, s1 := EloScore(s.Elo0), EloScore(s.Elo1)
	return n * (s1 - s0) * (2*mean - s0 - s1) / (2 * variance)
}

// Decision is what a sequential test has decided.
type Decision int

// A test is undecided until it accepts one of its hypotheses.
const (
	Undecided Decision = iota
	AcceptH0           // the difference is Elo0 or less
	AcceptH1           // the difference is Elo1 or more
)

// Decide is the test's decision after the games of r.
func (s SPRT) Decide(r WDL) Decision {
	lower, upper := s.Bounds()
	switch llr := s.LLR(r); {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Undecided
}
