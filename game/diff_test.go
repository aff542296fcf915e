package game

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// raceGame plays moves (one a step, the seats in turn) on a race of the
// header's config.
func raceGame(t *testing.T, h Header, moves ...string) *Recording {
	t.Helper()
	rec, eng, err := Play(race{}, h, nil)
	require.NoError(t, err)
	for i, m := range moves {
		require.NoError(t, Advance(rec, eng, map[Seat]string{Seat(i % 2): m}, nil))
	}
	return rec
}

func TestCompareFindsTheFirstDifferingTurn(t *testing.T) {
	h := Header{Config: Config{Seed: 3, Seats: 2, Options: map[string]string{"target": "20"}}}
	a := raceGame(t, h, "1", "2", "3", "1", "2", "3")
	b := raceGame(t, h, "1", "2", "3", "2", "2", "3")
	d, err := Compare("a", a, "b", b)
	require.NoError(t, err)
	require.Equal(t, `{"first_turn":4,"seat":2,"seats":[2],"a":"1","b":"2","turns_a":6,"turns_b":6}`, d.JSON())
	require.False(t, d.Same())

	d, err = Compare("a", a, "a again", raceGame(t, h, "1", "2", "3", "1", "2", "3"))
	require.NoError(t, err)
	require.True(t, d.Same())
	require.Equal(t, `{"first_turn":null,"seat":null,"seats":[],"a":null,"b":null,"turns_a":6,"turns_b":6}`, d.JSON())
}

// A game that is the other's start (it ended, or its recording stops,
// earlier) differs at the turn after its end, where its move is null.
func TestCompareAGameThatStopsEarlier(t *testing.T) {
	h := Header{Config: Config{Seats: 2}}
	long := raceGame(t, h, "1", "2", "3", "1")
	short := raceGame(t, h, "1", "2")
	d, err := Compare("short", short, "long", long)
	require.NoError(t, err)
	require.Equal(t, `{"first_turn":3,"seat":1,"seats":[1],"a":null,"b":"3","turns_a":2,"turns_b":4}`, d.JSON())
	d, err = Compare("long", long, "short", short)
	require.NoError(t, err)
	require.Equal(t, `{"first_turn":3,"seat":1,"seats":[1],"a":"3","b":null,"turns_a":4,"turns_b":2}`, d.JSON())
}

// In a game of simultaneous moves, every seat whose move differs is named.
func TestCompareNamesEverySeatThatDiffers(t *testing.T) {
	d, err := Compare("a", moved(map[Seat]string{0: "x", 1: "y"}), "b", moved(map[Seat]string{0: "z", 1: "w"}))
	require.NoError(t, err)
	require.Equal(t, `{"first_turn":1,"seat":1,"seats":[1,2],"a":"x","b":"z","turns_a":1,"turns_b":1}`, d.JSON())
	d, err = Compare("a", moved(map[Seat]string{0: "x", 1: "y"}), "b", moved(map[Seat]string{0: "x"}))
	require.NoError(t, err)
	require.Equal(t, `{"first_turn":1,"seat":2,"seats":[2],"a":"y","b":null,"turns_a":1,"turns_b":1}`, d.JSON(), "a seat that gave no move")
}

// moved is a recording of a race of one step, recorded as moves.
func moved(moves map[Seat]string) *Recording {
	tl := NewTimeline(Frame{}, false)
	tl.Append(Frame{Turn: 1, Moves: moves})
	return &Recording{Title: race{}, Header: Header{Config: Config{Seats: 2}}, Timeline: tl}
}

func TestCompareRefusesOtherGames(t *testing.T) {
	h := Header{Config: Config{Seed: 3, Seats: 2, Options: map[string]string{"target": "20"}}}
	a := raceGame(t, h, "1", "2")
	for _, c := range []struct {
		change func(c *Config)
		want   string
	}{
		{func(c *Config) { c.Seed = 4 }, "cannot compare a.arena and b.arena: not the same game: the seed is 3 in a.arena, 4 in b.arena"},
		{func(c *Config) { c.Options = map[string]string{"target": "30"} }, `the option target is "20" in a.arena, "30" in b.arena`},
		{func(c *Config) { c.Options = nil }, `the option target is "20" in a.arena, not set in b.arena`},
		{func(c *Config) { c.Map = "race.txt"; c.Files = map[string]File{"race.txt": NewFile([]byte("20"))} }, `the map is the default in a.arena, "race.txt" in b.arena`},
	} {
		hb := h
		hb.Config.Options = map[string]string{"target": "20"}
		c.change(&hb.Config)
		b := raceGame(t, hb, "1", "2")
		_, err := Compare("a.arena", a, "b.arena", b)
		require.ErrorContains(t, err, c.want)
	}
	imported := moved(nil)
	imported.Source = "a log of states"
	_, err := Compare("a", moved(map[Seat]string{0: "1"}), "log.json", imported)
	require.EqualError(t, err, "cannot compare a and log.json: log.json (a log of states) records the states of its turns, not the moves: there are no moves to compare")
}

func TestCompareRefusesAnotherTitle(t *testing.T) {
	a := raceGame(t, Header{Config: Config{Seats: 2}}, "1")
	b := &Recording{Title: relay{}, Header: a.Header, Timeline: a.Timeline}
	_, err := Compare("a", a, "b", b)
	require.EqualError(t, err, "cannot compare a and b: not the same game: the game is Race in a, "+relay{}.Name()+" in b")
}
