package tournament

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"time"

	"github.com/arena-games/arena/game"
)

// The files of a tournament's folder.
const (
	IndexFile     = "tournament.json"
	StandingsFile = "standings.json"
	StandingsCSV  = "standings.csv"
	CrossCSV      = "crosstable.csv"
	// MatchesDir holds every match's replay (ID.arena) and the files
	// beside it.
	MatchesDir = "matches"
)

// IndexFormat names the format of tournament.json; IndexVersion is the
// newest version Arena writes and reads.
const (
	IndexFormat  = "arena-tournament"
	IndexVersion = 1
)

// The states of a tournament.
const (
	StatusRunning  = "running"
	StatusStopped  = "stopped" // interrupted: the same command continues it
	StatusComplete = "complete"
)

// The limits of a tournament's files.
var (
	IndexLimit     = game.Limit{What: "a tournament.json", Max: 64 << 20}
	StandingsLimit = game.Limit{What: "a standings.json", Max: 16 << 20}
)

// Entrant is one player of a tournament: its name and its seat, as the
// spec gives them.
type Entrant struct {
	Name string `json:"name"`
	Seat string `json:"seat"`
}

// Tournament is what a tournament is besides its results: its own ID, its
// name, the game, the format and the entrants.
type Tournament struct {
	ID, Name, Title string
	Format          Format
	Entrants        []Entrant
	// House is the house player's seat, or "".
	House string
	// Now are the matches in progress, as their workers last said: Files
	// keeps those of the plan that have no result, in plan order.
	Now []Now
}

// Now is a match being played or waited for, as its worker last said.
type Now struct {
	Match    string    `json:"match"`              // the match's ID
	State    string    `json:"state"`              // NowWaiting or NowPlaying
	Waiting  []int     `json:"waiting,omitempty"`  // the entrants whose bots have not come yet
	Since    time.Time `json:"since"`              // when it began to wait or to play
	Deadline time.Time `json:"deadline,omitempty"` // when the wait ends (the join time)
}

// The states of a match in progress.
const (
	NowWaiting = "waiting" // for the bots of some entrants to join
	NowPlaying = "playing"
)

// Index is a tournament's tournament.json: what it is, how far it got,
// every match known so far with its result, its stages (tables and
// brackets) and its cross table. A viewer reads it with the standings to
// show the tournament, from a folder or over HTTP.
type Index struct {
	Format   string    `json:"format"`
	Version  int       `json:"version"`
	ID       string    `json:"id"`
	Name     string    `json:"name"`
	Title    string    `json:"title"`
	System   string    `json:"system"`
	Games    int       `json:"games"`
	Seed     int64     `json:"seed"`
	Status   string    `json:"status"`
	Updated  time.Time `json:"updated"`
	Done     int       `json:"done"`     // matches played
	Planned  int       `json:"planned"`  // matches known
	Estimate int       `json:"estimate"` // matches when the tournament is done
	Entrants []Entrant `json:"entrants"`
	House    string    `json:"house,omitempty"`
	Stages   []Stage   `json:"stages"`
	Matches  []Played  `json:"matches"`
	Cross    Cross     `json:"cross"`
	// Now lists the matches in progress (none of them with a result), in
	// plan order.
	Now []Now `json:"now,omitempty"`
}

// Played is a match with its result, once it has one.
type Played struct {
	Match
	Result *Result `json:"result,omitempty"`
}

// Cross is the cross table: Score[i][j] is what entrant i took from
// entrant j in Games[i][j] games (in games of more seats: one for each
// game i finished ahead of j, a half for sharing the lead).
type Cross struct {
	Score [][]float64 `json:"score"`
	Games [][]int     `json:"games"`
}

// Standings is standings.json: the matches played and every entrant's
// row, best first.
type Standings struct {
	Matches   int   `json:"matches"`
	Standings []Row `json:"standings"`
}

// Files builds the tournament's index and standings from its results.
func (t *Tournament) Files(results map[string]Result, status string, now time.Time) (*Index, *Standings, error) {
	plan, err := t.Format.Plan(results)
	if err != nil {
		return nil, nil, err
	}
	ix := &Index{Format: IndexFormat, Version: IndexVersion, ID: t.ID, Name: t.Name, Title: t.Title, System: t.Format.System,
		Games: t.Format.Games, Seed: t.Format.Seed, Status: status, Updated: now.UTC().Truncate(time.Second),
		Planned: len(plan.Matches), Estimate: plan.Estimate, Entrants: t.Entrants, House: t.House, Stages: plan.Stages}
	n := len(t.Entrants)
	ix.Cross = Cross{Score: make([][]float64, n), Games: make([][]int, n)}
	for i := range n {
		ix.Cross.Score[i], ix.Cross.Games[i] = make([]float64, n), make([]int, n)
	}
	for _, m := range plan.Matches {
		pl := Played{Match: m}
		if r, ok := results[m.ID]; ok {
			pl.Result = &r
			ix.Done++
			t.cross(ix.Cross, m, &r)
		}
		ix.Matches = append(ix.Matches, pl)
	}
	if len(t.Now) > 0 {
		now := map[string]Now{}
		for _, n := range t.Now {
			now[n.Match] = n
		}
		for _, pl := range ix.Matches {
			if n, ok := now[pl.ID]; ok && pl.Result == nil {
				ix.Now = append(ix.Now, n)
			}
		}
	}
	for s := range ix.Stages {
		for r := range ix.Stages[s].Table {
			ix.Stages[s].Table[r].Name = t.name(ix.Stages[s].Table[r].Entrant)
		}
	}
	st := &Standings{Matches: ix.Done, Standings: t.Format.Standings(plan, results)}
	for i := range st.Standings {
		e := st.Standings[i].Entrant
		st.Standings[i].Name, st.Standings[i].Seat = t.name(e), t.Entrants[e].Seat
	}
	return ix, st, nil
}

