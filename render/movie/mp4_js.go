//go:build js

package movie

import (
	"errors"
	"image"
	"time"
)

// MP4 is not written in the browser: there is no ffmpeg to run.
type MP4 struct{}

// ErrNoFFmpeg is returned where ffmpeg cannot run.
var ErrNoFFmpeg = errors.New("writing an MP4 needs ffmpeg, which a browser cannot run; write a .gif")

// NewMP4 fails in the browser.
func NewMP4(string, int, int, float64) (*MP4, error) { return nil, ErrNoFFmpeg }

// Add does nothing.
func (*MP4) Add(*image.RGBA, time.Duration) error { return ErrNoFFmpeg }

// Close does nothing.
func (*MP4) Close() error { return ErrNoFFmpeg }

// Abort does nothing.
func (*MP4) Abort() {}
