//go:build !js

package server

import (
	"bytes"
	"cmp"
	"errors"
	"html/template"
	"io/fs"
	"net/http"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/tournament"
)

// The pages show a tournament to people, teams first: each team, from its
// laptop or its phone, reads its next match and its results. They show
// what tournament.json and standings.json hold, never a seat's program,
// and refresh themselves every few seconds, without scripts.

// pageCSP is the pages' Content-Security-Policy: their own inline
// stylesheet and nothing else, no script, no request, no frame.
const pageCSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// latestShown is how many results a tournament's page shows.
const latestShown = 30

// link is a link of a page: its text and its address, relative to the
// page.
type link struct{ Text, Href string }

// frame is what every page has: its title, the way up to the list of
// tournaments, and whether it refreshes itself.
type frame struct {
	Title   string
	Up      []link
	Refresh bool
}

// listPage is the list of tournaments.
type listPage struct {
	frame
	Tournaments []summary
}

// summary is a tournament in one line: its name, its page (Href, from
// the list), what it plays and how far it got.
type summary struct {
	Name, Href, Game, System, Status, Updated string
	Done, Estimate, Percent                   int
}

// tournamentPage is one tournament: what is played now, the standings,
// the latest results and the teams.
type tournamentPage struct {
	frame
	summary
	Now       []nowLine
	Standings []standingRow
	Latest    []resultLine
	Older     int // results not shown
	Teams     []teamLink
}

// nowLine is a match in progress: where it is and who plays it, and what
// it does ("waiting for BotDiff (0:42)").
type nowLine struct{ Label, State, Class string }

// standingRow is a row of the standings, with its team's page.
type standingRow struct {
	tournament.Row
	Href, Points string
}

// rowOf is a row of standings.json as a page shows it: without its seat,
// which may name a program.
func rowOf(row tournament.Row) standingRow {
	row.Seat = ""
	return standingRow{Row: row, Points: strconv.FormatFloat(row.Points, 'f', -1, 64)}
}

// resultLine is a played match: where it was, how it ended, its replay.
type resultLine struct {
	Where, Text, Replay string
	Turns               int
}

// teamLink is a team of the list: its page and how it plays, in words
// that name no program.
type teamLink struct{ Name, Href, Plays string }

// teamPage is one team's own view.
type teamPage struct {
	frame
	summary
	Team    string
	Row     *standingRow
	Now     []teamNow
	Next    *teamMatch
	Later   int // matches known after the next one
	Results []teamResult
}

// teamNow is the team's match in progress.
type teamNow struct {
	Head, Where, Against, State, Class string
}

// teamMatch is a match of the team still to play.
type teamMatch struct{ Where, Against string }

// teamResult is a match the team played: its place in it.
type teamResult struct {
	Where, Against, Place, Reason, Replay string
	Won                                   bool
}

// problemPage is an error, for people.
type problemPage struct {
	frame
	Message string
	Back    link
}

// handleListPage shows the tournaments, newest first.
func (s *Server) handleListPage(w http.ResponseWriter, r *http.Request) {
	list, err := s.listed()
	if err != nil {
		s.problem(w, http.StatusInternalServerError, err.Error(), link{})
		return
	}
	p := listPage{frame: frame{Title: "Tournaments", Refresh: true}}
	for _, l := range list {
		p.Tournaments = append(p.Tournaments, summarise(l.Name, l.Shown, l.Title, l.System, l.Status, l.Done, l.Estimate, time.Time{}))
	}
	s.render(w, http.StatusOK, "list", p)
}

