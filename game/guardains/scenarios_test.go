package guardains

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The conformance scenarios of §8, numbered as there.

func TestScenario01View(t *testing.T) {
	t.Parallel()
	s := start(level(t, mazeA), nil, put(1, Groot, Cell{2, 2}), put(1, Rocket, Cell{0, 4}))
	o := s.Observe(1)
	require.Equal(t, [4][]string{{}, {"(1, 2)", "(0, 2)"}, {"(2, 3)"}, {}}, lines(o, Groot))
	require.Equal(t, [4][]string{{"(0, 3)"}, {}, {}, {"(1, 4)", "(2, 4)", "(3, 4)", "(4, 4)"}}, lines(o, Rocket))
	// Groot is alone on his cell; Rocket shares (4, 4)'s line with seat 2.
	require.Equal(t, []Presence{{Mine: true, Hero: Groot}}, o.Movegen[Groot].Current.Present)
	require.Len(t, o.Movegen[Rocket].Neighbours[Right][3].Present, 5)
	require.False(t, o.Movegen[Rocket].Neighbours[Right][3].Present[0].Mine)
}

func TestScenario02StarLord(t *testing.T) {
	t.Parallel()
	s := start(level(t, mazeA), nil, put(1, StarLord, Cell{1, 3}))
	require.Equal(t, [4][]string{{"(1, 2)", "(1, 1)"}, {"(0, 3)"}, {}, {}}, lines(s.Observe(1), StarLord))
	require.Equal(t, "[[[1,2],[1,1],[1,0]],[[0,3]],[[1,4]],[[2,3],[3,3],[4,3]]]", special(t, s, 1))
	s = start(level(t, mazeA), compat(), put(1, StarLord, Cell{1, 3}))
	require.Equal(t, "[[[3,0]],[[2,1],[1,1],[0,1]],[[3,2],[3,3],[3,4]],[[4,1]]]", special(t, s, 1))
	// The cells StarLord's special vision reaches are visible (the true
	// cells, also under swap_xy), and stay seen.
	for _, c := range []Cell{{1, 0}, {4, 3}, {1, 4}} {
		require.True(t, s.Visible[0].Has(c), "%s", c)
		require.True(t, s.Seen[0].Has(c), "%s", c)
	}
}

// transcriptBase is a 50x50 open board with seat 1's base on (0, 6), as in
// the transcript game.
func transcriptBase() *Level {
	l := open(50, 50, Cell{25, 25})
	l.Bases[0] = Cell{0, 6}
	return l
}

func TestScenario03RoundZero(t *testing.T) {
	t.Parallel()
	s := start(transcriptBase(), nil)
	fbs := s.Observe(1).Feedback
	require.Len(t, fbs, 1)
	require.Equal(t, "[[[0,5],[0,4],[0,3],[0,2],[0,1]],[],[[0,7],[0,8],[0,9],[0,10],[0,11]],[[1,6],[2,6],[3,6],[4,6],[5,6]]]", special(t, s, 1))
	s = start(transcriptBase(), compat())
	require.Equal(t, "[[],[[5,0],[4,0],[3,0],[2,0],[1,0]],[[6,1],[6,2],[6,3],[6,4],[6,5]],[[7,0],[8,0],[9,0],[10,0],[11,0]]]", special(t, s, 1))
}

func TestScenario04Wall(t *testing.T) {
	t.Parallel()
	l := transcriptBase()
	l.Maze = NewMaze(50, 50) // no passage at all: the up-list of (0, 6) is empty
	for _, r := range []*Rules{nil, compat()} {
		s := start(l, r, atRound(15), func(s *State) { s.Penalty[0] = 280 })
		require.Empty(t, s.Observe(1).Movegen[Gamora].Neighbours[Up])
		s, _ = step(t, s, s.Action(1, Move, Gamora, Cell{0, 5}), "")
		if r == nil {
			require.Equal(t, []string{"INVALID_ACTION {}"}, codes(s, 1))
			require.Equal(t, 278, s.Penalty[0])
			require.Equal(t, Cell{0, 6}, s.Guardian(1, Gamora).Pos)
		} else {
			require.Empty(t, codes(s, 1))
			require.Equal(t, 280, s.Penalty[0])
			require.Equal(t, Cell{0, 5}, s.Guardian(1, Gamora).Pos)
		}
		require.Equal(t, 16, s.Round)
	}
}

