package game

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func cell(x, y int) *[2]int { return &[2]int{x, y} }

// A bot's marks: the good ones are kept, a wrong one is cut and says why.
func TestMarksAreChecked(t *testing.T) {
	var n Notes
	n.AddMarks(
		Mark{Kind: "cell", At: cell(1, 2), Color: "red"},
		Mark{Kind: "arrow", At: cell(1, 2), To: cell(3, 4), Color: "#0f0"},
		Mark{Kind: "log", Text: strings.Repeat("é", 100)},
		Mark{Kind: "line", At: cell(1, 2)},
		Mark{Kind: "square", At: cell(1, 2)},
		Mark{Kind: "cell", At: cell(1, 2), Color: "#12345"},
		Mark{Kind: "circle", At: cell(1<<20, 0)},
	)
	require.Len(t, n.Marks, 3)
	require.LessOrEqual(t, len(n.Marks[2].Text), MaxMarkText, "a long text is shortened")
	require.True(t, strings.HasSuffix(n.Marks[2].Text, "…"))
	require.Equal(t, 4, n.Cut)
	require.Equal(t, `a line mark needs its other end, "to": [X, Y]`, n.CutWhy)
	r, g, b, ok := n.Marks[1].RGB()
	require.True(t, ok)
	require.Equal(t, [3]uint8{0, 255, 0}, [3]uint8{r, g, b})
	_, _, _, ok = Mark{Kind: "cell"}.RGB()
	require.False(t, ok, "no colour: the seat's")
}

// A flood of marks is cut at the bounds of a turn, and says so.
func TestAFloodOfMarksIsCut(t *testing.T) {
	var n Notes
	var flood []Mark
	for i := range 10000 {
		flood = append(flood, Mark{Kind: "cell", At: cell(i%50, i/50)})
	}
	n.AddMarks(flood...)
	require.Len(t, n.Marks, MaxMarks)
	require.Equal(t, 10000-MaxMarks, n.Cut)
	require.Equal(t, fmt.Sprintf("more than %d marks in a turn", MaxMarks), n.CutWhy)

	var big Notes
	var texts []Mark
	for range MaxMarks {
		texts = append(texts, Mark{Kind: "text", At: cell(0, 0), Text: strings.Repeat("x", MaxMarkText)})
	}
	big.AddMarks(texts...)
	data, err := json.Marshal(big.Marks)
	require.NoError(t, err)
	require.LessOrEqual(t, len(data), MaxMarkBytes+len(big.Marks))
	require.Positive(t, big.Cut)
	require.Contains(t, big.CutWhy, "KiB of marks")
}

// Marks sent as JSON: one, several, or something else (cut whole).
func TestParseMarks(t *testing.T) {
	var n Notes
	n.ParseMarks([]byte(`{"kind":"cell","at":[1,2]}`))
	n.ParseMarks([]byte(` [{"kind":"text","at":[0,0],"text":"hi","color":"blue"},{"kind":"log","text":"depth 7"}] `))
	n.ParseMarks([]byte(`"draw me"`))
	n.ParseMarks([]byte(strings.Repeat(" ", 3*MaxMarkBytes) + "[]"))
	require.Len(t, n.Marks, 3)
	require.Equal(t, 1, n.Cut, "the JSON string; the spaces are trimmed")
	require.Contains(t, n.CutWhy, "expected a JSON object or array")
	n.ParseMarks([]byte("[" + strings.Repeat(`{"kind":"log","text":"x"},`, 10000) + "{}]"))
	require.Equal(t, 2, n.Cut)
	require.Contains(t, n.Marks[0].Kind, "cell")
}

