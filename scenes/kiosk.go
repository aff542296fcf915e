package scenes

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/render"
)

// kioskProgram plays the replays of a folder, every format Arena reads,
// over and over: in name order, or shuffled anew each pass. It reads the
// folder again at each pass, so that files added meanwhile join in, and
// loads the next replay in the background while one plays.
type kioskProgram struct {
	dir     string
	shuffle bool
	rng     *rand.Rand
	files   []string
	pos     int
	loading chan loaded
}

// loaded is a replay read in the background.
type loaded struct {
	path string
	rec  *game.Recording
	err  error
}

// NewKiosk is the kiosk show of the replays in dir, at speed (0: each
// game's own, about two minutes).
func NewKiosk(dir string, shuffle bool, speed float64, seed uint64) *Show {
	return newShow(&kioskProgram{dir: dir, shuffle: shuffle, rng: rand.New(rand.NewPCG(seed, 1))}, speed)
}

// Playlist lists the files of dir that a kiosk tries, in name order: every
// regular file but the move files written beside Arena's replays.
func Playlist(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || strings.HasPrefix(name, ".") || strings.HasSuffix(name, ".stderr.log") {
			continue
		}
		// A move file beside an Arena replay plays the same game.
		if ext := filepath.Ext(name); ext == ".txt" {
			if _, err := os.Stat(filepath.Join(dir, strings.TrimSuffix(name, ext)+".arena")); err == nil {
				continue
			}
		}
		out = append(out, filepath.Join(dir, name))
	}
	sort.Strings(out)
	return out, nil
}

func (p *kioskProgram) next(a *App) (*Viewer, error) {
	if p.loading == nil {
		if p.pos >= len(p.files) {
			files, err := Playlist(p.dir)
			if err != nil {
				return nil, skipped{p.dir, err}
			}
			if len(files) == 0 {
				return nil, skipped{p.dir, errors.New("no replays in the folder yet; it is read again in a moment")}
			}
			if p.shuffle {
				p.rng.Shuffle(len(files), func(i, j int) { files[i], files[j] = files[j], files[i] })
			}
			p.files, p.pos = files, 0
		}
		path := p.files[p.pos]
		p.pos++
		ch := make(chan loaded, 1)
		p.loading = ch
		go func() {
			rec, err := game.OpenFile(path)
			ch <- loaded{path, rec, err}
		}()
	}
	select {
	case l := <-p.loading:
		p.loading = nil
		if l.err != nil {
			return nil, skipped{l.path, l.err}
		}
		view, err := render.NewView(l.rec.Title.ID())
		if err != nil {
			return nil, skipped{l.path, err}
		}
		return NewViewer(l.rec, view), nil
	default:
		return nil, nil
	}
}

func (p *kioskProgram) stop() {}
