package gametest

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"testing"

	"github.com/arena-games/arena/game"
)

// verification edits the match's replay, a line at a time: a move, a
// step's events, a keyframe, the result. Each edited replay is refused, by
// game.Open and by a game.Follower reading its lines, with an error that
// names the edited turn.
func (g *match) verification(t *testing.T) {
	last := g.last()
	k, seat := g.editableMove(t)
	g.refusedAt(t, fmt.Sprintf("%s's move of step %d edited", seat, k), k, editLine(t, g.lines, "step", k, func(l map[string]json.RawMessage) {
		var moves map[string]string
		json.Unmarshal(l["moves"], &moves)
		moves[strconv.Itoa(seat.Number())] = garbage[0]
		l["moves"] = mustJSON(moves)
	}))
	g.refusedAt(t, fmt.Sprintf("the events of step %d edited", k), k, editLine(t, g.lines, "step", k, func(l map[string]json.RawMessage) {
		l["events"] = mustJSON("edited")
	}))
	claims := []game.Result{
		{Winner: g.result.Winner%g.title.Seats() + 1, Ranking: g.result.Ranking, Reason: g.result.Reason},
		{Winner: g.result.Winner, Ranking: g.result.Ranking, Reason: g.result.Reason + "!"},
	}
	for _, claim := range claims {
		g.refusedAt(t, fmt.Sprintf("the result edited to %+v", claim), last, editLine(t, g.lines, "result", 0, func(l map[string]json.RawMessage) {
			l["result"] = mustJSON(claim)
		}))
	}
	g.refusedAt(t, "the result counting another turn", last, editLine(t, g.lines, "result", 0, func(l map[string]json.RawMessage) {
		l["turns"] = mustJSON(last + 1)
	}))
	every := replayLines(t, g.everyKeyframe(t))
	key := max(1, last/2)
	other := g.states[key-1]
	if bytes.Equal(other, g.states[key]) {
		other = []byte(`{"edited":true}`)
	}
	g.refusedAt(t, fmt.Sprintf("the keyframe after step %d edited", key), key, editLine(t, every, "keyframe", key, func(l map[string]json.RawMessage) {
		l["state"] = other
	}))
}

// editableMove finds a step, from the middle of the game on, and a seat
// whose move, edited to garbage[0], changes the step's events: an edit the
// replay's digests tell.
func (g *match) editableMove(t *testing.T) (int, game.Seat) {
	steps := g.steps()
	for i := range steps {
		k := (g.last()/2+i)%g.last() + 1
		for _, s := range sortedSeats(steps[k-1]) {
			if steps[k-1][s] == garbage[0] {
				continue
			}
			rec, eng, err := game.Play(g.title, g.replay.Header, steps[:k-1])
			if err != nil {
				t.Fatal(err)
			}
			edited := map[game.Seat]string{}
			for seat, m := range steps[k-1] {
				edited[seat] = m
			}
			edited[s] = garbage[0]
			if err := advance(rec, eng, edited); err != nil {
				t.Fatalf("step %d with %s's move edited to %q: %v", k, s, garbage[0], err)
			}
			if game.EventDigest(rec.Timeline.Last().Events) != game.EventDigest(g.frames[k].Events) {
				return k, s
			}
		}
	}
	t.Fatalf("no move of the game, edited to %q, changes its step's events: a replay's digests cannot tell an edited move", garbage[0])
	return 0, 0
}

// refusedAt checks that the replay of lines is refused, by game.Open and
// by a follower, naming turn.
func (g *match) refusedAt(t *testing.T, what string, turn int, lines [][]byte) {
	t.Helper()
	names := regexp.MustCompile(fmt.Sprintf(`\b(turn|step) %d\b`, turn))
	_, err := game.Open("edited.arena", gzipLines(lines))
	switch {
	case err == nil:
		t.Fatalf("a replay with %s opens", what)
	case !names.MatchString(err.Error()):
		t.Fatalf("a replay with %s is refused without naming turn %d: %v", what, turn, err)
	}
	f, err := game.Follow(lines[0])
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range lines[1:] {
		if err = f.Line(line); err != nil {
			if !names.MatchString(err.Error()) {
				t.Fatalf("a stream with %s is refused at its line %d without naming turn %d: %v", what, i+2, turn, err)
			}
			return
		}
	}
	t.Fatalf("a stream with %s is followed to its end", what)
}

// editLine returns a copy of a replay's lines where edit changed the line
// of kind ("step", "keyframe" or "result") and number n (0 for the
// result).
func editLine(t *testing.T, lines [][]byte, kind string, n int, edit func(map[string]json.RawMessage)) [][]byte {
	t.Helper()
	out := make([][]byte, len(lines))
	copy(out, lines)
	for i, line := range lines[1:] {
		var l map[string]json.RawMessage
		if err := json.Unmarshal(line, &l); err != nil {
			t.Fatal(err)
		}
		raw, ok := l[kind]
		if !ok || kind != "result" && string(raw) != strconv.Itoa(n) {
			continue
		}
		edit(l)
		out[i+1] = mustJSON(l)
		return out
	}
	t.Fatalf("the replay has no %s line %d", kind, n)
	return nil
}

// replayLines are the lines of a replay file.
func replayLines(t *testing.T, data []byte) [][]byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Split(bytes.TrimSuffix(raw, []byte("\n")), []byte("\n"))
}

// gzipLines is a replay file of lines.
func gzipLines(lines [][]byte) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	for _, l := range lines {
		zw.Write(l)
		zw.Write([]byte("\n"))
	}
	zw.Close()
	return b.Bytes()
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
