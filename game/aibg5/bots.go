package aibg5

import (
	"context"
	"fmt"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/hex"
)

// Bots lists the computer players, weakest first. None has a strength.
func (Title) Bots() []game.Bot {
	return []game.Bot{
		{Kind: "training", About: "the original server's training bot: shoots the nearest ship in range, else steps toward it"},
		{Kind: "greedy", About: "heads for the boss dodging its telegraphed pattern, and shoots the boss, ships and asteroids in its way"},
		{Kind: "tactical", About: "reads the boss's cycle, levels up early, picks fights it wins, heals, uses wormholes"},
	}
}

// NewBot makes a computer player of the given kind for seat. The players
// are deterministic; rng (may be nil) picks their action on the rare turns
// they have no plan for.
func (Title) NewBot(kind, strength string, seat game.Seat, rng *game.Rand) (game.Player, error) {
	if strength != "" {
		return nil, fmt.Errorf("aibg5 %s: takes no strength (got %q)", kind, strength)
	}
	if seat < 0 || seat > 3 {
		return nil, fmt.Errorf("aibg5 %s: seat %d: a game has seats 1 to 4", kind, seat.Number())
	}
	if rng == nil {
		rng = game.NewRand(int64(seat), 1)
	}
	b := bot{idx: int(seat) + 1, rng: rng}
	switch kind {
	case "training":
		return &trainingBot{bot: b}, nil
	case "greedy":
		return &greedyBot{bot: b}, nil
	case "tactical":
		return &tacticalBot{bot: b}, nil
	}
	return nil, fmt.Errorf("aibg5: unknown computer player %q (known: training, greedy, tactical)", kind)
}

// bot is what the built-in players share: the player they play, their
// randomness and a planner.
type bot struct {
	idx int
	rng *game.Rand
	pl  planner
}

// observe checks that obs is a state where this bot is to act.
func (b *bot) observe(obs any) (*State, error) {
	s, ok := obs.(*State)
	if !ok {
		return nil, fmt.Errorf("aibg5 player: observation is %T, not a *aibg5.State", obs)
	}
	if s.ToMove != b.idx {
		return nil, fmt.Errorf("aibg5 player P%d: P%d is to act", b.idx, s.ToMove)
	}
	return s, nil
}

// play is the Play of every built-in player: the choice of choose.
func (b *bot) play(ctx context.Context, obs any, choose func(*State) (string, string)) (game.Answer, error) {
	if err := ctx.Err(); err != nil {
		return game.Answer{}, err
	}
	s, err := b.observe(obs)
	if err != nil {
		return game.Answer{}, err
	}
	move, why := choose(s)
	var notes *game.Notes
	if why != "" {
		notes = &game.Notes{Text: why}
	}
	return game.Answer{Move: move, Notes: notes}, nil
}

// anyLegal is a legal action chosen by rng, for when a bot has no plan;
// a move to the first neighbour on the map when there is none.
func (b *bot) anyLegal(s *State) string {
	if legal := s.Legal(b.idx); len(legal) > 0 {
		return legal[b.rng.IntN(len(legal))]
	}
	for _, n := range s.Player(b.idx).Pos.Neighbours() {
		if OnMap(n) {
			return Move(n)
		}
	}
	return Move(s.Player(b.idx).Pos)
}

// bossShot is a boss cell that a shot from cell from hits (the boss
// absorbs it), the nearest first.
func bossShot(s *State, from hex.Hex) (hex.Hex, bool) {
	i, ok := index(from)
	if !ok {
		return hex.Hex{}, false
	}
	for _, c := range bossInReach[i] {
		if t, _ := s.TileAt(s.AttackStop(from, c)); t.Kind == Boss {
			return c, true
		}
	}
	return hex.Hex{}, false
}

// clearShot reports whether a shot from from at the player on to hits
// that player.
func clearShot(s *State, from, to hex.Hex) bool {
	return hex.Distance(from, to) <= AttackRange && s.AttackStop(from, to) == to
}

// danger marks the cells the boss's pattern hits at the next boss turn.
func danger(s *State) *[CellCount]bool {
	var out [CellCount]bool
	for _, h := range s.Boss.Next {
		if i, ok := index(h); ok {
			out[i] = true
		}
	}
	return &out
}

