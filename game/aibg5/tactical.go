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
//     stays on cells that shoot at all the camp's cells, shooting asteroids
//     that survive the shot (keeping its cover), and fetches the EXPERIENCE
//     item when it is back before the next prey can be.
//   - It picks only fights it wins: a ship that has it in its line of fire
//     and is not busy with the boss is shot when the tactical player needs
//     fewer shots than it does (health against power, counting who shoots
//     first) and at most two; otherwise it steps out of the line of fire,
//     unless it can shoot the boss, the hit costs it no shot at the boss,
//     or it hunts prey in sight with health to spare. Paths avoid lines of
//     fire, black holes (two lost turns) and the cells of the boss's coming
//     pattern, read from the boss's telegraph; zone 1 is entered only to
//     shoot the boss.
//   - Then the boss cycle: shoot the boss from the nearest cell that
//     reaches it; when the next boss turn would destroy it, fetch the
//     HEALTH item instead of dying if that makes as many shots in the
//     rounds left (counted to the end of the game, the walks on the map as
//     it is now); kill what one shot kills on the way.
//   - Paths are the cheapest over the map: wormholes are taken when they
//     shorten the way, asteroids in the way are shot through at the price
//     of the shots.
type tacticalBot struct {
	bot
	camp       int       // the hunting camp, -1 for none
	prey       []hex.Hex // the cells the camp shoots at, where the others shoot the boss from
	campChosen bool
	back       planner // the other ways: to the boss from the HEALTH item and the spawn, the others' to the camp
	fetching   int     // the cell of the EXPERIENCE item the hunter is fetching, -1 for none
	fetchDist  int32   // its distance at the last turn
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
	maxExposure = 12 // cells of the others' ways in sight of a camp worth hunting from
)

// Play chooses the tactical player's action.
func (b *tacticalBot) Play(ctx context.Context, obs any) (game.Answer, error) {
	return b.play(ctx, obs, b.choose)
}

