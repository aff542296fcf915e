package aibg5

import (
	"math"

	"github.com/arena-games/arena/game/hex"
)

// Player is one spaceship.
type Player struct {
	Idx          int // 1..4
	Name         string
	Pos          hex.Hex
	Health       int
	MaxHealth    int
	Power        int
	Level        int
	XP           int
	Kills        int
	Deaths       int
	Score        int
	Trapped      bool
	TrapDuration int
	Removed      bool // disqualified (R21): shown as "playerN":null
	Bot          bool // "type":"BOT" in the original's JSON (its training bots)
}

// KD is the kill/death ratio as the original computes it: kills/deaths, or
// kills when there are no deaths.
func (p *Player) KD() float64 {
	if p.Deaths == 0 {
		return float64(p.Kills)
	}
	return float64(p.Kills) / float64(p.Deaths)
}

// BossState is the boss's part of a state: what its last turn hit and the
// telegraph of its next pattern.
type BossState struct {
	// Action is "bossAction": true in the state made by the turn that
	// ended with a boss turn.
	Action bool
	// Attacked is "bossAttackedTiles": the cells hit by the last boss turn.
	Attacked []hex.Hex
	// Next are the cells the next boss turn's pattern will hit; empty when
	// the next boss turn fires no pattern.
	Next []hex.Hex
	// NextIn is the number of boss turns until the next pattern fires (0:
	// the next boss turn); -1 when unknown (a state read from JSON).
	NextIn int
	// Pattern is 1 or 2, the pattern of Next; 0 when Next is empty.
	Pattern int
	// NextPattern is the pattern that fires in NextIn boss turns (1 or 2;
	// 0 when unknown), and NextCells the cells it will hit as the map is
	// now: the telegraph before the pause is over.
	NextPattern int
	NextCells   []hex.Hex
}

// State is one frame's immutable snapshot of a game. A Frame's State is a
// *State; never modify one.
type State struct {
	Cells   []hex.Hex // the 631 cells in canonical order (shared, never modified)
	Tiles   []Tile    // per cell, same order
	Players [4]Player // Players[i] is player i+1
	Boss    BossState
	Turn    int    // player turns played
	Round   int    // rounds completed (boss turns)
	ToMove  int    // the player to act, 1..4; 0 when the game is over or unknown
	Order   [4]int // scoreBoard order (playerIdx), as the original shows it (§3.5)
	MapName string

	rules     *Rules
	pairs     []int16 // per cell, the other cell of its wormhole pair, -1 if none (shared)
	removedAt [4]int  // the turn each player was removed at, for the ranking (R23)
}

var defaultRules = DefaultRules()

// Rules are the rule options the state's game is played with.
func (s *State) Rules() Rules { return *s.ruleSet() }

func (s *State) ruleSet() *Rules {
	if s.rules == nil {
		return &defaultRules
	}
	return s.rules
}

// Player returns player idx (1..4).
func (s *State) Player(idx int) *Player { return &s.Players[idx-1] }

// Index is the canonical index of cell h.
func (s *State) Index(h hex.Hex) (int, bool) { return index(h) }

// TileAt is the tile at h.
func (s *State) TileAt(h hex.Hex) (Tile, bool) {
	i, ok := index(h)
	if !ok {
		return Tile{}, false
	}
	return s.Tiles[i], true
}

// PlayerAt is the active (not removed) player on h.
func (s *State) PlayerAt(h hex.Hex) (idx int, ok bool) {
	for i := range s.Players {
		p := &s.Players[i]
		if !p.Removed && p.Pos == h {
			return p.Idx, true
		}
	}
	return 0, false
}

// occupied reports whether an active player other than except stands on h.
func (s *State) occupied(h hex.Hex, except int) bool {
	for i := range s.Players {
		p := &s.Players[i]
		if !p.Removed && p.Idx != except && p.Pos == h {
			return true
		}
	}
	return false
}

// Active is the number of players not removed.
func (s *State) Active() int {
	n := 0
	for i := range s.Players {
		if !s.Players[i].Removed {
			n++
		}
	}
	return n
}