// step is the action that takes the first step of the planner's path to
// cell goal: a move, or a shot at the asteroid in the way.
func (b *bot) step(s *State, goal int) (string, bool) {
	first := b.pl.first[goal]
	if b.pl.dist[goal] == unreached || first < 0 {
		return "", false
	}
	if s.Tiles[first].Kind == Asteroid {
		return Attack(cells[first]), true
	}
	return Move(cells[first]), true
}

// greedyGoal is the cell a greedy player idx at cell start heads for: the
// cheapest to reach of the cells from which a shot reaches the boss, with
// asteroids shot through, black holes costing 8 and the cells of the
// coming pattern (hot, may be nil) 20 as the first step.
func (pl *planner) greedyGoal(s *State, idx, start int, hot *[CellCount]bool) int {
	pl.prices(s, idx, s.Players[idx-1].Power, 8)
	var spots [CellCount]bool
	for i, c := range cells {
		if hot != nil && hot[i] {
			pl.extra[i] = 20
		}
		if len(bossInReach[i]) > 0 && Zone(c) == 1 {
			_, spots[i] = bossShot(s, c)
		}
	}
	return pl.search(s, start, &spots)
}

// trainingBot is the original server's training opponent (§6): the nearest
// other ship by hex distance (ties to the lowest playerIdx) is shot when in
// range, else approached by the shortest path.
type trainingBot struct{ bot }

// Play chooses the training bot's action.
func (b *trainingBot) Play(ctx context.Context, obs any) (game.Answer, error) {
	return b.play(ctx, obs, b.choose)
}

func (b *trainingBot) choose(s *State) (string, string) {
	me := s.Player(b.idx)
	target, best := 0, unreached
	for i := range s.Players {
		p := &s.Players[i]
		if p.Removed || p.Idx == b.idx {
			continue
		}
		if d := hex.Distance(me.Pos, p.Pos); d < best {
			target, best = p.Idx, d
		}
	}
	if target == 0 {
		return b.anyLegal(s), ""
	}
	goal := s.Player(target).Pos
	if best <= AttackRange {
		return Attack(goal), ""
	}
	b.pl.prices(s, b.idx, me.Power, 1)
	b.pl.search(s, indexOf(me.Pos), nil)
	near, nearDist := -1, int32(unreached)
	for _, n := range neighbours[indexOf(goal)] {
		if n >= 0 && b.pl.dist[n] < nearDist {
			near, nearDist = int(n), b.pl.dist[n]
		}
	}
	if near >= 0 {
		if step, ok := b.step(s, near); ok {
			return step, ""
		}
	}
	return b.anyLegal(s), ""
}

// indexOf is the index of a cell known to be on the map.
func indexOf(h hex.Hex) int {
	i, _ := index(h)
	return i
}

// greedyBot heads for the boss and shoots what is in range.
type greedyBot struct{ bot }

// Play chooses the greedy bot's action: shoot the boss when a shot reaches
// it; else shoot the weakest ship in clear range (unless standing where the
// boss's next pattern falls); else take the cheapest path to a cell from
// which the boss can be shot, shooting the asteroids in the way and not
// stepping onto the cells of the boss's next pattern.
func (b *greedyBot) Play(ctx context.Context, obs any) (game.Answer, error) {
	return b.play(ctx, obs, b.choose)
}

func (b *greedyBot) choose(s *State) (string, string) {
	me := s.Player(b.idx)
	if c, ok := bossShot(s, me.Pos); ok {
		return Attack(c), "shoot the boss"
	}
	hot := danger(s)
	start, _ := index(me.Pos)
	if !hot[start] {
		victim := 0
		for i := range s.Players {
			p := &s.Players[i]
			if p.Removed || p.Idx == b.idx || !clearShot(s, me.Pos, p.Pos) {
				continue
			}
			if victim == 0 || p.Health < s.Player(victim).Health {
				victim = p.Idx
			}
		}
		if victim != 0 {
			return Attack(s.Player(victim).Pos), fmt.Sprintf("shoot P%d", victim)
		}
	}
	if goal := b.pl.greedyGoal(s, b.idx, start, hot); goal >= 0 {
		if step, ok := b.step(s, goal); ok {
			return step, "head for the boss"
		}
	}
	return b.anyLegal(s), ""
}
