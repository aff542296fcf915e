package santorini

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

var errAs = errors.As

func TestCells(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]Cell{"A1": 0, "A5": 4, "B1": 5, "C3": 12, "E5": 24} {
		c, ok := ParseCell(s)
		require.True(t, ok, s)
		require.Equal(t, want, c, s)
		require.Equal(t, s, c.String())
	}
	for _, s := range []string{"", "a1", "F1", "A6", "A0", "C33", "С3"} {
		_, ok := ParseCell(s)
		require.False(t, ok, s)
	}
	require.Equal(t, 2, cell("C4").Col())
	require.Equal(t, 3, cell("C4").Row())
	require.True(t, Adjacent(cell("C3"), cell("D4")))
	require.True(t, Adjacent(cell("A1"), cell("B2")))
	require.False(t, Adjacent(cell("C3"), cell("C3")))
	require.False(t, Adjacent(cell("C3"), cell("C5")))
	require.False(t, Adjacent(cell("A5"), cell("B1")), "no wrap-around")
	require.False(t, Adjacent(NoCell, cell("A1")))
	require.Equal(t, "-", NoCell.String())
}

// Scenario 1: placement.
func TestScenario1Placement(t *testing.T) {
	t.Parallel()
	b := NewBoard()
	_, err := ParseTurn(&b, "C3 C3")
	require.Equal(t, CodeSameCell, code(err))
	b = play(t, b, "C3 B2")
	require.Equal(t, Place2, b.Phase)
	require.Equal(t, "place2", b.Phase.String())
	_, err = ParseTurn(&b, "B2 D2")
	require.Equal(t, CodeOccupied, code(err))
	require.Contains(t, err.Error(), "B2")
	require.Equal(t, "E_OCCUPIED: cell B2 already holds P1 worker 2", err.Error())
}

// Scenario 3: the repaired seed game.
func TestScenario3Repaired(t *testing.T) {
	t.Parallel()
	b := play(t, NewBoard(), "C3 B2", "C2 D2", "C3 B3 A3", "C2 D3 E3")
	require.Equal(t, uint8(1), b.Height[cell("A3")])
	require.Equal(t, uint8(1), b.Height[cell("E3")])
	require.Equal(t, [2][2]Cell{{cell("B3"), cell("B2")}, {cell("D3"), cell("D2")}}, b.Workers)
	require.Equal(t, 0, b.Side)
	require.Equal(t, Play, b.Phase)
	require.Equal(t, 4, b.Turn)
	require.Len(t, b.Legal(), 68)
	require.Equal(t, "0000000000100010000000000/1/B3,B2/D3,D2", b.Position())
	require.Equal(t, b, position(t, b.Position()))
}

// Scenario 7: syntax errors, each on line 2 after line 1 "C3 B2".
func TestScenario7Syntax(t *testing.T) {
	t.Parallel()
	b := play(t, NewBoard(), "C3 B2")
	for line, want := range map[string]string{
		"F1 D2": CodeSyntax, "A6 D2": CodeSyntax, "C2D2": CodeSyntax, "C2 D2 E2": CodeTokens,
		"c2 d2": CodeSyntax, "C2  D2": CodeSyntax, "": CodeSyntax, "C2": CodeTokens,
	} {
		_, err := ParseTurn(&b, line)
		require.Equal(t, want, code(err), line)
	}
	b = play(t, b, "C2 D2")
	_, err := ParseTurn(&b, "C3 B3")
	require.Equal(t, CodeTokens, code(err))
}

