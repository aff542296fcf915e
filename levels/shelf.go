// Package levels is what the games' collections of maps share: a Shelf of
// map files embedded in the binary, found by name, and the user's own files
// read by path.
package levels

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/arena-games/arena/game"
)

// Shelf is one game's embedded maps of type M, one file each in Dir: the
// game.Shelf that the game's title is made with.
type Shelf[M any] struct {
	Title    string            // the game's ID, for errors: "aibg5"
	Files    fs.FS             // holds Dir
	Dir      string            // the folder of the map files in Files
	Ext      string            // the map files' extension: ".json"
	Default  string            // the map of a game that names none
	About    map[string]string // a line on each map, by name
	Parse    func(name string, data []byte) (*M, error)
	Expected string // what a path should name: "the path of a map.json"

	cache sync.Map // name -> *M
}

var _ game.Shelf[struct{}] = (*Shelf[struct{}])(nil)

// Maps lists the shelf's maps, the default first, with their lines.
func (s *Shelf[M]) Maps() []game.MapInfo {
	var out []game.MapInfo
	for _, name := range s.Names() {
		out = append(out, game.MapInfo{Name: name, About: s.About[name]})
	}
	return out
}

// Find is the map that cfg.Map names (Load).
func (s *Shelf[M]) Find(cfg game.Config, readFile func(path string) (*M, error)) (*M, error) {
	return s.Load(cfg.Map, readFile)
}

// Names lists the shelf's maps, the default first, then by name.
func (s *Shelf[M]) Names() []string {
	out := []string{s.Default}
	entries, _ := fs.ReadDir(s.Files, s.Dir)
	for _, e := range entries {
		if name := strings.TrimSuffix(e.Name(), s.Ext); name != s.Default {
			out = append(out, name)
		}
	}
	sort.Strings(out[1:])
	return out
}

// Load is the map nameOrPath names: one of the shelf's by name (with or
// without the extension, any case; "" is the default), else the user's map
// file at that path, read by readFile.
func (s *Shelf[M]) Load(nameOrPath string, readFile func(path string) (*M, error)) (*M, error) {
	name := strings.TrimSuffix(strings.ToLower(nameOrPath), s.Ext)
	if name == "" {
		name = s.Default
	}
	if m, ok := s.cache.Load(name); ok {
		return m.(*M), nil
	}
	if !strings.ContainsAny(name, `/\`) {
		if data, err := fs.ReadFile(s.Files, path.Join(s.Dir, name+s.Ext)); err == nil {
			m, err := s.Parse(name, data)
			if err != nil {
				return nil, err
			}
			s.cache.Store(name, m)
			return m, nil
		}
	}
	m, err := readFile(nameOrPath)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: no map %q: expected one of %s, or %s", s.Title, nameOrPath, strings.Join(s.Names(), ", "), s.Expected)
	}
	return m, err
}
