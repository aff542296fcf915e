package scenes

import (
	"image"
	"image/color"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
)

// panelCache keeps what the side panel worked out, so that frames that
// show the same thing draw it without working it out again, and where its
// parts were drawn, for clicks.
type panelCache struct {
	clock     render.Memo[int]
	thought   render.Memo[int]
	status    string
	statusW   float64
	lines     []string
	rowLabels []string
	rowLang   lang.Tag // the language of rowLabels
	// moves are the move list's labels, by what they show.
	moves render.Cache[moveKey, moveLabel]
	// rows are the move list's rows drawn last: the frame each shows.
	rows     []moveRow
	chartR   image.Rectangle // the chart drawn last
	chartHdr image.Rectangle // its heading: a click shows the next quantity
	chart    chartPicture
	// chartName is the chart's heading, by the quantity's name.
	chartName render.Memo[string]
	standKey  standKey
	standOK   bool
	stand     game.Standings
	// standRows are the rows of a title that ranks nobody, reused.
	standRows []game.Standing
	// outNames are the names of players out of the game, by seat; named
	// are the game's lines with the players by their names, by the lines
	// as the game wrote them; seatIsName says which seats name their
	// players (see Viewer.seatIsName).
	seatNames  render.Cache[seatNameKey, string]
	named      render.Cache[string, string]
	said       render.Cache[saidKey, string]
	seatIsName render.Cache[string, bool]
}

// seatNameKey is a seat's player, by its name where it has one, as said
// in a language, out of the game or not.
type seatNameKey struct {
	lang lang.Tag
	seat game.Seat
	out  bool
	name string
}

// moveKey is a label of the move list: a seat's move in a column of
// width w among cols, or a step's summary (seat is -1) as sight knows it.
type moveKey struct {
	seat  game.Seat
	cols  int
	w     int
	move  string
	step  int
	sight game.Seat
	lang  lang.Tag
}

// moveLabel is a label of the move list as drawn: its text and size.
type moveLabel struct {
	text string
	size float64
}

// standKey is what the standings were worked out for: a frame's turn, a
// sight, the frame shown.
type standKey struct {
	turn   int
	sight  game.Seat
	cursor int
}

// moveRow is one row of the move list on screen.
type moveRow struct {
	frame int
	r     image.Rectangle
}

// playerNames are the seats as people call them, in English (a screen
// says game.Say("Player %d", n) in its language).
var playerNames = [8]string{"Player 1", "Player 2", "Player 3", "Player 4", "Player 5", "Player 6", "Player 7", "Player 8"}

// seatGlyph draws seat s's mark in its colour, centred at (x, y), about
// size pixels across: a disc, a square, a triangle, a diamond.
func (v *Viewer) seatGlyph(dst *ebiten.Image, s game.Seat, x, y, size float64) {
	drawSeatMark(dst, s, x, y, size, v.seatColor(s))
}

// drawSeatMark draws the mark of seat s in colour c, centred at (x, y).
func drawSeatMark(dst *ebiten.Image, s game.Seat, x, y, size float64, c color.NRGBA) {
	if s < 0 {
		render.Text(dst, "◊", render.Bold, size, x, y-size*0.65, render.InkDim, render.Center)
		return
	}
	render.SeatMark(dst, s, x, y, size, c)
}

// seatColor is the colour that marks seat s: the view's, or the safe
// palette's when people chose it.
func (v *Viewer) seatColor(s game.Seat) color.NRGBA {
	if render.SafePalette {
		return render.SafeColor(int(s))
	}
	return v.view.SeatColor(s)
}

// seatName is who played seat i in words: its kind ("alphabeta · 4"), or
// where the record came from when the seat names its player.
func (v *Viewer) seatName(i int) string {
	switch {
	case i >= len(v.rec.Header.Seats):
		return "?"
	case v.seatIsName(v.rec.Header.Seats[i]):
		return lang.T(v.rec.Source)
	}
	return seatLabel(v.rec.Header.Seats[i])
}

