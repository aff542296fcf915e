package scenes

import (
	"encoding/json"
	"image/color"
	"net/http"
	"net/http/httptest"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/net/stream"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/rendertest"
)

// nightServer serves a contest night's list as the test sets it, and the
// stream of a Santorini match for any match; it counts the lists asked
// for and tells which streams were.
type nightServer struct {
	*httptest.Server
	mu     sync.Mutex
	list   stream.List
	lists  atomic.Int32
	stream chan string
}

func newNightServer(t *testing.T) *nightServer {
	t.Helper()
	lines, _ := santoriniLines(t)
	n := &nightServer{stream: make(chan string, 10)}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/matches", func(w http.ResponseWriter, r *http.Request) {
		n.lists.Add(1)
		n.mu.Lock()
		defer n.mu.Unlock()
		json.NewEncoder(w).Encode(n.list)
	})
	mux.HandleFunc("GET /api/matches/{id}/stream", func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer c.CloseNow()
		n.stream <- r.PathValue("id")
		for _, l := range lines[:len(lines)-1] {
			if c.Write(r.Context(), websocket.MessageText, l) != nil {
				return
			}
		}
		c.Read(r.Context()) // live: until the client goes
	})
	n.Server = httptest.NewServer(mux)
	t.Cleanup(func() { n.CloseClientConnections(); n.Close() })
	return n
}

func (n *nightServer) set(matches ...stream.Info) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.list = stream.List{Matches: matches}
}

// waitingMatch is a Santorini match of a contest night that waits for
// BotDiff's bot until deadline.
func waitingMatch(id string, deadline time.Time) stream.Info {
	return stream.Info{ID: id, Title: "santorini", Status: stream.Waiting, Awaiting: []int{1},
		Deadline: deadline.UTC().Format(time.RFC3339),
		Seats:    []stream.SeatInfo{{Seat: 1, Kind: "contest", Player: "BotDiff"}, {Seat: 2, Kind: "alphabeta", Player: "alphabeta:1"}}}
}

// inks counts the pixels of img near colour c.
func inks(img *ebiten.Image, c color.NRGBA) int {
	pix := rendertest.Pixels(img)
	n := 0
	near := func(a, b uint8) bool { return int(a)-int(b) < 24 && int(b)-int(a) < 24 }
	for i := 0; i+3 < len(pix.Pix); i += 4 {
		if near(pix.Pix[i], c.R) && near(pix.Pix[i+1], c.G) && near(pix.Pix[i+2], c.B) {
			n++
		}
	}
	return n
}

// frameAllocs is how many allocations a frame of the show makes, on
// average over half a second of the app's clock, with the draw commands
// flushed before each.
func frameAllocs(show *Show, dst *ebiten.Image, a *App) uint64 {
	buf := make([]byte, 4*dst.Bounds().Dx()*dst.Bounds().Dy())
	const frames = 30
	var m0, m1 runtime.MemStats
	var n uint64
	for range frames {
		dst.ReadPixels(buf)
		runtime.ReadMemStats(&m0)
		a.Clock += 1.0 / 60
		show.Draw(dst, a)
		runtime.ReadMemStats(&m1)
		n += m1.Mallocs - m0.Mallocs
	}
	return n / frames
}

