package guardains

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/arena-games/arena/game"
)

// Importer reads a recorded socket.io transcript (ImportTranscript).
func (Title) Importer() game.Importer {
	return game.Importer{Name: "GuardAIns socket.io transcript (JSON Lines, gzip allowed)",
		Detect: isTranscript, Import: ImportTranscript}
}

// TranscriptEvent is one line of a recorded transcript: a socket.io event
// that the recorded player received (S2C) or sent (C2S).
type TranscriptEvent struct {
	Dir   string          `json:"dir"`
	Event string          `json:"event"`
	Data  json.RawMessage `json:"data"`
}

// TranscriptLimit bounds a transcript once unzipped: the released 50x50
// game's is 1.3 MB.
var TranscriptLimit = game.Limit{What: "a GuardAIns transcript", Max: 128 << 20}

// isTranscript tells a transcript from other files by its first lines:
// JSON objects with a "dir" of S2C or C2S and an "event".
func isTranscript(_ string, data []byte) bool {
	head := bytes.TrimLeft(game.Head(data, 64<<10), " \t\r\n")
	return bytes.HasPrefix(head, []byte("{")) && bytes.Contains(head, []byte(`"event"`)) &&
		(bytes.Contains(head, []byte(`"S2C"`)) || bytes.Contains(head, []byte(`"C2S"`)))
}

// ReadTranscript reads a transcript: one JSON object per line
// ({"dir": "S2C"|"C2S", "event": ..., "data": ...}), gzip-compressed or
// not; blank lines are skipped.
func ReadTranscript(data []byte) ([]TranscriptEvent, error) {
	data, err := TranscriptLimit.Gunzip("transcript", data)
	if errors.Is(err, io.ErrUnexpectedEOF) {
		// Cut short, as when the recording stopped: keep every whole line.
		data, err = data[:bytes.LastIndexByte(data, '\n')+1], nil
	}
	if err != nil {
		return nil, err
	}
	var out []TranscriptEvent
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 64<<20)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var ev TranscriptEvent
		if err := json.Unmarshal(line, &ev); err != nil {
			return nil, fmt.Errorf("transcript line %d: %w", n, err)
		}
		if ev.Dir != "S2C" && ev.Dir != "C2S" {
			return nil, fmt.Errorf("transcript line %d: dir %q, want S2C or C2S", n, ev.Dir)
		}
		out = append(out, ev)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("transcript: %w", err)
	}
	return out, nil
}

// The view as the wire spells it, for ReadView.
type (
	wireView struct {
		Movegen  map[string]*wireGuardian `json:"movegen"`
		Feedback []struct {
			Code, Message string
			Data          json.RawMessage
		} `json:"feedback"`
		Penalty *int `json:"penalty_score"`
		Round   *int `json:"round_no"`
	}
	wireGuardian struct {
		Health     int          `json:"health"`
		Cooldown   int          `json:"cooldown"`
		Current    *wireCell    `json:"current_cell"`
		Neighbours [][]wireCell `json:"neighbour_cells"`
	}
	wireCell struct {
		Coordinates string `json:"coordinates"`
		Type        string `json:"cell_type"`
		Stone       string `json:"is_powerStone_present"`
		Present     []struct {
			BelongsTo string `json:"belongs_to"`
			Name      string `json:"guardian_name"`
		} `json:"guardians_present"`
	}
)

