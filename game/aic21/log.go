package aic21

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"

	"github.com/arena-games/arena/game"
)

// WriteLog writes a game in the original server's log.json format (§5.3),
// the one the contest's Unity visualizer reads, byte for byte: compact,
// keys in the original's order, strings escaped as Gson escapes them.
// turns are the records of turns 0, 1, ... (the frames after the start);
// the last must be the end of the game.
func WriteLog(w io.Writer, turns []*State) error {
	if len(turns) == 0 {
		return errors.New("write log.json: no turns")
	}
	last := turns[len(turns)-1]
	if !last.Over {
		return errors.New("write log.json: the game has not ended")
	}
	first := turns[0]
	bw := bufio.NewWriterSize(w, 64<<10)
	b := make([]byte, 0, 64<<10)
	b = append(b, `{"game_config":{`...)
	b = appendField(b, "map_height", first.H)
	b = appendField(append(b, ','), "map_width", first.W)
	b = append(b, `,"cells_type":[`...)
	for x := range first.W {
		for y := range first.H {
			if x+y > 0 {
				b = append(b, ',')
			}
			b = appendField(append(b, '{'), "row", y)
			b = appendField(append(b, ','), "col", x)
			b = appendField(append(b, ','), "cell_type", first.logCode(Cell{x, y}))
			b = append(b, '}')
		}
		if len(b) > 32<<10 {
			if _, err := bw.Write(b); err != nil {
				return fmt.Errorf("write log.json: %w", err)
			}
			b = b[:0]
		}
	}
	b = append(b, ']')
	b = appendField(append(b, ','), "base_health", first.FullHealth.Base)
	b = appendField(append(b, ','), "worker_health", first.FullHealth.Worker)
	b = appendField(append(b, ','), "soldier_health", first.FullHealth.Soldier)
	b = appendQuoted(append(b, `,"team0_name":`...), first.TeamNames[0], true)
	b = appendQuoted(append(b, `,"team1_name":`...), first.TeamNames[1], true)
	b = appendField(append(b, ','), "winner", last.Winner)
	b = appendField(append(b, ','), "shift_x", first.ShiftX)
	b = appendField(append(b, ','), "shift_y", first.ShiftY)
	b = append(b, `},"turns":[`...)
	for i, s := range turns {
		if i > 0 {
			b = append(b, ',')
		}
		b = s.appendTurn(b)
		if _, err := bw.Write(b); err != nil {
			return fmt.Errorf("write log.json: %w", err)
		}
		b = b[:0]
	}
	b = append(b, `],"stats":{`...)
	b = appendField(b, "winner", last.Winner)
	b = append(b, "}}"...)
	if _, err := bw.Write(b); err != nil {
		return fmt.Errorf("write log.json: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write log.json: %w", err)
	}
	return nil
}

// logCode is cell c's code in the log's cells_type: bases 0 and 1 (0 is
// colony 0's, R22), empty 2 (delayed cells too), wall 3, trap 4, swamp 5.
func (s *State) logCode(c Cell) int {
	k := s.Kinds[s.At(c)]
	if k != Base {
		return int(k) + 1
	}
	label := 0
	if c != s.Colonies[0].Base {
		label = 1
	}
	if s.swapLabels {
		label = 1 - label
	}
	return label
}

