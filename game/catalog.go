package game

import (
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
)

// A Catalog is what a program plays: its titles, each made with what it
// needs (its maps and levels), and the seats it can hold that live outside
// its process: the connectors of programs and remote players, and the
// contests' original protocols. internal/titles makes Arena's.
type Catalog struct {
	Titles     []Title
	Connectors []Connector
	Contests   []Contest
}

// catalog is the installed catalogue.
var catalog atomic.Pointer[Catalog]

// Install makes c the catalogue this process finds things in: a title by
// its ID (Lookup, and a replay or a stream by its header's title), the
// importers of the titles' original formats (Open), and the seat kinds of
// the connectors and contests (ParseSeats, Setup). A program installs its
// catalogue once, at the start of main; a test binary, in its TestMain.
func Install(c Catalog) { catalog.Store(&c) }

// installed is the installed catalogue: an empty one before Install.
func installed() *Catalog {
	if c := catalog.Load(); c != nil {
		return c
	}
	return &Catalog{}
}

// Lookup finds an installed title by its ID.
func Lookup(id string) (Title, error) {
	c := installed()
	for _, t := range c.Titles {
		if t.ID() == id {
			return t, nil
		}
	}
	if len(c.Titles) == 0 {
		return nil, fmt.Errorf("unknown game %q: this program knows no games (its main installs them: game.Install)", id)
	}
	return nil, fmt.Errorf("unknown game %q (known: %v)", id, titleIDs(c.Titles))
}

// Titles lists the installed titles by ID.
func Titles() []Title {
	out := slices.Clone(installed().Titles)
	slices.SortFunc(out, func(a, b Title) int { return strings.Compare(a.ID(), b.ID()) })
	return out
}

func titleIDs(list []Title) []string {
	ids := make([]string, 0, len(list))
	for _, t := range list {
		ids = append(ids, t.ID())
	}
	slices.Sort(ids)
	return ids
}

// MapInfo is one of a title's own maps or levels, for set-up screens.
type MapInfo struct {
	Name  string // what Config.Map takes
	About string // one line for people
}

// A Mapped title has maps or levels of its own, which Config.Map names.
type Mapped interface {
	// Maps lists them, the default first.
	Maps() []MapInfo
}

// Maps lists title t's own maps, the default first: none when it has
// none.
func Maps(t Title) []MapInfo {
	if m, ok := t.(Mapped); ok {
		return m.Maps()
	}
	return nil
}

// A Shelf holds a title's own maps or levels of type M: its levels/
// package makes it, and the title is made with it.
type Shelf[M any] interface {
	// Find is the map of a game's config: one of the shelf's by the name
	// cfg.Map ("" is the default), else the user's file at the path
	// cfg.Map, read by readFile.
	Find(cfg Config, readFile func(path string) (*M, error)) (*M, error)
	// Maps lists the shelf's maps, the default first.
	Maps() []MapInfo
}

// FindMap is the map of a game's config: found on shelf, or, for a title
// made without one, the user's file at the path cfg.Map, read by readFile;
// noMap is the error when there is neither.
func FindMap[M any](shelf Shelf[M], cfg Config, readFile func(path string) (*M, error), noMap error) (*M, error) {
	switch {
	case shelf != nil:
		return shelf.Find(cfg, readFile)
	case cfg.Map == "":
		return nil, noMap
	}
	return readFile(cfg.Map)
}
