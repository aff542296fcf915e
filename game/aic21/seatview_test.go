package aic21

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/gametest"
)

// viewsJSON writes views as the wire does, by unit id, for comparing.
func viewsJSON(v Views) string {
	ids := make([]int, 0, len(v))
	for id := range v {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var b strings.Builder
	for _, id := range ids {
		fmt.Fprintf(&b, "%d %s", id, v[id].JSON())
		if in := v[id].Init; in != nil {
			fmt.Fprintf(&b, " init %+v", *in)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// A colony's stream holds what its units see: the views rebuilt from it
// are the engine's, byte for byte; the game it draws has the colony's own
// units as they are and the other colony's only where they are seen.
func TestSeatStreamsRebuildTheUnitsViews(t *testing.T) {
	players := gametest.Bots(t, Title{}, []string{"colony", "forager"}, func(s int) *game.Rand { return game.NewRand(5, uint64(s)+1) })
	cfg := game.Config{Seed: 5, Map: ownMap("meadow"), Options: map[string]string{OptTurns: "160"}}
	checked := 0
	frames, lines, followers := gametest.SeatStreams(t, Title{}, cfg, players, -1, func(eng game.Engine, fs []*game.SeatFollower) {
		for s, f := range fs {
			want := viewsJSON(eng.Observe(game.Seat(s)).(Views))
			require.Equal(t, want, viewsJSON(f.Observe().(Views)), "seat %d, turn %d", s+1, f.Turn())
			checked++
		}
	})
	require.Positive(t, checked)
	for s, f := range followers {
		require.NotContains(t, string(lines[s][0]), `"seed"`)
		tl := f.Recording().Timeline
		require.Equal(t, len(frames), tl.Len())
		require.True(t, tl.Last().Over)
		seenEnemies := 0
		for turn, full := range frames {
			truth := full.State.(*State)
			got := tl.Frame(turn).State.(*State)
			require.Equal(t, s+1, got.Observer)
			var own, theirs []Unit
			for _, u := range got.Units {
				if u.Colony == s {
					own = append(own, u)
				} else {
					theirs = append(theirs, u)
				}
			}
			var ownTruth []Unit
			for _, u := range truth.Units {
				if u.Colony == s {
					u.Arrival = 0
					ownTruth = append(ownTruth, u)
				}
			}
			require.Equal(t, ownTruth, own, "turn %d: the colony's own units", turn)
			for _, e := range theirs {
				seenEnemies++
				require.GreaterOrEqual(t, e.ID, SeenEnemyID)
				require.True(t, slices.ContainsFunc(truth.Units, func(u Unit) bool { return u.Colony != s && u.Cell() == e.Cell() && u.Soldier == e.Soldier }),
					"turn %d: an enemy %v where there is one", turn, e.Cell())
			}
			require.Equal(t, truth.Colonies[s].BaseHealth, got.Colonies[s].BaseHealth)
			require.Equal(t, -1, got.Colonies[1-s].BaseHealth, "the other base's health is not known")
		}
		require.Positive(t, seenEnemies, "the colonies meet")
	}
}

// No byte of a colony's stream tells where the other colony's units are
// when none of the colony's units sees them (nor a hit of theirs).
func TestSeatStreamsHideTheOtherColony(t *testing.T) {
	players := gametest.Bots(t, Title{}, []string{"colony", "colony"}, func(s int) *game.Rand { return game.NewRand(9, uint64(s)+1) })
	cfg := game.Config{Seed: 9, Map: ownMap("crossing"), Options: map[string]string{OptTurns: "120"}}
	frames, lines, _ := gametest.SeatStreams(t, Title{}, cfg, players, -1, nil)
	hidden := 0
	for s := range 2 {
		for turn, full := range frames {
			truth := full.State.(*State)
			var step game.SeatStep
			require.NoError(t, json.Unmarshal(lines[s][turn+1], &step))
			require.Equal(t, turn, step.Step)
			var tv teamView
			require.NoError(t, json.Unmarshal(step.View, &tv))
			sees := map[int]bool{}
			for _, c := range tv.Cells {
				sees[c.At] = true
			}
			for _, h := range tv.Hits { // a hit seen tells where it came from (§3)
				sees[truth.At(h.From)], sees[truth.At(h.To)] = true, true
			}
			for _, u := range truth.Units {
				at := truth.At(u.Cell())
				if u.Colony == s || sees[at] {
					continue
				}
				hidden++
				require.False(t, bytes.Contains(lines[s][turn+1], []byte(fmt.Sprintf(`"at":%d,`, at))), "turn %d: the hidden cell %v", turn, u.Cell())
				require.False(t, bytes.Contains(lines[s][turn+1], []byte(fmt.Sprintf(`"X":%d,"Y":%d`, u.X, u.Y))) && !ownAt(truth, s, u.Cell()),
					"turn %d: the hidden unit %d at %v", turn, u.ID, u.Cell())
			}
		}
	}
	require.Positive(t, hidden, "units out of sight")
}

func ownAt(s *State, c int, at Cell) bool {
	return slices.ContainsFunc(s.Units, func(u Unit) bool { return u.Colony == c && u.Cell() == at })
}

func TestTeamViewErrors(t *testing.T) {
	for _, c := range []struct{ view, want string }{
		{`{"w":0,"h":5}`, "a 0x5 map"},
		{`{"w":5000,"h":5000}`, "a 5000x5000 map"},
		{`{"w":5,"h":5,"colony":1}`, "the view of colony 2, expected 1"},
		{`{"w":5,"h":5,"own":{"Base":{"X":9,"Y":0}}}`, "base (9,0) off the map"},
		{`{"w":5,"h":5,"cells":[{"at":30}]}`, "cell 30: out of the map"},
		{`{"w":5,"h":5,"cells":[{"at":3},{"at":2}]}`, "cell 2: out of the map or out of order"},
		{`{"w":5,"h":5,"cells":[{"at":3,"res":7}]}`, "cell 3: kind 0, resource 7"},
		{`{"w":5,"h":5,"cells":[{"at":3,"ants":[{"Team":2}]}]}`, "an ant of team 2"},
		{`{"w":5,"h":5,"units":[{"ID":3,"Colony":1}]}`, "unit 3 of colony 2"},
		{`{"w":5,"h":5,"units":[{"ID":3,"X":7}]}`, "unit 3: at (7,0)"},
		{`{"w":5,"h":5,"hits":[{"from":{"X":-1,"Y":0}}]}`, "a hit (-1,0)"},
		{`{"w":5,"h":5,"init":{"ViewDistance":1000}}`, "view distance 1000"},
		{`{"w":5,"h":5,"message_length":-1}`, "message length -1"},
	} {
		v, err := Title{}.NewSeatView(0, nil)
		require.NoError(t, err)
		_, err = v.Frame([]byte(c.view), "", nil)
		require.ErrorContains(t, err, c.want, c.view)
	}
}

func FuzzTeamView(f *testing.F) {
	players := gametest.Bots(f, Title{}, []string{"forager", "forager"}, nil)
	_, lines, _ := gametest.SeatStreams(f, Title{}, game.Config{Seed: 1, Map: ownMap("meadow"), Options: map[string]string{OptTurns: "4"}}, players, -1, nil)
	for _, v := range gametest.SeatViews(f, lines[0]) {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, view []byte) {
		v, _ := Title{}.NewSeatView(0, nil)
		for range 2 {
			if _, err := v.Frame(view, "", nil); err != nil {
				return
			}
			v.Observe()
		}
	})
}

// A colony's state knows the cells its units' views showed, now (Sight)
// and ever (Seen), the view distance and the message length, and no more.
func TestSeatStreamsKnowTheCellsSeen(t *testing.T) {
	players := gametest.Bots(t, Title{}, []string{"colony", "forager"}, func(s int) *game.Rand { return game.NewRand(7, uint64(s)+1) })
	cfg := game.Config{Seed: 7, Map: ownMap("meadow"), Options: map[string]string{OptTurns: "40"}}
	frames, _, followers := gametest.SeatStreams(t, Title{}, cfg, players, -1, nil)
	for s, f := range followers {
		tl := f.Recording().Timeline
		var before *State
		for turn, full := range frames {
			truth, got := full.State.(*State), tl.Frame(turn).State.(*State)
			require.Equal(t, truth.View, got.View)
			require.Equal(t, truth.MessageLength, got.MessageLength)
			require.Len(t, got.Seen, truth.W*truth.H)
			for i := range got.Seen {
				c := truth.CellOf(i)
				if got.Sight[i] {
					require.True(t, got.Seen[i], "turn %d: %s in sight and not seen", turn, c)
					require.True(t, truth.Sees(s, c), "turn %d: %s in sight, beyond every unit's view", turn, c)
					require.Equal(t, truth.Kinds[i], got.Kinds[i], "turn %d: %s as it is", turn, c)
				}
				require.Equal(t, got.Sight[i], got.Sees(s, c))
				require.False(t, got.Sees(1-s, c), "the other colony sees nothing in this colony's state")
				if before != nil && before.Seen[i] {
					require.True(t, got.Seen[i], "turn %d: %s forgotten", turn, c)
				}
				if !got.Seen[i] {
					require.Equal(t, Empty, got.Kinds[i], "turn %d: %s never seen, and not Empty", turn, c)
					require.Equal(t, NoRes, got.ResType[i])
				}
			}
			before = got
		}
		require.Greater(t, slices.Index(before.Seen, false), -1, "a colony does not see the whole map in 40 turns")
	}
}