// seatIsName says whether a seat of the replay's header names its player
// rather than a kind of seat: an imported AIC21 log's seats are its teams'
// names ("templateA"), which the game's options hold too; "alphabeta:4"
// and an importer's "unknown" are no names.
func (v *Viewer) seatIsName(seat string) bool {
	return v.panel.seatIsName.Of(seat, func(seat string) bool { return seatIsName(v.rec, seat) })
}

// seatIsName is Viewer.seatIsName for rec, without the memory.
func seatIsName(rec *game.Recording, seat string) bool {
	for _, o := range rec.Header.Config.Options {
		if o == seat {
			_, err := game.ParseSeat(rec.Title, seat)
			return err != nil
		}
	}
	return false
}

// name is seat s's player's name where the replay knows one: the header's
// (a tournament's entrant, a team), or a seat that is one; else "".
func (v *Viewer) name(s game.Seat) string { return playerOf(v.rec, s, v.seatIsName) }

// playerOf is Viewer.name for rec; isName says whether a seat names its
// player (seatIsName).
func playerOf(rec *game.Recording, s game.Seat, isName func(string) bool) string {
	h := rec.Header
	switch {
	case s < 0 || int(s) >= len(h.Seats):
		return ""
	case int(s) < len(h.Players):
		if h.Players[s] != h.Seats[s] {
			return h.Players[s]
		}
	case isName(h.Seats[s]):
		return h.Seats[s]
	}
	return ""
}

// playerName is how people call seat s's player: by its name where the
// replay knows one, else "Player N"; out says that it is out of the game.
func (v *Viewer) playerName(s game.Seat, out bool) string {
	return v.panel.seatNames.Of(seatNameKey{lang.Current(), s, out, v.name(s)}, func(k seatNameKey) string {
		var seat any = game.Say("Player %d", int(k.seat)+1)
		if k.name != "" {
			seat = k.name
		}
		if k.out {
			return lang.F("%s · out", seat)
		}
		return lang.F("%s", seat)
	})
}

// named is a line of the game's with its players by their names where the
// replay knows them: "Player 3 kills player 1" becomes "Hiperparametri
// kills BotDiff", "P1 Gamora hits P2 Drax" becomes "templateA Gamora hits
// templateB Drax", "colony 2 wins" "templateB wins". The replay keeps the
// game's own words.
func (v *Viewer) named(text string) string {
	for s := range v.rec.Header.Seats {
		if v.name(game.Seat(s)) != "" {
			return v.panel.named.Of(text, func(text string) string {
				return nameSeats(text, func(n int) string { return v.name(game.Seat(n - 1)) })
			})
		}
	}
	return text
}

// saidKey is a line of the game's as said in a language.
type saidKey struct {
	lang    lang.Tag
	english string
}

// say is a line of the game's in the screens' language, with the players
// by their names where the replay knows them (see named).
func (v *Viewer) say(w game.Words) string {
	return v.panel.said.Of(saidKey{lang.Current(), w.String()}, func(saidKey) string {
		return sayNamed(w, func(n int) string { return v.name(game.Seat(n - 1)) })
	})
}

// sayNamed is line w of a game's in the screens' language, with each seat
// that name (from 1) names said by its name (see Viewer.say).
func sayNamed(w game.Words, name func(n int) string) string {
	format, args := namedArgs(w, name)
	return lang.F(format, args...)
}

// namedArgs is w's format and its arguments with each seat that has a name
// put as the name.
func namedArgs(w game.Words, name func(n int) string) (string, []any) {
	args := make([]any, len(w.Args))
	for i, a := range w.Args {
		args[i] = a
		arg, ok := a.(game.Words)
		if !ok {
			continue
		}
		if n, isSeat := seatWords(arg); isSeat {
			if s := name(n); s != "" {
				args[i] = s
				continue
			}
		}
		f, sub := namedArgs(arg, name)
		args[i] = game.Say(f, sub...)
	}
	return w.Format, args
}

