//go:build !js

package cli

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/santorini"
	"github.com/arena-games/arena/game/tournament"
	"github.com/arena-games/arena/net/sandbox"
)

// cmdGauntlet is a gauntlet of seat a against seat b from a fixed set of
// openings, each played twice with the colours swapped, reporting wins,
// draws and losses, an Elo difference with its 95% interval, forfeits, the
// slowest move of each side and its moves later than its time plus 20 ms
// (a game's first move apart: an engine's includes its start-up); with
// --sprt it stops as soon as a sequential probability ratio test decides.
var cmdGauntlet = &Command{
	Name: "match",
	Synopsis: []string{"--a SEAT --b SEAT [--games N] [--openings FILE] [--seed N] [--sprt ELO0,ELO1] [--alpha 0.05] [--beta 0.05] " +
		"[--concurrency N] [--grace 1s] [--out DIR] [--sandbox MODE]"},
	Short: "play a gauntlet from fixed openings, colours alternating; print W/D/L and the Elo difference",
	Long: `A gauntlet of seat A against seat B (any two Santorini seats: built-in
players such as competitive:300ms, or other engine programs as
engine:TIME:COMMAND, such as engine:300ms:./other-engine). The games start
from fixed openings, both placements made and P1 to move: Arena's own,
varied and none a mirror image of another, drawn from --seed, or the
positions of an --openings file (one HEIGHTS/SIDE/P1/P2 per line, #
comments), which may also be in the placement, so that the players place:
the empty board 0000000000000000000000000/1//, or P1's workers placed and
P2 to place, such as 0000000000000000000000000/2/C3,B2/. Each opening is
played twice, A as P1 and then B as P1. It prints
one line per game, then A's wins, draws and losses, the Elo difference A - B
with its 95% interval (Wilson), the forfeits, each side's slowest move (from
the question to the answer) and how many of its moves came later than its
time plus 20 ms (320 ms for 300; a game's first move is counted apart, as an
engine's includes the program's start-up), and the load average.

--sprt stops as soon as a sequential probability ratio test accepts ELO1 (A
is stronger by that much) or ELO0, with error rates --alpha and --beta;
--games is then the most it plays. Ctrl-C prints the summary of the games
finished. A built-in player forfeits a move later than its time plus --grace
(external engines: the protocol's 1 s). --out keeps every game's replay and
move file. Time-limited players need a free core each: run at most one game
per free core (--concurrency), on a quiet machine.`,
	Flags: func(fs *flag.FlagSet, e *Env) Run {
		var f gauntletFlags
		fs.StringVar(&f.a, "a", "", "the seat under test, such as competitive:300ms")
		fs.StringVar(&f.b, "b", "", "its opponent, such as engine:300ms:./other-engine")
		fs.IntVar(&f.games, "games", 100, "games to play (the most, with --sprt); each opening is played twice, colours swapped")
		fs.StringVar(&f.openings, "openings", "", "a file of start positions, one HEIGHTS/SIDE/P1/P2 per line (default: Arena's openings drawn from --seed)")
		fs.Int64Var(&f.seed, "seed", 1, "the seed Arena's openings are drawn from")
		fs.StringVar(&f.sprt, "sprt", "", "ELO0,ELO1: stop when a sequential test accepts elo0 (H0) or elo1 (H1) for a minus b, such as 0,30")
		fs.Float64Var(&f.alpha, "alpha", 0.05, "SPRT: the chance of accepting H1 when H0 holds")
		fs.Float64Var(&f.beta, "beta", 0.05, "SPRT: the chance of accepting H0 when H1 holds")
		fs.IntVar(&f.concurrency, "concurrency", 1, "games played at once (time-limited engines need a free core each)")
		fs.DurationVar(&f.grace, "grace", time.Second, "how late a built-in player's move may come beyond its time before it forfeits (external engines: the protocol's 1 s)")
		fs.StringVar(&f.out, "out", "", "a folder for each game's replay and move file, made when missing (default: none)")
		fs.Var(sandbox.Flag{}, "sandbox", sandbox.Usage)
		return func(ctx context.Context, pos []string) error {
			if len(pos) != 0 {
				return usagef("match takes flags only, got %q", pos)
			}
			g, err := newGauntlet(f)
			if err != nil {
				return err
			}
			return g.run(ctx, e.Stdout)
		}
	},
}

