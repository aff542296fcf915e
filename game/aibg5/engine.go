package aibg5

import (
	"errors"
	"fmt"
	"slices"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/hex"
)

// Title is AIBG 5.0 for Arena: four seats, the boss acting after each
// round.
type Title struct {
	// Shelf holds Arena's own maps (levels/aibg5.Shelf), found by name.
	// Without it, a game's Config.Map is the path of an original map file.
	Shelf game.Shelf[Map]
}

// The optional interfaces of package game that Title satisfies: the
// match, the server and the screens find them by type assertion.
var (
	_ game.Ranked       = Title{}
	_ game.Charted      = Title{}
	_ game.Marked       = Title{}
	_ game.Populated    = Title{}
	_ game.Judged       = Title{}
	_ game.Configurable = Title{}
	_ game.Timed        = Title{}
	_ game.Mapped       = Title{}
	_ game.Importable   = Title{}
)

// ID is "aibg5".
func (Title) ID() string { return "aibg5" }

// Name is "AIBG 5.0".
func (Title) Name() string { return "AIBG 5.0" }

// Seats is 4.
func (Title) Seats() int { return 4 }

// The reasons a game ends (game.Result.Reason).
const (
	ReasonRounds = "rounds" // the round cap (R26)
	ReasonAlone  = "alone"  // one player or none left (R21)
	ReasonClock  = "clock"  // the game clock ran out (R22)
)

// New starts a game on the map cfg.Map names (see FindMap; "" is the
// default map of the title's shelf) with the rule options of ParseRules.
// The seed drives the items' cells and the boss's pauses (§4.7).
func (t Title) New(cfg game.Config) (game.Engine, error) {
	if cfg.Seats != 0 && cfg.Seats != 4 {
		return nil, fmt.Errorf("aibg5: a game has 4 seats, not %d", cfg.Seats)
	}
	rules, err := ParseRules(cfg.Options)
	if err != nil {
		return nil, err
	}
	m, err := t.FindMap(cfg)
	if err != nil {
		return nil, err
	}
	return NewEngine(m, rules, cfg.Seed), nil
}

// Engine plays one game of AIBG 5.0. It implements game.Engine and
// game.Checker. Trapped players' turns are played automatically (§4.5);
// the boss's turn follows the round's last active player within the same
// step.
type Engine struct {
	state  *State
	frame  game.Frame
	rules  Rules
	rng    *game.Rand
	sched  schedule
	steps  int
	over   bool
	reason string

	// The step being played: the next state, its events, whether its
	// tiles are still shared with the previous state.
	next   *State
	events []game.Event
	shared bool
}

var _ game.Checker = (*Engine)(nil)

// NewEngine starts a game on map m with the given rules and seed: the
// ships at their spawns, the HEALTH then the EXPERIENCE item drawn (§4.7).
func NewEngine(m *Map, rules Rules, seed int64) *Engine {
	e := &Engine{rules: rules, rng: game.NewRand(seed, 0)}
	e.sched = schedule{idle: 1, extra: rules.ExtraIdleAfterP2, pause: func() int { return 3 + e.rng.IntN(5) }}
	s := &State{Cells: cells, Tiles: slices.Clone(m.Tiles), Order: [4]int{1, 2, 3, 4}, ToMove: 1, MapName: m.Name, rules: &e.rules}
	s.pairs = wormholePairs(s.Tiles)
	for i := range s.Players {
		name := rules.Names[i]
		if name == "" {
			name = fmt.Sprintf("player%d", i+1)
		}
		s.Players[i] = Player{Idx: i + 1, Name: name, Pos: spawns[i][0],
			Health: StartHealth, MaxHealth: StartHealth, Power: StartPower, Level: 1}
	}
	e.next = s
	e.spawnItem(Health)
	e.spawnItem(Experience)
	e.finish(nil)
	return e
}

// Current is the current state.
func (e *Engine) Current() *State { return e.state }

// Frame is the state after the last step, with that step's events.
func (e *Engine) Frame() game.Frame { return e.frame }

