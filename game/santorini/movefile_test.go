package santorini

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/stretchr/testify/require"
	"golang.org/x/text/encoding/charmap"
)

// writeGame is the strict writer's output for g.
func writeGame(t testing.TB, turns []Turn, kandic bool) []byte {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, WriteMoveFile(&buf, turns, kandic))
	return buf.Bytes()
}

func sha(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// The seed's example (§5.4), literal: Cyrillic С, З, В, А and its comments.
var seedLines = []string{
	"СЗ В2 //постављају се фигуре првог играча на означена поља",
	"В2 D2 //постављају се фигуре другог играча на означена поља",
	"СЗ ВЗ АЗ //помера се фигура са поља СЗ на поље ВЗ, уз изградњу плочице на пољу АЗ",
	"C2 D3 E3 //помера се фигура са поља C2 на поље D3, уз изградњу плочице на пољу E3",
}

const scenario3Out = "C3 B2\nC2 D2\nC3 B3 A3\nC2 D3 E3\n"

// Scenario 2: the seed's example fails at line 2; repaired, it is scenario 3.
func TestScenario2SeedExample(t *testing.T) {
	t.Parallel()
	_, err := ReadMoveFile("input.txt", []byte(strings.Join(seedLines, "\n")+"\n"))
	require.EqualError(t, err, "input.txt:2: E_OCCUPIED: cell B2 already holds P1 worker 2 (line 1)")
	var le *LoadError
	require.True(t, errors.As(err, &le))
	require.Equal(t, 2, le.Line)
	require.Equal(t, CodeOccupied, code(err))

	// With the blank lines that the Markdown shows between the lines, the
	// same line is physical line 3 (§5.4).
	_, err = ReadMoveFile("input.txt", []byte(strings.Join(seedLines, "\n\n")))
	require.EqualError(t, err, "input.txt:3: E_OCCUPIED: cell B2 already holds P1 worker 2 (line 1)")

	fixed := append([]string{}, seedLines...)
	fixed[1] = strings.Replace(fixed[1], "В2 D2", "С2 D2", 1)
	g, err := ReadMoveFile("input.txt", []byte(strings.Join(fixed, "\n\n")))
	require.NoError(t, err)
	require.Equal(t, scenario3Out, string(writeGame(t, g.Turns, false)))
}

// Scenarios 3 and 4: the repaired game, strict and tolerant.
func TestScenarios3And4Tolerant(t *testing.T) {
	t.Parallel()
	want := play(t, NewBoard(), "C3 B2", "C2 D2", "C3 B3 A3", "C2 D3 E3")
	tolerant := "\xEF\xBB\xBF" + "  c3   b2  \r\n\r\nС2\tD2 \r\nC3 B3 A3 // x\r\nc2 d3 e3"
	cyrillic, err := charmap.Windows1251.NewEncoder().String("СЗ ВЗ\r\n\r\nС2\tD2 \r\nСЗ ВЗ АЗ // x\r\nc2 d3 e3")
	require.NoError(t, err)
	cyrillic = strings.Replace(cyrillic, "\xd1\xc7 \xc2\xc7\r\n", "\xd1\xc7 \xc22\r\n", 1) // line 1: СЗ В2
	for name, data := range map[string]string{
		"strict":       scenario3Out,
		"tolerant":     tolerant,
		"windows-1251": cyrillic,
		"utf-16le":     utf16Bytes(tolerant[3:], false),
		"utf-16be":     utf16Bytes(tolerant[3:], true),
		"fullwidth":    "Ｃ３ Ｂ２\u00a0\nC2 D2\nC3 B3 A3\nC2 D3 E3",
		"cr only":      "C3 B2\rC2 D2\rC3 B3 A3\rC2 D3 E3\r",
		"serbian keys": "Ц3 Б2\nЦ2 Д2\nC3 B3 A3\nC2 Д3 Е3",
	} {
		g, err := ReadMoveFile("input.txt", []byte(data))
		require.NoError(t, err, name)
		require.Len(t, g.Turns, 4, name)
		require.Len(t, g.Boards, 5, name)
		require.Equal(t, NewBoard(), g.Boards[0], name)
		require.Equal(t, want, g.Last(), name)
		out := writeGame(t, g.Turns, false)
		require.Equal(t, scenario3Out, string(out), name)
		require.Len(t, out, 30, name)
		require.Equal(t, "face423afbb982ee3a8d73a00b127a47cd4da9dfb0c852afdd7b5abcb23f3c2b", sha(out), name)
	}
	g, err := ReadMoveFile("input.txt", []byte(scenario3Out))
	require.NoError(t, err)
	require.Equal(t, "C3 B2 \r\nC2 D2 \r\nC3 B3 A3\r\nC2 D3 E3\r\n", string(writeGame(t, g.Turns, true)))
}

func utf16Bytes(s string, bigEndian bool) string {
	var b []byte
	if bigEndian {
		b = []byte{0xFE, 0xFF}
	} else {
		b = []byte{0xFF, 0xFE}
	}
	for _, u := range utf16.Encode([]rune(s)) {
		if bigEndian {
			b = append(b, byte(u>>8), byte(u))
		} else {
			b = append(b, byte(u), byte(u>>8))
		}
	}
	return string(b)
}

// Scenario 5: the fixture.
func TestScenario5Fixture(t *testing.T) {
	t.Parallel()
	data := fixture(t)
	g, err := ReadMoveFile("game.txt", data)
	require.NoError(t, err)
	require.Len(t, g.Turns, 15)
	b := g.Last()
	require.Equal(t, Over, b.Phase)
	require.Equal(t, 1, b.Winner)
	require.Equal(t, ReasonLevel3, b.Reason)
	require.True(t, g.Turns[14].Win, "the last line (physical line 16) wins")
	require.Equal(t, Play, g.Boards[14].Phase, "the game runs until line 16")
	for c, h := range map[string]uint8{"C1": 1, "D1": 1, "E1": 1, "B2": 1, "D2": 2, "C2": 3, "D3": 3, "D4": 0} {
		require.Equal(t, h, b.Height[cell(c)], c)
	}
	var levels int
	for _, h := range b.Height {
		levels += int(h)
	}
	require.Equal(t, 12, levels, "no other blocks")
	require.Equal(t, [2][2]Cell{{cell("D3"), cell("C3")}, {cell("D1"), cell("B2")}}, b.Workers)
	require.Equal(t, "0000000000000300132000111/1/D2,C3/D1,B2", g.Boards[14].Position(), "F6 of the perft table")
	out := writeGame(t, g.Turns, false)
	require.Len(t, out, 129)
	require.Equal(t, "bd36e20a61648606bb244b98c944ddfcfa1fb788a81791f183d4e1c727b46453", sha(out))
}

// Scenario 6: variants of the fixture.
func TestScenario6FixtureVariants(t *testing.T) {
	t.Parallel()
	data := string(fixture(t))
	lines := strings.Split(data, "\n")
	require.Len(t, lines, 16)
	require.Equal(t, "D2 D3 D4", lines[15])
	variant := func(last ...string) []byte {
		return []byte(strings.Join(append(append([]string{}, lines[:15]...), last...), "\n"))
	}
	_, err := ReadMoveFile("game.txt", variant("D2 D3 E5"))
	require.Equal(t, CodeBuildNotAdjacent, code(err))
	require.True(t, strings.HasPrefix(err.Error(), "game.txt:16: E_BUILD_NOT_ADJACENT: "), err.Error())

	g, err := ReadMoveFile("game.txt", variant("D2 D3"))
	require.NoError(t, err)
	full, err := ReadMoveFile("game.txt", []byte(data))
	require.NoError(t, err)
	require.Equal(t, full.Last(), g.Last())

	_, err = ReadMoveFile("game.txt", variant("D2 D3 D4", "D1 E2 E3"))
	require.Equal(t, CodeGameOver, code(err))
	require.True(t, strings.HasPrefix(err.Error(), "game.txt:17: E_GAME_OVER: "), err.Error())
}

// Scenario 17: V's game.sav header lines are skipped.
func TestScenario17VHeaders(t *testing.T) {
	t.Parallel()
	data := "etf.santorini.sv150155d.players.Human;1\r\netf.santorini.sv150155d.players.Human;2\r\n" + strings.ReplaceAll(scenario3Out, "\n", "\r\n")
	g, err := ReadMoveFile("game.sav", []byte(data))
	require.NoError(t, err)
	require.Equal(t, scenario3Out, string(writeGame(t, g.Turns, false)))
	data = "etf.santorini.sv150155d.players.MiniMax;1;alpha-beta=True;optimized=False;level=3\n" + scenario3Out
	g, err = ReadMoveFile("game.sav", []byte(data))
	require.NoError(t, err)
	require.Len(t, g.Turns, 4)
	// Only the first two non-blank lines may be headers.
	_, err = ReadMoveFile("game.sav", []byte(scenario3Out+"x.Human;1\n"))
	require.Equal(t, CodeSyntax, code(err))
}

func TestReadMoveFileErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		data, want string
	}{
		{"", ""},
		{"\n\n  // nothing\n", ""},
		{"C3 B2\nC2 D2\n", ""}, // partial: play goes on from here
		{"C3B2\n", "f:1: E_SYNTAX: \"C3B2\" at column 1 is not a cell A1..E5"},
		{"C3 B2\n  C2 F1\n", "f:2: E_SYNTAX: \"F1\" at column 6 is not a cell A1..E5"},
		{"C3 B2\nC2 D2\nC2 C1 B1\n", "f:3: E_NOT_YOUR_WORKER: C2 holds P2 worker 1 (line 2), but P1 is to move"},
		{"C3 B2\nC2 D2\nC3 D2 D3\n", "f:3: E_MOVE_OCCUPIED: cell D2 already holds P2 worker 2 (line 2)"},
		{"C3 B2\nC2 D2\nC3 C4 C5\nD2 D3 E4\nC4 C3 B2\n", "f:5: E_BUILD_OCCUPIED: cell B2 holds P1 worker 2 (line 1)"},
		{"C3 B2\nC2 D2\nC3 C4 C5\nD2 D3 D2\nB2 C3 D3\n", "f:5: E_BUILD_OCCUPIED: cell D3 holds P2 worker 2 (line 4)"},
		{"C3 B2\nC2 D2\nC3 C4 C5\nD2 D3 D2\nC4 D3 D4\n", "f:5: E_MOVE_OCCUPIED: cell D3 already holds P2 worker 2 (line 4)"},
	} {
		g, err := ReadMoveFile("f", []byte(c.data))
		if c.want == "" {
			require.NoError(t, err, c.data)
			continue
		}
		require.EqualError(t, err, c.want, c.data)
		require.Len(t, g.Boards, len(g.Turns)+1)
	}
	g, err := ReadMoveFile("f", []byte("C3 B2\nC2 D2\n"))
	require.NoError(t, err)
	require.Equal(t, Play, g.Last().Phase)
	k, err := ReadMoveFileRules("f", []byte("0000000000000300002000000/1/D2,A1/E5,A5"), Rules{KandicWinBuild: true})
	require.Equal(t, CodeSyntax, code(err), "a position is not a move file")
	require.Empty(t, k.Turns)
}
