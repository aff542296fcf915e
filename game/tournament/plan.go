package tournament

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"slices"
	"time"
)

// Entrant markers, where a seat or a bracket slot holds no entrant of the
// spec.
const (
	House = -1 // the house player: fills seats, never in the standings
	TBD   = -2 // not known yet: the result it waits for is still to come
	Bye   = -3 // nobody: the other side goes through without playing
)

// Match is one game of the tournament, known once the results it depends
// on are. Its ID is stable: the same format and results give the same IDs.
type Match struct {
	ID     string `json:"id"`
	Stage  int    `json:"stage"`  // index in Plan.Stages
	Round  int    `json:"round"`  // 1-based, within the stage
	Series string `json:"series"` // the ID of the pairing it belongs to
	Game   int    `json:"game"`   // 1-based, within the series; after Games: deciders
	// Entrants plays each seat: an entrant's index, or House.
	Entrants []int  `json:"entrants"`
	Seed     int64  `json:"seed"`
	Map      string `json:"map,omitempty"`
	// Period is the Glicko-2 rating period: one per round of a stage.
	Period int `json:"period"`
}

// Result is how one match ended, as the runner records it.
type Result struct {
	ID      string `json:"id"`
	Winner  int    `json:"winner"`  // the winning seat (1-based); 0: a draw or no winner
	Ranking []int  `json:"ranking"` // seats, best first
	Reason  string `json:"reason"`
	Turns   int    `json:"turns"`
	// Worker names who played it, Began when it began (by the worker's
	// clock), Seconds how long it took, Finished when its result was
	// recorded (by the runner's).
	Worker   string    `json:"worker,omitempty"`
	Began    time.Time `json:"began,omitzero"`
	Seconds  float64   `json:"seconds,omitempty"`
	Finished time.Time `json:"finished,omitzero"`
	// Files are the match's files in the tournament's folder: the replay
	// first, then the move file and the bots' logs.
	Files []string `json:"files,omitempty"`
	// Error says why a match could not be played; such a result stops the
	// tournament and is not kept.
	Error string `json:"error,omitempty"`
}

// Series is a pairing (or a group, in games of more seats) that plays its
// games together: a table's pairing or a bracket's tie.
type Series struct {
	ID string `json:"id"`
	// Entrants are the sides in seed order: entrants' indexes, House, TBD
	// or Bye.
	Entrants []int     `json:"entrants"`
	Score    []float64 `json:"score,omitempty"`
	// Winner is the side that goes on, TBD until known; Bye when no side
	// plays.
	Winner   int      `json:"winner"`
	Matches  []string `json:"matches,omitempty"`
	Done     bool     `json:"done"`
	Walkover bool     `json:"walkover,omitempty"`
}

// Round is one round of a stage.
type Round struct {
	Name string `json:"name"`
	// Side places a round in a double elimination: "winners", "losers",
	// "final"; "third" for a playoff for third.
	Side   string   `json:"side,omitempty"`
	Series []Series `json:"series"`
}

// The kinds of stage.
const (
	KindTable   = "table"   // everyone in it is ranked by points: round robins, Swiss, pools
	KindBracket = "bracket" // ties decide who goes on
)

// Stage is one part of a tournament: a table or a bracket.
type Stage struct {
	Name string `json:"name"`
	Kind string `json:"kind"`
	// Table ranks a table stage's entrants by its own games, best first.
	Table []Row `json:"table,omitempty"`
	// Advance is how many of a table go on to the next stage.
	Advance int     `json:"advance,omitempty"`
	Rounds  []Round `json:"rounds,omitempty"`
}

// Plan is a tournament as far as its results decide it.
type Plan struct {
	Matches []Match
	Stages  []Stage
	// Done says every match is known and played: the placings are final.
	Done bool
	// Estimate is how many matches the tournament will have played when it
	// is done: those known, plus those of pairings not yet known.
	Estimate int
	// Order is the placing of every entrant, best first: final when Done.
	Order []Placing

	byes []bye
}

// Placing is an entrant's place; entrants that share a place are tied.
type Placing struct {
	Entrant int
	Place   int
}

// planner builds a plan from the results.
type planner struct {
	f       *Format
	results map[string]Result
	plan    Plan
	period  int
	byID    map[string]bool
	// finals collects, stage by stage, each stage's ranking of its
	// entrants (see place).
	finals [][]tiered
}

