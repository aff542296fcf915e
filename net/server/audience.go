//go:build !js

package server

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/net/stream"
)

// audience is who reads a match. What each audience receives is decided
// in this file, and only here:
//
//	jury    the admin's or the jury's token: every match, live and whole
//	seat N  seat N's token, on /play: its own view (a Fogged title's seat
//	        stream), else the replay; live
//	public  no token: what the match's spectators allow; a match that
//	        hides things from seats played from elsewhere or by programs
//	        (a hidden match) only once it has ended
//
// The seats' debug marks (docs/debug-drawing.md), which may tell a bot's
// strategy, are shown as the match's marks policy says: "seats" (the
// default) shows each seat its own and the jury all, "all" shows everyone
// all. Lines are stripped of the marks a reader may not see (bareLine,
// ownLine).
//
// A token that opens more than the public's view travels in the
// Authorization header (or, from a browser's WebSocket, as the subprotocol
// arena.bearer.TOKEN beside "arena"), never in an address: addresses end
// up in proxies' logs and shells' histories. Only a seat's token may also
// be given as ?token= on /play, for the contests' bots that were written
// that way.
type audience struct {
	jury bool
	seat int // from 1; 0 for the jury and the public
}

// The marks policies of a match.
const (
	MarksSeats = "seats"
	MarksAll   = "all"
)

// bearer is the token a request carries in its headers: Authorization:
// Bearer T, or the subprotocol arena.bearer.T of a browser's WebSocket.
func bearer(r *http.Request) string {
	if h := r.Header.Get("Authorization"); h != "" {
		t, _ := strings.CutPrefix(h, "Bearer ")
		return strings.TrimSpace(t)
	}
	for _, v := range r.Header.Values("Sec-WebSocket-Protocol") {
		for _, p := range strings.Split(v, ",") {
			if t, ok := strings.CutPrefix(strings.TrimSpace(p), stream.BearerProtocol); ok {
				return t
			}
		}
	}
	return ""
}

// tokenInAddress is the error for a token put in an address where only
// the headers are read.
const tokenInAddress = "a token in the address is not read here: the admin's and the jury's tokens go in the Authorization header (Authorization: Bearer TOKEN); only a seat's token may be given as ?token= on /play"

// viewer is the audience of a request that reads a match without playing
// it: the jury, by its token (or the admin's), or the public, showing
// none. A token in the address, or another token, is refused with the
// reason: a stale token file should say so, not quietly show less.
func (s *Server) viewer(w http.ResponseWriter, r *http.Request) (audience, bool) {
	if r.URL.Query().Has("token") {
		fail(w, http.StatusBadRequest, tokenInAddress)
		return audience{}, false
	}
	tok := bearer(r)
	if tok != "" && !s.isJury(tok) {
		fail(w, http.StatusUnauthorized, "the token shown is neither the jury's nor the admin's (a seat's token plays its seat on /play): show none to watch as the public")
		return audience{}, false
	}
	return audience{jury: tok != ""}, true
}

// reader is what audience a reads of the match of r, from step from.
func (r *record) reader(a audience, from int) reader {
	marks := marksAll
	if r.Marks != MarksAll && !a.jury {
		marks = a.seat // its own, or the public's none
	}
	switch {
	case a.seat > 0:
		return reader{seat: a.seat, fog: r.Fog, from: from, marks: marks}
	case a.jury:
		return reader{from: from, marks: marks}
	}
	return reader{delay: r.delay(), from: from, marks: marks}
}

// marksAll is a reader's marks when it sees every seat's.
const marksAll = -1

// line is what the reader reads of entry e: a step line without the
// marks of the seats whose marks it may not see.
func (r *reader) line(e *entry) []byte {
	switch {
	case r.marks == marksAll || e.bare == nil:
		return e.data
	case r.marks == 0:
		return e.bare
	}
	return ownLine(e.data, r.marks)
}

// marksPolicy reads a match's marks policy: "seats" (the default) or
// "all".
func marksPolicy(m string) (string, error) {
	switch m {
	case "", MarksSeats:
		return MarksSeats, nil
	case MarksAll:
		return MarksAll, nil
	}
	return "", fmt.Errorf("marks %q: expected seats (each seat sees its own debug marks, the jury all; the default) or all (everyone sees them)", m)
}

// bareLine is a step line of a replay without any seat's marks, or nil
// when it has none: what a reader who sees no marks reads.
func bareLine(data []byte) []byte {
	if !hasMarks(data) {
		return nil
	}
	return ownLine(data, 0)
}

// tournamentReplay is what a reads of a tournament's replay file f,
// which the tournament kept whole: the jury all of it, the public the
// replay without any seat's marks.
func (a audience) tournamentReplay(f io.ReadSeeker) (io.ReadSeeker, error) {
	if a.jury {
		return f, nil
	}
	bare, err := bareReplay(f)
	if err != nil {
		return nil, err
	}
	if bare == nil {
		_, err = f.Seek(0, io.SeekStart)
		return f, err
	}
	return bytes.NewReader(bare), nil
}

