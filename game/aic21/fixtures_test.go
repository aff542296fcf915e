package aic21

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

// finalMaps are the official maps of the final rules; the mini maps are
// the mini game's, whose bases span several cells.
var finalMaps = []string{"map1", "map2", "map3", "map3_2", "map4", "map5", "map6", "map7", "map8"}

func TestFixtureMaps(t *testing.T) {
	t.Parallel()
	for _, name := range finalMaps {
		m := fixtureMap(t, name)
		require.Greater(t, Distance(m.W, m.H, m.Bases[0], m.Bases[1]), 6, name)
		e, err := NewEngine(m, DefaultRules(), 1, [2]string{})
		require.NoError(t, err, name)
		require.Len(t, e.Current().Units, 8, name)
	}
	m := fixtureMap(t, "map1")
	require.Equal(t, [2]Cell{{5, 5}, {26, 26}}, m.Bases)
	m = fixtureMap(t, "map4")
	require.Equal(t, [2]int{18, 13}, [2]int{m.ShiftX, m.ShiftY})
	for _, name := range []string{"mini_maps_mini_map1", "mini_maps_mini_map2"} {
		_, err := ReadMap(name, fixture(t, filepath.Join("maps", name+".json")))
		require.ErrorContains(t, err, "a third base: expected exactly two", name)
	}
}

func TestTrailingComma(t *testing.T) {
	t.Parallel()
	data := fixture(t, "maps/map2.json")
	i := bytes.LastIndexByte(data, '}')
	j := bytes.LastIndexByte(data[:i], ']')
	withComma := append(append(append([]byte{}, data[:j]...), ",\n"...), data[j:]...)
	a, err := ReadMap("map2", data)
	require.NoError(t, err)
	b, err := ReadMap("map2", withComma)
	require.NoError(t, err)
	require.Equal(t, a, b)
	m, err := ReadMap("x", []byte(`{"MAP_HEIGHT":1,"MAP_WIDTH":3,"cells_type":[{"row":0,"col":0,"cell_type":0,},{"row":0,"col":1,"cell_type":2,"rec1":5,"rec2":7},{"row":0,"col":2,"cell_type":1},],}`))
	require.NoError(t, err)
	require.Equal(t, []Res{NoRes, Grass, NoRes}, m.ResType, "grass wins over bread")
	require.Equal(t, 5, m.ResAmount[1])
	_, err = ReadMap("x", []byte(`{"MAP_HEIGHT":1,"MAP_WIDTH":3,"cells_type":[{"row":0,"col":0,"cell_type":0},{"row":0,"col":0,"cell_type":2},{"row":0,"col":2,"cell_type":1}]}`))
	require.ErrorContains(t, err, "appears twice")
	m, err = ReadMap("x", []byte(`{"MAP_HEIGHT":1,"MAP_WIDTH":3,"cells_type":[{"row":0,"col":0,"cell_type":0},{"row":0,"col":1,"cell_type":4,"rec1":10},{"row":0,"col":2,"cell_type":1,"rec2":3}]}`))
	require.NoError(t, err)
	require.Equal(t, []Res{NoRes, NoRes, NoRes}, m.ResType, "resources off empty ground are dropped (R21)")
}

func TestFixtureConfigs(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]func(r *Rules){
		"server_map.config": func(r *Rules) { r.MaxTurn = 100 },
		"server_repo_map.config": func(r *Rules) {
			r.MaxTurn, r.WorkerHealth, r.SoldierHealth, r.BaseHealth, r.Damage = 50, 3, 5, 10, 1
			r.SoldierPrice, r.SwampTurns, r.InitWorkers = 20, 2, 2
		},
		"mini_server_map.config": func(r *Rules) {
			r.MaxTurn, r.SoldierHealth, r.BaseHealth, r.BaseRange, r.BaseDamage = 150, 6, 10, 0, 0
			r.WorkerPrice, r.SoldierPrice, r.DeathRate, r.InitSoldiers = 1, 1, 0, 1
		},
	} {
		r := DefaultRules()
		require.NoError(t, r.LoadConfig(game.Config{}, filepath.Join(fixtureDir, "config", name)), name)
		expected := DefaultRules()
		want(&expected)
		require.Equal(t, expected, r, name)
	}
	r, err := ParseRules(game.Config{Options: map[string]string{OptConfig: filepath.Join(fixtureDir, "config", "server_map.config"), "INIT_SCORPIONS": "2", OptTurns: "60"}})
	require.NoError(t, err)
	require.Equal(t, [2]int{2, 60}, [2]int{r.InitSoldiers, r.MaxTurn})
}

