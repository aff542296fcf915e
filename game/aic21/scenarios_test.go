package aic21

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

// The conformance scenarios of §8, in order. Coordinates are (x,y).

func TestScenario01Torus(t *testing.T) {
	t.Parallel()
	s := newScen(t, size(20, 20, Cell{0, 0}, Cell{10, 10}))
	id := s.put(0, false, Cell{0, 0})
	s.step(fmt.Sprintf("%d:3", id), "")
	require.Equal(t, Cell{19, 0}, s.unit(id).Cell())
	s.step(fmt.Sprintf("%d:2", id), "")
	require.Equal(t, Cell{19, 19}, s.unit(id).Cell())
}

func TestScenario02Wall(t *testing.T) {
	t.Parallel()
	s := newScen(t, kinds(Wall, Cell{5, 0}))
	id := s.put(0, false, Cell{5, 1})
	s.step(fmt.Sprintf("%d:2", id), "")
	require.Equal(t, Cell{5, 1}, s.unit(id).Cell())
}

func TestScenario03Swamp(t *testing.T) {
	t.Parallel()
	s := newScen(t, kinds(Swamp, Cell{0, 6}))
	id := s.put(0, false, Cell{0, 5})
	down := fmt.Sprintf("%d:4", id)
	s.step(down, "")
	require.Equal(t, Cell{0, 6}, s.unit(id).Cell())
	require.Equal(t, 3, s.unit(id).Stuck)
	for _, stuck := range []int{2, 1, 0} {
		s.step(down, "")
		require.Equal(t, Cell{0, 6}, s.unit(id).Cell())
		require.Equal(t, stuck, s.unit(id).Stuck)
	}
	s.step(down, "")
	require.Equal(t, Cell{0, 7}, s.unit(id).Cell())
}

func TestScenario04SilentSwamp(t *testing.T) {
	t.Parallel()
	for _, orig := range []bool{false, true} {
		opts := []func(*Map, *Rules){kinds(Swamp, Cell{0, 6})}
		if orig {
			opts = append(opts, compat("compat.swampPerMessage"))
		}
		s := newScen(t, opts...)
		id := s.put(0, false, Cell{0, 5})
		s.step(fmt.Sprintf("%d:4", id), "")
		for range 4 {
			s.step("", "")
		}
		right := fmt.Sprintf("%d:1", id)
		if !orig {
			s.step(right, "")
			require.Equal(t, Cell{1, 6}, s.unit(id).Cell())
			continue
		}
		require.Equal(t, 3, s.unit(id).Stuck, "O: silent turns do not count")
		for _, frame := range []string{"0", "7", "0"} { // CENTER and dir 7 count
			s.step(fmt.Sprintf("%d:%s", id, frame), "")
			require.Equal(t, Cell{0, 6}, s.unit(id).Cell())
		}
		s.step(right, "")
		require.Equal(t, Cell{1, 6}, s.unit(id).Cell())
	}
}

func TestScenario05DoubleAction(t *testing.T) {
	t.Parallel()
	for orig, want := range map[bool]Cell{false: {9, 8}, true: {10, 8}} {
		var opts []func(*Map, *Rules)
		if orig {
			opts = append(opts, compat("compat.multiAction"))
		}
		s := newScen(t, opts...)
		id := s.put(0, false, Cell{8, 8})
		s.step(fmt.Sprintf("%d:1 %d:1", id, id), "")
		require.Equal(t, want, s.unit(id).Cell(), "compat %v", orig)
	}
}

func TestScenario06Trap(t *testing.T) {
	t.Parallel()
	s := newScen(t, kinds(Trap, Cell{3, 3}))
	w := s.put(0, false, Cell{2, 3}, carrying(Bread, 10))
	sol := s.put(0, true, Cell{3, 2})
	s.step(fmt.Sprintf("%d:1 %d:4", w, sol), "")
	u := s.unit(w)
	require.Equal(t, Cell{3, 3}, u.Cell())
	require.Equal(t, NoRes, u.Carry)
	require.Equal(t, 0, u.Amount)
	require.Equal(t, Cell{3, 3}, s.unit(sol).Cell())
	require.Len(t, s.eventsOf("trapped"), 1)
	var b bytes.Buffer
	require.NoError(t, writeTurn(&b, s.e.Current()))
	require.Contains(t, b.String(), fmt.Sprintf(`{"id":%d,"team":0,"type":1,"health":6,"resource":2}`, w))
}

