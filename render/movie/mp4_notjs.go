//go:build !js

package movie

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/arena-games/arena/game"
)

// MP4 pipes a clip's pictures to ffmpeg, which writes an H.264 MP4. The
// file appears whole at its path when Close succeeds, or not at all.
type MP4 struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *game.AtomicFile
	w, h   int
	fps    float64
	owed   float64 // frames owed to the clock, after the last picture
	stderr bytes.Buffer
	raw    []byte
}

// ErrNoFFmpeg is returned where ffmpeg is not installed.
var ErrNoFFmpeg = errors.New("writing an MP4 needs ffmpeg, which is not installed (on Debian: sudo apt-get install ffmpeg); a .gif needs nothing more")

// NewMP4 starts ffmpeg writing a w x h clip at fps frames a second to path.
func NewMP4(path string, w, h int, fps float64) (*MP4, error) {
	bin, err := exec.LookPath("ffmpeg")
	if err != nil {
		return nil, ErrNoFFmpeg
	}
	out, err := game.CreateAtomic(path)
	if err != nil {
		return nil, err
	}
	m := &MP4{out: out, w: w, h: h, fps: fps, raw: make([]byte, 4*w*h)}
	m.cmd = exec.Command(bin, "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba",
		"-s", fmt.Sprintf("%dx%d", w, h), "-r", strconv.FormatFloat(fps, 'f', -1, 64), "-i", "-",
		"-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "+faststart",
		"-f", "mp4", out.TempPath())
	m.cmd.Stderr = &m.stderr
	if m.in, err = m.cmd.StdinPipe(); err != nil {
		out.Abort()
		return nil, err
	}
	if err := m.cmd.Start(); err != nil {
		out.Abort()
		return nil, fmt.Errorf("start ffmpeg: %w", err)
	}
	return m, nil
}

// Add shows img for d: as many of the film's frames as d lasts.
func (m *MP4) Add(img *image.RGBA, d time.Duration) error {
	m.owed += d.Seconds() * m.fps
	n := int(m.owed + 0.5)
	m.owed -= float64(n)
	for y := 0; y < m.h; y++ {
		copy(m.raw[4*m.w*y:4*m.w*(y+1)], img.Pix[y*img.Stride:])
	}
	for range n {
		if _, err := m.in.Write(m.raw); err != nil {
			return m.fail(err)
		}
	}
	return nil
}

func (m *MP4) fail(err error) error {
	m.in.Close()
	m.cmd.Wait()
	m.out.Abort()
	return fmt.Errorf("ffmpeg: %v %s", err, strings.TrimSpace(m.stderr.String()))
}

// Close ends the film and puts the file in its place.
func (m *MP4) Close() error {
	if err := m.in.Close(); err != nil {
		return m.fail(err)
	}
	if err := m.cmd.Wait(); err != nil {
		m.out.Abort()
		return fmt.Errorf("ffmpeg: %v %s", err, strings.TrimSpace(m.stderr.String()))
	}
	return m.out.Commit()
}

// Abort stops ffmpeg and leaves no file.
func (m *MP4) Abort() {
	m.in.Close()
	m.cmd.Process.Kill()
	m.cmd.Wait()
	m.out.Abort()
}