func TestReadConfig(t *testing.T) {
	t.Parallel()
	props, err := ReadConfig([]byte("# c\n! c\nA = 1\nB:2\nC 3\nD = long \\\n   value\nE=a\\u0041\\=\n  \nF\n"))
	require.NoError(t, err)
	require.Equal(t, map[string]string{"A": "1", "B": "2", "C": "3", "D": "long value", "E": "aA=", "F": ""}, props)
	r := DefaultRules()
	require.ErrorContains(t, r.Apply(map[string]string{"CHAT_LIMIT": "five"}), "CHAT_LIMIT")
	require.ErrorContains(t, r.Apply(map[string]string{"GENERATE_WORKER_BREAD_AMOUNT": "0"}), "GENERATE_WORKER_BREAD_AMOUNT")
	_, err = ParseRules(game.Config{Options: map[string]string{"compat.nope": "1"}})
	require.ErrorContains(t, err, `unknown option "compat.nope"`)
	r, err = ParseRules(game.Config{Options: map[string]string{OptPreset: PresetOriginal, "compat.multiAction": "false"}})
	require.NoError(t, err)
	require.Equal(t, 100, r.MaxTurn)
	require.False(t, r.Compat.MultiAction)
	require.True(t, r.Compat.ChatStableTies)
}

// TestFixtureLog opens the official log.json of run 1 as `arena replay`
// does: gzipped and plain, every turn a frame, to its recorded end.
func TestFixtureLog(t *testing.T) {
	t.Parallel()
	gz := fixture(t, "replays/map1_template_log.json.gz")
	plain, err := LogLimit.Gunzip("log.json", gz)
	require.NoError(t, err)
	for _, data := range [][]byte{gz, plain} {
		rec, err := game.Open("map1_template_log.json", data)
		require.NoError(t, err)
		require.Equal(t, "aic21", rec.Title.ID())
		require.Equal(t, 101, rec.Timeline.Len(), "the start and 100 turns")
		res, over := rec.Result()
		require.True(t, over)
		require.Equal(t, game.Result{Winner: 2, Ranking: []int{2, 1}, Reason: "random"}, res)
		require.Equal(t, `{"title":"aic21","seed":0,"turns":100,"winner":2,"ranking":[2,1],"seats":["templateA","templateB"],"players":["templateA","templateB"],"reason":"random"}`, rec.Summary().JSON())
		first := rec.Timeline.Frame(1).State.(*State)
		require.Len(t, first.Units, 8)
		for _, u := range first.Units {
			require.Equal(t, first.Colonies[u.Colony].Base, u.Cell())
		}
		moved := 0
		for _, e := range rec.Timeline.Frame(2).Events {
			if e.Kind == "moved" {
				moved++
			}
		}
		require.Equal(t, 8, moved)
		last := rec.Timeline.Frame(100).State.(*State)
		require.Equal(t, 99, last.Turn)
		require.Equal(t, Cell{5, 1}, last.Units[0].Cell())
		var b bytes.Buffer
		require.NoError(t, ExportLog(rec, &b))
		require.Equal(t, string(plain), b.String(), "import, export: the same bytes")
		require.ErrorContains(t, game.Save(rec, filepath.Join(t.TempDir(), "x.arena")), "holds no moves")
	}
}