// handleTournamentPage shows one tournament.
func (s *Server) handleTournamentPage(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	ix, st, ok := s.shown(w, name, "../")
	if !ok {
		return
	}
	at := time.Now()
	sum := summaryOf(name, ix)
	p := tournamentPage{frame: frame{Title: sum.Name, Up: []link{{"Tournaments", "../"}}, Refresh: true}, summary: sum}
	for i := range ix.Now {
		n := &ix.Now[i]
		p.Now = append(p.Now, nowLine{Label: ix.NowLabel(n), State: tournament.NowText(n, ix.EntrantName, at), Class: n.State})
	}
	teams := map[string]bool{}
	for _, e := range ix.Entrants {
		teams[e.Name] = true
		p.Teams = append(p.Teams, teamLink{Name: e.Name, Href: teamHref(e.Name), Plays: plays(ix.Title, e.Seat)})
	}
	for _, row := range st.Standings {
		sr := rowOf(row)
		if teams[row.Name] {
			sr.Href = teamHref(row.Name)
		}
		p.Standings = append(p.Standings, sr)
	}
	played := newestFirst(ix, func(*tournament.Played) bool { return true })
	for _, pl := range played[:min(latestShown, len(played))] {
		p.Latest = append(p.Latest, resultLine{Where: ix.Where(&pl.Match), Text: ix.ResultText(pl), Replay: replayHref(pl, ""), Turns: pl.Result.Turns})
	}
	p.Older = len(played) - len(p.Latest)
	s.render(w, http.StatusOK, "tournament", p)
}

// handleTeamPage shows one team's own view of a tournament: its match
// now, its next match and its results.
func (s *Server) handleTeamPage(w http.ResponseWriter, r *http.Request) {
	name, team := r.PathValue("name"), r.PathValue("team")
	ix, st, ok := s.shown(w, name, "../../")
	if !ok {
		return
	}
	sum := summaryOf(name, ix)
	e := slices.IndexFunc(ix.Entrants, func(en tournament.Entrant) bool { return en.Name == team })
	if e < 0 {
		s.problem(w, http.StatusNotFound, "Tournament "+strconv.Quote(sum.Name)+" has no team "+strconv.Quote(team)+".", link{"Its teams", "../"})
		return
	}
	at := time.Now()
	p := teamPage{frame: frame{Title: team + " · " + sum.Name, Up: []link{{"Tournaments", "../../"}, {sum.Name, "../"}}, Refresh: true},
		summary: sum, Team: team}
	for _, row := range st.Standings {
		if row.Entrant == e {
			sr := rowOf(row)
			p.Row = &sr
		}
	}
	busy := map[string]bool{}
	for i := range ix.Now {
		n := &ix.Now[i]
		m := ix.Match(n.Match)
		if m == nil || !slices.Contains(m.Entrants, e) {
			continue
		}
		busy[n.Match] = true
		head := "Your match is being played"
		switch {
		case n.State == tournament.NowWaiting && slices.Contains(n.Waiting, e):
			head = "Your match is waiting for you"
		case n.State == tournament.NowWaiting:
			head = "Your match is waiting for the others"
		}
		p.Now = append(p.Now, teamNow{Head: head, Where: ix.Where(&m.Match), Against: against(ix, m, e),
			State: tournament.NowText(n, ix.EntrantName, at), Class: n.State})
	}
	for i := range ix.Matches {
		m := &ix.Matches[i]
		if m.Result != nil || busy[m.ID] || !slices.Contains(m.Entrants, e) {
			continue
		}
		if p.Next == nil {
			p.Next = &teamMatch{Where: ix.Where(&m.Match), Against: against(ix, m, e)}
		} else {
			p.Later++
		}
	}
	for _, pl := range newestFirst(ix, func(pl *tournament.Played) bool { return slices.Contains(pl.Entrants, e) }) {
		seat := slices.Index(pl.Entrants, e) + 1
		place, won := placeIn(pl, seat)
		p.Results = append(p.Results, teamResult{Where: ix.Where(&pl.Match), Against: against(ix, pl, e), Place: place, Won: won,
			Reason: pl.Result.Reason, Replay: replayHref(pl, "../")})
	}
	s.render(w, http.StatusOK, "team", p)
}