// seatWords reports whether w names a seat, and its number (from 1).
func seatWords(w game.Words) (int, bool) {
	if len(w.Args) != 1 {
		return 0, false
	}
	n, ok := w.Args[0].(int)
	if !ok {
		return 0, false
	}
	switch w.Format {
	case "Player %d", "player %d", "P%d", "Colony %d", "colony %d":
		return n, true
	}
	return 0, false
}

// nameSeats puts name(N) for each word "Player N", "player N", "PN" or
// AIC21's "colony N" of text that has a name (not "").
func nameSeats(text string, name func(n int) string) string {
	var b strings.Builder
	for i := 0; i < len(text); {
		if n, end := seatAt(text, i); n > 0 && name(n) != "" {
			b.WriteString(name(n))
			i = end
			continue
		}
		b.WriteByte(text[i])
		i++
	}
	return b.String()
}

// seatAt reads the word "Player N", "player N", "PN", "Colony N" or
// "colony N" at text[i:]: N and where the word ends; 0 for none.
func seatAt(text string, i int) (n, end int) {
	if i > 0 && wordByte(text[i-1]) {
		return 0, i
	}
	for _, w := range [...]string{"Player ", "player ", "P", "Colony ", "colony "} {
		if !strings.HasPrefix(text[i:], w) {
			continue
		}
		from := i + len(w)
		end = from
		for end < len(text) && text[end] >= '0' && text[end] <= '9' {
			end++
		}
		if end == from || end < len(text) && wordByte(text[end]) {
			continue
		}
		n, _ = strconv.Atoi(text[from:end])
		return n, end
	}
	return 0, i
}

// wordByte says whether byte c is part of a word: a letter, a digit or _.
func wordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// seatLabel turns a seat spec into words: "alphabeta:4" -> "alphabeta · 4"
// (a bot's kind is its name, as --seats takes it, in every language), a
// person and an importer's "unknown" in the screens' language.
func seatLabel(spec string) string {
	switch spec {
	case "human":
		return lang.T("Human")
	case "unknown":
		return lang.T("unknown")
	}
	if name, ok := strings.CutSuffix(spec, " (recorded)"); ok { // GuardAIns's transcripts (game/guardains)
		return lang.F("%s (recorded)", name)
	}
	return strings.Replace(spec, ":", " · ", 1)
}

// standings are frame f's standings as the sight knows them, worked out
// once per frame and sight.
func (v *Viewer) standings(f game.Frame, as game.Seat) (game.Standings, bool) {
	r, ok := v.rec.Title.(game.Ranked)
	if !ok {
		return game.Standings{}, false
	}
	key := standKey{f.Turn, as, v.clock.Cursor}
	if !v.panel.standOK || v.panel.standKey != key {
		v.panel.standOK = true
		v.panel.standKey, v.panel.stand = key, r.Standings(f, as)
	}
	return v.panel.stand, true
}

// The side panel's measures at scale 1.
const (
	standRowH = 50
	moveRowH  = 24
	chartH    = 112
	chartMinH = 72
)

