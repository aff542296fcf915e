// Package santoriniengine is the Santorini engine protocol of rules/santorini.md §6
// (R13), in both directions: Serve is Arena's own engine speaking it on a
// pair of streams (`arena santorini engine`), and Player is a seat played by
// an external engine process that Arena drives with it (the seat kind
// "engine:TIME:COMMAND").
//
// The protocol is one line per message. Commands to an engine are parsed by
// ParseCommand and written by Command.String; answers from an engine are
// parsed by ParseAnswer (which accepts the tolerant move spellings of §6)
// and written by the String methods of Info, BestMove, PerftReport and
// ErrorReport (which always use the strict spellings).
package santoriniengine

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/arena-games/arena/game/santorini"
)

// The command words of the protocol.
const (
	CmdPosition = "position"
	CmdGo       = "go"
	CmdPerft    = "perft"
	CmdStop     = "stop"
	CmdQuit     = "quit"
)

// Bounds of the numbers in commands.
const (
	MaxDepth      = 50        // go depth D: 1..MaxDepth plies
	MaxPerftDepth = 20        // perft D: 1..MaxPerftDepth
	MaxMoveTime   = time.Hour // go movetime MS: 1 ms..MaxMoveTime
	minMoveTime   = time.Millisecond
)

// Command is one command to an engine:
//
//	position POSITION     Name "position", Board set
//	position moves FILE   Name "position", File set
//	go depth D            Name "go", Depth set
//	go movetime MS        Name "go", MoveTime set (whole milliseconds)
//	perft D               Name "perft", Depth set
//	stop, quit            Name only
type Command struct {
	Name     string
	Board    santorini.Board // position POSITION
	File     string          // position moves FILE
	Depth    int             // go depth D, perft D
	MoveTime time.Duration   // go movetime MS
}

// String is the command as one line, without the line ending.
func (c Command) String() string {
	switch c.Name {
	case CmdPosition:
		if c.File != "" {
			return "position moves " + c.File
		}
		return "position " + c.Board.Position()
	case CmdGo:
		if c.MoveTime > 0 {
			return "go movetime " + strconv.FormatInt(c.MoveTime.Milliseconds(), 10)
		}
		return "go depth " + strconv.Itoa(c.Depth)
	case CmdPerft:
		return "perft " + strconv.Itoa(c.Depth)
	}
	return c.Name
}

// ParseCommand reads one command line. Words are separated by spaces or
// tabs; a trailing CR is tolerated. The error says what was wrong, in words
// fit for an `error` answer line. An empty line is an error too (Serve
// skips empty lines before parsing).
func ParseCommand(line string) (Command, error) {
	line = strings.TrimSpace(line)
	f := strings.Fields(line)
	if len(f) == 0 {
		return Command{}, errors.New("empty command")
	}
	switch f[0] {
	case CmdPosition:
		if len(f) >= 2 && f[1] == "moves" {
			// The file name is the rest of the line, spaces included.
			rest := strings.TrimSpace(strings.TrimPrefix(line, CmdPosition))
			file := strings.TrimSpace(strings.TrimPrefix(rest, "moves"))
			if file == "" {
				return Command{}, errors.New("position moves: want a move file: position moves FILE")
			}
			return Command{Name: CmdPosition, File: file}, nil
		}
		if len(f) != 2 {
			return Command{}, fmt.Errorf("position: want position HEIGHTS/SIDE/P1WORKERS/P2WORKERS or position moves FILE, got %d words", len(f)-1)
		}
		b, err := santorini.ParsePosition(f[1])
		if err != nil {
			return Command{}, err
		}
		return Command{Name: CmdPosition, Board: b}, nil
	case CmdGo:
		if len(f) != 3 {
			return Command{}, fmt.Errorf("go: want go depth D or go movetime MS, got %q", line)
		}
		switch f[1] {
		case "depth":
			d, err := number(f[2], 1, MaxDepth)
			if err != nil {
				return Command{}, fmt.Errorf("go depth: %w", err)
			}
			return Command{Name: CmdGo, Depth: d}, nil
		case "movetime":
			ms, err := number(f[2], int(minMoveTime/time.Millisecond), int(MaxMoveTime/time.Millisecond))
			if err != nil {
				return Command{}, fmt.Errorf("go movetime: %w (milliseconds)", err)
			}
			return Command{Name: CmdGo, MoveTime: time.Duration(ms) * time.Millisecond}, nil
		}
		return Command{}, fmt.Errorf("go: %q is not depth or movetime: want go depth D or go movetime MS", f[1])
	case CmdPerft:
		if len(f) != 2 {
			return Command{}, fmt.Errorf("perft: want perft D, got %q", line)
		}
		d, err := number(f[1], 1, MaxPerftDepth)
		if err != nil {
			return Command{}, fmt.Errorf("perft: %w", err)
		}
		return Command{Name: CmdPerft, Depth: d}, nil
	case CmdStop, CmdQuit:
		if len(f) != 1 {
			return Command{}, fmt.Errorf("%s takes nothing after it, got %q", f[0], line)
		}
		return Command{Name: f[0]}, nil
	}
	return Command{}, fmt.Errorf("unknown command %q (known: position, go, perft, stop, quit)", f[0])
}

