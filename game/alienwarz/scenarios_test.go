package alienwarz

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

// view reads the view of s for the player to act as JSON.
func view(t testing.TB, s *State) map[string]any {
	t.Helper()
	var v map[string]any
	require.NoError(t, json.Unmarshal(s.View(max(s.ToAct, 1)), &v), "%s", s.View(1))
	return v
}

// field is a number of a player in the view of s.
func field(t testing.TB, s *State, player int, name string) int {
	t.Helper()
	p := view(t, s)["player"+string(rune('0'+player))].(map[string]any)
	return int(p[name].(float64))
}

// cellOf is the token of a cell in the view of s.
func cellOf(t testing.TB, s *State, x, z int) string {
	t.Helper()
	return view(t, s)["board"].([]any)[x].([]any)[z].(string)
}

// p2First is a state at turn 1 with P2 to act.
func p2First(s *State) { s.Turn, s.ToAct = 1, 2 }

func TestScenario01ViewBytes(t *testing.T) {
	t.Parallel()
	log := fixture(t, fixtureLog)
	line := strings.Split(string(log), "\n")[2]
	_, want, ok := strings.Cut(line, "Writing to process: ")
	require.True(t, ok)
	want = strings.ReplaceAll(want, "\r", "")
	eng, err := Title{}.New(game.Config{Options: map[string]string{
		OptLevels: filepath.Join(fixtureDir, "levels.json"), OptLevel: "4", OptName1: "1", OptName2: "Topic Team"}})
	require.NoError(t, err)
	s := eng.Observe(0).(*State)
	require.Equal(t, want+"\n", string(s.View(1))+"\n")
	require.Equal(t, 4, s.Level)
	require.Equal(t, "levels.json #4", s.LevelName)
}

func TestScenario02EmptyBagMove(t *testing.T) {
	t.Parallel()
	s := steps(t, empty(p2First), "move 7 9")
	require.Equal(t, 993, field(t, s, 2, "energy"))
	require.Equal(t, []any{7.0, 9.0}, view(t, s)["player2"].(map[string]any)["position"])
	require.Equal(t, "B", cellOf(t, s, 0, 9))
	require.Equal(t, "2", cellOf(t, s, 7, 9))
}

func TestScenario03LoadedMove(t *testing.T) {
	t.Parallel()
	s := empty(p2First, at(2, Cell{4, 3}), func(s *State) { s.Players[1].Bag, s.Players[1].Energy = items("D"), 976 })
	s = steps(t, s, "move 4 2")
	require.Equal(t, 970, s.Players[1].Energy)
	s = steps(t, s, "rest", "move 7 2")
	require.Equal(t, 952, s.Players[1].Energy)
}

func TestScenario04And05HeavyMoves(t *testing.T) {
	t.Parallel()
	for _, orig := range []bool{false, true} {
		r := defaultRules
		r.OrigMoveCost = orig
		s := empty(at(1, Cell{5, 5}), func(s *State) { s.rules, s.Players[0].Bag = &r, items("MMMM") })
		s = steps(t, s, "move 5 8")
		require.Equal(t, map[bool]int{false: 976, true: 973}[orig], s.Players[0].Energy)

		s = empty(func(s *State) {
			s.rules = &r
			p := &s.Players[0]
			p.Bag, p.Capacity, p.Backpack = items("MMMMMMMM"), 16, 10
		})
		require.Equal(t, 16, s.Weight(1))
		s = steps(t, s, "move 9 2")
		require.Equal(t, map[bool]int{false: 984, true: 982}[orig], s.Players[0].Energy)
	}
}

func TestScenario06IllegalMoves(t *testing.T) {
	t.Parallel()
	for _, l := range []string{"move 8 1", "move 9 0", "move 10 0"} {
		invalid(t, empty(), l)
	}
	invalid(t, empty(deposit(Mineral, Cell{9, 2})), "move 9 5")
	invalid(t, empty(at(1, Cell{0, 8}), at(2, Cell{5, 5})), "move 0 9")
	invalid(t, empty(at(1, Cell{5, 0}), at(2, Cell{5, 3})), "move 5 6")
}