// On a contest night every match waits for the teams' bots at first: the
// kiosk shows the waiting match's card (the game, the players, "waiting
// for BotDiff" and the time left, ticking down every second with this
// machine's clock), asks the server's list again every few seconds, not
// every frame, and never says that there is nothing to show; as soon as
// the match turns live it is watched.
func TestKioskShowsAWaitingMatchUntilItIsLive(t *testing.T) {
	clock := time.Now().Truncate(time.Second)
	now = func() time.Time { return clock }
	defer func() { now = time.Now }()
	srv := newNightServer(t)
	deadline := clock.Add(42 * time.Second)
	srv.set(waitingMatch("m7", deadline))
	c, err := stream.NewClient(srv.URL)
	require.NoError(t, err)
	show := NewServerKiosk(c, 64)
	defer show.Close()
	p := show.prog.(*serverProgram)
	a := newTestApp(show)
	waitFor(t, a, func() bool { return p.cards.up() })

	card := p.cards.card()
	require.Equal(t, "Santorini", card.title)
	require.Equal(t, []string{"BotDiff", "alphabeta · 1"}, card.names)
	require.Equal(t, []bool{false, true}, card.ready, "BotDiff's bot is awaited; the house's is ready")
	full, left := card.waitText(now())
	require.Equal(t, "waiting for BotDiff (0:42)", full)
	require.Equal(t, "(0:42)", left)
	dst := ebiten.NewImage(1280, 800)
	defer dst.Deallocate()
	show.Draw(dst, a)
	require.Greater(t, inks(dst, render.Accent), 400, "the wait line and BotDiff's state are drawn in the waiting colour")
	require.Greater(t, inks(dst, render.Good), 100, "the house bot is ready")

	// A second later, a second less, at the next frame; no list asked for
	// in between.
	lists := srv.lists.Load()
	before := rendertest.Pixels(dst)
	clock = clock.Add(time.Second)
	tick(t, a, 1)
	full, _ = p.cards.card().waitText(now())
	require.Equal(t, "waiting for BotDiff (0:41)", full)
	require.Equal(t, lists, srv.lists.Load(), "the countdown ticks without asking the server")
	a.Clock -= 1.0 / 60 // the same frame of the backdrop: only the countdown differs
	dst.Clear()
	show.Draw(dst, a)
	require.NotEqual(t, before.Pix, rendertest.Pixels(dst).Pix, "the card shows the second that ticked")

	// Drawing the card again and again makes nothing new: its texts are
	// made once, the countdown's once a second. (What is left is
	// Ebitengine's queue of draw commands, emptied here between frames as
	// at the end of a frame; a text made anew each frame makes about 80.)
	start := a.Clock
	now = func() time.Time { return clock.Add(time.Duration((a.Clock - start) * float64(time.Second))) }
	require.LessOrEqual(t, frameAllocs(show, dst, a), uint64(16), "allocations in a waiting card's frame")

	// Ten seconds on: the list asked again a few times, the card still up.
	start = a.Clock
	for a.Clock-start < 10 {
		tick(t, a, 6)
		time.Sleep(time.Millisecond)
		require.NotEqual(t, showNote, show.phase, "every match waits: the cards stay (%s)", show.note)
	}
	asked := srv.lists.Load() - lists
	require.GreaterOrEqual(t, asked, int32(2), "the list is asked again while the cards show")
	require.LessOrEqual(t, asked, int32(5), "not every frame")
	require.True(t, p.cards.up())

	// The bot came: the match is live, and watched.
	live := waitingMatch("m7", deadline)
	live.Status, live.Awaiting, live.Deadline = stream.Live, nil, ""
	srv.set(live)
	waitFor(t, a, func() bool { return show.phase == showTitle })
	require.Equal(t, "m7", <-srv.stream)
	require.NotNil(t, show.Viewer().server, "the kiosk watches the server's stream")
	require.False(t, p.cards.up())
}

// With live and finished matches beside the waiting ones, each waiting
// match gets its card first, in turn, then the live match is watched.
func TestKioskShowsTheWaitingMatchesBeforeTheLiveOnes(t *testing.T) {
	clock := time.Now().Truncate(time.Second)
	now = func() time.Time { return clock }
	defer func() { now = time.Now }()
	srv := newNightServer(t)
	deadline := clock.Add(90 * time.Second)
	second := waitingMatch("m9", deadline)
	second.Seats[0].Player, second.Seats[1].Player = "CHOP", "Deep_bAlt"
	second.Seats[1].Kind, second.Awaiting = "contest", []int{1, 2}
	srv.set(stream.Info{ID: "m1", Title: "santorini", Status: stream.Live},
		waitingMatch("m8", deadline), second,
		stream.Info{ID: "m0", Title: "santorini", Status: stream.Finished})
	c, err := stream.NewClient(srv.URL)
	require.NoError(t, err)
	show := NewServerKiosk(c, 64)
	show.SetCardTime(2)
	defer show.Close()
	p := show.prog.(*serverProgram)
	a := newTestApp(show)

	waitFor(t, a, func() bool { return p.cards.up() })
	require.Equal(t, "m8", p.cards.card().id)
	require.Equal(t, []string{"It starts when its players are in, or without them at 0:00", "Waiting match 1 of 2"}, p.cards.lines)
	waitFor(t, a, func() bool { return p.cards.card() != nil && p.cards.card().id == "m9" })
	require.Equal(t, "Waiting match 2 of 2", p.cards.lines[1])
	full, _ := p.cards.card().waitText(now())
	require.Equal(t, "waiting for CHOP and Deep_bAlt (1:30)", full)
	waitFor(t, a, func() bool { return show.phase == showTitle })
	require.Equal(t, "m1", <-srv.stream, "then the live match")
	require.Empty(t, srv.stream, "each waiting match is shown once, not watched")
}

