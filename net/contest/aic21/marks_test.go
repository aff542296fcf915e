package aic21

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	ants "github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/net/contest/contesttest"
)

// The starter unit of docs/debug-drawing.md, one process a unit, run as
// the docs write it: the marks of a colony's units arrive merged with its
// moves, each log line naming its unit.
func TestDocExampleDraws(t *testing.T) {
	t.Parallel()
	py := contesttest.Python(t)
	code := contesttest.DocExample(t, "aic21", "unit.py")
	program := filepath.Join(filepath.Dir(code), "run.sh")
	require.NoError(t, os.WriteFile(program, fmt.Appendf(nil, "#!/bin/sh\nexec %s %s\n", py, code), 0o755))
	st := game.Setup{Title: title, Seed: 4, Out: filepath.Join(t.TempDir(), "aic21.arena"), Limit: time.Second,
		Seats:   []game.SeatSpec{{Kind: "colony"}, {Kind: "process", Strength: program}},
		Options: map[string]string{ants.OptTurns: "12"}, Contest: game.ContestOptions{JoinTimeout: time.Minute}}
	m := contesttest.Start(t, st)
	m.Addr(t)
	_, res, err := m.Wait(t, 2*time.Minute)
	require.NoError(t, err)
	contesttest.SameAsLocal(t, st.Out, res)
	requireNoUnits(t, st.Out)
	log := regexp.MustCompile(`^unit \d+: direction [1-4]$`)
	marked := 0
	for _, n := range contesttest.SeatNotes(t, st.Out, 1) {
		require.Zero(t, n.Cut, n.CutWhy)
		units := strings.Count(fmt.Sprint(n.Marks), "unit ")
		if units == 0 {
			continue
		}
		marked++
		require.Len(t, n.Marks, 3*units, "a cell, a line and a log line a unit")
		for _, mk := range n.Marks {
			if mk.Kind == "log" {
				require.Regexp(t, log, mk.Text)
			}
		}
	}
	require.Positive(t, marked)
}

// A marks frame: the unit's marks, its log lines named; other frames are
// none; a flood of units' marks is cut at the bounds of the colony's turn.
func TestReadMarks(t *testing.T) {
	n, ok := readMarks([]byte(`{"type": 9, "info": {"marks": [{"kind":"cell","at":[1,2]},{"kind":"log","text":"hi"}]}}`), 7)
	require.True(t, ok)
	require.Equal(t, []game.Mark{{Kind: "cell", At: &[2]int{1, 2}}, {Kind: "log", Text: "unit 7: hi"}}, n.Marks)
	n, ok = readMarks([]byte(`{"type": "9", "info": {"marks": {"kind":"line","at":[1,2]}}}`), 7)
	require.True(t, ok)
	require.Equal(t, 1, n.Cut)
	n, ok = readMarks([]byte(`{"type": 9}`), 7)
	require.True(t, ok, "a frame the original ignored")
	require.Zero(t, n.Cut)
	for _, f := range []string{`{"type": 1, "info": {"direction": 2}}`, `{"type":6,"info":{}}`, `nope`, `{"type":"9x"}`} {
		_, ok := readMarks([]byte(f), 1)
		require.False(t, ok, f)
	}
	var colony game.Notes
	frame := []byte(`{"type":9,"info":{"marks":[` + strings.Repeat(`{"kind":"cell","at":[0,0]},`, 99) + `{"kind":"circle","at":[0,0],"r":-1}]}}`)
	for unit := range 6 {
		n, _ := readMarks(frame, unit)
		colony.Merge(n)
	}
	require.Len(t, colony.Marks, game.MaxMarks)
	require.Equal(t, 6*100-game.MaxMarks, colony.Cut)
	require.Contains(t, colony.CutWhy, "radius -1")
}

// FuzzReadMarks reads any frame as a marks frame: within the bounds of a
// turn, or none.
func FuzzReadMarks(f *testing.F) {
	f.Add([]byte(`{"type": 9, "info": {"marks": [{"kind":"arrow","at":[1,2],"to":[3,4]},{"kind":"log","text":"hi"}]}}`))
	f.Add([]byte(`{"type": "9", "info": {"marks": "x"}}`))
	f.Add([]byte(`{"type": 9.5, "info": null}`))
	f.Fuzz(func(t *testing.T, frame []byte) {
		n, ok := readMarks(frame, 12345)
		if !ok && (len(n.Marks) > 0 || n.Cut > 0) {
			t.Fatal("marks from a frame that is none")
		}
		if len(n.Marks) > game.MaxMarks {
			t.Fatalf("%d marks", len(n.Marks))
		}
		for _, m := range n.Marks {
			if m.Check() != nil || len(m.Text) > game.MaxMarkText {
				t.Fatalf("a mark that is wrong: %+v", m)
			}
		}
	})
}
