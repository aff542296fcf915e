// Package aibg5 holds Arena's own maps for AIBG 5.0, in the original map
// file format (so the original server can load them too), and the loader
// that finds a map by name or reads a user's original map file by path.
// Linking it in makes game/aibg5 find maps by name and gives it its default
// map.
package aibg5

import (
	"embed"
	"fmt"
	"os"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aibg5"
)

// Default is the map of a game that names none.
const Default = "arena"

// The maps, one file each.
//
//go:embed maps/*.txt
var files embed.FS

func init() {
	aibg5.SetMapLoader(Load)
	for _, name := range Names() {
		game.RegisterMaps("aibg5", game.MapInfo{Name: name, About: About[name]})
	}
}

// About describes Arena's maps, by name.
var About = map[string]string{
	"arena":      "an open arena: a few asteroid pillars, black holes at the pattern rings, one wormhole across",
	"maze":       "an asteroid maze: two broken rings of asteroids whose gaps never line up",
	"blackholes": "a black-hole field: holes strewn over the pattern zone, asteroids for cover",
	"wormholes":  "a wormhole network: shortcuts from every spawn towards the boss, and across",
	"fortress":   "a fortress: an asteroid wall around the boss's direct zone, with six gates",
}

// Names lists Arena's maps, the default first.
func Names() []string {
	out := []string{Default}
	entries, _ := files.ReadDir("maps")
	for _, e := range entries {
		if name := strings.TrimSuffix(e.Name(), ".txt"); name != Default {
			out = append(out, name)
		}
	}
	sort.Strings(out[1:])
	return out
}

var cache sync.Map // name -> *aibg5.Map

// Load is the map nameOrPath names: one of Arena's maps by name (with or
// without ".txt", any case; "" is the default), else the original map file
// at that path, read by the strict loader.
func Load(nameOrPath string) (*aibg5.Map, error) {
	name := strings.TrimSuffix(strings.ToLower(nameOrPath), ".txt")
	if name == "" {
		name = Default
	}
	if m, ok := cache.Load(name); ok {
		return m.(*aibg5.Map), nil
	}
	if data, err := files.ReadFile(path.Join("maps", name+".txt")); err == nil && !strings.ContainsAny(name, `/\`) {
		m, err := aibg5.ParseMap(name, data)
		if err != nil {
			return nil, err
		}
		cache.Store(name, m)
		return m, nil
	}
	if _, err := os.Stat(nameOrPath); err != nil {
		return nil, fmt.Errorf("aibg5: no map %q: expected one of %s, or the path of an original map file", nameOrPath, strings.Join(Names(), ", "))
	}
	return aibg5.LoadMapFile(nameOrPath)
}
