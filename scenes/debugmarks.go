package scenes

import (
	"image"
	"image/color"
	"math/bits"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
)

// debugMarks is what the viewer shows of what the bots drew for their
// turns (game.Mark): on the map, the marks of the seats not hidden; in the
// side panel, a button per seat that shows or hides them, and their log
// lines.
type debugMarks struct {
	// hidden are the seats whose marks are hidden, a bit each.
	hidden uint8
	// has are the seats that drew marks in the frames read so far, a bit
	// each; read is how many frames were read.
	has  uint8
	read int
	// shown are the marks the board draws this moment, reused.
	shown []render.SeatMarks
	// notes are the notes of the turn whose marks show, by seat, of the
	// seats in noted (a bit each); at is the frame they are of (-1: none).
	notes [8]game.Notes
	noted uint8
	at    int
	// cut is the line that says a seat's marks were cut, by the frame and
	// the seat.
	cut render.Cache[cutKey, string]
	// chips are the seats' buttons in the side panel, drawn last.
	chips [8]image.Rectangle
}

// cutKey is a seat's notes in a frame, for the line that says their marks
// were cut.
type cutKey struct {
	frame int
	seat  game.Seat
	cut   int
}

// marksRead is how many frames a tick reads for the seats that drew.
const marksRead = 256

// The most log lines the side panel shows for a turn, shared between the
// seats shown (two each at least).
const maxLogLines = 6

// marksMoment works out the marks of the moment: those of the turn being
// decided at the position shown, what each bot drew while it chose its
// move from there (the next step's notes), and while that move plays out,
// still its. Seats hidden, or whose thoughts the sight may not know, draw
// none.
func (v *Viewer) marksMoment(m *render.Moment) {
	d := &v.dm
	tl := v.rec.Timeline
	for n, stop := tl.Len(), d.read+marksRead; d.read < n && d.read < stop; d.read++ {
		for s, note := range tl.Frame(d.read).Notes {
			if len(note.Marks) > 0 || note.Cut > 0 {
				d.has |= 1 << (s & 7)
			}
		}
	}
	d.shown, d.noted, d.at = d.shown[:0], 0, -1
	m.Marks = nil
	if d.has == 0 {
		return
	}
	var f game.Frame
	var ok bool
	if _, cur, _ := v.clock.Step(); !v.clock.Settled() {
		f, ok, d.at = tl.Frame(cur), true, cur
	} else if f, ok = tl.Next(v.clock.Cursor); ok {
		d.at = v.clock.Cursor + 1
	}
	if !ok {
		return
	}
	as := v.sight()
	for s := game.Seat(0); int(s) < min(8, v.rec.Title.Seats()); s++ {
		note, ok := f.Notes[s]
		if !ok || !game.Knows(as, s) {
			continue
		}
		d.notes[s], d.noted = note, d.noted|1<<s
		if len(note.Marks) > 0 && d.hidden&(1<<s) == 0 {
			d.shown = append(d.shown, render.SeatMarks{Seat: s, Color: v.seatColor(s), Marks: note.Marks})
		}
	}
	m.Marks = d.shown
}

// marksInput handles the key that cycles whose marks show (all seats,
// each seat alone, none) and the seats' buttons in the side panel.
func (v *Viewer) marksInput(a *App) {
	d := &v.dm
	seats := min(8, v.rec.Title.Seats())
	all := uint8(1<<seats - 1)
	if a.In.Just(ActDebugMarks) {
		switch shown := all &^ d.hidden; {
		case shown == all:
			d.hidden = all &^ 1
		case shown != 0 && shown&(shown-1) == 0 && shown < 1<<(seats-1):
			d.hidden = all &^ (shown << 1)
		case shown == 0:
			d.hidden = 0
		default:
			d.hidden = all
		}
		a.Toast("%s", v.marksState(all))
	}
	if !a.In.UI.Pressed || v.mapFirst {
		return
	}
	for s := 0; s < seats; s++ {
		if d.has&(1<<s) != 0 && a.In.UI.Over(d.chips[s]) {
			d.hidden ^= 1 << s
		}
	}
}