// The waiting cards at every size, kept as golden pictures at 1280x800:
// four players of AIBG 5.0, the team's bot awaited; then a match of two
// teams, one with a name so long that the line of the wait is cut, but not
// its time left.
func TestKioskWaitingCardAtEverySize(t *testing.T) {
	at := time.Date(2025, 5, 17, 20, 0, 0, 0, time.UTC)
	now = func() time.Time { return at.Add(2 * time.Second) }
	defer func() { now = time.Now }()
	in := stream.Info{ID: "m3", Title: "aibg5", Status: stream.Waiting, Awaiting: []int{1},
		Deadline: at.Add(42 * time.Second).Format(time.RFC3339),
		Seats: []stream.SeatInfo{{Seat: 1, Kind: "contest", Player: "BotDiff"}, {Seat: 2, Kind: "greedy", Player: "House 1"},
			{Seat: 3, Kind: "greedy", Player: "House 2"}, {Seat: 4, Kind: "greedy", Player: "House 3"}}}
	long := stream.Info{ID: "m4", Title: "aibg5", Status: stream.Waiting, Awaiting: []int{1, 2},
		Deadline: at.Add(95 * time.Second).Format(time.RFC3339),
		Seats: []stream.SeatInfo{{Seat: 1, Kind: "contest", Player: "CHOP"}, {Seat: 2, Kind: "contest", Player: "Hiperparametri with a rather long team name"},
			{Seat: 3, Kind: "greedy", Player: "greedy:2"}, {Seat: 4, Kind: "greedy", Player: "House 2"}}}
	for _, size := range screenSizes() {
		w, h := size[0], size[1]
		show := NewServerKiosk(&stream.Client{Base: "http://127.0.0.1:1"}, 0)
		p := show.prog.(*serverProgram)
		a := newTestApp(show)
		a.Clock = 10
		p.cards.take([]stream.Info{long, in})
		require.True(t, p.cards.turn(a.Clock, p.cardTime()))
		require.Equal(t, "m3", p.cards.card().id, "the wait that ends first")
		img := screen(t, a, w, h, "kiosk-waiting")
		full, _ := p.cards.card().waitText(now())
		require.Equal(t, "waiting for BotDiff (0:40)", full)
		if w == 1280 {
			rendertest.Golden(t, img, "kiosk-waiting.png")
		}
		require.True(t, p.cards.turn(a.Clock+p.cardTime(), p.cardTime()))
		require.Equal(t, []string{"CHOP", "Hiperparametri with a rather long team name", "greedy · 2", "House 2"}, p.cards.card().names)
		require.Equal(t, "Waiting match 2 of 2", p.cards.lines[1])
		img = screen(t, a, w, h, "kiosk-waiting-long")
		if w == 1280 {
			rendertest.Golden(t, img, "kiosk-waiting-long.png")
		}
	}
}

// A waiting card names whom the match waits for: the contest seats the
// server awaits, the remote seats nobody joined yet; without a deadline
// it shows no time.
func TestKioskWaitingCardSaysWhomItWaitsFor(t *testing.T) {
	var w waitCards
	for _, c := range []struct {
		in          stream.Info
		ready       []bool
		full, about string
	}{
		{stream.Info{Seats: []stream.SeatInfo{{Seat: 1, Kind: "remote"}, {Seat: 2, Kind: "remote", Player: "Ana", Joined: true}}},
			[]bool{false, true}, "waiting for Player 1", "It starts when its players are in"},
		{stream.Info{Seats: []stream.SeatInfo{{Seat: 1, Kind: "contest", Player: "BotDiff"}, {Seat: 2, Kind: "minimax", Player: "minimax"}}},
			[]bool{true, true}, "waiting for its players", "It starts when its players are in"},
		{stream.Info{Awaiting: []int{1, 2}, Deadline: "2025-05-17T20:01:40Z",
			Seats: []stream.SeatInfo{{Seat: 1, Kind: "contest", Player: "CHOP"}, {Seat: 2, Kind: "contest", Player: "Deep_bAlt"}, {Seat: 3, Kind: "contest", Player: "BotDiff"}}},
			[]bool{false, false, true}, "waiting for CHOP and Deep_bAlt (1:40)", "It starts when its players are in, or without them at 0:00"},
	} {
		c.in.Title, c.in.Status = "aibg5", stream.Waiting
		card := w.cardOf(c.in)
		require.Equal(t, "AIBG 5.0", card.title)
		require.Equal(t, c.ready, card.ready)
		full, _ := card.waitText(time.Date(2025, 5, 17, 20, 0, 0, 0, time.UTC))
		require.Equal(t, c.full, full)
		require.Equal(t, []string{c.about}, card.about)
	}
}
