//go:build !js

package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/nats-io/nats.go"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/net/stream"
)

// Remote is the seat kind of a person or a program at another machine,
// who plays through /play with the seat's token.
const Remote = "remote"

// The bounds of a match's request.
const (
	maxOptions     = 64
	maxOptionBytes = 4 << 10
	maxPace        = time.Minute
	defaultLimit   = time.Minute
	maxLimit       = time.Hour
	maxDelay       = 100_000
	maxName        = 64
	// maxRefusals is how many of a remote seat's moves are refused in one
	// ask; past it, its next move is played as sent, and the rules
	// penalise an illegal one (each refusal is a line of its stream).
	maxRefusals = 20
)

// plan is a match to create, as a request asked for it, checked.
type plan struct {
	title      game.Title
	specs      []game.SeatSpec // a remote seat's Kind is Remote
	seed       int64
	options    map[string]string
	mapName    string
	spectators string
	hidden     bool     // the public sees it at its end only
	marks      string   // who sees the seats' debug marks: MarksSeats or MarksAll
	names      []string // the players' names, by seat; "" for none
	pace       time.Duration
	limit      time.Duration
	// contest is how its contest seats wait for the teams' bots (their
	// logins, the join time), on the server's contest listener; joins is
	// set when it has contest seats, whose bots join before it starts.
	contest game.ContestOptions
	joins   bool
}

// readCreate reads and checks the body of POST /api/matches.
func readCreate(body []byte) (plan, error) {
	var req stream.CreateRequest
	var p plan
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return p, fmt.Errorf("the request: %w", err)
	}
	if dec.More() {
		return p, errors.New("the request: one JSON object expected")
	}
	t, err := game.Lookup(req.Title)
	if err != nil {
		return p, fmt.Errorf("title: %w", err)
	}
	p.title = t
	if len(req.Seats) != t.Seats() {
		return p, fmt.Errorf("seats: %s has %d seats, got %d", t.Name(), t.Seats(), len(req.Seats))
	}
	for i, text := range req.Seats {
		if strings.EqualFold(strings.TrimSpace(text), Remote) {
			p.specs = append(p.specs, game.SeatSpec{Kind: Remote})
			continue
		}
		spec, err := game.ParseSeat(t, text)
		if err != nil {
			return p, fmt.Errorf("seats: seat %d: %w", i+1, err)
		}
		if spec.Kind == "human" {
			return p, fmt.Errorf("seats: seat %d: nobody plays at the server's machine: a person plays a %q seat from theirs", i+1, Remote)
		}
		p.specs = append(p.specs, spec)
	}
	if len(req.Options) > maxOptions {
		return p, fmt.Errorf("options: %d of them; at most %d", len(req.Options), maxOptions)
	}
	for k, v := range req.Options {
		if k == "" || len(k)+len(v) > maxOptionBytes || !utf8.ValidString(k+v) {
			return p, fmt.Errorf("options: %q: expected a name and a value of at most %d bytes", k, maxOptionBytes)
		}
	}
	if len(req.Map) > maxOptionBytes || !utf8.ValidString(req.Map) {
		return p, errors.New("map: expected a map's name or a file's path on the server's machine")
	}
	p.seed, p.options, p.mapName = req.Seed, req.Options, req.Map
	for p.seed == 0 {
		var b [8]byte
		rand.Read(b[:])
		p.seed = int64(binary.BigEndian.Uint64(b[:]) >> 1)
	}
	if p.options == nil {
		p.options = map[string]string{}
	}
	if p.spectators, p.hidden, err = spectators(t, p.specs, req.Spectators); err != nil {
		return p, err
	}
	if p.marks, err = marksPolicy(req.Marks); err != nil {
		return p, err
	}
	if len(req.Names) > len(p.specs) {
		return p, fmt.Errorf("names: %d of them for %d seats", len(req.Names), len(p.specs))
	}
	p.names = make([]string, len(p.specs))
	for i, n := range req.Names {
		n = strings.TrimSpace(n)
		if len(n) > maxName || !utf8.ValidString(n) || strings.ContainsFunc(n, unicode.IsControl) {
			return p, fmt.Errorf("names: seat %d: expected a player's name of at most %d bytes on one line", i+1, maxName)
		}
		p.names[i] = n
	}
	if p.pace, err = duration("pace", req.Pace, 0, 0, maxPace); err != nil {
		return p, err
	}
	if p.limit, err = duration("limit", req.Limit, defaultLimit, time.Second, maxLimit); err != nil {
		return p, err
	}
	if err := p.readContest(req); err != nil {
		return p, err
	}
	return p, nil
}

