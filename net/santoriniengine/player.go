package santoriniengine

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/santorini"
)

// The deadlines of §6: a bestmove must arrive within MS + Grace of
// `go movetime MS`, and the first go of a game has Startup more.
const (
	DefaultGrace   = time.Second
	DefaultStartup = 60 * time.Second
)

// exitWait is how long the player keeps reading an engine's output after the
// process has ended (its last lines may still be in the pipe).
const exitWait = 200 * time.Millisecond

// ParseSettings reads the settings of an engine seat, "TIME:COMMAND": the
// time per move (ParseMoveTime) and the command line (SplitCommand).
func ParseSettings(settings string) (time.Duration, []string, error) {
	ts, cmd, ok := strings.Cut(settings, ":")
	if !ok || strings.TrimSpace(cmd) == "" {
		return 0, nil, fmt.Errorf("engine seat %q: want engine:TIME:COMMAND, such as engine:300ms:./my-engine --flag", "engine:"+settings)
	}
	d, err := ParseMoveTime(strings.TrimSpace(ts))
	if err != nil {
		return 0, nil, fmt.Errorf("engine seat: %w", err)
	}
	args, err := SplitCommand(cmd)
	if err != nil {
		return 0, nil, fmt.Errorf("engine seat: %w", err)
	}
	return d, args, nil
}

// ParseMoveTime reads a time per move: "300ms", "1s", or a bare number of
// milliseconds ("300"). It is 1 ms to an hour.
func ParseMoveTime(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if ms, errMS := strconv.Atoi(s); errMS == nil {
		d, err = time.Duration(ms)*time.Millisecond, nil
	}
	if err != nil || d < time.Millisecond || d > MaxMoveTime {
		return 0, fmt.Errorf("time %q is not a time per move such as 300ms, 1s or 300 (milliseconds)", s)
	}
	return d, nil
}

// Player is a seat played by an external engine process. For each turn it
// sends `position POSITION` and `go movetime MS` and reads lines until
// `bestmove`, ignoring the others (it keeps the last info line for the
// turn's notes, and the info marks and info string lines as its debug
// marks). It converts the tolerant spellings into the strict one.
//
// An engine that answers late (more than MS + Grace after the go, with
// Startup more for the first go), answers an illegal move or `bestmove
// none`, does not answer, or ends, forfeits: Play answers with a move that
// the Santorini engine rejects (the empty move, "none", the illegal move
// itself), and the answer's Notes.Text says why. After a failure every
// later turn forfeits at once.
type Player struct {
	Seat     game.Seat
	MoveTime time.Duration // MS: the time per move
	Grace    time.Duration // how late a bestmove may come: DefaultGrace
	Startup  time.Duration // more time for the first go: DefaultStartup

	proc   *Process
	played bool   // a go has been sent
	failed string // why the engine cannot play any more
	stale  int    // bestmoves owed for searches abandoned when a ctx ended
}

// NewPlayer starts the engine args and returns its player for seat; the
// engine's stderr also goes to the file stderrLog unless it is "".
func NewPlayer(args []string, moveTime time.Duration, seat game.Seat, stderrLog string) (*Player, error) {
	proc, err := StartProcess(args, stderrLog)
	if err != nil {
		return nil, err
	}
	return &Player{Seat: seat, MoveTime: moveTime, Grace: DefaultGrace, Startup: DefaultStartup, proc: proc}, nil
}

// Process is the engine process.
func (p *Player) Process() *Process { return p.proc }

// Close ends the engine process (quit, then a kill 1 s later).
func (p *Player) Close() error { return p.proc.Close() }

// Play asks the engine for a move for the observation, a *santorini.Board.
// It returns ctx's error when ctx ends first (after sending stop); every
// failure of the engine is a forfeit answer, not an error.
func (p *Player) Play(ctx context.Context, obs any) (game.Answer, error) {
	var b *santorini.Board
	switch o := obs.(type) {
	case *santorini.Board:
		b = o
	case santorini.Board:
		b = &o
	default:
		return game.Answer{}, fmt.Errorf("engine player: observation is %T, not a *santorini.Board", obs)
	}
	if p.failed != "" {
		return p.forfeit("", "the engine already failed: "+p.failed), nil
	}
	if err := p.settle(ctx); err != nil {
		return game.Answer{}, err
	}
	ms := p.MoveTime.Round(time.Millisecond)
	if ms < time.Millisecond {
		ms = time.Millisecond
	}
	if err := p.proc.Send(Command{Name: CmdPosition, Board: *b}); err != nil {
		return p.crashed(err), nil
	}
	if err := p.proc.Send(Command{Name: CmdGo, MoveTime: ms}); err != nil {
		return p.crashed(err), nil
	}
	sent := time.Now()
	limit := ms + p.Grace
	if !p.played {
		limit += p.Startup
	}
	p.played = true
	deadline := time.NewTimer(limit)
	defer deadline.Stop()

	var last *Info
	var marks game.Notes
	exited := p.proc.Exited()
	var afterExit <-chan time.Time
	for {
		select {
		case <-ctx.Done():
			p.proc.SendLine(CmdStop)
			p.stale++
			return game.Answer{}, ctx.Err()
		case <-deadline.C:
			return p.fail("", fmt.Sprintf("no bestmove within %d ms of go movetime %d", limit.Milliseconds(), ms.Milliseconds())), nil
		case <-exited:
			exited, afterExit = nil, time.After(exitWait)
		case <-afterExit:
			return p.crashed(nil), nil
		case line, ok := <-p.proc.lines:
			if !ok {
				return p.crashed(nil), nil
			}
			if !isBestMove(line) {
				if a, err := ParseAnswer(line); err == nil {
					switch a := a.(type) {
					case *Info:
						last = a
					case *InfoMarks:
						marks.AddJSON([]byte(a.JSON))
					case *InfoString:
						marks.AddLog(a.Text)
					}
				}
				continue
			}
			took := time.Since(sent)
			if took > limit {
				return p.fail("", fmt.Sprintf("bestmove came %d ms after go movetime %d, later than %d ms", took.Milliseconds(), ms.Milliseconds(), limit.Milliseconds())), nil
			}
			return p.read(b, line, last, marks, took), nil
		}
	}
}