// marksState says whose debug marks show, for the toast of the key.
func (v *Viewer) marksState(all uint8) string {
	switch shown := all &^ v.dm.hidden; {
	case shown == all:
		return lang.T("Debug marks: every player's")
	case shown == 0:
		return lang.T("Debug marks: hidden")
	case shown&(shown-1) == 0:
		s := game.Seat(0)
		for shown>>s != 1 {
			s++
		}
		return lang.F("Debug marks: %s's only", v.playerName(s, false))
	}
	return lang.T("Debug marks: some players'")
}

// drawMarksPanel draws, in the side panel at y, the seats' buttons that
// show or hide their marks and the log lines of the turn whose marks show,
// when the game has marks; it returns where the panel goes on.
func (v *Viewer) drawMarksPanel(dst *ebiten.Image, a *App, x, y, w float64) float64 {
	d := &v.dm
	d.chips = [8]image.Rectangle{}
	if d.has == 0 {
		return y
	}
	s := a.Scale
	y += 8 * s
	render.FitText(dst, lang.T("DEBUG MARKS · M"), render.Bold, 12*s, x, y+5*s, 106*s, render.InkFaint, render.Left)
	cx := x + 112*s
	chipW := min(52*s, (w-112*s)/float64(bits.OnesCount8(d.has))-6*s)
	for seat := game.Seat(0); int(seat) < min(8, v.rec.Title.Seats()); seat++ {
		if d.has&(1<<seat) == 0 {
			continue
		}
		r := rectXYWH(cx, y, chipW, 24*s)
		d.chips[seat] = r
		on := d.hidden&(1<<seat) == 0
		ink, fill := render.Ink, render.Raised
		if !on {
			ink, fill = render.InkFaint, render.Fade(render.Raised, 0.35)
		}
		if a.In.UI.Over(r) {
			fill = render.Hover
		}
		render.Panel(dst, r, 12*s, fill)
		glyph := v.seatColor(seat)
		if !on {
			glyph = render.Fade(glyph, 0.4)
		}
		drawSeatMark(dst, seat, cx+14*s, y+12*s, 12*s, glyph)
		render.Text(dst, playerTags[seat&7], render.Bold, 13*s, cx+24*s, y+4*s, ink, render.Left)
		cx += chipW + 6*s
	}
	y += 30 * s
	// The log lines and the cuts of the seats shown, the room shared
	// between them.
	shown := d.noted &^ d.hidden
	per := max(2, maxLogLines/max(1, bits.OnesCount8(shown)))
	for seat := game.Seat(0); seat < 8; seat++ {
		n := &d.notes[seat]
		if shown&(1<<seat) == 0 {
			continue
		}
		if n.Cut > 0 {
			cut := d.cut.Of(cutKey{d.at, seat, n.Cut}, func(cutKey) string {
				return lang.F("%d marks cut: %s", n.Cut, n.CutWhy)
			})
			v.logLine(dst, seat, cut, render.Bad, x, y, w, s)
			y += 18 * s
		}
		lines := 0
		for i := range n.Marks {
			if n.Marks[i].Kind != "log" {
				continue
			}
			if lines == per {
				render.Text(dst, "…", render.Bold, 13*s, x+16*s, y-4*s, render.InkFaint, render.Left)
				y += 14 * s
				break
			}
			v.logLine(dst, seat, n.Marks[i].Text, render.InkDim, x, y, w, s)
			y += 18 * s
			lines++
		}
	}
	return y
}

// logLine draws a line of seat's log at y, after the seat's mark.
func (v *Viewer) logLine(dst *ebiten.Image, seat game.Seat, text string, ink color.NRGBA, x, y, w, s float64) {
	v.seatGlyph(dst, seat, x+4*s, y+8*s, 10*s)
	render.FitText(dst, text, render.Mono, 13*s, x+16*s, y, w-16*s, ink, render.Left)
}

// playerTags are the seats' short names on their buttons.
var playerTags = [8]string{"P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8"}
