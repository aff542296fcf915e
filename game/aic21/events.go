package aic21

import (
	"fmt"
	"strconv"

	"github.com/arena-games/arena/game"
)

// The Data of the events of a step. Event.Kind is the type's name in lower
// case ("moved", "attacked", ...) and Event.Seat the colony concerned.
type (
	// Moved is a "moved" event: a unit walked From → To (wrapped, so the
	// cells may lie on opposite edges).
	Moved struct {
		Unit     int
		From, To Cell
	}
	// Attacked is an "attacked" event: one hit.
	Attacked struct{ Hit }
	// Died is a "died" event: the unit (as it was when it died) was
	// removed At its cell and left its deposits.
	Died struct {
		Unit     Unit
		At       Cell
		Deposits []Deposit
	}
	// Delivered is a "delivered" event: a worker emptied its cargo into
	// its colony's bank. An imported log tells only the colony's total of
	// the turn: Unit is -1 then.
	Delivered struct {
		Unit, Colony int
		Res          Res
		Amount       int
	}
	// Spawned is a "spawned" event: a unit created after the last turn
	// appeared at its base.
	Spawned struct{ Unit Unit }
	// Picked is a "picked" event: a worker took Amount of Res from the
	// cell At.
	Picked struct {
		Unit   int
		At     Cell
		Res    Res
		Amount int
	}
	// Trapped is a "trapped" event: a worker lost its cargo on a trap.
	Trapped struct {
		Unit   int
		At     Cell
		Res    Res
		Amount int
	}
	// Chat is a "chat" event: a chat frame of a colony's unit; Accepted
	// when it went into the colony's box.
	Chat struct {
		Colony   int
		Msg      Msg
		Accepted bool
	}
	// Appeared is an "appeared" event: a delayed resource appeared.
	Appeared struct {
		At     Cell
		Res    Res
		Amount int
	}
	// Ignored is an "ignored" event: a seat's move, or one answer of it,
	// that could not be played (R15): the units it named stayed silent.
	Ignored struct {
		Colony       int
		Move, Reason string
	}
	// Ended is an "ended" event: the game is over.
	Ended struct {
		Winner int // the colony
		Reason string
	}
)

// Deposit is a pile of resources a dead unit left.
type Deposit struct {
	At     Cell
	Res    Res
	Amount int
}

func event(kind string, colony int, data any, format string, args ...any) game.Event {
	return game.Event{Kind: kind, Seat: game.Seat(colony), Text: fmt.Sprintf(format, args...), Data: data}
}

func unitName(u *Unit) string {
	if u.Soldier {
		return "scorpion " + strconv.Itoa(u.ID)
	}
	return "ant " + strconv.Itoa(u.ID)
}

func attackerName(id int) string {
	if id < 0 {
		return fmt.Sprintf("base %d", -1-id)
	}
	return fmt.Sprintf("unit %d", id)
}