func (t *Tournament) name(e int) string {
	switch {
	case e == House:
		return "house"
	case e >= 0 && e < len(t.Entrants):
		return t.Entrants[e].Name
	}
	return "?"
}

// cross adds a played match to the cross table.
func (t *Tournament) cross(c Cross, m Match, r *Result) {
	pts, _ := t.Format.score(r, len(m.Entrants))
	pair := pairwise(r, len(m.Entrants))
	for i, a := range m.Entrants {
		for j, b := range m.Entrants {
			if i == j || a < 0 || b < 0 || a >= len(c.Score) || b >= len(c.Score) {
				continue
			}
			c.Games[a][b]++
			if len(m.Entrants) == 2 {
				c.Score[a][b] += pts[i]
			} else {
				c.Score[a][b] += pair[i][j]
			}
		}
	}
}

// JSON is the index as indented JSON.
func (ix *Index) JSON() ([]byte, error) { return json.MarshalIndent(ix, "", " ") }

// JSON is the standings as indented JSON.
func (s *Standings) JSON() ([]byte, error) { return json.MarshalIndent(s, "", "  ") }

// WriteCSV writes the standings as CSV with a header line.
func (s *Standings) WriteCSV(w io.Writer) error {
	c := csv.NewWriter(w)
	c.Write([]string{"place", "name", "seat", "played", "wins", "draws", "losses", "points", "rating", "rd", "buchholz", "sonneborn_berger"})
	num := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	for _, r := range s.Standings {
		c.Write([]string{strconv.Itoa(r.Place), r.Name, r.Seat, strconv.Itoa(r.Played), strconv.Itoa(r.Wins), strconv.Itoa(r.Draws),
			strconv.Itoa(r.Losses), num(r.Points), num(r.Rating), num(r.RD), num(r.Buchholz), num(r.SonnebornBerger)})
	}
	c.Flush()
	return c.Error()
}

// WriteCrossCSV writes the cross table as CSV: a header of the entrants'
// names, then one line per entrant with its score against each other one
// ("1.5/2": 1.5 points in 2 games; empty where they did not meet).
func (ix *Index) WriteCrossCSV(w io.Writer) error {
	c := csv.NewWriter(w)
	head := []string{""}
	for _, e := range ix.Entrants {
		head = append(head, e.Name)
	}
	c.Write(head)
	for i, e := range ix.Entrants {
		line := []string{e.Name}
		for j := range ix.Entrants {
			cell := ""
			if g := ix.Cross.Games[i][j]; g > 0 {
				cell = strconv.FormatFloat(ix.Cross.Score[i][j], 'f', -1, 64) + "/" + strconv.Itoa(g)
			}
			line = append(line, cell)
		}
		c.Write(line)
	}
	c.Flush()
	return c.Error()
}