// maxTeams bounds a request's logins of the night's teams.
const maxTeams = 1024

// readContest reads how the contest seats of a request wait for the teams'
// bots: a login on a contest seat whose bots log in, and nowhere else.
func (p *plan) readContest(req stream.CreateRequest) error {
	var err error
	if p.contest.JoinTimeout, err = duration("join_timeout", req.JoinTimeout, game.DefaultJoinTimeout, time.Second, maxLimit); err != nil {
		return err
	}
	if len(req.Logins) > len(p.specs) || len(req.Teams) > maxTeams {
		return fmt.Errorf("logins: %d of them for %d seats, and %d teams (at most %d)", len(req.Logins), len(p.specs), len(req.Teams), maxTeams)
	}
	for i, spec := range p.specs {
		c, _, ok := game.FindContest(p.title, spec.Kind)
		p.joins = p.joins || ok
		if i >= len(req.Logins) || req.Logins[i] == (game.Login{}) {
			continue
		}
		lg := req.Logins[i]
		switch {
		case !ok || !c.Logins:
			return fmt.Errorf("logins: seat %d (%s) is not a contest seat whose bots log in", i+1, spec)
		case !validLogin(lg):
			return fmt.Errorf("logins: seat %d: expected a user of at most %d bytes without spaces, and its password", i+1, maxName)
		}
		if p.contest.Logins == nil {
			p.contest.Logins = map[game.Seat]game.Login{}
		}
		p.contest.Logins[game.Seat(i)] = lg
	}
	for i, lg := range req.Teams {
		if !validLogin(lg) {
			return fmt.Errorf("teams: team %d: expected a user of at most %d bytes without spaces, and its password", i+1, maxName)
		}
	}
	p.contest.Teams = req.Teams
	// A tournament's match plays without the teams that did not come.
	p.contest.PlayAbsent = len(p.contest.Logins) > 0
	return nil
}

// validLogin reports whether a team's login is one a bot can send.
func validLogin(lg game.Login) bool {
	return lg.User != "" && lg.Password != "" && len(lg.User) <= maxName && len(lg.Password) <= maxOptionBytes &&
		utf8.ValidString(lg.User+lg.Password) && !strings.ContainsFunc(lg.User, func(r rune) bool { return r <= ' ' })
}

// duration reads a duration field: def when empty, else within lo..hi.
func duration(name, text string, def, lo, hi time.Duration) (time.Duration, error) {
	if text == "" {
		return def, nil
	}
	d, err := time.ParseDuration(text)
	if err != nil || d < lo || d > hi {
		return 0, fmt.Errorf("%s %q: expected a time from %v to %v, such as 500ms or 30s", name, text, lo, hi)
	}
	return d, nil
}

// newID is a new match id: 13 letters and digits.
func newID() string {
	var b [8]byte
	rand.Read(b[:])
	return strconv.FormatUint(binary.BigEndian.Uint64(b[:]), 36)
}

// match is a match this server runs.
type match struct {
	s          *Server
	id         string
	m          *game.Match
	closeFiles func() error
	fog        game.Fogged
	remotes    map[int]*remote // by seat number
	joined     chan struct{}   // closed once every remote seat has joined
	cancel     context.CancelFunc
	done       chan struct{}

	mu    sync.Mutex // guards rec and saved
	rec   record
	saved time.Time
	joins int

	logMu sync.Mutex // holds a line back while the one before is published
	lines uint64     // the lines published to the match's stream
}

// append publishes a line of the match to its stream on subject what,
// after every line before it: one retried through a NATS server's loss
// holds back the next. Its message ID, the match's id and the line's
// number, keeps it once in the stream.
func (mt *match) append(ctx context.Context, what string, line []byte) error {
	mt.logMu.Lock()
	defer mt.logMu.Unlock()
	mt.lines++
	return mt.s.publish(ctx, mt.id, what, mt.id+"-"+strconv.FormatUint(mt.lines, 10), line)
}

