//go:build !js

package server

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/net/stream"
)

// entriesOf makes a hub's entries of a replay of n steps, a keyframe
// every third, with a seat's line after each step.
func entriesOf(t *testing.T, n int) []entry {
	t.Helper()
	var out []entry
	add := func(seat int, text string) {
		l, err := stream.Classify([]byte(text))
		require.NoError(t, err, text)
		out = append(out, entry{seat: seat, line: l, data: []byte(text)})
	}
	add(0, `{"format":"arena-replay","version":1,"title":"santorini","seed":7}`)
	for s := 1; s <= n; s++ {
		add(0, fmt.Sprintf(`{"step":%d,"moves":{"1":"C3 B%d"},"events":"%s"}`, s, s, strings.Repeat("x", s%17)))
		if s%3 == 0 {
			add(0, fmt.Sprintf(`{"keyframe":%d,"state":{"board":"%s"}}`, s, strings.Repeat("ab", s)))
		}
		add(1, fmt.Sprintf(`{"ask":%d}`, s+1))
	}
	add(0, fmt.Sprintf(`{"result":{"winner":1},"turns":%d}`, n))
	return out
}

// The replay compressed once reads, cut anywhere in any order, as the
// replay's lines before the cut: a valid gzip file, every time.
func TestZippedReplayCutsAnywhere(t *testing.T) {
	t.Parallel()
	entries := entriesOf(t, 40)
	var z zipped
	ends := []int{0, 1, len(entries), 5, 17, 17, 60, 2, len(entries) - 1, 90, 3}
	for _, end := range ends {
		body, trailer, lines := z.upTo(entries, end, &reader{marks: marksAll})
		zr, err := gzip.NewReader(io.MultiReader(bytes.NewReader(body), bytes.NewReader(trailer)))
		require.NoError(t, err, "end %d", end)
		got, err := io.ReadAll(zr)
		require.NoError(t, err, "end %d: the CRC and the size hold", end)
		var want []string
		left := map[int]bool{} // the steps of the replay's lines before end that are left out
		for i, e := range entries {
			switch {
			case e.seat != 0:
			case len(want) < lines:
				want = append(want, string(e.data))
			case i < end:
				left[e.line.Step] = true
			}
		}
		text := strings.Join(want, "\n")
		if len(want) > 0 {
			text += "\n"
		}
		require.Equal(t, text, string(got), "end %d", end)
		require.LessOrEqual(t, len(left), 1, "end %d: at most the lines of the step it cuts into are left for later", end)
		if end == len(entries) || entries[end].line.Kind == stream.Step && entries[end].seat == 0 {
			require.Empty(t, left, "end %d is a step's start: every line before it is in", end)
		}
	}
	require.Equal(t, len(entries), z.fed, "each entry read once")
}

// A finished match's replay is its file, with an ETag: a download that
// has it already gets 304 and no body.
func TestAFinishedReplayIsItsFile(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	c := ts.create(stream.CreateRequest{Title: "santorini", Seats: []string{"alphabeta:1", "minimax:1"}, Seed: 7})
	ts.waitStatus(c.ID, stream.Finished)
	file, err := os.ReadFile(filepath.Join(ts.dir, "replays", c.ID+".arena"))
	require.NoError(t, err)
	resp := ts.get("/api/matches/"+c.ID+"/replay", "")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	body, _ := io.ReadAll(resp.Body)
	require.Equal(t, file, body, "the file, byte for byte: not compressed again")
	require.Equal(t, "application/gzip", resp.Header.Get("Content-Type"))
	tag := resp.Header.Get("ETag")
	require.NotEmpty(t, tag)
	again := ts.get("/api/matches/"+c.ID+"/replay", "", "If-None-Match", tag)
	require.Equal(t, http.StatusNotModified, again.StatusCode)
}

// A live match's replay is compressed once as it grows, whoever asks and
// however often: a hundred downloads of the same turns read no line
// twice, and each is the replay so far, with an ETag.
func TestALiveReplayIsCompressedOnce(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	c := ts.create(stream.CreateRequest{Title: "santorini", Seats: []string{"remote", "alphabeta:1"}, Seed: 2, Spectators: "delayed:2", Limit: "30s"})
	title, err := game.Lookup("santorini")
	require.NoError(t, err)
	bot, err := title.NewBot("alphabeta", "1", 0, nil)
	require.NoError(t, err)
	g := gated{bot, make(chan struct{}, 3)}
	for range 3 {
		g.gate <- struct{}{}
	}
	f := ts.client.Play(ctx(t), c.ID, 0, c.Seats[0].Token, g)
	defer f.Close()
	require.Eventually(t, func() bool {
		rec, err := ts.client.Open(ctx(t), c.ID)
		return err == nil && rec.Summary().Turns == 6
	}, 20*time.Second, 5*time.Millisecond)
	ts.mu.Lock()
	h := ts.hubs[c.ID]
	ts.mu.Unlock()
	require.NotNil(t, h)
	// The seat's next ask may still come (an entry, not a line of the
	// replay): what counts is that no line of the replay is compressed
	// twice.
	h.zip.mu.Lock()
	lines, size := h.zip.lines, h.zip.size
	h.zip.mu.Unlock()
	var jury, public []byte
	var tag string
	for range 100 {
		resp := ts.get("/api/matches/"+c.ID+"/replay", ts.jury)
		jury, _ = io.ReadAll(resp.Body)
		resp = ts.get("/api/matches/"+c.ID+"/replay", "")
		public, _ = io.ReadAll(resp.Body)
		tag = resp.Header.Get("ETag")
	}
	h.zip.mu.Lock()
	require.Equal(t, lines, h.zip.lines, "no line compressed again")
	require.Equal(t, size, h.zip.size)
	h.zip.mu.Unlock()
	for _, c := range []struct {
		data  []byte
		turns int
	}{{jury, 6}, {public, 4}} {
		rec, err := game.Open("replay", c.data)
		require.NoError(t, err)
		require.Equal(t, c.turns, rec.Summary().Turns, "the jury live, the public two turns late")
	}
	require.Equal(t, replayLines(t, jury)[:len(replayLines(t, public))], replayLines(t, public))
	require.NotEmpty(t, tag)
	require.Equal(t, http.StatusNotModified, ts.get("/api/matches/"+c.ID+"/replay", "", "If-None-Match", tag).StatusCode)
}
