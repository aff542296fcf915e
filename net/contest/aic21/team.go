package aic21

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/arena-games/arena/game"
	ants "github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/net/sandbox"
)

// team is a colony played by outside units: the game.Player of its seat.
type team struct {
	l      *Lobby
	colony int
	path   string   // the unit program of a process seat; "" for units started by hand
	log    *os.File // where a process seat's units write

	mu     sync.Mutex
	units  map[int]*unit
	round  *round // the open round
	broken string // why the colony forfeits (R18): a connection broke, a unit did not start
}

// unit is one unit's connection and, for a process seat, its process.
type unit struct {
	id      int
	c       *connection
	cmd     *exec.Cmd
	exited  chan struct{}
	started bool // INIT sent
	dead    bool // KILL sent, or the game over
}

// round is one round's answers: frames in arrival order, the units' marks,
// and the units that owe an END_TURN.
type round struct {
	moves   []ants.UnitMove
	marks   game.Notes // the units' debug marks, merged
	frames  map[int]int
	waiting map[int]bool
	done    chan struct{}
}

// Play sends the round's messages to the colony's units (INIT to new
// units, started or awaited first; KILL to the dead, whose connections
// and processes then end; GAME_STATUS to the others) and gathers their
// frames until every GAME_STATUS recipient has sent END_TURN, or for
// 3000 ms (R2). The move is their answers by unit id, each unit's in the
// order they came, ending with ants.Forfeit once a unit's connection broke
// or a unit did not start.
func (t *team) Play(ctx context.Context, obs any) (game.Answer, error) {
	views, ok := obs.(ants.Views)
	if !ok {
		return game.Answer{}, fmt.Errorf("aic21 contest seat: observation is %T, not aic21.Views", obs)
	}
	ids := make([]int, 0, len(views))
	for id := range views {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		t.mu.Lock()
		_, bound := t.units[id]
		t.mu.Unlock()
		if !bound && views[id].Type != ants.TypeKill {
			if err := t.bindUnit(ctx, id); err != nil {
				t.fail(err.Error())
			}
		}
	}
	r := &round{frames: map[int]int{}, waiting: map[int]bool{}, done: make(chan struct{})}
	t.mu.Lock()
	t.round = r
	var send []*unit
	for _, id := range ids {
		u := t.units[id]
		if u == nil || u.dead {
			continue
		}
		if views[id].Type == ants.TypeStatus {
			r.waiting[id] = true
		}
		send = append(send, u)
	}
	if len(r.waiting) == 0 {
		close(r.done)
	}
	t.mu.Unlock()
	start := time.Now()
	for _, u := range send {
		v := views[u.id]
		if v.Type == ants.TypeStatus && !u.started && v.Init != nil {
			t.send(u, (&ants.View{Type: ants.TypeInit, Init: v.Init}).JSON())
		}
		u.started = true
		if v.Type == ants.TypeKill {
			t.retire(u, v.JSON())
			continue
		}
		t.send(u, v.JSON())
	}
	limit := t.l.opts.Limit
	if limit <= 0 {
		limit = RoundTime
	}
	timer := time.NewTimer(limit)
	defer timer.Stop()
	select {
	case <-r.done:
	case <-timer.C:
	case <-ctx.Done():
	}
	t.mu.Lock()
	t.round = nil
	moves, broken, late, notes := r.moves, t.broken, len(r.waiting), r.marks
	t.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return game.Answer{}, err
	}
	// The original read each unit's frames from its own handler, unit by
	// unit in id order: so does the move, each unit's in arrival order.
	sort.SliceStable(moves, func(i, j int) bool { return moves[i].Unit < moves[j].Unit })
	move := ants.FormatUnitMoves(moves)
	note := fmt.Sprintf("%d units, %d ms", len(send), time.Since(start).Milliseconds())
	if late > 0 {
		note += fmt.Sprintf(", %d without END_TURN", late)
	}
	if broken != "" {
		move = strings.TrimSpace(move + " " + ants.Forfeit)
		note = broken
	}
	notes.Text = fmt.Sprintf("colony %d: %s", t.colony, note)
	return game.Answer{Move: move, Notes: &notes}, nil
}

// fail makes the colony forfeit at the end of this turn.
func (t *team) fail(why string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.broken == "" {
		t.broken = why
		slog.Warn("AIC21 unit", "colony", t.colony, "why", why)
	}
}

// send writes a frame to a unit; a failed write is a broken connection.
func (t *team) send(u *unit, frame []byte) {
	if err := u.c.send(frame); err != nil {
		t.fail(fmt.Sprintf("unit %d's connection broke: %v", u.id, err))
	}
}

