package santorini

import (
	"fmt"
	"strings"
)

// Turn is one line of a game: a placement of both workers, or a move of one
// worker followed by a build.
type Turn struct {
	Place  bool
	Cells  [2]Cell // placement: worker 1's cell, worker 2's cell
	Worker int     // play: which worker moves (0 or 1)
	From   Cell
	To     Cell
	Build  Cell // NoCell for a winning move given without a build
	Win    bool // h(To) == 3
}

// placement is the turn that places worker 1 on c1 and worker 2 on c2.
func placement(c1, c2 Cell) Turn {
	return Turn{Place: true, Cells: [2]Cell{c1, c2}, From: NoCell, To: NoCell, Build: NoCell}
}

// String is the turn in the strict notation of §4: "C3 B2" for a placement,
// "C3 B3 A3" for a move, "D2 D3" for a winning move given without a build.
func (t Turn) String() string {
	switch {
	case t.Place:
		return t.Cells[0].String() + " " + t.Cells[1].String()
	case t.Build == NoCell:
		return t.From.String() + " " + t.To.String()
	default:
		return t.From.String() + " " + t.To.String() + " " + t.Build.String()
	}
}

// MoveLine is the turn as the strict writer puts it in a move file, without
// the line ending: a winning move always has three cells, its build or else
// FROM (R8).
func MoveLine(t Turn) string {
	if !t.Place && t.Build == NoCell {
		return t.From.String() + " " + t.To.String() + " " + t.From.String()
	}
	return t.String()
}

// The error codes of §4.
const (
	CodeSyntax           = "E_SYNTAX"
	CodeTokens           = "E_TOKENS"
	CodeSameCell         = "E_SAME_CELL"
	CodeOccupied         = "E_OCCUPIED"
	CodeNoWorker         = "E_NO_WORKER"
	CodeNotYourWorker    = "E_NOT_YOUR_WORKER"
	CodeMoveNotAdjacent  = "E_MOVE_NOT_ADJACENT"
	CodeMoveOccupied     = "E_MOVE_OCCUPIED"
	CodeMoveDome         = "E_MOVE_DOME"
	CodeMoveTooHigh      = "E_MOVE_TOO_HIGH"
	CodeBuildNotAdjacent = "E_BUILD_NOT_ADJACENT"
	CodeBuildOccupied    = "E_BUILD_OCCUPIED"
	CodeBuildDome        = "E_BUILD_DOME"
	CodeGameOver         = "E_GAME_OVER"
)

// RuleError is an illegal turn: the code of §4 and a detail that names the
// cell and its owner.
type RuleError struct {
	Code   string
	Detail string
}

// Error is "CODE: detail".
func (e *RuleError) Error() string { return e.Code + ": " + e.Detail }

func ruleErr(code, format string, args ...any) *RuleError {
	return &RuleError{Code: code, Detail: fmt.Sprintf(format, args...)}
}

// origins records, per worker, the line that put it on its cell, so that an
// error can say "(line 1)". Zero means unknown.
type origins [2][2]int

// holder names the worker on c, "P1 worker 2 (line 1)".
func (b *Board) holder(c Cell, o *origins) string {
	p, w, _ := b.WorkerAt(c)
	s := fmt.Sprintf("P%d worker %d", p+1, w+1)
	if o != nil && o[p][w] > 0 {
		s += fmt.Sprintf(" (line %d)", o[p][w])
	}
	return s
}

// ParseTurn reads one line in the strict grammar of §4 (uppercase cells
// separated by single spaces) and checks it against the board in the order of
// §4. The error is a *RuleError.
func ParseTurn(b *Board, line string) (Turn, error) {
	if b.Phase == Over {
		return Turn{}, b.gameOver()
	}
	var cells []Cell
	col := 1
	for _, tok := range strings.Split(line, " ") {
		c, ok := ParseCell(tok)
		if !ok {
			return Turn{}, ruleErr(CodeSyntax, "%q at column %d is not a cell A1..E5", tok, col)
		}
		cells = append(cells, c)
		col += len(tok) + 1
	}
	return b.check(cells, nil)
}