// choose is the tactical player's action and the reason for it.
func (b *tacticalBot) choose(s *State) (string, string) {
	me := s.Player(b.idx)
	if !b.campChosen {
		b.camp, b.campChosen, b.fetching = b.chooseCamp(s), true, -1
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
	if action, why, ok := b.fight(s, me, hot, hunting); ok {
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
// reports false when nobody threatens, and takes the fire when it can
// shoot the boss (a shot is worth more than the damage a step aside saves,
// and the boss's direct attack hits it anyway), when the damage does not
// destroy it and costs it no shot at the boss on its way there, or,
// hunting, when it has prey in zone 1 in sight and keeps half its health.
func (b *tacticalBot) fight(s *State, me *Player, hot *[CellCount]bool, hunting bool) (string, string, bool) {
	incoming := b.firing(s, me.Pos)
	if incoming == 0 || busy(s, me) {
		return "", "", false
	}
	if hunting && 2*(me.Health-incoming) >= me.MaxHealth && b.preyInSight(s, me.Pos) {
		return "", "", false
	}
	if !hunting && me.Health > incoming && bossShots(me.Health-incoming) == bossShots(me.Health) {
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
// while nobody is there, fetch the EXPERIENCE item when the way there and
// back is shorter than the others' ways to the camp's cells (and, once on
// the way, go on); else hold the camp.
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
		exp, d := b.nearestItem(s, Experience)
		if exp == b.fetching && d < b.fetchDist {
			b.fetchDist = d // on the way: fetch it even if prey shows up
		} else if waiting != nil || b.preyInZone1(s) || 2*int(d) >= b.idleRounds(s) {
			exp = -1
		}
		b.fetching, b.fetchDist = exp, d
		if exp >= 0 {
			if step, ok := b.step(s, exp); ok {
				return step, "fetch experience", true
			}
		}
		if start == b.camp || b.covers(s, me.Pos) || waiting != nil {
			return b.holdFire(s, me, waiting, hot), "lie in wait", true
		}
	}
	if step, ok := b.step(s, b.camp); ok {
		return step, "go to the camp", true
	}
	return "", "", false
}

// preyInSight reports whether a clear shot from cell at reaches a ship in
// zone 1 that is busy with the boss.
func (b *tacticalBot) preyInSight(s *State, at hex.Hex) bool {
	for i := range s.Players {
		p := &s.Players[i]
		if !p.Removed && p.Idx != b.idx && Zone(p.Pos) == 1 && busy(s, p) && clearShot(s, at, p.Pos) {
			return true
		}
	}
	return false
}

// idleRounds is the rounds until the first other ship can stand on a cell
// the camp shoots at.
func (b *tacticalBot) idleRounds(s *State) int {
	idle := unreached
	for i := range s.Players {
		p := &s.Players[i]
		if p.Removed || p.Idx == b.idx {
			continue
		}
		b.back.prices(s, p.Idx, p.Power, holeCost)
		b.back.search(s, indexOf(p.Pos), nil)
		for _, t := range b.prey {
			idle = min(idle, int(b.back.dist[indexOf(t)]))
		}
	}
	return idle
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
// at an asteroid in reach that survives it (the hunter keeps its cover);
// else a step to a safe cell that shoots at all the camp's cells; else,
// with prey (when not nil) in zone 1, a shot at any asteroid in reach
// rather than a step away; else a step to a safe cell that keeps the prey
// in a clear shot; else any legal action.
func (b *tacticalBot) holdFire(s *State, me *Player, prey *Player, hot *[CellCount]bool) string {
	for _, j := range inReach[indexOf(me.Pos)] {
		t := cells[j]
		if tile := s.Tiles[j]; tile.Kind == Asteroid && tile.Asteroid > me.Power && s.AttackStop(me.Pos, t) == t {
			return Attack(t)
		}
	}
	var near []hex.Hex
	for _, n := range me.Pos.Neighbours() {
		i, ok := index(n)
		if ok && !hot[i] && Zone(n) != 1 && s.Tiles[i].Kind == Empty && !s.occupied(n, b.idx) && b.firing(s, n) == 0 {
			near = append(near, n)
		}
	}
	for _, n := range near {
		if b.covers(s, n) {
			return Move(n)
		}
	}
	if prey != nil {
		for _, j := range inReach[indexOf(me.Pos)] {
			if t := cells[j]; s.Tiles[j].Kind == Asteroid && s.AttackStop(me.Pos, t) == t {
				return Attack(t)
			}
		}
	}
	for _, n := range near {
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
	for _, t := range targets {
		if clearShot(s, cells[best], t) {
			b.prey = append(b.prey, t)
		}
	}
	return best
}

// covers reports whether clear shots from cell at reach all the cells the
// camp shoots at.
func (b *tacticalBot) covers(s *State, at hex.Hex) bool {
	for _, t := range b.prey {
		if !clearShot(s, at, t) {
			return false
		}
	}
	return true
}

// bossShots is how many times a ship with health h can shoot the boss from
// zone 1 before the boss's direct attack destroys it (it enters first).
func bossShots(h int) int { return max(0, (h+BossDamage-1)/BossDamage-1) }

// shotsIn is how many shots at the boss a ship makes in the rounds left
// when it stands on a cell that shoots the boss after toSpot moves (the
// last one entering zone 1) with health h, then plays the boss cycle:
// shooting until the boss destroys it, walking walk moves back from its
// spawn with health full.
func shotsIn(left, toSpot, h, walk, full int) int {
	shots := 0
	for left > toSpot {
		left -= toSpot
		n := bossShots(h)
		if left <= n {
			return shots + left
		}
		shots, left = shots+n, left-n
		toSpot, h = walk, full
	}
	return shots
}

// bossCycle is an action of the boss cycle: shoot the boss from zone 1;
// when the next boss turn would destroy the ship, fetch the HEALTH item
// instead if that makes at least as many shots in the rounds left (and one
// death fewer); kill what a shot can kill on the way; head for the nearest
// cell that shoots the boss.
func (b *tacticalBot) bossCycle(s *State, me *Player, hot *[CellCount]bool) (string, string) {
	start := indexOf(me.Pos)
	healCell, healDist := b.nearestItem(s, Health)
	spot, _ := b.nearestSpot(s)
	if healCell >= 0 && spot >= 0 && me.Health <= BossDamage && b.leavesZone1(healCell) {
		left := s.ruleSet().Rounds - s.Round
		walk := b.backFrom(s, indexOf(Spawn(b.idx)))
		trip := int(healDist) + b.backFrom(s, healCell)
		healing := shotsIn(left, trip, me.MaxHealth, walk, me.MaxHealth)
		dying := shotsIn(left, int(b.pl.dist[spot]), me.Health, walk, me.MaxHealth)
		if _, ok := bossShot(s, me.Pos); ok {
			dying = 1 + shotsIn(left-1, walk, me.MaxHealth, walk, me.MaxHealth)
		}
		if healing >= dying {
			if step, ok := b.step(s, healCell); ok {
				return step, fmt.Sprintf("heal: %d shots, not %d", healing, dying)
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

// backFrom is the rounds from cell from to the nearest cell that shoots
// the boss, on the map as it is now.
func (b *tacticalBot) backFrom(s *State, from int) int {
	b.back.prices(s, b.idx, s.Player(b.idx).Power, holeCost)
	b.back.search(s, from, nil)
	best := int32(unreached)
	for i, h := range cells {
		if Zone(h) == 1 && b.back.dist[i] < best {
			if _, ok := bossShot(s, h); ok {
				best = b.back.dist[i]
			}
		}
	}
	return int(best)
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