// bindUnit gets unit id its connection: for a process seat it starts the
// program and waits for it to connect; otherwise it waits for a unit
// started by hand. Units bind one at a time (§6), each to the connection
// that sends its token: a new one, which a spawned unit reads from
// AICToken and the announce line prints for a unit started by hand.
func (t *team) bindUnit(ctx context.Context, id int) error {
	l := t.l
	l.bind.Lock()
	defer l.bind.Unlock()
	d, token := l.open()
	u := &unit{id: id, exited: make(chan struct{})}
	if t.path != "" {
		if err := t.spawn(u, token); err != nil {
			l.shut(d)
			return err
		}
	} else {
		u.exited = nil // no process: never ends
		if l.opts.Announce != nil {
			l.opts.Announce(fmt.Sprintf("AIC21: waiting for unit %d of colony %d (seat %d): start it to connect to %s with its token %s (AICHostIP=%s AICHostPort=%d AICToken=%s)",
				id, t.colony, t.colony+1, l.Addr(), token, l.host, l.port, token))
		}
	}
	timer := time.NewTimer(ConnectTimeout)
	defer timer.Stop()
	var c *connection
	var why string
	select {
	case c = <-d.conn:
	case c = <-l.arrivals: // compat.zeroToken
	case <-u.exited:
		why = fmt.Sprintf("unit %d's process ended before it connected (%v; its output: %s)", id, u.cmd.ProcessState, t.log.Name())
	case <-timer.C:
		why = fmt.Sprintf("unit %d did not connect to %s within %v", id, l.Addr(), ConnectTimeout)
	case <-ctx.Done():
		why = fmt.Sprintf("unit %d did not connect to %s: %v", id, l.Addr(), ctx.Err())
	case <-l.closed:
		why = "the match ended"
	}
	l.shut(d)
	if c != nil {
		u.c = c
		t.mu.Lock()
		t.units[id] = u
		t.mu.Unlock()
		go t.read(u)
		return nil
	}
	if u.cmd != nil {
		sandbox.Kill(u.cmd)
	}
	return fmt.Errorf("%s", why)
}

// spawn starts a process of the team's program for u, as the original
// did: java -jar for a .jar, else the path itself, without arguments, in
// Arena's folder, with the environment the templates read the server's
// address and u's token from.
func (t *team) spawn(u *unit, token string) error {
	l := t.l
	cmd := exec.Command(t.path)
	if strings.Contains(t.path, ".jar") {
		cmd = exec.Command("java", "-jar", t.path)
	}
	cmd.Env = append(os.Environ(), "AICHostIP="+l.host, "AICHostPort="+strconv.Itoa(l.port), "AICToken="+token, "AICRetryDelay=1000")
	cmd.Stdout, cmd.Stderr = t.log, t.log
	if err := sandbox.Start(cmd, sandbox.Program{Name: fmt.Sprintf("AIC21 unit %d (%s)", u.id, t.path), Connect: l.Addr(), Limits: UnitLimits}); err != nil {
		return fmt.Errorf("start unit %d: %w", u.id, err)
	}
	u.cmd = cmd
	go func() {
		cmd.Wait()
		close(u.exited)
	}()
	return nil
}

// read takes a unit's frames: into the open round, in arrival order, and
// its marks frames into the round's marks; any other time they are
// dropped (R16). A connection that breaks while the
// unit lives makes the colony forfeit (R18).
func (t *team) read(u *unit) {
	for {
		frame, err := u.c.next()
		if err != nil {
			t.mu.Lock()
			dead := u.dead
			t.mu.Unlock()
			if !dead {
				t.fail(fmt.Sprintf("unit %d's connection broke", u.id))
			}
			return
		}
		if marks, ok := readMarks(frame, u.id); ok {
			t.mu.Lock()
			if r := t.round; r != nil && !u.dead {
				r.marks.Merge(marks)
			}
			t.mu.Unlock()
			continue
		}
		m, end := ants.ReadAction(frame)
		t.mu.Lock()
		if r := t.round; r != nil && !u.dead {
			if (m.Move || m.Chat) && r.frames[u.id] < maxFrames {
				m.Unit = u.id
				r.moves = append(r.moves, m)
				r.frames[u.id]++
			}
			if end && r.waiting[u.id] {
				delete(r.waiting, u.id)
				if len(r.waiting) == 0 {
					close(r.done)
				}
			}
		}
		t.mu.Unlock()
	}
}

// retire ends a unit the game killed. It is marked dead before its KILL
// message goes out: the original client exits on KILL, as it should, and
// the connection it closes is no broken one. Then its connection closes
// and its process is killed at once (the original clients busy-loop on a
// closed socket).
func (t *team) retire(u *unit, kill []byte) {
	t.mu.Lock()
	u.dead = true
	t.mu.Unlock()
	u.c.send(kill) // a unit that closed first has already ended as it should
	u.c.conn.Close()
	if u.cmd != nil {
		sandbox.Kill(u.cmd)
	}
}

// end closes every unit at the end of the match: units started by hand
// get KILL first (the original's --run-manually); processes are killed,
// children and all.
func (t *team) end() {
	t.mu.Lock()
	var live []*unit
	for _, u := range t.units {
		if !u.dead {
			u.dead = true
			live = append(live, u)
		}
	}
	t.mu.Unlock()
	for _, u := range live {
		if u.cmd == nil {
			u.c.send((&ants.View{Type: ants.TypeKill}).JSON())
		}
		u.c.conn.Close()
		if u.cmd != nil {
			sandbox.Kill(u.cmd)
		}
	}
	for _, u := range live {
		if u.exited == nil {
			continue
		}
		select {
		case <-u.exited:
		case <-time.After(5 * time.Second):
			slog.Warn("AIC21 unit process did not end after being killed", "unit", u.id, "pid", u.cmd.Process.Pid)
		}
	}
}

// program checks a process seat's PATH: a program, or a .jar that java
// runs.
func program(path string) (string, error) {
	path = strings.TrimSpace(path)
	if path == "" {
		return "", fmt.Errorf("want process:PATH, PATH being the unit program (or a .jar)")
	}
	if st, err := os.Stat(path); err != nil || st.IsDir() {
		return "", fmt.Errorf("process:%s: no such program", path)
	}
	if strings.Contains(path, ".jar") {
		if _, err := exec.LookPath("java"); err != nil {
			return "", fmt.Errorf("process:%s: a .jar needs java, which is not installed", path)
		}
	}
	return path, nil
}
