package aibg5

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/arena-games/arena/game"
	"github.com/stretchr/testify/require"
)

// botGame plays a whole game on m between the given bots and returns the
// engine and every frame.
func botGame(t testing.TB, m *Map, options map[string]string, seed int64, kinds [4]string) (*Engine, []game.Frame) {
	t.Helper()
	rules, err := ParseRules(options)
	require.NoError(t, err)
	e := NewEngine(m, rules, seed)
	var players [4]game.Player
	for i, k := range kinds {
		p, err := Title{}.NewBot(k, "", game.Seat(i), game.NewRand(seed, uint64(i)+1))
		require.NoError(t, err)
		players[i] = p
	}
	frames := []game.Frame{e.Frame()}
	for !e.Over() {
		seat := e.ToMove()[0]
		a, err := players[seat].Play(context.Background(), e.Observe(seat))
		require.NoError(t, err)
		require.NoError(t, e.Step(map[game.Seat]string{seat: a.Move}))
		frames = append(frames, e.Frame())
	}
	return e, frames
}

func TestTitle(t *testing.T) {
	t.Parallel()
	title, err := game.Lookup("aibg5")
	require.NoError(t, err)
	require.Equal(t, "AIBG 5.0", title.Name())
	require.Equal(t, 4, title.Seats())
	var e game.Engine = newGame(t, openMap(), nil)
	_, ok := e.(game.Checker)
	require.True(t, ok)
	require.Equal(t, []string{"training", "greedy", "tactical"}, []string{title.Bots()[0].Kind, title.Bots()[1].Kind, title.Bots()[2].Kind})
	_, err = title.NewBot("greedy", "3", 0, nil)
	require.ErrorContains(t, err, "takes no strength")
	_, err = title.NewBot("smart", "", 0, nil)
	require.ErrorContains(t, err, "unknown computer player")
	_, err = title.New(game.Config{Seats: 2})
	require.ErrorContains(t, err, "4 seats")
	_, err = title.New(game.Config{Seats: 4, Map: filepath.Join(t.TempDir(), "none.txt")})
	require.Error(t, err)
}

func TestParseRules(t *testing.T) {
	t.Parallel()
	r, err := ParseRules(nil)
	require.NoError(t, err)
	require.Equal(t, DefaultRules(), r)
	require.Equal(t, 150, r.Rounds)
	require.Equal(t, 50, r.KillScore)

	r, err = ParseRules(map[string]string{"compat": "true", "kill_score": "75", "turns": "20", "self_attack_null": "0"})
	require.NoError(t, err)
	require.Equal(t, Rules{Rounds: 20, KillScore: 75, DoubleBlockPenalty: true, Pattern2SkipHoles: true, ExtraIdleAfterP2: true,
		AttackItemsBlock: true, OriginalItemAreas: true}, r)

	for opts, want := range map[string]map[string]string{
		`unknown rule option "turn" (known: attack_items_block, compat, double_block_penalty, extra_idle_after_p2, kill_score, name1, name2, name3, name4, original_item_areas, pattern2_skip_holes, self_attack_null, timeout_null, turns)`: {"turn": "3"},
		"turns=\"0\"":                  {"turns": "0"},
		"kill_score=\"x\"":             {"kill_score": "x"},
		"double_block_penalty=\"yes\"": {"double_block_penalty": "yes"},
		"compat=\"2\"":                 {"compat": "2"},
	} {
		_, err := ParseRules(want)
		require.ErrorContains(t, err, opts)
	}
}

// Compat: HEALTH and EXPERIENCE absorb a shot that crosses them.
func TestAttackItemsBlock(t *testing.T) {
	t.Parallel()
	for _, block := range []bool{false, true} {
		e := newGame(t, openMap(), map[string]string{"attack_items_block": map[bool]string{false: "0", true: "1"}[block]})
		arrange(e, func(s *State) {
			clearItems(s)
			place(s, 1, h(0, -9))
			place(s, 2, h(0, -7))
			s.Tiles[indexOf(h(0, -8))] = Tile{Kind: Health}
		})
		f := act(t, e, "attack,0,-7")
		if block {
			require.Equal(t, 1000, e.Current().Player(2).Health)
			require.Equal(t, 900, e.Current().Player(1).Health)
			require.Equal(t, []string{""}, penalties(f))
		} else {
			require.Equal(t, 850, e.Current().Player(2).Health)
		}
	}
}

// The seed draws the items: another seed, another start. (Conform checks
// that the same seed and moves give the same game.)
func TestSeedDrawsTheItems(t *testing.T) {
	t.Parallel()
	rules, err := ParseRules(nil)
	require.NoError(t, err)
	a, _ := NewEngine(openMap(), rules, 7).Current().GameState()
	b, _ := NewEngine(openMap(), rules, 8).Current().GameState()
	require.NotEqual(t, string(a), string(b))
}

