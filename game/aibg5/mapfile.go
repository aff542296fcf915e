package aibg5

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/hex"
)

// Map is a map: the tile of every cell before the game starts (no items).
type Map struct {
	Name  string // the file's name, such as "test1.txt", or one of Arena's own
	Tiles []Tile // per cell, in canonical order
}

// mapCell is one cell of a map file (§5.1).
type mapCell struct {
	Q      *int   `json:"q"`
	R      *int   `json:"r"`
	Type   string `json:"type"`
	Entity string `json:"entity"`
	ID     *int   `json:"id,omitempty"`
}

// ParseMap reads a map file in the original format (§5.1): a JSON array of
// 29 rows of cells in canonical order, each {"q","r","type","entity"} with
// "id" after a WORMHOLE. Unlike the original it rejects a file unless every
// cell is in its place with a consistent type and entity, each wormhole id
// appears exactly twice, the 7 centre cells are BOSS (and no other) and the
// four spawns are NONE. name is used in errors.
func ParseMap(name string, data []byte) (*Map, error) {
	if err := MapLimit.Check(name, data); err != nil {
		return nil, err
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var rows [][]mapCell
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rows); err != nil {
		return nil, fmt.Errorf("map %s: not a map file (a JSON array of 29 rows of cells): %w", name, err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("map %s: unexpected data after the array of rows", name)
	}
	if len(rows) != 2*Radius+1 {
		return nil, fmt.Errorf("map %s: %d rows, expected %d", name, len(rows), 2*Radius+1)
	}
	m := &Map{Name: name, Tiles: make([]Tile, CellCount)}
	i := 0
	for row, cellsOfRow := range rows {
		r := row - Radius
		want := 2*Radius + 1 - abs(r)
		if len(cellsOfRow) != want {
			return nil, fmt.Errorf("map %s: row %d (r = %d) has %d cells, expected %d", name, row+1, r, len(cellsOfRow), want)
		}
		for col, c := range cellsOfRow {
			h := cells[i]
			if c.Q == nil || c.R == nil {
				return nil, fmt.Errorf("map %s: row %d, cell %d: missing \"q\" or \"r\" (expected %s)", name, row+1, col+1, cellName(h))
			}
			if got := (hex.Hex{Q: *c.Q, R: *c.R}); got != h {
				return nil, fmt.Errorf("map %s: row %d, cell %d is %s, expected %s: cells go row by row, q ascending", name, row+1, col+1, cellName(got), cellName(h))
			}
			t, err := c.tile()
			if err != nil {
				return nil, fmt.Errorf("map %s: cell %s: %w", name, cellName(h), err)
			}
			m.Tiles[i] = t
			i++
		}
	}
	if err := m.check(); err != nil {
		return nil, fmt.Errorf("map %s: %w", name, err)
	}
	return m, nil
}

// tile is the tile a map file's cell describes.
func (c mapCell) tile() (Tile, error) {
	var t Tile
	switch c.Entity {
	case "NONE":
		t.Kind = Empty
	case "BLACKHOLE":
		t.Kind = Blackhole
	case "WORMHOLE":
		if c.ID == nil {
			return t, errors.New(`a WORMHOLE needs its pair's "id"`)
		}
		t = Tile{Kind: Wormhole, Wormhole: *c.ID}
	case "FENCE":
		t = Tile{Kind: Asteroid, Asteroid: AsteroidLife}
	case "BOSS":
		t.Kind = Boss
	default:
		return t, fmt.Errorf("entity %q: expected NONE, BLACKHOLE, WORMHOLE, FENCE or BOSS", c.Entity)
	}
	if c.ID != nil && t.Kind != Wormhole {
		return t, fmt.Errorf(`"id" on a %s: only a WORMHOLE has one`, c.Entity)
	}
	if want := tileType(t.Kind); c.Type != want {
		return t, fmt.Errorf("type %q for entity %s: expected %q", c.Type, c.Entity, want)
	}
	return t, nil
}

// check validates the whole map: the boss, the spawns and the wormhole
// pairs.
func (m *Map) check() error {
	boss := map[hex.Hex]bool{}
	for _, h := range BossCells {
		boss[h] = true
	}
	ids := map[int][]hex.Hex{}
	var order []int
	for i, t := range m.Tiles {
		h := cells[i]
		if boss[h] != (t.Kind == Boss) {
			if boss[h] {
				return fmt.Errorf("cell %s is %s: the 7 centre cells must be BOSS", cellName(h), fileEntity(t.Kind))
			}
			return fmt.Errorf("cell %s is BOSS: only the 7 centre cells may be", cellName(h))
		}
		if t.Kind == Wormhole {
			if _, seen := ids[t.Wormhole]; !seen {
				order = append(order, t.Wormhole)
			}
			ids[t.Wormhole] = append(ids[t.Wormhole], h)
		}
	}
	for _, id := range order {
		if at := ids[id]; len(at) != 2 {
			return fmt.Errorf("wormhole id %d appears %d times (first at %s): each id must appear exactly twice", id, len(at), cellName(at[0]))
		}
	}
	for p := range spawns {
		h := spawns[p][0]
		i, _ := index(h)
		if k := m.Tiles[i].Kind; k != Empty {
			return fmt.Errorf("cell %s, player %d's spawn, is %s: a spawn must be NONE", cellName(h), p+1, fileEntity(k))
		}
	}
	return nil
}

// File is the map in the original file format, as the original's maps are
// written: one line, no final newline.
func (m *Map) File() []byte {
	var b bytes.Buffer
	b.Grow(32000)
	b.WriteByte('[')
	row := -Radius - 1
	for i, h := range cells {
		if h.R != row {
			if i > 0 {
				b.WriteString("],")
			}
			b.WriteByte('[')
			row = h.R
		} else {
			b.WriteByte(',')
		}
		t := m.Tiles[i]
		b.WriteString(`{"q":`)
		b.WriteString(strconv.Itoa(h.Q))
		b.WriteString(`,"r":`)
		b.WriteString(strconv.Itoa(h.R))
		b.WriteString(`,"type":"`)
		b.WriteString(tileType(t.Kind))
		b.WriteString(`","entity":"`)
		b.WriteString(fileEntity(t.Kind))
		b.WriteByte('"')
		if t.Kind == Wormhole {
			b.WriteString(`,"id":`)
			b.WriteString(strconv.Itoa(t.Wormhole))
		}
		b.WriteByte('}')
	}
	b.WriteString("]]")
	return b.Bytes()
}

// fileEntity is a kind's name in a map file.
func fileEntity(k Kind) string {
	switch k {
	case Empty, Health, Experience:
		return "NONE"
	case Asteroid:
		return "FENCE"
	}
	return k.String()
}

// tileType is "FULL" for asteroids and the boss, else "NORMAL".
func tileType(k Kind) string {
	if k.Full() {
		return "FULL"
	}
	return "NORMAL"
}

// cellName writes a cell as (q,r).
func cellName(h hex.Hex) string { return fmt.Sprintf("(%d,%d)", h.Q, h.R) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// MapLimit bounds an original map file (the contest's are 30 KB).
var MapLimit = game.Limit{What: "an AIBG 5.0 map file", Max: 1 << 20}

// LoadMapFile reads the original map file at path, as a game with cfg
// reads it (game.Config.ReadFile).
func LoadMapFile(cfg game.Config, path string) (*Map, error) {
	data, err := cfg.ReadFile(path, MapLimit)
	if err != nil {
		return nil, fmt.Errorf("load map: %w (give one of Arena's maps by name or an original map file's path)", err)
	}
	return ParseMap(filepath.Base(path), data)
}

// FindMap is the map that cfg.Map names: one of the title's shelf by name
// ("" for the default), else the original map file at that path.
func (t Title) FindMap(cfg game.Config) (*Map, error) {
	read := func(path string) (*Map, error) { return LoadMapFile(cfg, path) }
	return game.FindMap(t.Shelf, cfg, read, errors.New("aibg5: no map given, and the title has no maps of its own (levels/aibg5.Shelf): give a map file's path"))
}

// Maps lists the maps of the title's shelf, the default first.
func (t Title) Maps() []game.MapInfo {
	if t.Shelf == nil {
		return nil
	}
	return t.Shelf.Maps()
}
