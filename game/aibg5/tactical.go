package aibg5

import (
	"context"
	"fmt"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/hex"
)

// tacticalBot is the tactical player. Its reasoning:
//
//   - Levels are worth more than anything early. Shooting the boss means
//     standing in zone 1, where the boss's direct attack takes 250 each
//     round, so a ship gets ceil(maxHealth/250)-1 shots per life before it
//     dies and walks back from its spawn: 3 shots of 150 at level 1, 5 of
//     200 at level 2. Level 2 doubles the score per round.
//   - So, where the map lends itself to it, it first hunts for experience
//     (until level 2, or until 3/5 of the rounds are played). Each other
//     ship heads for the cell nearest its spawn that shoots the boss (it
//     reads where, as a greedy player would go). The hunter camps on ring
//     5 or 7, which neither the boss's direct attack nor its patterns
//     (rings 6, 8, 10) reach, at a cell in reach of two of those cells and
//     in sight of few cells of the ways there (ships on their way stop to
//     shoot; with no such camp it does not hunt). From there it shoots the
//     ships sitting in zone 1 shooting the boss (they do not shoot back,
//     and the boss wears them down), timing its shots so that it, not the
//     boss, lands the killing shot (+50 score, 130 XP). While it waits it
//     shoots asteroids that survive the shot (keeping its cover) and
//     fetches the EXPERIENCE item when it lies within 3 rounds.
//   - It picks only fights it wins: a ship that has it in its line of fire
//     and is not busy with the boss is shot when the tactical player needs
//     fewer shots than it does (health against power, counting who shoots
//     first) and at most two; otherwise it steps out of the line of fire.
//     Paths avoid lines of fire, black holes (two lost turns) and the
//     cells of the boss's coming pattern, read from the boss's telegraph;
//     zone 1 is entered only to shoot the boss.
//   - Then the boss cycle: shoot the boss from the cell that reaches it,
//     nearest to reach and to the HEALTH item; when the next boss turn
//     would destroy it, fetch the HEALTH item instead of dying if that
//     brings the next shot soon enough to pay for the shot given up; kill
//     what one shot kills on the way.
//   - Paths are the cheapest over the map: wormholes are taken when they
//     shorten the way, asteroids in the way are shot through at the price
//     of the shots.
type tacticalBot struct {
	bot
	spawnWalk  int32 // rounds from the spawn to the nearest cell that shoots the boss, measured once
	camp       int   // the hunting camp, -1 for none
	campChosen bool
}

// The tactical player's parameters.
const (
	huntLevel   = 2  // hunt for experience until this level...
	huntNum     = 3  // ... or until huntNum/huntDen of the rounds are played
	huntDen     = 5  //
	holeCost    = 12 // a black hole on a path: two lost turns and their penalties
	hotCost     = 30 // ending the turn where the boss's next pattern falls
	fireCost    = 6  // ending the turn in the line of fire of a ship not busy with the boss
	zoneCost    = 6  // entering zone 1 while hunting
	quickKill   = 2  // shots: a duel short enough to fight rather than avoid
	expReach    = 3  // rounds: the EXPERIENCE item is fetched while waiting when this near
	spotSlack   = 1  // rounds a cell to shoot the boss from may lie farther to be near the HEALTH item
	maxExposure = 12 // cells of the others' ways in sight of a camp worth hunting from
)

// Play chooses the tactical player's action.
func (b *tacticalBot) Play(ctx context.Context, obs any) (game.Answer, error) {
	return b.play(ctx, obs, b.choose)
}

