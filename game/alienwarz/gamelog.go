package alienwarz

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/arena-games/arena/game"
)

// Importer reads the original's game log (ImportLog).
func (Title) Importer() game.Importer {
	return game.Importer{Name: "AlienWarz game log (gameLog_*.txt)", Detect: isGameLog, Import: ImportLog}
}

// LogTurn is one turn of a game log: the view written to the player to act
// (nil when the log lacks it) and the action it answered (Action is the
// log text; HasAction is false when none was logged: a line that did not
// parse, or no answer in time).
type LogTurn struct {
	View      []byte
	Action    string
	HasAction bool
	Line      int // the line number of the turn's first line, from 1
}

// GameLog is what a game log holds: the turns in order, and the final
// "Game State" view and "Game Over!" message when the game ended.
type GameLog struct {
	Turns    []LogTurn
	Final    []byte
	GameOver string
}

// The messages of §5.3 that the reader uses.
const (
	msgInvoking  = "Invoking script for player "
	msgWriting   = "Writing to process: "
	msgAction    = "ACTION: "
	msgSwitching = "Switching Player!"
	msgGameOver  = "Game Over! "
	msgGameState = "Game State: "
)

// isGameLog tells a game log (or a file of view lines) from other files by
// its content.
func isGameLog(_ string, data []byte) bool {
	head := data[:min(len(data), 64<<10)]
	if bytes.Contains(head, []byte("] Log: "+msgWriting+"{")) || bytes.Contains(head, []byte("] Log: "+msgAction)) {
		return true
	}
	head = bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), " \t\r\n")
	return bytes.HasPrefix(head, []byte("{")) && bytes.Contains(head, []byte(`"firstPlayerTurn"`)) && bytes.Contains(head, []byte(`"board"`))
}

// GameLogLimit bounds a game log: the original's of a whole game is 40 KB
// with its views.
var GameLogLimit = game.Limit{What: "an AlienWarz game log", Max: 64 << 20}

// ReadLog reads a game log of the original referee (§5.3), or ours: lines
// "[<time>] <type>: <message>", of which it uses the views written to the
// bots, the actions, the turn boundaries ("Invoking script", "Switching
// Player!"), and the end ("Game Over!", "Game State:"). A line that is a bare
// view ({"turn":...}) is a turn's view too. A "\r" at a line's end or inside
// a view is tolerated. Thread hand-off may put a turn's ACTION before its
// view: within a turn's boundaries the order does not matter, and without
// boundaries a turn has at most one view and one action.
func ReadLog(data []byte) (*GameLog, error) {
	if err := GameLogLimit.Check("game log", data); err != nil {
		return nil, err
	}
	g := &GameLog{}
	var cur *LogTurn
	closed := true // the next view or action starts a new turn
	open := func(line int) *LogTurn {
		g.Turns = append(g.Turns, LogTurn{Line: line})
		closed = false
		return &g.Turns[len(g.Turns)-1]
	}
	for i, raw := range bytes.Split(data, []byte("\n")) {
		line := string(bytes.TrimRight(raw, "\r"))
		msg := line
		if trimmed := strings.TrimLeft(strings.TrimPrefix(line, "\ufeff"), " \t"); strings.HasPrefix(trimmed, "{") {
			msg = msgWriting + trimmed
		} else if _, rest, ok := strings.Cut(line, "] "); ok && strings.HasPrefix(line, "[") {
			if _, m, ok := strings.Cut(rest, ": "); ok {
				msg = m
			}
		} else {
			continue
		}
		switch {
		case strings.HasPrefix(msg, msgInvoking), strings.HasPrefix(msg, msgSwitching):
			closed = true
		case strings.HasPrefix(msg, msgWriting):
			if closed || cur.View != nil {
				cur = open(i + 1)
			}
			cur.View = []byte(strings.TrimPrefix(msg, msgWriting))
		case strings.HasPrefix(msg, msgAction):
			if closed || cur.HasAction {
				cur = open(i + 1)
			}
			cur.Action, cur.HasAction = strings.TrimPrefix(msg, msgAction), true
		case strings.HasPrefix(msg, msgGameOver):
			g.GameOver = strings.TrimPrefix(msg, msgGameOver)
			closed = true
		case strings.HasPrefix(msg, msgGameState):
			g.Final = []byte(strings.TrimPrefix(msg, msgGameState))
			closed = true
		}
	}
	if len(g.Turns) == 0 && g.Final == nil {
		return nil, errors.New("game log: no views and no actions")
	}
	return g, nil
}

// LogDiff is a view of the log that the engine did not reproduce.
type LogDiff struct {
	Line      int    // the line of the log's view
	Turn      int    // the turn of the log's view, or -1 when it does not read
	Want, Got []byte // the log's view (without "\r") and the engine's
}

// Replayed is a game log played again by the engine: frame 0 is the first
// view's state, then one frame per action. Compared counts the later views
// that were compared with the engine's; Diffs are those that differed,
// where the frame shows the log's state and the engine goes on from it.
type Replayed struct {
	Start    []byte
	Frames   []game.Frame
	Compared int
	Diffs    []LogDiff
}

