package aic21

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/arena-games/arena/game"
)

// An Agent plays one unit, as one process of the original did: it gets
// the unit's INIT, then a GAME_STATUS each round, and answers each
// GAME_STATUS with at most one move and one chat message (Unit is
// ignored). Agents share no memory: what one knows, the others learn only
// from the chat.
type Agent interface {
	// Init is the unit's INIT. Built-in agents do not answer it, as the
	// original templates did not (R3), so a unit is idle in its first turn.
	Init(in *Init)
	// Turn answers one GAME_STATUS.
	Turn(st *Status) UnitMove
}

// Bots lists the computer players, weakest first.
func (Title) Bots() []game.Bot {
	return []game.Bot{
		{Kind: "forager", About: "each worker fetches the nearest resource it has seen and brings it home; scorpions guard the base; no chat"},
		{Kind: "colony", About: "units share resource sightings, the enemy base and calls for help in the chat, balance bread and grass, and send scorpions at the enemy base in waves"},
	}
}

// NewBot makes a computer player, forager or colony: a Swarm with one
// agent of that kind per unit. They take no strength; rng seeds the
// agents' own randomness.
func (Title) NewBot(kind, strength string, seat game.Seat, rng *game.Rand) (game.Player, error) {
	if strength != "" {
		return nil, fmt.Errorf("aic21 %s: takes no strength (got %q)", kind, strength)
	}
	if seat != 0 && seat != 1 {
		return nil, fmt.Errorf("aic21 %s: seat %d: a game has seats 1 and 2", kind, seat.Number())
	}
	if rng == nil {
		rng = game.NewRand(int64(seat), 1)
	}
	switch kind {
	case "forager":
		return NewSwarm(func(r *rand.Rand) Agent { return &forager{rng: r} }, rng), nil
	case "colony":
		return NewSwarm(func(r *rand.Rand) Agent { return &colonist{rng: r} }, rng), nil
	}
	return nil, fmt.Errorf("aic21: unknown computer player %q (known: forager, colony)", kind)
}

// Swarm plays a seat with one agent per unit: a new agent for each unit
// that gets INIT, dropped when its unit gets KILL or is gone. Each agent
// gets only its own unit's view, and the seat's move bundles their
// answers.
type Swarm struct {
	newAgent func(rng *rand.Rand) Agent
	rng      *game.Rand
	agents   map[int]Agent
}

// NewSwarm makes a seat whose units are played by agents that newAgent
// makes, each with its own randomness drawn from rng.
func NewSwarm(newAgent func(rng *rand.Rand) Agent, rng *game.Rand) *Swarm {
	return &Swarm{newAgent: newAgent, rng: rng, agents: map[int]Agent{}}
}

// Play hands each unit's view to its agent and bundles the answers.
func (s *Swarm) Play(ctx context.Context, obs any) (game.Answer, error) {
	views, ok := obs.(Views)
	if !ok {
		return game.Answer{}, fmt.Errorf("aic21 bot: observation is %T, not aic21.Views", obs)
	}
	if err := ctx.Err(); err != nil {
		return game.Answer{}, err
	}
	return game.Answer{Move: FormatUnitMoves(s.Answers(views))}, nil
}

// Answers are the agents' answers to views, in ascending unit id.
func (s *Swarm) Answers(views Views) []UnitMove {
	for id := range s.agents {
		if v, ok := views[id]; !ok || v.Type == TypeKill {
			delete(s.agents, id)
		}
	}
	ids := make([]int, 0, len(views))
	for id := range views {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var out []UnitMove
	for _, id := range ids {
		v := views[id]
		switch v.Type {
		case TypeInit:
			a := s.newAgent(rand.New(rand.NewPCG(s.rng.Uint64(), s.rng.Uint64())))
			a.Init(v.Init)
			s.agents[id] = a
		case TypeStatus:
			a, ok := s.agents[id]
			if !ok { // a unit whose INIT this seat missed, in a game it joined late
				a = s.newAgent(rand.New(rand.NewPCG(s.rng.Uint64(), s.rng.Uint64())))
				a.Init(v.Init)
				s.agents[id] = a
			}
			m := a.Turn(v.Status)
			m.Unit = id
			out = append(out, m)
		}
	}
	return out
}
