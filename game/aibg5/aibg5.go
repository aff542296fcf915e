// Package aibg5 is AIBG 5.0 (AIBG 2022, BEST Belgrade): four spaceships
// fight each other and a boss on a hexagonal map of 631 cells. It holds the
// rules engine (rules/aibg5.md §4), the original formats (map files §5.1,
// the server's gameState JSON §3, sequences of states as replays) and the
// built-in bots.
//
// Cells are axial hex.Hex coordinates; the map is the hexagon of radius 14
// around the boss at (0,0). Players are numbered 1..4 (playerIdx); player i
// plays seat i-1.
package aibg5

import (
	"github.com/arena-games/arena/game/hex"
)

// The constants of §2.
const (
	Radius        = 14   // the map's radius: 29 cells across
	CellCount     = 631  // cells on the map
	StartHealth   = 1000 // health and max health at level 1
	StartPower    = 150  // power at level 1
	AttackRange   = 3    // an attack reaches cells at distance 3 or less
	MaxLevel      = 5    // levels stop here; XP keeps counting
	XPPerLevel    = 1000 // XP that buys a level
	LevelHealth   = 300  // max health gained per level
	LevelPower    = 50   // power gained per level
	XPHit         = 30   // XP for hitting a player
	XPKill        = 100  // XP for killing a player (on top of the hit's 30)
	XPPickup      = 100  // XP of the EXPERIENCE item
	XPAsteroid    = 20   // XP for destroying an asteroid
	AsteroidLife  = 350  // an asteroid's starting health
	BossDamage    = 250  // damage of the boss's direct and pattern attacks
	KillScore     = 50   // score for a kill (R1; the original gave 100)
	TrapTurns     = 2    // turns lost in a black hole
	DefaultRounds = 150  // rounds of the offline round cap (R26)
)

// Kind is what a tile holds: its entity.
type Kind uint8

// The kinds of tile entity, in the order of §3.2.
const (
	Empty Kind = iota
	Blackhole
	Wormhole
	Health
	Experience
	Asteroid
	Boss
)

var kindNames = [...]string{"EMPTY", "BLACKHOLE", "WORMHOLE", "HEALTH", "EXPERIENCE", "ASTEROID", "BOSS"}

// String is the entity's "type" in the gameState JSON: "EMPTY", "BOSS", ...
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "UNKNOWN"
}

// Full reports whether the kind sits on a FULL tile (ASTEROID, BOSS).
func (k Kind) Full() bool { return k == Asteroid || k == Boss }

// Tile is one cell's content.
type Tile struct {
	Kind     Kind
	Wormhole int // the pair's id, for a Wormhole
	Asteroid int // the asteroid's health, for an Asteroid
}

// cells is the canonical cell order of §1: rows r = -14..14, q ascending in
// each row. It is shared by every State and never modified.
var cells = func() []hex.Hex {
	out := make([]hex.Hex, 0, CellCount)
	for r := -Radius; r <= Radius; r++ {
		for q := max(-Radius, -Radius-r); q <= min(Radius, Radius-r); q++ {
			out = append(out, hex.Hex{Q: q, R: r})
		}
	}
	return out
}()

// cellIndex maps (q+14, r+14) to the canonical index, -1 off the map.
var cellIndex = func() (t [2*Radius + 1][2*Radius + 1]int16) {
	for i := range t {
		for j := range t[i] {
			t[i][j] = -1
		}
	}
	for i, h := range cells {
		t[h.Q+Radius][h.R+Radius] = int16(i)
	}
	return t
}()

// neighbours[i][d] is the index of cell i's neighbour in direction d
// (hex.Directions order), -1 off the map.
var neighbours = func() (t [CellCount][6]int16) {
	for i, h := range cells {
		for d := range hex.Directions {
			j, ok := index(h.Neighbour(d))
			if !ok {
				j = -1
			}
			t[i][d] = int16(j)
		}
	}
	return t
}()

// Cells lists the 631 cells in canonical order. The slice is shared: never
// modify it.
func Cells() []hex.Hex { return cells }

// OnMap reports whether h is one of the 631 cells.
func OnMap(h hex.Hex) bool { _, ok := index(h); return ok }

// index is the canonical index of h.
func index(h hex.Hex) (int, bool) {
	q, r := h.Q+Radius, h.R+Radius
	if q < 0 || r < 0 || q > 2*Radius || r > 2*Radius {
		return 0, false
	}
	i := cellIndex[q][r]
	return int(i), i >= 0
}

// Zone is the zone of §1 that h lies in: 0 for the boss (rings 0-1), 1 for
// rings 2-4 (the boss's direct attack), 2 for rings 5-10 (its patterns), 3
// for rings 11-14 (safe).
func Zone(h hex.Hex) int {
	switch r := h.Ring(); {
	case r <= 1:
		return 0
	case r <= 4:
		return 1
	case r <= 10:
		return 2
	default:
		return 3
	}
}

// Spawn is player idx's spawn cell (§1).
func Spawn(idx int) hex.Hex { return spawns[idx-1][0] }

// spawns holds, per player, the spawn and its two alternatives (§4.4, R10).
var spawns = [4][3]hex.Hex{
	{{Q: -7, R: -7}, {Q: -8, R: -6}, {Q: -6, R: -8}},
	{{Q: 14, R: -7}, {Q: 14, R: -6}, {Q: 14, R: -8}},
	{{Q: -14, R: 7}, {Q: -14, R: 6}, {Q: -14, R: 8}},
	{{Q: 7, R: 7}, {Q: 8, R: 6}, {Q: 6, R: 8}},
}

// BossCells are the boss's seven cells: the centre and ring 1.
var BossCells = [7]hex.Hex{{Q: 0, R: 0}, {Q: 0, R: -1}, {Q: 1, R: -1}, {Q: -1, R: 0}, {Q: 1, R: 0}, {Q: -1, R: 1}, {Q: 0, R: 1}}

// MaxHealthAt is the max health of a ship of the given level.
func MaxHealthAt(level int) int { return StartHealth + LevelHealth*(level-1) }
