//go:build !js

package server

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"github.com/arena-games/arena/game"
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
	f.Add(true, []byte("#mark {\"kind\":\"cell\",\"at\":[1,2]}\nmove 3 4\n#log deep"))
	f.Add(true, []byte("#log a\n\n#mark []\n"))
	f.Add(true, []byte(`{"marks":"#log a","move":"C3"}`))
	f.Fuzz(func(t *testing.T, text bool, data []byte) {
		typ := websocket.MessageBinary
		if text {
			typ = websocket.MessageText
		}
		if req, problem := readMove(typ, data); problem == "" {
			switch {
			case req.Move == nil:
				t.Fatal("a message that is no move")
			case req.Marks == "" && *req.Move != string(data):
				t.Fatalf("a move without marks changed: %q", *req.Move)
			case req.Marks != "" && strings.Contains("\n"+*req.Move, "\n#mark "):
				t.Fatalf("marks left in the move %q", *req.Move)
			}
			for _, l := range strings.Split(req.Marks, "\n") {
				if req.Marks != "" && !game.IsDebugLine([]byte(l)) {
					t.Fatalf("a line of the move taken for marks: %q", l)
				}
			}
		}
		if req, err := readRequest(data); err == nil && (req.Join == (req.Move != nil) || req.Move == nil && req.Marks != "") {
			t.Fatal("a request that is neither a join nor a move")
		}
	})
}

// The lines of a replay as the readers who may not see every seat's marks
// get them: never a mark of another seat.
func FuzzOwnLine(f *testing.F) {
	f.Add([]byte(`{"step":3,"moves":{"1":"C3"},"notes":{"1":{"text":"x","marks":[{"kind":"cell","at":[1,1]}],"cut":2},"2":{"cut_why":"y"}}}`), uint8(1))
	f.Add([]byte(`{"notes":[1,2]}`), uint8(0))
	f.Add([]byte(`{"notes":{"1":{"Marks":[]}}}`), uint8(2))
	f.Fuzz(func(t *testing.T, data []byte, own uint8) {
		out := ownLine(data, int(own%4))
		var l map[string]json.RawMessage
		if err := json.Unmarshal(out, &l); err != nil {
			t.Fatalf("%q: %v", out, err)
		}
		var notes map[string]map[string]json.RawMessage
		for k, raw := range l {
			if strings.EqualFold(k, "notes") {
				if err := json.Unmarshal(raw, &notes); err != nil {
					t.Fatalf("%q: %v", out, err)
				}
			}
		}
		for seat, n := range notes {
			for k := range n {
				if seat != strconv.Itoa(int(own%4)) && (strings.EqualFold(k, "marks") || strings.EqualFold(k, "cut") || strings.EqualFold(k, "cut_why")) {
					t.Fatalf("seat %s's %s shown to seat %d: %q", seat, k, own%4, out)
				}
			}
		}
		var again struct{ Notes map[string]game.Notes }
		line := bareLine(data)
		if line == nil {
			line = data // no marks: the line as it is
		}
		if json.Unmarshal(line, &again) == nil {
			for _, n := range again.Notes {
				if len(n.Marks) > 0 || n.Cut != 0 || n.CutWhy != "" {
					t.Fatalf("marks left in %q: %q", data, line)
				}
			}
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
