package santoriniengine

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game/santorini"
)

func TestParseCommand(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		line string
		want Command
		out  string // how String writes it back; "" when the same as line
	}{
		{line: "position " + opening, want: Command{Name: CmdPosition, Board: board(t, opening)}},
		{line: "position " + zero + "/1/mortal:C3,B2/mortal:B3,D2\r", want: Command{Name: CmdPosition, Board: board(t, opening)}, out: "position " + opening},
		{line: "  position \t" + empty + "  ", want: Command{Name: CmdPosition, Board: board(t, empty)}, out: "position " + empty},
		{line: "position moves my game.txt", want: Command{Name: CmdPosition, File: "my game.txt"}},
		{line: "go depth 7", want: Command{Name: CmdGo, Depth: 7}},
		{line: "go movetime 300", want: Command{Name: CmdGo, MoveTime: 300 * time.Millisecond}},
		{line: "perft 5", want: Command{Name: CmdPerft, Depth: 5}},
		{line: "stop", want: Command{Name: CmdStop}},
		{line: "quit", want: Command{Name: CmdQuit}},
	} {
		got, err := ParseCommand(c.line)
		require.NoError(t, err, c.line)
		require.Equal(t, c.want, got, c.line)
		out := c.out
		if out == "" {
			out = c.line
		}
		require.Equal(t, out, got.String())
	}
	for _, c := range []struct{ line, err string }{
		{"", "empty command"},
		{"hello", `unknown command "hello" (known: position, go, perft, stop, quit)`},
		{"Go depth 1", `unknown command "Go"`},
		{"go fast", `go: want go depth D or go movetime MS, got "go fast"`},
		{"go slow 5", `go: "slow" is not depth or movetime`},
		{"go depth x", `go depth: "x" is not a number 1..50`},
		{"go depth 0", `go depth: "0" is not a number 1..50`},
		{"go depth +3", `go depth: "+3" is not a number 1..50`},
		{"go movetime 0", `go movetime: "0" is not a number 1..3600000 (milliseconds)`},
		{"go movetime 1.5", `go movetime: "1.5" is not a number`},
		{"perft x", `perft: "x" is not a number 1..20`},
		{"perft", `perft: want perft D, got "perft"`},
		{"position 123", `position "123": want HEIGHTS/SIDE/P1/P2, got 1 parts`},
		{"position", "position: want position HEIGHTS/SIDE/P1WORKERS/P2WORKERS or position moves FILE, got 0 words"},
		{"position moves", "position moves: want a move file"},
		{"position " + zero + "/3//", `side "3" is not 1 or 2`},
		{"position " + zero + "/1/C3,C3/B3,D2", "cannot arise: two workers on C3"},
		{"stop now", `stop takes nothing after it, got "stop now"`},
	} {
		_, err := ParseCommand(c.line)
		require.Error(t, err, c.line)
		require.Contains(t, err.Error(), c.err, c.line)
	}
}

func TestParseAnswer(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		line string
		want Answer
		out  string
	}{
		{line: "info depth 3 score -0.25 nodes 1234 nps 2000000 pv C3>C4^C5 B3>A4^A5 C4>D5", want: &Info{Depth: 3, Score: -0.25, Nodes: 1234, NPS: 2000000, PV: []Move{
			{Cells: [3]santorini.Cell{cell("C3"), cell("C4"), cell("C5")}, N: 3, Form: Arrow},
			{Cells: [3]santorini.Cell{cell("B3"), cell("A4"), cell("A5")}, N: 3, Form: Arrow},
			{Cells: [3]santorini.Cell{cell("C4"), cell("D5"), santorini.NoCell}, N: 2, Form: Arrow},
		}}},
		{line: "info depth 1 score 0 nodes 300 nps 0 pv C3,B2", want: &Info{Depth: 1, Nodes: 300, PV: []Move{
			{Cells: [3]santorini.Cell{cell("C3"), cell("B2"), santorini.NoCell}, N: 2, Form: Comma},
		}}},
		{line: "info depth 9 score 999991 nodes 5 nps 6", want: &Info{Depth: 9, Score: 999991, Nodes: 5, NPS: 6}},
		{line: "bestmove none", want: &BestMove{None: true}},
		{line: "perft 3 nodes 241902 time 4 nps 60475500", want: &PerftReport{Depth: 3, Nodes: 241902, Time: 4 * time.Millisecond, NPS: 60475500}},
		{line: "error   unknown  command \"x\"\r", want: &ErrorReport{Text: `unknown command "x"`}, out: `error unknown command "x"`},
	} {
		got, err := ParseAnswer(c.line)
		require.NoError(t, err, c.line)
		require.Equal(t, c.want, got, c.line)
		out := c.out
		if out == "" {
			out = c.line
		}
		require.Equal(t, out, got.String())
	}
	for _, c := range []struct{ line, err string }{
		{"", "empty line"},
		{"bestmove", "bestmove: no move after it"},
		{"bestmove C3>B4^", `bestmove: "C3>B4^" is not a move F>T^B, F>T, F>T# or C1,C2`},
		{"bestmove C3-B4", `"C3-B4" is not a move`},
		{"bestmove C3>B4>A5", `"C3>B4>A5" is not a move`},
		{"bestmove C3,B4,A5", `"C3,B4,A5" is not a move`},
		{"bestmove C3 B4 A5 A4", "bestmove: want FROM TO BUILD, FROM TO or C1 C2, got 4 words"},
		{"bestmove C3 F4", `bestmove: "F4" is not a cell A1..E5`},
		{"bestmove C3", `"C3" is not a move`},
		{"info depth 1", "info: want info depth D score S nodes N nps X pv ..."},
		{"info depth 1 score NaN nodes 1 nps 1", `info: score "NaN" is not a number`},
		{"info depth 1 score 1 nodes -1 nps 1", `info: nodes "-1" is not a number`},
		{"info depth 1 score 1 nodes 1 nps 1 pv", "info: want pv and its moves after nps"},
		{"info depth 1 score 1 nodes 1 nps 1 pv C3", `info: pv: "C3" is not a move`},
		{"info score 1 depth 1 nodes 1 nps 1", `info: want "depth" as word 2, got "score"`},
		{"perft 3 nodes 5", "perft: want perft D nodes N time MS nps X"},
		{"perft 3 nodes x time 1 nps 1", "nodes, time and nps are whole numbers"},
		{"error", "error: the line has no text"},
		{"readyok", `unknown answer "readyok"`},
	} {
		_, err := ParseAnswer(c.line)
		require.Error(t, err, c.line)
		require.Contains(t, err.Error(), c.err, c.line)
	}
}

