package alienwarz

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The worked turn-counting examples of the original document ("Brojanje
// poteza"), with the constants each example assumes.

// rulesWith are the default rules changed by f.
func rulesWith(f func(*Rules)) func(*State) {
	return func(s *State) {
		r := defaultRules
		f(&r)
		s.rules = &r
	}
}

// actors plays rest until turn last and returns who acted at each turn.
func actors(t *testing.T, s *State, last int) (*State, map[int]int) {
	t.Helper()
	who := map[int]int{}
	for s.Turn <= last {
		who[s.Turn] = s.ToAct
		s = steps(t, s, "rest")
	}
	return s, who
}

func TestExampleFreezeAndBackpack(t *testing.T) {
	t.Parallel()
	// "if the backpack lasted 4 turns, freeze 3": P1 buys the backpack at
	// 0, P2 freezes at 1 and plays 2, 3, 4; P1 has the bigger backpack on
	// its turns 5, 7, 9 and 11, and not after.
	s := empty(rulesWith(func(r *Rules) { r.BackpackTurns = 4 }), func(s *State) { s.Players[0].Coins, s.Players[1].Coins = 175, 200 })
	s = steps(t, s, "shop backpack", "shop freeze")
	boosted := map[int]bool{}
	for s.Turn <= 13 {
		if s.ToAct == 1 {
			boosted[s.Turn] = s.Players[0].Capacity == 16
		} else {
			require.Contains(t, []int{2, 3, 4, 6, 8, 10, 12}, s.Turn)
		}
		s = steps(t, s, "rest")
	}
	require.Equal(t, map[int]bool{5: true, 7: true, 9: true, 11: true, 13: false}, boosted)
}

func TestExampleDazeWithFreeze(t *testing.T) {
	t.Parallel()
	// Freezing the one who dazed you extends your daze: it does not tick
	// while you play your extra turns.
	s := empty(func(s *State) { s.Players[1].Coins = 200 })
	s = steps(t, s, "shop daze") // P2's daze: 4, then 3 after the turn
	require.Equal(t, 3, s.Players[1].Daze)
	s = steps(t, s, "shop freeze")
	require.Equal(t, 3, s.Players[1].Daze, "P2's own turn does not tick its daze")
	s, who := actors(t, s, 4)
	require.Equal(t, map[int]int{2: 2, 3: 2, 4: 2}, who)
	require.Equal(t, 3, s.Players[1].Daze, "the daze waited out the freeze")

	// Freeze then daze: the daze counts down at once, during the freeze.
	s = empty(func(s *State) { s.Turn, s.ToAct, s.Players[1].Coins = 1, 2, 210 })
	s = steps(t, s, "shop freeze", "shop daze")
	require.Equal(t, 3, s.Players[0].Daze)
	s = steps(t, s, "rest", "rest") // turns 3 and 4, the freeze's last
	require.Equal(t, 1, s.ToAct)
	require.Equal(t, 1, s.Players[0].Daze, "two of the three dazed turns passed while frozen")
}

func TestExampleAttack(t *testing.T) {
	t.Parallel()
	// Attacks at 0, 2 and 4 on a factory with 3 health: alive, alive, done.
	s := destroy()
	alive := []bool{}
	for s.Turn <= 4 {
		s = steps(t, s, "attack 5 5", "rest")
		alive = append(alive, s.FactoryAt(Cell{5, 5}) != nil)
	}
	require.Equal(t, []bool{true, true, false}, alive)
}

func TestExampleRefinement(t *testing.T) {
	t.Parallel()
	// Put at 0; refining at 1..5; the take works at 6 (R9: turn - put > 5).
	s := empty(at(1, Cell{5, 4}), func(s *State) {
		s.Factories = append(s.Factories, Factory{Owner: 1, Pos: Cell{5, 5}, Health: 3})
		s.Players[0].Bag = items("M")
	})
	s = steps(t, s, "refinement-put 5 5 mineral 1 diamond 0", "rest", "rest", "rest")
	require.Equal(t, 4, s.Turn)
	require.Error(t, s.Check(1, "refinement-take 5 5 mineral 1 diamond 0"))
	s = steps(t, s, "rest", "rest")
	require.Equal(t, 6, s.Turn)
	require.NoError(t, s.Check(1, "refinement-take 5 5 mineral 1 diamond 0"))
}

func TestExampleMiningAndReplenishing(t *testing.T) {
	t.Parallel()
	// A mineral with 2 hits and 4 replenish turns: hits at 0 and 2 empty
	// it; it replenishes at 3..6 and can be mined again at 7.
	s := empty(rulesWith(func(r *Rules) { r.MineHits[Mineral], r.Replenish[Mineral] = 2, 4 }),
		at(1, Cell{5, 4}), func(s *State) {
			r := s.Rules()
			s.Deposits = append(s.Deposits, Deposit{Kind: Mineral, Pos: Cell{5, 5}, Remaining: 2, Max: 2, EmptiedTurn: -1, Replenish: r.Replenish[Mineral]})
		})
	s = steps(t, s, "mine 5 5", "rest", "mine 5 5")
	minable := map[int]bool{}
	for s.Turn <= 7 {
		minable[s.Turn] = s.DepositAt(Cell{5, 5}).Remaining > 0
		s = steps(t, s, "rest")
	}
	require.Equal(t, map[int]bool{3: false, 4: false, 5: false, 6: false, 7: true}, minable)
}
