package game

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// Mark is one thing a bot draws for its turn, for the people who debug it
// (debug drawing): a cell highlighted, a line or an arrow between two
// cells, a circle around a cell, a short text on a cell, or a line of its
// log. Cells are in the coordinates of the game's own protocol (see
// docs/debug-drawing.md). Marks travel in a seat's Notes, so the replay
// keeps them beside the move; the original servers never saw them.
type Mark struct {
	Kind   string  `json:"kind"`            // one of MarkKinds
	At     *[2]int `json:"at,omitempty"`    // the cell (every kind but "log")
	To     *[2]int `json:"to,omitempty"`    // a line's or an arrow's other end
	Radius float64 `json:"r,omitempty"`     // a circle's, in cells (0: half a cell)
	Text   string  `json:"text,omitempty"`  // a text's or a log line's
	Color  string  `json:"color,omitempty"` // "#rgb", "#rrggbb" or one of MarkColors; "": the seat's
}

// MarkKinds are the kinds of marks.
var MarkKinds = []string{"cell", "line", "arrow", "circle", "text", "log"}

// MarkColors are the colour names a mark may use, and their #rrggbb.
var MarkColors = map[string]string{
	"red": "#e5484d", "orange": "#f76b15", "yellow": "#ffe629", "green": "#30a46c",
	"cyan": "#00c2d7", "blue": "#3e63dd", "purple": "#8e4ec6", "pink": "#e93d82",
	"white": "#ffffff", "grey": "#8b8d98", "gray": "#8b8d98", "black": "#111111",
}

// The bounds of one seat's marks in one turn: more are cut, and the notes
// say how many (Notes.Cut).
const (
	MaxMarks     = 500       // marks a turn
	MaxMarkText  = 120       // bytes of a text or a log line
	MaxMarkBytes = 32 * 1024 // of the marks' JSON, a turn
	maxMarkCell  = 1 << 16   // a coordinate's magnitude
	maxRadius    = 64        // cells
)

var hexColor = regexp.MustCompile(`^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$`)

// Check reports what is wrong with the mark, or nil.
func (m Mark) Check() error {
	known := false
	for _, k := range MarkKinds {
		known = known || m.Kind == k
	}
	switch {
	case !known:
		return fmt.Errorf("kind %q: expected one of %s", m.Kind, strings.Join(MarkKinds, ", "))
	case m.Kind != "log" && m.At == nil:
		return fmt.Errorf("a %s mark needs its cell, \"at\": [X, Y]", m.Kind)
	case (m.Kind == "line" || m.Kind == "arrow") && m.To == nil:
		return fmt.Errorf("a %s mark needs its other end, \"to\": [X, Y]", m.Kind)
	case (m.Kind == "text" || m.Kind == "log") && m.Text == "":
		return fmt.Errorf("a %s mark needs its \"text\"", m.Kind)
	case m.Radius < 0 || m.Radius > maxRadius:
		return fmt.Errorf("radius %g: expected 0 to %d cells", m.Radius, maxRadius)
	case m.Color != "" && !hexColor.MatchString(m.Color) && MarkColors[m.Color] == "":
		return fmt.Errorf("colour %q: expected #rgb, #rrggbb or a name (red, green, blue, ...)", m.Color)
	}
	for _, c := range []*[2]int{m.At, m.To} {
		if c != nil && (abs(c[0]) > maxMarkCell || abs(c[1]) > maxMarkCell) {
			return fmt.Errorf("cell [%d, %d] is off any map", c[0], c[1])
		}
	}
	return nil
}

func abs(v int) int { return max(v, -v) }

// RGB is the mark's colour as red, green and blue, and false for the
// seat's own (no colour given).
func (m Mark) RGB() (r, g, b uint8, ok bool) {
	c := m.Color
	if named := MarkColors[c]; named != "" {
		c = named
	}
	if !hexColor.MatchString(c) {
		return 0, 0, 0, false
	}
	if len(c) == 4 {
		c = "#" + strings.Repeat(c[1:2], 2) + strings.Repeat(c[2:3], 2) + strings.Repeat(c[3:4], 2)
	}
	var v [3]uint8
	fmt.Sscanf(c[1:], "%02x%02x%02x", &v[0], &v[1], &v[2])
	return v[0], v[1], v[2], true
}

// AddMarks adds a bot's marks to its notes within the bounds of a turn: a
// mark that is wrong, or over the bounds, is cut and counted (Cut; Why
// says why the first was); a text too long is shortened.
func (n *Notes) AddMarks(marks ...Mark) {
	size := 0
	for _, m := range n.Marks {
		size += markSize(m)
	}
	for _, m := range marks {
		if len(m.Text) > MaxMarkText {
			m.Text = Clip(m.Text, MaxMarkText)
		}
		why := ""
		if err := m.Check(); err != nil {
			why = err.Error()
		} else if len(n.Marks) >= MaxMarks {
			why = fmt.Sprintf("more than %d marks in a turn", MaxMarks)
		} else if size+markSize(m) > MaxMarkBytes {
			why = fmt.Sprintf("more than %d KiB of marks in a turn", MaxMarkBytes/1024)
		}
		if why != "" {
			if n.Cut == 0 {
				n.CutWhy = why
			}
			n.Cut++
			continue
		}
		size += markSize(m)
		n.Marks = append(n.Marks, m)
	}
}

func markSize(m Mark) int {
	b, _ := json.Marshal(m)
	return len(b)
}

// Clip shortens text to at most n bytes, on a rune's boundary, with "…".
func Clip(text string, n int) string {
	if len(text) <= n {
		return text
	}
	cut := n - len("…")
	for cut > 0 && !utf8RuneStart(text[cut]) {
		cut--
	}
	return text[:cut] + "…"
}

func utf8RuneStart(b byte) bool { return b&0xC0 != 0x80 }

// ParseMarks reads marks sent as JSON, one mark or an array of them, into
// notes (AddMarks): what a protocol's carrier of marks hands over. A body
// that is not such JSON is cut whole, and said so.
func (n *Notes) ParseMarks(data []byte) {
	data = []byte(strings.TrimSpace(string(data)))
	if len(data) > 2*MaxMarkBytes {
		n.cutAll(fmt.Sprintf("marks: %d bytes, more than %d KiB", len(data), 2*MaxMarkBytes/1024))
		return
	}
	var list []Mark
	if len(data) > 0 && data[0] == '{' {
		var m Mark
		if err := json.Unmarshal(data, &m); err != nil {
			n.cutAll(fmt.Sprintf("marks: %v", err))
			return
		}
		list = []Mark{m}
	} else if err := json.Unmarshal(data, &list); err != nil {
		n.cutAll(fmt.Sprintf("marks: expected a JSON object or array of them: %v", err))
		return
	}
	n.AddMarks(list...)
}

func (n *Notes) cutAll(why string) {
	if n.Cut == 0 {
		n.CutWhy = Clip(why, MaxMarkText)
	}
	n.Cut++
}
