package santoriniengine

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/arena-games/arena/game/santorini"
)

// santorini-ai's `uci` program (JPricey/santorini-ai) speaks one line each
// way: `set_position HEIGHTS/SIDE/mortal:P1/mortal:P2` starts a search at
// once, `stop` ends it, `quit` ends the program. It answers JSON lines, of
// which the bridge reads {"type":"started"} and the best_move lines:
//
//	{"type":"best_move","original_str":POSITION,"next_state":...,"trigger":T,
//	 "meta":{"score":S,"calculated_depth":D,"nodes_visited":N,"elapsed_seconds":X,"action_str":M,...}}
//
// T is seed (a first legal move), saved (the move its table kept),
// improvement (a new best move at the root: the first move searched at each
// depth is one), end_of_line (the game's outcome is found: a win at once, or
// every move loses; it comes at each depth until the search ends by itself)
// or stop_flag (the answer to stop: the search has ended). The lines of one
// search all come before those of the next.

// The triggers of santorini-ai's best_move lines.
const (
	saiSeed        = "seed"
	saiSaved       = "saved"
	saiImprovement = "improvement"
	saiEndOfLine   = "end_of_line"
	saiStopFlag    = "stop_flag"
)

// Bounds of a best_move line's numbers; santorini-ai's scores are 16-bit,
// a win ±(10000 − ply) and anything beyond ±9000 a win or a loss.
const (
	saiMaxDepth   = 1000
	saiMaxScore   = 20000
	saiWinScore   = 10000
	saiWinBuffer  = 9000
	saiMaxElapsed = 24 * 3600 // seconds
	saiMaxAction  = 32        // bytes of action_str
)

// saiBest is one best_move line of santorini-ai, read and bounded.
type saiBest struct {
	Position string  // original_str: the position the search was started on
	Trigger  string  // seed, saved, improvement, end_of_line or stop_flag
	Action   string  // action_str as santorini-ai wrote it
	Move     Move    // the action in Arena's protocol (not yet checked on a board)
	Depth    int     // calculated_depth
	Score    float64 // meta.score on Arena's scale (Info.Score)
	Nodes    uint64  // nodes_visited since the search started
	Elapsed  time.Duration
}

// info is the line as an Arena info line.
func (b *saiBest) info() Info {
	in := Info{Depth: b.Depth, Score: b.Score, Nodes: b.Nodes, PV: []Move{b.Move}}
	if b.Elapsed > 0 {
		in.NPS = uint64(float64(b.Nodes) / b.Elapsed.Seconds())
	}
	return in
}

// saiJSON is the part of a line the bridge reads; the rest is ignored.
type saiJSON struct {
	Type        string  `json:"type"`
	OriginalStr *string `json:"original_str"`
	Trigger     string  `json:"trigger"`
	Meta        *struct {
		Score   *float64 `json:"score"`
		Depth   *float64 `json:"calculated_depth"`
		Nodes   *float64 `json:"nodes_visited"`
		Elapsed *float64 `json:"elapsed_seconds"`
		Action  *string  `json:"action_str"`
	} `json:"meta"`
}