// ReadIndex reads a tournament.json, checking it through: every entrant a
// match or a stage names exists, and the cross table fits the entrants.
// name is used in errors.
func ReadIndex(name string, data []byte) (*Index, error) {
	if err := IndexLimit.Check(name, data); err != nil {
		return nil, err
	}
	var ix Index
	d := json.NewDecoder(bytes.NewReader(data))
	if err := d.Decode(&ix); err != nil {
		return nil, fmt.Errorf("%s: not a tournament.json: %w", name, err)
	}
	if ix.Format != IndexFormat {
		return nil, fmt.Errorf("%s: format %q: expected %q", name, ix.Format, IndexFormat)
	}
	if ix.Version < 1 || ix.Version > IndexVersion {
		return nil, fmt.Errorf("%s: version %d: this Arena reads versions 1 to %d", name, ix.Version, IndexVersion)
	}
	n := len(ix.Entrants)
	ok := func(e int, markers bool) bool {
		return (e >= 0 && e < n) || e == House || (markers && (e == TBD || e == Bye))
	}
	for _, m := range ix.Matches {
		for _, e := range m.Entrants {
			if !ok(e, false) {
				return nil, fmt.Errorf("%s: match %s: entrant %d of %d", name, m.ID, e, n)
			}
		}
		if r := m.Result; r != nil {
			for _, s := range r.Ranking {
				if s < 1 || s > len(m.Entrants) {
					return nil, fmt.Errorf("%s: match %s: ranking names seat %d of %d", name, m.ID, s, len(m.Entrants))
				}
			}
			if r.Winner < 0 || r.Winner > len(m.Entrants) {
				return nil, fmt.Errorf("%s: match %s: winner seat %d of %d", name, m.ID, r.Winner, len(m.Entrants))
			}
			for _, f := range r.Files {
				if !filepath.IsLocal(filepath.FromSlash(f)) {
					return nil, fmt.Errorf("%s: match %s: file %q is outside the tournament's folder", name, m.ID, f)
				}
			}
		}
	}
	for _, st := range ix.Stages {
		for _, row := range st.Table {
			if !ok(row.Entrant, false) {
				return nil, fmt.Errorf("%s: stage %q: entrant %d of %d", name, st.Name, row.Entrant, n)
			}
		}
		for _, r := range st.Rounds {
			for _, s := range r.Series {
				if !ok(s.Winner, true) || (s.Score != nil && len(s.Score) != len(s.Entrants)) {
					return nil, fmt.Errorf("%s: %s, %s: series %s does not fit its entrants", name, st.Name, r.Name, s.ID)
				}
				for _, e := range s.Entrants {
					if !ok(e, true) {
						return nil, fmt.Errorf("%s: series %s: entrant %d of %d", name, s.ID, e, n)
					}
				}
			}
		}
	}
	if err := ix.checkNow(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(ix.Cross.Score) != n || len(ix.Cross.Games) != n {
		return nil, fmt.Errorf("%s: the cross table has %d rows for %d entrants", name, len(ix.Cross.Score), n)
	}
	for i := range n {
		if len(ix.Cross.Score[i]) != n || len(ix.Cross.Games[i]) != n {
			return nil, fmt.Errorf("%s: the cross table's row %d has %d cells for %d entrants", name, i+1, len(ix.Cross.Score[i]), n)
		}
	}
	return &ix, nil
}

// ReadStandings reads a standings.json.
func ReadStandings(name string, data []byte) (*Standings, error) {
	if err := StandingsLimit.Check(name, data); err != nil {
		return nil, err
	}
	var s Standings
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("%s: not a standings.json: %w", name, err)
	}
	if s.Standings == nil {
		return nil, fmt.Errorf("%s: no standings: expected {\"matches\": N, \"standings\": [...]}", name)
	}
	return &s, nil
}

// EntrantName names an entrant, the house player, or a bracket's place
// that is not known yet ("—") or empty ("bye").
func (ix *Index) EntrantName(e int) string {
	switch {
	case e == House:
		return "house"
	case e == TBD:
		return "—"
	case e == Bye:
		return "bye"
	case e >= 0 && e < len(ix.Entrants):
		return ix.Entrants[e].Name
	}
	return "?"
}

// ResultText says how a match ended: "A beat B (reason)", "A and B
// drew", "A won, ahead of B, C (reason)".
func (ix *Index) ResultText(p *Played) string { return ix.ResultWords(p).String() }

// ResultWords is ResultText as words for the screens' language: the
// entrants' names as typed, the house, a bye and the reason as words.
func (ix *Index) ResultWords(p *Played) game.Words {
	r := p.Result
	name := func(seat int) any {
		e := p.Entrants[seat-1]
		if e == House || e == Bye {
			return game.Say(ix.EntrantName(e))
		}
		return ix.EntrantName(e)
	}
	var others []any
	for _, s := range r.Ranking {
		if s != r.Winner && s >= 1 && s <= len(p.Entrants) {
			others = append(others, name(s))
		}
	}
	var w game.Words
	switch {
	case r.Winner == 0 && len(p.Entrants) == 2:
		w = game.Say("%s and %s drew", name(1), name(2))
	case r.Winner == 0:
		w = game.Say("no winner: %s", list(others))
	case len(p.Entrants) == 2 && len(others) == 1:
		w = game.Say("%s beat %s", name(r.Winner), others[0])
	case len(others) > 0:
		w = game.Say("%s won, ahead of %s", name(r.Winner), list(others))
	default:
		w = game.Say("%s won", name(r.Winner))
	}
	if r.Reason != "" {
		w = game.Say("%s (%s)", w, game.Say(r.Reason))
	}
	return w
}

// list is names joined as "A, B, C": words of two at a time, so that a
// language joins them with its own comma.
func list(names []any) any {
	if len(names) == 0 {
		return ""
	}
	if len(names) == 1 {
		return names[0]
	}
	return game.Say("%s, %s", names[0], list(names[1:]))
}

// Replay is the path of a played match's replay within the tournament's
// folder, or "".
func (p *Played) Replay() string {
	if p.Result == nil || len(p.Result.Files) == 0 {
		return ""
	}
	return p.Result.Files[0]
}