// number reads a decimal integer in lo..hi.
func number(s string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > hi || s[0] == '+' {
		return 0, fmt.Errorf("%q is not a number %d..%d", s, lo, hi)
	}
	return n, nil
}

// Answer is one line from an engine: an *Info, an *InfoMarks, an
// *InfoString, a *BestMove, a *PerftReport or an *ErrorReport.
type Answer interface {
	String() string
	answer()
}

// Info reports one completed depth of a search:
// `info depth D score S nodes N nps X pv M1 M2 ...`. S is the score for the
// side to move; the pv moves are in the compact form (Move.Compact).
type Info struct {
	Depth int
	Score float64
	Nodes uint64
	NPS   uint64
	PV    []Move
}

// InfoMarks is the engine's debug marks for the move it searches
// (docs/debug-drawing.md): `info marks JSON`, one mark or an array of them.
// The JSON is checked when the marks are taken (game.Notes.ParseMarks).
type InfoMarks struct {
	JSON string
}

// InfoString is a line of the engine's log for the move it searches:
// `info string TEXT`. Arena shows it as a log mark of the move.
type InfoString struct {
	Text string
}

// BestMove is the answer to go: `bestmove FROM TO BUILD`, `bestmove FROM TO`
// (a winning move), `bestmove C1 C2` (a placement), or `bestmove none` (an
// engine that has no move; an illegal answer).
type BestMove struct {
	Move Move
	None bool
}

// PerftReport is the answer to perft: `perft D nodes N time MS nps X`.
type PerftReport struct {
	Depth int
	Nodes uint64
	Time  time.Duration // whole milliseconds on the wire
	NPS   uint64
}

// ErrorReport is the answer to a malformed command: `error TEXT`.
type ErrorReport struct {
	Text string
}

func (*Info) answer()        {}
func (*InfoMarks) answer()   {}
func (*InfoString) answer()  {}
func (*BestMove) answer()    {}
func (*PerftReport) answer() {}
func (*ErrorReport) answer() {}

// String is the info line.
func (a *Info) String() string {
	var s strings.Builder
	fmt.Fprintf(&s, "info depth %d score %s nodes %d nps %d", a.Depth, strconv.FormatFloat(a.Score, 'f', -1, 64), a.Nodes, a.NPS)
	if len(a.PV) > 0 {
		s.WriteString(" pv")
		for _, m := range a.PV {
			s.WriteString(" " + m.Compact())
		}
	}
	return s.String()
}

// String is the info marks line.
func (a *InfoMarks) String() string { return "info marks " + a.JSON }

// String is the info string line.
func (a *InfoString) String() string { return "info string " + a.Text }

// String is the bestmove line, in the strict spelling.
func (a *BestMove) String() string {
	if a.None {
		return "bestmove none"
	}
	return "bestmove " + a.Move.String()
}

// String is the perft line.
func (a *PerftReport) String() string {
	return fmt.Sprintf("perft %d nodes %d time %d nps %d", a.Depth, a.Nodes, a.Time.Milliseconds(), a.NPS)
}

// String is the error line; line breaks in the text become spaces.
func (a *ErrorReport) String() string {
	return "error " + strings.Join(strings.Fields(a.Text), " ")
}

// ParseAnswer reads one line from an engine. A bestmove accepts the tolerant
// spellings of §6 (F>T^B, F>T, F>T#, F T B, F T, C1,C2, C1 C2, letters in
// either case, `none`); the other answers are read strictly. A trailing CR
// and surrounding spaces are tolerated.
func ParseAnswer(line string) (Answer, error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return nil, errors.New("empty line")
	}
	switch f[0] {
	case "bestmove":
		return parseBestMove(f[1:])
	case "info":
		if len(f) > 1 && (f[1] == "marks" || f[1] == "string") {
			return parseInfoText(line, f[1])
		}
		return parseInfo(f[1:])
	case "perft":
		return parsePerft(f[1:])
	case "error":
		if len(f) == 1 {
			return nil, errors.New("error: the line has no text")
		}
		return &ErrorReport{Text: strings.Join(f[1:], " ")}, nil
	}
	return nil, fmt.Errorf("unknown answer %q (known: info, bestmove, perft, error)", f[0])
}

