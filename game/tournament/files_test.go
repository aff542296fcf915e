package tournament

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A tournament's files read back as they were written; the CSVs have a
// header and a line per entrant.
func TestFilesRoundTrip(t *testing.T) {
	t.Parallel()
	f := Format{System: SingleElimination, Seats: 2, Entrants: 5, Games: 2, ThirdPlace: true}
	p, results := play(t, &f, stronger)
	tt := &Tournament{ID: "x", Name: "Cup", Title: "santorini", Format: f}
	for _, n := range []string{"a", "b", "c", "d", "e"} {
		tt.Entrants = append(tt.Entrants, Entrant{Name: n, Seat: "alphabeta:2"})
	}
	ix, st, err := tt.Files(results, StatusComplete, time.Unix(0, 0))
	require.NoError(t, err)
	require.Equal(t, len(p.Matches), ix.Done)
	data, err := ix.JSON()
	require.NoError(t, err)
	back, err := ReadIndex("tournament.json", data)
	require.NoError(t, err)
	require.Equal(t, ix.Matches, back.Matches)
	require.Equal(t, ix.Stages, back.Stages)
	data, err = st.JSON()
	require.NoError(t, err)
	sb, err := ReadStandings("standings.json", data)
	require.NoError(t, err)
	require.Equal(t, st, sb)
	require.Equal(t, "a", sb.Standings[0].Name)
	var csv bytes.Buffer
	require.NoError(t, st.WriteCSV(&csv))
	require.Len(t, strings.Split(strings.TrimSpace(csv.String()), "\n"), 6)
	csv.Reset()
	require.NoError(t, ix.WriteCrossCSV(&csv))
	lines := strings.Split(strings.TrimSpace(csv.String()), "\n")
	require.Equal(t, ",a,b,c,d,e", lines[0])
	require.Contains(t, lines[1], "2/2", "a beat b twice in the final")
}

func TestReadIndexErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ data, want string }{
		{`{"format":"other","version":1}`, `format "other": expected "arena-tournament"`},
		{`{"format":"arena-tournament","version":9}`, "version 9: this Arena reads versions 1 to 1"},
		{`{"format":"arena-tournament","version":1,"entrants":[{"name":"a"}],"matches":[{"id":"m","entrants":[0,3]}]}`, "match m: entrant 3 of 1"},
		{`{"format":"arena-tournament","version":1,"entrants":[],"matches":[{"id":"m","entrants":[],"result":{"ranking":[2]}}]}`, "ranking names seat 2 of 0"},
		{`{"format":"arena-tournament","version":1,"entrants":[{"name":"a"}],"cross":{"score":[],"games":[]}}`, "the cross table has 0 rows for 1 entrants"},
		{`{"format":"arena-tournament","version":1,"entrants":[],"matches":[{"id":"m","entrants":[],"result":{"files":["../../etc/passwd"]}}]}`, `match m: file "../../etc/passwd" is outside the tournament's folder`},
		{`[1,2`, "not a tournament.json"},
	} {
		_, err := ReadIndex("t.json", []byte(c.data))
		require.ErrorContains(t, err, c.want, c.data)
	}
}

func FuzzReadIndex(f *testing.F) {
	g := Format{System: DoubleElimination, Seats: 2, Entrants: 4, Games: 1, Reset: true}
	if err := g.Check(); err != nil {
		f.Fatal(err)
	}
	tt := &Tournament{Name: "Cup", Title: "santorini", Format: g, Entrants: []Entrant{{"a", "x"}, {"b", "x"}, {"c", "x"}, {"d", "x"}}}
	ix, _, err := tt.Files(nil, StatusRunning, time.Unix(0, 0))
	if err != nil {
		f.Fatal(err)
	}
	data, _ := ix.JSON()
	f.Add(data)
	f.Add([]byte(`{"format":"arena-tournament","version":1}`))
	f.Add([]byte("\x1f\x8b\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ix, err := ReadIndex("t.json", data)
		if err != nil {
			return
		}
		// What the window reads of it holds: every entrant named exists.
		for _, m := range ix.Matches {
			for _, e := range m.Entrants {
				if e != House {
					_ = ix.Entrants[e]
				}
			}
			if m.Result != nil && m.Result.Winner > 0 {
				_ = m.Entrants[m.Result.Winner-1]
			}
		}
		for i := range ix.Entrants {
			_ = ix.Cross.Score[i][len(ix.Entrants)-1]
		}
		for _, n := range ix.Now {
			for _, e := range n.Waiting {
				if e != House {
					_ = ix.Entrants[e]
				}
			}
			_ = ix.NowLabel(&n)
		}
	})
}
