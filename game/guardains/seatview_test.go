package guardains

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/gametest"
)

// A seat's stream holds its views only: the game it rebuilds shows the
// seat's guardians as they are and the enemies only where the seat sees
// them, and its bot plays from the stream as from the engine.
func TestSeatStreamsShowWhatEachSeatSees(t *testing.T) {
	players := gametest.Bots(t, Title{}, []string{"hunter", "explorer"}, nil)
	cfg := game.Config{Seed: 4, Map: "maze:24x16"}
	frames, lines, followers := gametest.SeatStreams(t, Title{}, cfg, players, 150, nil)
	for s, f := range followers {
		seat := s + 1
		require.NotContains(t, string(lines[s][0]), `"seed"`)
		require.NotContains(t, string(lines[s][0]), "maze:24x16", "the header does not name the map")
		tl := f.Recording().Timeline
		require.Equal(t, len(frames), tl.Len())
		enemiesSeen := 0
		for turn, full := range frames {
			truth := full.State.(*State)
			got := tl.Frame(turn).State.(*State)
			require.Equal(t, seat, got.Observer)
			for h, g := range got.Guardians[s] {
				want := truth.Guardians[s][h]
				require.Equal(t, [4]any{want.Pos, want.Health, want.Alive, want.Cooldown}, [4]any{g.Pos, g.Health, g.Alive, g.Cooldown}, "turn %d: the seat's own guardians", turn)
			}
			for h, g := range got.Guardians[2-seat] {
				if g.Pos == Nowhere {
					continue
				}
				enemiesSeen++
				require.Equal(t, truth.Guardians[2-seat][h].Pos, g.Pos, "turn %d: an enemy where it is", turn)
				require.True(t, truth.Visible[s].Has(g.Pos), "turn %d: an enemy the seat sees", turn)
			}
			if got.Stone != Nowhere {
				require.True(t, truth.Visible[s].Has(got.Stone), "turn %d: the stone where the seat sees it", turn)
			}
		}
		require.Positive(t, enemiesSeen, "the seats meet")
		obs, _ := json.Marshal(f.Observe())
		want, _ := json.Marshal(frames[len(frames)-1].State.(*State).Observe(seat))
		require.JSONEq(t, string(want), string(obs), "the stream's last observation is the engine's")
	}
}

func TestSeatViewErrors(t *testing.T) {
	v, err := Title{}.NewSeatView(0, nil)
	require.NoError(t, err)
	for _, c := range []struct{ view, want string }{
		{`{"w":0,"h":5,"view":{}}`, "a 0x5 board"},
		{`{"w":5000,"h":5,"view":{}}`, "a 5000x5 board"},
		{`{"w":5,"h":5,"view":{}}`, "want movegen"},
		{`[1]`, "guardains view"},
	} {
		_, err := v.Frame([]byte(c.view), "", nil)
		require.ErrorContains(t, err, c.want, c.view)
	}
	_, err = Title{}.NewSeatView(2, nil)
	require.ErrorContains(t, err, "seat 3 of 2")
	_, err = Title{}.NewSeatView(0, map[string]string{"swap_xy": "maybe"})
	require.Error(t, err)
}

func FuzzSeatView(f *testing.F) {
	players := gametest.Bots(f, Title{}, []string{"hunter", "explorer"}, nil)
	_, lines, _ := gametest.SeatStreams(f, Title{}, game.Config{Seed: 2, Map: "maze:10x8"}, players, 3, nil)
	for _, v := range gametest.SeatViews(f, lines[0]) {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, view []byte) {
		v, _ := Title{}.NewSeatView(0, nil)
		for range 2 {
			if _, err := v.Frame(view, "", nil); err != nil {
				return
			}
		}
	})
}