// ToMove is the seat of the player to act; empty when the game is over.
func (e *Engine) ToMove() []game.Seat {
	if e.over {
		return nil
	}
	return []game.Seat{game.Seat(e.state.ToMove - 1)}
}

// Over reports whether the game has ended.
func (e *Engine) Over() bool { return e.over }

// Result is the ranking of R23 and the reason; zero while the game runs.
// The winner is the first of the ranking when that player is still in the
// game and the ranking's comparator puts them ahead of the second; a full
// tie at the top is a draw (winner 0), whatever order the scoreboard keeps.
func (e *Engine) Result() game.Result {
	if !e.over {
		return game.Result{}
	}
	return resultOf(e.state, e.reason)
}

func resultOf(s *State, reason string) game.Result {
	r := game.Result{Ranking: s.Ranking(), Reason: reason}
	first := &s.Players[r.Ranking[0]-1]
	if first.Removed {
		return r
	}
	if second := &s.Players[r.Ranking[1]-1]; second.Removed || better(first, second) {
		r.Winner = r.Ranking[0]
	}
	return r
}

// Observe is the current *State: AIBG 5.0 has no hidden information.
func (e *Engine) Observe(game.Seat) any { return e.state }

// State is the original server's gameState JSON (§3).
func (e *Engine) State() ([]byte, error) { return e.state.GameState() }

// Check tells whether seat s may play move now, without playing it. The
// error wraps game.ErrRejected and an *ActionError with the original's
// message; actions the rules penalise with the message null (an attack
// into a black hole, R13) pass.
func (e *Engine) Check(s game.Seat, move string) error {
	if e.over {
		return fmt.Errorf("%w: the game is over", game.ErrRejected)
	}
	idx := int(s) + 1
	if idx != e.state.ToMove {
		return fmt.Errorf("%w: it is P%d's turn", game.ErrRejected, e.state.ToMove)
	}
	if msg := e.state.Message(idx, move); msg != "" {
		return fmt.Errorf("%w: %w", game.ErrRejected, &ActionError{msg})
	}
	return nil
}

// Message is the original's message for player idx's move on s, without
// playing it: "" for an action that plays (message null on the wire, even
// when the rules penalise it, R13).
func (s *State) Message(idx int, move string) string {
	if move == NullAction {
		move = ""
	}
	a, err := ParseAction(move)
	if err != nil {
		var ae *ActionError
		errors.As(err, &ae)
		return ae.Message
	}
	return s.judge(idx, a).msg
}

// Step plays the action of the player to act, then every turn that plays
// itself (trapped players, the boss) until the next player must act or the
// game ends. An illegal action is penalised (§4.1); the empty move (no
// answer in time) removes the seat (R21), or is the null action under
// TimeoutNull. The error reports misuse only.
func (e *Engine) Step(moves map[game.Seat]string) error {
	if e.over {
		return errors.New("aibg5: step after the game is over")
	}
	idx := e.state.ToMove
	seat := game.Seat(idx - 1)
	move, ok := moves[seat]
	if !ok || len(moves) != 1 {
		return fmt.Errorf("aibg5: step wants exactly one move, for %s; got %d moves", seat, len(moves))
	}
	e.begin()
	switch {
	case move == TimeUp:
		e.end(ReasonClock)
		e.steps++
		e.finish(map[game.Seat]string{seat: move})
		return nil
	case move == "" && !e.rules.TimeoutNull:
		e.remove(idx)
	default:
		e.act(idx, move)
	}
	e.afterTurn(idx)
	e.steps++
	e.finish(map[game.Seat]string{seat: move})
	return nil
}

// begin starts the next state as a copy of the current one.
func (e *Engine) begin() {
	next := *e.state
	e.next, e.events, e.shared = &next, nil, true
}

// finish publishes the next state and its frame.
func (e *Engine) finish(moves map[game.Seat]string) {
	s := e.next
	if e.over {
		s.ToMove = 0
	}
	e.sched.telegraph(s)
	e.state, e.next = s, nil
	e.frame = game.Frame{Turn: e.steps, ToMove: e.ToMove(), State: s, Events: e.events, Moves: moves, Over: e.over}
	if e.over {
		e.frame.Result = e.Result()
	}
}