// ReadView reads a view (the `action` event payload of §3.1) of seat. W and
// H are not on the wire and stay 0.
func ReadView(seat int, data []byte) (*Observation, error) {
	var v wireView
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, fmt.Errorf("view: %w", err)
	}
	if v.Penalty == nil || v.Round == nil || v.Movegen == nil {
		return nil, errors.New("view: want movegen, feedback, penalty_score and round_no")
	}
	o := &Observation{Seat: seat, Round: *v.Round, Penalty: *v.Penalty}
	for _, h := range Heroes {
		g := v.Movegen[h.String()]
		if g == nil || g.Current == nil || len(g.Neighbours) != 4 {
			return nil, fmt.Errorf("view: movegen %s: want health, cooldown, current_cell and 4 lists of neighbour_cells", h)
		}
		m := &o.Movegen[h]
		m.Health, m.Cooldown = g.Health, g.Cooldown
		var err error
		if m.Current, err = g.Current.read(); err != nil {
			return nil, fmt.Errorf("view: movegen %s: %w", h, err)
		}
		for dir, line := range g.Neighbours {
			for _, wc := range line {
				c, err := wc.read()
				if err != nil {
					return nil, fmt.Errorf("view: movegen %s: %w", h, err)
				}
				m.Neighbours[dir] = append(m.Neighbours[dir], c)
			}
		}
	}
	if len(v.Movegen) != 5 {
		return nil, fmt.Errorf("view: movegen has %d guardians, want 5", len(v.Movegen))
	}
	for _, f := range v.Feedback {
		var b bytes.Buffer
		if err := json.Compact(&b, f.Data); err != nil {
			return nil, fmt.Errorf("view: feedback %s: %w", f.Code, err)
		}
		o.Feedback = append(o.Feedback, Feedback{Code: f.Code, Data: b.String()})
		if f.Code == CodeStarLordSpecial {
			var sv struct {
				Vision [][][2]int `json:"special_vision"`
			}
			if err := json.Unmarshal(f.Data, &sv); err != nil || len(sv.Vision) != 4 {
				return nil, fmt.Errorf("view: special_vision: want 4 lists of [x, y]")
			}
			for dir, line := range sv.Vision {
				o.Special[dir] = nil
				for _, p := range line {
					o.Special[dir] = append(o.Special[dir], Cell{p[0], p[1]})
				}
			}
		}
	}
	return o, nil
}

// read checks one cell of a view.
func (w *wireCell) read() (SeenCell, error) {
	c, err := ParseTarget(w.Coordinates)
	if err != nil || c.String() != w.Coordinates {
		return SeenCell{}, fmt.Errorf("coordinates %q: want \"(x, y)\"", w.Coordinates)
	}
	k, ok := ParseKind(w.Type)
	if !ok {
		return SeenCell{}, fmt.Errorf("%s: cell_type %q", c, w.Type)
	}
	if w.Stone != "True" && w.Stone != "False" {
		return SeenCell{}, fmt.Errorf("%s: is_powerStone_present %q, want \"True\" or \"False\"", c, w.Stone)
	}
	sc := SeenCell{At: c, Kind: k, Stone: w.Stone == "True"}
	for _, p := range w.Present {
		h, ok := ParseHero(p.Name)
		if !ok || (p.BelongsTo != "you" && p.BelongsTo != "opponent") {
			return SeenCell{}, fmt.Errorf("%s: guardians_present %s of %q", c, p.Name, p.BelongsTo)
		}
		sc.Present = append(sc.Present, Presence{Mine: p.BelongsTo == "you", Hero: h})
	}
	return sc, nil
}

// cells lists every cell a view shows, with the guardian that sees it
// (Hero) or -1 for a cell of special_vision (coordinates only).
func (o *Observation) cells(yield func(SeenCell, int) bool) {
	for _, h := range Heroes {
		m := &o.Movegen[h]
		if !yield(m.Current, int(h)) {
			return
		}
		for _, line := range m.Neighbours {
			for _, c := range line {
				if !yield(c, int(h)) {
					return
				}
			}
		}
	}
	for _, line := range o.Special {
		for _, c := range line {
			if !yield(SeenCell{At: c}, -1) {
				return
			}
		}
	}
}

