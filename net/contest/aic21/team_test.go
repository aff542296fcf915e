package aic21

import (
	"bytes"
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	ants "github.com/arena-games/arena/game/aic21"
)

// lateWrites is the Arena side of a unit's connection on a loaded machine:
// a write returns only after the unit has read it, acted on it and the
// reader has had its time.
type lateWrites struct {
	net.Conn
}

func (c lateWrites) Write(p []byte) (int, error) {
	n, err := c.Conn.Write(p)
	time.Sleep(100 * time.Millisecond)
	return n, err
}

// A unit the game killed may close its connection the moment its KILL
// arrives, as the teams' clients do, however late Arena's write returns:
// its colony does not forfeit. (The unit was marked dead only after the
// write, and the reader took the closed connection for a broken one.)
func TestKilledUnitMayCloseAtOnce(t *testing.T) {
	t.Parallel()
	arena, client := net.Pipe()
	u := &unit{id: 5, c: newConnection(lateWrites{arena}), started: true}
	tm := &team{l: &Lobby{}, colony: 1, units: map[int]*unit{5: u}}
	go tm.read(u)
	go func() { // the unit: it exits on KILL
		buf := make([]byte, 256)
		var got []byte
		for !bytes.Contains(got, []byte{0}) {
			n, err := client.Read(buf)
			if err != nil {
				return
			}
			got = append(got, buf[:n]...)
		}
		client.Close()
	}()
	ans, err := tm.Play(t.Context(), ants.Views{5: {Type: ants.TypeKill}})
	require.NoError(t, err)
	require.NotContains(t, ans.Move, ants.Forfeit)
	time.Sleep(100 * time.Millisecond) // the reader's EOF, however late
	tm.mu.Lock()
	defer tm.mu.Unlock()
	require.Empty(t, tm.broken)
	require.True(t, u.dead)
}