// javaRound is Java's Math.round on a double: floor(x + 0.5).
func javaRound(x float64) float64 { return math.Floor(x + 0.5) }

// lineCell is the i-th intermediate cell of an attack from a to b at
// distance d, computed as the original does (§4.3(d)).
func lineCell(a, b hex.Hex, i, d int) hex.Hex {
	q := float64(a.Q) + (float64(b.Q-a.Q)*1.0*float64(i))/float64(d)
	r := float64(a.R) + (float64(b.R-a.R)*1.0*float64(i))/float64(d)
	return hex.Round(q, r, javaRound)
}

// blocks reports whether the entity of cell i absorbs an attack passing
// over it (§4.3(d)), players aside.
func (s *State) blocks(i int) bool {
	switch s.Tiles[i].Kind {
	case Boss, Asteroid, Blackhole, Wormhole:
		return true
	case Health, Experience:
		return s.ruleSet().AttackItemsBlock
	}
	return false
}

// AttackStop is the cell where an attack from from at target is absorbed:
// the first intermediate cell on the line (§4.3(d), Java rounding) that
// holds a player or a blocking entity, else target.
func (s *State) AttackStop(from, target hex.Hex) hex.Hex {
	d := hex.Distance(from, target)
	if d <= AttackRange {
		for _, m := range shotLine(target.Sub(from)) {
			c := from.Add(m)
			if j, ok := index(c); ok && (s.blocks(j) || s.occupied(c, 0)) {
				return c
			}
		}
		return target
	}
	for i := 1; i < d; i++ {
		c := lineCell(from, target, i, d)
		if j, ok := index(c); ok && (s.blocks(j) || s.occupied(c, 0)) {
			return c
		}
	}
	return target
}

// verdict is how an action would resolve.
type verdict struct {
	msg     string // the original's message; "" for a legal action (message null)
	blocked bool   // a move onto a FULL cell or a player (double penalty under compat)
	penalty bool   // legal, but penalised (R13, compat R12 and R14)
	to      hex.Hex
	via     int // the wormhole entered, -1 if none
	stop    int // the cell an attack hits
	victim  int // the player an attack hits, 0 if none
}

// judge decides how player idx's action a resolves on s, without playing
// it (§4.2, §4.3).
func (s *State) judge(idx int, a Action) verdict {
	p := &s.Players[idx-1]
	d := hex.Distance(p.Pos, a.Target)
	if !a.Attack {
		if d != 1 {
			return verdict{msg: MsgNotAdjacent}
		}
		blocked := verdict{msg: MsgBlocked, blocked: true}
		if s.occupied(a.Target, idx) {
			return blocked
		}
		t, _ := index(a.Target)
		switch s.Tiles[t].Kind {
		case Asteroid, Boss:
			return blocked
		case Wormhole:
			exit, ok := s.wormholeExit(p.Pos, t)
			if !ok {
				return blocked
			}
			return verdict{to: exit, via: t}
		}
		return verdict{to: a.Target, via: -1}
	}
	if d > AttackRange {
		return verdict{msg: MsgRange}
	}
	t, _ := index(a.Target)
	victim, _ := s.PlayerAt(a.Target)
	if victim == 0 && !s.Tiles[t].Kind.Full() {
		return verdict{msg: MsgNotTarget}
	}
	if victim == idx {
		if s.ruleSet().SelfAttackNull {
			return verdict{penalty: true, stop: t}
		}
		return verdict{msg: MsgSelf}
	}
	stop := s.AttackStop(p.Pos, a.Target)
	j, _ := index(stop)
	victim, _ = s.PlayerAt(stop)
	if victim == 0 && !s.Tiles[j].Kind.Full() {
		return verdict{penalty: true, stop: j}
	}
	return verdict{stop: j, victim: victim}
}