func (b *tacticalBot) choose(s *State) (string, string) {
	me := s.Player(b.idx)
	if b.spawnWalk == 0 {
		b.spawnWalk = b.walkFrom(s, indexOf(Spawn(b.idx)))
	}
	if !b.campChosen {
		b.camp, b.campChosen = b.chooseCamp(s), true
	}
	hunting := b.camp >= 0 && me.Level < huntLevel && s.Round*huntDen < s.ruleSet().Rounds*huntNum
	hot := danger(s)
	b.pl.prices(s, b.idx, me.Power, holeCost)
	for i, c := range cells {
		if hot[i] {
			b.pl.extra[i] = hotCost
		}
		if hunting && Zone(c) == 1 && b.pl.cost[i] > 0 {
			b.pl.cost[i] += zoneCost
		}
	}
	for i := range s.Players {
		p := &s.Players[i]
		if p.Removed || p.Idx == b.idx || busy(s, p) {
			continue
		}
		for _, j := range inReach[indexOf(p.Pos)] {
			if b.pl.cost[j] != blocked && s.AttackStop(p.Pos, cells[j]) == cells[j] {
				b.pl.extra[j] += fireCost
			}
		}
	}
	b.pl.search(s, indexOf(me.Pos), nil)
	if action, why, ok := b.fight(s, me, hot); ok {
		return action, why
	}
	if hunting {
		if action, why, ok := b.hunt(s, me, hot); ok {
			return action, why
		}
	}
	return b.bossCycle(s, me, hot)
}

// busy reports whether ship p can shoot the boss from where it is: a
// greedy player then shoots the boss rather than a ship.
func busy(s *State, p *Player) bool {
	_, ok := bossShot(s, p.Pos)
	return ok
}

// firing is the power of the ships that may shoot at cell at in the
// coming round: those not busy with the boss with a clear shot at it.
func (b *tacticalBot) firing(s *State, at hex.Hex) int {
	power := 0
	for i := range s.Players {
		p := &s.Players[i]
		if !p.Removed && p.Idx != b.idx && !busy(s, p) && clearShot(s, p.Pos, at) {
			power += p.Power
		}
	}
	return power
}

// fight answers the ships that have the tactical player in their line of
// fire: it shoots the one it destroys soonest when it wins the duel (its
// shots needed, shooting first, against theirs) in a few shots, else it
// steps out of their line of fire, and fights on when it cannot. It
// reports false when nobody threatens.
func (b *tacticalBot) fight(s *State, me *Player, hot *[CellCount]bool) (string, string, bool) {
	incoming := b.firing(s, me.Pos)
	if incoming == 0 {
		return "", "", false
	}
	if Zone(me.Pos) == 1 {
		incoming += BossDamage
	}
	theirs := (me.Health + incoming - 1) / incoming
	var target *Player
	mine := 0
	for i := range s.Players {
		p := &s.Players[i]
		if p.Removed || p.Idx == b.idx || !clearShot(s, me.Pos, p.Pos) {
			continue
		}
		if n := (p.Health + me.Power - 1) / me.Power; target == nil || n < mine {
			target, mine = p, n
		}
	}
	if target != nil && mine <= theirs && mine <= quickKill {
		return Attack(target.Pos), fmt.Sprintf("fight P%d: %d shots against %d", target.Idx, mine, theirs), true
	}
	best, bestFire := -1, incoming
	for _, n := range me.Pos.Neighbours() {
		i, ok := index(n)
		if !ok || hot[i] || s.occupied(n, b.idx) {
			continue
		}
		if k := s.Tiles[i].Kind; k != Empty && k != Health && k != Experience {
			continue
		}
		fire := b.firing(s, n)
		if Zone(n) == 1 {
			fire += BossDamage
		}
		if fire < bestFire {
			best, bestFire = i, fire
		}
	}
	if best >= 0 {
		return Move(cells[best]), "step out of the line of fire", true
	}
	if target != nil && mine <= theirs {
		return Attack(target.Pos), fmt.Sprintf("fight P%d: %d shots against %d", target.Idx, mine, theirs), true
	}
	return "", "", false
}

