package aic21

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/arena-games/arena/game"
)

// Map is a map as the official map.json describes it (§5.1).
type Map struct {
	Name           string
	W, H           int
	ShiftX, ShiftY int
	Kinds          []Kind // row-major; delayed cells are Empty
	// Codes are the file's cell_type codes: 7 and up mark delayed
	// resources, one group per code.
	Codes []int
	// ResType and ResAmount are the resources the file gives each cell
	// (on delayed cells, what will appear); none on cells that are not
	// empty (R21).
	ResType   []Res
	ResAmount []int
	Bases     [2]Cell // colony 0's base is the file's first
}

// MaxSide bounds a map's width and height.
const MaxSide = 1000

// mapCell is one entry of cells_type.
type mapCell struct {
	Row      *int `json:"row"`
	Col      *int `json:"col"`
	CellType *int `json:"cell_type"`
	Rec1     int  `json:"rec1"` // grass
	Rec2     int  `json:"rec2"` // bread
}

// ReadMap reads an official map.json. Like the original's parser it
// accepts trailing commas; it validates as R21 says: exactly two bases,
// every cell once and in bounds, and resources only on empty cells (the
// others are dropped).
func ReadMap(name string, data []byte) (*Map, error) {
	if err := MapLimit.Check(name, data); err != nil {
		return nil, err
	}
	var f struct {
		H     *int      `json:"MAP_HEIGHT"`
		W     *int      `json:"MAP_WIDTH"`
		SX    int       `json:"SHIFT_X"`
		SY    int       `json:"SHIFT_Y"`
		Cells []mapCell `json:"cells_type"`
	}
	if err := json.Unmarshal(lenientJSON(data), &f); err != nil {
		return nil, fmt.Errorf("map %s: %w", name, err)
	}
	if f.W == nil || f.H == nil {
		return nil, fmt.Errorf("map %s: expected MAP_WIDTH and MAP_HEIGHT", name)
	}
	w, h := *f.W, *f.H
	if w < 1 || h < 1 || w > MaxSide || h > MaxSide {
		return nil, fmt.Errorf("map %s: %dx%d: expected sides from 1 to %d", name, w, h, MaxSide)
	}
	if len(f.Cells) != w*h {
		return nil, fmt.Errorf("map %s: %d cells in cells_type, expected %dx%d = %d", name, len(f.Cells), w, h, w*h)
	}
	m := &Map{Name: name, W: w, H: h, ShiftX: f.SX, ShiftY: f.SY, Kinds: make([]Kind, w*h), Codes: make([]int, w*h),
		ResType: make([]Res, w*h), ResAmount: make([]int, w*h)}
	seen := make([]bool, w*h)
	bases := 0
	for i, c := range f.Cells {
		if c.Row == nil || c.Col == nil || c.CellType == nil {
			return nil, fmt.Errorf("map %s: cell %d: expected row, col and cell_type", name, i)
		}
		x, y, code := *c.Col, *c.Row, *c.CellType
		if x < 0 || y < 0 || x >= w || y >= h {
			return nil, fmt.Errorf("map %s: cell %d: row %d col %d is off the %dx%d map", name, i, y, x, w, h)
		}
		at := y*w + x
		if seen[at] {
			return nil, fmt.Errorf("map %s: cell %d: row %d col %d appears twice", name, i, y, x)
		}
		seen[at] = true
		if code < 0 {
			return nil, fmt.Errorf("map %s: row %d col %d: cell_type %d: expected 0 to 6, or 7 and up for a delayed resource", name, y, x, code)
		}
		if c.Rec1 < 0 || c.Rec2 < 0 {
			return nil, fmt.Errorf("map %s: row %d col %d: negative resources", name, y, x)
		}
		m.Codes[at] = code
		m.ResType[at] = NoRes
		switch code {
		case 0, 1:
			if bases == 2 {
				return nil, fmt.Errorf("map %s: row %d col %d: a third base: expected exactly two", name, y, x)
			}
			m.Kinds[at], m.Bases[bases] = Base, Cell{x, y}
			bases++
			continue
		case 3:
			m.Kinds[at] = Wall
			continue
		case 4:
			m.Kinds[at] = Trap
			continue
		case 5:
			m.Kinds[at] = Swamp
			continue
		}
		m.Kinds[at] = Empty
		switch {
		case c.Rec1 > 0:
			m.ResType[at], m.ResAmount[at] = Grass, c.Rec1
		case c.Rec2 > 0:
			m.ResType[at], m.ResAmount[at] = Bread, c.Rec2
		}
	}
	if bases != 2 {
		return nil, fmt.Errorf("map %s: %d bases: expected exactly two (cell_type 0 or 1)", name, bases)
	}
	return m, nil
}

// lenientJSON drops the commas before a closing bracket or brace, outside
// strings, and a byte-order mark, so that encoding/json reads what the
// original's json-simple read.
func lenientJSON(data []byte) []byte {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if !bytes.Contains(data, []byte(",")) {
		return data
	}
	out := make([]byte, 0, len(data))
	inString, escaped := false, false
	comma := -1 // index in out of a comma that may be trailing
	for _, c := range data {
		if inString {
			out = append(out, c)
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
			continue
		}
		switch c {
		case ' ', '\t', '\r', '\n':
			out = append(out, c)
			continue
		case ']', '}':
			if comma >= 0 {
				out = append(out[:comma], out[comma+1:]...)
			}
		case '"':
			inString = true
		}
		comma = -1
		if c == ',' {
			comma = len(out)
		}
		out = append(out, c)
	}
	return out
}

// MapLimit bounds a map.json (the contest's are at most 70 KB).
var MapLimit = game.Limit{What: "an AIC21 map.json", Max: 4 << 20}

// LoadMapFile reads the map.json at path, as a game with cfg reads it
// (game.Config.ReadFile).
func LoadMapFile(cfg game.Config, path string) (*Map, error) {
	data, err := cfg.ReadFile(path, MapLimit)
	if err != nil {
		return nil, fmt.Errorf("read map: %w", err)
	}
	return ReadMap(strings.TrimSuffix(filepath.Base(path), ".json"), data)
}

// FindMap is the map that cfg.Map names: one of the title's shelf by name
// ("" for the default), else the map.json at that path.
func (t Title) FindMap(cfg game.Config) (*Map, error) {
	read := func(path string) (*Map, error) { return LoadMapFile(cfg, path) }
	return game.FindMap(t.Shelf, cfg, read, errors.New("aic21: no map given, and the title has no maps of its own (levels/aic21.Shelf): give a map.json's path"))
}

// Maps lists the maps of the title's shelf, the default first.
func (t Title) Maps() []game.MapInfo {
	if t.Shelf == nil {
		return nil
	}
	return t.Shelf.Maps()
}
