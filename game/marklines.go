package game

import "bytes"

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

// AddLine takes a debug line's marks into the notes (ParseMarks, AddMarks),
// and reports whether line was one; a "\r" at its end is dropped.
func (n *Notes) AddLine(line []byte) bool {
	line = bytes.TrimSuffix(line, []byte("\r"))
	switch {
	case bytes.HasPrefix(line, []byte(MarkLinePrefix)):
		n.ParseMarks(line[len(MarkLinePrefix):])
	case bytes.HasPrefix(line, []byte(LogLinePrefix)):
		n.AddMarks(Mark{Kind: "log", Text: string(bytes.TrimSpace(line[len(LogLinePrefix):]))})
	default:
		return false
	}
	return true
}
