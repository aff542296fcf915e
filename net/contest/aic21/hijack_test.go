package aic21

import (
	"encoding/json"
	"net"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	ants "github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/net/contest"
	"github.com/arena-games/arena/net/contest/contesttest"
)

// handUnit is a unit started by hand in a test: it sends a token, then
// answers every frame it gets with a move, the chat text it is given and
// END_TURN, until its socket closes. Its frames' types come on types,
// which closes with the socket.
type handUnit struct {
	conn  net.Conn
	types chan string
}

func startUnit(t *testing.T, addr, token, chat string) *handUnit {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	t.Cleanup(func() { conn.Close() })
	u := &handUnit{conn: conn, types: make(chan string, 1024)}
	write(t, conn, tokenFrame(token), false)
	go func() {
		defer close(u.types)
		c := newConnection(conn)
		for {
			frame, err := c.next()
			if err != nil {
				return
			}
			var f struct{ Type string }
			json.Unmarshal(frame, &f)
			u.types <- f.Type
			if f.Type != "3" && f.Type != "7" {
				write(t, conn, `{"type": 1, "info": {"direction": 1}}`, false)
				write(t, conn, `{"type": 2, "info": {"message": "`+chat+`", "value": 5}}`, false)
				write(t, conn, `{"type": 6, "info": {}}`, false)
			}
		}
	}()
	return u
}

// got lists the types of the frames the unit got; it waits at most
// limit for its socket to close.
func (u *handUnit) got(t *testing.T, limit time.Duration) []string {
	t.Helper()
	var out []string
	deadline := time.After(limit)
	for {
		select {
		case typ, ok := <-u.types:
			if !ok {
				return out
			}
			out = append(out, typ)
		case <-deadline:
			t.Fatalf("the unit's socket is still open after %v; it got %v", limit, out)
		}
	}
}

// nextUnit reads the line that asks for the next unit started by hand:
// its colony and its token.
func nextUnit(t *testing.T, m *contesttest.Match) (colony, token string) {
	t.Helper()
	select {
	case line := <-m.Lines:
		match := waitingRE.FindStringSubmatch(line)
		require.NotNil(t, match, line)
		return match[2], match[3]
	case <-time.After(20 * time.Second):
		t.Fatal("Arena asked for no unit within 20 s")
	}
	return "", ""
}

// requireNoHijack checks that no move of the replay at path came from a
// hijacking connection, and that both colonies' own units played.
func requireNoHijack(t *testing.T, path string, res game.Result) {
	t.Helper()
	rec := contesttest.SameAsLocal(t, path, res)
	played := map[game.Seat]bool{}
	for i := 1; i < rec.Timeline.Len(); i++ {
		for s, move := range rec.Timeline.Frame(i).Moves {
			require.NotContains(t, move, "hijack", "turn %d, seat %d", i, s.Number())
			played[s] = played[s] || strings.TrimSpace(move) != ""
		}
	}
	require.Equal(t, map[game.Seat]bool{0: true, 1: true}, played, "both colonies' units played")
}

// A colony's unit tries to play the other colony's units: as soon as its
// first unit connected it opens four more connections, two with the
// original's public token, one with a guessed token and one with the
// token of the other colony's first unit, which that unit has used. Arena
// closes each with no reply: they get no INIT, no view, and the replay
// credits nothing they sent. The honest units all get their INIT, play
// and end with KILL.
func TestHijackerUnits(t *testing.T) {
	st := game.Setup{Title: title, Seed: 5, Out: filepath.Join(t.TempDir(), "hijack.arena"), Limit: time.Second,
		Seats:   []game.SeatSpec{{Kind: "contest"}, {Kind: "contest"}},
		Options: map[string]string{ants.OptTurns: "6", "INIT_ANTS": "3"}, Contest: game.ContestOptions{JoinTimeout: 30 * time.Second}}
	m := contesttest.Start(t, st)
	addr := m.Addr(t)
	<-m.Lines // seat 2's line
	var honest, spies []*handUnit
	var used string // the first unit of colony 1's token, once it connected
	spy := func(token string) { spies = append(spies, startUnit(t, addr, token, "hijack")) }
	for range 6 {
		colony, token := nextUnit(t, m)
		if used != "" && len(spies) == 3 { // Arena asks for the next unit: the last one connected
			spy(used)
		}
		honest = append(honest, startUnit(t, addr, token, "honest"+colony))
		if colony == "0" && len(spies) == 0 {
			time.Sleep(50 * time.Millisecond) // as the original's clients, after the token
			spy(Token)
			spy(Token)
			spy(contest.Generate())
		}
		if colony == "1" && used == "" {
			used = token
		}
	}
	if len(spies) == 3 {
		m.Running(t)
		spy(used)
	}
	for i, s := range spies {
		require.Empty(t, s.got(t, 5*time.Second), "hijacking connection %d gets nothing", i)
	}
	_, res, err := m.Wait(t, time.Minute)
	require.NoError(t, err)
	require.NotEqual(t, "forfeit", res.Reason)
	for i, u := range honest {
		got := u.got(t, 10*time.Second)
		require.NotEmpty(t, got, "unit %d", i)
		require.Equal(t, "3", got[0], "unit %d's first frame is its INIT", i)
		require.Equal(t, "7", got[len(got)-1], "unit %d gets KILL at the end", i)
	}
	requireNoHijack(t, st.Out, res)
}

