package guardains

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arena-games/arena/game/gametest/hostile"
)

// FuzzParseAction feeds the action reader anything: it never panics, and
// what it accepts lies on the board and plays without a panic.
func FuzzParseAction(f *testing.F) {
	for _, seed := range []string{
		`{"action_type": "MOVE", "troop": "Gamora", "target": "(0, 1)", "player_id": "player1", "round_no": 0}`,
		`{"action_type": "ATTACK", "guardian": "Drax", "target": "((3,4))", "player_id": "player2", "round_no": 1e400}`,
		`{"action_type": "SPECIAL", "troop": "Gamora", "target": " (1, 2)", "player_id": 7, "round_no": -0.0}`,
		"MOVE Gamora 3 4", "attack rocket 0 0", "", "{", `{"target": [3, 4]}`, `"MOVE"`, "(((1,2)))",
		Ack, "MOVE Gamora 3 4\n" + NoAck, "7\n[1]\nnull\n" + NoAck,
	} {
		f.Add(seed)
	}
	s := start(o10(), nil)
	f.Fuzz(func(t *testing.T, move string) {
		a, err := ParseAction(move, 10, 10, false, 1, 0)
		if err == nil {
			if a.Target.X < 0 || a.Target.Y < 0 || a.Target.X >= 10 || a.Target.Y >= 10 {
				t.Fatalf("%q: target %s off the board", move, a.Target)
			}
			if a.Type != Move && a.Type != Attack && a.Type != Special {
				t.Fatalf("%q: type %q", move, a.Type)
			}
		}
		_, _ = ParseTarget(move)
		_ = s.Check(1, move)
		next := s.clone()
		next.play([2]string{move, move})
		// Each line is an action event (-2 when malformed), then the
		// window's end (-2 at most).
		events := strings.Count(move, "\n") + 1
		if next.Penalty[0] < MaxPenalty-(events+1)*PenaltyError || next.Penalty[0] > MaxPenalty {
			t.Fatalf("%q: penalty %d", move, next.Penalty[0])
		}
	})
}

// FuzzReadTranscript feeds the transcript reader and importer anything,
// plain or gzip: they never panic.
func FuzzReadTranscript(f *testing.F) {
	if data, err := os.ReadFile(filepath.Join(fixtureDir, transcriptFile)); err == nil {
		if events, err := ReadTranscript(data); err == nil {
			var head bytes.Buffer
			for _, ev := range events[:11] {
				head.WriteString(`{"dir": "` + ev.Dir + `", "event": "` + ev.Event + `", "data": ` + string(ev.Data) + "}\n")
			}
			f.Add(head.Bytes())
		}
	}
	var zipped bytes.Buffer
	zw := gzip.NewWriter(&zipped)
	zw.Write([]byte(`{"dir": "S2C", "event": "game_status", "data": "Game Over"}` + "\n"))
	zw.Close()
	f.Add(zipped.Bytes())
	f.Add([]byte(`{"dir": "C2S", "event": "action", "data": {"action_type": "MOVE"}}`))
	f.Add([]byte(`{"dir": "S2C", "event": "action", "data": {"movegen": {}, "feedback": [], "penalty_score": 1, "round_no": 0}}`))
	f.Add([]byte{0x1f, 0x8b, 8, 0})
	hostile.Seed(f, `{"dir": "S2C", "event": "connected", "data": 1}`+"\n", TranscriptLimit.Max)
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = ReadTranscript(data)
		if isTranscript("x", data) {
			_, _ = ImportTranscript("x", data)
		}
		_, _ = ReadView(1, data)
	})
}

// FuzzReadLevel feeds the level reader anything: it never panics, and a
// level it reads writes back to what it read (line ends aside).
func FuzzReadLevel(f *testing.F) {
	f.Add([]byte(mazeA))
	f.Add([]byte("|-|-|\n|1 2|\n|-|-|\n"))
	f.Add([]byte("|-|-|\r\n|S|2|\r\n|-|-|"))
	f.Add([]byte(""))
	hostile.Seed(f, "|-|-|\n", LevelLimit.Max)
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := ParseLevel("fuzz", data)
		if err != nil {
			return
		}
		again, err := ParseLevel("again", l.Text())
		if err != nil {
			t.Fatalf("the level's own text does not read: %v", err)
		}
		if !bytes.Equal(again.Text(), l.Text()) {
			t.Fatal("the level's text does not read back the same")
		}
	})
}
