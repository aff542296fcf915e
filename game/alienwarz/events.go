package alienwarz

import (
	"strconv"

	"github.com/arena-games/arena/game"
)

// The Data of the events of a step. Player is 1 or 2; Event.Kind is the
// type's name in lower case ("moved", "mined", ...).
type (
	// Moved is a "moved" event: the player walked From → To for Cost
	// energy; Dazed when the command was mirrored.
	Moved struct {
		Player   int
		From, To Cell
		Cost     int
		Dazed    bool
	}
	// Mined is a "mined" event: one hit on the deposit At; Emptied when it
	// has no hits left.
	Mined struct {
		Player  int
		At      Cell
		Kind    Kind
		Emptied bool
	}
	// Built is a "built" event: a factory of the player's appeared At.
	Built struct {
		Player int
		At     Cell
	}
	// Attacked is an "attacked" event: the factory At lost health, down to
	// Health; Destroyed at 0.
	Attacked struct {
		Player    int
		At        Cell
		Health    int
		Destroyed bool
	}
	// Put is a "put" event: items went from the bag into the factory At.
	Put struct {
		Player             int
		At                 Cell
		Minerals, Diamonds int
	}
	// Took is a "took" event: refined items came out of the factory At into
	// the bag.
	Took struct {
		Player             int
		At                 Cell
		Minerals, Diamonds int
	}
	// Converted is a "converted" event: items became coins, energy and XP
	// at the base; the amounts gained, after the caps.
	Converted struct {
		Player            int
		Coins, Energy, XP int
	}
	// Rested is a "rested" event.
	Rested struct{ Player int }
	// Bought is a "bought" event: the player bought Item (freeze, daze or
	// backpack).
	Bought struct {
		Player int
		Item   string
	}
	// Invalid is an "invalid" event: the line was malformed or illegal (or
	// missing: no answer in time), and cost the penalty.
	Invalid struct {
		Player       int
		Line, Reason string
	}
	// Replenished is a "replenished" event: the deposit At can be mined
	// again.
	Replenished struct{ At Cell }
	// Dropped is a "dropped" event: a backpack ran out and these items fell
	// out of the bag, newest first.
	Dropped struct {
		Player int
		Items  []Item
	}
	// Ended is an "ended" event: the game is over; Winner 0 is a draw.
	// Reason is State.Reason.
	Ended struct {
		Winner int
		Reason string
	}
)

// event makes an event of the player's seat.
func event(kind string, player int, data any, text string) game.Event {
	seat := game.Seat(0)
	if player == 2 {
		seat = 1
	}
	return game.Event{Kind: kind, Seat: seat, Text: text, Data: data}
}

// pn is "P1" or "P2".
func pn(player int) string { return "P" + strconv.Itoa(player) }
