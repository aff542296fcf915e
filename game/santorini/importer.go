package santorini

import (
	"bytes"
	"strings"
	"unicode"

	"github.com/arena-games/arena/game"
)

// Importer reads a move file of the original tools (ReadMoveFile).
func (Title) Importer() game.Importer {
	return game.Importer{Name: "Santorini move file (.txt)", Detect: isMoveFile, Import: importMoveFile}
}

// isMoveFile tells a move file from other files by its content: UTF-16
// with a BOM, or text whose first word (after V's header lines) is a
// letter and a digit, like a cell in any spelling the tolerant reader folds
// (so that a file with a bad cell still gets the reader's own error). An
// empty file is no game: it is not a move file.
func isMoveFile(name string, data []byte) bool {
	if bytes.HasPrefix(data, []byte{0xff, 0xfe}) || bytes.HasPrefix(data, []byte{0xfe, 0xff}) {
		return true
	}
	head := data[:min(len(data), 4096)]
	if bytes.IndexByte(head, 0) >= 0 {
		return false
	}
	for _, line := range splitLines(decode(head)) {
		if vHeader.MatchString(strings.TrimSpace(line)) {
			continue
		}
		line, _, _ = strings.Cut(line, "//")
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		r := []rune(lookAlike.Replace(fields[0]))
		return len(r) >= 2 && unicode.IsLetter(r[0]) && unicode.IsDigit(r[1])
	}
	return false
}

// importMoveFile replays a move file with the tolerant reader (§5.2). Who
// played is not in the file, so both seats are "unknown".
func importMoveFile(name string, data []byte) (*game.Recording, error) {
	g, err := ReadMoveFile(name, data)
	if err != nil {
		return nil, err
	}
	steps := make([]map[game.Seat]string, len(g.Turns))
	for i, t := range g.Turns {
		steps[i] = map[game.Seat]string{game.Seat(g.Boards[i].Side): t.String()}
	}
	h := game.Header{Format: game.ReplayFormat, Version: game.ReplayVersion, Config: game.Config{Seats: 2},
		Seats: []string{"unknown", "unknown"}}
	rec, _, err := game.Play(Title{}, h, steps)
	if err != nil {
		return nil, err
	}
	rec.Source = "Santorini move file"
	rec.Timeline.Finish()
	return rec, nil
}