func TestScenario05Speed(t *testing.T) {
	t.Parallel()
	a := level(t, mazeA)
	s := start(a, nil, put(1, Rocket, Cell{0, 4}))
	next, _ := step(t, s, act(Move, Rocket, Cell{1, 2}), "")
	require.Equal(t, Cell{1, 2}, next.Guardian(1, Rocket).Pos)
	require.Empty(t, codes(next, 1))
	next, _ = step(t, s, act(Move, Rocket, Cell{2, 2}), "")
	require.Equal(t, []string{"INVALID_ACTION {}"}, codes(next, 1))
	require.Equal(t, Cell{0, 4}, next.Guardian(1, Rocket).Pos)
	next, events := step(t, s, act(Move, Rocket, Cell{0, 4}), "")
	require.Empty(t, codes(next, 1))
	require.Empty(t, events)
	require.Equal(t, 300, next.Penalty[0])
	// The legal targets are the cells within 3 steps.
	require.ElementsMatch(t, []Cell{{0, 4}, {0, 3}, {1, 4}, {1, 3}, {2, 4}, {1, 2}, {3, 4}}, s.Moves(1, Rocket))
	// Compat: the square of the speed, walls ignored.
	s = start(a, compat(), put(1, Rocket, Cell{0, 4}))
	next, _ = step(t, s, act(Move, Rocket, Cell{2, 2}), "")
	require.Equal(t, Cell{2, 2}, next.Guardian(1, Rocket).Pos)
	require.Len(t, s.Moves(1, Rocket), 4*4)
}

func TestScenario06AttackSquare(t *testing.T) {
	t.Parallel()
	s := start(level(t, mazeA), nil, put(1, Drax, Cell{2, 2}), put(2, StarLord, Cell{3, 3}))
	next, _ := step(t, s, act(Attack, Drax, Cell{3, 3}), "")
	require.Equal(t, 30, next.Guardian(2, StarLord).Health)
	next, _ = step(t, s, act(Attack, Drax, Cell{2, 4}), "")
	require.Equal(t, []string{"INVALID_ACTION {}"}, codes(next, 1))
	require.Equal(t, 298, next.Penalty[0])
	require.Len(t, s.Attacks(1, Drax), 9)
}

func TestScenario07Dodge(t *testing.T) {
	t.Parallel()
	s := start(o10(), nil, put(1, Gamora, Cell{4, 4}), put(2, Drax, Cell{5, 5}))
	next, events := step(t, s, act(Attack, Gamora, Cell{5, 5}), act(Move, Drax, Cell{6, 5}))
	require.Equal(t, 150, next.Guardian(2, Drax).Health)
	require.Empty(t, codes(next, 1))
	require.Empty(t, codes(next, 2))
	require.Len(t, events, 2) // the move, and the attack that missed
	require.Empty(t, events[1].Data.(Attacked).Victims)
}

func TestScenario08LockOn(t *testing.T) {
	t.Parallel()
	s := start(o10(), nil, put(1, Rocket, Cell{2, 5}), put(2, StarLord, Cell{5, 5}))
	next, _ := step(t, s, act(Attack, Rocket, Cell{5, 5}), act(Move, StarLord, Cell{6, 5}))
	sl := next.Guardian(2, StarLord)
	require.Equal(t, 65, sl.Health)
	require.Equal(t, Cell{6, 5}, sl.Pos)
	require.Equal(t, []string{`ATTACK_SUCCESS {"victim_type":"StarLord","attacker":"Rocket"}`}, codes(next, 1))
	require.Equal(t, []string{`YOU_HAVE_BEEN_ATTACKED {"attacker":"Rocket","victim_type":"StarLord"}`}, codes(next, 2))
}

func TestScenario09MutualKill(t *testing.T) {
	t.Parallel()
	s := start(o10(), nil, put(1, Gamora, Cell{4, 5}), put(2, Gamora, Cell{5, 5}), health(2, Gamora, 40))
	next, _ := step(t, s, act(Attack, Gamora, Cell{5, 5}), act(Attack, Gamora, Cell{4, 5}))
	require.False(t, next.Guardian(2, Gamora).Alive)
	require.Equal(t, 0, next.Guardian(2, Gamora).Health)
	require.Equal(t, 75, next.Guardian(1, Gamora).Health)
	require.Equal(t, []string{
		`GUARDIAN_DEAD {"attacker_type":"Gamora","victim_type":"Gamora"}`,
		`YOU_HAVE_BEEN_ATTACKED {"attacker":"Gamora","victim_type":"Gamora"}`,
		`ATTACK_SUCCESS {"victim_type":"Gamora","attacker":"Gamora"}`,
	}, codes(next, 2))
	require.Equal(t, []string{
		`ATTACK_SUCCESS {"victim_type":"Gamora","attacker":"Gamora"}`,
		`YOU_HAVE_BEEN_ATTACKED {"attacker":"Gamora","victim_type":"Gamora"}`,
	}, codes(next, 1))
	fbs := next.Observe(2).Feedback
	require.Equal(t, CodeStarLordSpecial, fbs[len(fbs)-1].Code)
	// The dead Gamora stays in movegen with health 0, on her last cell,
	// seeing nothing; her cell no longer lists her.
	m := next.Observe(2).Movegen[Gamora]
	require.Equal(t, 0, m.Health)
	require.Equal(t, Cell{5, 5}, m.Current.At)
	require.Empty(t, m.Current.Present)
	require.Equal(t, [4][]SeenCell{}, m.Neighbours)
}