// ImportTranscript reads a transcript of one seat (player1 unless its
// actions say otherwise) as a recording of that seat's view of the game:
// one frame per view it received, each a *State with Observer set (the maze
// as far as the views showed it, its own guardians, the enemies where it
// saw them), then a last frame with the result of the game_status events.
// Each frame's move is the action the seat sent after the view before. The
// board is the original's 50x50 unless the views reach farther; the rules
// are compat=original2022, the original server's. name is used in errors.
func ImportTranscript(name string, data []byte) (*game.Recording, error) {
	events, err := ReadTranscript(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	seat := 1
	var views []*Observation
	var actions []string // the action sent after each view ("" for none)
	status := ""
	lastRound := 0
	for i, ev := range events {
		switch {
		case ev.Dir == "C2S" && ev.Event == "action":
			var a struct {
				Player string `json:"player_id"`
			}
			if json.Unmarshal(ev.Data, &a) == nil && (a.Player == "player1" || a.Player == "player2") {
				seat = int(a.Player[6] - '0')
			}
			if len(actions) > 0 {
				actions[len(actions)-1] = string(ev.Data)
			}
		case ev.Dir == "S2C" && ev.Event == "action":
			o, err := ReadView(1, ev.Data)
			if err != nil {
				return nil, fmt.Errorf("%s: event %d: %w", name, i+1, err)
			}
			views = append(views, o)
			actions = append(actions, "")
		case ev.Dir == "S2C" && ev.Event == "game_status":
			var text string
			if json.Unmarshal(ev.Data, &text) == nil {
				if n, ok := strings.CutPrefix(text, "Game Running - Round "); ok {
					lastRound, _ = strconv.Atoi(n)
				} else if strings.Contains(text, "Winner") || strings.Contains(text, "Draw") {
					status = text
				}
			}
		}
	}
	if len(views) == 0 {
		return nil, fmt.Errorf("%s: no view (S2C action event) in the transcript", name)
	}
	w, h := OriginalSize, OriginalSize
	for _, o := range views {
		o.Seat = seat
		for c := range o.cells {
			w, h = max(w, c.At.X+1), max(h, c.At.Y+1)
		}
	}
	if w > MaxSide || h > MaxSide {
		return nil, fmt.Errorf("%s: the views reach beyond %dx%d", name, MaxSide, MaxSide)
	}
	rules := OriginalRules()
	k := newKnowledge(w, h, seat, rules)
	frames := make([]game.Frame, 0, len(views)+1)
	var prev *State
	for i, o := range views {
		s, err := k.learn(o)
		if err != nil {
			return nil, fmt.Errorf("%s: the view of round %d: %w", name, o.Round, err)
		}
		f := game.Frame{Turn: i, ToMove: []game.Seat{0, 1}, State: s}
		if prev != nil {
			f.Events = viewEvents(prev, s, actions[i-1])
			f.Moves = map[game.Seat]string{game.Seat(seat - 1): actions[i-1]}
		}
		frames = append(frames, f)
		prev = s
	}
	last := prev.clone()
	last.Round = max(prev.Round+1, lastRound)
	last.Visible = [2]*Bits{NewBits(w, h), NewBits(w, h)}
	last.Over, last.Reason = true, "recording"
	if last.Round >= rules.Rounds {
		last.Reason = "rounds"
	}
	if n, ok := strings.CutPrefix(status, "Player "); ok && len(n) > 0 && (n[0] == '1' || n[0] == '2') {
		last.Winner = int(n[0] - '0')
	}
	res := game.Result{Winner: last.Winner, Ranking: []int{1, 2}, Reason: last.Reason}
	if last.Winner != 0 {
		res.Ranking = []int{last.Winner, 3 - last.Winner}
	}
	frames = append(frames, game.Frame{Turn: len(frames), State: last, Moves: map[game.Seat]string{game.Seat(seat - 1): actions[len(actions)-1]},
		Over: true, Result: res})
	tl := game.NewTimeline(frames[0], true)
	for _, f := range frames[1:] {
		tl.Append(f)
	}
	tl.Finish()
	cfg := game.Config{Seats: 2, Map: fmt.Sprintf("maze:%dx%d", w, h), Options: map[string]string{OptCompat: CompatOriginal}}
	if w == OriginalSize && h == OriginalSize {
		cfg.Map = "original"
	}
	hd := game.Header{Format: game.ReplayFormat, Version: game.ReplayVersion, Title: Title{}.ID(), Config: cfg,
		Seats: []string{"player1", "player2"}}
	hd.Seats[seat-1] += " (recorded)"
	return &game.Recording{Title: Title{}, Header: hd, Timeline: tl, Source: "GuardAIns socket.io transcript"}, nil
}

// knowledge is what one seat has learnt from its views, for the imported
// frames.
type knowledge struct {
	seat     int
	maze     *Maze // a seat's maze: the sides its views showed
	kinds    map[Cell]Kind
	seen     *Bits
	base     Cell
	carrying map[Hero]bool
	rules    *Rules
	scores   [5]float64
}

func newKnowledge(w, h, seat int, r *Rules) *knowledge {
	return &knowledge{seat: seat, maze: newSeatMaze(w, h), kinds: map[Cell]Kind{}, seen: NewBits(w, h), base: Nowhere,
		carrying: map[Hero]bool{}, rules: r}
}

// learn makes the state that view o shows, with what earlier views taught.
func (k *knowledge) learn(o *Observation) (*State, error) {
	w, h := k.maze.W, k.maze.H
	maze, err := k.sides(o)
	if err != nil {
		return nil, err
	}
	k.maze = maze
	kindsChanged := false
	s := &State{Maze: maze, Enemy: map[Cell]bool{}, Bases: [2]Cell{Nowhere, Nowhere}, Stone: Nowhere, Reported: Nowhere,
		Round: o.Round, Observer: k.seat, rules: k.rules}
	s.Penalty[k.seat-1] = o.Penalty
	if k.base == Nowhere {
		k.base = o.Movegen[Gamora].Current.At
	}
	s.Bases[k.seat-1] = k.base
	for _, f := range o.Feedback {
		var d struct{ Guardian string }
		_ = json.Unmarshal([]byte(f.Data), &d)
		hero, _ := ParseHero(d.Guardian)
		switch f.Code {
		case CodeGuardianPicked:
			k.carrying = map[Hero]bool{hero: true}
		case CodeDeadAndDropped, CodeStoneDropped:
			k.carrying = map[Hero]bool{}
		case CodeStonePicked:
			k.carrying = map[Hero]bool{} // until GUARDIAN_PICKED_UP says it is ours
		}
	}
	enemy := 3 - k.seat
	for _, hero := range Heroes {
		st := hero.Stats()
		m := &o.Movegen[hero]
		s.Guardians[k.seat-1][hero] = Guardian{Seat: k.seat, Hero: hero, Pos: m.Current.At, Health: m.Health, MaxHealth: st.MaxHealth,
			Alive: m.Health > 0, Cooldown: m.Cooldown, Carrying: k.carrying[hero] && m.Current.Stone}
		s.Guardians[enemy-1][hero] = Guardian{Seat: enemy, Hero: hero, Pos: Nowhere, Health: -1, MaxHealth: st.MaxHealth, Alive: true}
	}
	// The cells the view shows, with what is on them: StarLord's
	// special_vision gives coordinates only, and tells nothing of them.
	visible := NewBits(w, h)
	for c, by := range o.cells {
		if by < 0 {
			// special_vision: coordinates only, and under swap_xy
			// given as (y, x), which may lie off a board that is not
			// square (R2).
			continue
		}
		if !maze.In(c.At) {
			err = fmt.Errorf("%s is off the %dx%d board", c.At, w, h)
			break
		}
		at := c.At
		visible.set(at)
		if k.kinds[at] != c.Kind {
			if !kindsChanged {
				k.kinds, kindsChanged = maps.Clone(k.kinds), true
			}
			if c.Kind == Normal {
				delete(k.kinds, at)
			} else {
				k.kinds[at] = c.Kind
			}
		}
		if c.Stone {
			s.Stone, s.Reported = at, at
		}
		for i, p := range c.Present {
			g := &s.Guardians[enemy-1][p.Hero]
			if p.Mine {
				g = &s.Guardians[k.seat-1][p.Hero]
			}
			g.Pos, g.Arrived = at, i+1
		}
	}
	if err != nil {
		return nil, err
	}
	s.Kinds = k.kinds
	s.Feedback[k.seat-1] = o.Feedback
	if n := len(o.Feedback); n > 0 && o.Feedback[n-1].Code == CodeStarLordSpecial {
		s.Feedback[k.seat-1] = o.Feedback[:n-1]
	}
	s.Visible = [2]*Bits{NewBits(w, h), NewBits(w, h)}
	s.Seen = [2]*Bits{NewBits(w, h), NewBits(w, h)}
	s.Visible[k.seat-1] = visible
	k.seen = k.seen.union(visible)
	s.Seen[k.seat-1] = k.seen
	// The guardians' scores as the views show their health, round by round.
	for _, hero := range Heroes {
		g := &s.Guardians[k.seat-1][hero]
		if o.Round > 0 {
			k.scores[hero] += float64(g.Health) / float64(g.MaxHealth)
		}
		g.Score = k.scores[hero]
	}
	s.updateScore()
	s.Score[enemy-1] = 0
	return s, nil
}

// sides is the seat's maze with what view o shows of it: each line of
// sight is open from cell to cell, and one that ends short of its
// guardian's vision ends at a wall (or the border). The maze is k.maze
// itself when the view shows nothing new, else a copy.
func (k *knowledge) sides(o *Observation) (*Maze, error) {
	m := k.maze
	cp := &Maze{W: m.W, H: m.H, open: m.open, walls: m.walls}
	copied := false
	see := func(c Cell, dir int, open bool) {
		n := c.Step(dir, 1)
		if !cp.In(c) || !cp.In(n) {
			return // the border, which the rules wall
		}
		i, j := c.Y*cp.W+c.X, n.Y*cp.W+n.X
		bit, back := uint8(1)<<dir, uint8(1)<<((dir+2)%4)
		wasOpen, wasWall := cp.open[i]&bit != 0, cp.walls[i]&bit != 0
		if wasOpen == open && wasWall == !open {
			return
		}
		if !copied {
			cp.open, cp.walls, copied = slices.Clone(cp.open), slices.Clone(cp.walls), true
		}
		if open { // a wall Drax broke, or a side not seen before
			cp.open[i], cp.open[j] = cp.open[i]|bit, cp.open[j]|back
			cp.walls[i], cp.walls[j] = cp.walls[i]&^bit, cp.walls[j]&^back
		} else {
			cp.open[i], cp.open[j] = cp.open[i]&^bit, cp.open[j]&^back
			cp.walls[i], cp.walls[j] = cp.walls[i]|bit, cp.walls[j]|back
		}
	}
	for _, hero := range Heroes {
		g := &o.Movegen[hero]
		for dir, line := range g.Neighbours {
			from := g.Current.At
			for _, c := range line {
				if c.At != from.Step(dir, 1) {
					return nil, fmt.Errorf("%s's line %s: %s does not follow %s", hero, dirNames[dir], c.At, from)
				}
				see(from, dir, true)
				from = c.At
			}
			if g.Health > 0 && len(line) < hero.Stats().Vision { // a dead guardian sees nothing
				see(from, dir, false)
			}
		}
	}
	if !copied {
		return m, nil
	}
	return cp, nil
}

// viewEvents are the events of the step between two imported states, as
// far as the views show them: the seat's penalties, its guardians' moves,
// jumps and teleports, the attacks it made and suffered, clues, heals and
// the stone.
func viewEvents(prev, cur *State, action string) []game.Event {
	seat := cur.Observer
	enemy := 3 - seat
	var out []game.Event
	add := func(kind string, s int, data any, format string, args ...any) {
		out = append(out, event(kind, s, data, format, args...))
	}
	a, _ := ParseAction(action, cur.Maze.W, cur.Maze.H, cur.rules.SwapXY, seat, prev.Round)
	if a != nil && a.Player != "player"+strconv.Itoa(seat) {
		a = nil
	}
	penalised := false
	var mine, theirs *Attacked
	teleported := map[Hero]bool{}
	for _, f := range cur.Feedback[seat-1] {
		var d struct {
			Guardian     string            `json:"guardian"`
			Attacker     string            `json:"attacker"`
			Victim       string            `json:"victim_type"`
			AttackerType string            `json:"attacker_type"`
			ClueType     string            `json:"clue_type"`
			Direction    string            `json:"direction"`
			Enemies      map[string][2]int `json:"data"`
		}
		_ = json.Unmarshal([]byte(f.Data), &d)
		hero, _ := ParseHero(d.Guardian)
		switch f.Code {
		case CodeError, CodeInvalidAction, CodeTimeout:
			amount := map[string]int{CodeError: PenaltyError, CodeInvalidAction: PenaltyInvalid, CodeTimeout: PenaltyTimeout}[f.Code]
			add(EventPenalty, seat, Penalty{Seat: seat, Amount: amount, Code: f.Code}, "P%d loses %d (%s)", seat, amount, f.Code)
			penalised = true
		case CodeAttackSuccess:
			attacker, _ := ParseHero(d.Attacker)
			victim, _ := ParseHero(d.Victim)
			if mine == nil {
				mine = &Attacked{Seat: seat, Hero: attacker, From: cur.Guardians[seat-1][attacker].Pos, Target: Nowhere}
				if a != nil && a.Type == Attack {
					mine.Target = a.Target
				}
			}
			mine.Victims = append(mine.Victims, Hit{Seat: enemy, Hero: victim, Damage: attacker.Stats().Attack})
		case CodeAttacked:
			attacker, _ := ParseHero(d.Attacker)
			victim, _ := ParseHero(d.Victim)
			if theirs == nil {
				theirs = &Attacked{Seat: enemy, Hero: attacker, From: Nowhere, Target: prev.Guardians[seat-1][victim].Pos}
			}
			g := &cur.Guardians[seat-1][victim]
			theirs.Victims = append(theirs.Victims, Hit{Seat: seat, Hero: victim, Damage: attacker.Stats().Attack, Killed: !g.Alive})
		case CodeDead:
			if d.AttackerType == "Beast" {
				victim, _ := ParseHero(d.Victim)
				at := cur.Guardians[seat-1][victim].Pos
				add(EventBeastHit, seat, BeastHit{Seat: seat, Hero: victim, At: at, Killed: true}, "the beast on %s kills %s", at, who(seat, victim))
			}
		case CodeTeleport:
			g := &cur.Guardians[seat-1][hero]
			teleported[hero] = true
			add(EventTeleported, seat, Teleported{Seat: seat, Hero: hero, From: prev.Guardians[seat-1][hero].Pos, To: g.Pos},
				"%s is teleported to %s", who(seat, hero), g.Pos)
		case CodeHealPointUsed:
			at := cur.Guardians[seat-1][hero].Pos
			add(EventHealed, seat, Healed{Seat: seat, Hero: hero, At: at}, "%s is healed on %s", who(seat, hero), at)
		case CodeClue:
			ev := ClueFound{Seat: seat, Hero: hero, Kind: "direction", Direction: d.Direction}
			if d.ClueType == ClueEnemies {
				ev.Kind = "enemies"
				for _, e := range Heroes {
					if p, ok := d.Enemies[e.String()]; ok {
						ev.Enemies = append(ev.Enemies, Sighting{Hero: e, At: Cell{p[0], p[1]}})
					}
				}
			}
			add(EventClueFound, seat, ev, "%s reads a clue (%s)", who(seat, hero), ev.Kind)
		case CodeGuardianPicked:
			at := cur.Guardians[seat-1][hero].Pos
			add(EventStonePicked, seat, StonePicked{Seat: seat, Hero: hero, At: at}, "%s picks up the stone on %s", who(seat, hero), at)
		case CodeDeadAndDropped:
			at := cur.Guardians[seat-1][hero].Pos
			add(EventStoneDropped, seat, StoneDropped{Seat: seat, Hero: hero, At: at}, "%s dies and drops the stone on %s", who(seat, hero), at)
		}
	}
	for _, at := range []*Attacked{theirs, mine} {
		if at != nil {
			add(EventAttacked, at.Seat, *at, "%s attacks %s", who(at.Seat, at.Hero), at.Target)
		}
	}
	for _, hero := range Heroes {
		g0, g1 := &prev.Guardians[seat-1][hero], &cur.Guardians[seat-1][hero]
		if g0.Pos == g1.Pos || teleported[hero] || !g1.Alive {
			continue
		}
		if hero == Gamora && a != nil && a.Type == Special && !penalised {
			add(EventJumped, seat, Jumped{Seat: seat, Hero: hero, From: g0.Pos, To: g1.Pos}, "%s jumps %s → %s", who(seat, hero), g0.Pos, g1.Pos)
		} else {
			add(EventMoved, seat, Moved{Seat: seat, Hero: hero, From: g0.Pos, To: g1.Pos}, "%s moves %s → %s", who(seat, hero), g0.Pos, g1.Pos)
		}
	}
	if a != nil && a.Type == Special && a.Hero == Drax && !penalised {
		g := &prev.Guardians[seat-1][Drax]
		for dir := range 4 {
			if g.Pos.Step(dir, 1) == a.Target && !prev.Maze.Open(g.Pos, dir) && cur.Maze.Open(g.Pos, dir) {
				add(EventWallBroken, seat, WallBroken{Seat: seat, Hero: Drax, At: g.Pos, Dir: dir}, "%s breaks the wall %s of %s", who(seat, Drax), dirNames[dir], g.Pos)
			}
		}
	}
	return out
}