// setTile changes a tile of the next state, copying the tiles first when
// they are still shared.
func (e *Engine) setTile(i int, t Tile) {
	if e.shared {
		e.next.Tiles = slices.Clone(e.next.Tiles)
		e.shared = false
	}
	e.next.Tiles[i] = t
}

func (e *Engine) event(kind string, idx int, text string, data any) {
	e.events = append(e.events, game.Event{Kind: kind, Seat: game.Seat(idx - 1), Text: text, Data: data})
}

// startAction is what the original does at the start of every player
// action: re-sort the scoreboard (§3.5) and reset bossAction.
func (e *Engine) startAction() {
	e.next.sortOrder()
	e.next.Boss.Action = false
	e.next.Turn++
}

// act plays player idx's action.
func (e *Engine) act(idx int, move string) {
	e.startAction()
	s := e.next
	if move == NullAction {
		move = ""
	}
	a, err := ParseAction(move)
	if err != nil {
		var ae *ActionError
		errors.As(err, &ae)
		e.penalise(idx, ae.Message)
		return
	}
	v := s.judge(idx, a)
	if v.msg != "" {
		e.penalise(idx, v.msg)
		if v.blocked && e.rules.DoubleBlockPenalty {
			e.penalise(idx, v.msg)
		}
		return
	}
	if a.Attack {
		e.attack(idx, a.Target, v)
	} else {
		e.move(idx, v)
	}
}

// penalise takes 10% of player idx's current health (R3).
func (e *Engine) penalise(idx int, msg string) {
	p := &e.next.Players[idx-1]
	amount := p.Health / 10
	p.Health -= amount
	text := fmt.Sprintf("P%d is penalised %d: %s", idx, amount, msg)
	if msg == "" {
		text = fmt.Sprintf("P%d is penalised %d", idx, amount)
	}
	e.event(EventPenalty, idx, text, Penalty{Player: idx, Amount: amount, Message: msg})
}

// move plays a legal move (§4.2).
func (e *Engine) move(idx int, v verdict) {
	s := e.next
	p := &s.Players[idx-1]
	from := p.Pos
	p.Pos = v.to
	ev := Moved{Player: idx, From: from, To: v.to}
	text := fmt.Sprintf("P%d moves %s → %s", idx, cellName(from), cellName(v.to))
	if v.via >= 0 {
		via := cells[v.via]
		ev.Via = &via
		text = fmt.Sprintf("P%d moves %s → %s through the wormhole at %s", idx, cellName(from), cellName(v.to), cellName(via))
	}
	e.event(EventMove, idx, text, ev)
	t, _ := index(v.to)
	switch item := s.Tiles[t].Kind; item {
	case Health, Experience:
		if item == Health {
			p.Health = p.MaxHealth
		} else {
			e.gainXP(idx, XPPickup)
		}
		e.event(EventPickup, idx, fmt.Sprintf("P%d picks up %s at %s", idx, item, cellName(v.to)), Picked{Player: idx, Item: item, At: v.to})
		e.spawnItem(item)
		e.setTile(t, Tile{Kind: Empty})
	case Blackhole:
		p.Trapped, p.TrapDuration = true, TrapTurns
		e.event(EventTrapped, idx, fmt.Sprintf("P%d is caught in the black hole at %s", idx, cellName(v.to)), Trapped{Player: idx, At: v.to})
	}
}