func TestScenario10TwoVictims(t *testing.T) {
	t.Parallel()
	s := start(o10(), nil, put(2, Groot, Cell{5, 5}), put(2, StarLord, Cell{5, 5}), put(1, Drax, Cell{4, 5}))
	next, events := step(t, s, act(Attack, Drax, Cell{5, 5}), "")
	require.Equal(t, 135, next.Guardian(2, Groot).Health) // 130, then +5
	require.Equal(t, 30, next.Guardian(2, StarLord).Health)
	require.Equal(t, []string{
		`ATTACK_SUCCESS {"victim_type":"Groot","attacker":"Drax"}`,
		`ATTACK_SUCCESS {"victim_type":"StarLord","attacker":"Drax"}`,
	}, codes(next, 1))
	require.Equal(t, []Hit{{Seat: 2, Hero: Groot, Damage: 70}, {Seat: 2, Hero: StarLord, Damage: 70}}, events[0].Data.(Attacked).Victims)
}

func TestScenario11Jump(t *testing.T) {
	t.Parallel()
	s := start(o10(), nil, atRound(4), put(1, Gamora, Cell{2, 2}))
	require.Contains(t, s.Specials(1, Gamora), Cell{5, 6})
	require.NotContains(t, s.Specials(1, Gamora), Cell{6, 6})
	bad, _ := step(t, s, act(Special, Gamora, Cell{6, 6}), "")
	require.Equal(t, []string{"INVALID_ACTION {}"}, codes(bad, 1))
	s, events := step(t, s, act(Special, Gamora, Cell{5, 6}), "")
	require.Equal(t, Jumped{Seat: 1, Hero: Gamora, From: Cell{2, 2}, To: Cell{5, 6}}, events[0].Data)
	require.Equal(t, Cell{5, 6}, s.Guardian(1, Gamora).Pos)
	require.Equal(t, 7, s.Observe(1).Movegen[Gamora].Cooldown)
	require.Empty(t, s.Specials(1, Gamora))
	next, _ := step(t, s, act(Special, Gamora, Cell{5, 7}), "")
	require.Equal(t, []string{"INVALID_ACTION {}"}, codes(next, 1))
	s, _ = step(t, next, "", "")
	s, _ = step(t, s, act(Special, Gamora, Cell{8, 2}), "")
	require.Equal(t, 7, s.Round-1)
	require.Empty(t, codes(s, 1))
	require.Equal(t, Cell{8, 2}, s.Guardian(1, Gamora).Pos)
}

func TestScenario12Drax(t *testing.T) {
	t.Parallel()
	a := level(t, mazeA)
	s := start(a, nil, atRound(5), put(1, Drax, Cell{2, 2}), put(1, Groot, Cell{2, 2}))
	require.Equal(t, []string{}, lines(s.Observe(1), Groot)[Right])
	bad, _ := step(t, s, act(Special, Drax, Cell{3, 3}), "")
	require.Equal(t, []string{"INVALID_ACTION {}"}, codes(bad, 1))
	s, events := step(t, s, act(Special, Drax, Cell{3, 2}), "")
	require.Equal(t, WallBroken{Seat: 1, Hero: Drax, At: Cell{2, 2}, Dir: Right}, events[0].Data)
	require.Equal(t, 8, s.Guardian(1, Drax).Cooldown)
	require.Equal(t, []string{"(3, 2)", "(4, 2)"}, lines(s.Observe(1), Groot)[Right])
	require.False(t, a.Maze.Open(Cell{2, 2}, Right), "the level's maze is shared and must not change")
	s, _ = step(t, s, act(Move, Drax, Cell{3, 2}), "")
	require.Equal(t, Cell{3, 2}, s.Guardian(1, Drax).Pos)
	s, _ = step(t, s, act(Special, Drax, Cell{4, 2}), "")
	require.Equal(t, []string{"INVALID_ACTION {}"}, codes(s, 1))
}

