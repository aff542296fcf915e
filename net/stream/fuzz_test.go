package stream

import (
	"testing"

	"github.com/arena-games/arena/game/gametest/hostile"
)

// Every line a client reads of a stream is classified or refused.
func FuzzClassify(f *testing.F) {
	for _, s := range []string{
		`{"format":"arena-replay","version":1,"title":"santorini"}`,
		`{"step":3,"moves":{"1":"C3 B3 A3"},"ms":{"1":12},"events":"x"}`,
		`{"keyframe":50,"state":{}}`,
		`{"result":{"winner":1,"ranking":[1,2],"reason":"level3"},"turns":40}`,
		`{"step":0,"view":{},"to_move":[1,2]}`,
		`{"ask":4,"within_ms":3000}`,
		`{"rejected":4,"error":"illegal"}`,
		`{"wait":"later"}`,
	} {
		f.Add([]byte(s))
	}
	for _, seed := range hostile.Inputs(`{"step":`, 1<<20) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := Classify(data)
		if err == nil && l.Step < 0 {
			t.Fatalf("step %d", l.Step)
		}
	})
}

// Addresses of matches on a server.
func FuzzParseMatchURL(f *testing.F) {
	f.Add("http://127.0.0.1:7070/api/matches/abc123")
	f.Add("https://arena.example:443/api/matches/abc/replay")
	f.Add("http://x/api/matches/../../etc")
	f.Fuzz(func(t *testing.T, s string) {
		c, id, _, err := ParseMatchURL(s)
		if err == nil && (!ValidID(id) || c.Base == "") {
			t.Fatalf("%q: id %q", s, id)
		}
	})
}
