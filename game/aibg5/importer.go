package aibg5

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/hex"
)

// Importer reads a sequence of the original's gameStates (ImportStates).
func (Title) Importer() game.Importer {
	return game.Importer{Name: "AIBG 5.0 gameState sequence (JSON)", Detect: isStateSequence, Import: ImportStates}
}

// isStateSequence tells a file of original gameStates from other files:
// JSON text that starts with an object (or a string) and mentions the
// state's "tiles" and "scoreBoard" early on.
func isStateSequence(_ string, data []byte) bool {
	head := bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), " \t\r\n")
	if len(head) == 0 || (head[0] != '{' && head[0] != '"') {
		return false
	}
	head = head[:min(len(head), 512<<10)]
	return bytes.Contains(head, []byte("scoreBoard")) && bytes.Contains(head, []byte("tiles"))
}

// playerAttack is a spectator frame's "playerAttack": the cell an
// attacking player's shot hit.
type playerAttack struct {
	PlayerIdx int `json:"playerIdx"`
	Q         int `json:"q"`
	R         int `json:"r"`
}

// value is one JSON value of an imported file, as far as the import cares.
type value struct {
	state  []byte        // the gameState JSON (or a JSON string holding it); nil when the value has none
	attack *playerAttack // the spectator frame's playerAttack
	player int           // the acting player of one of our §5.2 lines
	action *string       // its action
	header *struct {
		Map   string   `json:"map"`
		Seed  int64    `json:"seed"`
		Names []string `json:"names"`
	}
}

// readValue finds the state in one value of an imported file: a gameState,
// a JSON string holding one, an object carrying it under "gameState" (the
// joinGame response, an actionTrain or doAction reply, a spectator frame:
// with its "playerAttack"), a line of the replay of §5.2 (its "frame"; the
// header line names the map, the seed and the players), or none (a reply
// with only a "message").
func readValue(raw json.RawMessage) (value, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] == '"' {
		return value{state: raw}, nil
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(raw, &keys); err != nil {
		return value{}, fmt.Errorf("expected a JSON object or string: %w", err)
	}
	var v value
	switch {
	case keys["frame"] != nil:
		inner, err := readValue(keys["frame"])
		if err != nil {
			return value{}, fmt.Errorf("frame: %w", err)
		}
		v = inner
		_ = json.Unmarshal(keys["playerIdx"], &v.player)
		if a, ok := keys["action"]; ok {
			var s *string
			if err := json.Unmarshal(a, &s); err == nil && s != nil {
				v.action = s
			}
		}
		return v, nil
	case keys["gameState"] != nil:
		v.state = keys["gameState"]
		if pa := bytes.TrimSpace(keys["playerAttack"]); len(pa) > 0 {
			if pa[0] == '"' {
				var inner string
				if err := json.Unmarshal(pa, &inner); err == nil {
					pa = []byte(inner)
				}
			}
			var a *playerAttack
			if json.Unmarshal(pa, &a) == nil && a != nil {
				v.attack = a
			}
		}
	case keys["map"] != nil && keys["scoreBoard"] != nil:
		v.state = raw
	case keys["game"] != nil:
		if err := json.Unmarshal(raw, &v.header); err != nil {
			return value{}, fmt.Errorf("header: %w", err)
		}
	}
	return v, nil
}

// StatesLimit bounds a gameState sequence: a whole game's states, each
// about 50 KB, sent twice by the spectator stream, many times over.
var StatesLimit = game.Limit{What: "an AIBG 5.0 gameState sequence", Max: game.MaxInput}