// TestReproduceRunOne plays run 1 on the engine under the original's
// rules, with the moves its log shows, and writes the log: the official
// log.json, byte for byte.
func TestReproduceRunOne(t *testing.T) {
	t.Parallel()
	plain, err := LogLimit.Gunzip("log.json", fixture(t, "replays/map1_template_log.json.gz"))
	require.NoError(t, err)
	turns, err := ReadLog(plain)
	require.NoError(t, err)
	m := fixtureMap(t, "map1")
	e, err := NewEngine(m, OriginalRules(), seedForWinner(t, m, 1), [2]string{"templateA", "templateB"})
	require.NoError(t, err)
	rec := &game.Recording{Title: Title{}, Timeline: game.NewTimeline(e.Frame(), true)}
	prev := e.Current()
	for _, s := range turns {
		moves := map[game.Seat]string{}
		for c := range 2 {
			var list []UnitMove
			for _, u := range s.Units {
				if p, ok := prev.Unit(u.ID); ok && u.Colony == c {
					list = append(list, UnitMove{Unit: u.ID, Move: true, Dir: direction(m.W, m.H, p.Cell(), u.Cell())})
				}
			}
			moves[game.Seat(c)] = FormatUnitMoves(list)
		}
		require.NoError(t, game.Advance(rec, e, moves, nil))
		prev = e.Current()
	}
	require.True(t, e.Over())
	var b bytes.Buffer
	require.NoError(t, ExportLog(rec, &b))
	require.Equal(t, len(plain), b.Len())
	require.True(t, bytes.Equal(plain, b.Bytes()), "the engine's log differs from the original's")
}

// seedForWinner is a seed under which run 1's full tie draws winner.
func seedForWinner(t *testing.T, m *Map, winner int) int64 {
	for seed := int64(1); ; seed++ {
		w := newWorld(m, &Rules{MaxTurn: 100}, seed, [2]string{})
		var score [2][6]int
		if c, _ := decide(score, w.rng); c == winner {
			return seed
		}
		require.Less(t, seed, int64(50))
	}
}

// direction is the move from a to the next cell b.
func direction(w, h int, a, b Cell) int {
	for d := Right; d <= Down; d++ {
		if Step(w, h, a, d) == b {
			return d
		}
	}
	return Center
}

func TestExportErrors(t *testing.T) {
	t.Parallel()
	require.ErrorContains(t, WriteLog(&bytes.Buffer{}, nil), "no turns")
	e, err := NewEngine(emptyMap(10, 10, Cell{0, 0}, Cell{5, 5}), DefaultRules(), 1, [2]string{})
	require.NoError(t, err)
	require.NoError(t, e.Step(map[game.Seat]string{}))
	require.ErrorContains(t, WriteLog(&bytes.Buffer{}, []*State{e.Current()}), "has not ended")
	_, err = ReadLog([]byte(`{"game_config":{"map_width":2,"map_height":1,"cells_type":[]},"turns":[]}`))
	require.ErrorContains(t, err, "cells_type")
	require.False(t, isLog("x", []byte(`{"format":"arena-replay"}`)))
	require.True(t, isLog("x", []byte(" {\n \"game_config\": {}")))
	require.Contains(t, strings.Join(OptionNames(), " "), "compat.delayedMin8")
}

func TestTitleNew(t *testing.T) {
	t.Parallel()
	path := "meadow"
	_, err := Arena.New(game.Config{Seats: 3, Map: path})
	require.ErrorContains(t, err, "2 seats")
	_, err = Arena.New(game.Config{Map: path, Options: map[string]string{"speed": "1"}})
	require.ErrorContains(t, err, `unknown option "speed"`)
	_, err = Title{}.New(game.Config{Map: filepath.Join(t.TempDir(), "none.json")})
	require.ErrorContains(t, err, "read map")
	_, err = Arena.New(game.Config{Map: path, Options: map[string]string{OptConfig: "nowhere.config"}})
	require.ErrorContains(t, err, "--config")
	e, err := Arena.New(game.Config{Map: path, Options: map[string]string{OptPreset: PresetOriginal, OptName0: "ants", "INIT_SCORPIONS": "1"}})
	require.NoError(t, err)
	st := e.(*Engine).Current()
	require.Equal(t, [2]string{"ants", "second_team"}, st.TeamNames)
	require.Len(t, st.Units, 10)
	require.Equal(t, 100, e.(*Engine).Rules().MaxTurn)
	require.Equal(t, -1, st.Turn)
	_, err = Title{}.NewBot("genius", "", 0, nil)
	require.ErrorContains(t, err, "unknown computer player")
	_, err = Title{}.NewBot("colony", "3", 0, nil)
	require.ErrorContains(t, err, "no strength")
}
