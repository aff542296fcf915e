package botproc

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/net/contest/contesttest"
)

// A bot's marks on its stderr arrive in the replay beside the move of
// the turn it wrote them for, and its log file still has every line.
func TestMarksOnStderr(t *testing.T) {
	t.Parallel()
	script := bot(t, `n=0
while IFS= read -r view; do
  n=$((n+1))
  echo "thinking about turn $n" >&2
  echo '#mark {"kind":"text","at":[9,0],"text":"turn '$n'","color":"red"}' >&2
  echo "#log turn $n" >&2
  echo rest
done
`)
	stderr := t.TempDir() + "/p1.log"
	_, out, _ := play(t, script, 10, Options{Stderr: stderr})
	rec, err := game.OpenFile(out)
	require.NoError(t, err)
	turns := 0
	for i := 1; i < rec.Timeline.Len(); i++ {
		f := rec.Timeline.Frame(i)
		if _, ok := f.Moves[0]; !ok {
			continue
		}
		turns++
		n := f.Notes[0]
		require.Len(t, n.Marks, 2, "turn %d", turns)
		require.Equal(t, game.Mark{Kind: "text", At: &[2]int{9, 0}, Text: fmt.Sprintf("turn %d", turns), Color: "red"}, n.Marks[0])
		require.Equal(t, game.Mark{Kind: "log", Text: fmt.Sprintf("turn %d", turns)}, n.Marks[1])
		require.Zero(t, n.Cut)
		require.Empty(t, f.Notes[1].Marks, "the miner drew nothing")
	}
	require.Equal(t, 5, turns)
	log, err := os.ReadFile(stderr)
	require.NoError(t, err)
	require.Contains(t, string(log), "thinking about turn 5\n#mark ")
}

// A flood of marks, and a line longer than any, are cut and said so; the
// game goes on, and the bot's moves are its moves.
func TestAFloodOfMarksIsCut(t *testing.T) {
	t.Parallel()
	script := bot(t, `line="#mark [$(printf '{"kind":"cell","at":[1,1]},%.0s' {1..99})"'{"kind":"cell","at":[2,2]}]'
long="#log $(head -c 70000 /dev/zero | tr '\0' x)"
while IFS= read -r view; do
  for i in {1..8}; do echo "$line"; done >&2
  echo "$long" >&2
  echo "#mark not json" >&2
  echo rest
done
`)
	rec, _, _ := play(t, script, 6, Options{})
	lines, kinds := moves(rec)
	require.Equal(t, []string{"rest", "rest", "rest"}, lines)
	require.Equal(t, []string{"rested", "rested", "rested"}, kinds)
	for i := 1; i < rec.Timeline.Len(); i++ {
		f := rec.Timeline.Frame(i)
		if _, ok := f.Moves[0]; !ok {
			continue
		}
		n := f.Notes[0]
		require.Len(t, n.Marks, game.MaxMarks)
		require.Equal(t, 800-game.MaxMarks+2, n.Cut, "the 300 over, the long line, the JSON that is not")
		require.Equal(t, fmt.Sprintf("more than %d marks in a turn", game.MaxMarks), n.CutWhy)
	}
}

// An unchanged bot, whose stderr has no debug lines, draws nothing.
func TestPlainStderrIsNoMarks(t *testing.T) {
	t.Parallel()
	rec, _, _ := play(t, bot(t, walker), 6, Options{})
	for i := 1; i < rec.Timeline.Len(); i++ {
		f := rec.Timeline.Frame(i)
		if _, ok := f.Moves[0]; !ok {
			continue
		}
		n := f.Notes[0]
		require.Empty(t, n.Marks)
		require.Zero(t, n.Cut)
		require.True(t, strings.HasPrefix(n.Text, "bot process: "))
	}
}

