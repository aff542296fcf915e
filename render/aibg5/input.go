package aibg5

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aibg5"
	"github.com/arena-games/arena/game/hex"
	"github.com/arena-games/arena/render"
)

// entry is what a person at the controls can do this turn.
type entry struct {
	active  bool
	turn    int
	moves   map[hex.Hex]string
	attacks map[hex.Hex]string
	targets []hex.Hex // the attack targets in the order Tab cycles them
	aim     int       // the target Tab chose, -1 for none
	hover   hex.Hex
	onMap   bool
}

func (e *entry) reset() {
	*e = entry{aim: -1}
}

// The actions of the board's keys: a step in one of the hex directions E,
// SE, SW, W, NW, NE (0 to 5), the next target, the attack on it.
const (
	actNextTarget = 6 + iota
	actAttack
)

// bindings are the board's mouse and keys.
var bindings = []render.Binding{
	{Names: "Click", About: "a green cell to move there, a red target to attack it (the beam shows where it stops)"},
	{Keys: []ebiten.Key{ebiten.KeyW}, Act: 4, While: render.Moving, Names: "W E A D Z X", About: "move north-west, north-east, west, east, south-west, south-east"},
	{Keys: []ebiten.Key{ebiten.KeyE}, Act: 5, While: render.Moving},
	{Keys: []ebiten.Key{ebiten.KeyA}, Act: 3, While: render.Moving},
	{Keys: []ebiten.Key{ebiten.KeyD}, Act: 0, While: render.Moving},
	{Keys: []ebiten.Key{ebiten.KeyZ}, Act: 2, While: render.Moving},
	{Keys: []ebiten.Key{ebiten.KeyX}, Act: 1, While: render.Moving},
	{Keys: []ebiten.Key{ebiten.KeyTab}, Act: actNextTarget, While: render.Moving, Names: "Tab · Enter", About: "cycle the targets in range · attack the chosen one"},
	{Keys: []ebiten.Key{ebiten.KeyEnter, ebiten.KeyNumpadEnter}, Act: actAttack, While: render.Moving},
	{Names: "Wheel · drag", About: "zoom about the pointer · pan; F fits the whole map"},
	{Names: "Point at a hex", About: "a card: the ship there (health, level, XP, score), what the hex holds, the boss's next pattern"},
}

// Bindings are the board's mouse and keys (render.Controlled).
func (v *View) Bindings() []render.Binding { return bindings }

// Reset drops a chosen target.
func (v *View) Reset() bool {
	had := v.in.aim >= 0
	v.in.aim = -1
	return had
}

// Input turns a click on a lit cell, a direction key, or Tab and Enter into
// an action of the player to move.
func (v *View) Input(f game.Frame, _ game.Seat, p render.Pointer) (string, bool) {
	s := state(f)
	if s == nil || s.ToMove == 0 {
		return "", false
	}
	if !v.in.active || v.in.turn != s.Turn {
		v.prepare(s)
	}
	me := s.Player(s.ToMove)
	wx, wy := v.cam.ToWorld(p.X, p.Y)
	h := worldLayout.At(wx, wy)
	v.in.hover, v.in.onMap = h, aibg5.OnMap(h)
	if p.Cancel {
		v.in.aim = -1
	}
	if len(v.in.moves) == 0 && len(v.in.attacks) == 0 {
		// Trapped, or boxed in: any action passes the turn (§4.5).
		if p.Click || p.AnyKey {
			return aibg5.Move(me.Pos), true
		}
		return "", false
	}
	for _, act := range p.Acts {
		switch act {
		case actNextTarget:
			if len(v.in.targets) > 0 {
				v.in.aim = (v.in.aim + 1) % len(v.in.targets)
			}
		case actAttack:
			if v.in.aim >= 0 {
				return v.in.attacks[v.in.targets[v.in.aim]], true
			}
		default:
			if mv, ok := v.in.moves[me.Pos.Neighbour(act)]; ok {
				return mv, true
			}
		}
	}
	if p.Click && v.in.onMap {
		if mv, ok := v.in.moves[h]; ok {
			return mv, true
		}
		if at, ok := v.in.attacks[h]; ok {
			return at, true
		}
	}
	return "", false
}

// prepare lists the legal actions of the player to move.
func (v *View) prepare(s *aibg5.State) {
	v.in.reset()
	v.in.active, v.in.turn = true, s.Turn
	v.in.moves, v.in.attacks = map[hex.Hex]string{}, map[hex.Hex]string{}
	for _, a := range s.Legal(s.ToMove) {
		act, err := aibg5.ParseAction(a)
		if err != nil {
			continue
		}
		if act.Attack {
			v.in.attacks[act.Target] = a
			v.in.targets = append(v.in.targets, act.Target)
		} else {
			v.in.moves[act.Target] = a
		}
	}
}

// drawOptions lights a person's options: the cells they can move to, the
// targets in range, and for the target under the pointer (or chosen with
// Tab) the beam that would fire, ending where it would stop.
func (v *View) drawOptions(b *render.Batch, g *ebiten.GeoM, s *aibg5.State, m *render.Moment) {
	in := &v.in
	if !m.Hint || !in.active || in.turn != s.Turn || m.T < 1 || s.ToMove == 0 {
		return
	}
	sh := v.sheet
	pulse := 0.6 + 0.4*math.Sin(m.Clock*5)
	for h := range in.moves {
		x, y := center(h)
		b.Add(sh.HexFill, v.at(sh.HexFill, x, y, 0.9, 0), render.Fade(moveGlow, 0.16*pulse+0.08))
		b.Add(sh.HexRim, v.at(sh.HexRim, x, y, 1, 0), render.Fade(moveGlow, pulse))
	}
	for h := range in.attacks {
		x, y := center(h)
		b.Add(sh.HexRim, v.at(sh.HexRim, x, y, 0.9, 0), render.Fade(aimGlow, 0.5+0.3*pulse))
	}
	me := s.Player(s.ToMove)
	target, aiming := hex.Hex{}, false
	if in.aim >= 0 {
		target, aiming = in.targets[in.aim], true
	} else if _, ok := in.attacks[in.hover]; ok && in.onMap {
		target, aiming = in.hover, true
	}
	if aiming {
		fx, fy := center(me.Pos)
		stop := s.AttackStop(me.Pos, target)
		sx, sy := center(stop)
		v.beam(b, g, fx, fy, sx, sy, 6, render.Fade(aimGlow, 0.6))
		b.Add(sh.HexFill, v.at(sh.HexFill, sx, sy, 0.9, 0), render.Fade(aimGlow, 0.35))
		b.Add(sh.Spark, v.at(sh.Spark, sx, sy, 1.2, m.Clock*2), white)
	}
	if _, ok := in.moves[in.hover]; ok && in.onMap {
		x, y := center(in.hover)
		fx, fy := center(me.Pos)
		b.Add(sh.Ship, v.at(sh.Ship, x, y, shipScale, math.Atan2(y-fy, x-fx)), render.Fade(team(me.Idx-1), 0.45))
	}
}