// writeTurn writes one turn's log record.
func writeTurn(b *bytes.Buffer, s *State) error {
	b.Write(s.appendTurn(nil))
	return nil
}

func TestScenario07Pickup(t *testing.T) {
	t.Parallel()
	s := newScen(t)
	s.res(Cell{2, 3}, Bread, 25)
	id := s.put(0, false, Cell{2, 2})
	s.step(fmt.Sprintf("%d:4", id), "")
	require.Equal(t, 10, s.unit(id).Amount)
	require.Equal(t, Bread, s.unit(id).Carry)
	r, n := s.at(Cell{2, 3})
	require.Equal(t, Bread, r)
	require.Equal(t, 15, n)
	s.step(fmt.Sprintf("%d:0", id), "")
	require.Equal(t, 10, s.unit(id).Amount)
	_, n = s.at(Cell{2, 3})
	require.Equal(t, 15, n)
}

func TestScenario08TopUp(t *testing.T) {
	t.Parallel()
	s := newScen(t)
	s.res(Cell{5, 5}, Bread, 20)
	s.res(Cell{8, 5}, Grass, 20)
	a := s.put(0, false, Cell{4, 5}, carrying(Bread, 4))
	b := s.put(0, false, Cell{7, 5}, carrying(Bread, 10))
	s.step(fmt.Sprintf("%d:1 %d:1", a, b), "")
	require.Equal(t, 10, s.unit(a).Amount)
	_, n := s.at(Cell{5, 5})
	require.Equal(t, 14, n)
	require.Equal(t, Bread, s.unit(b).Carry)
	require.Equal(t, 10, s.unit(b).Amount)
	r, n := s.at(Cell{8, 5})
	require.Equal(t, Grass, r)
	require.Equal(t, 20, n)
}

func TestScenario09Split(t *testing.T) {
	t.Parallel()
	got := map[int]bool{}
	for seed := range int64(20) {
		s := newScen(t)
		s.e.w.rng = game.NewRand(seed, 0)
		s.res(Cell{10, 10}, Bread, 12)
		a := s.put(0, false, Cell{9, 10})
		b := s.put(1, false, Cell{11, 10})
		s.step(fmt.Sprintf("%d:1", a), fmt.Sprintf("%d:3", b))
		amounts := []int{s.unit(a).Amount, s.unit(b).Amount}
		require.ElementsMatch(t, []int{10, 2}, amounts)
		got[amounts[0]] = true
		r, n := s.at(Cell{10, 10})
		require.Equal(t, NoRes, r)
		require.Equal(t, 0, n)
	}
	require.Len(t, got, 2, "either worker may get the 10")
}

func TestScenario10DeliveryAndSpawn(t *testing.T) {
	t.Parallel()
	s := newScen(t, size(30, 30, Cell{5, 5}, Cell{20, 20}))
	id := s.put(0, false, Cell{5, 4}, carrying(Bread, 10))
	st := s.step(fmt.Sprintf("%d:4", id), "")
	var b bytes.Buffer
	require.NoError(t, writeTurn(&b, st))
	require.Contains(t, b.String(), `"team0_current_resource0":10,"team0_total_resource0":0,`)
	require.Len(t, st.Units, 1, "the new worker is not in the record of turn t")
	views := s.e.Observe(0).(Views)
	require.Equal(t, TypeInit, views[id+1].Type, "INIT before turn t+1")
	require.Equal(t, TypeStatus, views[id].Type)
	st = s.step("", "")
	u, ok := st.Unit(id + 1)
	require.True(t, ok)
	require.Equal(t, Cell{5, 5}, u.Cell())
	require.Equal(t, 6, u.Health)
	require.Equal(t, 2, st.Colonies[0].CreatedWorkers)
}

func TestScenario11GrassBank(t *testing.T) {
	t.Parallel()
	s := newScen(t, size(30, 30, Cell{5, 5}, Cell{20, 20}))
	for i, want := range []struct{ bank, queued int }{{10, 0}, {5, 1}, {0, 1}, {10, 0}} {
		id := s.put(0, false, Cell{5, 4}, carrying(Grass, 10))
		st := s.step(fmt.Sprintf("%d:4", id), "")
		require.Equal(t, want.bank, st.Colonies[0].Grass, "delivery %d", i+1)
		require.Equal(t, want.queued, st.Colonies[0].QueuedSoldiers, "delivery %d", i+1)
	}
	require.Equal(t, 2, s.w().col[0].CreatedSoldiers)
}