func TestScenario13NoSpecial(t *testing.T) {
	t.Parallel()
	s := start(level(t, mazeA), nil)
	for _, h := range []Hero{Groot, Rocket, StarLord} {
		next, _ := step(t, s, act(Special, h, Cell{1, 0}), "")
		require.Equal(t, []string{"INVALID_ACTION {}"}, codes(next, 1), "%s", h)
		require.Equal(t, 298, next.Penalty[0])
		require.Empty(t, s.Specials(1, h))
	}
}

func TestScenario14Malformed(t *testing.T) {
	t.Parallel()
	s := start(transcriptBase(), nil)
	next, _ := step(t, s, `{"action_type": "ATTACK", "troop": "Groot", "target": "(-1, 6)", "player_id": "player1", "round_no": 0}`, "")
	require.Equal(t, 296, next.Observe(1).Penalty)
	require.Equal(t, []string{`ERROR {"data":"Invalid action"}`, `ERROR {"error":"Player 1 Action Not found"}`}, codes(next, 1))
}

func TestScenario15Stale(t *testing.T) {
	t.Parallel()
	s := start(transcriptBase(), nil, func(s *State) { s.Penalty[0] = 296 })
	for round := range 3 {
		s, _ = step(t, s, s.Action(1, Attack, Gamora, Cell{1, 6}), "")
		require.Empty(t, codes(s, 1), "round %d", round)
	}
	next, _ := step(t, s, `{"action_type": "MOVE", "troop": "Drax", "target": "(-1, 6)", "player_id": "player1", "round_no": 3}`, "")
	require.Equal(t, 292, next.Observe(1).Penalty)
	require.Equal(t, []string{`ERROR {"data":"Invalid action"}`, `ERROR {"error":"Player 1 Action Data Inconsistent"}`}, codes(next, 1))
	// A well-formed action for another round is inconsistent too.
	next, _ = step(t, s, `{"action_type": "MOVE", "troop": "Drax", "target": "(0, 6)", "player_id": "player1", "round_no": 2}`, "")
	require.Equal(t, []string{`ERROR {"error":"Player 1 Action Data Inconsistent"}`}, codes(next, 1))
	require.Equal(t, 294, next.Penalty[0])
}

func TestScenario16Variants(t *testing.T) {
	t.Parallel()
	s := start(o10(), nil)
	const ok = `{"action_type": "MOVE", "troop": "Drax", "target": "(1, 0)", "player_id": "player1", "round_no": 0}`
	for _, bad := range []string{
		`{"action_type": "move", "troop": "Drax", "target": "(1, 0)", "player_id": "player1", "round_no": 0}`,
		`{"action_type": "MOVE", "troop": "Starlord", "target": "(1, 0)", "player_id": "player1", "round_no": 0}`,
		`{"action_type": "MOVE", "troop": "Drax", "target": "(1, 0)", "round_no": 0}`,
		`{"action_type": "MOVE", "troop": "Drax", "target": [1, 0], "player_id": "player1", "round_no": 0}`,
		`{"action_type": "MOVE", "troop": "Drax", "target": "(1;0)", "player_id": "player1", "round_no": 0}`,
		`{"action_type": "MOVE", "troop": "Drax", "target": "(10, 0)", "player_id": "player1", "round_no": 0}`,
		`{"action_type": "MOVE", "troop": "Drax", "target": "(1, 0)", "player_id": "player1", "round_no": "0"}`,
		`not json`, `[]`, `MOVE Drax 1`, `JUMP Drax 1 0`,
	} {
		next, _ := step(t, s, bad, "")
		require.Equal(t, `ERROR {"data":"Invalid action"}`, codes(next, 1)[0], bad)
		require.Equal(t, 296, next.Penalty[0], bad) // and the missing action
		require.Error(t, s.Check(1, bad), bad)
	}
	for _, good := range []string{ok,
		`{"action_type": "MOVE", "guardian": "Drax", "target": "(1, 0)", "player_id": "player1", "round_no": 0}`,
		`{"action_type": "MOVE", "troop": "Drax", "target": "((1,0))", "player_id": "player1", "round_no": 0.0}`,
		`{"action_type":"MOVE","troop":"Drax","target":"(( +1 ,  0 )","player_id":"player1","round_no":0,"extra":1}`,
		"MOVE Drax 1 0", "move drax 1 0",
	} {
		next, _ := step(t, s, good, "")
		require.Empty(t, codes(next, 1), good)
		require.Equal(t, Cell{1, 0}, next.Guardian(1, Drax).Pos, good)
		require.NoError(t, s.Check(1, good), good)
	}
	next, _ := step(t, s, `{"action_type": "MOVE", "troop": "Drax", "target": "(1, 0)", "player_id": "player2", "round_no": 0}`, "")
	require.Equal(t, []string{"INVALID_ACTION {}"}, codes(next, 1))
	require.Equal(t, 298, next.Penalty[0])
}