// create starts a match of plan: its stream (with the replay's header),
// its record, its players; it runs once its remote seats have joined.
func (s *Server) create(ctx context.Context, p plan) (*match, stream.Created, error) {
	var out stream.Created
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	if closed {
		return nil, out, errors.New("the server is stopping")
	}
	id := newID()
	mt := &match{s: s, id: id, remotes: map[int]*remote{}, joined: make(chan struct{}), done: make(chan struct{})}
	mt.fog, _ = p.title.(game.Fogged)
	if err := s.createLog(ctx, id); err != nil {
		return nil, out, err
	}
	fail := func(err error) (*match, stream.Created, error) {
		for _, r := range mt.remotes {
			r.Close()
		}
		s.js.DeleteStream(context.Background(), streamName(id))
		return nil, out, err
	}
	given := map[game.Seat]game.Entrant{}
	rec := record{Info: stream.Info{ID: id, Title: p.title.ID(), Status: stream.Live, Started: time.Now().UTC().Format(time.RFC3339),
		Spectators: p.spectators, Marks: p.marks}, Fog: mt.fog != nil, Hidden: p.hidden, Tokens: map[int]string{}}
	for i, spec := range p.specs {
		info := stream.SeatInfo{Seat: i + 1, Kind: spec.Kind, Player: publicName(p.title, spec, p.names[i])}
		if spec.Kind == Remote {
			r, err := mt.newRemote(p, game.Seat(i))
			if err != nil {
				return fail(err)
			}
			tok := NewToken()
			rec.Tokens[i+1] = hashToken(tok)
			given[game.Seat(i)] = game.Entrant{Player: r, Limit: p.limit, Refusals: maxRefusals}
			withToken := info
			withToken.Token = tok
			out.Seats = append(out.Seats, withToken)
			rec.Status = stream.Waiting
		} else {
			out.Seats = append(out.Seats, info)
		}
		rec.Seats = append(rec.Seats, info)
	}
	if len(mt.remotes) == 0 {
		close(mt.joined)
	}
	contest := p.contest
	// A night's matches (teams' logins) share the listener.
	contest.Listen, contest.KeepOpen = s.listen, len(contest.Logins)+len(contest.Teams) > 0
	contest.Announce = func(line string) { s.log.Info("contest seats", "match", id, "say", line) }
	contest.Waiting = mt.awaiting
	st := game.Setup{Title: p.title, Seats: p.specs, Seed: p.seed, Map: p.mapName, Options: p.options, Names: p.names,
		Out: filepath.Join(s.dir, "replays", id+".arena"), Given: given, Contest: contest}
	if p.joins {
		// Its teams' bots join while it waits: it begins in run, and its
		// rules are checked now.
		entrants := make([]game.Entrant, len(p.specs))
		for i, spec := range p.specs {
			entrants[i].Spec = spec
		}
		if _, err := game.NewMatch(p.title, game.Config{Seed: p.seed, Map: p.mapName, Options: p.options}, entrants); err != nil {
			return fail(badRequest{err})
		}
		rec.Status = stream.Waiting
	} else if err := mt.begin(ctx, st, p.pace); err != nil {
		return fail(err)
	}
	mt.rec = rec
	if err := s.put(ctx, &mt.rec); err != nil {
		mt.end()
		return fail(fmt.Errorf("match %s: its record: %w", id, err))
	}
	out.ID = id
	ctx, cancel := context.WithCancel(s.ctx)
	mt.cancel = cancel
	s.mu.Lock()
	s.matches[id] = mt
	s.mu.Unlock()
	go mt.run(ctx, st, p.pace)
	s.log.Info("match created", "match", id, "title", p.title.ID(), "seats", rec.Seats)
	return mt, out, nil
}

// begin starts the match of st: the bots of its contest seats join, its
// replay's lines go to its stream, and so do its remote seats' headers
// when the title hides things from its seats.
func (mt *match) begin(ctx context.Context, st game.Setup, pace time.Duration) error {
	m, closeFiles, err := st.StartContext(ctx)
	if err != nil {
		return badRequest{err}
	}
	mt.m, mt.closeFiles = m, closeFiles
	if pace > 0 {
		m.Pace = game.NewPacer(game.PaceRun, pace)
	}
	m.Watch = mt.watch
	if err := m.Replay.Tee(func(line []byte) error { return mt.append(mt.s.ctx, "spec", line) }); err != nil {
		mt.end()
		return err
	}
	if mt.fog != nil {
		h := m.Header()
		for n := range mt.remotes {
			line, err := json.Marshal(game.NewSeatHeader(st.Title, h.Config, h.Seats, game.Seat(n-1)))
			if err == nil {
				err = mt.append(ctx, "seat."+strconv.Itoa(n), line)
			}
			if err != nil {
				mt.end()
				return err
			}
		}
	}
	return nil
}