// parseSaiLine reads one line of santorini-ai's output: a *saiBest for a
// best_move line, nil for the other kinds it writes (started, next_moves),
// an error for anything else. The line is at most MaxLine bytes (the
// reader drops longer ones).
func parseSaiLine(line string) (*saiBest, error) {
	line = strings.TrimSpace(line)
	if !strings.HasPrefix(line, "{") {
		return nil, fmt.Errorf("not a JSON line: %q", clip(line))
	}
	var j saiJSON
	if err := json.Unmarshal([]byte(line), &j); err != nil {
		return nil, fmt.Errorf("not a JSON object of santorini-ai: %v", err)
	}
	switch j.Type {
	case "started", "next_moves":
		return nil, nil
	case "best_move":
	default:
		return nil, fmt.Errorf("unknown line type %q (known: started, best_move, next_moves)", clip(j.Type))
	}
	switch j.Trigger {
	case saiSeed, saiSaved, saiImprovement, saiEndOfLine, saiStopFlag:
	default:
		return nil, fmt.Errorf("best_move: unknown trigger %q", clip(j.Trigger))
	}
	m := j.Meta
	if j.OriginalStr == nil || m == nil || m.Score == nil || m.Depth == nil || m.Elapsed == nil || m.Action == nil {
		return nil, errors.New("best_move: want original_str and meta with score, calculated_depth, elapsed_seconds and action_str")
	}
	b := &saiBest{Position: *j.OriginalStr, Trigger: j.Trigger, Action: *m.Action}
	if len(b.Position) > 200 {
		return nil, fmt.Errorf("best_move: original_str of %d bytes is not a position", len(b.Position))
	}
	whole := func(v float64, hi float64) bool { return v >= 0 && v <= hi && v == math.Trunc(v) }
	if !whole(*m.Depth, saiMaxDepth) {
		return nil, fmt.Errorf("best_move: calculated_depth %v is not a whole number 0..%d", *m.Depth, saiMaxDepth)
	}
	b.Depth = int(*m.Depth)
	if s := *m.Score; s != math.Trunc(s) || math.Abs(s) > saiMaxScore {
		return nil, fmt.Errorf("best_move: score %v is not a whole number -%d..%d", s, saiMaxScore, saiMaxScore)
	}
	b.Score = saiScore(*m.Score)
	if m.Nodes != nil {
		if !whole(*m.Nodes, 1<<53) {
			return nil, fmt.Errorf("best_move: nodes_visited %v is not a count", *m.Nodes)
		}
		b.Nodes = uint64(*m.Nodes)
	}
	if e := *m.Elapsed; !(e >= 0 && e <= saiMaxElapsed) {
		return nil, fmt.Errorf("best_move: elapsed_seconds %v is not 0..%d", e, saiMaxElapsed)
	}
	b.Elapsed = time.Duration(*m.Elapsed * float64(time.Second))
	mv, err := parseSaiAction(b.Action)
	if err != nil {
		return nil, fmt.Errorf("best_move: %w", err)
	}
	b.Move = mv
	return b, nil
}

// parseSaiAction reads santorini-ai's action_str for its mortal workers:
// "B2>C2^B1" (from > to ^ build), "B2>C2#" (a winning move) or "PC3 PB2"
// (a placement of both workers).
func parseSaiAction(s string) (Move, error) {
	bad := func() (Move, error) {
		return Move{}, fmt.Errorf("action_str %q is not a move F>T^B, F>T# or PC1 PC2", clip(s))
	}
	if len(s) > saiMaxAction || s == "" {
		return bad()
	}
	if a, b, ok := strings.Cut(s, " "); ok {
		if len(a) != 3 || len(b) != 3 || a[0] != 'P' || b[0] != 'P' {
			return bad()
		}
		c1, ok1 := santorini.ParseCell(a[1:])
		c2, ok2 := santorini.ParseCell(b[1:])
		if !ok1 || !ok2 {
			return bad()
		}
		return Move{Cells: [3]santorini.Cell{c1, c2, santorini.NoCell}, N: 2, Form: Comma}, nil
	}
	win := strings.HasSuffix(s, "#")
	if !win && !strings.Contains(s, "^") || s != strings.ToUpper(s) || strings.Contains(s, ",") {
		return bad()
	}
	m, err := parseCompact(s)
	if err != nil || win != (m.N == 2) {
		return bad()
	}
	return m, nil
}

// saiScore is santorini-ai's score for the side to move on Arena's scale:
// a win in p plies ±(1 000 000 − p), else the evaluation divided by 100.
// santorini-ai counts the plies after the move: its win at once is 10000.
func saiScore(s float64) float64 {
	if math.Abs(s) >= saiWinBuffer {
		ply := max(saiWinScore-math.Abs(s), 0) + 1
		return math.Copysign(1_000_000-ply, s)
	}
	return s / 100
}

// saiPosition is b in santorini-ai's notation: Arena's HEIGHTS/SIDE/P1/P2
// (the same heights, A5 first row by row, and the same side and cells)
// with `mortal:` before each worker list.
func saiPosition(b *santorini.Board) string {
	parts := strings.Split(b.Position(), "/")
	parts[2] = "mortal:" + parts[2]
	parts[3] = "mortal:" + parts[3]
	return strings.Join(parts, "/")
}

// saiTagged is saiPosition(b) with the tag of search n, lowercase letters
// after the heights: santorini-ai reads only the digits 0..4 of HEIGHTS
// and writes the position back as it was sent (original_str), so that the
// lines of a search that ends after its answer are not taken for those of
// the next search, even of the same position.
func saiTagged(b *santorini.Board, n int) string {
	var tag []byte
	for {
		tag = append(tag, byte('a'+n%26))
		n /= 26
		if n == 0 {
			break
		}
	}
	heights, rest, _ := strings.Cut(saiPosition(b), "/")
	return heights + string(tag) + "/" + rest
}

// clip shortens text from a program for an error message.
func clip(s string) string {
	const n = 80
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