// attack plays a legal attack (§4.3).
func (e *Engine) attack(idx int, target hex.Hex, v verdict) {
	s := e.next
	p := &s.Players[idx-1]
	hit := cells[v.stop]
	ev := Attacked{Player: idx, Target: target, Hit: hit, What: s.Tiles[v.stop].Kind, Victim: v.victim}
	switch {
	case v.penalty:
		e.event(EventAttack, idx, fmt.Sprintf("P%d's shot at %s is absorbed by the %s at %s", idx, cellName(target), ev.What, cellName(hit)), ev)
		e.penalise(idx, "")
	case v.victim != 0:
		ev.Damage = p.Power
		victim := &s.Players[v.victim-1]
		victim.Health -= p.Power
		e.event(EventAttack, idx, fmt.Sprintf("P%d hits P%d for %d", idx, v.victim, p.Power), ev)
		e.gainXP(idx, XPHit)
		if victim.Health <= 0 {
			e.kill(v.victim, idx)
		}
	case ev.What == Boss:
		ev.Damage = p.Power
		p.Score += p.Power
		e.event(EventAttack, idx, fmt.Sprintf("P%d hits the boss: +%d score", idx, p.Power), ev)
	default:
		ev.Damage = p.Power
		left := s.Tiles[v.stop].Asteroid - p.Power
		e.event(EventAttack, idx, fmt.Sprintf("P%d hits the asteroid at %s for %d", idx, cellName(hit), p.Power), ev)
		if left > 0 {
			e.setTile(v.stop, Tile{Kind: Asteroid, Asteroid: left})
			return
		}
		e.setTile(v.stop, Tile{Kind: Empty})
		e.event(EventAsteroid, idx, fmt.Sprintf("P%d destroys the asteroid at %s", idx, cellName(hit)), AsteroidDestroyed{At: hit, By: idx})
		e.gainXP(idx, XPAsteroid)
	}
}

// gainXP adds XP to player idx, with at most one level-up (§4.4).
func (e *Engine) gainXP(idx, xp int) {
	p := &e.next.Players[idx-1]
	p.XP += xp
	if p.XP < XPPerLevel || p.Level >= MaxLevel {
		return
	}
	p.XP -= XPPerLevel
	p.Level++
	p.MaxHealth += LevelHealth
	p.Health = p.MaxHealth
	p.Power += LevelPower
	e.event(EventLevelUp, idx, fmt.Sprintf("P%d reaches level %d", idx, p.Level), LevelUp{Player: idx, Level: p.Level})
}

// kill plays the death of player idx by killer (0 for the boss), in the
// order of §4.4.
func (e *Engine) kill(idx, killer int) {
	s := e.next
	p := &s.Players[idx-1]
	p.Deaths++
	p.Trapped, p.TrapDuration = false, 0
	text := fmt.Sprintf("P%d is destroyed by the boss", idx)
	if killer != 0 {
		k := &s.Players[killer-1]
		e.gainXP(killer, XPKill)
		k.Score += e.rules.KillScore
		k.Kills++
		text = fmt.Sprintf("P%d destroys P%d", killer, idx)
	}
	at := p.Pos
	p.Pos = s.respawnCell(idx)
	p.Health = p.MaxHealth
	e.event(EventDeath, idx, text, Died{Player: idx, Killer: killer, At: at, Respawn: p.Pos})
}

// respawnCell is where player idx comes back (R10): its spawn, else alt1,
// else alt2, else the first free neighbour of the spawn in the order E to
// NE. A cell is free when no other ship is on it and a ship may stand on
// it.
func (s *State) respawnCell(idx int) hex.Hex {
	free := func(h hex.Hex) bool {
		i, ok := index(h)
		if !ok || s.occupied(h, idx) {
			return false
		}
		switch s.Tiles[i].Kind {
		case Empty, Health, Experience:
			return true
		}
		return false
	}
	for _, h := range spawns[idx-1] {
		if free(h) {
			return h
		}
	}
	for _, h := range spawns[idx-1][0].Neighbours() {
		if free(h) {
			return h
		}
	}
	return spawns[idx-1][0]
}

// spawnItem draws the cell of a new item (§4.7): uniform over the item's
// zone's EMPTY cells without a ship, in canonical order.
func (e *Engine) spawnItem(item Kind) {
	s := e.next
	var eligible [CellCount]int16
	n := 0
	for i, h := range cells {
		if s.Tiles[i].Kind == Empty && e.itemZone(item, h) && !s.occupied(h, 0) {
			eligible[n] = int16(i)
			n++
		}
	}
	if n == 0 {
		return
	}
	i := int(eligible[e.rng.IntN(n)])
	e.setTile(i, Tile{Kind: item})
	e.event(EventItem, 0, fmt.Sprintf("%s appears at %s", item, cellName(cells[i])), ItemSpawned{Item: item, At: cells[i]})
}