func TestScenario12EnemyBase(t *testing.T) {
	t.Parallel()
	s := newScen(t)
	id := s.put(1, false, Cell{0, 0}, carrying(Bread, 10))
	st := s.step("", "")
	require.Equal(t, 0, st.Colonies[0].Bread)
	require.Equal(t, 0, st.Colonies[0].Delivered[Bread])
	require.Equal(t, Bread, s.unit(id).Carry)
	require.Equal(t, 3, s.unit(id).Health)
}

func TestScenario13SoldierVsBase(t *testing.T) {
	t.Parallel()
	s := newScen(t)
	id := s.put(0, true, Cell{20, 16})
	st := s.step("", "")
	require.Equal(t, 18, st.Colonies[1].BaseHealth)
	require.Equal(t, 5, s.unit(id).Health)
	require.Equal(t, []Hit{
		{Attacker: -2, Defender: id, From: Cell{20, 20}, To: Cell{20, 16}, Colony: 1},
		{Attacker: id, Defender: -2, From: Cell{20, 16}, To: Cell{20, 20}, Colony: 0},
	}, st.Attacks)
	var b bytes.Buffer
	require.NoError(t, writeTurn(&b, st))
	require.Contains(t, b.String(), `"attacks":[{"attacker_id":-2,"defender_id":0,"src_row":20,"src_col":20,"dst_row":16,"dst_col":20},{"attacker_id":0,"defender_id":-2,"src_row":16,"src_col":20,"dst_row":20,"dst_col":20}]`)
	v := s.e.Observe(0).(Views)[id]
	require.Contains(t, string(v.JSON()), `"attacks":[{"attacker_row":20,"attacker_col":20,"defender_row":16,"defender_col":20,"is_attacker_enemy":true},{"attacker_row":16,"attacker_col":20,"defender_row":20,"defender_col":20,"is_attacker_enemy":false}]}}`)
}

func TestScenario14SoldierPriority(t *testing.T) {
	t.Parallel()
	s := newScen(t)
	me := s.put(0, true, Cell{7, 7})
	worker := s.put(1, false, Cell{7, 8})
	far := s.put(1, true, Cell{9, 9})
	near := s.put(1, true, Cell{8, 7}, hp(7))
	s.step("", "")
	require.Equal(t, 5, s.unit(near).Health)
	require.Equal(t, 8, s.unit(far).Health)
	require.Equal(t, 6, s.unit(worker).Health)
	require.Equal(t, 4, s.unit(me).Health)
}

func TestScenario15BasePriority(t *testing.T) {
	t.Parallel()
	s := newScen(t, size(30, 30, Cell{5, 5}, Cell{20, 20}))
	worker := s.put(1, false, Cell{5, 9})
	strong := s.put(1, true, Cell{9, 5})
	weak := s.put(1, true, Cell{5, 0}, hp(7))
	st := s.step("", "")
	require.Equal(t, 4, s.unit(weak).Health)
	require.Equal(t, 8, s.unit(strong).Health)
	require.Equal(t, 6, s.unit(worker).Health)
	require.Equal(t, 18, st.Colonies[0].BaseHealth)
}

func TestScenario16Splash(t *testing.T) {
	t.Parallel()
	for orig, want := range map[bool][3]int{false: {6, 8, 1}, true: {3, 5, 1}} {
		opts := []func(*Map, *Rules){size(30, 30, Cell{5, 5}, Cell{20, 20})}
		if orig {
			opts = append(opts, compat("compat.baseFriendlyFire"))
		}
		s := newScen(t, opts...)
		w := s.put(0, false, Cell{5, 8})
		sol := s.put(0, true, Cell{5, 8})
		enemy := s.put(1, false, Cell{5, 8})
		st := s.step("", "")
		require.Equal(t, want, [3]int{s.unit(w).Health, s.unit(sol).Health, s.unit(enemy).Health}, "compat %v", orig)
		bases, soldiers := 0, 0
		for _, h := range st.Attacks {
			if h.Attacker < 0 {
				bases++
			} else {
				soldiers++
			}
		}
		if orig {
			require.Equal(t, [2]int{3, 1}, [2]int{bases, soldiers})
		} else {
			require.Equal(t, [2]int{1, 1}, [2]int{bases, soldiers})
		}
	}
}