func parseBestMove(f []string) (*BestMove, error) {
	switch len(f) {
	case 0:
		return nil, errors.New("bestmove: no move after it")
	case 1:
		if strings.EqualFold(f[0], "none") {
			return &BestMove{None: true}, nil
		}
		m, err := parseCompact(f[0])
		if err != nil {
			return nil, fmt.Errorf("bestmove: %w", err)
		}
		return &BestMove{Move: m}, nil
	case 2, 3:
		var m Move
		for _, tok := range f {
			c, ok := parseCell(tok)
			if !ok {
				return nil, fmt.Errorf("bestmove: %q is not a cell A1..E5", tok)
			}
			m.Cells[m.N] = c
			m.N++
		}
		return &BestMove{Move: m}, nil
	}
	return nil, fmt.Errorf("bestmove: want FROM TO BUILD, FROM TO or C1 C2, got %d words", len(f))
}

// parseInfoText reads `info marks JSON` and `info string TEXT`: the rest
// of the line after the word, as it is but for surrounding spaces.
func parseInfoText(line, word string) (Answer, error) {
	rest := strings.TrimLeftFunc(strings.TrimPrefix(strings.TrimSpace(line), "info"), unicode.IsSpace)
	rest = strings.TrimSpace(strings.TrimPrefix(rest, word))
	if rest == "" {
		return nil, fmt.Errorf("info %s: the line has nothing after it", word)
	}
	if word == "marks" {
		return &InfoMarks{JSON: rest}, nil
	}
	return &InfoString{Text: rest}, nil
}

// infoKeys are the words of an info line, in their order.
var infoKeys = [...]string{"depth", "score", "nodes", "nps"}

func parseInfo(f []string) (*Info, error) {
	if len(f) < 2*len(infoKeys) {
		return nil, errors.New("info: want info depth D score S nodes N nps X pv ...")
	}
	var a Info
	for i, key := range infoKeys {
		if f[2*i] != key {
			return nil, fmt.Errorf("info: want %q as word %d, got %q", key, 2*i+2, f[2*i])
		}
		v := f[2*i+1]
		var err error
		switch key {
		case "depth":
			a.Depth, err = number(v, 0, math.MaxInt32)
		case "score":
			a.Score, err = strconv.ParseFloat(v, 64)
			if err == nil && (math.IsNaN(a.Score) || math.IsInf(a.Score, 0)) {
				err = errors.New("not finite")
			}
		case "nodes":
			a.Nodes, err = count(v)
		case "nps":
			a.NPS, err = count(v)
		}
		if err != nil {
			return nil, fmt.Errorf("info: %s %q is not a number", key, v)
		}
	}
	rest := f[2*len(infoKeys):]
	if len(rest) == 0 {
		return &a, nil
	}
	if rest[0] != "pv" || len(rest) == 1 {
		return nil, fmt.Errorf("info: want pv and its moves after nps, got %q", strings.Join(rest, " "))
	}
	for _, tok := range rest[1:] {
		m, err := parseCompact(tok)
		if err != nil {
			return nil, fmt.Errorf("info: pv: %w", err)
		}
		a.PV = append(a.PV, m)
	}
	return &a, nil
}

func parsePerft(f []string) (*PerftReport, error) {
	if len(f) != 7 || f[1] != "nodes" || f[3] != "time" || f[5] != "nps" {
		return nil, errors.New("perft: want perft D nodes N time MS nps X")
	}
	d, err := number(f[0], 0, math.MaxInt32)
	if err != nil {
		return nil, fmt.Errorf("perft: depth %w", err)
	}
	nodes, err1 := count(f[2])
	ms, err2 := count(f[4])
	nps, err3 := count(f[6])
	if err := errors.Join(err1, err2, err3); err != nil || ms > uint64(math.MaxInt64/int64(time.Millisecond)) {
		return nil, fmt.Errorf("perft: %q: nodes, time and nps are whole numbers", strings.Join(f, " "))
	}
	return &PerftReport{Depth: d, Nodes: nodes, Time: time.Duration(ms) * time.Millisecond, NPS: nps}, nil
}

// count reads a non-negative decimal integer.
func count(s string) (uint64, error) {
	if s == "" || s[0] == '+' {
		return 0, fmt.Errorf("%q is not a count", s)
	}
	return strconv.ParseUint(s, 10, 64)
}

