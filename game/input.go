package game

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"sync"
)

// Limit bounds what a reader of outside input takes in: at most Max bytes of
// What, a format ("an AIC21 map.json"). Every file Arena reads, and every
// gzip stream it inflates, goes through a Limit sized to what the format can
// legitimately need, so that a huge or hostile file is an error that says
// so, not an exhausted machine.
type Limit struct {
	What string
	Max  int64
}

// MaxInput is the most any file Arena opens may hold: the largest limit of
// all the formats.
const MaxInput = 256 << 20

// ErrTooLarge is wrapped by the errors of a Limit.
var ErrTooLarge = errors.New("too large")

// tooLarge is the error for input over the limit.
func (l Limit) tooLarge(name, how string) error {
	return fmt.Errorf("%s: %s; %s is at most %s: %w", name, how, l.What, FormatSize(l.Max), ErrTooLarge)
}

// Read reads r to its end, or fails once it passes the limit. name is used
// in errors.
func (l Limit) Read(name string, r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, l.Max+1))
	if int64(len(data)) > l.Max {
		return nil, l.tooLarge(name, "more than "+FormatSize(l.Max))
	}
	return data, err
}

// ReadFile reads the file at path within the limit, refusing a larger file
// before reading it.
func (l Limit) ReadFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s is a folder; expected %s", path, l.What)
	}
	if st.Mode().IsRegular() && st.Size() > l.Max {
		return nil, l.tooLarge(path, "the file holds "+FormatSize(st.Size()))
	}
	return l.Read(path, f)
}

// Check fails when data is larger than the limit.
func (l Limit) Check(name string, data []byte) error {
	if int64(len(data)) > l.Max {
		return l.tooLarge(name, "it holds "+FormatSize(int64(len(data))))
	}
	return nil
}

// IsGzip reports whether data starts like a gzip stream.
func IsGzip(data []byte) bool { return len(data) > 2 && data[0] == 0x1f && data[1] == 0x8b }

// Gunzip is data inflated when it is a gzip stream (else data itself),
// within the limit: a stream that inflates past it is an error, however
// small it is compressed. A stream cut short keeps what was inflated and
// reports io.ErrUnexpectedEOF with it.
func (l Limit) Gunzip(name string, data []byte) ([]byte, error) {
	if !IsGzip(data) {
		return data, l.Check(name, data)
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: gzip: %w", name, err)
	}
	out, err := io.ReadAll(io.LimitReader(zr, l.Max+1))
	if int64(len(out)) > l.Max {
		return nil, l.tooLarge(name, "its gzip stream inflates past "+FormatSize(l.Max))
	}
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		return out, fmt.Errorf("%s: the gzip stream ends early (the file is cut short): %w", name, err)
	case err != nil:
		return nil, fmt.Errorf("%s: gzip: %w", name, err)
	}
	return out, nil
}

// Head is the first n bytes of data's content: inflated when data is a gzip
// stream (as much as inflates of them), else data's own.
func Head(data []byte, n int) []byte {
	if !IsGzip(data) {
		return data[:min(len(data), n)]
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil
	}
	buf := make([]byte, n)
	got, _ := io.ReadFull(zr, buf)
	return buf[:got]
}

// FormatSize writes a size for people: "512 B", "4 MiB", "3.1 GiB".
func FormatSize(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	v, suffix := float64(n), ""
	for _, s := range []string{"KiB", "MiB", "GiB", "TiB"} {
		v, suffix = v/unit, s
		if v < unit {
			break
		}
	}
	if v == float64(int64(v)) {
		return fmt.Sprintf("%d %s", int64(v), suffix)
	}
	return fmt.Sprintf("%.1f %s", v, suffix)
}

// File is a user's input file (a map, a levels file, a config) as a match
// read it. The replay keeps its content and hash, so the replay plays the
// same wherever it is opened and whatever becomes of the file.
type File struct {
	SHA256 string `json:"sha256"`
	Data   []byte `json:"data"`
}

// NewFile is data as a File.
func NewFile(data []byte) File {
	sum := sha256.Sum256(data)
	return File{SHA256: hex.EncodeToString(sum[:]), Data: data}
}

// inputs records the files a title reads while it starts a match.
type inputs struct {
	mu    sync.Mutex
	files map[string]File
}

// ReadFile is the user's input file at path, within the limit: the copy
// stored in the config when it holds one (a replay's), else the file on
// disk. Titles read every user file through it, so that a match records
// what it read (see NewMatch).
func (c Config) ReadFile(path string, l Limit) ([]byte, error) {
	if f, ok := c.Files[path]; ok {
		if NewFile(f.Data).SHA256 != f.SHA256 {
			return nil, fmt.Errorf("the replay's copy of %s is damaged: its content does not match its sha256 %s", path, f.SHA256)
		}
		if err := l.Check(path, f.Data); err != nil {
			return nil, err
		}
		return f.Data, nil
	}
	data, err := l.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if c.read != nil {
		c.read.mu.Lock()
		if c.read.files == nil {
			c.read.files = map[string]File{}
		}
		c.read.files[path] = NewFile(data)
		c.read.mu.Unlock()
	}
	return data, nil
}

// InputPaths lists the config's stored files by path.
func (c Config) InputPaths() []string {
	out := make([]string, 0, len(c.Files))
	for p := range c.Files {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// newEngine starts t's engine with cfg and returns the config to record:
// cfg with the content of every user file the engine read.
func newEngine(t Title, cfg Config) (Engine, Config, error) {
	cfg.read = &inputs{}
	eng, err := t.New(cfg)
	read := cfg.read
	cfg.read = nil
	if err != nil {
		return nil, cfg, err
	}
	read.mu.Lock()
	defer read.mu.Unlock()
	if len(read.files) > 0 {
		files := make(map[string]File, len(cfg.Files)+len(read.files))
		for p, f := range cfg.Files {
			files[p] = f
		}
		for p, f := range read.files {
			files[p] = f
		}
		cfg.Files = files
	}
	return eng, cfg, nil
}