func TestScenario17Corpse(t *testing.T) {
	t.Parallel()
	s := start(o10(), nil, func(s *State) { g := s.Guardian(1, Rocket); g.Alive, g.Health = false, 0 })
	next, _ := step(t, s, act(Move, Rocket, Cell{1, 0}), "")
	require.Equal(t, []string{"INVALID_ACTION {}"}, codes(next, 1))
	require.Equal(t, 298, next.Penalty[0])
	require.Empty(t, s.Moves(1, Rocket))
	require.Error(t, s.Check(1, act(Move, Rocket, Cell{1, 0})))
}

func TestScenario18Timeout(t *testing.T) {
	t.Parallel()
	s := start(o10(), nil)
	next, events := step(t, s, "none", "")
	require.Equal(t, []string{"TIMEOUT {}"}, codes(next, 1))
	require.Equal(t, 299, next.Penalty[0])
	require.Equal(t, Penalty{Seat: 1, Amount: 1, Code: CodeTimeout}, events[0].Data)
	s = start(o10(), compat())
	next, _ = step(t, s, "none", "")
	require.Equal(t, []string{`ERROR {"error":""}`}, codes(next, 1))
	require.Equal(t, 298, next.Penalty[0])
	// An action received earlier for this round is this round's action,
	// even without an answer now.
	s = start(o10(), nil)
	early, _ := step(t, s, `{"action_type": "MOVE", "troop": "Drax", "target": "(1, 0)", "player_id": "player1", "round_no": 1}`, "")
	require.Equal(t, 298, early.Penalty[0])
	next, _ = step(t, early, "none", "")
	require.Empty(t, codes(next, 1))
	require.Equal(t, Cell{1, 0}, next.Guardian(1, Drax).Pos)
}

func TestScenario19Beast(t *testing.T) {
	t.Parallel()
	l := o10()
	l.Stone = Cell{3, 4}
	s := start(l, nil, kind(Cell{3, 1}, Beast, false), atRound(8), put(1, Gamora, Cell{3, 2}))
	s, events := step(t, s, act(Move, Gamora, Cell{3, 1}), "")
	g := s.Guardian(1, Gamora)
	require.Equal(t, 100, g.Health)
	require.Equal(t, 1.0, g.Score) // the round's score term, before the bite
	require.Equal(t, []string{`CLUE {"clue_type":"get_direction_to_infinity_stone","direction":"-0","guardian":"Gamora"}`}, codes(s, 1))
	require.Empty(t, codes(s, 2))
	require.Equal(t, Normal, s.Kind(Cell{3, 1}))
	require.Equal(t, "Normal", s.Observe(1).Movegen[Gamora].Current.Kind.String())
	require.Equal(t, 9, s.Round)
	require.Equal(t, BeastHit{Seat: 1, Hero: Gamora, At: Cell{3, 1}}, events[1].Data)
	require.Equal(t, ClueFound{Seat: 1, Hero: Gamora, At: Cell{3, 1}, Kind: "direction", Direction: "-0"}, events[2].Data)
}

func TestScenario20BeastKill(t *testing.T) {
	t.Parallel()
	s := start(o10(), nil, kind(Cell{3, 1}, Beast, true), put(1, Rocket, Cell{3, 2}), health(1, Rocket, 20))
	s, _ = step(t, s, act(Move, Rocket, Cell{3, 1}), "")
	require.False(t, s.Guardian(1, Rocket).Alive)
	require.Equal(t, []string{`GUARDIAN_DEAD {"attacker_type":"Beast","victim_type":"Rocket"}`}, codes(s, 1))
	require.Equal(t, Normal, s.Kind(Cell{3, 1}))
}