// Form is how a move is written.
type Form uint8

// The forms of a move.
const (
	Spaced Form = iota // "C3 B4 A5", "D2 D3", "C3 B2"
	Arrow              // "C3>B4^A5", "D2>D3", "D2>D3#"
	Comma              // "C3,B2": a placement
)

// Move is a move as the protocol writes it, before it is checked against a
// board: two cells (a placement, or a winning move without its build) or
// three (FROM TO BUILD).
type Move struct {
	Cells [3]santorini.Cell
	N     int  // how many of Cells are used: 2 or 3
	Form  Form // Spaced, Arrow or Comma: how it was written
}

// MoveOf is the protocol's move for a checked turn: a placement in the
// Comma form, a move in the Arrow form.
func MoveOf(t santorini.Turn) Move {
	if t.Place {
		return Move{Cells: [3]santorini.Cell{t.Cells[0], t.Cells[1], santorini.NoCell}, N: 2, Form: Comma}
	}
	m := Move{Cells: [3]santorini.Cell{t.From, t.To, t.Build}, N: 3, Form: Arrow}
	if t.Build == santorini.NoCell {
		m.N = 2
	}
	return m
}

// String is the move in the strict notation: uppercase cells separated by
// single spaces, as Arena's engine writes its bestmove.
func (m Move) String() string {
	parts := make([]string, 0, 3)
	for _, c := range m.Cells[:m.N] {
		parts = append(parts, c.String())
	}
	return strings.Join(parts, " ")
}

// Compact is the move in the compact form of a pv: "F>T^B", "F>T" for a
// winning move, "C1,C2" for a placement (a move in the Comma form).
func (m Move) Compact() string {
	switch {
	case m.N != 2 && m.N != 3:
		return ""
	case m.Form == Comma && m.N == 2:
		return m.Cells[0].String() + "," + m.Cells[1].String()
	case m.N == 2:
		return m.Cells[0].String() + ">" + m.Cells[1].String()
	}
	return m.Cells[0].String() + ">" + m.Cells[1].String() + "^" + m.Cells[2].String()
}

// Turn checks the move on b under §4 and returns the turn it stands for; the
// error is a *santorini.RuleError. How the move was written does not matter:
// "C3,B2", "C3>B2" and "C3 B2" are the same two cells.
func (m Move) Turn(b *santorini.Board) (santorini.Turn, error) {
	if m.N != 2 && m.N != 3 {
		return santorini.Turn{}, &santorini.RuleError{Code: santorini.CodeTokens, Detail: fmt.Sprintf("a move has 2 or 3 cells, not %d", m.N)}
	}
	return santorini.ParseTurn(b, m.String())
}

// parseCompact reads one compact move token: F>T^B, F>T, F>T# or C1,C2, in
// either case.
func parseCompact(tok string) (Move, error) {
	bad := func() (Move, error) {
		return Move{}, fmt.Errorf("%q is not a move F>T^B, F>T, F>T# or C1,C2", tok)
	}
	cell := func(s string) santorini.Cell {
		c, ok := parseCell(s)
		if !ok {
			return santorini.NoCell
		}
		return c
	}
	if a, b, ok := strings.Cut(tok, ","); ok {
		c1, c2 := cell(a), cell(b)
		if c1 == santorini.NoCell || c2 == santorini.NoCell {
			return bad()
		}
		return Move{Cells: [3]santorini.Cell{c1, c2, santorini.NoCell}, N: 2, Form: Comma}, nil
	}
	from, rest, ok := strings.Cut(tok, ">")
	if !ok {
		return bad()
	}
	m := Move{Cells: [3]santorini.Cell{cell(from), santorini.NoCell, santorini.NoCell}, N: 2, Form: Arrow}
	switch to, build, hasBuild := strings.Cut(rest, "^"); {
	case hasBuild:
		m.Cells[1], m.Cells[2], m.N = cell(to), cell(build), 3
		if m.Cells[2] == santorini.NoCell {
			return bad()
		}
	default:
		m.Cells[1] = cell(strings.TrimSuffix(rest, "#"))
	}
	if m.Cells[0] == santorini.NoCell || m.Cells[1] == santorini.NoCell {
		return bad()
	}
	return m, nil
}

// parseCell reads a cell in either case: "c3" or "C3".
func parseCell(s string) (santorini.Cell, bool) {
	if len(s) != 2 {
		return santorini.NoCell, false
	}
	return santorini.ParseCell(strings.ToUpper(s))
}
