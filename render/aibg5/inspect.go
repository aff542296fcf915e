package aibg5

import (
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game/aibg5"
	"github.com/arena-games/arena/game/hex"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
)

// Inspect takes the pointer's position (render.Inspector).
func (v *View) Inspect(x, y float64, on bool) { v.look.Set(x, y, on, v.area) }

// pointedHex is the hex under the pointer, and whether it is on the map.
func (v *View) pointedHex() (hex.Hex, bool) {
	h := worldLayout.At(v.cam.ToWorld(v.look.X, v.look.Y))
	return h, aibg5.OnMap(h)
}

// cardLines describes the hex under the pointer: its zone, what it holds
// (an asteroid's health, a wormhole's other end), the ship on it with its
// health, level, experience and score, and the boss's next pattern when it
// hits there; nil off the map.
func (v *View) cardLines(s *aibg5.State) []render.CardLine {
	h, ok := v.pointedHex()
	if !ok {
		return nil
	}
	lines := []render.CardLine{{Text: lang.F("hex %d, %d · %s", h.Q, h.R, lang.T(zoneNames[aibg5.Zone(h)])), Color: render.InkDim}}
	t, _ := s.TileAt(h)
	if line := tileLine(s, h, t); line != "" {
		lines = append(lines, render.CardLine{Text: line, Color: render.Ink})
	}
	if idx, ok := s.PlayerAt(h); ok {
		p := s.Player(idx)
		lines = append(lines,
			render.CardLine{Text: lang.F("Player %d", idx) + " · " + p.Name, Color: team(idx - 1)},
			render.CardLine{Text: lang.F("health %d/%d · level %d · XP %d/%d", p.Health, p.MaxHealth, p.Level, p.XP, aibg5.XPPerLevel), Color: render.Ink},
			render.CardLine{Text: lang.F("score %d · kills %d · deaths %d", p.Score, p.Kills, p.Deaths), Color: render.Ink})
		if p.Trapped {
			lines = append(lines, render.CardLine{Text: lang.F("in a black hole for %d more turns", p.TrapDuration), Color: render.Bad})
		}
	}
	switch b := s.Boss; {
	case slices.Contains(b.Next, h):
		lines = append(lines, render.CardLine{Text: lang.F("the boss's pattern %d hits here next", b.Pattern), Color: render.Bad})
	case b.NextIn > 0 && slices.Contains(b.NextCells, h):
		lines = append(lines, render.CardLine{Text: lang.F("the boss's pattern %d hits here in %d boss turns", b.NextPattern, b.NextIn+1), Color: render.Bad})
	}
	return lines
}

// zoneNames name the zones of §1 for people.
var zoneNames = [4]string{"the boss", "zone 1: the boss's direct attack", "zone 2: the boss's patterns", "zone 3: safe"}

// tileLine names what a tile holds for people; "" for empty space.
func tileLine(s *aibg5.State, h hex.Hex, t aibg5.Tile) string {
	switch t.Kind {
	case aibg5.Blackhole:
		return lang.F("black hole: holds a ship for %d turns", aibg5.TrapTurns)
	case aibg5.Wormhole:
		for i, c := range s.Cells {
			if c != h && s.Tiles[i].Kind == aibg5.Wormhole && s.Tiles[i].Wormhole == t.Wormhole {
				return lang.F("wormhole %d: leads to %d, %d", t.Wormhole, c.Q, c.R)
			}
		}
		return lang.F("wormhole %d", t.Wormhole)
	case aibg5.Health:
		return lang.T("health pickup")
	case aibg5.Experience:
		return lang.T("experience pickup")
	case aibg5.Asteroid:
		return lang.F("asteroid · %d/%d", t.Asteroid, aibg5.AsteroidLife)
	case aibg5.Boss:
		return lang.T("the boss")
	}
	return ""
}

// drawCard draws the card about the hex under the pointer beside it, also
// while a person chooses a move: an enemy's health matters then most.
func (v *View) drawCard(dst *ebiten.Image, s *aibg5.State, m *render.Moment) {
	if !v.look.On {
		return
	}
	if lines := v.cardLines(s); len(lines) > 1 {
		render.Card(dst, v.area, v.look.X, v.look.Y, v.scale, lines)
	}
}