// Scenarios 8-11: move and build checks.
func TestScenarios8to11Checks(t *testing.T) {
	t.Parallel()
	// Setup of scenarios 9 and 10: h(C3)=1, h(B3)=3, h(B4)=4, h(C4)=2; P1 on C3, A1; P2 on E1, E5.
	s9 := NewBoard()
	s9.Height[cell("C3")], s9.Height[cell("B3")], s9.Height[cell("B4")], s9.Height[cell("C4")] = 1, 3, 4, 2
	s9.Workers = [2][2]Cell{{cell("C3"), cell("A1")}, {cell("E1"), cell("E5")}}
	s9.Phase = Play
	require.Equal(t, s9.Height, position(t, s9.Position()).Height)
	s11 := NewBoard()
	s11.Height[cell("C3")] = 2
	s11.Workers = s9.Workers
	s11.Phase = Play

	for _, c := range []struct {
		name  string
		board Board
		line  string
		code  string
		cell  string // checked height after a legal line
		level uint8
	}{
		{"8 not yours", position(t, repaired), "C2 C1 B1", CodeNotYourWorker, "", 0},
		{"8 no worker", position(t, repaired), "A1 A2 A3", CodeNoWorker, "", 0},
		{"8 move occupied", position(t, repaired), "C3 D2 D3", CodeMoveOccupied, "", 0},
		{"8 build occupied", position(t, repaired), "C3 B3 B2", CodeBuildOccupied, "", 0},
		{"8 build on the cell left", position(t, repaired), "C3 B3 C3", "", "C3", 1},
		{"9 too high", s9, "C3 B3 A3", CodeMoveTooHigh, "", 0},
		{"9 dome", s9, "C3 B4 A4", CodeMoveDome, "", 0},
		{"9 same cell", s9, "C3 C3 C4", CodeMoveNotAdjacent, "", 0},
		{"9 two away", s9, "C3 C5 C4", CodeMoveNotAdjacent, "", 0},
		{"9 up one", s9, "C3 C4 C3", "", "C3", 2},
		{"10 build", s9, "C3 D3 C4", "", "C4", 3},
		{"10 build on TO", s9, "C3 D3 D3", CodeBuildNotAdjacent, "", 0},
		{"10 build far", s9, "C3 D4 B4", CodeBuildNotAdjacent, "", 0},
		{"10 build dome", s9, "C3 C4 B4", CodeBuildDome, "", 0},
		{"10 dome", s9, "C3 B2 B3", "", "B3", 4},
		{"11 down two", s11, "C3 D4 C3", "", "C3", 3},
	} {
		tu, err := ParseTurn(&c.board, c.line)
		if c.code != "" {
			require.Equal(t, c.code, code(err), c.name)
			continue
		}
		require.NoError(t, err, c.name)
		next, err := c.board.Apply(tu)
		require.NoError(t, err, c.name)
		require.Equal(t, c.level, next.Height[cell(c.cell)], c.name)
		require.Equal(t, 1, next.Side, c.name)
	}
}

// Scenario 12: a win written as 2 cells.
func TestScenario12Win(t *testing.T) {
	t.Parallel()
	b := position(t, "0000000000000300002000000/1/D2,A1/E5,A5")
	require.Equal(t, uint8(2), b.Height[cell("D2")])
	require.Equal(t, uint8(3), b.Height[cell("D3")])
	tu, err := ParseTurn(&b, "D2 D3")
	require.NoError(t, err)
	require.True(t, tu.Win)
	require.Equal(t, "D2 D3", tu.String())
	require.Equal(t, "D2 D3 D2", MoveLine(tu))
	next, err := b.Apply(tu)
	require.NoError(t, err)
	require.Equal(t, Over, next.Phase)
	require.Equal(t, 1, next.Winner)
	require.Equal(t, ReasonLevel3, next.Reason)
	_, err = ParseTurn(&next, "E5 E4 E3")
	require.Equal(t, CodeGameOver, code(err))

	// A build given with a winning move is checked, then ignored (R4) ...
	tu, err = ParseTurn(&b, "D2 D3 D4")
	require.NoError(t, err)
	next, err = b.Apply(tu)
	require.NoError(t, err)
	require.Equal(t, uint8(0), next.Height[cell("D4")])
	_, err = ParseTurn(&b, "D2 D3 E5")
	require.Equal(t, CodeBuildNotAdjacent, code(err))
	// ... and kandic_win_build requires and applies it.
	k := b
	k.Rules.KandicWinBuild = true
	_, err = ParseTurn(&k, "D2 D3")
	require.Equal(t, CodeTokens, code(err))
	next = play(t, k, "D2 D3 D4")
	require.Equal(t, uint8(1), next.Height[cell("D4")])
	require.Equal(t, 1, next.Winner)
	for _, tu := range k.Legal() {
		require.NotEqual(t, NoCell, tu.Build, tu.String())
	}
}

// Scenario 13: the side to move has no move and loses.
func TestScenario13NoMoves(t *testing.T) {
	t.Parallel()
	b := position(t, "0002000042000004300004000/2/C3,C1/A1,E5")
	require.Equal(t, Over, b.Phase)
	require.Equal(t, 1, b.Winner)
	require.Equal(t, ReasonNoMoves, b.Reason)
	require.Empty(t, b.Legal())
	// The same position reached by a move: P1's dome on D4 leaves P2 stuck.
	b = play(t, position(t, "0002000032000004300004000/1/D3,C1/A1,E5"), "D3 C3 D4")
	require.Equal(t, Over, b.Phase)
	require.Equal(t, 1, b.Winner)
	require.Equal(t, ReasonNoMoves, b.Reason)
	require.Equal(t, "0002000042000004300004000/2/C3,C1/A1,E5", b.Position())
}