func TestScenario17MutualKill(t *testing.T) {
	t.Parallel()
	s := newScen(t)
	a := s.put(0, true, Cell{7, 7}, hp(2))
	b := s.put(1, true, Cell{7, 9}, hp(2))
	st := s.step(fmt.Sprintf(`%d:1:5:"dying"`, a), fmt.Sprintf("%d:1", b))
	require.True(t, s.dead(a))
	require.True(t, s.dead(b))
	for _, c := range []Cell{{7, 7}, {7, 9}} {
		r, n := s.at(c)
		require.Equal(t, Grass, r)
		require.Equal(t, 12, n)
	}
	require.Empty(t, st.Colonies[0].Chat)
	require.Empty(t, st.Colonies[0].Trivial)
	require.Equal(t, TypeKill, s.e.Observe(0).(Views)[a].Type)
	require.Equal(t, TypeKill, s.e.Observe(1).(Views)[b].Type)
	require.Equal(t, `{"type":"7","info":{}}`, string(s.e.Observe(1).(Views)[b].JSON()))
}

// killWorker has base 1's range kill a 2-hp colony-0 worker at c: the
// scenarios put base 1 next to it.
func killWorker(t *testing.T, c Cell, opts []func(*Map, *Rules), mods ...func(*Unit)) *scen {
	s := newScen(t, append([]func(*Map, *Rules){size(30, 30, Cell{0, 0}, Cell{c.X + 3, c.Y})}, opts...)...)
	s.put(0, false, c, append([]func(*Unit){hp(2)}, mods...)...)
	return s
}

func TestScenario18WorkerDeposits(t *testing.T) {
	t.Parallel()
	at := Cell{10, 10}
	s := killWorker(t, at, nil)
	s.step("", "")
	r, n := s.at(at)
	require.Equal(t, [2]any{Bread, 8}, [2]any{r, n})

	s = killWorker(t, at, nil, carrying(Bread, 10))
	s.step("", "")
	r, n = s.at(at)
	require.Equal(t, [2]any{Bread, 18}, [2]any{r, n})

	for _, orig := range []bool{false, true} {
		var opts []func(*Map, *Rules)
		if orig {
			opts = append(opts, compat("compat.depositScanOrder"))
		}
		s = killWorker(t, at, opts, carrying(Grass, 7))
		s.step("", "")
		r, n = s.at(at)
		require.Equal(t, [2]any{Bread, 8}, [2]any{r, n})
		died := s.eventsOf("died")[0].Data.(Died)
		require.Len(t, died.Deposits, 2)
		g := died.Deposits[1]
		require.Equal(t, Grass, g.Res)
		require.Equal(t, 7, g.Amount)
		require.Equal(t, 1, Distance(30, 30, at, g.At))
		if orig {
			require.Equal(t, Cell{9, 10}, g.At)
		}
	}

	s = killWorker(t, at, nil, carrying(Bread, 3))
	s.res(at, Bread, 5)
	s.step("", "")
	r, n = s.at(at)
	require.Equal(t, [2]any{Bread, 16}, [2]any{r, n})
}

func TestScenario19TrapSwampDeath(t *testing.T) {
	t.Parallel()
	at := Cell{10, 10}
	ring := []Cell{{9, 10}, {10, 9}, {10, 11}, {11, 10}}
	seen := map[Cell]bool{}
	for seed := range int64(30) {
		s := killWorker(t, at, []func(*Map, *Rules){kinds(Trap, at)})
		s.e.w.rng = game.NewRand(seed, 0)
		s.step("", "")
		d := s.eventsOf("died")[0].Data.(Died).Deposits
		require.Len(t, d, 1)
		require.Contains(t, ring, d[0].At)
		require.Equal(t, 8, d[0].Amount)
		seen[d[0].At] = true
	}
	require.Len(t, seen, 4, "each of the four cells can be drawn")
	s := killWorker(t, at, []func(*Map, *Rules){kinds(Trap, at), compat("compat.depositScanOrder")})
	s.step("", "")
	require.Equal(t, Cell{9, 10}, s.eventsOf("died")[0].Data.(Died).Deposits[0].At)

	s = newScen(t, size(30, 30, Cell{0, 0}, Cell{13, 10}), kinds(Swamp, at), compat("compat.depositScanOrder"))
	s.put(0, true, at, hp(2))
	s.step("", "")
	d := s.eventsOf("died")[0].Data.(Died).Deposits
	require.Equal(t, []Deposit{{Cell{9, 10}, Grass, 12}}, d)
}