func TestScenario07Daze(t *testing.T) {
	t.Parallel()
	dazed := func(c Cell) *State {
		return empty(p2First, at(2, c), func(s *State) { s.Players[1].Daze = 3 })
	}
	s := steps(t, dazed(Cell{3, 5}), "move 3 8")
	require.Equal(t, Cell{3, 2}, s.Players[1].Pos)
	require.Equal(t, 997, s.Players[1].Energy)
	s = steps(t, dazed(Cell{3, 1}), "move 3 -2")
	require.Equal(t, Cell{3, 4}, s.Players[1].Pos)
	invalid(t, dazed(Cell{1, 5}), "move 5 5")
}

func TestScenario08MineDiamond(t *testing.T) {
	t.Parallel()
	s := empty(p2First, at(2, Cell{4, 3}), deposit(Diamond, Cell{4, 4}), func(s *State) { s.Players[1].Energy = 982 })
	s = steps(t, s, "mine 4 4")
	require.Equal(t, 976, field(t, s, 2, "energy"))
	require.Equal(t, "D_2_0", cellOf(t, s, 4, 4))
	require.Equal(t, 1, field(t, s, 2, "raw_diamonds"))
	require.Equal(t, 5, field(t, s, 2, "backpack_capacity"))
}

func TestScenario09BadMining(t *testing.T) {
	t.Parallel()
	invalid(t, empty(at(1, Cell{5, 5}), deposit(Diamond, Cell{4, 4})), "mine 4 4")
	invalid(t, empty(at(1, Cell{5, 5}), deposit(Mineral, Cell{5, 6}), func(s *State) { s.Players[0].Bag = items("Mmmmmm") }), "mine 5 6")
	require.Equal(t, 7, empty(func(s *State) { s.Players[0].Bag = items("Mmmmmm") }).Weight(1))
	emptied := empty(at(1, Cell{5, 5}), deposit(Mineral, Cell{5, 6}), func(s *State) {
		s.Turn = 40
		s.Deposits[0].Remaining, s.Deposits[0].EmptiedTurn = 0, 22
	})
	require.Equal(t, "M_0_12", emptied.Token(Cell{5, 6}))
	invalid(t, emptied, "mine 5 6")
	invalid(t, empty(at(1, Cell{8, 0})), "mine 9 0")
}

func TestScenario10Depletion(t *testing.T) {
	t.Parallel()
	for _, k := range []Kind{Mineral, Diamond} {
		s := empty(at(1, Cell{5, 4}), deposit(k, Cell{5, 5}), func(s *State) {
			s.Turn = 40
			s.Deposits[0].Remaining = 1
		})
		letter := map[Kind]string{Mineral: "M", Diamond: "D"}[k]
		require.Equal(t, letter+"_1_0", s.Token(Cell{5, 5}))
		s = steps(t, s, "mine 5 5")
		require.Equal(t, 41, s.Turn)
		require.Equal(t, map[Kind]string{Mineral: "M_0_29", Diamond: "D_0_59"}[k], s.Token(Cell{5, 5}))
		if k == Mineral {
			for s.Turn < 70 {
				s = steps(t, s, "rest")
			}
			require.Equal(t, "M_0_0", s.Token(Cell{5, 5}))
			s = invalid(t, s, "mine 5 5")
			require.Equal(t, 71, s.Turn)
			require.Equal(t, "M_6_0", s.Token(Cell{5, 5}))
			continue
		}
		for s.Turn < 100 {
			s = steps(t, s, "rest")
		}
		require.Equal(t, "D_0_0", s.Token(Cell{5, 5}))
		s = steps(t, s, "rest")
		require.Equal(t, "D_3_0", s.Token(Cell{5, 5}))
	}
}

func TestScenario11Build(t *testing.T) {
	t.Parallel()
	s := steps(t, empty(p2First), "build 0 8")
	require.Equal(t, 50, field(t, s, 2, "coins"))
	require.Equal(t, 1000, field(t, s, 2, "energy"))
	require.Equal(t, "F_2_3", cellOf(t, s, 0, 8))
}

func TestScenario12BadBuilds(t *testing.T) {
	t.Parallel()
	invalid(t, empty(func(s *State) { s.Players[0].Coins = 49 }), "build 8 0")
	invalid(t, empty(deposit(Mineral, Cell{8, 0})), "build 8 0")
	invalid(t, empty(at(1, Cell{8, 0})), "build 9 0")
	invalid(t, empty(at(2, Cell{8, 0})), "build 8 0")
	invalid(t, empty(), "build 7 7")
}

