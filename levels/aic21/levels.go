// Package aic21 holds Arena's own maps for AIC21, in the official map.json
// format (so the original server can load them too), on a shelf that finds
// a map by name or reads a user's map.json by path. A title made with it
// (aic21.Title{Shelf: Shelf}) finds maps by name and has its default map.
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

// Shelf holds Arena's maps: one by name (with or without ".json", any
// case; "" is the default), else the map.json at a path.
var Shelf = &levels.Shelf[aic21.Map]{
	Title: "aic21", Files: files, Dir: "maps", Ext: ".json", Default: Default, About: About,
	Parse: aic21.ReadMap, Expected: "the path of a map.json",
}

// Names lists Arena's maps, the default first.
func Names() []string { return Shelf.Names() }