// parseAnswer reads a move in the tolerant spellings accepted from an engine
// (§6): "F>T^B", "F>T", "F>T#", "F T B", "F T", "C1,C2", "C1 C2", letters in
// either case; then it checks the move like ParseTurn. o, when known, names
// the lines that put the workers on their cells.
func parseAnswer(b *Board, move string, o *origins) (Turn, error) {
	if b.Phase == Over {
		return Turn{}, b.gameOver()
	}
	s := strings.ToUpper(strings.TrimSpace(move))
	s = strings.TrimSuffix(s, "#")
	s = strings.NewReplacer(">", " ", "^", " ", ",", " ").Replace(s)
	toks := strings.Fields(s)
	if len(toks) == 0 {
		return Turn{}, ruleErr(CodeSyntax, "empty move")
	}
	cells := make([]Cell, len(toks))
	for i, tok := range toks {
		c, ok := ParseCell(tok)
		if !ok {
			return Turn{}, ruleErr(CodeSyntax, "%q in %q is not a cell A1..E5", tok, move)
		}
		cells[i] = c
	}
	return b.check(cells, o)
}

func (b *Board) gameOver() *RuleError {
	return ruleErr(CodeGameOver, "the game is over: P%d won (%s)", b.Winner, b.Reason)
}

// check validates a line of cells against the board, in the order of §4,
// and returns the turn it stands for. o, when known, names the lines that
// placed the workers in the details.
func (b *Board) check(cells []Cell, o *origins) (Turn, error) {
	switch b.Phase {
	case Over:
		return Turn{}, b.gameOver()
	case Place1, Place2:
		if len(cells) != 2 {
			return Turn{}, ruleErr(CodeTokens, "P%d places 2 workers: want 2 cells, got %d", b.Side+1, len(cells))
		}
		if cells[0] == cells[1] {
			return Turn{}, ruleErr(CodeSameCell, "both workers placed on %s", cells[0])
		}
		for _, c := range cells {
			if _, _, ok := b.WorkerAt(c); ok {
				return Turn{}, ruleErr(CodeOccupied, "cell %s already holds %s", c, b.holder(c, o))
			}
		}
		return placement(cells[0], cells[1]), nil
	}
	if len(cells) < 2 || len(cells) > 3 {
		return Turn{}, ruleErr(CodeTokens, "a move is FROM TO BUILD: want 3 cells (2 for a winning move), got %d", len(cells))
	}
	from, to := cells[0], cells[1]
	p, w, ok := b.WorkerAt(from)
	switch {
	case !ok:
		return Turn{}, ruleErr(CodeNoWorker, "no worker on %s", from)
	case p != b.Side:
		return Turn{}, ruleErr(CodeNotYourWorker, "%s holds %s, but P%d is to move", from, b.holder(from, o), b.Side+1)
	case !Adjacent(from, to):
		return Turn{}, ruleErr(CodeMoveNotAdjacent, "%s is not next to %s", to, from)
	}
	if _, _, busy := b.WorkerAt(to); busy {
		return Turn{}, ruleErr(CodeMoveOccupied, "cell %s already holds %s", to, b.holder(to, o))
	}
	switch {
	case b.Height[to] >= 4:
		return Turn{}, ruleErr(CodeMoveDome, "%s has a dome", to)
	case b.Height[to] > b.Height[from]+1:
		return Turn{}, ruleErr(CodeMoveTooHigh, "%s is on level %d and %s on level %d: a worker climbs at most one level", from, b.Height[from], to, b.Height[to])
	}
	t := Turn{Worker: w, From: from, To: to, Build: NoCell, Win: b.Height[to] == 3, Cells: [2]Cell{NoCell, NoCell}}
	if len(cells) == 2 {
		switch {
		case !t.Win:
			return Turn{}, ruleErr(CodeTokens, "%s %s does not win, so it needs a build: want FROM TO BUILD", from, to)
		case b.Rules.KandicWinBuild:
			return Turn{}, ruleErr(CodeTokens, "%s %s wins, but kandic_win_build requires a build: want FROM TO BUILD", from, to)
		}
		return t, nil
	}
	build := cells[2]
	if !Adjacent(to, build) {
		return Turn{}, ruleErr(CodeBuildNotAdjacent, "%s is not next to %s, where the worker moved", build, to)
	}
	if _, _, busy := b.WorkerAt(build); busy && build != from {
		return Turn{}, ruleErr(CodeBuildOccupied, "cell %s holds %s", build, b.holder(build, o))
	}
	if b.Height[build] >= 4 {
		return Turn{}, ruleErr(CodeBuildDome, "%s already has a dome", build)
	}
	t.Build = build
	return t, nil
}
