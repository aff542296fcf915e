package alienwarz

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

// choice is what a fresh bot of kind plays as the player to act in s.
func choice(t *testing.T, kind string, s *State) string {
	t.Helper()
	p, err := Title{}.NewBot(kind, "", game.Seat(s.ToAct-1), nil)
	require.NoError(t, err)
	a, err := p.Play(context.Background(), s)
	require.NoError(t, err)
	require.NoError(t, s.Check(s.ToAct, a.Move), "%s played %q", kind, a.Move)
	return a.Move
}

func TestBotsPlayCleanly(t *testing.T) {
	t.Parallel()
	cfgs := []game.Config{{Options: map[string]string{OptLevels: testLevels(t), OptLevel: "0"}}, {Options: map[string]string{OptLevels: testLevels(t), OptLevel: "1"}}}
	if _, err := readFixture("levels.json"); err == nil {
		for i := range 6 {
			cfgs = append(cfgs, game.Config{Options: map[string]string{OptLevels: filepath.Join(fixtureDir, "levels.json"), OptLevel: strconv.Itoa(i)}})
		}
	}
	for _, cfg := range cfgs {
		for _, kinds := range [][2]string{{"miner", "strategist"}, {"strategist", "miner"}, {"strategist", "strategist"}, {"miner", "miner"}} {
			rec := recordGame(t, cfg, kinds)
			for i := 1; i < rec.Timeline.Len(); i++ {
				for _, ev := range rec.Timeline.Frame(i).Events {
					require.NotEqual(t, "invalid", ev.Kind, "%v level %s turn %d: %s", kinds, cfg.Options[OptLevel], i, ev.Text)
				}
			}
			res, over := rec.Result()
			require.True(t, over)
			require.NotEqual(t, "exhausted", res.Reason, "%v level %s", kinds, cfg.Options[OptLevel])
		}
	}
}

func TestNewBot(t *testing.T) {
	t.Parallel()
	require.Len(t, Title{}.Bots(), 2)
	for _, bad := range []struct{ kind, strength string }{{"miner", "3"}, {"genius", ""}} {
		_, err := Title{}.NewBot(bad.kind, bad.strength, 0, nil)
		require.Error(t, err)
	}
	_, err := Title{}.NewBot("miner", "", 2, nil)
	require.Error(t, err)
	p, err := Title{}.NewBot("miner", "", 0, nil)
	require.NoError(t, err)
	_, err = p.Play(context.Background(), "not a state")
	require.Error(t, err)
	_, err = p.Play(context.Background(), empty(p2First))
	require.Error(t, err, "not its turn")
}

func TestStrategistAttacksAndGuards(t *testing.T) {
	t.Parallel()
	// An unguarded factory of the opponent's next to it: 75 XP for 3 turns.
	require.Equal(t, "attack 5 5", choice(t, "strategist", destroy()))

	// The opponent stands next to its factory full of diamonds: it guards.
	s := empty(at(1, Cell{8, 5}), at(2, Cell{5, 6}), func(s *State) {
		s.Factories = append(s.Factories, Factory{Owner: 1, Pos: Cell{5, 5}, Health: 3,
			Contents: []Stored{{Item: Item{Kind: Diamond}}, {Item: Item{Kind: Diamond}}}})
	})
	cmd := choice(t, "strategist", s)
	next, _ := step(t, s, cmd)
	require.True(t, next.Players[0].Pos.near(Cell{5, 5}), "%s", cmd)
}

func TestStrategistShops(t *testing.T) {
	t.Parallel()
	// Coins to spare: a freeze.
	require.Equal(t, "shop freeze", choice(t, "strategist", empty(deposit(Mineral, Cell{7, 0}), func(s *State) { s.Players[0].Coins = 400 })))

	// A bigger bag pays next to a field of diamonds.
	s := empty(func(s *State) { s.Players[0].Coins = 175 })
	for _, c := range []Cell{{8, 1}, {7, 0}, {6, 1}, {7, 2}} {
		deposit(Diamond, c)(s)
	}
	require.Equal(t, "shop backpack", choice(t, "strategist", s))

	// An opponent that stumbles when dazed gets dazed again.
	b := newStrategist(1)
	s = empty(deposit(Mineral, Cell{7, 0}), at(2, Cell{4, 4}), func(s *State) { s.Players[1].Daze = 2 })
	b.choose(s)
	s = s.clone()
	s.Players[1].Energy -= 250
	s.Players[1].Daze = 0
	cmd, _ := b.choose(s)
	require.Equal(t, "shop daze", cmd)
}

func TestMinerBreaksOut(t *testing.T) {
	t.Parallel()
	// Walled off from home with a full bag, the miner attacks a wall.
	s := empty(at(1, Cell{7, 0}), func(s *State) {
		s.Players[0].Bag = items("MMMM")
		s.Factories = append(s.Factories, Factory{Owner: 2, Pos: Cell{8, 0}, Health: 3}, Factory{Owner: 2, Pos: Cell{9, 1}, Health: 3})
	})
	require.Equal(t, "attack 8 0", choice(t, "miner", s))
}
