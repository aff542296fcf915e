// Package web is Arena in a browser: it builds the page (web/dist: the
// client compiled to WebAssembly, Go's wasm_exec.js and a loader with a
// progress bar) and serves it, compressed and with caching headers.
package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/andybalholm/brotli"
)

// The files of the page, as `make web` writes them in DIR.
const (
	Index    = "index.html"
	Wasm     = "arena.wasm"
	WasmExec = "wasm_exec.js"
)

//go:embed index.html
var indexHTML string

var indexTemplate = template.Must(template.New(Index).Parse(indexHTML))

// Build compiles the client in module root (the folder of Arena's go.mod)
// to WebAssembly and writes the page in out: index.html, arena.wasm with
// its gzip and brotli twins, and wasm_exec.js from the installed Go.
// goCmd is the go command to use ("go" when empty).
func Build(ctx context.Context, goCmd, root, out string) error {
	if goCmd == "" {
		goCmd = "go"
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return fmt.Errorf("web: %w", err)
	}
	abs, err := filepath.Abs(out)
	if err != nil {
		return fmt.Errorf("web: %w", err)
	}
	wasm := filepath.Join(abs, Wasm)
	cmd := exec.CommandContext(ctx, goCmd, "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, ".")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("web: go build for the browser: %w\n%s", err, msg)
	}
	goroot, err := exec.CommandContext(ctx, goCmd, "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("web: go env GOROOT: %w", err)
	}
	if err := copyWasmExec(strings.TrimSpace(string(goroot)), filepath.Join(abs, WasmExec)); err != nil {
		return err
	}
	data, err := os.ReadFile(wasm)
	if err != nil {
		return fmt.Errorf("web: %w", err)
	}
	if err := compress(wasm, data); err != nil {
		return err
	}
	sum := sha256.Sum256(data)
	var page bytes.Buffer
	if err := indexTemplate.Execute(&page, struct {
		WasmSize int
		Version  string
	}{len(data), hex.EncodeToString(sum[:6])}); err != nil {
		return fmt.Errorf("web: %s: %w", Index, err)
	}
	if err := os.WriteFile(filepath.Join(abs, Index), page.Bytes(), 0o644); err != nil {
		return fmt.Errorf("web: %w", err)
	}
	return nil
}

// copyWasmExec copies Go's JavaScript support for WebAssembly, which must
// match the Go that built arena.wasm: lib/wasm since Go 1.24, misc/wasm
// before.
func copyWasmExec(goroot, dst string) error {
	var errs []error
	for _, dir := range []string{"lib/wasm", "misc/wasm"} {
		data, err := os.ReadFile(filepath.Join(goroot, dir, WasmExec))
		if err == nil {
			return os.WriteFile(dst, data, 0o644)
		}
		errs = append(errs, err)
	}
	return fmt.Errorf("web: Go's %s is not in %s: %w", WasmExec, goroot, errors.Join(errs...))
}

// compress writes path.gz and path.br beside path, for the servers that
// send the compressed file to browsers that accept it.
func compress(path string, data []byte) error {
	write := func(ext string, wrap func(io.Writer) io.WriteCloser) error {
		var buf bytes.Buffer
		w := wrap(&buf)
		if _, err := w.Write(data); err != nil {
			return err
		}
		if err := w.Close(); err != nil {
			return err
		}
		if err := os.WriteFile(path+ext, buf.Bytes(), 0o644); err != nil {
			return fmt.Errorf("web: %w", err)
		}
		return nil
	}
	err := write(".gz", func(w io.Writer) io.WriteCloser {
		zw, _ := gzip.NewWriterLevel(w, gzip.BestCompression)
		return zw
	})
	if err != nil {
		return err
	}
	// Quality 9 of 11: within 15% of the best in a twentieth of its time.
	return write(".br", func(w io.Writer) io.WriteCloser {
		return brotli.NewWriterOptions(w, brotli.WriterOptions{Quality: 9, LGWin: 24})
	})
}