// shown reads a tournament for its pages: its index, and its standings
// (none yet where it has no standings.json). It answers the request
// itself when it cannot; up is the way from the page to the list of
// tournaments.
func (s *Server) shown(w http.ResponseWriter, name, up string) (*tournament.Index, *tournament.Standings, bool) {
	ix, err := s.index(name)
	if errors.Is(err, fs.ErrNotExist) {
		s.problem(w, http.StatusNotFound, "There is no tournament "+strconv.Quote(name)+" on this server.", link{"The tournaments", up})
		return nil, nil, false
	}
	if err != nil {
		s.problem(w, http.StatusInternalServerError, "Tournament "+strconv.Quote(name)+" cannot be read now: "+err.Error(), link{})
		return nil, nil, false
	}
	st := &tournament.Standings{}
	dir, _ := s.tournamentDir(name)
	data, err := tournament.StandingsLimit.ReadFile(filepath.Join(dir, tournament.StandingsFile))
	if err == nil {
		st, err = tournament.ReadStandings(tournament.StandingsFile, data)
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		s.problem(w, http.StatusInternalServerError, "Tournament "+strconv.Quote(name)+" cannot be read now: "+err.Error(), link{})
		return nil, nil, false
	}
	return ix, st, true
}

// summaryOf sums a tournament up.
func summaryOf(name string, ix *tournament.Index) summary {
	return summarise(name, ix.Name, ix.Title, ix.System, ix.Status, ix.Done, ix.Estimate, ix.Updated)
}

// summarise sums up the tournament of folder dir from its parts: the game
// is named as people know it, where this server has it.
func summarise(dir, name, title, system, status string, done, estimate int, updated time.Time) summary {
	s := summary{Name: cmp.Or(name, dir), Href: url.PathEscape(dir) + "/", Game: title, System: strings.ReplaceAll(system, "-", " "),
		Status: status, Done: done, Estimate: estimate}
	if t, err := game.Lookup(title); err == nil {
		s.Game = t.Name()
	}
	if estimate > 0 {
		s.Percent = min(100, done*100/estimate)
	}
	if !updated.IsZero() {
		s.Updated = updated.Local().Format("15:04:05")
	}
	return s
}

// teamHref is a team's page, from its tournament's page.
func teamHref(team string) string { return "teams/" + url.PathEscape(team) }

// replayHref is a played match's replay, from a page up levels below
// its tournament's, or "" where it has none that is served.
func replayHref(p *tournament.Played, up string) string {
	file := p.Replay()
	if !shownFile(file) {
		return ""
	}
	dir, name, _ := strings.Cut(file, "/")
	return up + dir + "/" + url.PathEscape(name)
}

// plays says how an entrant of the title plays, from its seat, naming no
// program: its kind alone, in words, or nothing.
func plays(title, seat string) string {
	kind, _, _ := strings.Cut(seat, ":")
	switch kind {
	case "process":
		return "the team's program"
	case "contest":
		return "its bot connects"
	case Remote:
		return "plays remotely"
	}
	if t, err := game.Lookup(title); err == nil {
		if _, ok := game.FindBot(t, kind); ok {
			return "built-in " + kind
		}
	}
	return ""
}

// against names a match's other players, for entrant e.
func against(ix *tournament.Index, m *tournament.Played, e int) string {
	var names []string
	for _, o := range m.Entrants {
		if o != e {
			names = append(names, ix.EntrantName(o))
		}
	}
	return strings.Join(names, ", ")
}

// newestFirst lists the played matches that keep takes, the last
// finished first.
func newestFirst(ix *tournament.Index, keep func(*tournament.Played) bool) []*tournament.Played {
	var out []*tournament.Played
	for i := len(ix.Matches) - 1; i >= 0; i-- {
		if p := &ix.Matches[i]; p.Result != nil && keep(p) {
			out = append(out, p)
		}
	}
	slices.SortStableFunc(out, func(a, b *tournament.Played) int { return b.Result.Finished.Compare(a.Result.Finished) })
	return out
}

