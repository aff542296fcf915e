package web

import (
	"fmt"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"
)

// Site serves the page built in dir at /, and sends every address under
// /api/ to api (Arena's server). It fails with what to do when dir holds
// no page.
func Site(dir string, api http.Handler) (http.Handler, error) {
	for _, f := range []string{Index, Wasm, WasmExec} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			return nil, fmt.Errorf("the web client is not built in %s (%v): run `make web`, or give its folder with --web DIR", dir, err)
		}
	}
	mux := serverMux(api)
	mux.Handle("/", files{dir})
	return noSniff(mux), nil
}

// Missing answers every page address with a page that says the web client
// is not built, and sends /api/ to api: a server without its page.
func Missing(why error, api http.Handler) http.Handler {
	mux := serverMux(api)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprintf(w, "This Arena server has no web client: %v.\nIts API is under /api/matches; `arena watch %s` watches from the desktop.\n", why, "http://"+r.Host)
	})
	return noSniff(mux)
}

// noSniff has every answer say X-Content-Type-Options: nosniff: a browser
// takes the Content-Type given, never guessing another.
func noSniff(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		h.ServeHTTP(w, r)
	})
}

// serverMux sends the server's own addresses to api: its API, and the
// tournaments it shows.
func serverMux(api http.Handler) *http.ServeMux {
	mux := http.NewServeMux()
	if api != nil {
		mux.Handle("/api/", api)
		mux.Handle("/tournaments/", api)
	}
	return mux
}

// files serves the page's files: compressed when the browser accepts it
// and the build made a compressed twin (arena.wasm.br, arena.wasm.gz), with
// ETag and Last-Modified, revalidated on every load so that a new build is
// seen at once.
type files struct{ dir string }

// encodings are the compressed twins, the better first.
var encodings = []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}}

func (fs files) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "the page is read with GET", http.StatusMethodNotAllowed)
		return
	}
	name := path.Clean("/" + r.URL.Path)
	if name == "/" {
		name = "/" + Index
	}
	switch name[1:] {
	case Index, Wasm, WasmExec:
	default:
		http.Error(w, "no such file: the page is at /", http.StatusNotFound)
		return
	}
	h := w.Header()
	h.Set("Content-Type", contentType(name))
	h.Set("Cache-Control", "no-cache")
	h.Add("Vary", "Accept-Encoding")
	accept := r.Header.Get("Accept-Encoding")
	for _, e := range encodings {
		if !accepts(accept, e.name) {
			continue
		}
		if f, err := os.Open(filepath.Join(fs.dir, name+e.ext)); err == nil {
			defer f.Close()
			if st, err := f.Stat(); err == nil {
				h.Set("Content-Encoding", e.name)
				h.Set("ETag", etag(st, e.name))
				http.ServeContent(w, r, name, st.ModTime(), f)
				return
			}
		}
	}
	f, err := os.Open(filepath.Join(fs.dir, name))
	if err != nil {
		http.Error(w, "the page's file "+name+" is missing: rebuild it with `make web`", http.StatusNotFound)
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	h.Set("ETag", etag(st, ""))
	http.ServeContent(w, r, name, st.ModTime(), f)
}

func contentType(name string) string {
	if strings.HasSuffix(name, ".wasm") {
		return "application/wasm"
	}
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return "application/octet-stream"
}

// etag names a file's version: its size and time, and its encoding.
func etag(st os.FileInfo, enc string) string {
	t := fmt.Sprintf(`"%x-%x`, st.Size(), st.ModTime().UnixNano()/int64(time.Millisecond))
	if enc != "" {
		t += "-" + enc
	}
	return t + `"`
}

// accepts reports whether an Accept-Encoding header accepts enc (not with
// q=0).
func accepts(header, enc string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), enc) {
			continue
		}
		q := strings.ReplaceAll(params, " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}