func TestScenario21Direction(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		cell, stone Cell
		want        string
	}{
		{Cell{5, 10}, Cell{4, 2}, "0.12"}, {Cell{1, 1}, Cell{4, 1}, "-inf"}, {Cell{6, 1}, Cell{4, 1}, "inf"},
		{Cell{4, 4}, Cell{4, 4}, "-inf"}, {Cell{3, 9}, Cell{3, 2}, "0"}, {Cell{10, 3}, Cell{2, 8}, "-1.6"},
		{Cell{7, 9}, Cell{1, 3}, "1.0"}, {Cell{2, 5}, Cell{5, 12}, "0.43"}, {Cell{1, 0}, Cell{0, 199}, "-0.01"},
		{Cell{3, 1}, Cell{3, 4}, "-0"}, {Cell{199, 0}, Cell{0, 1}, "-199.0"}, {Cell{0, 1}, Cell{1, 200}, "0.01"},
	} {
		require.Equal(t, tc.want, DirectionClue(tc.cell, tc.stone), "%s %s", tc.cell, tc.stone)
	}
}

func TestScenario22EnemyClue(t *testing.T) {
	t.Parallel()
	s := start(o10(), nil, kind(Cell{4, 4}, Clue, true), atRound(12),
		put(1, StarLord, Cell{4, 3}), put(2, Groot, Cell{4, 5}),
		put(2, Rocket, Cell{8, 9}), put(2, Drax, Cell{9, 8}),
		func(s *State) { g := s.Guardian(2, StarLord); g.Alive, g.Health = false, 0 })
	s, _ = step(t, s, act(Move, StarLord, Cell{4, 4}), act(Move, Groot, Cell{4, 4}))
	require.Equal(t, []string{`CLUE {"clue_type":"get_enemy_locations","data":{"Gamora":[9,9],"Rocket":[8,9],"Groot":[4,4],"Drax":[9,8]}}`}, codes(s, 1))
	require.Equal(t, []string{`CLUE {"clue_type":"get_enemy_locations","data":{"Gamora":[0,0],"Rocket":[0,0],"Groot":[0,0],"Drax":[0,0],"StarLord":[4,4]}}`}, codes(s, 2))
	require.Equal(t, Normal, s.Kind(Cell{4, 4}))
	require.Equal(t, 13, s.Round)
	// Under clue_direction_only every clue gives the direction.
	r := &Rules{Rounds: DefaultRounds, ClueDirectionOnly: true}
	s = start(o10(), r, kind(Cell{4, 4}, Clue, true), put(1, StarLord, Cell{4, 3}))
	s, _ = step(t, s, act(Move, StarLord, Cell{4, 4}), "")
	require.Equal(t, []string{`CLUE {"clue_type":"get_direction_to_infinity_stone","direction":"-1.5","guardian":"StarLord"}`}, codes(s, 1))
}

// teleportSeed finds a seed whose teleport draw for seat 1's Rocket in round
// 0 is want.
func teleportSeed(t *testing.T, l *Level, want Cell) int64 {
	t.Helper()
	for seed := int64(1); seed < 10000; seed++ {
		rng := teleportRand(seed, 0, 1, Rocket)
		x := drawBetween(rng, 2, 2*l.Stone.X-2, l.Maze.W-1)
		y := drawBetween(rng, 2, 2*l.Stone.Y-2, l.Maze.H-1)
		if (Cell{x, y}) == want {
			return seed
		}
	}
	t.Fatal("no seed draws the cell")
	return 0
}

func TestScenario23Teleporter(t *testing.T) {
	t.Parallel()
	l := o10()
	l.Stone = Cell{6, 5}
	seed := teleportSeed(t, l, Cell{7, 3})
	for _, tc := range []struct {
		rules *Rules
		want  Cell
	}{{&Rules{Rounds: DefaultRounds, Seed: seed}, Cell{7, 3}}, {&Rules{Rounds: DefaultRounds, Seed: seed, SwapXY: true}, Cell{3, 7}}} {
		s := start(l, tc.rules, kind(Cell{2, 2}, Teleporter, false), put(1, Rocket, Cell{2, 1}))
		s, events := step(t, s, act(Move, Rocket, Cell{2, 2}), "")
		require.Equal(t, tc.want, s.Guardian(1, Rocket).Pos)
		require.Equal(t, []string{`TELEPORT_SUCCESS {"coordinates":` + pair(tc.want) + `,"guardian":"Rocket"}`}, codes(s, 1))
		require.Equal(t, Teleported{Seat: 1, Hero: Rocket, From: Cell{2, 2}, To: tc.want}, events[1].Data)
	}
	// A landing on a special cell is no teleport: Rocket stays, and tries
	// again at the next round's end.
	s := start(l, &Rules{Rounds: DefaultRounds, Seed: seed}, kind(Cell{2, 2}, Teleporter, false),
		func(s *State) { s.Kinds[Cell{7, 3}] = HealPoint }, put(1, Rocket, Cell{2, 1}))
	s, _ = step(t, s, act(Move, Rocket, Cell{2, 2}), "")
	require.Equal(t, Cell{2, 2}, s.Guardian(1, Rocket).Pos)
	require.Empty(t, codes(s, 1))
	// The box: x in [2, 9] and y in [2, 8] for the teleporter (2, 2) and
	// the stone (6, 5); x in [1, 7] and y in [0, 1] for (1, 1) and (4, 0).
	for seed := int64(0); seed < 300; seed++ {
		rng := teleportRand(seed, 3, 2, Groot)
		x, y := drawBetween(rng, 2, 10, 9), drawBetween(rng, 2, 8, 9)
		require.True(t, x >= 2 && x <= 9 && y >= 2 && y <= 8)
		x, y = drawBetween(rng, 1, 7, 9), drawBetween(rng, 1, -1, 9)
		require.True(t, x >= 1 && x <= 7 && y >= 0 && y <= 1)
	}
}