// itemZone reports whether an item may appear on h (R20).
func (e *Engine) itemZone(item Kind, h hex.Hex) bool {
	ring := h.Ring()
	if e.rules.OriginalItemAreas {
		if item == Health {
			return ring <= 11 && abs(h.Q) <= 10 && abs(h.R) <= 10
		}
		return abs(h.Q) <= 13 && abs(h.R) <= 13
	}
	if item == Health {
		return ring >= 2 && ring <= 10
	}
	return ring >= 2
}

// remove disqualifies player idx (R21).
func (e *Engine) remove(idx int) {
	s := e.next
	s.Turn++
	p := &s.Players[idx-1]
	p.Removed = true
	s.removedAt[idx-1] = s.Turn
	e.event(EventRemoved, idx, fmt.Sprintf("P%d gave no answer in time and is removed", idx), Removed{Player: idx})
}

// trappedTurn plays a trapped player's turn (§4.5, R8).
func (e *Engine) trappedTurn(idx int) {
	e.startAction()
	p := &e.next.Players[idx-1]
	p.TrapDuration--
	if p.TrapDuration <= 0 {
		p.Trapped, p.TrapDuration = false, 0
	}
	e.penalise(idx, MsgTrapped)
}

// afterTurn moves the turn on from player idx: the boss's turn after the
// round's last active player, trapped players' turns, the end of the game.
func (e *Engine) afterTurn(idx int) {
	s := e.next
	for {
		if s.Active() <= 1 {
			e.end(ReasonAlone)
			return
		}
		next := idx
		for {
			next = next%4 + 1
			if !s.Players[next-1].Removed {
				break
			}
		}
		if next <= idx {
			e.bossTurn()
			if s.Round >= e.rules.Rounds {
				e.end(ReasonRounds)
				return
			}
		}
		idx = next
		s.ToMove = idx
		if !s.Players[idx-1].Trapped {
			return
		}
		e.trappedTurn(idx)
	}
}

func (e *Engine) end(reason string) {
	e.over, e.reason = true, reason
}

// bossTurn plays the boss's turn (§4.6).
func (e *Engine) bossTurn() {
	s := e.next
	s.Round++
	at := len(e.events)
	strike := BossStrike{}
	var attacked []hex.Hex
	for i := range s.Players {
		p := &s.Players[i]
		if p.Removed || Zone(p.Pos) != 1 {
			continue
		}
		attacked = append(attacked, p.Pos)
		strike.Direct = append(strike.Direct, p.Pos)
		e.bossHit(p.Idx, &strike)
	}
	kind, list := e.sched.turn(s)
	if kind != 0 {
		attacked = append(attacked, list...)
		strike.Pattern, strike.PatternKind = list, kind
		for i := range s.Players {
			p := &s.Players[i]
			if p.Removed || !slices.Contains(list, p.Pos) {
				continue
			}
			j, _ := index(p.Pos)
			if k := s.Tiles[j].Kind; k == Empty || k == Blackhole {
				e.bossHit(p.Idx, &strike)
			}
		}
	}
	s.Boss.Attacked = attacked
	s.Boss.Action = true
	text := fmt.Sprintf("The boss strikes %d ships", len(strike.Damaged))
	if kind != 0 {
		text = fmt.Sprintf("The boss fires pattern %d and strikes %d ships", kind, len(strike.Damaged))
	}
	e.event(EventBoss, 0, text, strike)
	// The strike comes before the deaths it caused.
	last := e.events[len(e.events)-1]
	copy(e.events[at+1:], e.events[at:len(e.events)-1])
	e.events[at] = last
}

// bossHit takes the boss's damage from player idx.
func (e *Engine) bossHit(idx int, strike *BossStrike) {
	p := &e.next.Players[idx-1]
	p.Health -= BossDamage
	strike.Damaged = append(strike.Damaged, idx)
	if p.Health <= 0 {
		e.kill(idx, 0)
	}
}
