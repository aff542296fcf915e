package santorini

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/arena-games/arena/game"
)

// Bots lists the computer players, weakest first: minimax and alphabeta are
// the assignment's simple players (R15, R16) at a fixed depth, competitive is
// the stronger alpha-beta player on a time budget: "300ms" with the learned
// evaluation, "300ms:classic" with the hand-made one.
func (Title) Bots() []game.Bot {
	return []game.Bot{
		{Kind: "minimax", About: "the assignment's simple player: minimax on f = m + l·k", Strength: "depth", Default: "3", Choices: []string{"1", "2", "3", "4", "5"}},
		{Kind: "alphabeta", About: "the simple player with alpha-beta pruning: same moves, faster", Strength: "depth", Default: "3", Choices: []string{"1", "2", "3", "4", "5", "6"}},
		{Kind: "competitive", About: "principal variation search with a learned evaluation (TIME:classic: the hand-made one)", Strength: "time", Default: "1s", Choices: []string{"100ms", "300ms", "1s", "3s", "1s:classic"}},
	}
}

// The simple players' depths: minimax searches every node, so its range
// ends where a move still takes seconds; alpha-beta reaches one ply more.
const (
	maxMinimaxDepth   = 5
	maxAlphaBetaDepth = 6
)

// NewBot makes a computer player of the given kind and strength for seat;
// rng (may be nil) varies its placement among equally good choices.
func (Title) NewBot(kind, strength string, seat game.Seat, rng *game.Rand) (game.Player, error) {
	switch kind {
	case "minimax", "alphabeta":
		most := maxMinimaxDepth
		if kind == "alphabeta" {
			most = maxAlphaBetaDepth
		}
		depth, err := strconv.Atoi(strength)
		if err != nil || depth < 1 || depth > most {
			return nil, fmt.Errorf("santorini %s: strength %q is not a depth 1 to %d (deeper searches take minutes a move; competitive:TIME plays stronger in bounded time)", kind, strength, most)
		}
		return &simplePlayer{seat: seat, rng: rng, depth: depth, alphaBeta: kind == "alphabeta"}, nil
	case "competitive":
		budgetText, eval, _ := strings.Cut(strength, ":")
		budget, err := parseBudget(budgetText)
		if err != nil {
			return nil, fmt.Errorf("santorini competitive: %w", err)
		}
		var net *network
		switch eval {
		case "":
			net = defaultNet()
		case "classic":
		default:
			return nil, fmt.Errorf("santorini competitive: strength %q: the evaluation %q is not classic (TIME alone: the learned one)", strength, eval)
		}
		// The table its searches will want, made now, not in the first move's time.
		search := newSearcher(tableBits(budget), net)
		return &competitivePlayer{seat: seat, rng: rng, budget: budget, search: search}, nil
	}
	return nil, fmt.Errorf("santorini: unknown computer player %q (known: minimax, alphabeta, competitive)", kind)
}

// parseBudget reads a time such as "300ms" or "1s"; a bare number means
// milliseconds.
func parseBudget(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if ms, errMS := strconv.Atoi(s); errMS == nil {
		d, err = time.Duration(ms)*time.Millisecond, nil
	}
	if err != nil || d <= 0 || d > time.Hour {
		return 0, fmt.Errorf("strength %q is not a time such as 300ms, 1s or 1500 (milliseconds)", s)
	}
	return d, nil
}

// observed is the board a player was shown.
func observed(obs any, seat game.Seat) (*Board, error) {
	var b *Board
	switch o := obs.(type) {
	case *Board:
		b = o
	case Board:
		b = &o
	default:
		return nil, fmt.Errorf("santorini player: observation is %T, not a *santorini.Board", obs)
	}
	switch {
	case b.Phase == Over:
		return nil, fmt.Errorf("santorini player %s: the game is over", seat)
	case b.Side != int(seat):
		return nil, fmt.Errorf("santorini player %s: P%d is to move", seat, b.Side+1)
	}
	return b, nil
}

// simplePlayer is the minimax or alphabeta player.
type simplePlayer struct {
	seat      game.Seat
	rng       *game.Rand
	depth     int
	alphaBeta bool
}

// Play places by the placement heuristic, else searches to the fixed depth.
func (p *simplePlayer) Play(ctx context.Context, obs any) (game.Answer, error) {
	b, err := observed(obs, p.seat)
	if err != nil {
		return game.Answer{}, err
	}
	if b.Phase != Play {
		return placeAnswer(b, p.rng), nil
	}
	res, err := Search(ctx, b, p.depth, p.alphaBeta)
	if err != nil {
		return game.Answer{}, err
	}
	text := fmt.Sprintf("depth %d · %s nodes · best %s %s", res.Depth, groupDigits(res.Nodes), res.Best, valueWords(res.Value))
	return game.Answer{Move: res.Best.String(), Notes: &game.Notes{Values: res.Values, Text: text}}, nil
}

