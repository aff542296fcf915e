package scenes

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	gs "github.com/arena-games/arena/game/santorini"
	"github.com/arena-games/arena/net/stream"
)

// fakeServer serves one live Santorini match the way an Arena server does:
// its list, and its stream (every line but the result; it stays open).
// It returns the server and the number of frames the stream makes.
func fakeServer(t *testing.T) (*httptest.Server, int) {
	t.Helper()
	lines, frames := santoriniLines(t)
	lines = lines[:len(lines)-1] // not the result: the match is live
	list := stream.List{Matches: []stream.Info{{ID: "m1", Title: "santorini", Status: stream.Live, Turn: frames - 2,
		Seats: []stream.SeatInfo{{Seat: 1, Kind: "alphabeta", Player: "alphabeta:1"}, {Seat: 2, Kind: "alphabeta", Player: "alphabeta:1"}}}}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/matches", func(w http.ResponseWriter, r *http.Request) { json.NewEncoder(w).Encode(list) })
	mux.HandleFunc("GET /api/matches/m1/stream", func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer c.CloseNow()
		for _, l := range lines {
			if c.Write(r.Context(), websocket.MessageText, l) != nil {
				return
			}
		}
		c.Read(r.Context()) // until the client goes
	})
	s := httptest.NewServer(mux)
	t.Cleanup(func() { s.CloseClientConnections(); s.Close() })
	return s, frames
}

// santoriniLines are the replay lines of a Santorini bot match, and its
// number of frames.
func santoriniLines(t *testing.T) ([][]byte, int) {
	t.Helper()
	seats, err := game.ParseSeats(gs.Title{}, "alphabeta:1,alphabeta:1")
	require.NoError(t, err)
	m, closeFiles, err := game.Setup{Title: gs.Title{}, Seats: seats, Seed: 3, Out: t.TempDir() + "/m.arena"}.Start()
	require.NoError(t, err)
	var lines [][]byte
	require.NoError(t, m.Replay.Tee(func(l []byte) error { lines = append(lines, bytes.Clone(l)); return nil }))
	_, err = m.Run(context.Background())
	require.NoError(t, err)
	require.NoError(t, closeFiles())
	return lines, m.Timeline.Len()
}

// arena kiosk URL plays a server's matches: the live one first, watched
// as it is played until it ends, then the finished one; a match waiting
// for its players is not shown.
func TestKioskPlaysAServersMatchesLiveFirst(t *testing.T) {
	lines, _ := santoriniLines(t)
	list := stream.List{Matches: []stream.Info{{ID: "m1", Title: "santorini", Status: stream.Live},
		{ID: "m0", Title: "santorini", Status: stream.Waiting}, {ID: "m2", Title: "santorini", Status: stream.Finished}}}
	asked := make(chan string, 10)
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/matches", func(w http.ResponseWriter, r *http.Request) { json.NewEncoder(w).Encode(list) })
	mux.HandleFunc("GET /api/matches/{id}/stream", func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer c.CloseNow()
		asked <- r.PathValue("id")
		for i, l := range lines {
			if i == len(lines)-1 && r.PathValue("id") == "m1" {
				time.Sleep(300 * time.Millisecond) // live: the end comes later
			}
			if c.Write(r.Context(), websocket.MessageText, l) != nil {
				return
			}
		}
		c.Close(websocket.StatusNormalClosure, "finished")
	})
	srv := httptest.NewServer(mux)
	defer func() { srv.CloseClientConnections(); srv.Close() }()
	c, err := stream.NewClient(srv.URL)
	require.NoError(t, err)
	show := NewServerKiosk(c, 64)
	a := newTestApp(show)
	defer show.Close()
	for _, want := range []string{"m1", "m2"} {
		waitFor(t, a, func() bool { return show.phase == showTitle })
		require.Equal(t, want, <-asked)
		require.NotNil(t, show.Viewer().server, "the kiosk shows the server's stream")
		require.True(t, show.Viewer().dir.on, "the director films the kiosk")
		show.since -= titleTime
		waitFor(t, a, func() bool { return show.phase == showResult })
		require.False(t, show.Viewer().rec.Timeline.Live(), "shown to its end")
		show.since -= resultTime
		waitFor(t, a, func() bool { return show.phase != showResult })
	}
	require.Equal(t, 2, show.Games)
	for len(asked) > 0 {
		require.NotEqual(t, "m0", <-asked, "the waiting match is not shown")
	}
}

