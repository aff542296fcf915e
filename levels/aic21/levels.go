// Package aic21 holds Arena's own maps for AIC21, in the official map.json
// format (so the original server can load them too), and the loader that
// finds a map by name or reads a user's map.json by path. Linking it in
// makes game/aic21 find maps by name and gives it its default map.
package aic21

import (
	"embed"
	"fmt"
	"os"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aic21"
)

// Default is the map of a game that names none.
const Default = "meadow"

// The maps, one file each.
//
//go:embed maps/*.json
var files embed.FS

func init() {
	aic21.SetMapLoader(Load)
	for _, name := range Names() {
		game.RegisterMaps("aic21", game.MapInfo{Name: name, About: About[name]})
	}
}

// About describes Arena's maps, by name.
var About = map[string]string{
	"meadow":   "24x24, open ground: bread close to home, grass a little farther, rich fields and late harvests in the middle",
	"canyons":  "30x20, long rock ridges make corridors; the way to the enemy runs through their gaps",
	"crossing": "32x16, a wide strip: across the middle, or around the edge that wraps",
	"expanse":  "35x35, the largest map the rules allow: rocks, swamps and traps strewn wide, long trips",
	"marsh":    "28x28, swamps everywhere and traps at the rich fields: the short way is seldom the fast one",
}

// Names lists Arena's maps, the default first.
func Names() []string {
	out := []string{Default}
	entries, _ := files.ReadDir("maps")
	for _, e := range entries {
		if name := strings.TrimSuffix(e.Name(), ".json"); name != Default {
			out = append(out, name)
		}
	}
	sort.Strings(out[1:])
	return out
}

var cache sync.Map // name -> *aic21.Map

// Load is the map nameOrPath names: one of Arena's maps by name (with or
// without ".json", any case; "" is the default), else the map.json at that
// path.
func Load(nameOrPath string) (*aic21.Map, error) {
	name := strings.TrimSuffix(strings.ToLower(nameOrPath), ".json")
	if name == "" {
		name = Default
	}
	if m, ok := cache.Load(name); ok {
		return m.(*aic21.Map), nil
	}
	if data, err := files.ReadFile(path.Join("maps", name+".json")); err == nil && !strings.ContainsAny(name, `/\`) {
		m, err := aic21.ReadMap(name, data)
		if err != nil {
			return nil, err
		}
		cache.Store(name, m)
		return m, nil
	}
	if _, err := os.Stat(nameOrPath); err != nil {
		return nil, fmt.Errorf("aic21: no map %q: expected one of %s, or the path of a map.json", nameOrPath, strings.Join(Names(), ", "))
	}
	return aic21.LoadMapFile(nameOrPath)
}
