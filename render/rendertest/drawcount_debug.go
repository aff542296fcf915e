//go:build ebitenginedebug

package rendertest

import (
	"bufio"
	"image"
	"io"
	"os"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
)

// countCommands flushes what is queued, then runs frame with the standard
// output captured, flushes again (reading a pixel back does), and counts
// the draw-triangles commands Ebitengine logged.
func countCommands(dst *ebiten.Image, frame func()) (int, bool) {
	px := make([]byte, 4)
	one := dst.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image)
	one.ReadPixels(px)
	r, w, err := os.Pipe()
	if err != nil {
		return 0, false
	}
	stdout := os.Stdout
	os.Stdout = w
	done := make(chan int)
	go func() {
		n := 0
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			if strings.Contains(sc.Text(), "draw-triangles:") {
				n++
			}
		}
		io.Copy(io.Discard, r)
		done <- n
	}()
	frame()
	one.ReadPixels(px)
	os.Stdout = stdout
	w.Close()
	return <-done, true
}