// destroy is scenario 13's start: P1 at (5,4), F_2_3 at (5,5), P2 at
// (0,9).
func destroy(mods ...func(*State)) *State {
	s := empty(at(1, Cell{5, 4}), func(s *State) {
		s.Factories = append(s.Factories, Factory{Owner: 2, Pos: Cell{5, 5}, Health: 3})
	})
	for _, m := range mods {
		m(s)
	}
	return s
}

func TestScenario13Destroy(t *testing.T) {
	t.Parallel()
	s := destroy()
	for i, want := range []string{"F_2_2", "F_2_1", "E"} {
		require.Equal(t, 2*i, s.Turn)
		s = steps(t, s, "attack 5 5")
		require.Equal(t, want, s.Token(Cell{5, 5}))
		require.Equal(t, 900-100*i, s.Players[0].Energy)
		s = steps(t, s, "rest")
	}
	require.Equal(t, 175, s.Players[0].Coins)
	require.Equal(t, 75, s.Players[0].XP)
	require.Empty(t, s.Factories)
}

func TestScenario14Guard(t *testing.T) {
	t.Parallel()
	s := invalid(t, destroy(at(2, Cell{4, 6})), "attack 5 5")
	require.Equal(t, 750, s.Players[0].Energy)
	require.Equal(t, "F_2_3", s.Token(Cell{5, 5}))
	invalid(t, destroy(func(s *State) { s.Factories[0].Owner = 1 }), "attack 5 5")
}

func TestScenario15FatalAttack(t *testing.T) {
	t.Parallel()
	s := steps(t, destroy(func(s *State) { s.Players[0].Energy = 100 }), "attack 5 5")
	require.Equal(t, 0, s.Players[0].Energy)
	require.True(t, s.Over)
	require.Equal(t, 2, s.Winner)
	require.Equal(t, "exhausted", s.Reason)
}

func TestScenario16Refine(t *testing.T) {
	t.Parallel()
	start := empty(at(1, Cell{5, 4}), func(s *State) {
		s.Turn = 10
		s.Factories = append(s.Factories, Factory{Owner: 1, Pos: Cell{5, 5}, Health: 3})
		s.Players[0].Bag = items("MM")
	})
	s := steps(t, start, "refinement-put 5 5 mineral 2 diamond 0")
	require.Empty(t, s.Players[0].Bag)
	s = steps(t, s, "rest", "rest", "rest")
	require.Equal(t, 14, s.Turn)
	s = invalid(t, s, "refinement-take 5 5 mineral 2 diamond 0")
	s = steps(t, s, "rest")
	require.Equal(t, 16, s.Turn)
	s = steps(t, s, "refinement-take 5 5 mineral 2 diamond 0")
	require.Equal(t, 2, field(t, s, 1, "processed_minerals"))
	require.Equal(t, 2, field(t, s, 1, "backpack_capacity"))

	start.Players[0].Bag = items("DD")
	s = steps(t, start, "refinement-put 5 5 mineral 0 diamond 2")
	for s.Turn < 20 {
		s = steps(t, s, "rest")
	}
	s = invalid(t, s, "refinement-take 5 5 mineral 0 diamond 1")
	s = steps(t, s, "rest")
	require.Equal(t, 22, s.Turn)
	s = steps(t, s, "refinement-take 5 5 mineral 0 diamond 2")
	require.Equal(t, 2, field(t, s, 1, "processed_diamonds"))
}

func TestScenario17Conversion(t *testing.T) {
	t.Parallel()
	s := empty(p2First, func(s *State) { s.Players[1].Bag, s.Players[1].Energy = items("D"), 868 })
	s = steps(t, s, "conv 0 diamond 0 mineral to coins, 0 diamond 0 mineral to energy, 1 diamond 0 mineral to xp")
	require.Equal(t, 25, field(t, s, 2, "xp"))
	require.Empty(t, s.Players[1].Bag)
	require.Equal(t, 868, field(t, s, 2, "energy"))
}

func TestScenario18Caps(t *testing.T) {
	t.Parallel()
	s := empty(func(s *State) {
		p := &s.Players[0]
		p.Coins, p.Energy, p.Bag = 990, 900, items("MmD")
	})
	s = steps(t, s, "conv 1 diamond 0 mineral to coins, 0 diamond 2 mineral to energy, 0 diamond 0 mineral to xp")
	p := s.Players[0]
	require.Equal(t, []int{1000, 1000, 0}, []int{p.Coins, p.Energy, p.XP})
	require.Empty(t, p.Bag)
}