// Whole games between bots run to the round cap on every fixture map,
// every turn legal for the greedy and tactical players.
func TestBotGames(t *testing.T) {
	t.Parallel()
	maps := []*Map{openMap(), wormholeMap()}
	for _, name := range []string{"test1.txt", "test2.txt", "JokNejeTest.txt"} {
		maps = append(maps, fixtureMap(t, name))
	}
	for i, m := range maps {
		e, frames := botGame(t, m, nil, int64(i+1), [4]string{"tactical", "greedy", "training", "greedy"})
		require.True(t, e.Over())
		require.Equal(t, ReasonRounds, e.Result().Reason)
		require.Equal(t, 150, e.Current().Round)
		require.Equal(t, 0, e.Current().ToMove)
		require.Empty(t, e.ToMove())
		for _, f := range frames[1:] {
			for _, ev := range f.Events {
				if p, ok := ev.Data.(Penalty); ok && p.Message != MsgTrapped && p.Message != "" && (p.Player == 1 || p.Player == 2 || p.Player == 4) {
					t.Fatalf("%s: turn %d: P%d's action is illegal: %s (%v)", m.Name, f.Turn, p.Player, p.Message, f.Moves)
				}
			}
		}
		s := e.Current()
		require.Greater(t, s.Player(1).Score+s.Player(2).Score+s.Player(4).Score, 0, m.Name)
		require.ErrorContains(t, e.Step(map[game.Seat]string{0: "move,0,0"}), "over")
		require.ErrorContains(t, e.Check(0, "move,0,0"), "over")
	}
}

// Seats that give no answer are removed (R21); one left ends the game, and
// the ranking puts the removed last, the latest removed first (R23).
func TestRemovalAndEnd(t *testing.T) {
	t.Parallel()
	e := newGame(t, openMap(), nil)
	act(t, e, "move,-7,-6")
	act(t, e, "")
	require.Equal(t, 3, e.Current().ToMove)
	act(t, e, "")
	require.Equal(t, 4, e.Current().ToMove)
	f := act(t, e, "move,6,7")
	require.Equal(t, 1, e.Current().Round, "the boss acts after the round's last active seat")
	require.Len(t, eventsOf[BossStrike](f), 1)
	require.Equal(t, 1, e.Current().ToMove)
	act(t, e, "attack,-7,-6")
	require.Equal(t, 4, e.Current().ToMove, "removed seats are skipped")
	f = act(t, e, "")
	require.True(t, e.Over())
	require.True(t, f.Over)
	require.Equal(t, game.Result{Winner: 1, Ranking: []int{1, 4, 3, 2}, Reason: ReasonAlone}, e.Result())
	require.Equal(t, e.Result(), f.Result)
	require.Empty(t, e.ToMove())

	// The round cap.
	e = newGame(t, openMap(), map[string]string{"turns": "2"})
	for !e.Over() {
		idx := e.Current().ToMove
		act(t, e, Move(e.Current().Player(idx).Pos.Neighbour(map[bool]int{true: 0, false: 3}[e.Current().Round%2 == 0])))
	}
	require.Equal(t, 2, e.Current().Round)
	require.Equal(t, ReasonRounds, e.Result().Reason)
	require.Equal(t, 8, e.Current().Turn)
}

// The bots answer only on their turn, and quickly.
func TestBotsObserve(t *testing.T) {
	t.Parallel()
	e := newGame(t, openMap(), nil)
	for _, k := range []string{"training", "greedy", "tactical"} {
		p, err := Title{}.NewBot(k, "", 1, nil)
		require.NoError(t, err)
		_, err = p.Play(context.Background(), e.Observe(0))
		require.ErrorContains(t, err, "P1 is to act")
		_, err = p.Play(context.Background(), "board")
		require.Error(t, err)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err = p.Play(ctx, e.Observe(1))
		require.ErrorIs(t, err, context.Canceled)
	}
}

// The greedy player steps off the cells of the coming pattern and shoots
// the boss when it can.
func TestGreedyDodges(t *testing.T) {
	t.Parallel()
	e := newGame(t, openMap(), nil)
	arrange(e, func(s *State) {
		clearItems(s)
		place(s, 1, h(-5, -3)) // on Pattern 1 A
		s.Boss.Next, s.Boss.NextIn, s.Boss.Pattern = Pattern1[0], 0, 1
	})
	p, _ := Title{}.NewBot("greedy", "", 0, game.NewRand(1, 1))
	for range 5 {
		a, err := p.Play(context.Background(), e.Current())
		require.NoError(t, err)
		act := mustParse(t, a.Move)
		require.False(t, act.Attack)
		for _, c := range Pattern1[0] {
			require.NotEqual(t, c, act.Target, a.Move)
		}
	}
	arrange(e, func(s *State) { place(s, 1, h(0, -4)) })
	a, err := p.Play(context.Background(), e.Current())
	require.NoError(t, err)
	require.Equal(t, "attack,0,-1", a.Move)
}

func mustParse(t *testing.T, move string) Action {
	t.Helper()
	a, err := ParseAction(move)
	require.NoError(t, err)
	return a
}

// A full tie at the top of the ranking is a draw: the scoreboard's order
// ranks the players, but nobody wins. A tie-break (here the kills) decides.
func TestResultTieIsADraw(t *testing.T) {
	t.Parallel()
	s := newGame(t, openMap(), nil).state
	res := resultOf(s, ReasonRounds)
	require.Equal(t, 0, res.Winner)
	require.Equal(t, []int{1, 2, 3, 4}, res.Ranking)
	s.Players[2].Score, s.Players[3].Score = 300, 300
	s.Players[3].Kills, s.Players[3].Deaths = 1, 1
	s.Players[2].Kills, s.Players[2].Deaths = 2, 2
	res = resultOf(s, ReasonRounds)
	require.Equal(t, 3, res.Winner, "equal score and KD: more kills wins")
	s.Players[2].Kills, s.Players[2].Deaths = 1, 1
	s.Players[2].Health, s.Players[3].Health = s.Players[3].Health, s.Players[2].Health
	res = resultOf(s, ReasonRounds)
	require.Equal(t, 0, res.Winner, "equal in everything the comparator reads")
	s.Players[2].Removed = true
	res = resultOf(s, ReasonRounds)
	require.Equal(t, 4, res.Winner, "a removed player does not tie")
}