// placeIn is a seat's place in a played match ("won", "lost", "drew",
// "2nd of 4"), and whether it won.
func placeIn(p *tournament.Played, seat int) (string, bool) {
	r := p.Result
	won := r.Winner != 0 && r.Winner == seat
	if len(p.Entrants) == 2 {
		switch {
		case r.Winner == 0:
			return "drew", false
		case won:
			return "won", true
		}
		return "lost", false
	}
	i := slices.Index(r.Ranking, seat)
	if i < 0 {
		return "—", won
	}
	return ordinal(i+1) + " of " + strconv.Itoa(len(p.Entrants)), won
}

// ordinal writes 1 as "1st", 2 as "2nd", 11 as "11th".
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}

// problem answers an error as a page.
func (s *Server) problem(w http.ResponseWriter, status int, message string, back link) {
	s.render(w, status, "problem", problemPage{frame: frame{Title: http.StatusText(status)}, Message: message, Back: back})
}

// render writes a page whole, with the headers that keep it inert: a
// template that fails answers 500, not half a page.
func (s *Server) render(w http.ResponseWriter, status int, page string, data any) {
	var b bytes.Buffer
	if err := pages.ExecuteTemplate(&b, page, data); err != nil {
		s.log.Error("a tournament page", "page", page, "err", err)
		fail(w, http.StatusInternalServerError, "the page cannot be shown: %v", err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Security-Policy", pageCSP)
	h.Set("Cache-Control", "no-cache")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Content-Length", strconv.Itoa(b.Len()))
	w.WriteHeader(status)
	w.Write(b.Bytes())
}

// pages are the pages' templates, escaped by html/template: every name
// in them is outside input.
var pages = template.Must(template.New("pages").Parse(pageTemplates))

const pageTemplates = `
{{define "top"}}<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
{{if .Refresh}}<meta http-equiv="refresh" content="5">{{end}}
<title>{{.Title}} · Arena</title>
<style>
:root{color-scheme:light dark;--bg:#f4f5f7;--card:#fff;--text:#16191d;--muted:#5f6b7a;--line:#e2e5e9;--accent:#2563eb;
--warn:#9a4a00;--warnbg:#fff1d6;--ok:#0f7a3a;--okbg:#dcf5e4;--stop:#a11d2f;--stopbg:#fde2e5}
@media (prefers-color-scheme:dark){:root{--bg:#0e1115;--card:#171b21;--text:#e7eaee;--muted:#98a2b0;--line:#2a3039;
--accent:#6ea8fe;--warn:#ffc46b;--warnbg:#3b2a10;--ok:#6ee69a;--okbg:#123320;--stop:#ff8a98;--stopbg:#3d151b}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:980px;margin:0 auto;padding:20px 16px 40px}
a{color:var(--accent);text-decoration:none}
a:hover{text-decoration:underline}
nav{font-size:14px;color:var(--muted);margin-bottom:6px}
nav a{color:var(--muted)}
h1{font-size:30px;line-height:1.2;margin:0 0 6px;overflow-wrap:anywhere}
h2{font-size:15px;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);margin:0 0 12px}
.sub{color:var(--muted);margin:0 0 12px}
section{background:var(--card);border:1px solid var(--line);border-radius:14px;padding:16px 18px;margin:16px 0}
.progress{display:flex;align-items:center;gap:12px;font-size:14px;color:var(--muted)}
.bar{flex:1;height:8px;background:var(--line);border-radius:4px;overflow:hidden;max-width:420px}
.bar i{display:block;height:100%;background:var(--accent);border-radius:4px}
.badge{display:inline-block;padding:2px 10px;border-radius:999px;font-size:13px;font-weight:600;white-space:nowrap;
background:var(--line);color:var(--text)}
.waiting{background:var(--warnbg);color:var(--warn)}
.playing,.running{background:var(--okbg);color:var(--ok)}
.stopped{background:var(--stopbg);color:var(--stop)}
.scroll{overflow-x:auto}
table{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums}
th,td{padding:8px 10px;text-align:left;border-bottom:1px solid var(--line);vertical-align:top}
th{font-size:13px;font-weight:600;color:var(--muted)}
tr:last-child td{border-bottom:0}
.n{text-align:right}
.name{font-weight:600;overflow-wrap:anywhere}
.muted{color:var(--muted)}
ul.list{list-style:none;margin:0;padding:0}
ul.list li{display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 12px;padding:8px 0;border-bottom:1px solid var(--line)}
ul.list li:last-child{border-bottom:0}
ul.list .grow{flex:1;min-width:12em;overflow-wrap:anywhere}
.teams{display:flex;flex-wrap:wrap;gap:8px}
.teams a{border:1px solid var(--line);border-radius:10px;padding:6px 12px;overflow-wrap:anywhere}
.teams small{display:block;color:var(--muted);font-size:12px}
.stats{display:flex;flex-wrap:wrap;gap:10px;margin:12px 0}
.stat{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:10px 16px;min-width:92px}
.stat b{display:block;font-size:26px;line-height:1.2;font-variant-numeric:tabular-nums}
.stat span{font-size:13px;color:var(--muted)}
.now.waiting{border:2px solid var(--warn);background:var(--card);color:var(--text)}
.now.playing{border:2px solid var(--ok);background:var(--card);color:var(--text)}
.now .head{font-size:22px;font-weight:700;margin:0 0 4px}
.now.waiting .head{color:var(--warn)}
.now.playing .head{color:var(--ok)}
.big{font-size:18px;margin:0 0 8px;overflow-wrap:anywhere}
.won{color:var(--ok);font-weight:600}
footer{color:var(--muted);font-size:13px;margin-top:20px}
@media (max-width:600px){main{padding:12px 10px 30px}h1{font-size:24px}section{padding:12px;border-radius:12px}
.wide{display:none}th,td{padding:6px}.stat{min-width:70px;padding:8px 12px}.stat b{font-size:22px}}
</style>
</head>
<body><main>
{{if .Up}}<nav>{{range $i, $l := .Up}}{{if $i}} › {{end}}<a href="{{$l.Href}}">{{$l.Text}}</a>{{end}}</nav>{{end}}
{{end}}

{{define "bottom"}}<footer>Arena{{if .Refresh}} · this page refreshes itself every 5 seconds{{end}}</footer>
</main></body>
</html>
{{end}}

{{define "progress"}}<div class="progress"><div class="bar"><i style="width:{{.Percent}}%"></i></div><span>{{.Done}} of {{.Estimate}} matches</span></div>{{end}}

{{define "list"}}{{template "top" .}}
<h1>Tournaments</h1>
{{if .Tournaments}}<section><ul class="list">
{{range .Tournaments}}<li><span class="grow"><a class="name" href="{{.Href}}">{{.Name}}</a><br><span class="muted">{{.Game}} · {{.System}}</span></span>
<span class="badge {{.Status}}">{{.Status}}</span>
<span style="flex-basis:100%">{{template "progress" .}}</span></li>
{{end}}</ul></section>
{{else}}<section><p class="muted">No tournament yet: <code>arena tournament run</code> writes them into the server's tournaments folder.</p></section>{{end}}
{{template "bottom" .}}{{end}}

{{define "tournament"}}{{template "top" .}}
<h1>{{.Name}}</h1>
<p class="sub">{{.Game}} · {{.System}} · <span class="badge {{.Status}}">{{.Status}}</span>{{if .Updated}} · updated {{.Updated}}{{end}}</p>
{{template "progress" .}}
{{if .Now}}<section><h2>Now</h2><ul class="list">
{{range .Now}}<li><span class="grow">{{.Label}}</span><span class="badge {{.Class}}">{{.State}}</span></li>
{{end}}</ul></section>{{end}}
<section><h2>Standings</h2>
{{if .Standings}}<div class="scroll"><table>
<tr><th class="n">#</th><th>Team</th><th class="n wide">Played</th><th class="n">W</th><th class="n">D</th><th class="n">L</th><th class="n">Points</th></tr>
{{range .Standings}}<tr><td class="n">{{.Place}}</td><td class="name">{{if .Href}}<a href="{{.Href}}">{{.Name}}</a>{{else}}{{.Name}}{{end}}</td>
<td class="n wide">{{.Played}}</td><td class="n">{{.Wins}}</td><td class="n">{{.Draws}}</td><td class="n">{{.Losses}}</td><td class="n"><b>{{.Points}}</b></td></tr>
{{end}}</table></div>
{{else}}<p class="muted">No standings yet.</p>{{end}}</section>
<section><h2>Latest results</h2>
{{if .Latest}}<ul class="list">
{{range .Latest}}<li><span class="muted">{{.Where}}</span><span class="grow">{{.Text}}</span>
{{if .Turns}}<span class="muted wide">{{.Turns}} turns</span>{{end}}{{if .Replay}}<a href="{{.Replay}}">replay</a>{{end}}</li>
{{end}}</ul>{{if .Older}}<p class="muted">and {{.Older}} earlier results</p>{{end}}
{{else}}<p class="muted">No match has finished yet.</p>{{end}}</section>
<section><h2>Teams</h2><div class="teams">
{{range .Teams}}<a href="{{.Href}}">{{.Name}}{{if .Plays}}<small>{{.Plays}}</small>{{end}}</a>
{{end}}</div></section>
{{template "bottom" .}}{{end}}

{{define "team"}}{{template "top" .}}
<h1>{{.Team}}</h1>
<p class="sub"><a href="../">{{.Name}}</a> · {{.Game}} · <span class="badge {{.Status}}">{{.Status}}</span>{{if .Updated}} · updated {{.Updated}}{{end}}</p>
{{with .Row}}<div class="stats">
<div class="stat"><b>{{.Place}}</b><span>place</span></div>
<div class="stat"><b>{{.Points}}</b><span>points</span></div>
<div class="stat"><b>{{.Wins}}/{{.Draws}}/{{.Losses}}</b><span>won/drawn/lost</span></div>
<div class="stat"><b>{{.Played}}</b><span>played</span></div>
</div>{{end}}
{{range .Now}}<section class="now {{.Class}}"><p class="head">{{.Head}}</p>
<p class="big">{{.Where}}{{if .Against}} vs {{.Against}}{{end}}</p>
<span class="badge {{.Class}}">{{.State}}</span></section>
{{end}}
<section><h2>Next match</h2>
{{with .Next}}<p class="big">{{.Where}}{{if .Against}} vs {{.Against}}{{end}}</p>{{else}}<p class="muted">{{if eq .Status "complete"}}The tournament is over.{{else if .Now}}None known after this one yet.{{else}}None known yet: it waits for results.{{end}}</p>{{end}}
{{if .Later}}<p class="muted">and {{.Later}} more known after it</p>{{end}}</section>
<section><h2>Results</h2>
{{if .Results}}<div class="scroll"><table>
<tr><th>Match</th><th>Against</th><th>Place</th><th class="wide">Why it ended</th><th></th></tr>
{{range .Results}}<tr><td>{{.Where}}</td><td>{{.Against}}</td><td{{if .Won}} class="won"{{end}}>{{.Place}}</td><td class="wide muted">{{.Reason}}</td>
<td>{{if .Replay}}<a href="{{.Replay}}">replay</a>{{end}}</td></tr>
{{end}}</table></div>
{{else}}<p class="muted">No result yet.</p>{{end}}</section>
{{template "bottom" .}}{{end}}

{{define "problem"}}{{template "top" .}}
<h1>{{.Title}}</h1>
<section><p>{{.Message}}</p>{{if .Back.Href}}<p><a href="{{.Back.Href}}">{{.Back.Text}}</a></p>{{end}}</section>
{{template "bottom" .}}{{end}}
`