func TestScenario20DeathOnBase(t *testing.T) {
	t.Parallel()
	for _, orig := range []bool{false, true} {
		opts := []func(*Map, *Rules){size(30, 30, Cell{5, 5}, Cell{20, 20})}
		if orig {
			opts = append(opts, compat("compat.depositScanOrder"))
		}
		s := newScen(t, opts...)
		s.res(Cell{4, 5}, Grass, 1)
		s.put(1, false, Cell{5, 5}, hp(2))
		s.step("", "")
		d := s.eventsOf("died")[0].Data.(Died).Deposits
		require.Len(t, d, 1)
		require.Contains(t, []Cell{{5, 4}, {5, 6}, {6, 5}}, d[0].At)
		if orig {
			require.Equal(t, Cell{5, 4}, d[0].At)
		}
	}
}

func TestScenario21CrowdedDeposit(t *testing.T) {
	t.Parallel()
	at := Cell{10, 10}
	s := killWorker(t, at, []func(*Map, *Rules){kinds(Wall, Cell{9, 10}), kinds(Swamp, Cell{10, 11})})
	s.res(at, Grass, 5)
	s.res(Cell{10, 9}, Grass, 1)
	s.res(Cell{11, 10}, Bread, 3)
	s.step("", "")
	r, n := s.at(Cell{11, 10})
	require.Equal(t, [2]any{Bread, 11}, [2]any{r, n})
}

func TestScenario22BaseFloor(t *testing.T) {
	t.Parallel()
	for _, orig := range []bool{false, true} {
		var opts []func(*Map, *Rules)
		if orig {
			opts = append(opts, compat("compat.scanOrderTies"))
		}
		s := newScen(t, opts...)
		s.w().col[1].BaseHealth = 1
		a := s.put(0, true, Cell{20, 24})
		b := s.put(0, true, Cell{24, 20})
		worker := s.put(1, false, Cell{22, 22})
		st := s.step("", "")
		healths := []int{s.unit(a).Health, s.unit(b).Health}
		require.ElementsMatch(t, []int{5, 8}, healths)
		if orig {
			require.Equal(t, []int{5, 8}, healths)
		}
		require.Equal(t, -1, st.Colonies[1].BaseHealth)
		require.Equal(t, 4, s.unit(worker).Health)
		require.True(t, st.Over)
		require.Equal(t, 0, st.Winner)
		require.Equal(t, game.Result{Winner: 1, Ranking: []int{1, 2}, Reason: "base"}, s.e.Result())
		require.Empty(t, s.e.ToMove())
		require.Error(t, s.e.Step(map[game.Seat]string{}), "a step after the end is misuse")
	}
}

func TestScenario23Chat(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("e", 33)
	for _, orig := range []bool{false, true} {
		var opts []func(*Map, *Rules)
		if orig {
			opts = append(opts, compat("compat.chatStableTies"))
		}
		orders := map[string]bool{}
		for seed := range int64(12) {
			s := newScen(t, opts...)
			s.e.w.rng = game.NewRand(seed, 0)
			for range 8 {
				s.put(0, false, Cell{10, 10})
			}
			enemy := s.put(1, false, Cell{15, 15})
			move := `0:-:1:"a1" 1:-:5:"b5" 2:-:3:"c3" 3:-:5:"d5" 4:-:9:"` + long + `" 5:-:2:"f2" 6:-:5:"g5" 7:-:-1:"h-1" 0:-:4:"a-second"`
			st := s.step(move, fmt.Sprintf(`%d:-:100:"enemy"`, enemy))
			var texts []string
			for _, m := range st.Colonies[0].Chat {
				texts = append(texts, m.Text)
				require.Equal(t, 0, m.Turn)
			}
			require.Len(t, texts, 5)
			require.ElementsMatch(t, []string{"b5", "d5", "g5"}, texts[:3])
			require.Equal(t, []string{"a-second", "c3"}, texts[3:])
			orders[strings.Join(texts, ",")] = true
			require.Len(t, st.Colonies[0].Trivial, 9)
			require.Equal(t, []Msg{{Text: "enemy", Value: 100, Sender: enemy, Turn: 0}}, st.Colonies[1].Chat)
			for _, v := range s.e.Observe(0).(Views) {
				require.NotContains(t, string(v.JSON()), "enemy")
			}
		}
		if orig {
			require.Equal(t, map[string]bool{"b5,d5,g5,a-second,c3": true}, orders)
		} else {
			require.Greater(t, len(orders), 1, "ties are drawn")
		}
	}
}

