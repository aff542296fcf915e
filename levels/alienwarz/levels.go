// Package alienwarz holds Arena's own AlienWarz levels, in the original
// levels.json format (so the original game can load them too), embedded.
// A title made with them (alienwarz.Title{Levels: Levels()}) draws from
// them when a game names no levels file, and lets a game name one of them
// (--map canyon).
package alienwarz

import (
	_ "embed"
	"fmt"

	"github.com/arena-games/arena/game/alienwarz"
)

// The levels, in the original format: {"levels":[{"cheap":...,
// "expensive":...},...]}, both halves of each transpose pair listed.
//
//go:embed levels.json
var file []byte

// Names are the levels' names, in the file's order.
var Names = []string{"crossroads", "orchards", "canyon", "fields", "outposts"}

// About describes each level, by name.
var About = map[string]string{
	"crossroads": "a 2x2 diamond heart in the middle, four mineral arms around it, a mineral on each far corner",
	"orchards":   "small mineral groves spread evenly over the field, diamonds only in the two far corners",
	"canyon":     "a broken wall of minerals from base to base; each side hides a diamond and its own minerals",
	"fields":     "diamonds everywhere, few minerals: a bigger backpack and refining pay here",
	"outposts":   "rich outposts in the middle, far from both bases: long trips, where a refinery next to the deposits pays",
}

// Levels are Arena's levels, named and described.
func Levels() []alienwarz.Level {
	lvls, err := alienwarz.ParseLevels("levels.json", file)
	if err != nil || len(lvls) != len(Names) {
		panic(fmt.Sprintf("levels/alienwarz: the embedded levels.json does not match its names: %v", err))
	}
	for i := range lvls {
		lvls[i].Name, lvls[i].About = Names[i], About[Names[i]]
	}
	return lvls
}
