package main

import (
	"fmt"
	"io"
	"time"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/scenes"
)

// cmdGIF writes turns of a replay as an animated GIF, or as an MP4 through
// ffmpeg, as the viewer shows them with the director camera.
func cmdGIF(args []string, stdout, stderr io.Writer) error {
	fs := flags("gif", stderr)
	from := fs.Int("from", 0, "the first turn of the clip")
	to := fs.Int("to", -1, "the last turn of the clip (default: the last of the game)")
	out := fs.String("out", "", "the film to write: FILE.gif, or FILE.mp4 where ffmpeg is installed")
	size := fs.String("size", "800x500", "the picture's size, WxH")
	speed := fs.Float64("speed", 4, "how fast the game plays, as the viewer's speeds: 1 is a turn in 1.7 s")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || *out == "" {
		return usagef("expected: arena gif REPLAY --from A --to B --out FILE.gif [--size WxH] [--speed X]")
	}
	w, h, err := parseSize(*size)
	if err != nil {
		return usageError{err}
	}
	if *speed <= 0 || *speed > 1000 {
		return usagef("--speed %g: expected a number above 0, such as 0.5, 1 or 8", *speed)
	}
	if err := game.CheckOutputs([]game.NamedPath{{Name: "the replay", Path: pos[0]}}, []game.NamedPath{{Name: "--out", Path: *out}}); err != nil {
		return usageError{err}
	}
	rec, err := game.OpenFile(pos[0])
	if err != nil {
		return err
	}
	n := rec.Timeline.Len() - 1
	if *to < 0 {
		*to = n
	}
	if *from < 0 || *to > n || *from > *to {
		return usagef("--from %d --to %d: %s has turns 0 to %d", *from, *to, pos[0], n)
	}
	e, err := scenes.NewExporter(rec, *from, *to, w, h, *speed, *out)
	if err != nil {
		return usageError{err}
	}
	var bytes int64
	var frames int
	var took float64
	defer e.Close()
	if err := scenes.ShotSteps(func() (bool, error) {
		done, err := e.Step(100 * time.Millisecond)
		if err != nil || !done {
			return false, err
		}
		frames, _ = e.Progress()
		size, d, err := e.Finish()
		bytes, took = size, d.Seconds()
		return true, err
	}); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s: turns %d to %d, %d pictures, %dx%d, %.2f MB in %.1f s\n", *out, *from, *to, frames, w, h, float64(bytes)/1e6, took)
	return nil
}
