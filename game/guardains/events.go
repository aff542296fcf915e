package guardains

import (
	"fmt"

	"github.com/arena-games/arena/game"
)

// The Data of the events of a step. Seat is 1 or 2; Event.Kind is the
// type's name in lower case ("moved", "wallbroken", ...) and Event.Seat the
// seat it concerns (the carrier's for StoneDropped, the winner's for Ended).
type (
	// Moved is a "moved" event: a MOVE took the guardian From → To (the
	// cells between are not known; a MOVE to its own cell makes none).
	Moved struct {
		Seat     int
		Hero     Hero
		From, To Cell
	}
	// Jumped is a "jumped" event: Gamora's SPECIAL, walls ignored.
	Jumped struct {
		Seat     int
		Hero     Hero
		From, To Cell
	}
	// WallBroken is a "wallbroken" event: Drax, on At, opened the wall in
	// direction Dir (Up, Left, Down, Right).
	WallBroken struct {
		Seat int
		Hero Hero
		At   Cell
		Dir  int
	}
	// Attacked is an "attacked" event: the guardian on From attacked the
	// cell Target; Victims are the enemies it hit there, in order (none: a
	// miss). A Rocket's attack is resolved before anyone moves.
	Attacked struct {
		Seat         int
		Hero         Hero
		From, Target Cell
		Victims      []Hit
	}
	// Teleported is a "teleported" event: a teleporter on From sent the
	// guardian to To at the round's end.
	Teleported struct {
		Seat     int
		Hero     Hero
		From, To Cell
	}
	// Healed is a "healed" event: a heal point restored the guardian's
	// health.
	Healed struct {
		Seat int
		Hero Hero
		At   Cell
	}
	// ClueFound is a "cluefound" event: the guardian used the clue (or
	// survived the beast) on At. Kind is "direction" (Direction is the
	// wire's D) or "enemies" (Enemies are the other seat's alive
	// guardians).
	ClueFound struct {
		Seat      int
		Hero      Hero
		At        Cell
		Kind      string
		Direction string
		Enemies   []Sighting
	}
	// BeastHit is a "beasthit" event: the beast on At bit the guardian.
	BeastHit struct {
		Seat   int
		Hero   Hero
		At     Cell
		Killed bool
	}
	// StonePicked is a "stonepicked" event: the guardian picked the stone
	// up on At.
	StonePicked struct {
		Seat int
		Hero Hero
		At   Cell
	}
	// StoneDropped is a "stonedropped" event: the carrier (Seat's Hero)
	// died, and the stone lies on At.
	StoneDropped struct {
		Seat int
		Hero Hero
		At   Cell
	}
	// Penalty is a "penalty" event: the seat lost Amount of its penalty
	// score, with the feedback Code (ERROR, INVALID_ACTION, TIMEOUT).
	Penalty struct {
		Seat, Amount int
		Code         string
	}
	// Invalid is an "invalid" event: the seat's action was malformed,
	// stale or illegal, and did nothing.
	Invalid struct {
		Seat   int
		Reason string
	}
	// Ended is an "ended" event: the game is over; Winner 0 is a draw.
	// Reason is State.Reason.
	Ended struct {
		Winner int
		Reason string
	}
)

// Hit is one victim of an attack: the health it lost.
type Hit struct {
	Seat   int
	Hero   Hero
	Damage int
	Killed bool
}

// Sighting is a guardian's cell, as an enemy clue gives it.
type Sighting struct {
	Hero Hero
	At   Cell
}

// The event kinds.
const (
	EventMoved        = "moved"
	EventJumped       = "jumped"
	EventWallBroken   = "wallbroken"
	EventAttacked     = "attacked"
	EventTeleported   = "teleported"
	EventHealed       = "healed"
	EventClueFound    = "cluefound"
	EventBeastHit     = "beasthit"
	EventStonePicked  = "stonepicked"
	EventStoneDropped = "stonedropped"
	EventPenalty      = "penalty"
	EventInvalid      = "invalid"
	EventEnded        = "ended"
)

// event makes an event of seat (1 or 2).
func event(kind string, seat int, data any, format string, args ...any) game.Event {
	return game.Event{Kind: kind, Seat: game.Seat(max(seat, 1) - 1), Text: fmt.Sprintf(format, args...), Data: data}
}

// who is "P1 Gamora".
func who(seat int, h Hero) string { return fmt.Sprintf("P%d %s", seat, h) }

var dirNames = [4]string{"up", "left", "down", "right"}