func (v *Viewer) drawSide(dst *ebiten.Image, a *App) {
	s := a.Scale
	r := v.side
	card(dst, a, r)
	x, y := float64(r.Min.X)+22*s, float64(r.Min.Y)+18*s
	w := float64(r.Dx()) - 44*s
	cur := v.rec.Timeline.Frame(v.clock.Cursor)
	as := v.sight()
	y = v.drawStandings(dst, a, cur, as, x, y, w)
	// Status.
	y += 4 * s
	render.FillRect(dst, x, y, w, 1*s, render.Fade(render.InkFaint, 0.5))
	y += 12 * s
	if status := v.status(v.boardFrame(v.clock.Cursor)); status != v.panel.status || v.panel.statusW != w {
		v.panel.lines, v.panel.status, v.panel.statusW = render.Wrap(status, render.Bold, 16*s, w), status, w
	}
	for _, l := range v.panel.lines[:min(len(v.panel.lines), 4)] {
		render.Text(dst, l, render.Bold, 16*s, px(x, w), y, render.Ink, leftAlign())
		y += 16 * s * 1.35
	}
	// A person's clock, when moves have a time limit.
	if h, _ := v.humanToMove(cur); h != nil {
		if due, ok := h.Deadline(); ok {
			left := max(0, time.Until(due).Seconds())
			y += 6 * s
			render.Panel(dst, rectXYWH(x, y, w, 8*s), 4*s, render.Raised)
			frac := min(1, left/v.limitOf(cur))
			ink := render.Good
			if left < 3 {
				ink = render.Bad
			}
			render.Panel(dst, rectXYWH(x, y, max(8*s, w*frac), 8*s), 4*s, ink)
			y += 14 * s
			label := v.panel.clock.Get(int(left*10)*8+langIndex(), func(t int) string { return lang.F("%.1f s left", float64(t/8)/10) })
			render.Text(dst, label, render.Bold, 14*s, px(x, w), y, ink, leftAlign())
			y += 20 * s
		}
	}
	// What the computer thought, as far as the sight may know it.
	if note := v.panel.thought.Get((v.clock.Cursor*16+int(as+2))*8+langIndex(), func(int) string { return thinking(cur, as, v.say) }); note != "" {
		y += 6 * s
		y = wrapText(dst, note, render.Regular, 14*s, x, y, w, render.InkDim)
	}
	y = v.drawMarksPanel(dst, a, x, y, w)
	// The chart, as high as it may be with two moves listed under it.
	v.panel.chartR = image.Rectangle{}
	if h := math.Min(chartH*s, float64(r.Max.Y)-y-(moveRowH*2+54)*s); v.hasChart() && h >= chartMinH*s {
		y += 8 * s
		y = v.drawChart(dst, a, x, y, w, h)
	}
	// The moves.
	y += 10 * s
	render.FillRect(dst, x, y, w, 1*s, render.Fade(render.InkFaint, 0.5))
	y += 10 * s
	render.FitText(dst, lang.T("MOVES · click one to go there"), render.Bold, 12*s, px(x, w), y, w, render.InkFaint, leftAlign())
	y += 22 * s
	v.drawMoves(dst, a, x, y, w, float64(r.Max.Y)-12*s)
}

// status is the view's line about frame f, the players by their names
// where the replay knows them; on the last frame of a record that stops
// before the game ends, that it does.
func (v *Viewer) status(f game.Frame) string {
	var text string
	if sv, ok := v.view.(render.StatusSayer); ok {
		text = v.say(sv.StatusWords(f))
	} else {
		text = v.named(lang.T(v.view.Status(f)))
	}
	if end, ok := v.unfinished(); ok && v.clock.Cursor == v.rec.Timeline.Len()-1 {
		text = end + " · " + text
	}
	return text
}

// unfinished says so when the record is complete (not live) but the game
// in it did not end: one state, or a log cut short.
func (v *Viewer) unfinished() (string, bool) {
	head, tail, ok := v.unfinishedParts()
	if !ok {
		return "", false
	}
	return head + ": " + tail, true
}

// unfinishedParts is unfinished in two parts, as the banner shows it: what
// the record is, and why.
func (v *Viewer) unfinishedParts() (head, tail string, ok bool) {
	tl := v.rec.Timeline
	if tl.Live() || tl.Last().Over {
		return "", "", false
	}
	if tl.Len() == 1 {
		return lang.T("A position, not a game"), lang.T("the record holds one state"), true
	}
	return lang.T("Unfinished"), lang.F("the record stops after turn %d", tl.Len()-1), true
}