func TestScenario24HealPoint(t *testing.T) {
	t.Parallel()
	mods := []func(*State){kind(Cell{3, 3}, HealPoint, false), atRound(10), put(1, Gamora, Cell{3, 2}), health(1, Gamora, 50)}
	s := start(o10(), nil, mods...)
	s, _ = step(t, s, act(Move, Gamora, Cell{3, 3}), "")
	for round := 11; round <= 13; round++ {
		require.Equal(t, 50, s.Guardian(1, Gamora).Health, "round %d", round)
		s, _ = step(t, s, "", "")
	}
	require.Equal(t, 125, s.Guardian(1, Gamora).Health)
	require.Equal(t, 14, s.Round)
	require.Equal(t, []string{`HEALPOINT_USED {"guardian":"Gamora"}`}, codes(s, 1))
	s, _ = step(t, s, "", "")
	require.Equal(t, []string{`HEALPOINT_USED {"guardian":"Gamora"}`}, codes(s, 1)) // in the round-15 view too
	// Leaving in round 12 and back in 13: healed after round 16.
	s = start(o10(), nil, mods...)
	s, _ = step(t, s, act(Move, Gamora, Cell{3, 3}), "")
	s, _ = step(t, s, "", "")
	s, _ = step(t, s, act(Move, Gamora, Cell{3, 2}), "")
	s, _ = step(t, s, act(Move, Gamora, Cell{3, 3}), "")
	for s.Round < 17 {
		require.Equal(t, 50, s.Guardian(1, Gamora).Health, "round %d", s.Round)
		s, _ = step(t, s, "", "")
	}
	require.Equal(t, 125, s.Guardian(1, Gamora).Health)
}

func TestScenario25Groot(t *testing.T) {
	t.Parallel()
	s := start(o10(), nil, atRound(20), put(1, Groot, Cell{4, 4}), health(1, Groot, 150), put(2, Drax, Cell{4, 5}))
	s, _ = step(t, s, "", act(Attack, Drax, Cell{4, 4}))
	g := s.Guardian(1, Groot)
	require.Equal(t, 0.4, g.Score)
	require.Equal(t, 85, s.Observe(1).Movegen[Groot].Health)
}

func TestScenario26Return(t *testing.T) {
	t.Parallel()
	s := start(open(10, 10, Cell{1, 0}), nil)
	s, _ = step(t, s, act(Move, Rocket, Cell{1, 0}), "")
	require.Equal(t, []string{"INFINITY_STONE_PICKED_UP {}", `GUARDIAN_PICKED_UP_INFINITY_STONE {"guardian":"Rocket"}`}, codes(s, 1))
	require.Equal(t, []string{"INFINITY_STONE_PICKED_UP {}"}, codes(s, 2))
	require.True(t, s.Guardian(1, Rocket).Carrying)
	s, _ = step(t, s, act(Move, Rocket, Cell{3, 0}), "")
	require.Equal(t, []string{"INFINITY_STONE_MOVED {}", `GUARDIAN_MOVED_INFINITY_STONE {"guardian_coordinates":[3,0],"guardian":"Rocket"}`}, codes(s, 1))
	require.Equal(t, []string{"INFINITY_STONE_MOVED {}"}, codes(s, 2))
	require.False(t, s.Over)
	s, events := step(t, s, act(Move, Rocket, Cell{0, 0}), "")
	require.True(t, s.Over)
	require.Equal(t, 1, s.Winner)
	require.Equal(t, "stone", s.Reason)
	require.Equal(t, 3, s.Round)
	require.Equal(t, Ended{Winner: 1, Reason: "stone"}, events[len(events)-1].Data)
	require.Equal(t, "Player 1 is the Winner (the stone is home)", s.EndText())
}

