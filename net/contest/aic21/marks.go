package aic21

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/arena-games/arena/game"
)

// MarksType is the frame type of a unit's debug marks
// (docs/debug-drawing.md), {"type": 9, "info": {"marks": [...]}}: a type
// the original server ignored (§4.7), so that it never saw them.
const MarksType = 9

// readMarks reads a marks frame: the marks of the unit, whose log lines
// say which unit wrote them. ok is false for any other frame.
func readMarks(frame []byte, unit int) (n game.Notes, ok bool) {
	var f struct {
		Type json.RawMessage `json:"type"`
		Info struct {
			Marks json.RawMessage `json:"marks"`
		} `json:"info"`
	}
	if json.Unmarshal(frame, &f) != nil {
		return n, false
	}
	typ := string(bytes.Trim(f.Type, `"`))
	if v, err := strconv.Atoi(typ); err != nil || v != MarksType {
		return n, false
	}
	if len(f.Info.Marks) == 0 {
		return n, true // no marks: nothing to draw
	}
	n.ParseMarks(f.Info.Marks)
	for i, m := range n.Marks {
		if m.Kind == "log" {
			n.Marks[i].Text = game.Clip(fmt.Sprintf("unit %d: %s", unit, m.Text), game.MaxMarkText)
		}
	}
	return n, true
}