// drawStandings draws the players: in the game's ranking order with its
// numbers when it ranks them, the column that decides the order marked.
func (v *Viewer) drawStandings(dst *ebiten.Image, a *App, cur game.Frame, as game.Seat, x, y, w float64) float64 {
	s := a.Scale
	var toMove [8]bool
	for _, st := range cur.ToMove {
		toMove[st&7] = true
	}
	st, ranked := v.standings(cur, as)
	rows := st.Rows
	if !ranked {
		rows = v.panel.standRows[:0]
		for i := 0; i < v.rec.Title.Seats(); i++ {
			rows = append(rows, game.Standing{Seat: game.Seat(i)})
		}
		v.panel.standRows = rows
	}
	cols := len(st.Heads)
	col := min(58*s, w*0.62/float64(max(1, cols)))
	rtl := lang.RTL()                   // right to left: the names on the right, the numbers at the left
	colX := func(i, cols int) float64 { // column i's right edge
		if rtl {
			return x + float64(cols-i)*col
		}
		return x + w - float64(cols-1-i)*col
	}
	if cols > 0 {
		crowded := false
		for _, h := range st.Heads {
			if tw, _ := render.Measure(lang.T(h), render.Bold, 10*s); tw > col-4*s {
				crowded = true
			}
		}
		for i, h := range st.Heads {
			cx := colX(i, cols)
			hy := y - 6*s
			if crowded && (cols-1-i)%2 == 1 {
				hy -= 11 * s
			}
			ink := render.InkFaint
			if i == st.Decides {
				ink = render.Accent
			}
			render.Text(dst, lang.T(h), render.Bold, 10*s, cx, hy, ink, render.Right)
		}
		y += 12 * s
	}
	nameW := w - 30*s - float64(cols)*col
	for i, row := range rows {
		seat := row.Seat
		rowR := rectXYWH(x-8*s, y-5*s, w+16*s, (standRowH-6)*s)
		switch {
		case cur.Over && cur.Result.Winner == seat.Number():
			render.Panel(dst, rowR, 10*s, render.Fade(render.Accent, 0.25))
		case toMove[seat&7] && !cur.Over:
			pulse := 0.5 + 0.5*sinTime(a.Clock*3)
			render.Panel(dst, rowR, 10*s, render.Fade(v.seatColor(seat), 0.16+0.1*pulse))
		}
		gx, tx, align := lineRow(x, w, 9*s, 26*s)
		v.seatGlyph(dst, seat, gx, y+17*s, 20*s)
		name := v.playerName(seat, row.Out)
		render.FitText(dst, name, render.Bold, 17*s, tx, y, nameW, render.Ink, align)
		render.FitText(dst, v.seatName(int(seat)), render.Regular, 14*s, tx, y+21*s, nameW, render.InkDim, align)
		for k, c := range row.Cells {
			cx := colX(k, len(row.Cells))
			ink := render.Ink
			if k == st.Decides && i == 0 {
				ink = render.Accent
			}
			render.FitText(dst, lang.Digits(lang.T(c)), render.Bold, 15*s, cx, y+10*s, col-4*s, ink, render.Right)
		}
		if !ranked {
			tag := ""
			switch {
			case cur.Over && cur.Result.Winner == seat.Number():
				tag = "WINNER"
			case toMove[seat&7] && !cur.Over:
				tag = "TO MOVE"
			}
			if rtl {
				render.Text(dst, lang.T(tag), render.Bold, 13*s, x, y+12*s, render.Accent, render.Left)
			} else {
				render.Text(dst, lang.T(tag), render.Bold, 13*s, x+w, y+12*s, render.Accent, render.Right)
			}
		}
		y += standRowH * s
	}
	return y
}

// limitOf is the time per move of the person to move in frame f, in
// seconds (1 when unknown, to keep the clock's bar finite).
func (v *Viewer) limitOf(f game.Frame) float64 {
	if v.match == nil {
		return v.serverLimit()
	}
	for _, s := range f.ToMove {
		if int(s) < len(v.match.Seats) && v.match.Seats[s].Limit > 0 {
			return v.match.Seats[s].Limit.Seconds()
		}
	}
	return 1
}

// moveLabel is a move as the move list shows it: the view's short form when
// it has one.
func (v *Viewer) moveLabel(seat game.Seat, move string) string {
	if l, ok := v.view.(render.MoveLabeler); ok {
		move = l.MoveLabel(seat, move)
	}
	if move == "" {
		return lang.T("(no answer)")
	}
	return move
}