// tiered is an entrant's rank within a stage: equal tiers share a place.
type tiered struct{ entrant, tier int }

// Plan builds the tournament's plan from the results so far, by match ID
// (nil: none yet). Results of IDs the plan does not have are ignored.
func (f *Format) Plan(results map[string]Result) (*Plan, error) {
	p := &planner{f: f, results: results, byID: map[string]bool{}}
	var err error
	field := p.seeded(all(f.Entrants))
	switch f.System {
	case RoundRobin, DoubleRoundRobin:
		cycles := 1
		if f.System == DoubleRoundRobin {
			cycles = 2
		}
		chain := chainRoundRobin
		if f.Seats > 2 {
			chain = chainGroups
		}
		_, p.plan.Done, err = p.roundRobinStage("Round robin", "rr", field, cycles, chain)
	case Swiss:
		err = p.swiss(field)
	case SingleElimination:
		if f.Seats == 2 {
			_, p.plan.Done = p.knockout("Knock-out", "ko", field, f.ThirdPlace)
		} else {
			_, p.plan.Done, err = p.heats("Knock-out", "ko", field, false)
		}
	case DoubleElimination:
		_, p.plan.Done = p.doubleElimination(field)
	case AIBG5:
		_, p.plan.Done, err = p.heats("AIBG 5.0", "ko", field, true)
	case GuardAIns:
		err = p.guardains()
	case AlienWarz:
		p.alienwarz()
	default:
		err = fieldErr("format", "%q is not a format", f.System)
	}
	if err != nil {
		return nil, err
	}
	p.place()
	return &p.plan, nil
}

// all is the entrants 0..n-1.
func all(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// seeded is the entrants in the order of the draw: as given, or shuffled
// with the tournament's seed.
func (p *planner) seeded(ents []int) []int { return p.drawn(ents, "draw") }

// drawn shuffles ents for a random draw, with a stream of the seed of its
// own (what), so every draw of the tournament is its own.
func (p *planner) drawn(ents []int, what string) []int {
	out := slices.Clone(ents)
	if p.f.Draw != DrawRandom {
		return out
	}
	h := mix(p.f.Seed, what)
	for i := len(out) - 1; i > 0; i-- {
		h = h*6364136223846793005 + 1442695040888963407
		j := int((h >> 33) % uint64(i+1))
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// mix hashes the tournament's seed with a name into 64 bits.
func mix(seed int64, name string) uint64 {
	h := fnv.New64a()
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], uint64(seed))
	h.Write(b[:])
	h.Write([]byte(name))
	return h.Sum64()
}

// nextPeriod starts a new rating period: call it once per round.
func (p *planner) nextPeriod() int {
	p.period++
	return p.period
}

// stage adds a stage and returns its index.
func (p *planner) stage(s Stage) int {
	p.plan.Stages = append(p.plan.Stages, s)
	p.finals = append(p.finals, nil)
	return len(p.plan.Stages) - 1
}

// seriesPlan says how a series is played.
type seriesPlan struct {
	stage, round, period int
	id                   string // the series' ID; its games are ID-gN
	// dealKey names the deals (seed and map) the games are played on:
	// pairings with the same key play the same deals.
	dealKey string
	// decide plays deciding games while the top is level; a level series
	// then goes to the better seed (the first side).
	decide bool
}

// series plays one pairing: Games games with the seats rotating, then, if
// it must be decided and the top is level, deciders one at a time. Sides
// that are TBD make it wait; a Bye side gives a walkover.
func (p *planner) series(sp seriesPlan, sides []int) Series {
	s := Series{ID: sp.id, Entrants: sides, Winner: TBD}
	present := 0
	for _, e := range sides {
		switch e {
		case TBD:
			p.plan.Estimate += p.f.Games
			return s
		case Bye:
		default:
			present++
		}
	}
	if present <= 1 || (len(sides) == 2 && slices.Contains(sides, Bye)) {
		s.Done, s.Walkover, s.Winner = true, true, Bye
		for _, e := range sides {
			if e != Bye {
				s.Winner = e
			}
		}
		return s
	}
	s.Score = make([]float64, len(sides))
	played := func(g int) bool {
		m := p.match(sp, sides, g)
		s.Matches = append(s.Matches, m.ID)
		r, ok := p.results[m.ID]
		if !ok {
			return false
		}
		pts, _ := p.f.score(&r, len(sides))
		for seat, e := range m.Entrants {
			s.Score[slices.Index(sides, e)] += pts[seat]
		}
		return true
	}
	done := true
	for g := 1; g <= p.f.Games; g++ {
		done = played(g) && done
	}
	if !done {
		return s
	}
	if !sp.decide {
		s.Done = true
		return s
	}
	for d := 1; d <= p.f.Deciders && p.level(s); d++ {
		if !played(p.f.Games + d) {
			return s
		}
	}
	s.Done, s.Winner = true, p.top(s)
	return s
}

// level reports whether the best two sides that may go on (not the house)
// have the same score.
func (p *planner) level(s Series) bool {
	best, n := -1.0, 0
	for i, e := range s.Entrants {
		if e < 0 {
			continue
		}
		switch {
		case s.Score[i] > best:
			best, n = s.Score[i], 1
		case s.Score[i] == best:
			n++
		}
	}
	return n > 1
}

// top is the side that goes on: the best score, the better seed (the
// earlier side) among equals; never the house.
func (p *planner) top(s Series) int {
	best := -1
	for i, e := range s.Entrants {
		if e >= 0 && (best < 0 || s.Score[i] > s.Score[best]) {
			best = i
		}
	}
	return s.Entrants[best]
}

// finish ranks a series' sides by score, the seed order breaking ties.
func finish(s Series) []int {
	order := slices.Clone(s.Entrants)
	if s.Score == nil {
		return order
	}
	idx := all(len(order))
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case s.Score[a] > s.Score[b]:
			return -1
		case s.Score[a] < s.Score[b]:
			return 1
		}
		return 0
	})
	for i, j := range idx {
		order[i] = s.Entrants[j]
	}
	return order
}