// ImportStates reads a sequence of original gameStates as a recording of
// full-state frames: one JSON value after another (one per line, or
// pretty-printed), each a gameState or a message carrying one (see
// readValue). Repeated states (the spectator stream's timer ticks) are
// dropped. The events of each frame are derived from the difference with
// the previous state; the last frame ends the recording, ranked as R23
// ranks the last state. name is used in errors.
func ImportStates(name string, data []byte) (*game.Recording, error) {
	if err := StatesLimit.Check(name, data); err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))))
	h := game.Header{Format: game.ReplayFormat, Version: game.ReplayVersion, Title: Title{}.ID(), Config: game.Config{Seats: 4}}
	var frames []game.Frame
	var prev *State
	var prevJSON []byte
	rounds := 0
	for n := 1; ; n++ {
		var raw json.RawMessage
		if err := dec.Decode(&raw); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("%s: value %d: %w", name, n, err)
		}
		v, err := readValue(raw)
		if err != nil {
			return nil, fmt.Errorf("%s: value %d: %w", name, n, err)
		}
		if v.header != nil {
			h.Config.Map, h.Config.Seed = v.header.Map, v.header.Seed
			continue
		}
		if v.state == nil {
			continue
		}
		s, err := ReadState(v.state)
		if err != nil {
			return nil, fmt.Errorf("%s: value %d: %w", name, n, err)
		}
		js, _ := s.GameState()
		if bytes.Equal(js, prevJSON) {
			continue
		}
		f := game.Frame{Turn: len(frames), State: s}
		if prev != nil {
			f.Events = diffEvents(prev, s, v.attack)
			f.Moves = movesOf(f.Events, v)
		}
		for _, ev := range f.Events {
			if ev.Kind == EventBoss {
				rounds++
			}
		}
		s.Turn, s.Round = len(frames), rounds
		frames = append(frames, f)
		prev, prevJSON = s, js
	}
	if len(frames) == 0 {
		return nil, fmt.Errorf("%s: no gameState in the file: expected the original server's gameState JSON, one per line", name)
	}
	for i := range prev.Players {
		h.Seats = append(h.Seats, prev.Players[i].Name)
	}
	// The states do not say that the game ended: it did when one ship or
	// none is left, or after the default number of rounds; otherwise the
	// recording stops before its end.
	last := &frames[len(frames)-1]
	switch {
	case prev.Active() <= 1:
		last.Over, last.Result = true, resultOf(prev, ReasonAlone)
	case rounds >= DefaultRounds:
		last.Over, last.Result = true, resultOf(prev, ReasonRounds)
	}
	tl := game.NewTimeline(frames[0], true)
	for _, f := range frames[1:] {
		tl.Append(f)
	}
	tl.Finish()
	return &game.Recording{Title: Title{}, Header: h, Timeline: tl, Source: "AIBG 5.0 gameState sequence"}, nil
}

// movesOf is the move of a frame: the action of a §5.2 line, else the one
// the events show (a move, or the spectator frame's attack).
func movesOf(events []game.Event, v value) map[game.Seat]string {
	if v.action != nil && v.player >= 1 && v.player <= 4 {
		return map[game.Seat]string{game.Seat(v.player - 1): *v.action}
	}
	for _, ev := range events {
		switch d := ev.Data.(type) {
		case Attacked:
			return map[game.Seat]string{game.Seat(d.Player - 1): Attack(d.Target)}
		case Moved:
			to := d.To
			if d.Via != nil {
				to = *d.Via
			}
			return map[game.Seat]string{game.Seat(d.Player - 1): Move(to)}
		}
	}
	return nil
}