func cell(s string) santorini.Cell {
	c, ok := santorini.ParseCell(s)
	if !ok {
		panic(s)
	}
	return c
}

// Scenario 16: the tolerant spellings of an external engine's bestmove are
// the same turn.
func TestTolerantSpellingsAreTheSameTurn(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		pos      string
		want     string
		answers  []string
		illegals []string
	}{
		{opening, "C3 B4 A5", []string{"C3>B4^A5", "c3 b4 a5", "C3 B4 A5", "c3>b4^a5", "C3 b4 A5"}, []string{"C3 B4", "C3>B4"}},
		{scenario12, "D2 D3", []string{"D2>D3#", "D2>D3", "D2 D3", "d2 d3", "d2>d3#"}, nil},
		{scenario12, "D2 D3 D2", []string{"D2>D3^D2", "D2 D3 D2"}, []string{"D2 D3 D3"}},
		{empty, "C3 B2", []string{"C3,B2", "C3 B2", "c3,b2", "c3 b2"}, []string{"C3,C3", "C3 B2 A1"}},
	} {
		b := board(t, c.pos)
		for _, ans := range c.answers {
			a, err := ParseAnswer("bestmove " + ans)
			require.NoError(t, err, ans)
			tu, err := a.(*BestMove).Move.Turn(&b)
			require.NoError(t, err, ans)
			require.Equal(t, c.want, tu.String(), ans)
		}
		for _, ans := range c.illegals {
			a, err := ParseAnswer("bestmove " + ans)
			require.NoError(t, err, ans)
			_, err = a.(*BestMove).Move.Turn(&b)
			var re *santorini.RuleError
			require.ErrorAs(t, err, &re, ans)
		}
	}
}

func TestMoveForms(t *testing.T) {
	t.Parallel()
	b := board(t, opening)
	tu, err := santorini.ParseTurn(&b, "C3 B4 A5")
	require.NoError(t, err)
	require.Equal(t, "C3>B4^A5", MoveOf(tu).Compact())
	require.Equal(t, "C3 B4 A5", MoveOf(tu).String())
	b = board(t, scenario12)
	tu, err = santorini.ParseTurn(&b, "D2 D3")
	require.NoError(t, err)
	require.Equal(t, "D2>D3", MoveOf(tu).Compact())
	b = board(t, empty)
	tu, err = santorini.ParseTurn(&b, "E5 A1")
	require.NoError(t, err)
	require.Equal(t, "E5,A1", MoveOf(tu).Compact())
	require.Equal(t, "E5 A1", MoveOf(tu).String())
	_, err = Move{}.Turn(&b)
	require.ErrorContains(t, err, "E_TOKENS")
}

func TestSettings(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   string
		time time.Duration
		args []string
	}{
		{"300ms:./my-engine --flag", 300 * time.Millisecond, []string{"./my-engine", "--flag"}},
		{"1s:engine", time.Second, []string{"engine"}},
		{"250:  \"my engine\"   --book \"a b.txt\" x\"y z\"", 250 * time.Millisecond, []string{"my engine", "--book", "a b.txt", "xy z"}},
		{"100ms:prog \"\"", 100 * time.Millisecond, []string{"prog", ""}},
		{"100ms:C:\\engines\\e.exe", 100 * time.Millisecond, []string{"C:\\engines\\e.exe"}},
	} {
		d, args, err := ParseSettings(c.in)
		require.NoError(t, err, c.in)
		require.Equal(t, c.time, d, c.in)
		require.Equal(t, c.args, args, c.in)
	}
	for _, c := range []struct{ in, err string }{
		{"300ms", "want engine:TIME:COMMAND"},
		{"300ms:", "want engine:TIME:COMMAND"},
		{"fast:./e", `time "fast" is not a time per move`},
		{"0:./e", `time "0" is not a time per move`},
		{"2h:./e", `time "2h" is not a time per move`},
		{"1s:./e \"x", "a double quote is not closed"},
	} {
		_, _, err := ParseSettings(c.in)
		require.ErrorContains(t, err, c.err, c.in)
	}
}
