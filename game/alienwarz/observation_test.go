package alienwarz

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// logViews are the view lines of the fixture game log, without "\r".
func logViews(t testing.TB) [][]byte {
	t.Helper()
	var out [][]byte
	for _, line := range strings.Split(string(fixture(t, fixtureLog)), "\n") {
		if _, v, ok := strings.Cut(line, "Writing to process: "); ok {
			out = append(out, []byte(strings.ReplaceAll(v, "\r", "")))
		}
	}
	return out
}

func TestReadViewRoundTrip(t *testing.T) {
	t.Parallel()
	views := logViews(t)
	require.Len(t, views, 27)
	for i, v := range views {
		s, err := ReadView(v)
		require.NoError(t, err, "view %d", i)
		require.Equal(t, i, s.Turn)
		require.Equal(t, string(v), string(s.View(s.ToAct)), "view %d", i)
	}
	// The original's "\r" after each board row is tolerated.
	line := strings.Split(string(fixture(t, fixtureLog)), "\n")[2]
	_, raw, _ := strings.Cut(line, "Writing to process: ")
	require.Contains(t, raw, "\r")
	s, err := ReadView([]byte(raw))
	require.NoError(t, err)
	require.Equal(t, string(views[0]), string(s.View(1)))
}

func TestReadViewFixtureStates(t *testing.T) {
	t.Parallel()
	// state_turn61.json is pretty-printed and player-edited: P1's position
	// disagrees with its board (§3.3).
	_, err := ReadView(fixture(t, "state_turn61.json"))
	require.ErrorContains(t, err, "player1")
	var v map[string]any
	require.NoError(t, json.Unmarshal(fixture(t, "state_turn61.json"), &v))
	v["player1"].(map[string]any)["position"] = []int{0, 8}
	fixed, err := json.Marshal(v)
	require.NoError(t, err)
	s, err := ReadView(fixed)
	require.NoError(t, err)
	require.Equal(t, 61, s.Turn)
	require.Equal(t, 2, s.ToAct)
	require.Equal(t, "Vas bot", s.Players[0].Name)
	require.Equal(t, "D_2_0", s.Token(Cell{0, 6}))
	require.Equal(t, "M_3_0", s.Token(Cell{1, 7}))

	// The board fragments: every token reads.
	for _, name := range []string{"state_board.json", "board_fragment.txt"} {
		var rows [][]string
		require.NoError(t, json.Unmarshal(append(append([]byte("["), fixture(t, name)...), ']'), &rows), name)
		require.Len(t, rows, 10)
		tokens := map[string]bool{}
		for _, row := range rows {
			for _, tok := range row {
				tokens[tok] = true
			}
		}
		for tok := range tokens {
			s := empty()
			seen := [2]bool{}
			c := Cell{4, 4}
			switch tok {
			case "1":
				s.Players[0].Pos = c
			case "2":
				s.Players[1].Pos = c
			case "A":
				c = Base(1)
				s.Players[0].Pos = Cell{5, 5}
			case "B":
				c = Base(2)
				s.Players[1].Pos = Cell{5, 5}
			}
			s.Turn = 100
			require.NoError(t, s.readToken(c, tok, &seen), "%s: %q", name, tok)
			require.Equal(t, tok, s.Token(c), "%s: %q", name, tok)
		}
	}
}

func TestReadViewRejects(t *testing.T) {
	t.Parallel()
	v := logViews(t)[5]
	for _, bad := range []string{
		"", "{}", "[1,2]", string(v) + "x",
		strings.Replace(string(v), `"turn":5`, `"turn":-5`, 1),
		strings.Replace(string(v), `"M_6_0"`, `"M_7_0"`, 1),
		strings.Replace(string(v), `"M_6_0"`, `"M_6_3"`, 1),
		strings.Replace(string(v), `"M_6_0"`, `"X_6_0"`, 1),
		strings.Replace(string(v), `"M_6_0"`, `"M_+6_0"`, 1),
		strings.Replace(string(v), `"E", `, ``, 1),
		strings.Replace(string(v), `"backpack_capacity": 0`, `"backpack_capacity": 1`, 1),
		strings.Replace(string(v), `"raw_minerals": 0`, `"raw_minerals": 9999`, 1),
		strings.Replace(string(v), `"position": [9, 0]`, `"position": [9, 10]`, 1),
		strings.Replace(string(v), `"B"`, `"E"`, 1),
	} {
		_, err := ReadView([]byte(bad))
		require.Error(t, err, "%.120s", bad)
	}
}

func FuzzReadView(f *testing.F) {
	f.Add([]byte(`{"turn":0,"firstPlayerTurn":true,"player1":{"name": "a","energy": 1,"xp": 0,"coins": 0,"position": [9, 0],"increased_backpack_duration": 0,"daze_turns": 0,"frozen_turns": 0,"backpack_capacity": 0,"raw_minerals": 0,"processed_minerals": 0,"raw_diamonds": 0,"processed_diamonds": 0},"player2":{"name": "b","energy": 1,"xp": 0,"coins": 0,"position": [0, 9],"increased_backpack_duration": 0,"daze_turns": 0,"frozen_turns": 0,"backpack_capacity": 0,"raw_minerals": 0,"processed_minerals": 0,"raw_diamonds": 0,"processed_diamonds": 0},"board":[]}`))
	f.Add([]byte(`{"turn":1}`))
	f.Add([]byte("\xef\xbb\xbf{\"board\":[[\"M_0_30\"]]}"))
	if data, err := readFixture("state_turn61.json"); err == nil {
		f.Add(data)
	}
	if data, err := readFixture(fixtureLog); err == nil {
		for _, line := range bytes.Split(data, []byte("\n")) {
			if _, v, ok := bytes.Cut(line, []byte("Writing to process: ")); ok {
				f.Add(v)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ReadView(data)
		if err != nil {
			return
		}
		v1 := s.View(s.ToAct)
		s2, err := ReadView(v1)
		if err != nil {
			t.Fatalf("a view read from %q does not read back: %v\n%s", data, err, v1)
		}
		if v2 := s2.View(s2.ToAct); !bytes.Equal(v1, v2) {
			t.Fatalf("not stable:\n%s\n%s", v1, v2)
		}
		for _, line := range []string{"rest", "move 0 0", "mine 1 1", "attack 4 4", "build 5 5", "shop freeze", "shop backpack"} {
			if s.Check(s.ToAct, line) == nil {
				s.clone().play(line)
			}
		}
	})
}