// The menu's "Watch a server…" lists a server's matches; the one chosen
// opens in the viewer at its newest turn, under a LIVE badge; Home rewinds
// while it goes on, Space pauses, End and the badge return to live.
func TestWatchAServersMatchLikeARecorder(t *testing.T) {
	keepSettingsApart(t)
	srv, frames := fakeServer(t)
	menu := NewMenu()
	a := newTestApp(menu)
	for i, it := range menu.form.Items {
		if it == menu.watch {
			menu.form.Focus = i
		}
	}
	a.In.UI.Enter = true
	tick(t, a, 1)
	w, ok := a.Top().(*Watch)
	require.True(t, ok, "the menu opens the Watch scene")
	w.addr.Text = srv.URL
	w.form.Focus = 0
	a.In.UI.Enter = true
	tick(t, a, 1)
	require.Eventually(t, func() bool { tick(t, a, 1); return len(w.rows) == 1 }, 10*time.Second, 10*time.Millisecond)
	require.Contains(t, w.rows[0].Label, "Santorini · LIVE · turn")
	require.Equal(t, "alphabeta · 1 vs alphabeta · 1 · m1", w.rows[0].Detail)
	w.form.Focus = 2
	a.In.UI.Enter = true
	tick(t, a, 1)
	var v *Viewer
	require.Eventually(t, func() bool {
		tick(t, a, 1)
		v, ok = a.Top().(*Viewer)
		return ok && v.rec.Timeline.Len() == frames
	}, 10*time.Second, 5*time.Millisecond, "the viewer opens on the match")
	tick(t, a, 120)
	n := v.rec.Timeline.Len()
	require.Equal(t, n-1, v.clock.Cursor, "live: the newest turn")
	require.True(t, v.rec.Timeline.Live())
	require.True(t, v.clock.Follow)
	require.True(t, v.dir.on, "a spectator's camera follows the action")

	press(t, a, ActFirst)
	require.Equal(t, 0, v.clock.Cursor, "rewound")
	require.False(t, v.clock.Follow)
	press(t, a, ActLast)
	require.Equal(t, n-1, v.clock.Cursor)
	require.True(t, v.clock.Follow, "End returns to live")
	press(t, a, ActPlayPause)
	require.False(t, v.clock.Follow || v.clock.Playing, "Space pauses")
	press(t, a, ActStepBack)
	require.Equal(t, n-2, v.clock.Cursor)
	v.Draw(ebiten.NewImage(1280, 800), a)
	badge := v.server.badge
	require.False(t, badge.Empty(), "the badge is drawn")
	a.In.UI.X, a.In.UI.Y, a.In.UI.Pressed = float64(badge.Min.X+4), float64(badge.Min.Y+4), true
	tick(t, a, 1)
	require.True(t, v.clock.Follow, "the badge returns to live")
	require.Equal(t, n-1, v.clock.Cursor)
	press(t, a, ActBack)
	require.True(t, strings.Contains(v.rec.Source, srv.URL))
}

// The watch scene of a jury keeps its token for its server, and gives it
// to no other address typed in its field.
func TestWatchKeepsTheJuryTokenForItsServer(t *testing.T) {
	w := NewServerWatch(&stream.Client{Base: "http://127.0.0.1:7070", Jury: "0123456789abcdef0123"})
	require.Equal(t, "0123456789abcdef0123", w.client.Jury)
	w.addr.Text = "127.0.0.1:7070"
	w.dial()
	require.Equal(t, "0123456789abcdef0123", w.client.Jury, "the same server, written otherwise")
	w.addr.Text = "http://elsewhere.example:7070"
	w.dial()
	require.Empty(t, w.client.Jury, "another server never gets it")
	require.Empty(t, NewWatch("http://127.0.0.1:7070").client.Jury)
}

