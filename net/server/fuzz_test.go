//go:build !js

package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"github.com/arena-games/arena/game/gametest/hostile"
)

// The bodies of POST /api/matches.
func FuzzCreateRequest(f *testing.F) {
	for _, s := range []string{
		`{"title":"alienwarz","seats":["strategist","remote"],"seed":7,"options":{"orig_tiebreak":"1"},"spectators":"delayed:5","pace":"1s","limit":"30s"}`,
		`{"title":"santorini","seats":["alphabeta:3","remote"]}`,
		`{"title":"aibg5","seats":["greedy","greedy","greedy","remote"],"map":"maze","spectators":"none"}`,
		`{"title":"guardains","seats":["remote","remote"],"map":"maze:20x14"}`,
		`{"title":"guardains","seats":["remote","hunter"],"spectators":"delayed:10"}`,
		`{"title":"aic21","seats":["colony","remote"],"spectators":"none","names":["","Team Rocket"]}`,
		`{"title":"alienwarz","seats":["remote","miner"],"names":["a\u0000b"]}`,
	} {
		f.Add([]byte(s))
	}
	for _, seed := range hostile.Inputs(`{"title":"santorini","seats":[`, maxBody) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		p, err := readCreate(body)
		if err == nil && (p.title == nil || len(p.specs) != p.title.Seats() || p.limit <= 0 || p.pace < 0 || len(p.names) != len(p.specs)) {
			t.Fatalf("a plan that does not hold: %+v", p)
		}
		if err != nil {
			return
		}
		if hidden, _ := hides(p.title, p.specs); hidden != p.hidden || hidden && p.spectators != "none" {
			t.Fatalf("a match that hides things from its seats, shown to the public as %q", p.spectators)
		}
		for _, n := range p.names {
			if len(n) > maxName || strings.ContainsAny(n, "\n\r\x00") {
				t.Fatalf("a name the list cannot show: %q", n)
			}
		}
	})
}

// The queries of the streams.
func FuzzStreamQuery(f *testing.F) {
	f.Add("12", "2")
	f.Add("", "")
	f.Add("-1", "9999999999999999999")
	f.Fuzz(func(t *testing.T, from, seat string) {
		q := map[string][]string{"from": {from}, "seat": {seat}}
		n, s, err := streamQuery(q, 4, true)
		if err == nil && (n < 0 || n > maxFrom || s < 1 || s > 4) {
			t.Fatalf("from %d, seat %d", n, s)
		}
	})
}

// A seat's messages, and the requests they become in its inbox.
func FuzzSeatMessage(f *testing.F) {
	f.Add(true, []byte("C3 B3 A3"))
	f.Add(true, []byte(`{"action":"MOVE","guardian":"Gamora","x":3,"y":4}`))
	f.Add(false, []byte{0xff, 0})
	f.Add(true, []byte(`{"move":"mine 3 4"}`))
	f.Add(true, []byte(`{"join":true}`))
	f.Fuzz(func(t *testing.T, text bool, data []byte) {
		typ := websocket.MessageBinary
		if text {
			typ = websocket.MessageText
		}
		readMove(typ, data)
		if req, err := readRequest(data); err == nil && req.Join == (req.Move != nil) {
			t.Fatal("a request that is neither a join nor a move")
		}
	})
}

// The records other servers of a cluster write.
func FuzzRecord(f *testing.F) {
	f.Add([]byte(`{"id":"x","title":"santorini","status":"live","turn":3,"seats":[{"seat":1,"kind":"remote"}],"spectators":"delayed:4","owner":"y","beat":"2026-01-01T00:00:00Z","tokens":{"1":"ab"}}`))
	f.Add([]byte(`{"spectators":"delayed:-9999999999999"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var r record
		if json.Unmarshal(data, &r) == nil && r.delay() < -1 {
			t.Fatalf("delay %d", r.delay())
		}
	})
}

// The headers that carry tokens and versions.
func FuzzRequestHeaders(f *testing.F) {
	f.Add("Bearer 0123456789abcdef", "arena, arena.bearer.0123456789abcdef", `W/"m1-12", "x"`, `"m1-12"`)
	f.Add("", "arena.bearer.", "*", `W/"a"`)
	f.Add("Bearer  spaced ", " arena.bearer.x , arena", "", `"a"`)
	f.Fuzz(func(t *testing.T, auth, protocols, ifNoneMatch, tag string) {
		r, err := http.NewRequest(http.MethodGet, "http://arena/api/matches", nil)
		if err != nil {
			t.Skip()
		}
		r.Header["Authorization"] = []string{auth}
		r.Header["Sec-Websocket-Protocol"] = []string{protocols}
		r.Header["If-None-Match"] = []string{ifNoneMatch}
		tok := bearer(r)
		if tok != strings.TrimSpace(tok) && auth != "" {
			t.Fatalf("a token with spaces around it: %q", tok)
		}
		if auth == "" && strings.ContainsAny(tok, ",") {
			t.Fatalf("a subprotocol's token runs into the next: %q", tok)
		}
		if ifNoneMatch == tag && tag != "" && !strings.Contains(tag, ",") && !unchanged(r, strings.TrimSpace(tag)) {
			t.Fatalf("If-None-Match %q does not name its own tag", ifNoneMatch)
		}
	})
}