// Scenario 14: K's end check.
func TestScenario14EndCheck(t *testing.T) {
	t.Parallel()
	start := position(t, "0004000044000004400001000/1/B1,E5/C3,C4")
	require.Len(t, start.Legal(), 11)
	b := play(t, start, "B1 A1 B1")
	require.Equal(t, Play, b.Phase)
	require.Len(t, b.Legal(), 57)
	b = play(t, b, "C3 C2 B1")
	require.Equal(t, uint8(3), b.Height[cell("B1")])
	require.Equal(t, Over, b.Phase)
	require.Equal(t, 2, b.Winner)
	require.Equal(t, ReasonNoMoves, b.Reason)

	k := start
	k.Rules.KandicEndCheck = true
	b = play(t, k, "B1 A1 B1")
	require.Equal(t, Over, b.Phase)
	require.Equal(t, 2, b.Winner)
	require.Equal(t, ReasonNoMoves, b.Reason)
}

func TestLegalOrderAndApply(t *testing.T) {
	t.Parallel()
	b := position(t, repaired)
	legal := b.Legal()
	require.Len(t, legal, 62)
	require.Equal(t, "C3 B3 A2", legal[0].String(), "worker 1 first, TO then BUILD ascending")
	for i := 1; i < len(legal); i++ {
		a, c := legal[i-1], legal[i]
		key := func(t Turn) int { return t.Worker*10000 + int(t.To)*100 + int(t.Build) }
		require.Less(t, key(a), key(c))
	}
	for _, tu := range legal {
		parsed, err := ParseTurn(&b, tu.String())
		require.NoError(t, err)
		require.Equal(t, tu, parsed)
		_, err = b.Apply(tu)
		require.NoError(t, err)
	}
	empty := NewBoard()
	require.Len(t, empty.Legal(), 600, "ordered pairs during placement")
	_, err := b.Apply(Turn{From: cell("C3"), To: 40, Build: NoCell})
	require.Equal(t, CodeSyntax, code(err))
}

func TestPositionRoundTrip(t *testing.T) {
	t.Parallel()
	for _, s := range []string{
		"0000000000000000000000000/1//",
		"0000000000000000000000000/2/C3,B2/",
		repaired,
		"0000004300331230201000000/1/C3,E1/A5,D2",
		"0000000000000300132000111/1/D2,C3/D1,B2",
	} {
		b := position(t, s)
		require.Equal(t, s, b.Position())
	}
	b := position(t, "0000000000000000000000000/1/mortal:C3,B2/mortal:C2,D2")
	require.Equal(t, repaired, b.Position())
	require.Equal(t, 2, b.Turn)
	// A worker on level 3 has won.
	b = position(t, "0000000000000300002000000/2/D3,A1/E5,A5")
	require.Equal(t, Over, b.Phase)
	require.Equal(t, 1, b.Winner)
	require.Equal(t, ReasonLevel3, b.Reason)
	for _, bad := range []string{
		"", "0000000000000000000000000/1/", "000000000000000000000000/1//", "00000000000000000000000005/1//",
		"0000000000000000000000000/3//", "0000000000000000000000000/2//", "0000000000000000000000000/1/C3,B2/",
		"0000000000000000000000000/1//C3,B2", "0000000000000000000000000/1/C3,C3/C2,D2",
		"0000000000000000000000000/1/C3,B2/C3,D2", "0000000000004000000000000/1/C3,B2/C2,D2",
		"1000000000000000000000000/2/C3,B2/", "0000000000000300002000000/1/D3,A1/E5,A5",
		"0000000000000000000000000/1/C3/C2,D2", "0000000000000000000000000/1/c3,b2/C2,D2",
		"0000000000003300000000000/2/C3,A1/D3,A5",
	} {
		_, err := ParsePosition(bad)
		require.Error(t, err, bad)
	}
}

func TestJSON(t *testing.T) {
	t.Parallel()
	b := position(t, repaired)
	data, err := b.JSON()
	require.NoError(t, err)
	require.JSONEq(t, `{"turn":1,"phase":"play","tiles":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"workers":[["C3","B2"],["C2","D2"]],"winner":0,"reason":""}`, string(data))
	nb := NewBoard()
	data, err = nb.JSON()
	require.NoError(t, err)
	require.Contains(t, string(data), `"workers":[["",""],["",""]]`)
	require.Contains(t, string(data), `"phase":"place1"`)
}
