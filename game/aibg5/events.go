package aibg5

import (
	"github.com/arena-games/arena/game/hex"
)

// The Event.Kind of each event; Event.Data is the type named beside it.
// Event.Seat is the seat of the player concerned, or -1 for the boss and
// the items' respawn.
const (
	EventMove     = "move"     // Moved
	EventAttack   = "attack"   // Attacked
	EventDeath    = "death"    // Died
	EventPickup   = "pickup"   // Picked
	EventItem     = "item"     // ItemSpawned
	EventAsteroid = "asteroid" // AsteroidDestroyed
	EventLevelUp  = "levelup"  // LevelUp
	EventPenalty  = "penalty"  // Penalty
	EventTrapped  = "trapped"  // Trapped
	EventBoss     = "boss"     // BossStrike
	EventRemoved  = "removed"  // Removed
)

// Moved is a ship's move. Via is the wormhole it entered, nil if none.
type Moved struct {
	Player   int
	From, To hex.Hex
	Via      *hex.Hex
}

// Attacked is an attack that hit something. Target is the cell aimed at,
// Hit the cell that absorbed it. Damage is the health taken (a player, an
// asteroid) or the score gained (the boss); 0 when a black hole, a wormhole
// or (compat) an item absorbed it with a penalty. What is the entity on
// Hit; Victim is the player hit, 0 if none.
type Attacked struct {
	Player      int
	Target, Hit hex.Hex
	Damage      int
	What        Kind
	Victim      int
}

// Died is a ship's death: Killer is the player who killed it, 0 for the
// boss. At is where it died, Respawn where it came back.
type Died struct {
	Player, Killer int
	At, Respawn    hex.Hex
}

// Picked is an item picked up.
type Picked struct {
	Player int
	Item   Kind
	At     hex.Hex
}

// ItemSpawned is an item placed on the map: at the start, or replacing one
// that was picked up.
type ItemSpawned struct {
	Item Kind
	At   hex.Hex
}

// AsteroidDestroyed is an asteroid shot to pieces by player By.
type AsteroidDestroyed struct {
	At hex.Hex
	By int
}

// LevelUp is a ship reaching a level.
type LevelUp struct{ Player, Level int }

// Penalty is the 10% health penalty: Message is the original's message for
// the illegal action, "" when the action was legal but penalised (an attack
// absorbed by a black hole or a wormhole, R13).
type Penalty struct {
	Player, Amount int
	Message        string
}

// Trapped is a ship caught in a black hole.
type Trapped struct {
	Player int
	At     hex.Hex
}

// BossStrike is a boss turn (every boss turn has one): Direct are the zone-1 cells of
// the ships it hit directly, Pattern the cells of the pattern it fired
// (PatternKind 1 or 2; 0 and empty when none), Damaged the players that
// lost health.
type BossStrike struct {
	Direct      []hex.Hex
	Pattern     []hex.Hex
	PatternKind int
	Damaged     []int
}

// Removed is a seat disqualified for giving no answer in time (R21).
type Removed struct{ Player int }