// thinking is what the players whose thoughts the sight may know said
// about the move that made frame cur, each line as say says it.
func thinking(cur game.Frame, as game.Seat, say func(game.Words) string) string {
	var parts []string
	for seat, n := range cur.Notes {
		if n.Text != "" && game.Knows(as, seat) {
			parts = append(parts, say(game.Say("%s: %s", game.Say("P%d", seat.Number()), n.Text)))
		}
	}
	sort.Strings(parts)
	return strings.Join(parts, "\n")
}

// summary is a step without moves in words (an imported log records the
// states only): its events of note, else how many of each kind it had.
func (v *Viewer) summary(i int) string {
	if i < len(v.chron.Markers) && len(v.chron.Markers[i]) > 0 {
		ms := v.chron.Markers[i]
		text := v.say(ms[0].Text)
		if len(ms) > 1 {
			text = lang.F("%s (+%d)", text, len(ms)-1)
		}
		return text
	}
	if v.sight() != game.AllSeats {
		return "—"
	}
	f := v.rec.Timeline.Frame(i)
	count := map[string]int{}
	var kinds []string
	for _, e := range f.Events {
		if count[e.Kind] == 0 {
			kinds = append(kinds, e.Kind)
		}
		count[e.Kind]++
	}
	if len(kinds) == 0 {
		return lang.T("no change")
	}
	sort.Slice(kinds, func(a, b int) bool { return count[kinds[a]] > count[kinds[b]] })
	var parts []string
	for _, k := range kinds[:min(3, len(kinds))] {
		parts = append(parts, lang.F("%d %s", count[k], lang.T(k)))
	}
	return strings.Join(parts, " · ")
}

// drawMoves draws the move list between y and bottom, the shown step in
// the middle; each row is a step's moves, or what happened in it.
func (v *Viewer) drawMoves(dst *ebiten.Image, a *App, x, y, w, bottom float64) {
	s := a.Scale
	lh := moveRowH * s
	v.panel.rows = v.panel.rows[:0]
	rows := int((bottom - y) / lh)
	if rows <= 0 {
		return
	}
	n := v.rec.Timeline.Len()
	cursor := v.clock.Cursor
	from := max(1, min(cursor-rows/2, n-rows))
	as := v.sight()
	for i := from; i < n && i < from+rows; i++ {
		f := v.rec.Timeline.Frame(i)
		ink := render.InkDim
		rowR := rectXYWH(x-8*s, y-3*s, w+16*s, lh)
		if i == cursor {
			render.Panel(dst, rowR, 6*s, render.Hover)
			ink = render.Ink
		}
		v.panel.rows = append(v.panel.rows, moveRow{frame: i, r: rowR})
		if v.panel.rowLang != lang.Current() {
			v.panel.rowLabels, v.panel.rowLang = v.panel.rowLabels[:0], lang.Current()
		}
		for len(v.panel.rowLabels) <= i {
			v.panel.rowLabels = append(v.panel.rowLabels, lang.F("%3d", len(v.panel.rowLabels)))
		}
		// Right to left, the step's number on the right and the seats'
		// columns from the right (the moves' notation stays as written).
		rtl := lang.RTL()
		if rtl {
			render.Text(dst, strings.TrimSpace(v.panel.rowLabels[i]), render.Mono, 14*s, x+w, y, render.InkFaint, render.Right)
		} else {
			render.Text(dst, v.panel.rowLabels[i], render.Mono, 14*s, x, y, render.InkFaint, render.Left)
		}
		left := x + 44*s
		room := w - 44*s
		if rtl {
			left = x
		}
		if len(f.Moves) == 0 {
			label := v.panel.moves.Of(moveKey{seat: -1, step: i, sight: as, w: int(room), lang: lang.Current()}, func(moveKey) moveLabel {
				return moveLabel{text: render.ClipWords(v.summary(i), render.Regular, 14*s, room)}
			})
			render.Text(dst, label.text, render.Regular, 14*s, px(left, room), y, ink, leftAlign())
			y += lh
			continue
		}
		// One column per seat that moved, in seat order.
		cols := len(f.Moves)
		colW := room / float64(max(1, cols))
		col := 0
		for seat := game.Seat(0); int(seat) < v.rec.Title.Seats(); seat++ {
			mv, ok := f.Moves[seat]
			if !ok {
				continue
			}
			cx := left + float64(col)*colW
			if rtl {
				cx = left + float64(cols-1-col)*colW
			}
			col++
			gx, tx, align := lineRow(cx, colW, 4*s, 14*s)
			v.seatGlyph(dst, seat, gx, y+9*s, 12*s)
			if !game.Knows(as, seat) {
				render.FitText(dst, lang.T("moved"), render.Regular, 14*s, tx, y, colW-18*s, render.InkFaint, align)
				continue
			}
			label := v.panel.moves.Of(moveKey{seat: seat, cols: cols, w: int(colW), move: mv, lang: lang.Current()}, func(moveKey) moveLabel {
				l := v.moveLabel(seat, mv)
				size := render.Shrink(l, render.Mono, 15*s, 12*s, colW-18*s)
				return moveLabel{render.ClipWords(l, render.Mono, size, colW-18*s), size}
			})
			render.Text(dst, label.text, render.Mono, label.size, tx, y+(15*s-label.size)/2, ink, align)
		}
		y += lh
	}
}

