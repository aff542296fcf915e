// Package aibg5 holds Arena's own maps for AIBG 5.0, in the original map
// file format (so the original server can load them too), on a shelf that
// finds a map by name or reads a user's original map file by path. A title
// made with it (aibg5.Title{Shelf: Shelf}) finds maps by name and has its
// default map.
package aibg5

import (
	"embed"

	"github.com/arena-games/arena/game/aibg5"
	"github.com/arena-games/arena/levels"
)

// Default is the map of a game that names none.
const Default = "arena"

// The maps, one file each.
//
//go:embed maps/*.txt
var files embed.FS

// About describes Arena's maps, by name.
var About = map[string]string{
	"arena":      "an open arena: a few asteroid pillars, black holes at the pattern rings, one wormhole across",
	"maze":       "an asteroid maze: two broken rings of asteroids whose gaps never line up",
	"blackholes": "a black-hole field: holes strewn over the pattern zone, asteroids for cover",
	"wormholes":  "a wormhole network: shortcuts from every spawn towards the boss, and across",
	"fortress":   "a fortress: an asteroid wall around the boss's direct zone, with six gates",
}

// Shelf holds Arena's maps: one by name (with or without ".txt", any
// case; "" is the default), else the original map file at a path, read by
// the strict loader.
var Shelf = &levels.Shelf[aibg5.Map]{
	Title: "aibg5", Files: files, Dir: "maps", Ext: ".txt", Default: Default, About: About,
	Parse: aibg5.ParseMap, Expected: "the path of an original map file",
}

// Names lists Arena's maps, the default first.
func Names() []string { return Shelf.Names() }