// awaiting keeps in the record the contest seats the match waits for
// (game.ContestOptions.Waiting).
func (mt *match) awaiting(seats []game.Seat, until time.Time) {
	mt.mu.Lock()
	mt.rec.Awaiting, mt.rec.Deadline = nil, ""
	for _, s := range seats {
		mt.rec.Awaiting = append(mt.rec.Awaiting, s.Number())
	}
	if len(seats) > 0 && !until.IsZero() {
		mt.rec.Deadline = until.UTC().Format(time.RFC3339)
	}
	mt.mu.Unlock()
	go mt.save(true) // the lobby holds its lock: it is told at once
}

// end closes a match that will not be played: its files and its players.
func (mt *match) end() {
	if mt.m == nil {
		return
	}
	mt.closeFiles()
	for _, e := range mt.m.Seats {
		if c, ok := e.Player.(interface{ Close() error }); ok {
			c.Close()
		}
	}
}

// badRequest is an error in what a request asked for.
type badRequest struct{ error }

func (e badRequest) Unwrap() error { return e.error }

// run waits for the contest seats' bots (the match begins then) and the
// remote seats, plays the match and records its end.
func (mt *match) run(ctx context.Context, st game.Setup, pace time.Duration) {
	s := mt.s
	defer func() {
		s.mu.Lock()
		delete(s.matches, mt.id)
		s.mu.Unlock()
		close(mt.done)
	}()
	if mt.m == nil {
		if err := mt.begin(ctx, st, pace); err != nil {
			for _, r := range mt.remotes {
				r.Close()
			}
			mt.interrupted(err)
			return
		}
	}
	select {
	case <-mt.joined:
	case <-ctx.Done():
	}
	if ctx.Err() == nil {
		mt.mu.Lock()
		mt.rec.Status = stream.Live
		mt.mu.Unlock()
		mt.save(true)
	}
	var res game.Result
	err := ctx.Err()
	if err == nil {
		res, err = mt.m.Run(ctx)
	} else {
		for _, r := range mt.remotes {
			r.Close()
		}
	}
	if cerr := mt.closeFiles(); err == nil && cerr != nil {
		err = cerr
	}
	if err != nil {
		mt.interrupted(err)
		return
	}
	mt.mu.Lock()
	mt.rec.Turn = mt.m.Timeline.Len() - 1
	mt.rec.Status, mt.rec.Winner, mt.rec.Reason = stream.Finished, res.Winner, res.Reason
	mt.mu.Unlock()
	bg, cancel := context.WithTimeout(context.Background(), endWait)
	defer cancel()
	mt.saveCtx(bg)
	s.publishEnd(bg, mt.id, stream.Finished, "finished: "+describe(res))
	s.log.Info("match finished", "match", mt.id, "result", describe(res))
}

// interrupted records that the match stopped for err.
func (mt *match) interrupted(err error) {
	s := mt.s
	mt.mu.Lock()
	if mt.m != nil {
		mt.rec.Turn = mt.m.Timeline.Len() - 1
	}
	mt.rec.Status = stream.Interrupted
	mt.mu.Unlock()
	bg, cancel := context.WithTimeout(context.Background(), endWait)
	defer cancel()
	mt.saveCtx(bg)
	reason := "interrupted: its server stopped"
	if !errors.Is(err, context.Canceled) {
		reason = "interrupted: " + err.Error()
	}
	s.log.Warn("match interrupted", "match", mt.id, "turn", mt.rec.Turn, "reason", reason)
	s.publishEnd(bg, mt.id, stream.Interrupted, clip(reason, 120))
}

// stop ends the match: it is kept as interrupted.
func (mt *match) stop() {
	mt.cancel()
	<-mt.done
}