func FuzzParseMarks(f *testing.F) {
	f.Add([]byte(`{"kind":"cell","at":[1,2],"color":"#abc"}`))
	f.Add([]byte(`[{"kind":"arrow","at":[1,2],"to":[3,4]},{"kind":"log","text":"hello"}]`))
	f.Add([]byte(`[{"kind":"circle","at":[-1,2],"r":1e308}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var n Notes
		n.ParseMarks(data)
		require.LessOrEqual(t, len(n.Marks), MaxMarks)
		for _, m := range n.Marks {
			require.NoError(t, m.Check())
			require.LessOrEqual(t, len(m.Text), MaxMarkText)
		}
		out, err := json.Marshal(n)
		require.NoError(t, err)
		var back Notes
		require.NoError(t, json.Unmarshal(out, &back))
		require.Equal(t, len(n.Marks), len(back.Marks))
	})
}

// Debug lines: marks, a log line, and lines that are neither.
func TestAddLine(t *testing.T) {
	var n Notes
	require.True(t, n.AddLine([]byte(`#mark [{"kind":"cell","at":[1,2]}]`+"\r")))
	require.True(t, n.AddLine([]byte("#log  depth 7 ")))
	require.True(t, n.AddLine([]byte("#log ")), "an empty log line is cut")
	require.False(t, n.AddLine([]byte("move 1 2")))
	require.False(t, n.AddLine([]byte("#marks {}")))
	require.False(t, IsDebugLine([]byte("#logger")))
	require.Equal(t, []Mark{{Kind: "cell", At: cell(1, 2)}, {Kind: "log", Text: "depth 7"}}, n.Marks)
	require.Equal(t, 1, n.Cut)
}

// A flood of debug lines costs a count once the turn's marks are full,
// and is counted mark by mark.
func TestFullNotesCount(t *testing.T) {
	var n Notes
	one := []byte(`{"kind":"cell","at":[0,0]}`)
	for range MaxMarks {
		require.False(t, n.Full())
		n.AddJSON(one)
	}
	require.True(t, n.Full())
	n.AddJSON([]byte(`[{"kind":"cell","at":[0,0]},{},{}]`))
	n.AddLog("more")
	n.AddJSON([]byte(`nonsense`))
	var unit Notes
	unit.AddMarks(Mark{Kind: "log", Text: "a"}, Mark{Kind: "line", At: cell(0, 0)})
	n.Merge(unit)
	require.Len(t, n.Marks, MaxMarks)
	require.Equal(t, 3+1+1+1+1, n.Cut)
	require.Equal(t, fmt.Sprintf("more than %d marks in a turn", MaxMarks), n.CutWhy)

	var big Notes
	text := Mark{Kind: "text", At: cell(0, 0), Text: strings.Repeat("x", MaxMarkText)}
	for !big.Full() {
		big.AddMarks(text)
	}
	require.Less(t, len(big.Marks), MaxMarks)
	require.Contains(t, big.CutWhy, "KiB of marks")
	big.AddLog("x")
	require.Equal(t, 2, big.Cut)
}

// BenchmarkFloodOfLines is a bot's worst line flood: a turn's marks,
// then 100,000 log lines.
func BenchmarkFloodOfLines(b *testing.B) {
	for b.Loop() {
		var n Notes
		for range MaxMarks + 100_000 {
			n.AddLine([]byte("#log chatter"))
		}
	}
}

// FuzzAddLine reads debug lines into notes already holding marks: the
// bounds of a turn hold whatever comes.
func FuzzAddLine(f *testing.F) {
	f.Add([]byte(`#mark [{"kind":"cell","at":[1,2]},{"kind":"log","text":"x"}]`), uint16(0))
	f.Add([]byte("#log deep thought\r"), uint16(499))
	f.Add([]byte(`#mark [{},{},{}]`), uint16(500))
	f.Fuzz(func(t *testing.T, line []byte, had uint16) {
		var n Notes
		for range int(had % 600) {
			n.AddMarks(Mark{Kind: "cell", At: cell(0, 0)})
		}
		before := len(n.Marks) + n.Cut
		n.AddLine(line)
		require.LessOrEqual(t, len(n.Marks), MaxMarks)
		require.GreaterOrEqual(t, len(n.Marks)+n.Cut, before)
		for _, m := range n.Marks {
			require.NoError(t, m.Check())
		}
	})
}
