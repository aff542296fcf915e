//go:build !js

package server

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game/tournament"
)

// The names of the night's teams that the tests look for: one that is
// HTML, one with a slash, one played by a program at a path.
const (
	scriptTeam  = "<script>alert(1)</script>"
	slashTeam   = "Quiffs/Glarbs & Co"
	programTeam = "BotDiff"
	programSeat = "process:/home/organiser/secret-bots/botdiff/run.sh"
)

// waitLeft is the time group C has left to wait, however slow the test:
// ten minutes, counted down.
const waitLeft = `alert\(1\)&lt;/script&gt; \((10:00|9:[0-5][0-9])\)`

// night is an AIBG 5.0 night of 20 teams in its groups, written into
// dir/night: groups A and B played (B last), group C waiting for the
// script team's bot, group D playing, group E still to play.
type night struct {
	ix     *tournament.Index
	groups []tournament.Match // A to E
}

// writeNight writes the night into dir/night, with a replay for each
// played match.
func writeNight(t *testing.T, dir string) night {
	t.Helper()
	f := tournament.Format{System: tournament.AIBG5, Seats: 4, Entrants: 20, Games: 1, House: true}
	require.NoError(t, f.Check())
	plan, err := f.Plan(nil)
	require.NoError(t, err)
	g := plan.Matches[:5]
	tt := &tournament.Tournament{ID: "night", Name: "AIBG night", Title: "aibg5", Format: f}
	for i := range f.Entrants {
		tt.Entrants = append(tt.Entrants, tournament.Entrant{Name: fmt.Sprintf("team%d", i), Seat: "contest"})
	}
	tt.Entrants[g[0].Entrants[1]] = tournament.Entrant{Name: programTeam, Seat: programSeat}
	tt.Entrants[g[2].Entrants[1]].Name = scriptTeam
	tt.Entrants[g[4].Entrants[0]].Name = slashTeam
	tt.Entrants[g[4].Entrants[1]] = tournament.Entrant{Name: "Tactician", Seat: "tactical:1"}
	tt.Entrants[g[4].Entrants[2]] = tournament.Entrant{Name: "Odd", Seat: "/opt/bots/odd:run"}
	at := time.Now()
	results := map[string]tournament.Result{
		g[0].ID: {ID: g[0].ID, Winner: 2, Ranking: []int{2, 1, 4, 3}, Reason: "level3", Turns: 120,
			Finished: at.Add(-10 * time.Minute), Files: []string{"matches/" + g[0].ID + ".arena"}},
		g[1].ID: {ID: g[1].ID, Winner: 3, Ranking: []int{3, 1, 2, 4}, Reason: "survivor", Turns: 300,
			Finished: at.Add(-5 * time.Minute), Files: []string{"matches/" + g[1].ID + ".arena"}},
	}
	tt.Now = []tournament.Now{
		{Match: g[2].ID, State: tournament.NowWaiting, Waiting: []int{g[2].Entrants[1]}, Since: at, Deadline: at.Add(10 * time.Minute)},
		{Match: g[3].ID, State: tournament.NowPlaying, Since: at.Add(-190 * time.Second)},
	}
	ix, st, err := tt.Files(results, tournament.StatusRunning, at)
	require.NoError(t, err)
	out := filepath.Join(dir, "night")
	require.NoError(t, os.MkdirAll(filepath.Join(out, tournament.MatchesDir), 0o755))
	data, err := ix.JSON()
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(out, tournament.IndexFile), data, 0o644))
	data, err = st.JSON()
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(out, tournament.StandingsFile), data, 0o644))
	for _, m := range g[:2] {
		require.NoError(t, os.WriteFile(filepath.Join(out, tournament.MatchesDir, m.ID+".arena"), []byte("replay"), 0o644))
	}
	return night{ix: ix, groups: g}
}

// name names an entrant of the night.
func (n night) name(e int) string { return n.ix.Entrants[e].Name }

// page gets a page and reads it whole: its status, its body and its
// headers.
func (ts *testServer) page(path string) (int, string, http.Header) {
	ts.t.Helper()
	resp := ts.get(path, "")
	body, err := io.ReadAll(resp.Body)
	require.NoError(ts.t, err)
	return resp.StatusCode, string(body), resp.Header
}

