package aic21

import (
	"context"
	"errors"
	"fmt"

	"github.com/arena-games/arena/game"
)

// Commander is a seat a person plays with a bot's help, for hotseat
// games: the person's orders (a seat's move, as the viewer builds it with
// FormatUnitMoves, handed over with Person().Submit) go to the units they
// name; every other unit follows its bot agent. The agents see every
// round, so they keep their memory whether or not they were overruled.
type Commander struct {
	person *game.Human
	bot    *Swarm
}

// A Commander is a game.Helped title's player: the match sees its person.
var _ interface{ Person() *game.Human } = (*Commander)(nil)

// NewCommander makes a seat for person, helped by bot (NewBot's Swarm).
func NewCommander(person *game.Human, bot game.Player) (*Commander, error) {
	s, ok := bot.(*Swarm)
	if !ok {
		return nil, fmt.Errorf("aic21: a commander's helper must be a built-in bot, not %T", bot)
	}
	return &Commander{person: person, bot: s}, nil
}

// Person is the person at this machine who commands the seat.
func (c *Commander) Person() *game.Human { return c.person }

// Play asks the bot's agents, then waits for the person's orders and puts
// them in place of the agents' answers for the units they name. When the
// person's time runs out, or the orders do not parse, the agents' answers
// stand (the notes say why).
func (c *Commander) Play(ctx context.Context, obs any) (game.Answer, error) {
	views, ok := obs.(Views)
	if !ok {
		return game.Answer{}, fmt.Errorf("aic21 commander: observation is %T, not aic21.Views", obs)
	}
	auto := c.bot.Answers(views)
	a, err := c.person.Play(ctx, obs)
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return game.Answer{Move: FormatUnitMoves(auto), Notes: &game.Notes{Text: "no orders in time: every unit followed the bot"}}, nil
	case err != nil:
		return game.Answer{}, err
	}
	orders, err := ParseUnitMoves(a.Move)
	if err != nil {
		return game.Answer{Move: FormatUnitMoves(auto), Notes: &game.Notes{Text: "orders ignored (" + err.Error() + "): every unit followed the bot"}}, nil
	}
	return game.Answer{Move: FormatUnitMoves(MergeUnitMoves(auto, orders))}, nil
}

// PersonSeat is the seat a person plays (game.Helped): their orders for
// the units they command, the colony bot for the rest.
func (t Title) PersonSeat(person *game.Human, seat game.Seat, r *game.Rand) (game.Player, error) {
	bot, err := t.NewBot("colony", "", seat, r)
	if err != nil {
		return nil, err
	}
	return NewCommander(person, bot)
}