func TestScenario27Contested(t *testing.T) {
	t.Parallel()
	l := o10()
	l.Stone = Cell{5, 5}
	for _, r := range []*Rules{nil, compat()} {
		s := start(l, r, put(1, Drax, Cell{4, 5}), put(2, Drax, Cell{6, 5}))
		s, _ = step(t, s, act(Move, Drax, Cell{5, 5}), act(Move, Drax, Cell{5, 5}))
		if r == nil {
			require.Nil(t, s.Carrier())
			s, _ = step(t, s, "", act(Move, Drax, Cell{6, 5}))
		}
		require.Equal(t, s.Guardian(1, Drax), s.Carrier())
	}
}

func TestScenario28CarrierKilled(t *testing.T) {
	t.Parallel()
	l := o10()
	l.Stone = Cell{5, 5}
	s := start(l, nil, put(1, Rocket, Cell{5, 5}), put(2, Drax, Cell{5, 6}))
	s, _ = step(t, s, "", "") // Rocket picks the stone up
	s.Guardian(1, Rocket).Health = 60
	s, events := step(t, s, "", act(Attack, Drax, Cell{5, 5}))
	require.Equal(t, []string{
		`GUARDIAN_DEAD {"attacker_type":"Drax","victim_type":"Rocket"}`,
		`YOU_HAVE_BEEN_ATTACKED {"attacker":"Drax","victim_type":"Rocket"}`,
		"INFINITY_STONE_DROPPED {}",
		`GUARDIAN_DEAD_AND_INFINITY_STONE_DROPPED {"guardian":"Rocket"}`,
	}, codes(s, 1))
	require.Equal(t, []string{`ATTACK_SUCCESS {"victim_type":"Rocket","attacker":"Drax"}`, "INFINITY_STONE_DROPPED {}"}, codes(s, 2))
	require.Equal(t, StoneDropped{Seat: 1, Hero: Rocket, At: Cell{5, 5}}, events[1].Data)
	require.Nil(t, s.Carrier())
	require.Equal(t, Cell{5, 5}, s.Stone)
	s, _ = step(t, s, "", act(Move, Drax, Cell{5, 5}))
	require.Equal(t, s.Guardian(2, Drax), s.Carrier())
}

func TestScenario29ScoreEnd(t *testing.T) {
	t.Parallel()
	s := start(o10(), nil, atRound(300), func(s *State) {
		s.Penalty = [2]int{112, 128}
		for i := range s.Guardians {
			for h := range s.Guardians[i] {
				s.Guardians[i][h].Score = 300
			}
		}
	})
	s, _ = step(t, s, "", "")
	require.Equal(t, 301, s.Round)
	require.Equal(t, [2]float64{0.6866666666666666, 0.7133333333333334}, s.Score)
	require.True(t, s.Over)
	require.Equal(t, 2, s.Winner)
	require.Equal(t, "rounds", s.Reason)
	require.Equal(t, "Player 2 is the Winner (the higher score after the last round)", s.EndText())
}

func TestScenario30OtherEnds(t *testing.T) {
	t.Parallel()
	s := start(o10(), nil, func(s *State) { s.Penalty[0] = 1 })
	s, _ = step(t, s, "{", "")
	require.Equal(t, -3, s.Penalty[0])
	require.True(t, s.Over)
	require.Equal(t, 2, s.Winner)
	require.Equal(t, "penalty", s.Reason)
	for _, r := range []*Rules{nil, {Rounds: DefaultRounds, NoElimination: true}} {
		s = start(o10(), r, put(1, Drax, Cell{8, 9}), health(2, Drax, 140), func(s *State) {
			for _, h := range []Hero{Gamora, Rocket, Groot, StarLord} {
				g := s.Guardian(2, h)
				g.Alive, g.Health = false, 0
			}
		})
		s, _ = step(t, s, act(Attack, Drax, Cell{9, 9}), "none")
		require.Equal(t, 70, s.Guardian(2, Drax).Health)
		s, _ = step(t, s, act(Attack, Drax, Cell{9, 9}), "none")
		require.False(t, s.Guardian(2, Drax).Alive)
		require.Equal(t, r == nil, s.Over)
		if r == nil {
			require.Equal(t, 1, s.Winner)
			require.Equal(t, "elimination", s.Reason)
		}
	}
}
