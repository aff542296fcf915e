package scenes

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/movie"
	"github.com/arena-games/arena/scenes/playback"
)

// Film draws a recording's turns as pictures, as the viewer shows them
// (with the director camera), for a clip. It runs inside the game loop.
type Film struct {
	v     *Viewer
	a     *App
	dst   *ebiten.Image
	pix   *image.RGBA
	speed float64
	clock float64
}

// NewFilm films rec in a w x h picture at speed (a factor of 1x).
func NewFilm(rec *game.Recording, w, h int, speed float64) (*Film, error) {
	view, err := render.NewView(rec.Title.ID())
	if err != nil {
		return nil, err
	}
	v := NewViewer(rec, view)
	v.show = true
	v.SetDirector(true)
	v.SetSpeed(speed)
	a := NewApp(v)
	a.W, a.H, a.Plain = w, h, true
	a.Scale = fitScale(w, h, 1)
	return &Film{v: v, a: a, dst: ebiten.NewImage(w, h), pix: image.NewRGBA(image.Rect(0, 0, w, h)), speed: speed, clock: 1}, nil
}

// Close lets go of the film's images.
func (f *Film) Close() {
	f.v.Dispose()
	f.dst.Deallocate()
}

// Still is one picture of a clip: turn Turn's step, T of the way through
// its animation, shown for Hold.
type Still struct {
	Turn int
	T    float64
	Hold time.Duration
}

// Plan lists the shots of turns from to to at the film's speed: a step's
// animation in up to three pictures, then the turn settled while playback
// would rest on it.
func (f *Film) Plan(from, to int) []Still {
	anim := playback.StepTime / f.speed
	rest := playback.HoldTime / f.speed
	// A picture every 0.15 s of animation at most: at 4x and faster,
	// one a turn.
	k := max(1, min(3, int(anim/0.15+0.5)))
	var out []Still
	out = append(out, Still{Turn: from, T: 1, Hold: seconds(rest)})
	for turn := from + 1; turn <= to; turn++ {
		for i := 1; i < k; i++ {
			out = append(out, Still{Turn: turn, T: float64(i) / float64(k), Hold: seconds(anim / float64(k))})
		}
		out = append(out, Still{Turn: turn, T: 1, Hold: seconds(anim/float64(k) + rest)})
	}
	// The end stays on screen a moment longer.
	out[len(out)-1].Hold += 2 * time.Second
	return out
}

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// Picture draws shot s; the image is the film's, reused by the next.
func (f *Film) Picture(s Still) *image.RGBA {
	v := f.v
	n := v.rec.Timeline.Len()
	v.clock.Seek(s.Turn, n)
	if s.T < 1 && s.Turn > 0 {
		v.clock.Cursor, v.clock.Anim = s.Turn, s.T
	}
	f.dst.Clear()
	f.a.Clock = f.clock
	v.step(f.a)
	v.Draw(f.dst, f.a)
	f.clock += s.Hold.Seconds()
	f.dst.ReadPixels(f.pix.Pix)
	return f.pix
}

// Exporter writes a clip of a recording as an animated GIF, or an MP4
// where ffmpeg is installed, a few pictures at a time so that the window
// stays alive meanwhile.
type Exporter struct {
	rec      *game.Recording
	from, to int
	w, h     int
	speed    float64
	out      string
	film     *Film
	plan     []Still
	next     int
	gif      *movie.GIF
	mp4      *movie.MP4
	start    time.Time
}

// NewExporter prepares the clip of turns from to to of rec, w x h at
// speed, written to out (.gif or .mp4).
func NewExporter(rec *game.Recording, from, to, w, h int, speed float64, out string) (*Exporter, error) {
	n := rec.Timeline.Len()
	if from < 0 || to >= n || from > to {
		return nil, fmt.Errorf("turns %d to %d: the game has turns 0 to %d", from, to, n-1)
	}
	ext := strings.ToLower(filepath.Ext(out))
	if ext != ".gif" && ext != ".mp4" {
		return nil, fmt.Errorf("%s: the film is a .gif or an .mp4", out)
	}
	if speed <= 0 {
		return nil, fmt.Errorf("speed %g: expected more than 0", speed)
	}
	return &Exporter{rec: rec, from: from, to: to, w: w, h: h, speed: speed, out: out, start: time.Now()}, nil
}

// Progress is how many of the clip's pictures are drawn, of how many.
func (e *Exporter) Progress() (done, total int) { return e.next, max(1, len(e.plan)) }

// Step draws pictures for about budget, and reports whether the clip is
// drawn. It runs inside the game loop.
func (e *Exporter) Step(budget time.Duration) (bool, error) {
	until := time.Now().Add(budget)
	if e.film == nil {
		if err := e.begin(); err != nil {
			return false, err
		}
	}
	for e.next < len(e.plan) {
		s := e.plan[e.next]
		img := e.film.Picture(s)
		if e.mp4 != nil {
			if err := e.mp4.Add(img, s.Hold); err != nil {
				e.mp4 = nil
				return false, err
			}
		} else {
			e.gif.Add(img, s.Hold)
		}
		e.next++
		if time.Now().After(until) {
			break
		}
	}
	return e.next == len(e.plan), nil
}