// describe writes a result for people: "P1 wins (target)".
func describe(r game.Result) string {
	if r.Winner == 0 {
		return "a draw (" + r.Reason + ")"
	}
	return fmt.Sprintf("P%d wins (%s)", r.Winner, r.Reason)
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// watch publishes each remote seat's view of the frame, for a title that
// hides things from its seats, and keeps the record's turn.
func (mt *match) watch(eng game.Engine, f game.Frame) error {
	if mt.fog != nil {
		for n := range mt.remotes {
			st, err := game.NewSeatStep(mt.fog, eng, f, game.Seat(n-1))
			if err != nil {
				return err
			}
			line, err := json.Marshal(st)
			if err != nil {
				return err
			}
			if err := mt.append(mt.s.ctx, "seat."+strconv.Itoa(n), line); err != nil {
				return err
			}
		}
	}
	mt.mu.Lock()
	mt.rec.Turn = f.Turn
	for _, n := range f.Notes {
		mt.rec.Marked = mt.rec.Marked || len(n.Marks) > 0 || n.Cut > 0
	}
	mt.mu.Unlock()
	mt.save(false)
	return nil
}

// saveEvery is how often a running match's record takes its turn.
const saveEvery = 500 * time.Millisecond

// save writes the match's record: at once when forced, else at most every
// saveEvery.
func (mt *match) save(force bool) {
	mt.mu.Lock()
	due := force || time.Since(mt.saved) >= saveEvery
	mt.mu.Unlock()
	if due {
		ctx, cancel := context.WithTimeout(mt.s.ctx, publishWait)
		defer cancel()
		mt.saveCtx(ctx)
	}
}

func (mt *match) saveCtx(ctx context.Context) {
	mt.mu.Lock()
	defer mt.mu.Unlock()
	mt.saved = time.Now()
	err := mt.s.put(ctx, &mt.rec)
	switch {
	case errors.Is(err, errTaken):
		// The cluster counted this server gone and the match interrupted
		// (it missed its heartbeats): it stops, as the others see it.
		mt.s.log.Warn("another server counted this match interrupted: it stops", "match", mt.id)
		mt.cancel()
	case err != nil:
		mt.s.log.Warn("a match's record could not be written", "match", mt.id, "err", err)
	}
}

// control publishes a control message on seat n's stream.
func (mt *match) control(n int, c stream.Control) {
	line, _ := json.Marshal(c)
	if err := mt.append(mt.s.ctx, "seat."+strconv.Itoa(n), line); err != nil {
		mt.s.log.Warn("a seat's message could not be written", "match", mt.id, "seat", n, "err", err)
	}
}

// remote is a seat played from another machine: its moves come through
// /play (on any server of the cluster) as requests to its inbox.
type remote struct {
	mt    *match
	n     int             // the seat's number
	moves chan remoteMove // the move for the open ask
	asked atomic.Int64
	// refused counts the open ask's refused moves.
	refused atomic.Int64
	joined  atomic.Bool
	// helper plays the units a person does not command, for a title that
	// helps its people (AIC21): the seat's move is then person's orders.
	helper game.Player
	person *game.Human
	sub    *nats.Subscription
	once   sync.Once
	// forwarded are the marks of the move forwarded to person.
	mu        sync.Mutex
	forwarded *game.Notes
}

// remoteMove is a remote seat's move, with its debug marks (nil: none).
type remoteMove struct {
	move  string
	marks *game.Notes
}

// request is what /play sends a remote seat's inbox: a join, or a move
// with its debug marks.
type request struct {
	Join  bool    `json:"join,omitempty"`
	Move  *string `json:"move,omitempty"`
	Marks string  `json:"marks,omitempty"` // the move's debug lines (game.Notes.AddLine)
}

// readRequest reads a request to a seat's inbox: a message of /play
// (maxMessage), each byte of which JSON may write as six.
func readRequest(data []byte) (request, error) {
	var req request
	if len(data) > 6*maxMessage+256 {
		return req, errors.New("a request too large")
	}
	if err := json.Unmarshal(data, &req); err != nil {
		return req, fmt.Errorf("not a request: %w", err)
	}
	if req.Join == (req.Move != nil) || req.Move == nil && req.Marks != "" {
		return req, errors.New("a request is a join or a move (with its marks)")
	}
	return req, nil
}

// reply is a remote seat's answer to a request.
type reply struct {
	OK    bool   `json:"ok,omitempty"`
	Error string `json:"error,omitempty"`
}

func (mt *match) newRemote(p plan, s game.Seat) (*remote, error) {
	r := &remote{mt: mt, n: s.Number(), moves: make(chan remoteMove, 1)}
	if h, ok := p.title.(game.Helped); ok {
		r.person = game.NewHuman()
		pl, err := h.PersonSeat(r.person, s, game.NewRand(p.seed, uint64(s)+1))
		if err != nil {
			return nil, fmt.Errorf("seat %d: %w", s.Number(), err)
		}
		r.helper = pl
	}
	sub, err := mt.s.bus.Conn.Subscribe(inbox(mt.id, r.n), r.handle)
	if err != nil {
		return nil, fmt.Errorf("seat %d: %w", s.Number(), err)
	}
	r.sub = sub
	mt.remotes[r.n] = r
	return r, nil
}

// Play asks the seat for the step's move, within ctx's time.
func (r *remote) Play(ctx context.Context, obs any) (game.Answer, error) {
	step := r.mt.m.Timeline.Len()
	if r.asked.Swap(int64(step)) != int64(step) {
		r.refused.Store(0)
		select { // a move sent too late for the step before
		case <-r.moves:
		default:
		}
	}
	c := stream.Control{Ask: &step}
	if d, ok := ctx.Deadline(); ok {
		c.MS = max(1, time.Until(d).Milliseconds())
	}
	r.mt.control(r.n, c)
	if r.helper != nil {
		go r.forward(ctx)
		a, err := r.helper.Play(ctx, obs)
		r.mu.Lock()
		marks := r.forwarded
		r.forwarded = nil
		r.mu.Unlock()
		if err == nil && marks != nil {
			if a.Notes != nil {
				marks.Values, marks.Text = a.Notes.Values, a.Notes.Text
			}
			a.Notes = marks
		}
		return a, err
	}
	select {
	case m := <-r.moves:
		return game.Answer{Move: m.move, Notes: m.marks}, nil
	case <-ctx.Done():
		return game.Answer{}, ctx.Err()
	}
}

// marksOf reads a move's debug lines; nil when there are none.
func marksOf(lines string) *game.Notes {
	if lines == "" {
		return nil
	}
	var n game.Notes
	for _, l := range strings.Split(lines, "\n") {
		n.AddLine([]byte(l))
	}
	return &n
}

// forward hands the seat's move to its person once the helper waits for
// their orders.
func (r *remote) forward(ctx context.Context) {
	select {
	case m := <-r.moves:
		r.mu.Lock()
		r.forwarded = m.marks
		r.mu.Unlock()
		for !r.person.Submit(m.move) {
			select {
			case <-ctx.Done():
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	case <-ctx.Done():
	}
}

// Reject tells the seat why its move was refused; it is asked again, up
// to maxRefusals times in one ask, after which its next move is played as
// sent (and the rules penalise an illegal one).
func (r *remote) Reject(err error) {
	step := int(r.asked.Load())
	msg := clip(err.Error(), 1000)
	if r.refused.Add(1) >= maxRefusals {
		msg += fmt.Sprintf(" (refused %d times: the next move is played as sent, and the rules penalise an illegal one)", maxRefusals)
	}
	r.mt.control(r.n, stream.Control{Rejected: &step, Error: msg})
}

// Close stops taking the seat's requests.
func (r *remote) Close() error {
	r.once.Do(func() { r.sub.Unsubscribe() })
	return nil
}

// handle answers a request to the seat's inbox: a join, or a move for the
// step it was asked for.
func (r *remote) handle(msg *nats.Msg) {
	answer := func(rep reply) {
		data, _ := json.Marshal(rep)
		msg.Respond(data)
	}
	req, err := readRequest(msg.Data)
	if err != nil {
		answer(reply{Error: err.Error()})
		return
	}
	if req.Join {
		if !r.joined.Swap(true) {
			r.mt.join(r.n)
		}
		answer(reply{OK: true})
		return
	}
	if step := r.asked.Load(); step == 0 || int(step) != r.mt.m.Timeline.Len() {
		answer(reply{Error: fmt.Sprintf("no move is awaited from seat %d now", r.n)})
		return
	}
	select {
	case r.moves <- remoteMove{*req.Move, marksOf(req.Marks)}:
		answer(reply{OK: true})
	default:
		answer(reply{Error: "a move of this seat is already being played"})
	}
}

// join records that remote seat n's player connected; the match starts
// once every remote seat has.
func (mt *match) join(n int) {
	mt.mu.Lock()
	mt.rec.Seats[n-1].Joined = true
	mt.joins++
	all := mt.joins == len(mt.remotes)
	mt.mu.Unlock()
	mt.save(true)
	if all {
		close(mt.joined)
	}
}
