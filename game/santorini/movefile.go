package santorini

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/arena-games/arena/game"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/unicode/norm"
)

// Game is a game read from a move file: its turns and the boards between
// them. Boards[0] is the start and Boards[i] the board after Turns[i-1].
type Game struct {
	Turns  []Turn
	Boards []Board
}

// Last is the board after the last turn.
func (g Game) Last() Board { return g.Boards[len(g.Boards)-1] }

// LoadError is a move file that failed to load: the file, the physical line
// (1-based, blank and comment lines counted) and the rule broken there.
type LoadError struct {
	Name string
	Line int
	Err  *RuleError
}

// Error is "<name>:<line>: <CODE>: <detail>".
func (e *LoadError) Error() string { return fmt.Sprintf("%s:%d: %s", e.Name, e.Line, e.Err) }

// Unwrap gives the *RuleError.
func (e *LoadError) Unwrap() error { return e.Err }

// ReadMoveFile loads a move file with the tolerant reader of §5.2 under the
// standard rules. An error is a *LoadError naming the physical line (the
// game then holds the turns before that line), or a file larger than
// MoveFileLimit.
func ReadMoveFile(name string, data []byte) (Game, error) {
	return ReadMoveFileRules(name, data, Rules{})
}

// vHeader matches the header lines of V's game.sav (§5.5).
var vHeader = regexp.MustCompile(`^[A-Za-z_][\w.]*;[12](;.*)?$`)

// MoveFileLimit bounds a move file: a game of Santorini has at most a few
// hundred lines.
var MoveFileLimit = game.Limit{What: "a Santorini move file", Max: 1 << 20}

// ReadMoveFileRules loads a move file like ReadMoveFile, under the given
// rule options.
func ReadMoveFileRules(name string, data []byte, rules Rules) (Game, error) {
	b := NewBoard()
	b.Rules = rules
	g := Game{Boards: []Board{b}}
	if err := MoveFileLimit.Check(name, data); err != nil {
		return g, err
	}
	var o origins
	nonBlank := 0
	for i, line := range splitLines(decode(data)) {
		lineNo := i + 1
		if cut := strings.Index(line, "//"); cut >= 0 {
			line = line[:cut]
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		nonBlank++
		if nonBlank <= 2 && vHeader.MatchString(strings.TrimSpace(line)) {
			continue
		}
		fail := func(err error) (Game, error) {
			le := &LoadError{Name: name, Line: lineNo}
			if !errors.As(err, &le.Err) {
				le.Err = ruleErr(CodeSyntax, "%v", err)
			}
			return g, le
		}
		if b.Phase == Over {
			return fail(b.gameOver())
		}
		cells, err := lineCells(line)
		if err != nil {
			return fail(err)
		}
		t, err := b.check(cells, &o)
		if err != nil {
			return fail(err)
		}
		o.record(&b, t, lineNo)
		b = b.after(t)
		g.Turns = append(g.Turns, t)
		g.Boards = append(g.Boards, b)
	}
	return g, nil
}

// record notes that line put the workers of turn t (played on b) on their
// cells.
func (o *origins) record(b *Board, t Turn, line int) {
	if t.Place {
		o[b.Side] = [2]int{line, line}
		return
	}
	o[b.Side][t.Worker] = line
}

// decode turns the file's bytes into text (§5.2 step 1): UTF-16 after its
// BOM, else UTF-8 without BOM, else Windows-1251 (R19).
func decode(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}):
		return decodeUTF16(data[2:], func(p []byte) uint16 { return uint16(p[0]) | uint16(p[1])<<8 })
	case bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		return decodeUTF16(data[2:], func(p []byte) uint16 { return uint16(p[0])<<8 | uint16(p[1]) })
	}
	data = bytes.TrimPrefix(data, []byte{0xEF, 0xBB, 0xBF})
	if utf8.Valid(data) {
		return string(data)
	}
	if s, err := charmap.Windows1251.NewDecoder().Bytes(data); err == nil {
		return string(s)
	}
	return strings.ToValidUTF8(string(data), "\uFFFD")
}

func decodeUTF16(data []byte, unit func([]byte) uint16) string {
	u := make([]uint16, 0, len(data)/2)
	for i := 0; i+1 < len(data); i += 2 {
		u = append(u, unit(data[i:]))
	}
	return string(utf16.Decode(u))
}

// splitLines splits at CRLF, CR or LF; a final line ending adds no line.
func splitLines(s string) []string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// lookAlike maps the Cyrillic look-alikes and Serbian keyboard equivalents
// of §5.2 step 5 to Latin letters and digits.
var lookAlike = strings.NewReplacer(
	"А", "A", "а", "A", "В", "B", "в", "B", "С", "C", "с", "C", "Е", "E", "е", "E",
	"З", "3", "з", "3", "Б", "B", "б", "B", "Ц", "C", "ц", "C", "Д", "D", "д", "D",
)

// lineCells reads the cells of one line (§5.2 steps 5-7): tokens split on
// whitespace, each folded (NFKC, look-alikes, uppercase) and matched as a
// cell. A token that is not a cell is an E_SYNTAX naming the raw token and
// its column.
func lineCells(line string) ([]Cell, error) {
	var cells []Cell
	runes := []rune(line)
	for i := 0; i < len(runes); {
		if unicode.IsSpace(runes[i]) {
			i++
			continue
		}
		start := i
		for i < len(runes) && !unicode.IsSpace(runes[i]) {
			i++
		}
		raw := string(runes[start:i])
		c, ok := ParseCell(strings.ToUpper(lookAlike.Replace(norm.NFKC.String(raw))))
		if !ok {
			return nil, ruleErr(CodeSyntax, "%q at column %d is not a cell A1..E5", raw, start+1)
		}
		cells = append(cells, c)
	}
	return cells, nil
}

// WriteMoveFile writes the turns as a move file with the strict writer of
// §5.3: uppercase cells, single spaces, LF after every line, a winning move
// with three cells (R8). kandicBytes writes K's bytes instead: a trailing
// space after placement lines and CRLF.
func WriteMoveFile(w io.Writer, turns []Turn, kandicBytes bool) error {
	for i, t := range turns {
		line := MoveLine(t)
		switch {
		case kandicBytes && t.Place:
			line += " \r\n"
		case kandicBytes:
			line += "\r\n"
		default:
			line += "\n"
		}
		if _, err := io.WriteString(w, line); err != nil {
			return fmt.Errorf("write move file line %d: %w", i+1, err)
		}
	}
	return nil
}