// The watch list keeps its order whatever order the server lists the
// matches in, the newest first, and the focus stays on the same match: a
// click opens the match under the pointer.
func TestWatchListKeepsItsOrderAndFocus(t *testing.T) {
	matches := []stream.Info{
		{ID: "b", Title: "santorini", Status: stream.Live, Started: "2026-05-01T10:00:00Z"},
		{ID: "a", Title: "santorini", Status: stream.Live, Started: "2026-05-01T10:00:00Z"},
		{ID: "c", Title: "santorini", Status: stream.Finished, Started: "2026-05-01T11:00:00Z"},
	}
	var calls atomic.Int32
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/matches", func(w http.ResponseWriter, r *http.Request) {
		list := slices.Clone(matches)
		if calls.Add(1)%2 == 0 {
			slices.Reverse(list) // the server's order flips
		}
		json.NewEncoder(w).Encode(stream.List{Matches: list})
	})
	opened := make(chan string, 1)
	mux.HandleFunc("GET /api/matches/{id}/stream", func(w http.ResponseWriter, r *http.Request) {
		opened <- r.PathValue("id")
		http.NotFound(w, r)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	w := NewWatch(srv.URL)
	a := newTestApp(w)
	ids := func() (out []string) {
		for _, in := range w.shown {
			out = append(out, in.ID)
		}
		return out
	}
	require.Eventually(t, func() bool { tick(t, a, 1); return len(w.rows) == 3 }, 10*time.Second, 10*time.Millisecond)
	require.Equal(t, []string{"c", "a", "b"}, ids(), "the newest first, then by id")
	w.form.Focus = 3 // "a"
	for seen := calls.Load(); calls.Load() < seen+3; {
		tick(t, a, 10)
		time.Sleep(5 * time.Millisecond)
		require.Equal(t, []string{"c", "a", "b"}, ids())
		require.Equal(t, 3, w.form.Focus, "the focus stays on a")
	}
	// The rows drawn take the click, even when a new list comes with it.
	w.mu.Lock()
	w.got, w.fresh = []stream.Info{{ID: "d", Title: "santorini", Status: stream.Live, Started: "2026-05-01T12:00:00Z"}}, true
	w.mu.Unlock()
	top := w.rows[0].Rect()
	a.In.UI = uiAt(float64(top.Min.X+10), float64(top.Min.Y+10))
	tick(t, a, 1)
	_, ok := a.Top().(*Opening)
	require.True(t, ok, "the click opens a match")
	require.Equal(t, "c", <-opened, "the match drawn at the top")
	a.Pop()
}

// keepSettingsApart keeps the settings the test writes in a folder of its
// own, and forgets the server it connects to after it.
func keepSettingsApart(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	was := lastServer
	t.Cleanup(func() { lastServer = was })
}

// "Watch a server…" opens on the server last connected to, kept with the
// settings from one run to the next.
func TestWatchRemembersTheServer(t *testing.T) {
	keepSettingsApart(t)
	srv, _ := fakeServer(t)
	w := NewWatch(DefaultServer)
	a := newTestApp(w)
	require.Equal(t, DefaultServer, w.addr.Text)
	w.addr.Text, w.form.Focus = strings.TrimPrefix(srv.URL, "http://"), 0
	a.In.UI.Enter = true
	tick(t, a, 1)
	data, err := os.ReadFile(SettingsPath())
	require.NoError(t, err)
	require.Contains(t, string(data), `"watch_server":"`+srv.URL+`"`)

	lastServer = "" // a new run
	b := newTestApp(NewMenu())
	require.NoError(t, LoadSettings(b, SettingsPath()))
	require.Equal(t, srv.URL, NewWatch(DefaultServer).addr.Text)
	require.Equal(t, "http://elsewhere:7070", NewWatch("http://elsewhere:7070").addr.Text, "an address asked for")
}

// Why a server lists no matches is said in plain words, with what to do.
func TestWatchSaysWhyThereAreNoMatches(t *testing.T) {
	keepSettingsApart(t)
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	web := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("<html>a web page</html>"))
	}))
	defer web.Close()
	notFound := httptest.NewServer(http.NotFoundHandler())
	defer notFound.Close()
	host := func(u string) string { return strings.TrimPrefix(u, "http://") }
	for _, c := range []struct{ addr, want string }{
		{closed.URL, "No Arena server answers at " + host(closed.URL) + ". Is `arena serve` running there?"},
		{web.URL, host(web.URL) + " answers, but it is not an Arena server."},
		{notFound.URL, host(notFound.URL) + " answers, but it is not an Arena server."},
		{"arena example:7070", `"arena example:7070" is not a server's address: type one such as 127.0.0.1:7070`},
		{"", "Type a server's address"},
	} {
		w := NewWatch(c.addr)
		a := newTestApp(w)
		require.Eventually(t, func() bool {
			tick(t, a, 1)
			w.mu.Lock()
			defer w.mu.Unlock()
			return strings.Contains(w.problem, c.want)
		}, 10*time.Second, 10*time.Millisecond, "%s: %s", c.addr, w.problem)
		drawApp(a)
	}
	require.Equal(t, "arena.example:7070 did not answer in time. Is the address right, and the machine on this network?",
		serverProblem("http://arena.example:7070", fmt.Errorf("server: %w", context.DeadlineExceeded)))
	require.Equal(t, "No machine called nosuch.invalid is known here. Check the address.",
		serverProblem("http://nosuch.invalid:7070", fmt.Errorf("server: %w", &net.DNSError{Name: "nosuch.invalid", Err: "no such host"})))
}

// Ctrl+A selects the address: what is typed next replaces it, Backspace
// erases it.
func TestWatchCtrlASelectsTheAddress(t *testing.T) {
	w := NewWatch("http://127.0.0.1:7070")
	a := newTestApp(w)
	w.form.Focus = 0
	a.In.UI.SelectAll = true
	tick(t, a, 1)
	drawApp(a)
	a.In.UI.Chars = []rune("10.0.0.5:7070")
	tick(t, a, 1)
	require.Equal(t, "10.0.0.5:7070", w.addr.Text, "typing replaces the selected text")
	a.In.UI.Chars = []rune("1")
	tick(t, a, 1)
	require.Equal(t, "10.0.0.5:70701", w.addr.Text, "then it adds to it")
	a.In.UI.SelectAll = true
	tick(t, a, 1)
	a.In.UI.Erase = true
	tick(t, a, 1)
	require.Empty(t, w.addr.Text, "Backspace erases the selection")
}