// The same attack from unit processes that read their token from
// AICToken, as the original's template does: every unit of colony 0
// opens four more connections, right after its token (the public token
// twice, a guessed one) and after its INIT (its own token again). The
// match ends by its rounds, with nothing of theirs in the replay, and no
// unit is left running.
func TestHijackerProcesses(t *testing.T) {
	st := game.Setup{Title: title, Seed: 3, Out: filepath.Join(t.TempDir(), "hijack.arena"), Limit: time.Second,
		Seats:   []game.SeatSpec{{Kind: "process", Strength: unitProgram(t, "hijack")}, {Kind: "process", Strength: unitProgram(t, "play")}},
		Options: map[string]string{ants.OptTurns: "8", "INIT_ANTS": "2"}, Contest: game.ContestOptions{JoinTimeout: time.Minute}}
	m := contesttest.Start(t, st)
	m.Addr(t)
	_, res, err := m.Wait(t, 2*time.Minute)
	require.NoError(t, err)
	require.NotEqual(t, "forfeit", res.Reason)
	requireNoHijack(t, st.Out, res)
	requireNoUnits(t, st.Out)
}

// The original's public token works with the option compat.zeroToken on
// a loopback listener, beside the units' own tokens; the option is
// refused for a listener that other machines reach.
func TestZeroToken(t *testing.T) {
	t.Parallel()
	st := game.Setup{Title: title, Seed: 5, Out: filepath.Join(t.TempDir(), "zero.arena"), Limit: time.Second,
		Seats:   []game.SeatSpec{{Kind: "contest"}, {Kind: "contest"}},
		Options: map[string]string{ants.OptTurns: "3", "INIT_ANTS": "2", ants.OptZeroToken: "true"}, Contest: game.ContestOptions{JoinTimeout: 30 * time.Second}}
	m := contesttest.Start(t, st)
	addr := m.Addr(t)
	require.Contains(t, <-m.Lines, "or, compat.zeroToken, the original's "+Token)
	var units []*handUnit
	for k := range 4 {
		_, token := nextUnit(t, m)
		if k%2 == 0 {
			token = Token
		}
		units = append(units, startUnit(t, addr, token, "zero"))
	}
	_, res, err := m.Wait(t, time.Minute)
	require.NoError(t, err)
	require.NotEqual(t, "forfeit", res.Reason)
	for i, u := range units {
		got := u.got(t, 10*time.Second)
		require.Equal(t, "3", got[0], "unit %d's first frame is its INIT", i)
	}

	st.Contest.Listen, st.Out = contesttest.Beyond(t), filepath.Join(t.TempDir(), "beyond.arena")
	_, _, err = st.Start()
	require.ErrorContains(t, err, "option compat.zeroToken: the original's public token lets any unit play any other; it is only for a listener on loopback")
}

// A unit's token is kept as a contest.Secret, which compares hashes in
// constant time and cannot be compared with ==.
func TestSecretsCompareInConstantTime(t *testing.T) {
	t.Parallel()
	f, ok := reflect.TypeOf(door{}).FieldByName("token")
	require.True(t, ok)
	require.Equal(t, reflect.TypeOf(contest.Secret{}).String(), f.Type.String())
	require.False(t, f.Type.Comparable())
}