// panelInput handles clicks on the side panel: a move list row goes to its
// step; the chart's heading shows the next quantity, a click in the chart
// goes to the turn under it.
func (v *Viewer) panelInput(a *App) {
	in := &a.In.UI
	if v.mapFirst || !in.Pressed {
		return
	}
	for _, row := range v.panel.rows {
		if in.Over(row.r) {
			v.jumpEvent(row.frame)
			return
		}
	}
	switch {
	case in.Over(v.panel.chartHdr):
		v.nextChart()
	case in.Over(v.panel.chartR):
		r := v.panel.chartR
		n := v.rec.Timeline.Len()
		f := (in.X - float64(r.Min.X)) / float64(r.Dx())
		v.jumpEvent(int(math.Round(f * float64(n-1))))
	}
}

// langIndex is the screens' language as a small number, for the memories
// keyed by a number.
func langIndex() int {
	switch lang.Current() {
	case lang.SrLatn:
		return 1
	case lang.SrCyrl:
		return 2
	case lang.Fa:
		return 3
	case lang.Pseudo:
		return 4
	}
	return 0
}

// px is where a line of a panel that starts at x, w wide, is drawn from:
// x, or its right edge in a language written right to left (leftAlign).
func px(x, w float64) float64 {
	if lang.RTL() {
		return x + w
	}
	return x
}

// leftAlign is how a panel's lines align: to the left, or to the right in
// a language written right to left.
func leftAlign() render.Align {
	if lang.RTL() {
		return render.Right
	}
	return render.Left
}

// wrapText is render.WrapText, each line aligned as leftAlign says: it
// draws s wrapped to w from (x, y) and returns the y under it.
func wrapText(dst *ebiten.Image, s string, f render.Font, size, x, y, w float64, c color.NRGBA) float64 {
	if !lang.RTL() {
		return render.WrapText(dst, s, f, size, x, y, w, c)
	}
	for _, l := range render.Wrap(s, f, size, w) {
		render.Text(dst, l, f, size, x+w, y, c, render.Right)
		y += size * 1.35
	}
	return y
}

// lineRow is where a line of a list that starts at x, w wide, draws its
// seat's mark (mark from the line's start) and its text (text from the
// line's start), and how the text aligns: mirrored in a language written
// right to left.
func lineRow(x, w, mark, text float64) (gx, tx float64, align render.Align) {
	if lang.RTL() {
		return x + w - mark, x + w - text, render.Right
	}
	return x + mark, x + text, render.Left
}