// competitivePlayer is the competitive player.
type competitivePlayer struct {
	seat   game.Seat
	rng    *game.Rand
	budget time.Duration
	search *Competitive
}

// Play places from the placement book (BookPlacement) or else by a search
// within its budget (Place), and moves by a search within its budget
// (Search); rng (when not nil) turns a placement by one of the board's
// symmetries. It returns ctx's error when ctx is cancelled.
func (p *competitivePlayer) Play(ctx context.Context, obs any) (game.Answer, error) {
	b, err := observed(obs, p.seat)
	if err != nil {
		return game.Answer{}, err
	}
	if b.Phase != Play {
		res, book := BookPlacement(b)
		if !book {
			if res, err = p.search.Place(ctx, b, Limit{Time: p.budget}, nil); err != nil {
				return game.Answer{}, err
			}
		}
		if err := ctx.Err(); err != nil {
			return game.Answer{}, fmt.Errorf("santorini competitive: %w", err)
		}
		best := res.Best
		if p.rng != nil {
			best = SymmetricPlacement(b, best, p.rng)
		}
		text := fmt.Sprintf("placement: depth %d · %s nodes · best %s %s", res.Depth, groupDigits(res.Nodes), best, valueWords(res.Value))
		if book {
			text = fmt.Sprintf("placement from the book: depth %d · best %s %s", res.Depth, best, valueWords(res.Value))
		}
		return game.Answer{Move: best.String(), Notes: &game.Notes{Text: text}}, nil
	}
	res, err := p.search.Search(ctx, b, Limit{Time: p.budget}, nil)
	if err != nil {
		return game.Answer{}, err
	}
	if err := ctx.Err(); err != nil {
		return game.Answer{}, fmt.Errorf("santorini competitive: %w", err)
	}
	text := fmt.Sprintf("depth %d · %s nodes · best %s %s · other values are upper bounds", res.Depth, groupDigits(res.Nodes), res.Best, valueWords(res.Value))
	return game.Answer{Move: res.Best.String(), Notes: &game.Notes{Values: res.Values, Text: text}}, nil
}

// valueWords says a search's value: a forced win or loss in words, with
// the turns it takes, else "= 1.25".
func valueWords(v float64) string {
	switch plies := int(winValue - math.Abs(v)); {
	case v >= float64(mateBound):
		return "wins in " + game.Count(max(1, (plies+1)/2), "turn")
	case v <= -float64(mateBound):
		return "loses in " + game.Count(max(1, (plies+1)/2), "turn")
	}
	return fmt.Sprintf("= %.2f", v)
}

// groupDigits writes a count with a space between groups of three digits:
// "12 345".
func groupDigits(n int) string {
	s := strconv.Itoa(n)
	var b strings.Builder
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(' ')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// Placement scores: a worker on C3 or the ring around it counts most, two
// workers two steps apart cover more ground without blocking each other, and
// P2 likes to stand next to P1's workers to contest their climbing.
const (
	placeCentre  = 4
	placeSpread  = 1
	placeContest = 1
)

// Placement chooses a placement for the side to place: the highest-scoring
// unordered pair of free cells (see placeScore), written with the lower cell
// first. Among equal pairs rng (when not nil) chooses, else the first in cell
// order. The assignment gives no evaluation for placement, so this is a
// heuristic: the centre is where workers have the most moves and climbing
// options, which every Santorini guide puts first.
func Placement(b *Board, rng *game.Rand) (Turn, int) {
	occ := b.occupied()
	best := -1
	var ties []Turn
	for c1 := Cell(0); c1 < cellCount; c1++ {
		for c2 := c1 + 1; c2 < cellCount; c2++ {
			if occ&(1<<uint(c1)|1<<uint(c2)) != 0 {
				continue
			}
			s := placeScore(b, c1, c2)
			if s > best {
				best, ties = s, ties[:0]
			}
			if s == best {
				ties = append(ties, placement(c1, c2))
			}
		}
	}
	if rng != nil {
		return ties[rng.IntN(len(ties))], len(ties)
	}
	return ties[0], len(ties)
}

// placeScore rates putting the side's workers on c1 and c2.
func placeScore(b *Board, c1, c2 Cell) int {
	s := placeCentre * (centre[c1] + centre[c2])
	if chebyshev(c1, c2) == 2 {
		s += placeSpread
	}
	for _, c := range []Cell{c1, c2} {
		for _, o := range b.Workers[1-b.Side] {
			if o != NoCell && Adjacent(c, o) {
				s += placeContest
				break
			}
		}
	}
	return s
}

// placeAnswer is a player's answer during placement.
func placeAnswer(b *Board, rng *game.Rand) game.Answer {
	t, ties := Placement(b, rng)
	return game.Answer{Move: t.String(), Notes: &game.Notes{Text: fmt.Sprintf("placement: central cells, %d equally good pairs", ties)}}
}
