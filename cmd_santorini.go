package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/santorini"
	"github.com/arena-games/arena/net/sandbox"
)

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

// cmdSantoriniMatch is `arena santorini match`: a gauntlet of seat a against
// seat b from a fixed set of openings, each played twice with the colours
// swapped, reporting wins, draws and losses, an Elo difference with its 95%
// interval, forfeits, the slowest move of each side and its moves later than
// its time plus 20 ms (a game's first move apart: an engine's includes its
// start-up); with --sprt it stops
// as soon as a sequential probability ratio test decides.
func cmdSantoriniMatch(args []string, stdout, stderr io.Writer) error {
	fs := flags("santorini match", stderr)
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
	fs.StringVar(&f.out, "out", "", "a folder for each game's replay and move file (default: none)")
	fs.Var(sandbox.Flag{}, "sandbox", sandbox.Usage)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("match takes flags only, got %q", pos)
	}
	g, err := newGauntlet(f)
	if err != nil {
		return err
	}
	return g.run(interrupted, stdout)
}

// gauntlet is one `arena santorini match`.
type gauntlet struct {
	flags    gauntletFlags
	title    game.Title
	seats    [2]game.SeatSpec // a, b
	budgets  [2]time.Duration // a's and b's time per move; 0 for a depth
	openings []santorini.Board
	sprt     *sprt
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
// per line; blank lines and lines starting with # are skipped.
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
		if b.Phase != santorini.Play {
			return nil, fmt.Errorf("%s:%d: position %q is not in play (phase %s): openings start after the placement", path, n, line, b.Phase)
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

// tally is the running result of a gauntlet.
type tally struct {
	wins, draws, losses int
	forfeits            [2]int
	timing              [2]timing
	turns               int
}

func (t *tally) add(r gameResult) {
	switch r.score {
	case 1:
		t.wins++
	case 0:
		t.losses++
	default:
		t.draws++
	}
	if r.forfeit >= 0 {
		t.forfeits[r.forfeit]++
	}
	for i := range 2 {
		t.timing[i].merge(r.timing[i])
	}
	t.turns += r.turns
}

func (t *tally) games() int { return t.wins + t.draws + t.losses }

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
			r.index+1, r.opening+1, first, second, winner, r.reason, r.turns, msText(r.timing[0].slowest), msText(r.timing[1].slowest), t.wins, t.draws, t.losses)
		if g.sprt != nil {
			if v := g.sprt.verdict(t.wins, t.draws, t.losses); v != "" {
				verdict = v
				cancel()
			}
		}
	}
	if firstErr != nil {
		return nil, firstErr
	}
	if err := parent.Err(); err != nil {
		if t.games() > 0 {
			fmt.Fprintf(stdout, "match: interrupted; the %s finished:\n", game.Count(t.games(), "game"))
			g.summary(stdout, t, verdict, time.Since(start))
		}
		return t, err
	}
	g.summary(stdout, t, verdict, time.Since(start))
	return t, nil
}

