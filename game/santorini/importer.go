package santorini

import (
	"bytes"
	"path/filepath"
	"strings"

	"github.com/arena-games/arena/game"
)

func init() {
	game.RegisterImporter(game.Importer{Name: "Santorini move file (.txt)", Detect: isMoveFile, Import: importMoveFile})
}

// isMoveFile tells a move file from other files: text (UTF-16 with its BOM
// included) named .txt or .sav, or text whose first word is a cell.
func isMoveFile(name string, data []byte) bool {
	if bytes.HasPrefix(data, []byte{0xff, 0xfe}) || bytes.HasPrefix(data, []byte{0xfe, 0xff}) {
		return true
	}
	if bytes.IndexByte(data[:min(len(data), 4096)], 0) >= 0 {
		return false
	}
	switch strings.ToLower(filepath.Ext(name)) {
	case ".txt", ".sav":
		return true
	}
	fields := strings.Fields(decode(data[:min(len(data), 256)]))
	if len(fields) == 0 {
		return false
	}
	cells, err := lineCells(fields[0])
	return err == nil && len(cells) == 1
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
