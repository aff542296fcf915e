package aic21

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
)

// Inspect takes the pointer's position (render.Inspector).
func (v *View) Inspect(x, y float64, on bool) { v.look.Set(x, y, on, v.board) }

// drawLook lights the cell under the pointer.
func (v *View) drawLook(s *aic21.State) {
	if !v.look.On || v.in.active {
		return
	}
	c := v.cellAt(s, v.look.X, v.look.Y)
	v.rect(float64(c.X*unit), float64(c.Y*unit), unit, unit, render.Fade(white, 0.14))
}

// maxCardUnits is how many of a cell's units the card lists by name.
const maxCardUnits = 6

// cardLines describes the cell under the pointer as the shown team view
// sees it: the ground, a base and its health, the resource, and each unit
// with its id, health, load and swamp; nil for plain unseen or empty ground.
func (v *View) cardLines(s *aic21.State, mode int) []render.CardLine {
	cell := v.cellAt(s, v.look.X, v.look.Y)
	i := s.At(cell)
	unseen := mode > 0 && v.hidden(mode, -1, cell)
	lines := []render.CardLine{{Text: lang.F("cell %d, %d", cell.X, cell.Y), Color: render.InkDim}}
	switch k := s.Kinds[i]; {
	case k == aic21.Base:
		for c, col := range s.Colonies {
			if col.Base == cell && s.Hidden(c) {
				lines = append(lines, render.CardLine{Text: lang.F("base of colony %d · health unknown", c+1), Color: teamColors[c]})
			} else if col.Base == cell {
				lines = append(lines, render.CardLine{Text: lang.F("base of colony %d · health %d", c+1, col.BaseHealth), Color: teamColors[c]})
			}
		}
	case k != aic21.Empty:
		lines = append(lines, render.CardLine{Text: lang.T(k.String()), Color: render.Ink})
	}
	if unseen {
		return append(lines, render.CardLine{Text: lang.T("not seen by this colony"), Color: render.InkFaint})
	}
	if s.ResType[i] != aic21.NoRes && s.ResAmount[i] > 0 {
		lines = append(lines, render.CardLine{Text: lang.F("%d "+s.ResType[i].String(), s.ResAmount[i]), Color: render.Ink})
	}
	n := 0
	for _, u := range s.Units {
		if u.Cell() != cell {
			continue
		}
		if n++; n > maxCardUnits {
			continue
		}
		lines = append(lines, render.CardLine{Text: unitLine(s, &u), Color: teamColors[u.Colony]})
	}
	if n > maxCardUnits {
		lines = append(lines, render.CardLine{Text: lang.F("and %d more", n-maxCardUnits), Color: render.InkDim})
	}
	if len(lines) == 1 {
		return nil
	}
	return lines
}

// unitLine is one unit on the card: "worker 12 · 8/10 · 3 bread".
func unitLine(s *aic21.State, u *aic21.Unit) string {
	kind, full := "worker", s.FullHealth.Worker
	if u.Soldier {
		kind, full = "scorpion", s.FullHealth.Soldier
	}
	if u.ID >= aic21.SeenEnemyID {
		return lang.F("a "+kind+" of colony %d · health unknown", u.Colony+1)
	}
	line := lang.F(kind+" %d · %d/%d", u.ID, u.Health, full)
	switch {
	case u.Carry != aic21.NoRes && u.Amount > 0:
		line += " · " + lang.F("%d "+u.Carry.String(), u.Amount)
	case u.Carry != aic21.NoRes:
		line += " · " + lang.T("carries "+u.Carry.String())
	}
	if u.Stuck > 0 {
		line += " · " + lang.F("swamp %d", u.Stuck)
	}
	return line
}

// drawCard draws the card about the cell under the pointer beside it,
// inside the board.
func (v *View) drawCard(dst *ebiten.Image, s *aic21.State, mode int) {
	if !v.look.On || v.in.active {
		return
	}
	lines := v.cardLines(s, mode)
	if lines == nil {
		return
	}
	render.Card(dst, v.board, v.look.X, v.look.Y, v.scale, lines)
}