// Replay plays the log with the rules r (nil: the defaults), starting from
// its first view that reads.
func (g *GameLog) Replay(r *Rules) (*Replayed, error) {
	first := -1
	var start *State
	var err error
	for i, t := range g.Turns {
		if t.View == nil {
			continue
		}
		if start, err = ReadView(t.View); err == nil {
			first = i
			break
		}
	}
	if first < 0 {
		if err == nil {
			err = errors.New("no view")
		}
		return nil, fmt.Errorf("game log: no view to start from: %w", err)
	}
	eng := NewEngine(start, r)
	rp := &Replayed{Start: bytes.ReplaceAll(g.Turns[first].View, []byte("\r"), nil)}
	f0 := eng.Frame()
	rp.Frames = append(rp.Frames, f0)
	for i := first; i < len(g.Turns) && !eng.Over(); i++ {
		t := g.Turns[i]
		if i == len(g.Turns)-1 && !t.HasAction && g.Final == nil {
			break // the log ends before the answer
		}
		line := ""
		if t.HasAction {
			if c, err := ParseLogText(t.Action); err == nil {
				line = c.String()
			}
		}
		seat := game.Seat(eng.state.ToAct - 1)
		if err := eng.Step(map[game.Seat]string{seat: line}); err != nil {
			return nil, err
		}
		f := eng.Frame()
		f.Turn = len(rp.Frames)
		var want []byte
		wantLine := 0
		switch {
		case i+1 < len(g.Turns):
			want, wantLine = g.Turns[i+1].View, g.Turns[i+1].Line
		case g.Final != nil:
			want = g.Final // its line is 0
		}
		if want != nil {
			rp.Compared++
			want = bytes.ReplaceAll(want, []byte("\r"), nil)
			got := eng.state.View(eng.state.ToAct)
			if wantLine == 0 { // the final state, shown after the end
				got = eng.state.View(seatOf(want))
			}
			if !bytes.Equal(want, got) {
				d := LogDiff{Line: wantLine, Turn: -1, Want: want, Got: got}
				if st, err := ReadView(want); err == nil {
					d.Turn = st.Turn
					eng = NewEngine(st, r)
					f.State, f.ToMove, f.Over = eng.state, eng.ToMove(), eng.Over()
				}
				rp.Diffs = append(rp.Diffs, d)
			}
		}
		rp.Frames = append(rp.Frames, f)
	}
	if g.GameOver != "" && !eng.Over() {
		last := &rp.Frames[len(rp.Frames)-1]
		last.Over, last.ToMove, last.Result = true, nil, resultOf(g.GameOver, eng.state)
	}
	return rp, nil
}

// seatOf is the player a view was written to: 1 when firstPlayerTurn is
// true.
func seatOf(view []byte) int {
	if bytes.Contains(view, []byte(`"firstPlayerTurn":true`)) {
		return 1
	}
	return 2
}

// resultOf reads the original's "Game Over!" message (§5.3) by the players'
// names in s.
func resultOf(msg string, s *State) game.Result {
	for p := 1; p <= 2; p++ {
		name := s.Players[p-1].Name
		switch {
		case msg == name+" has no energy left!":
			return game.Result{Winner: 3 - p, Ranking: []int{3 - p, p}, Reason: "exhausted"}
		case strings.HasPrefix(msg, "Turn for "+name):
			return game.Result{Winner: 3 - p, Ranking: []int{3 - p, p}, Reason: "forfeit"}
		case strings.HasPrefix(msg, name+" had more "):
			reason := "turns"
			for what, why := range criteria {
				if strings.HasPrefix(msg, name+" had more "+what+" ") {
					reason = why
				}
			}
			return game.Result{Winner: p, Ranking: []int{p, 3 - p}, Reason: reason}
		}
	}
	return game.Result{Ranking: []int{1, 2}, Reason: "draw"}
}

// ImportLog reads a game log (ReadLog) into a recording of full-state
// frames: the engine plays the log's actions from its first view, and where
// a later view differs, the frame shows the log's state. Its config starts
// from the first view (the option start), so its moves re-simulate the
// game where the engine reproduced the log; its players are the log's
// team names.
func ImportLog(name string, data []byte) (*game.Recording, error) {
	g, err := ReadLog(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	rp, err := g.Replay(nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	h := game.Header{Format: game.ReplayFormat, Version: game.ReplayVersion, Title: Title{}.ID(),
		Config: game.Config{Seats: 2, Options: map[string]string{OptStart: string(rp.Start)}},
		Seats:  []string{"unknown", "unknown"}}
	if st, ok := rp.Frames[0].State.(*State); ok {
		h.Players = []string{st.Players[0].Name, st.Players[1].Name}
	}
	tl := game.NewTimeline(rp.Frames[0], true)
	for _, f := range rp.Frames[1:] {
		tl.Append(f)
	}
	tl.Finish()
	return &game.Recording{Title: Title{}, Header: h, Timeline: tl, Source: "AlienWarz game log"}, nil
}