func TestScenario24Escaping(t *testing.T) {
	t.Parallel()
	s := newScen(t)
	id := s.put(0, false, Cell{10, 10})
	s.step(fmt.Sprintf(`%d:-:1:"<a='b'&>"`, id), "")
	want := `\u003ca\u003d\u0027b\u0027\u0026\u003e`
	require.Contains(t, string(s.e.Observe(0).(Views)[id].JSON()), `"chat_box":[{"text":"`+want+`","turn":0}]`)
	var b bytes.Buffer
	require.NoError(t, writeTurn(&b, s.e.Current()))
	require.Contains(t, b.String(), `"important_chat_box_0":[{"text":"`+want+`","value":1,"sender_id":0}]`)
	require.Equal(t, `"é\u2028\n\u001f"`, string(appendQuoted(nil, "é\u2028\n\x1f", true)))
}

func TestScenario25DelayedResource(t *testing.T) {
	t.Parallel()
	m := emptyMap(30, 30, Cell{0, 0}, Cell{20, 20})
	at := Cell{10, 10}
	m.Codes[m.W*at.Y+at.X], m.ResType[m.W*at.Y+at.X], m.ResAmount[m.W*at.Y+at.X] = 8, Bread, 40
	r := DefaultRules()
	r.InitWorkers = 0
	e, err := NewEngine(m, r, 1, [2]string{})
	require.NoError(t, err)
	s := &scen{t: t, e: e}
	require.Len(t, s.w().delayed, 1)
	s.w().delayed[0].Turn = 2
	id := s.put(0, false, at)
	for turn := range 2 {
		st := s.step("", "")
		require.Equal(t, NoRes, st.ResType[st.At(at)], "turn %d", turn)
		v := s.e.Observe(0).(Views)[id].Status
		require.Equal(t, NoRes, v.Around[len(v.Around)/2].ResType)
		require.Equal(t, at, Cell{v.Around[len(v.Around)/2].X, v.Around[len(v.Around)/2].Y})
	}
	s.step("", "")
	require.Equal(t, 10, s.unit(id).Amount)
	res, n := s.at(at)
	require.Equal(t, [2]any{Bread, 30}, [2]any{res, n})
	require.Len(t, s.eventsOf("appeared"), 1)
}

func TestScenario26Malformed(t *testing.T) {
	t.Parallel()
	for _, frame := range []string{
		`{"type":1,"info":{"direction":7}}`,
		`{"type":1,"info":{"direction":true}}`,
		`{"type":9,"info":{}}`,
		`{"type":1}`,
		`{"type":2,"info":{"value":7}}`,
	} {
		m, end := ReadAction([]byte(frame))
		require.False(t, end, frame)
		s := newScen(t)
		id := s.put(0, false, Cell{8, 8})
		m.Unit = id
		s.step(FormatUnitMoves([]UnitMove{m}), "")
		require.Equal(t, Cell{8, 8}, s.unit(id).Cell(), frame)
		require.Empty(t, s.e.Current().Colonies[0].Trivial, frame)
	}
	m, _ := ReadAction([]byte(`{"type":"1","info":{"direction":"3"}}`))
	require.Equal(t, UnitMove{Move: true, Dir: Left}, m)
	m, _ = ReadAction([]byte(`{"type":1,"info":{"direction":2.5}}`))
	require.Equal(t, UnitMove{Move: true, Dir: Up}, m)
	m, _ = ReadAction([]byte(`{"type":1,"info":{}}`))
	require.Equal(t, UnitMove{Move: true, Dir: Center}, m)
	m, _ = ReadAction([]byte(`{"type": 2, "info": {"message": "hi2", "value": "8"}}`))
	require.Equal(t, UnitMove{Chat: true, Text: "hi2", Value: 8}, m)
	_, end := ReadAction([]byte(`{"type": 6, "info": {}}`))
	require.True(t, end)
}

