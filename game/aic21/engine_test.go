package aic21

import (
	"context"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

// match plays a whole game between two built-in bots through game.Match.
func match(t testing.TB, cfg game.Config, kinds [2]string) *game.Match {
	t.Helper()
	var seats []game.Entrant
	for i, k := range kinds {
		p, err := Title{}.NewBot(k, "", game.Seat(i), game.NewRand(cfg.Seed, uint64(i)+1))
		require.NoError(t, err)
		seats = append(seats, game.Entrant{Spec: game.SeatSpec{Kind: k}, Player: p})
	}
	m, err := game.NewMatch(Arena, cfg, seats)
	require.NoError(t, err)
	_, err = m.Run(context.Background())
	require.NoError(t, err)
	return m
}

// logged is what the log records of a state: the rest (cargo amounts,
// swamp holds, queued units, delayed resources) it does not hold.
func logged(s *State) State {
	c := *s
	c.Delayed = nil
	c.Units = nil
	for _, u := range s.Units {
		u.Amount, u.Stuck, u.Arrival = 0, 0, 0
		c.Units = append(c.Units, u)
	}
	for k := range c.Colonies {
		c.Colonies[k].QueuedWorkers, c.Colonies[k].QueuedSoldiers = 0, 0
		if len(c.Colonies[k].Chat) == 0 {
			c.Colonies[k].Chat = nil
		}
		if len(c.Colonies[k].Trivial) == 0 {
			c.Colonies[k].Trivial = nil
		}
	}
	if len(c.Attacks) == 0 {
		c.Attacks = nil
	}
	return c
}

// probe is an agent that records what it is given.
type probe struct {
	init  *Init
	seen  []*Status
	reply UnitMove
}

func (p *probe) Init(in *Init) { p.init = in }

func (p *probe) Turn(st *Status) UnitMove {
	p.seen = append(p.seen, st)
	return p.reply
}

// TestSwarmFansOut checks that a seat is played by one agent per unit:
// each made at its unit's INIT, given only that unit's views, dropped at
// its KILL; and that the seat's move bundles their answers.
func TestSwarmFansOut(t *testing.T) {
	t.Parallel()
	s := newScen(t, size(30, 30, Cell{5, 5}, Cell{20, 20}), func(_ *Map, r *Rules) { r.InitWorkers, r.InitSoldiers = 2, 1 })
	var agents []*probe
	swarm := NewSwarm(func(*rand.Rand) Agent {
		p := &probe{reply: UnitMove{Move: true, Dir: Right}}
		agents = append(agents, p)
		return p
	}, game.NewRand(1, 1))
	play := func() string {
		a, err := swarm.Play(context.Background(), s.e.Observe(0))
		require.NoError(t, err)
		return a.Move
	}
	require.Equal(t, "", play(), "INIT is not answered (R3)")
	require.Len(t, agents, 3)
	for _, p := range agents {
		require.NotNil(t, p.init)
		require.Equal(t, [2]int{5, 5}, [2]int{p.init.BaseX, p.init.BaseY})
	}
	require.Equal(t, 0, agents[0].init.AntType, "unit 0 is the scorpion")
	s.step("", "")
	move := play()
	require.Equal(t, "0:1 1:1 2:1", move)
	st := s.step(move, "")
	play()
	for id, p := range agents {
		u, ok := st.Unit(id)
		require.True(t, ok)
		require.Len(t, p.seen, 2)
		last := p.seen[1]
		require.Equal(t, [2]int{6, 5}, [2]int{last.X, last.Y}, "agent %d sees its own unit", id)
		require.Equal(t, u.Health, last.Health)
	}
	late := NewSwarm(func(*rand.Rand) Agent { return &probe{reply: UnitMove{Move: true, Dir: Up}} }, game.NewRand(2, 1))
	require.Len(t, late.Answers(s.e.Observe(0).(Views)), 3, "a seat that joins late plays every unit")
	s.w().units[1].Health = 0 // unit 1 dies in the next turn
	s.step("", "")
	play()
	require.Len(t, swarm.agents, 2, "the dead unit's agent is gone")
	_, ok := swarm.agents[1]
	require.False(t, ok)
}

// TestCommander: a person's orders replace the bot's for the units they
// name; the rest follow the bot; out of time, all follow the bot.
func TestCommander(t *testing.T) {
	t.Parallel()
	s := newScen(t, size(30, 30, Cell{5, 5}, Cell{20, 20}), func(_ *Map, r *Rules) { r.InitWorkers = 2 })
	bot, err := Title{}.NewBot("forager", "", 0, game.NewRand(1, 1))
	require.NoError(t, err)
	person := game.NewHuman()
	c, err := NewCommander(person, bot)
	require.NoError(t, err)
	require.Same(t, person, c.Person())
	ctx := context.Background()
	play := func(ctx context.Context, orders string) (game.Answer, error) {
		done := make(chan struct{})
		var a game.Answer
		var err error
		go func() {
			a, err = c.Play(ctx, s.e.Observe(0))
			close(done)
		}()
		if orders != "" {
			for !person.Submit(orders) {
				runtime.Gosched()
			}
		}
		<-done
		return a, err
	}
	_, err = play(ctx, "0:0")
	require.NoError(t, err)
	s.step("", "")
	a, err := play(ctx, `1:3:2:"here"`)
	require.NoError(t, err)
	moves, err := ParseUnitMoves(a.Move)
	require.NoError(t, err)
	require.Len(t, moves, 2)
	require.Equal(t, 0, moves[0].Unit, "unit 0 follows the bot")
	require.Equal(t, UnitMove{Unit: 1, Move: true, Dir: Left, Chat: true, Text: "here", Value: 2}, moves[1])
	short, cancel := context.WithTimeout(ctx, 10*time.Millisecond)
	defer cancel()
	a, err = play(short, "")
	require.NoError(t, err)
	require.Contains(t, a.Notes.Text, "no orders in time")
	moves, _ = ParseUnitMoves(a.Move)
	require.Len(t, moves, 2)
	_, err = NewCommander(person, person)
	require.Error(t, err)
}

// A person's seat is a Commander: the match sees the person, and the
// colony bot drives the units they leave alone.
func TestPersonSeatIsACommander(t *testing.T) {
	t.Parallel()
	seats, err := game.ParseSeats(Title{}, "human,forager")
	require.NoError(t, err)
	m, closeFiles, err := game.Setup{Title: Arena, Seats: seats, Seed: 1, Map: "meadow"}.Start()
	require.NoError(t, err)
	defer closeFiles()
	_, ok := m.Seats[0].Player.(*Commander)
	require.True(t, ok, "%T", m.Seats[0].Player)
	h, ok := m.IsHuman(0)
	require.True(t, ok)
	require.Same(t, m.Seats[0].Player.(*Commander).Person(), h)
	_, ok = m.IsHuman(1)
	require.False(t, ok)
}
