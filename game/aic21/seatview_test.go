package aic21

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/gametest"
)

func TestTeamViewErrors(t *testing.T) {
	t.Parallel()
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
	_, lines, _ := gametest.SeatStreams(f, Arena, game.Config{Seed: 1, Map: "meadow", Options: map[string]string{OptTurns: "4"}}, players, -1, nil)
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
	t.Parallel()
	players := gametest.Bots(t, Title{}, []string{"colony", "forager"}, func(s int) *game.Rand { return game.NewRand(7, uint64(s)+1) })
	cfg := game.Config{Seed: 7, Map: "meadow", Options: map[string]string{OptTurns: "40"}}
	frames, _, followers := gametest.SeatStreams(t, Arena, cfg, players, -1, nil)
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