// requireInert checks a page's headers and that it shows no secret nor
// any name as HTML.
func requireInert(t *testing.T, path, body string, h http.Header) {
	t.Helper()
	require.Equal(t, "text/html; charset=utf-8", h.Get("Content-Type"), path)
	require.Equal(t, pageCSP, h.Get("Content-Security-Policy"), path)
	require.Equal(t, "nosniff", h.Get("X-Content-Type-Options"), path)
	require.Equal(t, "no-cache", h.Get("Cache-Control"), path)
	require.NotContains(t, body, "<script", path)
	require.NotContains(t, body, "secret-bots", path)
	require.NotContains(t, body, "process:", path)
	require.NotContains(t, body, "/opt/bots", path)
}

// The list of tournaments links each to its page, with its game and how
// far it got.
func TestTheTournamentsPage(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeNight(t, root)
	ts := newTestServer(t, Options{Tournaments: root})
	for _, path := range []string{"/tournaments/", "/tournaments"} {
		status, body, h := ts.page(path)
		require.Equal(t, http.StatusOK, status, path)
		requireInert(t, path, body, h)
		require.Contains(t, body, `<meta http-equiv="refresh" content="5">`)
		require.Contains(t, body, `<a class="name" href="night/">AIBG night</a>`)
		require.Contains(t, body, "AIBG 5.0 · aibg5")
		require.Contains(t, body, "2 of 8 matches")
		require.Contains(t, body, `<span class="badge running">running</span>`)
	}
}

// A tournament's page shows what is played now, the standings, the
// latest results newest first with their replays, and the teams, each
// linking to its page; every name escaped, no program shown.
func TestATournamentsPage(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	n := writeNight(t, root)
	ts := newTestServer(t, Options{Tournaments: root})
	status, body, h := ts.page("/tournaments/night/")
	require.Equal(t, http.StatusOK, status, body)
	requireInert(t, "/tournaments/night/", body, h)
	for _, want := range []string{
		"<h1>AIBG night</h1>", "AIBG 5.0 · aibg5 · <span class=\"badge running\">running</span>",
		"2 of 8 matches", `style="width:25%"`,
		"Groups, group C: ", "waiting for &lt;script&gt;alert(1)&lt;/script&gt; (",
		"Groups, group D: ", "playing (3:1",
	} {
		require.Contains(t, body, want)
	}
	require.Regexp(t, waitLeft, body)
	// Now, in plan order; results, newest first.
	requireOrder(t, body, "Groups, group C: ", "Groups, group D: ", "<h2>Standings</h2>",
		n.name(n.groups[1].Entrants[2])+" won, ahead of "+n.name(n.groups[1].Entrants[0])+", ", "(survivor)",
		programTeam+" won, ahead of "+n.name(n.groups[0].Entrants[0])+", ", "(level3)", "<h2>Teams</h2>")
	require.Contains(t, body, `<a href="matches/`+n.groups[1].ID+`.arena">replay</a>`)
	require.Contains(t, body, "300 turns")
	require.Contains(t, body, `<td class="name"><a href="teams/BotDiff">BotDiff</a></td>`)
	require.Contains(t, body, `<a href="teams/BotDiff">BotDiff<small>the team&#39;s program</small></a>`)
	require.Contains(t, body, `<a href="teams/`+url.PathEscape(scriptTeam)+`">&lt;script&gt;alert(1)&lt;/script&gt;<small>its bot connects</small></a>`)
	require.Contains(t, body, `<a href="teams/Quiffs%2FGlarbs%20&amp;%20Co">Quiffs/Glarbs &amp; Co<small>`)
	require.Contains(t, body, `<a href="teams/Tactician">Tactician<small>built-in tactical</small></a>`)
	require.Contains(t, body, `<a href="teams/Odd">Odd</a>`)
}

// requireOrder checks that the texts come in the body in that order.
func requireOrder(t *testing.T, body string, texts ...string) {
	t.Helper()
	at := 0
	for _, s := range texts {
		i := strings.Index(body[at:], s)
		require.GreaterOrEqual(t, i, 0, "%q after %q", s, body[:at])
		at += i + len(s)
	}
}