// settle reads the bestmoves still owed for searches that were stopped
// when a context ended, so that they are not taken for this turn's answer.
func (p *Player) settle(ctx context.Context) error {
	for p.stale > 0 {
		wctx, cancel := context.WithTimeout(ctx, p.Grace)
		line, err := p.proc.Line(wctx)
		cancel()
		switch {
		case ctx.Err() != nil:
			return ctx.Err()
		case err != nil:
			p.stale = 0 // gone or silent: the turn will tell
		case isBestMove(line):
			p.stale--
		}
	}
	p.proc.drain()
	return nil
}

// read turns a bestmove line into the answer, with the turn's marks: the
// strict move, or a forfeit.
func (p *Player) read(b *santorini.Board, line string, last *Info, marks game.Notes, took time.Duration) game.Answer {
	raw := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "bestmove"))
	a, err := ParseAnswer(line)
	if err != nil {
		return p.fail(surelyIllegal(raw), fmt.Sprintf("the answer %q is not a move: %v", line, err))
	}
	bm := a.(*BestMove)
	if bm.None {
		return p.fail("none", "the engine answered bestmove none")
	}
	t, err := bm.Move.Turn(b)
	if err != nil {
		return p.fail(bm.Move.String(), fmt.Sprintf("the engine answered the illegal move %q: %v", raw, err))
	}
	text := fmt.Sprintf("engine %s: %d ms", p.proc.Args[0], took.Milliseconds())
	if last != nil {
		text += fmt.Sprintf(" · depth %d · score %s · %d nodes", last.Depth, strconv.FormatFloat(last.Score, 'f', -1, 64), last.Nodes)
		if len(last.PV) > 0 {
			pv := make([]string, len(last.PV))
			for i, m := range last.PV {
				pv[i] = m.Compact()
			}
			text += " · pv " + strings.Join(pv, " ")
		}
	}
	marks.Text = text
	return game.Answer{Move: t.String(), Notes: &marks}
}

// surelyIllegal is the move to play for an answer that does not parse: the
// answer itself when the Santorini engine's own reader must reject it too
// (a word that is not a cell, after its separators > ^ , and a final #),
// else the empty move.
func surelyIllegal(raw string) string {
	s := strings.TrimSuffix(strings.ToUpper(raw), "#")
	s = strings.NewReplacer(">", " ", "^", " ", ",", " ").Replace(s)
	words := strings.Fields(s)
	for _, w := range words {
		if _, ok := santorini.ParseCell(w); !ok {
			return raw
		}
	}
	return ""
}

// crashed is the forfeit of an engine that ended or cannot be written to.
func (p *Player) crashed(err error) game.Answer {
	// A moment for the exit status and the last of stderr: one deadline for
	// both (an engine that keeps its stderr open must not hold the match).
	wait := time.NewTimer(500 * time.Millisecond)
	defer wait.Stop()
	for _, done := range []<-chan struct{}{p.proc.Exited(), p.proc.stderrDone} {
		select {
		case <-done:
			continue
		case <-wait.C:
		}
		break
	}
	why := "the engine ended without a bestmove"
	if err != nil {
		why = "the engine cannot be sent commands: " + err.Error()
	}
	if st := p.proc.ExitErr(); st != nil {
		why += " (" + st.Error() + ")"
	}
	if tail := p.proc.Stderr(); tail != "" {
		if i := strings.LastIndexByte(tail, '\n'); i >= 0 {
			tail = tail[i+1:]
		}
		why += "; its stderr ends: " + tail
	}
	return p.fail("", why)
}

// fail records the engine's failure and answers the forfeit move.
func (p *Player) fail(move, why string) game.Answer {
	p.failed = why
	return p.forfeit(move, why)
}

func (p *Player) forfeit(move, why string) game.Answer {
	slog.Warn("engine forfeits", "seat", p.Seat.String(), "engine", strings.Join(p.proc.Args, " "), "why", why)
	return game.Answer{Move: move, Notes: &game.Notes{Text: "forfeit: " + why}}
}