// begin plans the clip; a GIF's palette is built from eight pictures
// spread over it.
func (e *Exporter) begin() error {
	if strings.EqualFold(filepath.Ext(e.out), ".mp4") {
		m, err := movie.NewMP4(e.out, e.w, e.h, 25)
		if err != nil {
			return err
		}
		e.mp4 = m
	} else {
		sampler, err := NewFilm(e.rec, e.w, e.h, e.speed)
		if err != nil {
			return err
		}
		plan := sampler.Plan(e.from, e.to)
		var samples []*image.RGBA
		for i := range 8 {
			img := sampler.Picture(plan[i*(len(plan)-1)/7])
			samples = append(samples, image.NewRGBA(img.Rect))
			copy(samples[i].Pix, img.Pix)
		}
		sampler.Close()
		e.gif = movie.NewGIF(e.w, e.h, samples, true)
	}
	film, err := NewFilm(e.rec, e.w, e.h, e.speed)
	if err != nil {
		return err
	}
	e.film, e.plan = film, film.Plan(e.from, e.to)
	return nil
}

// Finish writes the file, and returns its size and the time the export
// took.
func (e *Exporter) Finish() (int64, time.Duration, error) {
	defer e.Close()
	if e.mp4 != nil {
		err := e.mp4.Close()
		e.mp4 = nil
		if err != nil {
			return 0, 0, err
		}
		st, err := os.Stat(e.out)
		if err != nil {
			return 0, 0, err
		}
		return st.Size(), time.Since(e.start), nil
	}
	where, size, err := deliver(e.out, e.gif.Write)
	if err != nil {
		return 0, 0, err
	}
	e.out = where
	return size, time.Since(e.start), nil
}

// Close lets go of the film, and of an MP4 left unfinished.
func (e *Exporter) Close() {
	if e.gif != nil {
		e.gif.Close()
	}
	if e.mp4 != nil {
		e.mp4.Abort()
		e.mp4 = nil
	}
	if e.film != nil {
		e.film.Close()
		e.film = nil
	}
}

// Export is the overlay that writes the viewer's clip as a GIF while a bar
// shows how far it is; Esc cancels it.
type Export struct {
	e    *Exporter
	v    *Viewer
	path string
}

// exportSize is the size of the clips the viewer exports.
const exportW, exportH = 800, 500

// export writes the marked clip (or the whole game) as a GIF into the
// replay folder.
func (v *Viewer) export(a *App) {
	from, to := v.Clip()
	name := fmt.Sprintf("%s-%s-turns-%d-%d.gif", v.rec.Title.ID(), time.Now().Format("20060102-150405"), from, to)
	path := filepath.Join(a.ReplayDir, name)
	speed := max(4, v.clock.Rate())
	e, err := NewExporter(v.rec, from, to, exportW, exportH, speed, path)
	if err != nil {
		a.Toast("%v", err)
		return
	}
	a.Push(&Export{e: e, v: v, path: path})
}

func (*Export) overlay() {}

// Update draws the clip's pictures, a part each tick.
func (x *Export) Update(a *App) error {
	if a.In.Just(ActBack) {
		x.e.Close()
		a.Pop()
		a.Toast("%s", lang.T("Export cancelled"))
		return nil
	}
	done, err := x.e.Step(30 * time.Millisecond)
	if err != nil {
		x.e.Close()
		a.Pop()
		a.Toast("%v", err)
		return nil
	}
	if done {
		size, took, err := x.e.Finish()
		a.Pop()
		if err != nil {
			a.Toast("%v", err)
			return nil
		}
		a.Toast("%s", lang.F("Wrote %s: %.1f MB in %.1f s", x.e.out, float64(size)/1e6, took.Seconds()))
	}
	return nil
}

// Draw shows the progress over the viewer.
func (x *Export) Draw(dst *ebiten.Image, a *App) {
	s := a.Scale
	dim(dst, a, 0.6)
	w, h := 560*s, 150*s
	r := rectXYWH(float64(a.W)/2-w/2, float64(a.H)/2-h/2, w, h)
	card(dst, a, r)
	x0, y0 := float64(r.Min.X)+32*s, float64(r.Min.Y)+26*s
	done, total := x.e.Progress()
	render.FitText(dst, lang.T("Exporting the clip…"), render.Bold, 24*s, x0, y0, w-64*s, render.Ink, render.Left)
	bar := rectXYWH(x0, y0+50*s, w-64*s, 12*s)
	render.Panel(dst, bar, 6*s, render.Raised)
	fill := bar
	fill.Max.X = bar.Min.X + int(float64(bar.Dx())*float64(done)/float64(total))
	if fill.Dx() > fill.Dy() {
		render.Panel(dst, fill, 6*s, render.Accent)
	}
	render.FitText(dst, lang.F("%d of %d pictures · %s · Esc cancels", done, total, filepath.Base(x.path)), render.Regular, 14*s, x0, y0+74*s, w-64*s, render.InkDim, render.Left)
}
