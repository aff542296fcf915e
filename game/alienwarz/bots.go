package alienwarz

import (
	"context"
	"fmt"
	"strconv"

	"github.com/arena-games/arena/game"
)

// Bots lists the computer players, weakest first.
func (Title) Bots() []game.Bot {
	return []game.Bot{
		{Kind: "miner", About: "greedy trips between the nearest resources and home; converts at its base"},
		{Kind: "strategist", About: "plans trips by value per turn, refines in factories, times its conversions, shops when it pays, attacks and guards factories"},
	}
}

// NewBot makes a computer player: miner or strategist. They take no
// strength and use no randomness: the same state gives the same command.
func (Title) NewBot(kind, strength string, seat game.Seat, _ *game.Rand) (game.Player, error) {
	if strength != "" {
		return nil, fmt.Errorf("alienwarz %s: takes no strength (got %q)", kind, strength)
	}
	if seat != 0 && seat != 1 {
		return nil, fmt.Errorf("alienwarz %s: seat %d: a game has seats 1 and 2", kind, seat.Number())
	}
	me := int(seat) + 1
	switch kind {
	case "miner":
		return &bot{seat: seat, brain: &miner{rt: routes{me: me}}}, nil
	case "strategist":
		return &bot{seat: seat, brain: newStrategist(me)}, nil
	}
	return nil, fmt.Errorf("alienwarz: unknown computer player %q (known: miner, strategist)", kind)
}

// brain chooses a command for the state, with a few words on why.
type brain interface {
	choose(s *State) (cmd, why string)
}

// bot is a computer player around its brain.
type bot struct {
	seat  game.Seat
	brain brain
}

// Play answers the command for the observation, a *State.
func (b *bot) Play(ctx context.Context, obs any) (game.Answer, error) {
	s, ok := obs.(*State)
	if !ok {
		return game.Answer{}, fmt.Errorf("alienwarz bot: observation is %T, not a *alienwarz.State", obs)
	}
	if s.Over || s.ToAct != int(b.seat)+1 {
		return game.Answer{}, fmt.Errorf("alienwarz bot %s: not its turn", b.seat)
	}
	if err := ctx.Err(); err != nil {
		return game.Answer{}, err
	}
	cmd, why := b.brain.choose(s)
	return game.Answer{Move: cmd, Notes: &game.Notes{Text: why}}, nil
}

// Commands the bots write.

func mineCmd(c Cell) string { return "mine " + strconv.Itoa(c.X) + " " + strconv.Itoa(c.Z) }

func attackCmd(c Cell) string { return "attack " + strconv.Itoa(c.X) + " " + strconv.Itoa(c.Z) }

func buildCmd(c Cell) string { return "build " + strconv.Itoa(c.X) + " " + strconv.Itoa(c.Z) }

func putCmd(c Cell, a Amount) string {
	return Command{Action: ActPut, At: c, Items: a}.String()
}

func takeCmd(c Cell, a Amount) string {
	return Command{Action: ActTake, At: c, Items: a}.String()
}

// convertCmd converts the whole bag at the base: toEnergy minerals to
// energy, the rest to XP.
func convertCmd(me *Player, toEnergy Amount) string {
	m, d := me.Count(Mineral), me.Count(Diamond)
	return Command{Action: ActConvert, Energy: toEnergy, XP: Amount{m - toEnergy.Minerals, d - toEnergy.Diamonds}}.String()
}

// bagXP is what the bag is worth converted to XP.
func bagXP(r *Rules, bag []Item) int {
	xp := 0
	for _, it := range bag {
		xp += r.ToXP[it.Kind]
	}
	return xp
}

// energyTopUp is how many minerals of the bag to convert to energy to
// bring energy up to about need (a mineral gives 250), and how many
// diamonds (which give little) while energy is under emergency.
func energyTopUp(r *Rules, me *Player, need, emergency int) Amount {
	var a Amount
	e := me.Energy
	for m := me.Count(Mineral); e+r.ToEnergy[Mineral]/2 < need && a.Minerals < m; a.Minerals++ {
		e += r.ToEnergy[Mineral]
	}
	for d := me.Count(Diamond); e < emergency && a.Diamonds < d; a.Diamonds++ {
		e += r.ToEnergy[Diamond]
	}
	return a
}

// moveCmd is the move to cell c for the player, mirrored while dazed, or
// rest when the move would use up the player's energy.
func moveCmd(s *State, player int, c Cell) (string, bool) {
	if s.MoveCost(player, c) >= s.Players[player-1].Energy {
		return "rest", false
	}
	return s.MoveCommand(player, c), true
}
