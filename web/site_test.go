package web_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/web"
)

// TestSiteServesThePage checks what the server sends: the wasm as
// application/wasm, compressed when the browser accepts it, with the
// headers that let a browser keep it; the API beside it; clear errors.
func TestSiteServesThePage(t *testing.T) {
	dir := t.TempDir()
	wasm := bytes.Repeat([]byte("\x00asm wasm "), 1000)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(wasm)
	zw.Close()
	for name, data := range map[string][]byte{web.Index: []byte("<!doctype html>"), web.WasmExec: []byte("// go"), web.Wasm: wasm, web.Wasm + ".gz": gz.Bytes()} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), data, 0o644))
	}
	api := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "api "+r.URL.Path) })
	site, err := web.Site(dir, api)
	require.NoError(t, err)
	get := func(path string, header ...string) *http.Response {
		r := httptest.NewRequest(http.MethodGet, path, nil)
		for i := 0; i+1 < len(header); i += 2 {
			r.Header.Set(header[i], header[i+1])
		}
		w := httptest.NewRecorder()
		site.ServeHTTP(w, r)
		return w.Result()
	}

	r := get("/arena.wasm", "Accept-Encoding", "gzip, deflate, br")
	require.Equal(t, http.StatusOK, r.StatusCode)
	require.Equal(t, "application/wasm", r.Header.Get("Content-Type"))
	for _, p := range []string{"/", "/arena.wasm", "/wasm_exec.js", "/secret.txt", "/api/matches"} {
		require.Equal(t, "nosniff", get(p).Header.Get("X-Content-Type-Options"), "%s: a browser takes the type given, never guessing", p)
	}
	require.Equal(t, "gzip", r.Header.Get("Content-Encoding"), "no .br here: the gzip twin")
	require.Equal(t, "no-cache", r.Header.Get("Cache-Control"))
	require.NotEmpty(t, r.Header.Get("Last-Modified"))
	body, _ := io.ReadAll(r.Body)
	require.Equal(t, gz.Bytes(), body)
	tag := r.Header.Get("ETag")
	require.NotEmpty(t, tag)
	require.Equal(t, http.StatusNotModified, get("/arena.wasm", "Accept-Encoding", "gzip", "If-None-Match", tag).StatusCode)

	r = get("/arena.wasm?v=1")
	require.Empty(t, r.Header.Get("Content-Encoding"), "a browser that accepts no gzip gets the raw file")
	body, _ = io.ReadAll(r.Body)
	require.Equal(t, wasm, body)
	require.NotEqual(t, tag, r.Header.Get("ETag"))

	r = get("/")
	require.Equal(t, http.StatusOK, r.StatusCode)
	require.Contains(t, r.Header.Get("Content-Type"), "text/html")
	require.Equal(t, "<!doctype html>", readAll(r))
	require.Equal(t, "api /api/matches", readAll(get("/api/matches")))
	require.Equal(t, "api /tournaments/cup/standings.json", readAll(get("/tournaments/cup/standings.json")), "the tournaments the server shows")
	require.Equal(t, http.StatusNotFound, get("/secret.txt").StatusCode)
	require.Equal(t, http.StatusNotFound, get("/go.mod").StatusCode)

	_, err = web.Site(t.TempDir(), api)
	require.ErrorContains(t, err, "make web")
}

func readAll(r *http.Response) string {
	b, _ := io.ReadAll(r.Body)
	return string(b)
}
