package alienwarz

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/arena-games/arena/game"
)

// Level is where the deposits of a game are: its cells of minerals
// ("cheap") and diamonds ("expensive"), already closed under the transpose
// (R22) and sorted.
type Level struct {
	Name     string
	About    string // a line for people; Arena's own levels have one
	Minerals []Cell
	Diamonds []Cell
}

// levelJSON is one level of levels.json (§5.2), pairs [X, Z].
type levelJSON struct {
	Cheap     [][]int `json:"cheap"`
	Expensive [][]int `json:"expensive"`
}

// ParseLevels reads a levels.json (§5.2): {"levels":[{"cheap":[[X,Z],...],
// "expensive":[...]},...]}, UTF-8 with or without a BOM, or one level object
// as the original map generator exports it. Each pair places deposits on
// (X,Z) and (Z,X) (R22). The levels are named "NAME #i".
func ParseLevels(name string, data []byte) ([]Level, error) {
	if err := LevelsLimit.Check(name, data); err != nil {
		return nil, err
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var file struct {
		Levels    []levelJSON `json:"levels"`
		Cheap     [][]int     `json:"cheap"`
		Expensive [][]int     `json:"expensive"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		return nil, fmt.Errorf("levels %s: not a levels.json: %w", name, err)
	}
	raw := file.Levels
	if raw == nil {
		if file.Cheap == nil && file.Expensive == nil {
			return nil, fmt.Errorf("levels %s: want {\"levels\":[...]} or one level {\"cheap\":[...],\"expensive\":[...]}", name)
		}
		raw = []levelJSON{{Cheap: file.Cheap, Expensive: file.Expensive}}
	}
	if len(raw) == 0 {
		return nil, fmt.Errorf("levels %s: the file has no levels", name)
	}
	if len(raw) > MaxLevels {
		return nil, fmt.Errorf("levels %s: %d levels; a levels file holds 1 to %d", name, len(raw), MaxLevels)
	}
	out := make([]Level, len(raw))
	for i, l := range raw {
		lvl, err := newLevel(fmt.Sprintf("%s #%d", name, i), l)
		if err != nil {
			return nil, fmt.Errorf("levels %s: level %d: %w", name, i, err)
		}
		out[i] = lvl
	}
	return out, nil
}

// newLevel checks one level and closes it under the transpose.
func newLevel(name string, l levelJSON) (Level, error) {
	kinds := map[Cell]Kind{}
	if n := len(l.Cheap) + len(l.Expensive); n > 2*Size*Size {
		return Level{}, fmt.Errorf("%d deposits on a board of %d cells", n, Size*Size)
	}
	for k, pairs := range [2][][]int{l.Cheap, l.Expensive} {
		kind := Kind(k)
		for _, p := range pairs {
			if len(p) != 2 {
				return Level{}, fmt.Errorf("%v: a cell is a pair [X, Z]", p)
			}
			c := Cell{p[0], p[1]}
			for _, d := range []Cell{c, c.Transpose()} {
				switch {
				case !d.On():
					return Level{}, fmt.Errorf("%s is off the board", d)
				case d == Base(1) || d == Base(2):
					return Level{}, fmt.Errorf("%s is a base", d)
				}
				if was, ok := kinds[d]; ok && was != kind {
					return Level{}, fmt.Errorf("%s is both a mineral and a diamond", d)
				}
				kinds[d] = kind
			}
		}
	}
	if len(kinds) == 0 {
		return Level{}, errors.New("the level has no deposits")
	}
	lvl := Level{Name: name}
	for c, k := range kinds {
		if k == Mineral {
			lvl.Minerals = append(lvl.Minerals, c)
		} else {
			lvl.Diamonds = append(lvl.Diamonds, c)
		}
	}
	byCell := func(cs []Cell) func(i, j int) bool {
		return func(i, j int) bool { return cs[i].index() < cs[j].index() }
	}
	sort.Slice(lvl.Minerals, byCell(lvl.Minerals))
	sort.Slice(lvl.Diamonds, byCell(lvl.Diamonds))
	return lvl, nil
}

// MaxLevels is the most levels a levels.json may hold (the original's has 6).
const MaxLevels = 10_000

// LevelsLimit bounds a levels.json: MaxLevels levels of 10x10 cells.
var LevelsLimit = game.Limit{What: "an AlienWarz levels.json", Max: 8 << 20}

// LoadLevels reads the levels.json at path, as a game with cfg reads it
// (game.Config.ReadFile).
func LoadLevels(cfg game.Config, path string) ([]Level, error) {
	data, err := cfg.ReadFile(path, LevelsLimit)
	if err != nil {
		return nil, fmt.Errorf("read levels: %w", err)
	}
	return ParseLevels(filepath.Base(path), data)
}

// RandomLevel is the map name of a level drawn with the seed, as a game
// that names none has.
const RandomLevel = "random"

// Maps lists the maps a game may name: RandomLevel, the default, then the
// title's levels.
func (t Title) Maps() []game.MapInfo {
	if len(t.Levels) == 0 {
		return nil
	}
	out := []game.MapInfo{{Name: RandomLevel, About: "one of the levels below, drawn with the seed"}}
	for _, l := range t.Levels {
		out = append(out, game.MapInfo{Name: l.Name, About: l.About})
	}
	return out
}

// ChooseLevel is the level of a game and its index in its set:
//   - cfg.Map is the name of one of the title's levels, or the path of a
//     levels.json (as the option levels is; give the file once), or
//     RandomLevel;
//   - the option level is an index from 0 into the set, or a level's name;
//   - the set is the levels file, else the title's levels;
//   - when no level is named, it is drawn from the set with the seed (R21).
func (t Title) ChooseLevel(cfg game.Config) (Level, int, error) {
	set, from := t.Levels, "Arena's levels"
	pick := cfg.Options[OptLevel]
	path := cfg.Options[OptLevels]
	if m := cfg.Map; m != "" && m != RandomLevel {
		if i := levelIndex(set, m); i >= 0 {
			if pick != "" && levelIndex(set, pick) != i {
				return Level{}, 0, fmt.Errorf("alienwarz: the map %q and the level %q disagree", m, pick)
			}
			pick = m
		} else if path == "" || path == m {
			path = m
		} else {
			return Level{}, 0, fmt.Errorf("alienwarz: two levels files, %q (map) and %q (levels): give one", m, path)
		}
	}
	if path != "" {
		lvls, err := LoadLevels(cfg, path)
		if err != nil {
			if errors.Is(err, os.ErrNotExist) && cfg.Map == path {
				return Level{}, 0, fmt.Errorf("alienwarz: no level %q: want one of %s, or a levels.json path", path, strings.Join(levelNames(t.Levels), ", "))
			}
			return Level{}, 0, fmt.Errorf("alienwarz: %w", err)
		}
		set, from = lvls, path
	}
	if len(set) == 0 {
		return Level{}, 0, errors.New("alienwarz: no levels: give a levels.json (--levels FILE) or make the title with Arena's levels (levels/alienwarz.Levels)")
	}
	if pick == "" {
		i := game.NewRand(cfg.Seed, 0).IntN(len(set))
		return set[i], i, nil
	}
	i := levelIndex(set, pick)
	if i < 0 {
		return Level{}, 0, fmt.Errorf("alienwarz: level %q: %s has levels 0..%d%s", pick, from, len(set)-1, nameList(set))
	}
	return set[i], i, nil
}

// levelIndex finds a level by its index ("4") or its name (any case); -1
// when there is none.
func levelIndex(set []Level, s string) int {
	if n, err := strconv.Atoi(s); err == nil {
		if n >= 0 && n < len(set) {
			return n
		}
		return -1
	}
	for i, l := range set {
		if strings.EqualFold(l.Name, s) {
			return i
		}
	}
	return -1
}

func levelNames(set []Level) []string {
	names := make([]string, len(set))
	for i, l := range set {
		names[i] = l.Name
	}
	return names
}

func nameList(set []Level) string {
	if len(set) == 0 || strings.Contains(set[0].Name, "#") {
		return ""
	}
	return " (" + strings.Join(levelNames(set), ", ") + ")"
}
