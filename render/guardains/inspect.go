package guardains

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/guardains"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
)

// Inspect takes the pointer's position (render.Inspector).
func (v *View) Inspect(x, y float64, on bool) { v.look.Set(x, y, on, v.area) }

// pointedCell is the cell under the pointer, and whether it is in the maze.
func (v *View) pointedCell(s *guardains.State) (guardains.Cell, bool) {
	wx, wy := v.cam.ToWorld(v.look.X, v.look.Y)
	c := guardains.Cell{X: int(math.Floor(wx / unit)), Y: int(math.Floor(wy / unit))}
	return c, s.Maze.In(c)
}

// cardLines describes the cell under the pointer as the fog mode shows it:
// a base, a special cell the seat has seen, the stone where it is seen, and
// each guardian there with its health, the rounds until its special and
// the stone it carries; nil for a plain cell with nobody on it.
func (v *View) cardLines(s *guardains.State, mode int) []render.CardLine {
	cell, ok := v.pointedCell(s)
	if !ok {
		return nil
	}
	lines := []render.CardLine{{Text: lang.F("cell %d, %d", cell.X, cell.Y), Color: render.InkDim}}
	for i, b := range s.Bases {
		if b == cell {
			lines = append(lines, render.CardLine{Text: lang.F("%s's base", game.Say("player %d", i+1)), Color: teamColors[i]})
		}
	}
	if k, ok := s.Kinds[cell]; ok && seen(s, mode, cell) {
		lines = append(lines, render.CardLine{Text: lang.T(kindLine(k, s.Enemy[cell])), Color: render.Ink})
	}
	if s.Carrier() == nil && s.Stone == cell && visible(s, mode, cell) {
		lines = append(lines, render.CardLine{Text: lang.T("the power stone"), Color: stoneGlow})
	}
	for seat := range s.Guardians {
		for i := range s.Guardians[seat] {
			g := &s.Guardians[seat][i]
			if !g.Alive || g.Pos != cell || g.Seat != mode && !visible(s, mode, cell) {
				continue
			}
			lines = append(lines, render.CardLine{Text: guardianLine(g, s.Round), Color: teamColors[seat]})
		}
	}
	if mode != godView && !visible(s, mode, cell) {
		lines = append(lines, render.CardLine{Text: lang.F("not in player %d's sight now", mode), Color: render.InkFaint})
	}
	if len(lines) == 1 || len(lines) == 2 && mode != godView && !visible(s, mode, cell) {
		return nil
	}
	return lines
}

// kindLine names a special cell for people.
func kindLine(k guardains.Kind, enemy bool) string {
	switch k {
	case guardains.Teleporter:
		return "teleporter"
	case guardains.HealPoint:
		return "heal point"
	case guardains.Clue:
		if enemy {
			return "clue: where the enemy is"
		}
		return "clue: where the stone is"
	case guardains.Beast:
		if enemy {
			return "beast: tells where the enemy is"
		}
		return "beast: tells where the stone is"
	}
	return k.String()
}

// guardianLine is one guardian on the card: "Gamora · 80/100 · special in
// 3 · carries the stone".
func guardianLine(g *guardains.Guardian, round int) string {
	line := lang.F("%s · %d/%d", g.Hero.String(), g.Health, g.MaxHealth)
	if g.Cooldown > round {
		line += " · " + lang.F("special in %d", g.Cooldown-round)
	}
	if g.Carrying {
		line += " · " + lang.T("carries the stone")
	}
	return line
}

// drawLook lights the cell under the pointer.
func (v *View) drawLook(s *guardains.State) {
	if !v.look.On || v.in.active {
		return
	}
	if c, ok := v.pointedCell(s); ok {
		v.rect(float64(c.X*unit), float64(c.Y*unit), unit, unit, render.Fade(white, 0.14))
	}
}

// drawCard draws the card about the cell under the pointer beside it,
// inside the view's area.
func (v *View) drawCard(dst *ebiten.Image, s *guardains.State, mode int) {
	if !v.look.On || v.in.active {
		return
	}
	lines := v.cardLines(s, mode)
	if lines == nil {
		return
	}
	render.Card(dst, v.area, v.look.X, v.look.Y, v.scale, lines)
}