func TestScenario27View(t *testing.T) {
	t.Parallel()
	s := newScen(t, size(20, 20, Cell{0, 0}, Cell{10, 10}))
	id := s.put(0, false, Cell{19, 19})
	s.step("", "")
	st := s.e.Observe(0).(Views)[id].Status
	require.Len(t, st.Around, 41)
	var first []Cell
	for _, a := range st.Around[:5] {
		first = append(first, Cell{a.X, a.Y})
	}
	require.Equal(t, []Cell{{15, 19}, {16, 18}, {16, 19}, {16, 0}, {17, 17}}, first)
	require.True(t, strings.HasPrefix(string(s.e.Observe(0).(Views)[id].JSON()),
		`{"type":"4","info":{"around_cells":[{"cell_x":15,"cell_y":19,"cell_type":1,"resource_value":0,"resource_type":2,"ants":[]},`))

	s = newScen(t, size(14, 3, Cell{0, 0}, Cell{7, 1}))
	id = s.put(0, false, Cell{3, 1})
	s.step("", "")
	st = s.e.Observe(0).(Views)[id].Status
	require.Len(t, st.Around, 41)
	distinct := map[Cell]bool{}
	self := 0
	for _, a := range st.Around {
		distinct[Cell{a.X, a.Y}] = true
		if a.X == 3 && a.Y == 1 {
			self++
			require.Equal(t, []SeenAnt{{Team: 0, Type: 1}}, a.Ants)
		}
	}
	require.Less(t, len(distinct), 41)
	require.Greater(t, self, 1, "the unit's own cell appears more than once")
}

func TestScenario28InitialIDs(t *testing.T) {
	t.Parallel()
	m := emptyMap(30, 30, Cell{0, 0}, Cell{20, 20})
	r := DefaultRules()
	r.InitSoldiers = 2
	e, err := NewEngine(m, r, 1, [2]string{})
	require.NoError(t, err)
	for c, want := range [2][2][]int{{{0, 1}, {2, 3, 4, 5}}, {{6, 7}, {8, 9, 10, 11}}} {
		var soldiers, workers []int
		views := e.Observe(game.Seat(c)).(Views)
		for _, u := range e.Current().Units {
			if u.Colony != c {
				continue
			}
			require.Equal(t, m.Bases[c], u.Cell())
			require.Equal(t, TypeInit, views[u.ID].Type)
			if u.Soldier {
				soldiers = append(soldiers, u.ID)
			} else {
				workers = append(workers, u.ID)
			}
		}
		require.Equal(t, want, [2][]int{soldiers, workers})
	}
	require.NoError(t, e.Step(map[game.Seat]string{0: "", 1: ""}))
	for _, u := range e.Current().Units {
		require.Equal(t, m.Bases[u.Colony], u.Cell(), "all on their bases in log turn 0")
	}
	require.Equal(t, 0, e.Current().Turn)
}

func TestScenario29Judge(t *testing.T) {
	t.Parallel()
	turns := func(r *Rules) { r.MaxTurn = 1 }
	s := newScen(t, func(_ *Map, r *Rules) { turns(r) })
	s.w().col[0].BaseHealth = 19
	s.step("", "")
	require.Equal(t, game.Result{Winner: 2, Ranking: []int{2, 1}, Reason: "health"}, s.e.Result())

	s = newScen(t, func(_ *Map, r *Rules) { turns(r) })
	s.w().col[0].CreatedWorkers = 1 // one created, and dead
	s.put(1, false, Cell{25, 25})
	s.step("", "")
	require.Equal(t, game.Result{Winner: 2, Ranking: []int{2, 1}, Reason: "units"}, s.e.Result())

	winners := map[int]bool{}
	for seed := range int64(10) {
		s = newScen(t, func(_ *Map, r *Rules) { turns(r) })
		s.e.w.rng = game.NewRand(seed, 0)
		s.step("", "")
		require.Equal(t, "random", s.e.Result().Reason)
		winners[s.e.Result().Winner] = true
	}
	require.Len(t, winners, 2)

	turnsLog, err := ReadLog(fixture(t, "replays/map1_template_log.json.gz"))
	require.NoError(t, err)
	last := turnsLog[len(turnsLog)-1]
	require.Equal(t, [3]any{true, 1, "random"}, [3]any{last.Over, last.Winner, last.Reason})
}

