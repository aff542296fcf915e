package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// The debug lines of Arena's own line protocols (docs/debug-drawing.md):
// on a process bot's stderr, in a /play seat's messages. A line
// "#mark JSON" holds one mark or an array of them; a line "#log TEXT" is a
// line of the bot's log.
const (
	MarkLinePrefix = "#mark "
	LogLinePrefix  = "#log "
)

// IsDebugLine reports whether line is a debug line.
func IsDebugLine(line []byte) bool {
	return bytes.HasPrefix(line, []byte(MarkLinePrefix)) || bytes.HasPrefix(line, []byte(LogLinePrefix))
}

// AddLine takes a debug line's marks into the notes (AddJSON, AddLog),
// and reports whether line was one; a "\r" at its end is dropped.
func (n *Notes) AddLine(line []byte) bool {
	line = bytes.TrimSuffix(line, []byte("\r"))
	switch {
	case bytes.HasPrefix(line, []byte(MarkLinePrefix)):
		n.AddJSON(line[len(MarkLinePrefix):])
	case bytes.HasPrefix(line, []byte(LogLinePrefix)):
		n.AddLog(string(bytes.TrimSpace(line[len(LogLinePrefix):])))
	default:
		return false
	}
	return true
}

// Full reports whether the turn's marks have reached a bound (MaxMarks,
// MaxMarkBytes): the marks that come next are cut.
func (n *Notes) Full() bool {
	return len(n.Marks) >= MaxMarks || n.Cut > 0 && strings.HasPrefix(n.CutWhy, "more than ")
}

// AddJSON is ParseMarks for a carrier that a bot may flood: once the
// notes are Full, what comes is only counted, not read mark by mark.
func (n *Notes) AddJSON(data []byte) {
	if !n.Full() {
		n.ParseMarks(data)
		return
	}
	k := 1
	var list []json.RawMessage
	if json.Unmarshal(data, &list) == nil {
		k = len(list)
	}
	n.cutFull(k)
}

// AddLog adds a line of the bot's log (a "log" mark), as AddJSON does.
func (n *Notes) AddLog(text string) {
	if n.Full() {
		n.cutFull(1)
		return
	}
	n.AddMarks(Mark{Kind: "log", Text: text})
}

// Merge adds the marks of other notes (one unit's, of a colony's turn),
// and what they cut, as AddJSON does.
func (n *Notes) Merge(other Notes) {
	if n.Full() {
		n.cutFull(len(other.Marks))
	} else {
		n.AddMarks(other.Marks...)
	}
	if other.Cut > 0 {
		if n.Cut == 0 {
			n.CutWhy = other.CutWhy
		}
		n.Cut += other.Cut
	}
}

// cutFull counts k marks cut at the bounds.
func (n *Notes) cutFull(k int) {
	if k > 0 && n.Cut == 0 {
		n.CutWhy = fmt.Sprintf("more than %d marks in a turn", MaxMarks)
		if len(n.Marks) < MaxMarks {
			n.CutWhy = fmt.Sprintf("more than %d KiB of marks in a turn", MaxMarkBytes/1024)
		}
	}
	n.Cut += k
}
