package levels

import (
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

// note is a map for the tests: its name and its text.
type note struct{ name, text string }

func testShelf() *Shelf[note] {
	return &Shelf[note]{
		Title: "test",
		Files: fstest.MapFS{
			"maps/open.txt":   {Data: []byte("open")},
			"maps/alpha.txt":  {Data: []byte("alpha")},
			"maps/canyon.txt": {Data: []byte("canyon")},
		},
		Dir: "maps", Ext: ".txt", Default: "open",
		Parse:    func(name string, data []byte) (*note, error) { return &note{name, string(data)}, nil },
		Expected: "the path of a map file",
	}
}

// readNote reads a user's map file.
func readNote(path string) (*note, error) {
	data, err := os.ReadFile(path)
	return &note{path, string(data)}, err
}

// Names puts the default first, then the others by name; Load finds a map by
// name in any case, with or without the extension, and "" is the default;
// a path is read from disk; anything else is an error that lists the names.
func TestShelf(t *testing.T) {
	t.Parallel()
	s := testShelf()
	require.Equal(t, []string{"open", "alpha", "canyon"}, s.Names())
	for in, want := range map[string]string{"": "open", "Alpha": "alpha", "canyon.txt": "canyon", "OPEN.TXT": "open"} {
		m, err := s.Load(in, readNote)
		require.NoError(t, err, in)
		require.Equal(t, want, m.text, in)
	}
	a, _ := s.Load("alpha", readNote)
	b, _ := s.Load("ALPHA", readNote)
	require.Same(t, a, b, "a map is parsed once")

	path := filepath.Join(t.TempDir(), "mine.txt")
	require.NoError(t, os.WriteFile(path, []byte("mine"), 0o644))
	m, err := s.Load(path, readNote)
	require.NoError(t, err)
	require.Equal(t, "mine", m.text)

	_, err = s.Load("nowhere", readNote)
	require.EqualError(t, err, `test: no map "nowhere": expected one of open, alpha, canyon, or the path of a map file`)
	_, err = s.Load("../maps/alpha", readNote)
	require.Error(t, err, "a name with a slash is a path, not a map on the shelf")

	// As a title's game.Shelf: the maps listed with their lines, found by
	// the config's map.
	s.About = map[string]string{"open": "no walls"}
	require.Equal(t, []game.MapInfo{{Name: "open", About: "no walls"}, {Name: "alpha"}, {Name: "canyon"}}, s.Maps())
	m, err = s.Find(game.Config{Map: "Canyon"}, readNote)
	require.NoError(t, err)
	require.Equal(t, "canyon", m.text)
}