// bareReplay is a replay file (gzip, JSON lines) without any seat's
// marks, or nil when it holds none (or is no gzip stream, which no viewer
// reads): what the public downloads of a tournament's replays, which the
// tournament kept whole. Of a replay cut short, as by a crash, the lines
// read are kept, as a viewer reads them.
func bareReplay(r io.Reader) ([]byte, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, nil
	}
	data, _ := io.ReadAll(io.LimitReader(zr, game.MaxInput+1))
	if len(data) > game.MaxInput {
		return nil, fmt.Errorf("a replay of more than %d MiB", game.MaxInput>>20)
	}
	if !hasMarks(data) {
		return nil, nil
	}
	var out bytes.Buffer
	zw := gzip.NewWriter(&out)
	for i, l := range bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) {
		if i > 0 && hasMarks(l) {
			l = ownLine(l, 0)
		}
		zw.Write(l)
		zw.Write([]byte("\n"))
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// hasMarks reports whether a line may hold marks: "marks", "cut" and
// "cut_why" are the only keys of a seat's notes that hold them (in any
// case: JSON is read so), and a string in the line cannot hold those keys
// with their quotes unescaped.
func hasMarks(data []byte) bool {
	low := bytes.ToLower(data)
	return bytes.Contains(low, []byte(`"marks"`)) || bytes.Contains(low, []byte(`"cut"`)) || bytes.Contains(low, []byte(`"cut_why"`))
}

// ownLine is a step line with the marks of seat own only (0: of none).
// A line that does not read as a step's is kept out whole: a reader never
// gets marks it may not see.
func ownLine(data []byte, own int) []byte {
	var l map[string]json.RawMessage
	if json.Unmarshal(data, &l) != nil {
		return []byte(`{}`)
	}
	for key, raw := range l {
		if !strings.EqualFold(key, "notes") {
			continue
		}
		var notes map[string]map[string]json.RawMessage
		if json.Unmarshal(raw, &notes) != nil {
			delete(l, key)
			continue
		}
		for seat, n := range notes {
			if own > 0 && seat == strconv.Itoa(own) {
				continue
			}
			for k := range n {
				if strings.EqualFold(k, "marks") || strings.EqualFold(k, "cut") || strings.EqualFold(k, "cut_why") {
					delete(n, k)
				}
			}
			if len(n) == 0 {
				delete(notes, seat)
			}
		}
		if len(notes) > 0 {
			l[key], _ = json.Marshal(notes)
		} else {
			delete(l, key)
		}
	}
	out, _ := json.Marshal(l)
	return out
}

// hides reports whether a match of title t with these seats hides things
// from a seat that could read the public's stream: the title hides things
// from its seats (game.Fogged), and a seat is played from elsewhere
// (remote, a contest's protocol) or by a program (process:, engine:), not
// by one of the title's built-in bots.
func hides(t game.Title, specs []game.SeatSpec) (bool, int) {
	if _, ok := t.(game.Fogged); !ok {
		return false, 0
	}
	for i, s := range specs {
		if _, ok := game.FindBot(t, s.Kind); !ok {
			return true, i + 1
		}
	}
	return false, 0
}

// spectators reads a match's spectators policy, and whether the match is
// hidden: "all" (the default), "delayed:N" or "none" (shown at its end);
// for a hidden match only "none", its default, since what the public
// would see (the seed, the map, every move) rebuilds what its seats may
// not see.
func spectators(t game.Title, specs []game.SeatSpec, sp string) (string, bool, error) {
	hidden, seat := hides(t, specs)
	policy := sp
	switch {
	case sp == "" && hidden, sp == "none":
		policy = "none"
	case sp == "" || sp == "all":
		policy = "all"
	case strings.HasPrefix(sp, "delayed:"):
		n, ok := parseDelay(sp)
		if !ok {
			return "", false, fmt.Errorf("spectators %q: expected delayed:N, N turns from 1 to %d", sp, maxDelay)
		}
		policy = "delayed:" + strconv.Itoa(n)
	default:
		return "", false, fmt.Errorf("spectators %q: expected all, delayed:N or none", sp)
	}
	if hidden && policy != "none" {
		return "", false, fmt.Errorf("spectators %q: %s hides things from its seats and seat %d is played from elsewhere or by a program, "+
			"so its public stream and replay would show them what they may not see: the public sees it at its end "+
			`("none", the default for such a match); the jury watches it live with the jury token (the file jury-token beside the admin token)`,
			sp, t.Name(), seat)
	}
	return policy, hidden, nil
}

// publicName is how the public list names a seat: the name the organisers
// gave it, else a built-in bot's kind and strength ("alphabeta:3"), else
// its kind alone ("process", "remote"): never a program's command line.
func publicName(t game.Title, s game.SeatSpec, name string) string {
	switch _, bot := game.FindBot(t, s.Kind); {
	case name != "":
		return name
	case bot:
		return s.String()
	}
	return s.Kind
}

// parseDelay reads "delayed:N", N turns from 1 to maxDelay.
func parseDelay(sp string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimPrefix(sp, "delayed:"))
	return n, err == nil && strings.HasPrefix(sp, "delayed:") && n >= 1 && n <= maxDelay
}