// A team's own page: its place and points, its match now (waiting for
// it, or played), its next match, and its results with its place in
// each and their replays.
func TestATeamsPage(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	n := writeNight(t, root)
	ts := newTestServer(t, Options{Tournaments: root})
	page := func(team string) string {
		t.Helper()
		path := "/tournaments/night/teams/" + url.PathEscape(team)
		status, body, h := ts.page(path)
		require.Equal(t, http.StatusOK, status, "%s: %s", path, body)
		requireInert(t, path, body, h)
		require.Contains(t, body, `<meta http-equiv="refresh" content="5">`)
		require.Contains(t, body, `<nav><a href="../../">Tournaments</a> › <a href="../">AIBG night</a></nav>`)
		return body
	}
	others := func(m tournament.Match, e int) string {
		var names []string
		for _, o := range m.Entrants {
			if o != e {
				names = append(names, n.name(o))
			}
		}
		return strings.Join(names, ", ")
	}

	// Group C waits for the script team's bot.
	c := n.groups[2]
	body := page(scriptTeam)
	require.Contains(t, body, "<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>")
	requireOrder(t, body, `<section class="now waiting"><p class="head">Your match is waiting for you</p>`,
		"Groups, group C vs "+others(c, c.Entrants[1]), "waiting for &lt;script&gt;alert(1)&lt;/script&gt; (",
		"<h2>Next match</h2>", "None known after this one yet.", "<h2>Results</h2>", "No result yet.")
	require.Regexp(t, waitLeft, body)
	body = page(n.name(c.Entrants[0]))
	require.Contains(t, body, "Your match is waiting for the others")

	// Group D plays.
	body = page(n.name(n.groups[3].Entrants[2]))
	requireOrder(t, body, `<section class="now playing"><p class="head">Your match is being played</p>`, "Groups, group D vs ", "playing (3:1")

	// Group E is still to play: its team with a slash in its name.
	body = page(slashTeam)
	require.NotContains(t, body, `class="now`)
	requireOrder(t, body, "<h1>Quiffs/Glarbs &amp; Co</h1>", "<h2>Next match</h2>",
		`<p class="big">Groups, group E vs `+others(n.groups[4], n.groups[4].Entrants[0])+"</p>")

	// BotDiff won group A, and leads while the other groups play; the
	// program that plays it is not shown.
	a := n.groups[0]
	body = page(programTeam)
	requireOrder(t, body, `<div class="stat"><b>1</b><span>place</span></div>`, `<div class="stat"><b>3</b><span>points</span></div>`,
		`<div class="stat"><b>1/0/0</b><span>won/drawn/lost</span></div>`, "<h2>Results</h2>",
		"<td>Groups, group A</td><td>"+others(a, a.Entrants[1])+`</td><td class="won">1st of 4</td><td class="wide muted">level3</td>`,
		`<a href="../matches/`+a.ID+`.arena">replay</a>`)
	body = page(n.name(a.Entrants[3]))
	require.Contains(t, body, `<td>3rd of 4</td>`)
	body = page(n.name(a.Entrants[2]))
	require.Contains(t, body, `<td>4th of 4</td>`)
	body = page(n.name(a.Entrants[0]))
	require.Contains(t, body, `<td>2nd of 4</td>`)
}

// The pages live beside the tournament's files and shadow none of them:
// tournament.json is still served as JSON; an unknown tournament or team
// is a 404 page that says which; an address without its slash is sent to
// the page.
func TestThePagesShadowNoFile(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeNight(t, root)
	ts := newTestServer(t, Options{Tournaments: root})

	resp := ts.get("/tournaments/night/tournament.json", "")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "application/json", resp.Header.Get("Content-Type"))
	require.Empty(t, resp.Header.Get("Content-Security-Policy"))
	data, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	ix, err := tournament.ReadIndex("tournament.json", data)
	require.NoError(t, err)
	require.Equal(t, "AIBG night", ix.Name)
	resp = ts.get("/tournaments/night/matches/"+ix.Matches[0].ID+".arena", "")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "application/gzip", resp.Header.Get("Content-Type"))

	for path, want := range map[string]string{
		"/tournaments/night/teams/nobody":        `Tournament &#34;AIBG night&#34; has no team &#34;nobody&#34;.`,
		"/tournaments/night/teams/" + "%3Cb%3E":  `Tournament &#34;AIBG night&#34; has no team &#34;&lt;b&gt;&#34;.`,
		"/tournaments/nope/":                     `There is no tournament &#34;nope&#34; on this server.`,
		"/tournaments/nope/teams/" + programTeam: `There is no tournament &#34;nope&#34; on this server.`,
	} {
		status, body, h := ts.page(path)
		require.Equal(t, http.StatusNotFound, status, path)
		requireInert(t, path, body, h)
		require.Contains(t, body, want, path)
		require.NotContains(t, body, `http-equiv="refresh"`, path)
	}
	for _, path := range []string{"/tournaments/night/teams/", "/tournaments/night/teams/a/b", "/tournaments/night/spec.toml"} {
		resp := ts.get(path, "")
		require.Equal(t, http.StatusNotFound, resp.StatusCode, path)
		require.Equal(t, "application/json", resp.Header.Get("Content-Type"), path)
	}
	status, body, _ := ts.page("/tournaments/night")
	require.Equal(t, http.StatusOK, status)
	require.Contains(t, body, "<h1>AIBG night</h1>")
}
