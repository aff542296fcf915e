package guardains

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/arena-games/arena/game"
)

// Level is a board to play on: the maze, the special cells, the bases and
// where the stone lies.
type Level struct {
	Name  string
	Maze  *Maze
	Kinds map[Cell]Kind // the special cells; every other cell is Normal
	Enemy map[Cell]bool // the clues and beasts whose clue is the enemy locations (R12)
	Bases [2]Cell       // seat 1's in column 0, seat 2's in column W-1; Nowhere when a picture has none
	Stone Cell          // Nowhere when a picture has none
}

// Complete reports why a level cannot be played as it is: a missing base
// or stone, or one on the wrong cell.
func (l *Level) Complete() error {
	for i, b := range l.Bases {
		if b == Nowhere {
			return fmt.Errorf("level %s: no base of seat %d", l.Name, i+1)
		}
	}
	if l.Stone == Nowhere {
		return fmt.Errorf("level %s: no stone", l.Name)
	}
	return nil
}

// The letters of the level picture (R33) by kind; 'c' and 'b' are the
// enemy kinds of clue and beast.
const (
	letterNormal     = ' '
	letterTeleporter = 'T'
	letterHealPoint  = 'H'
	letterClue       = 'C'
	letterClueEnemy  = 'c'
	letterBeast      = 'B'
	letterBeastEnemy = 'b'
	letterStone      = 'S'
	letterBase1      = '1'
	letterBase2      = '2'
)

// mazeEnd finds the first line that is not a line of the maze picture
// (another width, or letters a maze has not): text after a complete maze is
// named as such, anything else as the line it is.
func mazeEnd(name string, lines [][]byte) error {
	width := len(lines[0])
	for i, line := range lines {
		if len(line) == width && len(bytes.Trim(line, "|- THCcBbS12")) == 0 {
			continue
		}
		if i >= 3 && i%2 == 1 && len(bytes.Trim(lines[i-1], "|-")) == 0 {
			return fmt.Errorf("level %s: line %d: text after the maze, which ends at line %d (a maze of %d rows): remove it", name, i+1, i, (i-1)/2)
		}
		if len(line) != width {
			return fmt.Errorf("level %s: line %d has %d characters, want %d like line 1", name, i+1, len(line), width)
		}
		return nil // a letter the maze has not: the cell's own check names it
	}
	return nil
}