// gauntletFlags are the flags of `arena santorini match`.
type gauntletFlags struct {
	a, b        string
	games       int
	openings    string
	seed        int64
	sprt        string
	alpha, beta float64
	concurrency int
	grace       time.Duration
	out         string
}

// gauntlet is one `arena santorini match`.
type gauntlet struct {
	flags    gauntletFlags
	title    game.Title
	seats    [2]game.SeatSpec // a, b
	budgets  [2]time.Duration // a's and b's time per move; 0 for a depth
	openings []santorini.Board
	sprt     *tournament.SPRT
}

func newGauntlet(f gauntletFlags) (*gauntlet, error) {
	if f.a == "" || f.b == "" {
		return nil, usagef("--a and --b are required, such as --a competitive:300ms --b engine:300ms:./other-engine")
	}
	if f.games < 1 {
		return nil, usagef("--games %d: expected at least 1", f.games)
	}
	if f.concurrency < 1 {
		return nil, usagef("--concurrency %d: expected at least 1", f.concurrency)
	}
	t, err := game.Lookup("santorini")
	if err != nil {
		return nil, err
	}
	if f.out != "" {
		if err := os.MkdirAll(f.out, 0o755); err != nil {
			return nil, fmt.Errorf("--out %s: %w", f.out, err)
		}
	}
	g := &gauntlet{flags: f, title: t}
	for i, s := range []string{f.a, f.b} {
		specs, err := game.ParseSeats(t, s+",human")
		if err != nil {
			return nil, usagef("--%c %q: %v", 'a'+i, s, err)
		}
		if specs[0].Kind == "human" {
			return nil, usagef("--%c: a match needs computer players or engines, not a person", 'a'+i)
		}
		g.seats[i] = specs[0]
		g.budgets[i] = seatBudget(t, specs[0])
	}
	if f.sprt != "" {
		s, err := parseSPRT(f.sprt, f.alpha, f.beta)
		if err != nil {
			return nil, usageError{err}
		}
		g.sprt = s
	}
	if f.openings != "" {
		g.openings, err = readOpenings(f.openings)
		if err != nil {
			return nil, err
		}
	} else {
		g.openings = santorini.Openings((f.games+1)/2, f.seed)
	}
	return g, nil
}

// readOpenings reads a file of start positions, one peer position string
// per line, in the placement or in play; blank lines and lines starting with
// # are skipped.
func readOpenings(path string) ([]santorini.Board, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("openings: %w", err)
	}
	var out []santorini.Board
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		b, err := santorini.ParsePosition(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		if b.Phase == santorini.Over {
			return nil, fmt.Errorf("%s:%d: position %q is over (P%d won, %s): an opening is in the placement or in play", path, n, line, b.Winner, b.Reason)
		}
		out = append(out, b)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no positions", path)
	}
	return out, nil
}

// gameResult is one game of a gauntlet, from a's side.
type gameResult struct {
	index   int // 0-based
	opening int // 0-based
	aFirst  bool
	score   float64 // 1 a won, 0.5 draw, 0 b won
	reason  string
	turns   int
	forfeit int       // the seat (0 a, 1 b) that forfeited, or -1
	timing  [2]timing // a, b
	err     error
}

// timing is one side's answer times in one game or more.
type timing struct {
	first   time.Duration // the slowest first move of a game (an engine's includes its start-up)
	slowest time.Duration // the slowest of the other moves
	late    int           // other moves later than the time per move plus lateBy
	moves   int           // other moves
}

// lateBy is how much later than its time per move an answer counts as late:
// the engine protocol's 320 ms for 300 ms.
const lateBy = 20 * time.Millisecond