// hunt is an action of the hunt for experience: from the camp, shoot the
// ships in zone 1 that are busy with the boss, as shotPlan times the shots;
// shoot asteroids in reach while waiting.
func (b *tacticalBot) hunt(s *State, me *Player, hot *[CellCount]bool) (string, string, bool) {
	start := indexOf(me.Pos)
	if Zone(me.Pos) != 1 && !hot[start] {
		var target, waiting *Player
		bestValue := 0
		for i := range s.Players {
			p := &s.Players[i]
			if p.Removed || p.Idx == b.idx || Zone(p.Pos) != 1 || !busy(s, p) || !clearShot(s, me.Pos, p.Pos) {
				continue
			}
			value, now := shotPlan(p.Health, me.Power)
			switch {
			case now && value > bestValue:
				target, bestValue = p, value
			case !now:
				waiting = p
			}
		}
		if target != nil {
			return Attack(target.Pos), fmt.Sprintf("shoot P%d for experience", target.Idx), true
		}
		if waiting == nil && !b.preyInZone1(s) {
			if exp, d := b.nearestItem(s, Experience); exp >= 0 && d <= expReach {
				if step, ok := b.step(s, exp); ok {
					return step, "fetch experience while nobody is in zone 1", true
				}
			}
		}
		if start == b.camp || waiting != nil {
			return b.holdFire(s, me, waiting, hot), "lie in wait", true
		}
	}
	if step, ok := b.step(s, b.camp); ok {
		return step, "go to the camp", true
	}
	return "", "", false
}

// preyInZone1 reports whether a ship other than the hunter is in zone 1.
func (b *tacticalBot) preyInZone1(s *State) bool {
	for i := range s.Players {
		p := &s.Players[i]
		if !p.Removed && p.Idx != b.idx && Zone(p.Pos) == 1 {
			return true
		}
	}
	return false
}

// shotPlan times the shots at a ship that stays in zone 1 with health h,
// the boss taking 250 after each of the hunter's turns: the experience the
// best plan of shots over the next turns makes (30 a hit, 180 for landing
// the killing shot: its XP and score), and whether that plan shoots now.
func shotPlan(h, power int) (int, bool) {
	var best func(h, turns int) int
	shoot := func(h, turns int) int {
		if h <= power {
			return XPHit + XPKill + KillScore
		}
		if left := h - power - BossDamage; left > 0 && turns > 1 {
			return XPHit + best(left, turns-1)
		}
		return XPHit
	}
	best = func(h, turns int) int {
		v := shoot(h, turns)
		if left := h - BossDamage; left > 0 && turns > 1 {
			v = max(v, best(left, turns-1))
		}
		return v
	}
	const horizon = 5
	now := shoot(h, horizon)
	wait := 0
	if left := h - BossDamage; left > 0 {
		wait = best(left, horizon-1)
	}
	return max(now, wait), now >= wait
}

// holdFire is an action that keeps the hunter where it is, or near: a shot
// at an asteroid in reach that survives it (the hunter keeps its cover),
// else a step to a safe cell that keeps the prey (when not nil) in a clear
// shot, else any legal action.
func (b *tacticalBot) holdFire(s *State, me *Player, prey *Player, hot *[CellCount]bool) string {
	for _, j := range inReach[indexOf(me.Pos)] {
		t := cells[j]
		if tile := s.Tiles[j]; tile.Kind == Asteroid && tile.Asteroid > me.Power && s.AttackStop(me.Pos, t) == t {
			return Attack(t)
		}
	}
	for _, n := range me.Pos.Neighbours() {
		i, ok := index(n)
		if !ok || hot[i] || Zone(n) == 1 || s.Tiles[i].Kind != Empty || s.occupied(n, b.idx) || b.firing(s, n) > 0 {
			continue
		}
		if prey == nil || clearShot(s, n, prey.Pos) {
			return Move(n)
		}
	}
	return b.safeStep(s, me, hot)
}

// safeStep is the move to the neighbour where the coming round hurts
// least (zone 1, the coming pattern, lines of fire), or any legal action
// when there is no move.
func (b *tacticalBot) safeStep(s *State, me *Player, hot *[CellCount]bool) string {
	best, bestHurt := -1, 0
	for _, n := range me.Pos.Neighbours() {
		i, ok := index(n)
		if !ok || s.occupied(n, b.idx) {
			continue
		}
		if k := s.Tiles[i].Kind; k != Empty && k != Health && k != Experience {
			continue
		}
		hurt := b.firing(s, n)
		if Zone(n) == 1 {
			hurt += BossDamage
		}
		if hot[i] {
			hurt += BossDamage
		}
		if best < 0 || hurt < bestHurt {
			best, bestHurt = i, hurt
		}
	}
	if best < 0 {
		return b.anyLegal(s)
	}
	return Move(cells[best])
}