func TestScenario19BadConversions(t *testing.T) {
	t.Parallel()
	bag := func(spec string) func(*State) { return func(s *State) { s.Players[0].Bag = items(spec) } }
	invalid(t, empty(at(1, Cell{8, 0}), bag("MD")), "conv 0 diamond 1 mineral to coins, 0 diamond 0 mineral to energy, 0 diamond 0 mineral to xp")
	invalid(t, empty(bag("MD")), "conv 0 diamond 0 mineral to coins, 0 diamond 0 mineral to energy, 0 diamond 0 mineral to xp")
	invalid(t, empty(bag("M")), "conv 0 diamond 1 mineral to coins, 0 diamond 1 mineral to energy, 0 diamond 0 mineral to xp")
	invalid(t, empty(bag("MD")), "conv 1 diamond 1 mineral to coins")
}

func TestScenario20Freeze(t *testing.T) {
	t.Parallel()
	s := steps(t, empty(func(s *State) { s.Players[1].Coins = 200 }), "rest", "shop freeze")
	require.Equal(t, 0, s.Players[1].Coins)
	for i, want := range []int{3, 2, 1} {
		require.Equal(t, 2+i, s.Turn)
		require.Equal(t, 2, s.ToAct)
		require.Equal(t, want, field(t, s, 1, "frozen_turns"))
		s = steps(t, s, "rest")
	}
	require.Equal(t, 5, s.Turn)
	require.Equal(t, 1, s.ToAct)
	require.Equal(t, 0, field(t, s, 1, "frozen_turns"))
}

func TestScenario21Daze(t *testing.T) {
	t.Parallel()
	s := steps(t, empty(), "shop daze")
	require.Equal(t, 90, s.Players[0].Coins)
	for i, want := range []int{3, 2, 1, 0} {
		require.Equal(t, 1+2*i, s.Turn)
		require.Equal(t, 2, s.ToAct)
		require.Equal(t, want, field(t, s, 2, "daze_turns"))
		if want == 0 {
			break
		}
		s = steps(t, s, "rest", "rest")
	}
	s = steps(t, s, "move 0 5")
	require.Equal(t, Cell{0, 5}, s.Players[1].Pos)
}

func TestScenario22Backpack(t *testing.T) {
	t.Parallel()
	s := steps(t, empty(func(s *State) { s.Players[0].Coins = 175 }), "shop backpack")
	require.Equal(t, 0, s.Players[0].Coins)
	s = steps(t, s, "rest")
	require.Equal(t, 19, field(t, s, 1, "increased_backpack_duration"))
	for s.Turn < 40 {
		s = steps(t, s, "rest")
	}
	require.Equal(t, 1, s.ToAct)
	require.Equal(t, 0, field(t, s, 1, "increased_backpack_duration"))
	require.Equal(t, 16, s.Players[0].Capacity)
	s.Players[0].Bag = items("MDMMD")
	require.Equal(t, 16, s.Weight(1))
	s, events := step(t, s, "rest")
	require.Equal(t, []Item{{Kind: Mineral, Mined: 0}, {Kind: Diamond, Mined: 1}}, s.Players[0].Bag)
	require.Equal(t, "dropped", events[len(events)-1].Kind)
	s = steps(t, s, "rest")
	require.Equal(t, 42, s.Turn)
	require.Equal(t, 1, field(t, s, 1, "raw_minerals"))
	require.Equal(t, 1, field(t, s, 1, "raw_diamonds"))
	require.Equal(t, 7, field(t, s, 1, "backpack_capacity"))
}

func TestScenario23DoubleFreeze(t *testing.T) {
	t.Parallel()
	for _, orig := range []bool{false, true} {
		r := defaultRules
		r.OrigStatusStacking = orig
		s := steps(t, empty(func(s *State) { s.rules, s.Players[1].Coins = &r, 400 }), "rest", "shop freeze", "shop freeze")
		require.Equal(t, 3, s.Turn)
		require.Equal(t, map[bool]int{false: 5, true: 6}[orig], field(t, s, 1, "frozen_turns"))
		last := map[bool]int{false: 7, true: 8}[orig]
		for s.Turn <= last {
			require.Equal(t, 2, s.ToAct, "turn %d", s.Turn)
			s = steps(t, s, "rest")
		}
		require.Equal(t, 1, s.ToAct, "turn %d", s.Turn)
	}
}