// diffEvents are the events that lead from prev to cur, as far as two
// states show them; attack is the spectator frame's playerAttack.
func diffEvents(prev, cur *State, attack *playerAttack) []game.Event {
	var out []game.Event
	add := func(kind string, idx int, text string, data any) {
		out = append(out, game.Event{Kind: kind, Seat: game.Seat(idx - 1), Text: text, Data: data})
	}
	if attack != nil && attack.PlayerIdx >= 1 && attack.PlayerIdx <= 4 {
		at := hex.Hex{Q: attack.Q, R: attack.R}
		if t, ok := prev.TileAt(at); ok {
			victim, _ := prev.PlayerAt(at)
			a := Attacked{Player: attack.PlayerIdx, Target: at, Hit: at, What: t.Kind, Victim: victim}
			if victim != 0 || t.Kind.Full() {
				a.Damage = prev.Player(attack.PlayerIdx).Power
			}
			add(EventAttack, a.Player, fmt.Sprintf("P%d shoots at %s", a.Player, cellName(at)), a)
		}
	}
	for i := range cur.Players {
		p0, p1 := &prev.Players[i], &cur.Players[i]
		idx := p1.Idx
		if p0.Removed || p1.Removed {
			if !p0.Removed {
				add(EventRemoved, idx, fmt.Sprintf("P%d is removed", idx), Removed{Player: idx})
			}
			continue
		}
		switch {
		case p1.Deaths > p0.Deaths:
			killer := 0
			for k := range cur.Players {
				if cur.Players[k].Kills > prev.Players[k].Kills {
					killer = k + 1
				}
			}
			add(EventDeath, idx, fmt.Sprintf("P%d is destroyed", idx), Died{Player: idx, Killer: killer, At: p0.Pos, Respawn: p1.Pos})
		case p1.Pos != p0.Pos:
			m := Moved{Player: idx, From: p0.Pos, To: p1.Pos}
			if hex.Distance(p0.Pos, p1.Pos) > 1 {
				for _, n := range p0.Pos.Neighbours() {
					w, ok := index(n)
					if ok && prev.Tiles[w].Kind == Wormhole && prev.partner(w) >= 0 && cells[prev.partner(w)].Add(n.Sub(p0.Pos)) == p1.Pos {
						m.Via = &n
						break
					}
				}
			}
			add(EventMove, idx, fmt.Sprintf("P%d moves %s → %s", idx, cellName(p0.Pos), cellName(p1.Pos)), m)
		}
		if p1.Level > p0.Level {
			add(EventLevelUp, idx, fmt.Sprintf("P%d reaches level %d", idx, p1.Level), LevelUp{Player: idx, Level: p1.Level})
		}
		if p1.Trapped && !p0.Trapped {
			add(EventTrapped, idx, fmt.Sprintf("P%d is caught in a black hole", idx), Trapped{Player: idx, At: p1.Pos})
		}
	}
	for i := range cur.Tiles {
		k0, k1 := prev.Tiles[i].Kind, cur.Tiles[i].Kind
		if k0 == k1 {
			continue
		}
		at := cells[i]
		switch {
		case (k0 == Health || k0 == Experience) && k1 == Empty:
			by, _ := cur.PlayerAt(at)
			add(EventPickup, by, fmt.Sprintf("%s picked up at %s", k0, cellName(at)), Picked{Player: by, Item: k0, At: at})
		case k0 == Asteroid && k1 == Empty:
			by := 0
			if attack != nil && attack.Q == at.Q && attack.R == at.R {
				by = attack.PlayerIdx
			}
			add(EventAsteroid, by, fmt.Sprintf("The asteroid at %s is destroyed", cellName(at)), AsteroidDestroyed{At: at, By: by})
		}
		if k1 == Health || k1 == Experience {
			add(EventItem, 0, fmt.Sprintf("%s appears at %s", k1, cellName(at)), ItemSpawned{Item: k1, At: at})
		}
	}
	if b := cur.Boss; b.Action && (!prev.Boss.Action || !slices.Equal(prev.Boss.Attacked, b.Attacked)) {
		add(EventBoss, 0, "The boss strikes", bossStrikeOf(prev, cur))
	}
	return out
}

// bossStrikeOf is the boss turn that the attacked tiles of cur show.
func bossStrikeOf(prev, cur *State) BossStrike {
	var st BossStrike
	for _, h := range cur.Boss.Attacked {
		if Zone(h) == 1 {
			st.Direct = append(st.Direct, h)
		} else {
			st.Pattern = append(st.Pattern, h)
		}
	}
	if len(st.Pattern) > 0 {
		st.PatternKind = 2
		for _, p := range Pattern1 {
			if slices.Equal(p, st.Pattern) {
				st.PatternKind = 1
			}
		}
	}
	for i := range cur.Players {
		p0, p1 := &prev.Players[i], &cur.Players[i]
		if !p1.Removed && (p1.Health < p0.Health || p1.Deaths > p0.Deaths) && slices.Contains(cur.Boss.Attacked, p0.Pos) {
			st.Damaged = append(st.Damaged, p1.Idx)
		}
	}
	return st
}