// match adds game g of a series to the plan (once) and returns it: the
// seats rotate by one each game; the games of one rotation are one deal
// and share its seed and map.
func (p *planner) match(sp seriesPlan, sides []int, g int) Match {
	k := len(sides)
	seats := make([]int, k)
	for i := range seats {
		seats[i] = sides[(i+g-1)%k]
	}
	deal := (g - 1) / k
	m := Match{ID: fmt.Sprintf("%s-g%d", sp.id, g), Stage: sp.stage, Round: sp.round, Series: sp.id, Game: g,
		Entrants: seats, Period: sp.period}
	m.Seed = int64(mix(p.f.Seed, fmt.Sprintf("%s/deal%d", sp.dealKey, deal)) >> 33)
	if len(p.f.Seeds) > 0 {
		m.Seed = p.f.Seeds[deal%len(p.f.Seeds)]
	}
	if len(p.f.Maps) > 0 {
		m.Map = p.f.Maps[deal%len(p.f.Maps)]
	}
	if !p.byID[m.ID] {
		p.byID[m.ID] = true
		p.plan.Matches = append(p.plan.Matches, m)
		p.plan.Estimate++
	}
	return m
}

// place sets the plan's order: the entrants of the last stage first, by
// that stage's ranking, then those who went no further than the stage
// before, and so on. Equal tiers in one stage share a place. Done is set
// when every stage is done.
func (p *planner) place() {
	seen := make([]bool, p.f.Entrants)
	type ranked struct{ entrant, stage, tier int }
	var order []ranked
	for st := len(p.finals) - 1; st >= 0; st-- {
		for _, t := range p.finals[st] {
			if t.entrant >= 0 && !seen[t.entrant] {
				seen[t.entrant] = true
				order = append(order, ranked{t.entrant, st, t.tier})
			}
		}
	}
	for e, ok := range seen {
		if !ok {
			order = append(order, ranked{e, -1, e})
		}
	}
	p.plan.Order = make([]Placing, len(order))
	for i, r := range order {
		place := i + 1
		if i > 0 && order[i-1].stage == r.stage && order[i-1].tier == r.tier {
			place = p.plan.Order[i-1].Place
		}
		p.plan.Order[i] = Placing{r.entrant, place}
	}
}

// pending reports whether any series of the rounds is not done.
func pending(rounds []Round) bool {
	for _, r := range rounds {
		for _, s := range r.Series {
			if !s.Done {
				return true
			}
		}
	}
	return false
}