func TestScenario24Malformed(t *testing.T) {
	t.Parallel()
	for _, l := range []string{"Rest", "rest ", " rest", "rest\r", "", "move 1", "shop Freeze", "mine -1 2", "move 99999999999 0",
		"conv 2147483647 diamond 0 mineral to coins, 1 diamond 0 mineral to energy, 0 diamond 0 mineral to xp", "rest\nmove 8 0"} {
		s := invalid(t, empty(), l)
		require.Equal(t, 1, s.Turn)
	}
	c, err := ParseCommand("rest\n")
	require.NoError(t, err, "one trailing newline is removed")
	require.Equal(t, ActRest, c.Action)
}

func TestScenario26DeathByPenalty(t *testing.T) {
	t.Parallel()
	e := NewEngine(empty(func(s *State) { s.Players[0].Energy = 200 }), nil)
	require.NoError(t, e.Step(map[game.Seat]string{0: "jump"}))
	require.Equal(t, 0, e.Current().Players[0].Energy)
	require.True(t, e.Over())
	require.Empty(t, e.ToMove())
	require.Equal(t, game.Result{Winner: 2, Ranking: []int{2, 1}, Reason: "exhausted"}, e.Result())
}

func TestScenario27TurnLimit(t *testing.T) {
	t.Parallel()
	end := func(mods ...func(*State)) *State {
		s := empty(p2First, func(s *State) { s.Turn = 249 })
		for _, m := range mods {
			m(s)
		}
		s = steps(t, s, "rest")
		require.True(t, s.Over)
		return s
	}
	stats := func(s *State) {
		s.Players[0].XP, s.Players[0].Coins, s.Players[0].Energy = 100, 300, 500
		s.Players[1].XP, s.Players[1].Coins, s.Players[1].Energy = 100, 300, 460 // 480 after resting
	}
	s := end(stats)
	require.Equal(t, 480, s.Players[1].Energy)
	require.Equal(t, []any{1, "energy"}, []any{s.Winner, s.Reason})

	ties := func(orig bool) func(*State) {
		return func(s *State) {
			r := defaultRules
			r.OrigTiebreak = orig
			s.rules = &r
			s.Players[1].Energy = 480
			s.Factories = append(s.Factories, Factory{Owner: 1, Pos: Cell{5, 5}, Health: 3})
			s.Players[0].Built = 1
			s.Players[1].Bag = items("D")
		}
	}
	s = end(stats, ties(false))
	require.Equal(t, []any{1, "factories"}, []any{s.Winner, s.Reason})
	s = end(stats, ties(true))
	require.Equal(t, []any{2, "weight"}, []any{s.Winner, s.Reason})
	s = end()
	require.Equal(t, []any{0, "draw"}, []any{s.Winner, s.Reason})

	e := NewEngine(empty(p2First, func(s *State) { s.Turn = 248 }), nil)
	require.NoError(t, e.Step(map[game.Seat]string{1: "rest"}))
	require.NoError(t, e.Step(map[game.Seat]string{0: "rest"}))
	require.True(t, e.Over(), "250 actions: 0..249")
}

func TestScenario28Rebuild(t *testing.T) {
	t.Parallel()
	for _, orig := range []bool{false, true} {
		r := defaultRules
		r.OrigStaleFactory = orig
		s := destroy(func(s *State) { s.rules = &r })
		s = steps(t, s, "attack 5 5", "rest", "attack 5 5", "rest", "attack 5 5")
		require.Equal(t, "E", s.Token(Cell{5, 5}))
		s.Players[1].Pos, s.Players[1].Bag = Cell{5, 6}, items("MM")
		s = steps(t, s, "build 5 5")
		if !orig {
			require.Equal(t, "F_2_3", s.Token(Cell{5, 5}))
			s = steps(t, s, "rest", "refinement-put 5 5 mineral 1 diamond 0")
			require.Len(t, s.FactoryAt(Cell{5, 5}).Contents, 1)
			continue
		}
		require.Equal(t, "F_2_0", s.Token(Cell{5, 5}))
		s = steps(t, s, "rest")
		s = invalid(t, s, "refinement-put 5 5 mineral 1 diamond 0")
		s = steps(t, s, "rest")
		s = invalid(t, s, "refinement-take 5 5 mineral 1 diamond 0")
		s.Players[1].Pos = Base(2) // no guard: the attack fails on the stale factory alone
		s = invalid(t, s, "attack 5 5")
	}
}