// summary prints the result of the games played.
func (g *gauntlet) summary(w io.Writer, t *tally, verdict string, took time.Duration) {
	n := t.games()
	s := (float64(t.wins) + float64(t.draws)/2) / float64(n)
	lo, hi := wilson(s, n)
	fmt.Fprintf(w, "result: A %s against B %s: %d games, A won %d, drew %d, lost %d (score %.1f%%) in %s%s\n",
		g.seats[0], g.seats[1], n, t.wins, t.draws, t.losses, 100*s, took.Round(time.Second), loadNote())
	fmt.Fprintf(w, "elo: A - B = %s, 95%% interval %s to %s\n", eloText(s), eloText(lo), eloText(hi))
	a, b := t.timing[0], t.timing[1]
	fmt.Fprintf(w, "forfeits: A %d, B %d; slowest move: A %s, B %s (a game's first: A %s, B %s); %.1f play turns a game\n",
		t.forfeits[0], t.forfeits[1], msText(a.slowest), msText(b.slowest), msText(a.first), msText(b.first), float64(t.turns)/float64(n))
	fmt.Fprintf(w, "late: A %s, B %s\n", lateText(a, g.budgets[0]), lateText(b, g.budgets[1]))
	if g.sprt != nil {
		llr := g.sprt.llr(t.wins, t.draws, t.losses)
		if verdict == "" {
			verdict = "no decision yet"
		}
		fmt.Fprintf(w, "sprt: elo0 %g, elo1 %g, alpha %g, beta %g: LLR %.2f (bounds %.2f, %.2f): %s\n",
			g.sprt.elo0, g.sprt.elo1, g.sprt.alpha, g.sprt.beta, llr, g.sprt.lower, g.sprt.upper, verdict)
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
	r.reason, r.turns = res.Reason, m.Timeline.Len()-1
	if res.Reason == santorini.ReasonForfeit {
		r.forfeit = 0 // the loser
		if r.score == 1 {
			r.forfeit = 1
		}
	}
	return r
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

// Play times the answer to a play position; placements are not timed.
func (p *timedSeat) Play(ctx context.Context, obs any) (game.Answer, error) {
	start := time.Now()
	a, err := p.Player.Play(ctx, obs)
	if b, ok := obs.(*santorini.Board); ok && b.Phase == santorini.Play {
		p.took(time.Since(start))
	}
	return a, err
}

// Close ends the wrapped player when it holds resources.
func (p *timedSeat) Close() error {
	if c, ok := p.Player.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

// sprt is a sequential probability ratio test of elo0 against elo1 (the
// logistic Elo difference of a minus b), in the normal approximation of the
// game scores (the generalised SPRT of chess engine testing).
type sprt struct {
	elo0, elo1   float64
	alpha, beta  float64
	lower, upper float64 // the bounds of the log-likelihood ratio
}

func parseSPRT(s string, alpha, beta float64) (*sprt, error) {
	e0, e1, ok := strings.Cut(s, ",")
	elo0, err0 := strconv.ParseFloat(strings.TrimSpace(e0), 64)
	elo1, err1 := strconv.ParseFloat(strings.TrimSpace(e1), 64)
	if !ok || err0 != nil || err1 != nil || elo1 <= elo0 {
		return nil, fmt.Errorf("--sprt %q: expected ELO0,ELO1 with ELO0 < ELO1, such as 0,30", s)
	}
	if alpha <= 0 || alpha >= 0.5 || beta <= 0 || beta >= 0.5 {
		return nil, fmt.Errorf("--alpha %g, --beta %g: expected chances between 0 and 0.5", alpha, beta)
	}
	return &sprt{elo0: elo0, elo1: elo1, alpha: alpha, beta: beta,
		lower: math.Log(beta / (1 - alpha)), upper: math.Log((1 - beta) / alpha)}, nil
}

// llr is the log-likelihood ratio of H1 to H0 after the games. The variance
// of a game's score is estimated with one more win and one more loss than
// played, so that a short run of wins alone does not decide at once.
func (s *sprt) llr(w, d, l int) float64 {
	n := float64(w + d + l)
	if n == 0 {
		return 0
	}
	mean := (float64(w) + float64(d)/2) / n
	vw, vl := float64(w)+1, float64(l)+1
	vn := vw + float64(d) + vl
	vm := (vw + float64(d)/2) / vn
	variance := (vw*(1-vm)*(1-vm) + float64(d)*(0.5-vm)*(0.5-vm) + vl*vm*vm) / vn
	s0, s1 := eloScore(s.elo0), eloScore(s.elo1)
	return n * (s1 - s0) * (2*mean - s0 - s1) / (2 * variance)
}

// verdict is "H1 accepted ...", "H0 accepted ..." or "" while undecided.
func (s *sprt) verdict(w, d, l int) string {
	switch llr := s.llr(w, d, l); {
	case llr >= s.upper:
		return fmt.Sprintf("H1 accepted (A is stronger by about %g Elo or more)", s.elo1)
	case llr <= s.lower:
		return fmt.Sprintf("H0 accepted (A is not stronger by %g Elo)", s.elo1)
	}
	return ""
}

// eloScore is the expected score of an Elo difference.
func eloScore(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// eloOf is the Elo difference of a score, within ±1200.
func eloOf(s float64) float64 {
	s = min(max(s, 0.001), 0.999)
	return -400*math.Log10(1/s-1) + 0 // + 0: no negative zero
}

// eloText writes the Elo difference of a score: +inf and -inf at the ends.
func eloText(s float64) string {
	switch {
	case s >= 1:
		return "+inf"
	case s <= 0:
		return "-inf"
	}
	return fmt.Sprintf("%+.0f", eloOf(s))
}

// wilson is the 95% Wilson score interval of a score s over n games.
func wilson(s float64, n int) (lo, hi float64) {
	const z = 1.959964
	nf := float64(n)
	c := s + z*z/(2*nf)
	r := z * math.Sqrt(s*(1-s)/nf+z*z/(4*nf*nf))
	d := 1 + z*z/nf
	return max(0, (c-r)/d), min(1, (c+r)/d)
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

// cmdSantoriniTrain is `arena santorini train`: self-play data (or a saved
// data set), then the network's training, then its quantised weights file.
func cmdSantoriniTrain(args []string, stdout, stderr io.Writer) error {
	fs := flags("santorini train", stderr)
	var dc santorini.DataConfig
	tc := santorini.TrainConfig{Log: stdout}
	fs.Int64Var(&dc.Seed, "seed", 1, "the seed of the self-play openings and of the training")
	fs.IntVar(&dc.Positions, "positions", 1_000_000, "self-play positions to generate")
	fs.IntVar(&dc.Nodes, "nodes", 5000, "search nodes per self-play turn")
	fs.StringVar(&dc.Teacher, "teacher", "classic", "the evaluation self-play searches with: classic (hand-made) or net (the embedded network)")
	fs.IntVar(&dc.Threads, "threads", 2, "games played at once, and training threads")
	data := fs.String("data", "", "a data set file: read when it exists, else generated and written there; or several, comma-separated, to read")
	fs.IntVar(&tc.Hidden, "hidden", 128, "hidden units per view")
	fs.IntVar(&tc.Epochs, "epochs", 20, "passes over the training positions")
	fs.IntVar(&tc.Batch, "batch", 4096, "positions per gradient step")
	fs.Float64Var(&tc.Rate, "rate", 0.001, "Adam's learning rate at the start")
	fs.Float64Var(&tc.Lambda, "lambda", 0.5, "the weight of the search's score in the target (the game's result has the rest)")
	out := fs.String("out", "nnue.bin", "the weights file to write (game/santorini/nnue.bin is the one Arena embeds)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("train takes flags only, got %q", pos)
	}
	tc.Seed, tc.Threads = dc.Seed, dc.Threads
	start := time.Now()
	ds, err := trainingData(dc, *data, stdout)
	if err != nil {
		return err
	}
	generated := time.Since(start)
	weights, rep, err := santorini.TrainNetwork(ds, tc)
	if err != nil {
		return err
	}
	if err := game.WriteFileAtomic(*out, func(w io.Writer) error {
		_, err := w.Write(weights)
		return err
	}); err != nil {
		return fmt.Errorf("train: %w", err)
	}
	fmt.Fprintf(stdout, "data: %d positions from %d games in %s; training: %d positions (%d held out) in %s\n",
		ds.Len(), ds.Games(), generated.Round(time.Second), rep.Train, rep.Valid, (time.Since(start) - generated).Round(time.Second))
	fmt.Fprintf(stdout, "validation loss against the results: network %.5f, quantised %.5f, hand-made evaluation %.5f, self-play searches %.5f (scale %.0f)\n",
		rep.ValidLoss, rep.QuantisedLoss, rep.ClassicLoss, rep.TeacherLoss, rep.Scale)
	fmt.Fprintf(stdout, "wrote %s (%d bytes)\n", *out, len(weights))
	return nil
}

// trainingData reads the data set at path (several, comma-separated, are
// read one after the other), or generates one by self-play when path is
// one file that does not exist yet or empty (and writes it to path).
func trainingData(dc santorini.DataConfig, path string, stdout io.Writer) (*santorini.DataSet, error) {
	if paths := strings.Split(path, ","); len(paths) > 1 {
		all := &santorini.DataSet{}
		for _, p := range paths {
			ds, err := readDataSet(p, stdout)
			if err != nil {
				return nil, err
			}
			all.Append(ds)
		}
		return all, nil
	}
	if path != "" {
		ds, err := readDataSet(path, stdout)
		if !errors.Is(err, os.ErrNotExist) {
			return ds, err
		}
	}
	start := time.Now()
	dc.Progress = func(games, positions int) {
		fmt.Fprintf(stdout, "self-play: %d games, %d positions, %s\n", games, positions, time.Since(start).Round(time.Second))
	}
	ds, err := santorini.GenerateData(interrupted, dc)
	if err != nil {
		return nil, err
	}
	if path != "" {
		if err := game.WriteFileAtomic(path, func(w io.Writer) error {
			_, err := ds.WriteTo(w)
			return err
		}); err != nil {
			return nil, fmt.Errorf("data: %w", err)
		}
		fmt.Fprintf(stdout, "data: wrote %d positions of %d games to %s\n", ds.Len(), ds.Games(), path)
	}
	return ds, nil
}

// readDataSet reads one data set file; the error wraps os.ErrNotExist when
// there is none.
func readDataSet(path string, stdout io.Writer) (*santorini.DataSet, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("data: %w", err)
	}
	defer f.Close()
	ds, err := santorini.ReadDataSet(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	fmt.Fprintf(stdout, "data: read %d positions of %d games from %s\n", ds.Len(), ds.Games(), path)
	return ds, nil
}