// chooseCamp is where the hunter waits: a cell of ring 5 or 7 (which no
// boss attack reaches) from which clear shots reach the most of the cells
// the others shoot the boss from (each one's nearest from its spawn), then
// the one in the line of fire of the fewest cells of their ways there (a
// ship on its way stops to shoot), then the nearest; -1 when none reaches
// any.
func (b *tacticalBot) chooseCamp(s *State) int {
	var targets []hex.Hex
	var corridor [CellCount]bool
	for i := range s.Players {
		p := &s.Players[i]
		if p.Removed || p.Idx == b.idx {
			continue
		}
		from := indexOf(Spawn(p.Idx))
		spot := b.pl.greedyGoal(s, p.Idx, from, nil)
		if spot < 0 {
			continue
		}
		b.pl.search(s, from, nil) // all the distances, at the same prices
		length := b.pl.dist[spot]
		targets = append(targets, cells[spot])
		fromSpawn := b.pl.dist
		b.pl.search(s, spot, nil)
		for c := range cells {
			if c != spot && fromSpawn[c]+b.pl.dist[c] <= length+1 {
				corridor[c] = true
			}
		}
	}
	me := s.Player(b.idx)
	b.pl.prices(s, b.idx, me.Power, holeCost)
	b.pl.search(s, indexOf(me.Pos), nil)
	best, bestCover, bestExposure, bestDist := -1, 0, 0, int32(unreached)
	for i, c := range cells {
		if r := c.Ring(); (r != 5 && r != 7) || s.Tiles[i].Kind != Empty || b.pl.dist[i] == unreached {
			continue
		}
		cover := 0
		for _, t := range targets {
			if hex.Distance(c, t) <= AttackRange && s.AttackStop(c, t) == t {
				cover++
			}
		}
		if cover == 0 {
			continue
		}
		exposure := 0
		for _, j := range inReach[i] {
			if corridor[j] && s.AttackStop(cells[j], c) == c {
				exposure++
			}
		}
		better := cover > bestCover ||
			cover == bestCover && (exposure < bestExposure || exposure == bestExposure && b.pl.dist[i] < bestDist)
		if better {
			best, bestCover, bestExposure, bestDist = i, cover, exposure, b.pl.dist[i]
		}
	}
	if bestCover < 2 || bestExposure > maxExposure {
		return -1
	}
	return best
}

// bossShots is how many times a ship with health h can shoot the boss from
// zone 1 before the boss's direct attack destroys it (it enters first).
func bossShots(h int) int { return max(0, (h+BossDamage-1)/BossDamage-1) }

// cycleRate is the score per round of the boss cycle at a level, with walk
// rounds from the spawn to zone 1.
func cycleRate(level int, walk int32) float64 {
	shots := bossShots(MaxHealthAt(level))
	return float64(PowerAt(level)*shots) / float64(int(walk)+1+shots)
}

