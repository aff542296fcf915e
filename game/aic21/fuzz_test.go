package aic21

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/arena-games/arena/game/gametest/hostile"

	"github.com/stretchr/testify/require"
)

// seedFixture adds a fixture file to a fuzz corpus when it is there.
func seedFixture(f *testing.F, name string) {
	if data, err := os.ReadFile(filepath.Join(fixtureDir, name)); err == nil {
		f.Add(data)
	}
}

func FuzzReadMap(f *testing.F) {
	f.Add([]byte(`{"MAP_HEIGHT":1,"MAP_WIDTH":2,"cells_type":[{"row":0,"col":0,"cell_type":0},{"row":0,"col":1,"cell_type":1,"rec1":3},]}`))
	f.Add([]byte(`{"MAP_HEIGHT":2,"MAP_WIDTH":1,"cells_type":[{"row":0,"col":0,"cell_type":9,"rec2":5},{"row":1,"col":0,"cell_type":1}]}`))
	seedFixture(f, "maps/map2.json")
	hostile.Seed(f, `{"MAP_HEIGHT":`, MapLimit.Max)
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ReadMap("fuzz", data)
		if err != nil {
			return
		}
		require.Len(t, m.Kinds, m.W*m.H)
		if m.W*m.H <= 400 {
			_, err := NewEngine(m, DefaultRules(), 1, [2]string{})
			require.NoError(t, err)
		}
	})
}

func FuzzReadConfig(f *testing.F) {
	f.Add([]byte("A = 1\nB:2\\\n  3\n# c\n"))
	f.Add([]byte("GAME_MAXIMUM_TURN_COUNT = 7\nRATE_DEATH_RESOURCE = 0.5\n"))
	seedFixture(f, "config/server_map.config")
	seedFixture(f, "config/mini_server_map.config")
	hostile.Seed(f, "GAME_MAXIMUM_TURN_COUNT = 1\n", ConfigLimit.Max)
	f.Fuzz(func(t *testing.T, data []byte) {
		props, err := ReadConfig(data)
		if err != nil {
			return
		}
		r := DefaultRules()
		if r.Apply(props) == nil {
			require.NoError(t, r.check())
		}
	})
}

func FuzzReadLog(f *testing.F) {
	f.Add([]byte(`{"game_config":{"map_height":1,"map_width":2,"cells_type":[{"row":0,"col":0,"cell_type":0},{"row":0,"col":1,"cell_type":1}],"winner":1},"turns":[{"turn_num":0,"cells":[{"row":0,"col":0,"resource_value":0,"resource_type":2,"ants":[{"id":0,"team":0,"type":1,"health":6,"resource":2}]},{"row":0,"col":1,"resource_value":3,"resource_type":0,"ants":[]}],"attacks":[{"attacker_id":-1,"defender_id":0}],"important_chat_box_0":[{"text":"a","value":1,"sender_id":0}]}],"stats":{"winner":1}}`))
	hostile.Seed(f, `{"game_config":`, LogLimit.Max)
	f.Fuzz(func(t *testing.T, data []byte) {
		turns, err := ReadLog(data)
		if err != nil {
			return
		}
		var b bytes.Buffer
		require.NoError(t, WriteLog(&b, turns))
		again, err := ReadLog(b.Bytes())
		require.NoError(t, err)
		require.Len(t, again, len(turns))
		_, err = ImportLog("fuzz", data)
		require.NoError(t, err)
	})
}

func FuzzParseUnitMoves(f *testing.F) {
	for _, s := range []string{"", "0:1", `3:-:5:"hi there"`, `1:2:-7:"\u003c\n" 1:4`, "2:99999999999", `0:1:2:"`, "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		moves, err := ParseUnitMoves(s)
		if err != nil {
			return
		}
		text := FormatUnitMoves(moves)
		again, err := ParseUnitMoves(text)
		require.NoError(t, err, "%q written as %q", s, text)
		require.Equal(t, FormatUnitMoves(again), text)
	})
}

func TestUnitMoves(t *testing.T) {
	t.Parallel()
	moves, err := ParseUnitMoves(`  2:1 3:4:7:"bread 12 30"  5:-:1:"hi"` + "\t7:-9")
	require.NoError(t, err)
	require.Equal(t, []UnitMove{
		{Unit: 2, Move: true, Dir: 1},
		{Unit: 3, Move: true, Dir: 4, Chat: true, Text: "bread 12 30", Value: 7},
		{Unit: 5, Chat: true, Text: "hi", Value: 1},
		{Unit: 7, Move: true, Dir: -9},
	}, moves)
	require.Equal(t, `2:1 3:4:7:"bread 12 30" 5:-:1:"hi" 7:-9`, FormatUnitMoves(moves))
	require.Equal(t, `1:-:0:"\"q\" é\n"`, UnitMove{Unit: 1, Chat: true, Text: "\"q\" é\n"}.String())
	for _, bad := range []string{"1", "1:", "-1:1", "1:x", "1:-", `1:1:2`, `1:1:2:x`, `1:1:2:"open`, "1:1x", `1:1:2:"a"b`} {
		_, err := ParseUnitMoves(bad)
		require.Error(t, err, bad)
	}
	merged := MergeUnitMoves([]UnitMove{{Unit: 1, Move: true, Dir: 1}, {Unit: 4, Move: true, Dir: 2}},
		[]UnitMove{{Unit: 4, Move: true, Dir: 3}, {Unit: 2, Chat: true, Text: "x"}})
	require.Equal(t, "1:1 2:-:0:\"x\" 4:3", FormatUnitMoves(merged))
}

// TestBadMoves: a seat's move that does not parse, or names units that are
// not its own, is ignored with an event, never an error.
func TestBadMoves(t *testing.T) {
	t.Parallel()
	s := newScen(t)
	mine := s.put(0, false, Cell{8, 8})
	theirs := s.put(1, false, Cell{12, 12})
	s.step("nonsense", "")
	require.Len(t, s.eventsOf("ignored"), 1)
	s.step("0:1 "+"1:1", "")
	require.Len(t, s.eventsOf("ignored"), 1)
	require.Equal(t, Cell{9, 8}, s.unit(mine).Cell())
	require.Equal(t, Cell{12, 12}, s.unit(theirs).Cell())
	require.ErrorContains(t, s.e.Check(0, "1:1"), "not a live unit of colony 0")
	require.NoError(t, s.e.Check(0, "0:1"))
}