// add counts one answer time; first says it is the game's first of its
// side.
func (t *timing) add(d, budget time.Duration, first bool) {
	if first {
		t.first = max(t.first, d)
		return
	}
	t.slowest = max(t.slowest, d)
	t.moves++
	if budget > 0 && d > budget+lateBy {
		t.late++
	}
}

// merge adds the times of o.
func (t *timing) merge(o timing) {
	t.first, t.slowest = max(t.first, o.first), max(t.slowest, o.slowest)
	t.late, t.moves = t.late+o.late, t.moves+o.moves
}

// tally is the running result of a gauntlet, from a's side.
type tally struct {
	tournament.WDL
	forfeits [2]int
	timing   [2]timing
	turns    int
}

func (t *tally) add(r gameResult) {
	switch r.score {
	case 1:
		t.Wins++
	case 0:
		t.Losses++
	default:
		t.Draws++
	}
	if r.forfeit >= 0 {
		t.forfeits[r.forfeit]++
	}
	for i := range 2 {
		t.timing[i].merge(r.timing[i])
	}
	t.turns += r.turns
}

// run plays the games, printing one line per game and the summary.
func (g *gauntlet) run(ctx context.Context, stdout io.Writer) error {
	_, err := g.play(ctx, stdout)
	return err
}

// play plays the games, printing one line per game and the summary, and
// returns the tally. When ctx ends (an interrupt) it prints the summary of
// the games finished and returns ctx's error.
func (g *gauntlet) play(parent context.Context, stdout io.Writer) (*tally, error) {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	f := g.flags
	fmt.Fprintf(stdout, "match: A %s against B %s, up to %d games from %d openings, colours alternating%s\n",
		g.seats[0], g.seats[1], f.games, min(len(g.openings), (f.games+1)/2), loadNote())
	jobs := make(chan int)
	results := make(chan gameResult)
	var wg sync.WaitGroup
	for range f.concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				results <- g.game(ctx, i)
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := range f.games {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()

	t := &tally{}
	var firstErr error
	verdict := ""
	start := time.Now()
	for r := range results {
		if verdict != "" || firstErr != nil {
			continue // games still running when the test decided or a game failed
		}
		if r.err != nil {
			if parent.Err() == nil {
				firstErr = r.err
				cancel()
			}
			continue
		}
		t.add(r)
		first, second := "A", "B"
		if !r.aFirst {
			first, second = "B", "A"
		}
		winner := map[float64]string{1: "A wins", 0: "B wins", 0.5: "draw"}[r.score]
		fmt.Fprintf(stdout, "game %d (opening %d, P1 %s, P2 %s): %s by %s after %d turns; slowest move A %s, B %s; A %d-%d-%d B\n",
			r.index+1, r.opening+1, first, second, winner, r.reason, r.turns, msText(r.timing[0].slowest), msText(r.timing[1].slowest), t.Wins, t.Draws, t.Losses)
		if g.sprt != nil {
			if v := g.verdict(t.WDL); v != "" {
				verdict = v
				cancel()
			}
		}
	}
	if firstErr != nil {
		return nil, firstErr
	}
	if err := parent.Err(); err != nil {
		if t.Games() > 0 {
			fmt.Fprintf(stdout, "match: interrupted; the %s finished:\n", game.Count(t.Games(), "game"))
			g.summary(stdout, t, verdict, time.Since(start))
		}
		return t, err
	}
	g.summary(stdout, t, verdict, time.Since(start))
	return t, nil
}

// summary prints the result of the games played.
func (g *gauntlet) summary(w io.Writer, t *tally, verdict string, took time.Duration) {
	n := t.Games()
	s := t.Score()
	lo, hi := t.Interval()
	fmt.Fprintf(w, "result: A %s against B %s: %d games, A won %d, drew %d, lost %d (score %.1f%%) in %s%s\n",
		g.seats[0], g.seats[1], n, t.Wins, t.Draws, t.Losses, 100*s, took.Round(time.Second), loadNote())
	fmt.Fprintf(w, "elo: A - B = %s, 95%% interval %s to %s\n", eloText(s), eloText(lo), eloText(hi))
	a, b := t.timing[0], t.timing[1]
	fmt.Fprintf(w, "forfeits: A %d, B %d; slowest move: A %s, B %s (a game's first: A %s, B %s); %.1f play turns a game\n",
		t.forfeits[0], t.forfeits[1], msText(a.slowest), msText(b.slowest), msText(a.first), msText(b.first), float64(t.turns)/float64(n))
	fmt.Fprintf(w, "late: A %s, B %s\n", lateText(a, g.budgets[0]), lateText(b, g.budgets[1]))
	if g.sprt != nil {
		llr := g.sprt.LLR(t.WDL)
		lower, upper := g.sprt.Bounds()
		if verdict == "" {
			verdict = "no decision yet"
		}
		fmt.Fprintf(w, "sprt: elo0 %g, elo1 %g, alpha %g, beta %g: LLR %.2f (bounds %.2f, %.2f): %s\n",
			g.sprt.Elo0, g.sprt.Elo1, g.sprt.Alpha, g.sprt.Beta, llr, lower, upper, verdict)
	}
}

// game plays game i: opening i/2, with a as P1 in the even games.
func (g *gauntlet) game(ctx context.Context, i int) gameResult {
	r := gameResult{index: i, opening: (i / 2) % len(g.openings), aFirst: i%2 == 0, forfeit: -1}
	seats := []game.SeatSpec{g.seats[0], g.seats[1]}
	if !r.aFirst {
		seats[0], seats[1] = seats[1], seats[0]
	}
	st := game.Setup{Title: g.title, Seats: seats, Map: g.openings[r.opening].Position(), Limit: g.limit(seats)}
	if g.flags.out != "" {
		st.Out = filepath.Join(g.flags.out, fmt.Sprintf("game-%03d.arena", i+1))
	}
	m, closeFiles, err := st.Start()
	if err != nil {
		r.err = fmt.Errorf("game %d: %w", i+1, err)
		return r
	}
	var mu sync.Mutex
	for s := range m.Seats {
		side := s // the seat's side: 0 a, 1 b
		if !r.aFirst {
			side = 1 - s
		}
		answered := false
		m.Seats[s].Player = &timedSeat{Player: m.Seats[s].Player, took: func(d time.Duration) {
			mu.Lock()
			r.timing[side].add(d, g.budgets[side], !answered)
			answered = true
			mu.Unlock()
		}}
	}
	res, err := m.Run(ctx)
	if err := errors.Join(err, closeFiles()); err != nil {
		r.err = fmt.Errorf("game %d: %w", i+1, err)
		return r
	}
	aSeat := 1
	if !r.aFirst {
		aSeat = 2
	}
	switch res.Winner {
	case aSeat:
		r.score = 1
	case 0:
		r.score = 0.5
	}
	r.reason, r.turns = res.Reason, m.Timeline.Len()-1-placements(g.openings[r.opening].Phase)
	if res.Reason == santorini.ReasonForfeit {
		r.forfeit = 0 // the loser
		if r.score == 1 {
			r.forfeit = 1
		}
	}
	return r
}

// placements is how many placements a game from an opening in phase ph
// makes: its turns less these are its play turns.
func placements(ph santorini.Phase) int {
	switch ph {
	case santorini.Place1:
		return 2
	case santorini.Place2:
		return 1
	}
	return 0
}

// seatBudget is a seat's time per move, the TIME of competitive:TIME or
// engine:TIME:COMMAND, or 0 when its strength is not a time (a depth).
func seatBudget(t game.Title, s game.SeatSpec) time.Duration {
	if _, engine := game.FindConnector(t, s.Kind); !engine {
		i := slices.IndexFunc(t.Bots(), func(b game.Bot) bool { return b.Kind == s.Kind })
		if i < 0 || t.Bots()[i].Strength != "time" {
			return 0
		}
	}
	budget, _, _ := strings.Cut(s.Strength, ":")
	d, err := time.ParseDuration(budget)
	if ms, errMS := strconv.Atoi(budget); errMS == nil {
		d, err = time.Duration(ms)*time.Millisecond, nil
	}
	if err != nil {
		return 0
	}
	return d
}

// lateText says how many of a side's moves (a game's first apart) came
// later than budget plus lateBy.
func lateText(t timing, budget time.Duration) string {
	if budget == 0 {
		return "no time per move"
	}
	return fmt.Sprintf("%d of %d moves over %s", t.late, t.moves, msText(budget+lateBy))
}

// limit is the match's time limit for built-in players: the largest time
// per move among the seats' strengths, plus the grace; none when a built-in
// player's strength is not a time (a depth).
func (g *gauntlet) limit(seats []game.SeatSpec) time.Duration {
	var most time.Duration
	for _, s := range seats {
		if _, ok := game.FindConnector(g.title, s.Kind); ok {
			continue
		}
		d := seatBudget(g.title, s)
		if d == 0 {
			return 0
		}
		most = max(most, d)
	}
	if most == 0 {
		return 0
	}
	return most + g.flags.grace
}

// timedSeat reports how long each play turn of a player took, from the
// question to the answer; it closes the player it wraps (an engine process).
type timedSeat struct {
	game.Player
	took func(time.Duration)
}

// Play times the answer, a placement's as a move's.
func (p *timedSeat) Play(ctx context.Context, obs any) (game.Answer, error) {
	start := time.Now()
	a, err := p.Player.Play(ctx, obs)
	p.took(time.Since(start))
	return a, err
}

// Close ends the wrapped player when it holds resources.
func (p *timedSeat) Close() error {
	if c, ok := p.Player.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

// parseSPRT reads --sprt ELO0,ELO1 with --alpha and --beta.
func parseSPRT(s string, alpha, beta float64) (*tournament.SPRT, error) {
	e0, e1, ok := strings.Cut(s, ",")
	elo0, err0 := strconv.ParseFloat(strings.TrimSpace(e0), 64)
	elo1, err1 := strconv.ParseFloat(strings.TrimSpace(e1), 64)
	if !ok || err0 != nil || err1 != nil || elo1 <= elo0 {
		return nil, fmt.Errorf("--sprt %q: expected ELO0,ELO1 with ELO0 < ELO1, such as 0,30", s)
	}
	if alpha <= 0 || alpha >= 0.5 || beta <= 0 || beta >= 0.5 {
		return nil, fmt.Errorf("--alpha %g, --beta %g: expected chances between 0 and 0.5", alpha, beta)
	}
	return &tournament.SPRT{Elo0: elo0, Elo1: elo1, Alpha: alpha, Beta: beta}, nil
}

// verdict is what the gauntlet's sequential test has decided after the
// games of r: "H1 accepted ...", "H0 accepted ..." or "" while undecided.
func (g *gauntlet) verdict(r tournament.WDL) string {
	switch g.sprt.Decide(r) {
	case tournament.AcceptH1:
		return fmt.Sprintf("H1 accepted (A is stronger by about %g Elo or more)", g.sprt.Elo1)
	case tournament.AcceptH0:
		return fmt.Sprintf("H0 accepted (A is not stronger by %g Elo)", g.sprt.Elo1)
	}
	return ""
}

// eloText writes the Elo difference of a score: +inf and -inf at the ends.
func eloText(s float64) string {
	switch {
	case s >= 1:
		return "+inf"
	case s <= 0:
		return "-inf"
	}
	return fmt.Sprintf("%+.0f", tournament.ScoreElo(s))
}

func msText(d time.Duration) string {
	return strconv.FormatFloat(float64(d.Microseconds())/1000, 'f', 1, 64) + " ms"
}

// loadNote is the machine's load average, where the system tells it
// (Linux): time-limited matches depend on a free core.
func loadNote() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return ""
	}
	return fmt.Sprintf(" (load average %s %s %s)", f[0], f[1], f[2])
}