// The starter bot of docs/debug-drawing.md, run as the docs write it: its
// marks arrive with each of its moves.
func TestDocExampleDraws(t *testing.T) {
	t.Parallel()
	py := contesttest.Python(t)
	code := contesttest.DocExample(t, "process", "bot.py")
	script := filepath.Join(filepath.Dir(code), "run.sh")
	require.NoError(t, os.WriteFile(script, []byte("#!/bin/bash\nexec "+py+" bot.py\n"), 0o755))
	rec, _, _ := play(t, script, 10, Options{})
	lines, kinds := moves(rec)
	require.Equal(t, []string{"rest", "rest", "rest", "rest", "rest"}, lines)
	require.NotContains(t, kinds, "invalid")
	for i := 1; i < rec.Timeline.Len(); i++ {
		f := rec.Timeline.Frame(i)
		if _, ok := f.Moves[0]; !ok {
			continue
		}
		n := f.Notes[0]
		require.Zero(t, n.Cut, n.CutWhy)
		require.Equal(t, []string{"cell", "circle", "text", "log"}, []string{n.Marks[0].Kind, n.Marks[1].Kind, n.Marks[2].Kind, n.Marks[3].Kind})
		require.Equal(t, &[2]int{9, 0}, n.Marks[0].At, "P1's base, [X, Z]")
		require.Equal(t, fmt.Sprintf("turn %d: resting at 9 0", f.Turn-1), n.Marks[3].Text)
	}
}

// FuzzStderrLines feeds a bot's stderr reader any bytes, in chunks of any
// size: the marks it keeps are within the bounds of a turn, and the log
// file gets every byte.
func FuzzStderrLines(f *testing.F) {
	f.Add([]byte("hello\n#mark {\"kind\":\"cell\",\"at\":[1,2]}\r\n#log deep\n#mark [1]\n#log"), uint8(3))
	f.Add([]byte("#mark ["+strings.Repeat(`{"kind":"cell","at":[0,0]},`, 600)+"{}]\n"), uint8(200))
	f.Fuzz(func(t *testing.T, data []byte, chunk uint8) {
		file, err := os.Create(filepath.Join(t.TempDir(), "stderr.log"))
		if err != nil {
			t.Fatal(err)
		}
		l := &stderrLog{file: file}
		step := int(chunk) + 1
		for i := 0; i < len(data); i += step {
			l.scan(data[i:min(i+step, len(data))])
		}
		file.Close()
		if len(l.pending.Marks) > game.MaxMarks || len(l.line) > maxLine {
			t.Fatalf("%d marks, a line of %d bytes kept", len(l.pending.Marks), len(l.line))
		}
		for _, m := range l.pending.Marks {
			if m.Check() != nil {
				t.Fatalf("a mark that is wrong: %+v", m)
			}
		}
		if got, _ := os.ReadFile(file.Name()); string(got) != string(data) {
			t.Fatalf("the log file has %q, not %q", got, data)
		}
	})
}

// A bot that writes on its stderr without end still has its moves taken
// in time: the pipe is emptied of what it holds, not of what comes.
func TestEndlessStderrHoldsNoTurn(t *testing.T) {
	t.Parallel()
	script := bot(t, `(while true; do echo '#log chatter'; done) >&2 &
while IFS= read -r view; do echo rest; done
`)
	start := time.Now()
	rec, _, _ := play(t, script, 10, Options{Timeout: 2 * time.Second})
	lines, kinds := moves(rec)
	require.Equal(t, []string{"rest", "rest", "rest", "rest", "rest"}, lines)
	require.NotContains(t, kinds, "invalid")
	require.Less(t, time.Since(start), 20*time.Second)
	for i := 1; i < rec.Timeline.Len(); i++ {
		if n := rec.Timeline.Frame(i).Notes[0]; n.Cut > 0 {
			require.Equal(t, fmt.Sprintf("more than %d marks in a turn", game.MaxMarks), n.CutWhy)
		}
	}
}

// A bot's stderr log keeps at most what the bot could write to a file
// itself (its file size limit), and says where it was cut; the match goes
// on and its marks are still read.
func TestStderrLogIsBounded(t *testing.T) {
	defer func(m int64) { maxLog = m }(maxLog)
	maxLog = 4000
	script := bot(t, `head -c 20000 /dev/zero | tr '\0' 'x' >&2; echo >&2
while IFS= read -r view; do echo '#log still here' >&2; echo rest; done
`)
	rec, _, p := play(t, script, 4, Options{})
	lines, _ := moves(rec)
	require.Equal(t, []string{"rest", "rest"}, lines)
	require.Equal(t, "still here", rec.Timeline.Frame(1).Notes[0].Marks[0].Text)
	data, err := os.ReadFile(p.StderrPath)
	require.NoError(t, err)
	require.Equal(t, maxLog+int64(len(logCut)), int64(len(data)))
	require.True(t, strings.HasSuffix(string(data), logCut))
}
