package guardains

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/net/contest"
	"github.com/arena-games/arena/net/contest/contesttest"
)

// wsLogin logs in to the Socket.IO server at addr over a WebSocket, as a
// web page does: the Engine.IO handshake, then the CONNECT packet with the
// login as its auth payload. origin is the page's ("" for a program). It
// returns "connected", "refused: REASON", or "dial: ERROR" when the
// WebSocket itself was refused.
func wsLogin(t *testing.T, addr, origin string, auth map[string]string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	h := http.Header{}
	if origin != "" {
		h.Set("Origin", origin)
	}
	c, res, err := websocket.Dial(ctx, "ws://"+addr+"/socket.io/?EIO=4&transport=websocket", &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		status := 0
		if res != nil {
			status = res.StatusCode
		}
		return fmt.Sprintf("dial: %d", status)
	}
	defer c.CloseNow()
	_, open, err := c.Read(ctx)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(string(open), "0{"), "the Engine.IO open packet: %s", open)
	payload, _ := json.Marshal(auth)
	require.NoError(t, c.Write(ctx, websocket.MessageText, append([]byte("40"), payload...)))
	for {
		_, msg, err := c.Read(ctx)
		require.NoError(t, err)
		switch p := string(msg); {
		case p == "2": // ping
			require.NoError(t, c.Write(ctx, websocket.MessageText, []byte("3")))
		case strings.HasPrefix(p, "40"):
			return "connected"
		case strings.HasPrefix(p, "44"):
			return "refused: " + p[2:]
		}
	}
}

// get is an HTTP GET of the Engine.IO polling transport from a page of
// origin: its status.
func get(t *testing.T, addr, host, origin string) int {
	t.Helper()
	req, err := http.NewRequest("GET", "http://"+addr+"/socket.io/?EIO=4&transport=polling", nil)
	require.NoError(t, err)
	if host != "" {
		req.Host = host
	}
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode
}

func authOf(player, password string) map[string]string {
	return map[string]string{"player_id": player, "password": password, "room": DefaultRoom}
}

// A web page of another site that a player has open tries to log in as
// the seat, over a WebSocket and over polling, with the original's public
// login: refused before the login, as is a page whose name was rebound to
// 127.0.0.1. A program (no Origin) and a page of the listener's own host
// may log in.
func TestCrossSiteLogin(t *testing.T) {
	t.Parallel()
	m := contesttest.Start(t, setup(t, "contest,hunter", "2", 300*time.Millisecond))
	addr := m.Addr(t)
	require.Equal(t, "dial: 403", wsLogin(t, addr, "https://evil.example", authOf("player1", "player1")))
	require.Equal(t, "dial: 403", wsLogin(t, addr, "null", authOf("player1", "player1")))
	require.Equal(t, http.StatusForbidden, get(t, addr, "", "https://evil.example"))
	require.Equal(t, http.StatusForbidden, get(t, addr, "rebound.example:8000", "http://rebound.example:8000"), "DNS rebinding")
	require.Equal(t, http.StatusOK, get(t, addr, "", "http://"+addr))
	require.Equal(t, http.StatusOK, get(t, addr, "localhost", ""))
	require.Equal(t, "connected", wsLogin(t, addr, "http://"+addr, authOf("player1", "player1")))
	_, _, err := m.Wait(t, 30*time.Second)
	require.NoError(t, err)
}

var connectRE = regexp.MustCompile(`^GuardAIns seat (\d): Socket\.IO at http://(\S+), header auth \{"player_id": "(player\d)", "password": "(\w+)", "room": "gameRoom"\}`)

// On a listener that other machines reach, the original's logins
// player1/player1 and player2/player2 are refused: each seat has a new
// secret password, which the connect line prints, and with which the bot
// logs in (a second login of the seat is refused, R32).
func TestLoginsBeyondLoopback(t *testing.T) {
	t.Parallel()
	st := setup(t, "contest,contest", "2", 300*time.Millisecond)
	st.Contest.Listen, st.Contest.JoinTimeout = contesttest.Beyond(t), 2*time.Second
	m := contesttest.Start(t, st)
	passwords := map[string]string{}
	var addr string
	for range 2 {
		line := m.Line(t)
		c := connectRE.FindStringSubmatch(line)
		require.NotNil(t, c, line)
		addr = c[2]
		require.Regexp(t, `^[0-9a-f]{32}$`, c[4])
		passwords[c[3]] = c[4]
	}
	require.NotEqual(t, passwords["player1"], passwords["player2"])
	for _, p := range []string{"player1", "player2"} {
		require.Equal(t, `refused: {"data":null,"message":"Wrong Password for `+p+`"}`, wsLogin(t, addr, "", authOf(p, p)))
		require.Equal(t, `refused: {"data":null,"message":"Wrong Password for `+p+`"}`, wsLogin(t, addr, "", authOf(p, passwords[other(p)])))
	}
	require.Equal(t, "connected", wsLogin(t, addr, "", authOf("player1", passwords["player1"])))
	_, _, err := m.Wait(t, 30*time.Second)
	require.ErrorContains(t, err, "seat 2 did not join", "player2 never logged in")
}

func other(p string) string {
	if p == "player1" {
		return "player2"
	}
	return "player1"
}

// A seat's password is kept as a contest.Secret, which compares hashes in
// constant time and cannot be compared with ==.
func TestSecretsCompareInConstantTime(t *testing.T) {
	t.Parallel()
	f, ok := reflect.TypeOf(seat{}).FieldByName("password")
	require.True(t, ok)
	require.Equal(t, reflect.TypeOf(contest.Secret{}).String(), f.Type.String())
	require.False(t, f.Type.Comparable())
}