// wormholeExit is where a ship at from leaves when it enters the wormhole
// on cell w: the partner plus the step (R11). It must be an unoccupied
// EMPTY cell on the map.
func (s *State) wormholeExit(from hex.Hex, w int) (hex.Hex, bool) {
	partner := s.partner(w)
	if partner < 0 {
		return hex.Hex{}, false
	}
	exit := cells[partner].Add(cells[w].Sub(from))
	e, ok := index(exit)
	if !ok || s.Tiles[e].Kind != Empty || s.occupied(exit, 0) {
		return hex.Hex{}, false
	}
	return exit, true
}

// partner is the other cell of wormhole w's pair, -1 if none.
func (s *State) partner(w int) int {
	if s.pairs == nil {
		return int(wormholePairs(s.Tiles)[w])
	}
	return int(s.pairs[w])
}

// wormholePairs pairs the wormholes of tiles by id: per cell, the next cell
// with the same id (the other of the pair), -1 for other cells.
func wormholePairs(tiles []Tile) []int16 {
	out := make([]int16, len(tiles))
	first := map[int]int{}
	for i := range out {
		out[i] = -1
	}
	for i, t := range tiles {
		if t.Kind != Wormhole {
			continue
		}
		if j, ok := first[t.Wormhole]; ok {
			if out[j] < 0 {
				out[i], out[j] = int16(j), int16(i)
			}
			continue
		}
		first[t.Wormhole] = i
	}
	return out
}

// Legal lists every legal action of player idx now: the moves that are
// not illegal, then the attacks whose shot hits a player, the boss or an
// asteroid (not those absorbed with a penalty). Nil when the player is not
// to act (trapped, removed, the game over).
func (s *State) Legal(idx int) []string {
	if idx < 1 || idx > 4 || s.ToMove != idx {
		return nil
	}
	p := &s.Players[idx-1]
	var out []string
	for _, n := range p.Pos.Neighbours() {
		if !OnMap(n) {
			continue
		}
		if v := s.judge(idx, Action{Target: n}); v.msg == "" {
			out = append(out, Move(n))
		}
	}
	for _, j := range inReach[indexOf(p.Pos)] {
		t := cells[j]
		if v := s.judge(idx, Action{Attack: true, Target: t}); v.msg == "" && !v.penalty {
			out = append(out, Attack(t))
		}
	}
	return out
}

// better reports whether a ranks strictly above b by the comparator of §1:
// score, KD, kills (more first), deaths (fewer first), level, health.
func better(a, b *Player) bool {
	if a.Score != b.Score {
		return a.Score > b.Score
	}
	if ka, kb := a.KD(), b.KD(); ka != kb {
		return ka > kb
	}
	if a.Kills != b.Kills {
		return a.Kills > b.Kills
	}
	if a.Deaths != b.Deaths {
		return a.Deaths < b.Deaths
	}
	if a.Level != b.Level {
		return a.Level > b.Level
	}
	return a.Health > b.Health
}

// sortOrder stable-sorts the scoreboard order by the comparator.
func (s *State) sortOrder() {
	o := &s.Order
	for i := 1; i < len(o); i++ {
		for j := i; j > 0 && better(&s.Players[o[j]-1], &s.Players[o[j-1]-1]); j-- {
			o[j], o[j-1] = o[j-1], o[j]
		}
	}
}

// Ranking is the final ranking of R23: the scoreboard order stable-sorted
// by the comparator, active players first, then removed players, the
// latest removed first.
func (s *State) Ranking() []int {
	sorted := *s
	sorted.sortOrder()
	out := make([]int, 0, 4)
	for _, idx := range sorted.Order {
		if !s.Players[idx-1].Removed {
			out = append(out, idx)
		}
	}
	removed := make([]int, 0, 4)
	for _, idx := range sorted.Order {
		if s.Players[idx-1].Removed {
			removed = append(removed, idx)
		}
	}
	// Latest removed first; equal times keep the scoreboard order.
	for i := 1; i < len(removed); i++ {
		for j := i; j > 0 && s.removedAt[removed[j]-1] > s.removedAt[removed[j-1]-1]; j-- {
			removed[j], removed[j-1] = removed[j-1], removed[j]
		}
	}
	return append(out, removed...)
}
