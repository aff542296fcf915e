package guardains

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

// A WebSocket's first bytes wait until the handler that upgraded it has
// returned: the handler here starts its reader, then takes 100 ms to
// listen, as the Engine.IO library does in a few microseconds.
func TestSettledHoldsReadsUntilTheHandlerReturns(t *testing.T) {
	t.Parallel()
	var listening atomic.Bool
	heard := make(chan bool, 1)
	srv := httptest.NewServer(settled{http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, _, err := w.(http.Hijacker).Hijack()
		if err != nil {
			heard <- false
			return
		}
		c.Write([]byte("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n"))
		go func() {
			defer c.Close()
			buf := make([]byte, 16)
			c.Read(buf)
			heard <- listening.Load()
		}()
		time.Sleep(100 * time.Millisecond)
		listening.Store(true)
	})})
	defer srv.Close()

	c, err := net.Dial("tcp", srv.Listener.Addr().String())
	require.NoError(t, err)
	defer c.Close()
	_, err = c.Write([]byte("GET /socket.io/ HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n"))
	require.NoError(t, err)
	status, err := bufio.NewReader(c).ReadString('\n')
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(status, "HTTP/1.1 101"), status)
	_, err = c.Write([]byte("2probe"))
	require.NoError(t, err)
	select {
	case ok := <-heard:
		require.True(t, ok, "the connection was read before its handler listened")
	case <-time.After(5 * time.Second):
		t.Fatal("the connection was never read")
	}
}

// The WebSocket upgrade answers its probe every time, through settled:
// 200 sessions, four at a time, each upgraded as soon as it opens, as
// python-socketio does.
func TestUpgradeProbeIsAnswered(t *testing.T) {
	t.Parallel()
	l, err := Open(map[game.Seat]game.SeatSpec{0: {Kind: game.ContestSeat}},
		game.ContestOptions{Listen: "127.0.0.1:0", JoinTimeout: time.Minute})
	require.NoError(t, err)
	defer l.Close()
	base := l.URL() + "/socket.io/?EIO=4&transport="
	var wg sync.WaitGroup
	errs := make(chan string, 200)
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				if msg := probe(base); msg != "" {
					errs <- msg
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	var lost []string
	for e := range errs {
		lost = append(lost, e)
	}
	require.Empty(t, lost, "%d of 200 upgrades went unanswered", len(lost))
}

// probe opens an Engine.IO session over polling, upgrades it at once and
// says what went wrong, if anything.
func probe(base string) string {
	resp, err := http.Get(base + "polling")
	if err != nil {
		return err.Error()
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || !strings.HasPrefix(string(body), "0{") {
		return "handshake: " + string(body)
	}
	var open struct{ Sid string }
	if err := json.Unmarshal(body[1:], &open); err != nil {
		return err.Error()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, strings.Replace(base, "http:", "ws:", 1)+"websocket&sid="+open.Sid, nil)
	if err != nil {
		return err.Error()
	}
	defer c.CloseNow()
	if err := c.Write(ctx, websocket.MessageText, []byte("2probe")); err != nil {
		return err.Error()
	}
	_, got, err := c.Read(ctx)
	if err != nil {
		return "no answer to the probe: " + err.Error()
	}
	if string(got) != "3probe" {
		return "the probe's answer: " + string(got)
	}
	return ""
}