func TestScenario30Cap(t *testing.T) {
	t.Parallel()
	s := newScen(t, size(30, 30, Cell{5, 5}, Cell{20, 20}), func(_ *Map, r *Rules) { r.MaxAgents = 12 })
	for i := range 11 {
		s.put(i%2, false, Cell{10 + i, 10})
	}
	id := s.put(0, false, Cell{5, 4}, carrying(Bread, 10))
	require.Equal(t, 11, id, "12 units created")
	st := s.step(fmt.Sprintf("%d:4", id), "")
	require.Equal(t, 0, st.Colonies[0].Bread)
	require.Equal(t, 1, st.Colonies[0].QueuedWorkers)
	for range 3 {
		st = s.step("", "")
	}
	require.Len(t, st.Units, 12)
	require.Equal(t, 1, st.Colonies[0].QueuedWorkers, "queued for good")
}

// The compat flags the scenarios do not cover.
func TestCompatFlags(t *testing.T) {
	t.Parallel()
	t.Run("chatUtf16", func(t *testing.T) {
		for orig, want := range map[bool]int{false: 0, true: 1} {
			var opts []func(*Map, *Rules)
			if orig {
				opts = append(opts, compat("compat.chatUtf16"))
			}
			s := newScen(t, opts...)
			id := s.put(0, false, Cell{10, 10})
			st := s.step(fmt.Sprintf(`%d:-:1:"%s"`, id, strings.Repeat("é", 20)), "")
			require.Len(t, st.Colonies[0].Chat, want, "40 bytes, 20 UTF-16 units")
		}
	})
	t.Run("baseHitsBase", func(t *testing.T) {
		for orig, want := range map[bool]int{false: 20, true: 17} {
			opts := []func(*Map, *Rules){size(30, 30, Cell{5, 5}, Cell{8, 8})}
			if orig {
				opts = append(opts, compat("compat.baseHitsBase"))
			}
			s := newScen(t, opts...)
			st := s.step("", "")
			require.Equal(t, want, st.Colonies[1].BaseHealth)
		}
	})
	t.Run("delayedMin8", func(t *testing.T) {
		for orig, immediate := range map[bool]bool{false: false, true: true} {
			m := emptyMap(30, 30, Cell{0, 0}, Cell{20, 20})
			m.Codes[10*30+10], m.ResType[10*30+10], m.ResAmount[10*30+10] = 7, Grass, 9
			r := DefaultRules()
			r.Compat.DelayedMin8 = orig
			e, err := NewEngine(m, r, 1, [2]string{})
			require.NoError(t, err)
			require.Equal(t, immediate, e.Current().ResType[10*30+10] == Grass)
			require.Equal(t, !immediate, len(e.Current().Delayed) == 1)
		}
	})
	t.Run("baseLabelColumnMajor", func(t *testing.T) {
		for orig, label := range map[bool]string{false: `{"row":5,"col":5,"cell_type":0}`, true: `{"row":5,"col":5,"cell_type":1}`} {
			m := emptyMap(12, 12, Cell{5, 5}, Cell{2, 8})
			r := DefaultRules()
			r.MaxTurn, r.Compat.BaseLabelColumnMajor = 1, orig
			e, err := NewEngine(m, r, 1, [2]string{})
			require.NoError(t, err)
			require.NoError(t, e.Step(map[game.Seat]string{}))
			var b bytes.Buffer
			require.NoError(t, WriteLog(&b, []*State{e.Current()}))
			require.Contains(t, b.String(), label)
			turns, err := ReadLog(b.Bytes())
			require.NoError(t, err)
			require.Equal(t, [2]Cell{{5, 5}, {2, 8}}, [2]Cell{turns[0].Colonies[0].Base, turns[0].Colonies[1].Base},
				"the importer tells the colonies' bases by their units")
		}
	})
}
