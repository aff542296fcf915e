package aibg5

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/arena-games/arena/game/hex"
	"github.com/stretchr/testify/require"
)

// The three official maps load, with the counts of §5.1, and write back
// byte for byte.
func TestFixtureMaps(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]map[Kind]int{
		"test1.txt":       {Asteroid: 92, Blackhole: 4, Wormhole: 2, Boss: 7, Empty: 526},
		"test2.txt":       {Asteroid: 50, Blackhole: 14, Wormhole: 2, Boss: 7, Empty: 558},
		"JokNejeTest.txt": {Asteroid: 54, Blackhole: 4, Wormhole: 2, Boss: 7, Empty: 564},
	} {
		data := fixture(t, "maps/"+name)
		m, err := ParseMap(name, data)
		require.NoError(t, err, name)
		got := map[Kind]int{}
		for _, tile := range m.Tiles {
			got[tile.Kind]++
		}
		require.Equal(t, want, got, name)
		require.Equal(t, string(data), string(m.File()), name)
	}
}

// mapText is the open map's file with the cell at h rewritten by edit.
func mapText(h hex.Hex, edit func(cell string) string) string {
	text := string(openMap().File())
	cell := fmt.Sprintf(`{"q":%d,"r":%d,`, h.Q, h.R)
	i := strings.Index(text, cell)
	j := i + strings.Index(text[i:], "}") + 1
	return text[:i] + edit(text[i:j]) + text[j:]
}

// The strict loader rejects what the original would have read blindly, with
// an error that names the file and the cell.
func TestParseMapRejects(t *testing.T) {
	t.Parallel()
	wormhole := func(q, r, id int) func(string) string {
		return func(string) string {
			return fmt.Sprintf(`{"q":%d,"r":%d,"type":"NORMAL","entity":"WORMHOLE","id":%d}`, q, r, id)
		}
	}
	oneHole := mapText(h(3, 3), wormhole(3, 3, 7))
	threeHoles := mapText(h(3, 3), wormhole(3, 3, 1))
	threeHoles = strings.Replace(threeHoles, `{"q":4,"r":4,"type":"NORMAL","entity":"NONE"}`, `{"q":4,"r":4,"type":"NORMAL","entity":"WORMHOLE","id":1}`, 1)
	threeHoles = strings.Replace(threeHoles, `{"q":5,"r":5,"type":"NORMAL","entity":"NONE"}`, `{"q":5,"r":5,"type":"NORMAL","entity":"WORMHOLE","id":1}`, 1)
	for _, c := range []struct{ text, want string }{
		{"", "not a map file"},
		{"[[]]", "1 rows, expected 29"},
		{string(openMap().File()) + "x", "unexpected data"},
		{strings.Replace(string(openMap().File()), `{"q":0,"r":-14,"type":"NORMAL","entity":"NONE"},`, "", 1), "row 1 (r = -14) has 14 cells, expected 15"},
		{mapText(h(2, -14), func(string) string { return `{"q":3,"r":-14,"type":"NORMAL","entity":"NONE"}` }), "row 1, cell 3 is (3,-14), expected (2,-14)"},
		{mapText(h(2, -14), func(string) string { return `{"r":-14,"type":"NORMAL","entity":"NONE"}` }), `missing "q"`},
		{mapText(h(2, -14), func(string) string { return `{"q":2,"r":-14,"type":"FULL","entity":"NONE"}` }), `cell (2,-14): type "FULL" for entity NONE`},
		{mapText(h(2, -14), func(string) string { return `{"q":2,"r":-14,"type":"NORMAL","entity":"LAVA"}` }), `cell (2,-14): entity "LAVA"`},
		{mapText(h(2, -14), func(string) string { return `{"q":2,"r":-14,"type":"NORMAL","entity":"NONE","id":3}` }), `cell (2,-14): "id" on a NONE`},
		{mapText(h(2, -14), func(string) string { return `{"q":2,"r":-14,"type":"NORMAL","entity":"WORMHOLE"}` }), `cell (2,-14): a WORMHOLE needs`},
		{mapText(h(2, -14), func(string) string { return `{"q":2,"r":-14,"type":"NORMAL","entity":"NONE","x":1}` }), `unknown field "x"`},
		{mapText(h(0, -1), func(string) string { return `{"q":0,"r":-1,"type":"NORMAL","entity":"NONE"}` }), "cell (0,-1) is NONE: the 7 centre cells must be BOSS"},
		{mapText(h(5, 5), func(string) string { return `{"q":5,"r":5,"type":"FULL","entity":"BOSS"}` }), "cell (5,5) is BOSS: only the 7 centre cells may be"},
		{mapText(h(7, 7), func(string) string { return `{"q":7,"r":7,"type":"FULL","entity":"FENCE"}` }), "cell (7,7), player 4's spawn, is FENCE"},
		{oneHole, "wormhole id 7 appears 1 times (first at (3,3))"},
		{threeHoles, "wormhole id 1 appears 3 times"},
	} {
		_, err := ParseMap("bad.txt", []byte(c.text))
		require.Error(t, err, c.want)
		require.ErrorContains(t, err, "map bad.txt: ")
		require.ErrorContains(t, err, c.want)
	}
	m, err := ParseMap("ok.txt", append([]byte("\xef\xbb\xbf"), bytes.TrimSpace(openMap().File())...))
	require.NoError(t, err)
	require.Equal(t, openMap().Tiles, m.Tiles)
}