// appendTurn appends the state's record in the log.
func (s *State) appendTurn(b []byte) []byte {
	b = appendField(append(b, '{'), "turn_num", s.Turn)
	b = appendField(append(b, ','), "base0_health", s.Colonies[0].BaseHealth)
	b = appendField(append(b, ','), "base1_health", s.Colonies[1].BaseHealth)
	b = append(b, `,"cells":[`...)
	// The units by cell, in arrival order.
	order := make([]int, len(s.Units))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, c int) bool {
		ua, uc := &s.Units[order[a]], &s.Units[order[c]]
		ia, ic := s.At(ua.Cell()), s.At(uc.Cell())
		if ia != ic {
			return ia < ic
		}
		return ua.Arrival < uc.Arrival
	})
	next := 0
	for i := range s.W * s.H {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendField(append(b, '{'), "row", i/s.W)
		b = appendField(append(b, ','), "col", i%s.W)
		v, r := s.ResAmount[i], s.ResType[i]
		if r == NoRes {
			v = 0
		}
		b = appendField(append(b, ','), "resource_value", v)
		b = appendField(append(b, ','), "resource_type", int(r))
		b = append(b, `,"ants":[`...)
		for k := 0; next < len(order) && s.At(s.Units[order[next]].Cell()) == i; k++ {
			u := &s.Units[order[next]]
			next++
			if k > 0 {
				b = append(b, ',')
			}
			b = appendField(append(b, '{'), "id", u.ID)
			b = appendField(append(b, ','), "team", u.Colony)
			b = appendField(append(b, ','), "type", antType(u.Soldier))
			b = appendField(append(b, ','), "health", u.Health)
			b = appendField(append(b, ','), "resource", int(u.Carry))
			b = append(b, '}')
		}
		b = append(b, "]}"...)
	}
	b = append(b, `],"attacks":[`...)
	for i, h := range s.Attacks {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendField(append(b, '{'), "attacker_id", h.Attacker)
		b = appendField(append(b, ','), "defender_id", h.Defender)
		b = appendField(append(b, ','), "src_row", h.From.Y)
		b = appendField(append(b, ','), "src_col", h.From.X)
		b = appendField(append(b, ','), "dst_row", h.To.Y)
		b = appendField(append(b, ','), "dst_col", h.To.X)
		b = append(b, '}')
	}
	b = append(b, ']')
	for c := range 2 {
		col := &s.Colonies[c]
		workers, soldiers := s.Count(c)
		team := "team" + strconv.Itoa(c)
		b = appendField(append(b, ','), team+"_alive_workers", workers)
		b = appendField(append(b, ','), team+"_total_workers", col.CreatedWorkers)
		b = appendField(append(b, ','), team+"_alive_soldiers", soldiers)
		b = appendField(append(b, ','), team+"_total_soldiers", col.CreatedSoldiers)
	}
	for c := range 2 {
		col := &s.Colonies[c]
		team := "team" + strconv.Itoa(c)
		b = appendField(append(b, ','), team+"_current_resource0", col.Delivered[Bread])
		b = appendField(append(b, ','), team+"_total_resource0", col.Bread)
		b = appendField(append(b, ','), team+"_current_resource1", col.Delivered[Grass])
		b = appendField(append(b, ','), team+"_total_resource1", col.Grass)
	}
	for _, box := range [4]struct {
		name string
		msgs []Msg
	}{
		{"trivial_chat_box_0", s.Colonies[0].Trivial}, {"trivial_chat_box_1", s.Colonies[1].Trivial},
		{"important_chat_box_0", s.Colonies[0].Chat}, {"important_chat_box_1", s.Colonies[1].Chat},
	} {
		b = append(b, `,"`...)
		b = append(b, box.name...)
		b = append(b, `":[`...)
		for i, m := range box.msgs {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendQuoted(append(b, `{"text":`...), m.Text, true)
			b = appendField(append(b, ','), "value", m.Value)
			b = appendField(append(b, ','), "sender_id", m.Sender)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

// The log.json as encoding/json reads it.
type (
	logFile struct {
		Config logConfig  `json:"game_config"`
		Turns  []logTurn  `json:"turns"`
		Stats  *logWinner `json:"stats"`
	}
	logWinner struct {
		Winner *int `json:"winner"`
	}
	logConfig struct {
		MapHeight     *int      `json:"map_height"`
		MapWidth      *int      `json:"map_width"`
		Cells         []logCode `json:"cells_type"`
		BaseHealth    int       `json:"base_health"`
		WorkerHealth  int       `json:"worker_health"`
		SoldierHealth int       `json:"soldier_health"`
		Team0Name     string    `json:"team0_name"`
		Team1Name     string    `json:"team1_name"`
		Winner        *int      `json:"winner"`
		ShiftX        int       `json:"shift_x"`
		ShiftY        int       `json:"shift_y"`
	}
	logCode struct {
		Row      int `json:"row"`
		Col      int `json:"col"`
		CellType int `json:"cell_type"`
	}
	logTurn struct {
		TurnNum     int         `json:"turn_num"`
		Base0Health int         `json:"base0_health"`
		Base1Health int         `json:"base1_health"`
		Cells       []logCell   `json:"cells"`
		Attacks     []logAttack `json:"attacks"`
		T0Workers   int         `json:"team0_alive_workers"`
		T0Created   int         `json:"team0_total_workers"`
		T0Soldiers  int         `json:"team0_alive_soldiers"`
		T0CreatedS  int         `json:"team0_total_soldiers"`
		T1Workers   int         `json:"team1_alive_workers"`
		T1Created   int         `json:"team1_total_workers"`
		T1Soldiers  int         `json:"team1_alive_soldiers"`
		T1CreatedS  int         `json:"team1_total_soldiers"`
		T0Cur0      int         `json:"team0_current_resource0"`
		T0Tot0      int         `json:"team0_total_resource0"`
		T0Cur1      int         `json:"team0_current_resource1"`
		T0Tot1      int         `json:"team0_total_resource1"`
		T1Cur0      int         `json:"team1_current_resource0"`
		T1Tot0      int         `json:"team1_total_resource0"`
		T1Cur1      int         `json:"team1_current_resource1"`
		T1Tot1      int         `json:"team1_total_resource1"`
		Trivial0    []logMsg    `json:"trivial_chat_box_0"`
		Trivial1    []logMsg    `json:"trivial_chat_box_1"`
		Important0  []logMsg    `json:"important_chat_box_0"`
		Important1  []logMsg    `json:"important_chat_box_1"`
	}
	logCell struct {
		Row   int      `json:"row"`
		Col   int      `json:"col"`
		Value int      `json:"resource_value"`
		Type  int      `json:"resource_type"`
		Ants  []logAnt `json:"ants"`
	}
	logAnt struct {
		ID       int `json:"id"`
		Team     int `json:"team"`
		Type     int `json:"type"`
		Health   int `json:"health"`
		Resource int `json:"resource"`
	}
	logAttack struct {
		Attacker int `json:"attacker_id"`
		Defender int `json:"defender_id"`
		SrcRow   int `json:"src_row"`
		SrcCol   int `json:"src_col"`
		DstRow   int `json:"dst_row"`
		DstCol   int `json:"dst_col"`
	}
	logMsg struct {
		Text   string `json:"text"`
		Value  int    `json:"value"`
		Sender int    `json:"sender_id"`
	}
)

// LogLimit bounds a log.json once inflated: the official 100-turn log
// is 6.9 MB, so this holds games eighteen times as long.
var LogLimit = game.Limit{What: "an AIC21 log.json", Max: 128 << 20}

// ReadLog reads an original log.json, plain or gzipped, into the records
// of its turns, in order: the full state of each turn as far as the log
// tells it. The log does not tell what workers carry (only the type: the
// amount is inferred from the pickups it shows), swamp holds, queued units
// or the turn of a chat message (it is the turn the box grew).
func ReadLog(data []byte) ([]*State, error) {
	data, err := LogLimit.Gunzip("log.json", data)
	if err != nil {
		return nil, err
	}
	var f logFile
	if err := json.Unmarshal(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), &f); err != nil {
		return nil, fmt.Errorf("log.json: %w", err)
	}
	return f.states()
}

func (f *logFile) states() ([]*State, error) {
	cfg := &f.Config
	if cfg.MapWidth == nil || cfg.MapHeight == nil {
		return nil, errors.New("log.json: game_config: expected map_width and map_height")
	}
	w, h := *cfg.MapWidth, *cfg.MapHeight
	if w < 1 || h < 1 || w > MaxSide || h > MaxSide || len(cfg.Cells) != w*h {
		return nil, fmt.Errorf("log.json: game_config: a %dx%d map with %d cells in cells_type", w, h, len(cfg.Cells))
	}
	if len(f.Turns) == 0 {
		return nil, errors.New("log.json: no turns")
	}
	winner := -1
	switch {
	case f.Stats != nil && f.Stats.Winner != nil:
		winner = *f.Stats.Winner
	case cfg.Winner != nil:
		winner = *cfg.Winner
	}
	if winner != 0 && winner != 1 {
		return nil, fmt.Errorf("log.json: winner %d: expected 0 or 1", winner)
	}
	kinds := make([]Kind, w*h)
	seen := make([]bool, w*h)
	var labels [2][]Cell
	for _, c := range cfg.Cells {
		if c.Col < 0 || c.Row < 0 || c.Col >= w || c.Row >= h || seen[c.Row*w+c.Col] {
			return nil, fmt.Errorf("log.json: cells_type: row %d col %d is off the map or twice", c.Row, c.Col)
		}
		at := c.Row*w + c.Col
		seen[at] = true
		switch c.CellType {
		case 0, 1:
			kinds[at] = Base
			labels[c.CellType] = append(labels[c.CellType], Cell{c.Col, c.Row})
		case 2, 3, 4, 5:
			kinds[at] = Kind(c.CellType - 1)
		default:
			return nil, fmt.Errorf("log.json: cells_type: row %d col %d: cell_type %d: expected 0 to 5", c.Row, c.Col, c.CellType)
		}
	}
	if len(labels[0]) != 1 || len(labels[1]) != 1 {
		return nil, fmt.Errorf("log.json: cells_type: expected one base labelled 0 and one labelled 1, got %d and %d", len(labels[0]), len(labels[1]))
	}
	bases := [2]Cell{labels[0][0], labels[1][0]}
	swap := f.swapped(bases)
	if swap {
		bases[0], bases[1] = bases[1], bases[0]
	}
	im := importer{w: w, h: h, kinds: kinds, colonyOf: map[int]int{-1: 0, -2: 1}}
	proto := State{W: w, H: h, ShiftX: cfg.ShiftX, ShiftY: cfg.ShiftY, Kinds: kinds, TeamNames: [2]string{cfg.Team0Name, cfg.Team1Name},
		FullHealth: FullHealth{cfg.BaseHealth, cfg.WorkerHealth, cfg.SoldierHealth}, View: DefaultRules().View, MessageLength: DefaultRules().MessageLength, swapLabels: swap}
	proto.Colonies[0].Base, proto.Colonies[1].Base = bases[0], bases[1]
	out := make([]*State, len(f.Turns))
	for i := range f.Turns {
		s, err := im.turn(&proto, &f.Turns[i], i)
		if err != nil {
			return nil, fmt.Errorf("log.json: turn %d: %w", i, err)
		}
		out[i] = s
	}
	last := out[len(out)-1]
	last.Over, last.Winner, last.Reason = true, winner, judgeRecord(last, winner)
	return out, nil
}

// swapped reports whether the log labels colony 1's base 0, as the
// original does on some maps (R22): its first turn shows colony 0's units
// on the base labelled 1.
func (f *logFile) swapped(bases [2]Cell) bool {
	var on [2]int // colony 0's units on base label 0, on label 1
	for _, c := range f.Turns[0].Cells {
		for k, b := range bases {
			if c.Col == b.X && c.Row == b.Y {
				for _, a := range c.Ants {
					if a.Team == 0 {
						on[k]++
					}
				}
			}
		}
	}
	return on[1] > on[0]
}

// importer turns a log's turns into states, one after the other.
type importer struct {
	w, h     int
	kinds    []Kind
	prev     *State
	colonyOf map[int]int // every unit id seen -> its colony; the bases' ids too
	boxes    [2][]Msg
}

func (im *importer) turn(proto *State, t *logTurn, i int) (*State, error) {
	s := &State{}
	*s = *proto
	s.Turn = t.TurnNum
	if len(t.Cells) != im.w*im.h {
		return nil, fmt.Errorf("%d cells, expected %d", len(t.Cells), im.w*im.h)
	}
	resType := make([]Res, im.w*im.h)
	resAmt := make([]int, im.w*im.h)
	seen := make([]bool, im.w*im.h)
	arrival := 0
	for _, c := range t.Cells {
		if c.Col < 0 || c.Row < 0 || c.Col >= im.w || c.Row >= im.h || seen[c.Row*im.w+c.Col] {
			return nil, fmt.Errorf("cells: row %d col %d is off the map or twice", c.Row, c.Col)
		}
		at := c.Row*im.w + c.Col
		seen[at] = true
		if c.Type < 0 || c.Type > 2 || c.Value < 0 {
			return nil, fmt.Errorf("cells: row %d col %d: resource %d of type %d", c.Row, c.Col, c.Value, c.Type)
		}
		resType[at], resAmt[at] = Res(c.Type), c.Value
		if c.Type == int(NoRes) {
			resAmt[at] = 0
		}
		for _, a := range c.Ants {
			if a.ID < 0 || a.Team < 0 || a.Team > 1 || a.Type < 0 || a.Type > 1 || a.Resource < 0 || a.Resource > 2 {
				return nil, fmt.Errorf("cells: row %d col %d: ant %d of team %d, type %d, carrying %d", c.Row, c.Col, a.ID, a.Team, a.Type, a.Resource)
			}
			arrival++
			s.Units = append(s.Units, Unit{ID: a.ID, Colony: a.Team, Soldier: a.Type == 0, X: c.Col, Y: c.Row,
				Health: a.Health, Carry: Res(a.Resource), Arrival: arrival})
			im.colonyOf[a.ID] = a.Team
		}
	}
	sort.Slice(s.Units, func(a, b int) bool { return s.Units[a].ID < s.Units[b].ID })
	for k := 1; k < len(s.Units); k++ {
		if s.Units[k].ID == s.Units[k-1].ID {
			return nil, fmt.Errorf("ant %d is listed twice", s.Units[k].ID)
		}
	}
	if s.Units == nil {
		s.Units = []Unit{}
	}
	prev := im.prev
	if prev != nil && slices.Equal(prev.ResType, resType) && slices.Equal(prev.ResAmount, resAmt) {
		s.ResType, s.ResAmount = prev.ResType, prev.ResAmount
	} else {
		s.ResType, s.ResAmount = resType, resAmt
	}
	im.amounts(s)
	for _, a := range t.Attacks {
		c, ok := im.colonyOf[a.Attacker]
		if !ok {
			return nil, fmt.Errorf("attacks: attacker %d is no unit or base of the log", a.Attacker)
		}
		s.Attacks = append(s.Attacks, Hit{Attacker: a.Attacker, Defender: a.Defender, From: Cell{wrap(a.SrcCol, im.w), wrap(a.SrcRow, im.h)},
			To: Cell{wrap(a.DstCol, im.w), wrap(a.DstRow, im.h)}, Colony: c})
	}
	for c, v := range [2]struct {
		health, workers, soldiers, cur0, tot0, cur1, tot1 int
		trivial, important                                []logMsg
	}{
		{t.Base0Health, t.T0Created, t.T0CreatedS, t.T0Cur0, t.T0Tot0, t.T0Cur1, t.T0Tot1, t.Trivial0, t.Important0},
		{t.Base1Health, t.T1Created, t.T1CreatedS, t.T1Cur0, t.T1Tot0, t.T1Cur1, t.T1Tot1, t.Trivial1, t.Important1},
	} {
		col := &s.Colonies[c]
		col.BaseHealth, col.CreatedWorkers, col.CreatedSoldiers = v.health, v.workers, v.soldiers
		col.Delivered, col.Bread, col.Grass = [2]int{v.cur0, v.cur1}, v.tot0, v.tot1
		for _, m := range v.trivial {
			col.Trivial = append(col.Trivial, Msg{Text: m.Text, Value: m.Value, Sender: m.Sender, Turn: s.Turn})
		}
		col.Chat = im.box(c, v.important, s.Turn)
	}
	im.prev = s
	return s, nil
}

// box is colony c's accepted box of this turn: the last turn's, grown by
// the messages stamped this turn; it shares memory with the last one.
func (im *importer) box(c int, msgs []logMsg, turn int) []Msg {
	box := im.boxes[c]
	same := len(msgs) >= len(box)
	for k := 0; same && k < len(box); k++ {
		same = box[k].Text == msgs[k].Text && box[k].Value == msgs[k].Value && box[k].Sender == msgs[k].Sender
	}
	if !same {
		box = nil
	}
	for _, m := range msgs[len(box):] {
		box = append(box, Msg{Text: m.Text, Value: m.Value, Sender: m.Sender, Turn: turn})
	}
	im.boxes[c] = box
	return slices.Clip(box)
}

// amounts infers what workers carry: the same as before while the type
// stays; a new load is what its cell lost, shared among the workers that
// loaded there.
func (im *importer) amounts(s *State) {
	prev := im.prev
	if prev == nil {
		return
	}
	loaders := map[int][]int{}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Carry == NoRes {
			continue
		}
		if p, ok := prev.Unit(u.ID); ok && p.Carry == u.Carry {
			u.Amount = p.Amount
			continue
		}
		at := s.At(u.Cell())
		loaders[at] = append(loaders[at], i)
	}
	for at, list := range loaders {
		lost := 0
		if prev.ResType[at] == s.Units[list[0]].Carry {
			lost = prev.ResAmount[at]
			if s.ResType[at] == prev.ResType[at] {
				lost -= s.ResAmount[at]
			}
		}
		for k, i := range list {
			share := lost / len(list)
			if k < lost%len(list) {
				share++
			}
			s.Units[i].Amount = min(max(share, 0), Capacity)
		}
	}
}

// judgeRecord is why the recorded winner won, by the judge's order (§1):
// "base", a criterion of the tie-break, "random", or "recorded" when the
// record does not explain it (a forfeit).
func judgeRecord(s *State, winner int) string {
	h0, h1 := s.Colonies[0].BaseHealth, s.Colonies[1].BaseHealth
	if (h0 > 0) != (h1 > 0) {
		if (h0 > 0) == (winner == 0) {
			return "base"
		}
		return "recorded"
	}
	score := [2][6]int{s.Judged(0), s.Judged(1)}
	for k, name := range criteria {
		if score[0][k] != score[1][k] {
			if (score[0][k] > score[1][k]) == (winner == 0) {
				return name
			}
			return "recorded"
		}
	}
	return "random"
}
