// Package aic21 holds Arena's own maps for AIC21, in the official map.json
// format (so the original server can load them too), and the loader that
// finds a map by name or reads a user's map.json by path. Linking it in
// makes game/aic21 find maps by name and gives it its default map.
package aic21

import (
	"embed"

	"github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/levels"
)

// Default is the map of a game that names none.
const Default = "meadow"

// The maps, one file each.
//
//go:embed maps/*.json
var files embed.FS

// About describes Arena's maps, by name.
var About = map[string]string{
	"meadow":   "24x24, open ground: bread close to home, grass a little farther, rich fields and late harvests in the middle",
	"canyons":  "30x20, long rock ridges make corridors; the way to the enemy runs through their gaps",
	"crossing": "32x16, a wide strip: across the middle, or around the edge that wraps",
	"expanse":  "35x35, the largest map the rules allow: rocks, swamps and traps strewn wide, long trips",
	"marsh":    "28x28, swamps everywhere and traps at the rich fields: the short way is seldom the fast one",
}

// shelf finds the maps.
var shelf = &levels.Shelf[aic21.Map]{
	Title: "aic21", Files: files, Dir: "maps", Ext: ".json", Default: Default, About: About,
	Parse: aic21.ReadMap, Expected: "the path of a map.json",
}

func init() {
	aic21.SetMapLoader(Load)
	shelf.Register()
}

// Names lists Arena's maps, the default first.
func Names() []string { return shelf.Names() }

// Load is the map nameOrPath names: one of Arena's maps by name (with or
// without ".json", any case; "" is the default), else the map.json at that
// path.
func Load(nameOrPath string, readFile func(path string) (*aic21.Map, error)) (*aic21.Map, error) {
	return shelf.Load(nameOrPath, readFile)
}
