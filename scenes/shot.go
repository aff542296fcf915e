package scenes

import (
	"errors"
	"image"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/render"
)

// Picture draws the viewer of rec at a turn, settled, into a w x h image, as
// the window would show it. It must run inside the game loop (see Shot).
func Picture(rec *game.Recording, turn, w, h int) (*image.RGBA, error) {
	view, err := render.NewView(rec.Title.ID())
	if err != nil {
		return nil, err
	}
	v := NewViewer(rec, view)
	v.Seek(turn)
	a := NewApp(v)
	a.W, a.H = w, h
	a.Scale = max(0.5, min(float64(w)/1280, float64(h)/800))
	dst := ebiten.NewImage(w, h)
	defer dst.Deallocate()
	// Two fixed moments: the first starts the end-of-game banner's clock,
	// the second shows it settled.
	a.Clock = 1
	v.step(a)
	a.drawStack(dst)
	dst.Clear()
	a.Clock = 3
	v.step(a)
	a.drawStack(dst)
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	dst.ReadPixels(img.Pix)
	return img, nil
}

// shooter is a game loop that runs a job that needs the GPU, a step each
// frame until it is done, then ends.
type shooter struct {
	step func() (bool, error)
	err  error
	tick int
}

func (s *shooter) Update() error {
	s.tick++
	if s.tick < 2 {
		return nil
	}
	done, err := s.step()
	if err != nil || done {
		s.err = err
		return ebiten.Termination
	}
	return nil
}

func (s *shooter) Draw(*ebiten.Image) {}

func (s *shooter) Layout(int, int) (int, int) { return 64, 64 }

// Shot runs job inside a short-lived game loop (a small window), for the
// commands that render without showing Arena: `arena shot`.
func Shot(job func() error) error {
	return ShotSteps(func() (bool, error) { return true, job() })
}

// ShotSteps runs step once a frame of a short-lived game loop until it is
// done, for longer jobs that render without showing Arena (`arena gif`):
// each frame ends as the window's do, so that what the GPU was given is
// let go of.
func ShotSteps(step func() (done bool, err error)) error {
	ebiten.SetWindowSize(64, 64)
	ebiten.SetWindowTitle("Arena: rendering")
	ebiten.SetVsyncEnabled(false) // nothing is shown: no frame waits for the screen
	s := &shooter{step: step}
	if err := ebiten.RunGame(s); err != nil && !errors.Is(err, ebiten.Termination) {
		return err
	}
	return s.err
}