// ParseLevel reads the level text format of §5 (R33): the original server's
// maze picture of 2H+1 lines of 2W+1 characters, cell (x, y) at line 2y+1,
// column 2x+1; '|' or ' ' at line 2y+1, column 2x+2 (the wall or passage to
// (x+1, y)); '-' or ' ' at line 2y+2, column 2x+1 (to (x, y+1)); posts '|'.
// A cell holds ' ' (Normal), 'T', 'H', 'C'/'c' (a clue giving the
// direction/the enemies), 'B'/'b' (a beast, alike), 'S' (the stone), '1' or
// '2' (a base). A picture may leave out the bases and the stone (the
// original's own dump has no letters at all): they are Nowhere then. Line
// ends may be "\r\n"; a final newline and a UTF-8 BOM are allowed.
func ParseLevel(name string, data []byte) (*Level, error) {
	if err := LevelLimit.Check(name, data); err != nil {
		return nil, err
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	lines := bytes.Split(data, []byte("\n"))
	for len(lines) > 0 && len(bytes.TrimRight(lines[len(lines)-1], "\r")) == 0 {
		lines = lines[:len(lines)-1]
	}
	for i := range lines {
		lines[i] = bytes.TrimSuffix(lines[i], []byte("\r"))
	}
	if len(lines) < 3 || len(lines)%2 == 0 {
		return nil, fmt.Errorf("level %s: %d lines: a maze of H rows has 2H+1 lines", name, len(lines))
	}
	width := len(lines[0])
	if width < 5 || width%2 == 0 {
		return nil, fmt.Errorf("level %s: line 1 has %d characters: a maze of W columns has lines of 2W+1, W >= 2", name, width)
	}
	if err := mazeEnd(name, lines); err != nil {
		return nil, err
	}
	w, h := (width-1)/2, (len(lines)-1)/2
	if w > MaxSide || h > MaxSide {
		return nil, fmt.Errorf("level %s: %dx%d is larger than %dx%d", name, w, h, MaxSide, MaxSide)
	}
	l := &Level{Name: name, Maze: NewMaze(w, h), Kinds: map[Cell]Kind{}, Enemy: map[Cell]bool{},
		Bases: [2]Cell{Nowhere, Nowhere}, Stone: Nowhere}
	bad := func(line, col int, want string) error {
		return fmt.Errorf("level %s: line %d, column %d: %q, want %s", name, line+1, col+1, lines[line][col], want)
	}
	for i, line := range lines {
		if len(line) != width {
			return nil, fmt.Errorf("level %s: line %d has %d characters, want %d like line 1", name, i+1, len(line), width)
		}
		for j, ch := range line {
			border := i == 0 || i == len(lines)-1 || j == 0 || j == width-1
			switch {
			case i%2 == 0 && j%2 == 0: // a post
				if ch != '|' {
					return nil, bad(i, j, `"|" (a post)`)
				}
			case i%2 == 0: // the wall below a cell
				switch {
				case ch == '-':
				case ch == ' ' && !border:
					l.Maze.Carve(Cell{(j - 1) / 2, (i - 1) / 2}, Down)
				default:
					return nil, bad(i, j, wallWant(border, "-"))
				}
			case j%2 == 0: // the wall right of a cell
				switch {
				case ch == '|':
				case ch == ' ' && !border:
					l.Maze.Carve(Cell{(j - 1) / 2, (i - 1) / 2}, Right)
				default:
					return nil, bad(i, j, wallWant(border, "|"))
				}
			default:
				if err := l.place(Cell{(j - 1) / 2, (i - 1) / 2}, ch); err != nil {
					return nil, fmt.Errorf("level %s: line %d, column %d: %w", name, i+1, j+1, err)
				}
			}
		}
	}
	return l, nil
}

func wallWant(border bool, wall string) string {
	if border {
		return fmt.Sprintf("%q (the border)", wall)
	}
	return fmt.Sprintf("%q or \" \"", wall)
}

// place reads the letter of cell c.
func (l *Level) place(c Cell, ch byte) error {
	switch ch {
	case letterNormal:
	case letterTeleporter:
		l.Kinds[c] = Teleporter
	case letterHealPoint:
		l.Kinds[c] = HealPoint
	case letterClue, letterClueEnemy:
		l.Kinds[c], l.Enemy[c] = Clue, ch == letterClueEnemy
	case letterBeast, letterBeastEnemy:
		l.Kinds[c], l.Enemy[c] = Beast, ch == letterBeastEnemy
	case letterStone:
		if l.Stone != Nowhere {
			return fmt.Errorf("a second stone (the first is on %s)", l.Stone)
		}
		l.Stone = c
	case letterBase1, letterBase2:
		seat := int(ch - '0')
		if l.Bases[seat-1] != Nowhere {
			return fmt.Errorf("a second base of seat %d (the first is on %s)", seat, l.Bases[seat-1])
		}
		if want := (seat - 1) * (l.Maze.W - 1); c.X != want {
			return fmt.Errorf("the base of seat %d is on %s, but it belongs in column %d", seat, c, want)
		}
		l.Bases[seat-1] = c
	default:
		return fmt.Errorf("%q is not a cell: want one of \" TH CcBbS12\"", ch)
	}
	return nil
}

// Text is the level in the text format of ParseLevel, lines ending in "\n".
func (l *Level) Text() []byte {
	m := l.Maze
	width := 2*m.W + 1
	b := make([]byte, 0, (width+1)*(2*m.H+1))
	b = appendWallRow(b, m, -1)
	for y := range m.H {
		b = append(b, '|')
		for x := range m.W {
			b = append(b, l.letter(Cell{x, y}))
			if m.Open(Cell{x, y}, Right) {
				b = append(b, ' ')
			} else {
				b = append(b, '|')
			}
		}
		b = append(b, '\n')
		b = appendWallRow(b, m, y)
	}
	return b
}

// appendWallRow appends the line below row y (the top border for y = -1).
func appendWallRow(b []byte, m *Maze, y int) []byte {
	b = append(b, '|')
	for x := range m.W {
		if y >= 0 && m.Open(Cell{x, y}, Down) {
			b = append(b, ' ', '|')
		} else {
			b = append(b, '-', '|')
		}
	}
	return append(b, '\n')
}

// letter is the cell's letter in the picture.
func (l *Level) letter(c Cell) byte {
	switch {
	case c == l.Bases[0]:
		return letterBase1
	case c == l.Bases[1]:
		return letterBase2
	case c == l.Stone:
		return letterStone
	}
	switch l.Kinds[c] {
	case Teleporter:
		return letterTeleporter
	case HealPoint:
		return letterHealPoint
	case Clue:
		if l.Enemy[c] {
			return letterClueEnemy
		}
		return letterClue
	case Beast:
		if l.Enemy[c] {
			return letterBeastEnemy
		}
		return letterBeast
	}
	return letterNormal
}

// LevelLimit bounds a level file: a picture of the largest maze, 200x200,
// many times over.
var LevelLimit = game.Limit{What: "a GuardAIns level file", Max: 4 << 20}

// LoadLevelFile reads the level file at path (ParseLevel), as a game with
// cfg reads it (game.Config.ReadFile).
func LoadLevelFile(cfg game.Config, path string) (*Level, error) {
	data, err := cfg.ReadFile(path, LevelLimit)
	if err != nil {
		return nil, fmt.Errorf("load level: %w (give one of Arena's mazes by name, or a level file's path)", err)
	}
	return ParseLevel(filepath.Base(path), data)
}

// FindLevel is the level that cfg names: on the title's shelf (a maze
// generated with the seed, a hand-made level by name, a level file's
// path), else the complete level file at the path cfg.Map.
func (t Title) FindLevel(cfg game.Config) (*Level, error) {
	read := func(path string) (*Level, error) { return LoadLevelFile(cfg, path) }
	l, err := game.FindMap(t.Shelf, cfg, read, errors.New("guardains: no level given, and the title has no levels of its own (levels/guardains.Shelf): give a level file's path"))
	if err != nil {
		return nil, err
	}
	if err := l.Complete(); err != nil {
		return nil, fmt.Errorf("guardains: %w", err)
	}
	return l, nil
}

// Maps lists the levels of the title's shelf, the default first.
func (t Title) Maps() []game.MapInfo {
	if t.Shelf == nil {
		return nil
	}
	return t.Shelf.Maps()
}