// bossCycle is an action of the boss cycle: shoot the boss from zone 1;
// when the next boss turn would destroy the ship, fetch the HEALTH item
// instead if that brings the next shot sooner enough to pay for the shot
// given up; kill what a shot can kill on the way; head for the cell that
// shoots the boss, the one nearest the HEALTH item among the nearest.
func (b *tacticalBot) bossCycle(s *State, me *Player, hot *[CellCount]bool) (string, string) {
	start := indexOf(me.Pos)
	walk := int(b.spawnWalk)
	rate := cycleRate(me.Level, b.spawnWalk)
	healCell, healDist := b.nearestItem(s, Health)
	spot := b.spotNear(s, healCell)
	if healCell >= 0 && spot >= 0 && me.Health <= BossDamage && b.leavesZone1(healCell) {
		// Rounds until the next shot: healing (there, back, entering
		// zone 1 again), or dying (the walk from the spawn, entering).
		trip := int(healDist) + b.backFrom(s, healCell) + 1

		dying := walk + 2
		if Zone(me.Pos) != 1 {
			dying += int(b.pl.dist[spot])
		}
		giveUp := 0.0
		if _, ok := bossShot(s, me.Pos); ok {
			giveUp = float64(me.Power)
		}
		if float64(dying-trip)*rate > giveUp {
			if step, ok := b.step(s, healCell); ok {
				return step, fmt.Sprintf("heal: the next shot in %d rounds, not %d", trip, dying)
			}
		}
	}
	if c, ok := bossShot(s, me.Pos); ok {
		return Attack(c), "shoot the boss"
	}
	if !hot[start] {
		for i := range s.Players {
			v := &s.Players[i]
			if v.Removed || v.Idx == b.idx || !clearShot(s, me.Pos, v.Pos) {
				continue
			}
			if v.Health <= me.Power {
				return Attack(v.Pos), fmt.Sprintf("kill P%d", v.Idx)
			}
		}
	}
	if spot >= 0 {
		if step, ok := b.step(s, spot); ok {
			return step, "head for the boss"
		}
	}
	return b.anyLegal(s), ""
}

// leavesZone1 reports whether the first step towards cell goal ends
// outside zone 1 or on goal.
func (b *tacticalBot) leavesZone1(goal int) bool {
	first := b.pl.first[goal]
	if first < 0 {
		return false
	}
	return Zone(cells[first]) != 1 || int(first) == goal
}

// nearestSpot is the cheapest cell to reach from which the boss can be
// shot, and its distance; -1 when there is none.
func (b *tacticalBot) nearestSpot(s *State) (int, int32) {
	best, dist := -1, int32(unreached)
	for i, h := range cells {
		if Zone(h) != 1 || b.pl.dist[i] >= dist {
			continue
		}
		if _, ok := bossShot(s, h); ok {
			best, dist = i, b.pl.dist[i]
		}
	}
	return best, dist
}

// spotNear is the cell to shoot the boss from: the one that minimises the
// rounds to reach it plus the rounds from it to cell near (when not -1),
// among those at most spotSlack rounds farther than the nearest.
func (b *tacticalBot) spotNear(s *State, near int) int {
	spot, dist := b.nearestSpot(s)
	if spot < 0 || near < 0 {
		return spot
	}
	best, bestCost := spot, int(dist)+hex.Distance(cells[spot], cells[near])
	for i, h := range cells {
		if Zone(h) != 1 || b.pl.dist[i] > dist+spotSlack {
			continue
		}
		if c := int(b.pl.dist[i]) + hex.Distance(h, cells[near]); c < bestCost {
			if _, ok := bossShot(s, h); ok {
				best, bestCost = i, c
			}
		}
	}
	return best
}

// backFrom is the rounds from cell from to the nearest cell that shoots
// the boss, as the crow flies.
func (b *tacticalBot) backFrom(s *State, from int) int {
	best := unreached
	for _, h := range cells {
		if Zone(h) != 1 {
			continue
		}
		if d := hex.Distance(h, cells[from]); d < best {
			if _, ok := bossShot(s, h); ok {
				best = d
			}
		}
	}
	return best
}

// nearestItem is the cell of the item and its distance; -1 when the map
// has none or it cannot be reached.
func (b *tacticalBot) nearestItem(s *State, item Kind) (int, int32) {
	for i, t := range s.Tiles {
		if t.Kind == item && b.pl.dist[i] < unreached {
			return i, b.pl.dist[i]
		}
	}
	return -1, unreached
}

// walkFrom is the rounds from cell from to the nearest cell that shoots
// the boss.
func (b *tacticalBot) walkFrom(s *State, from int) int32 {
	b.pl.prices(s, 0, StartPower, holeCost)
	b.pl.search(s, from, nil)
	_, d := b.nearestSpot(s)
	if d == unreached {
		return 12
	}
	return d
}
