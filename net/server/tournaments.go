//go:build !js

package server

import (
	"cmp"
	"errors"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/arena-games/arena/game/tournament"
	tnet "github.com/arena-games/arena/net/tournament"
)

// shownFile reports whether a file of a tournament's folder is served:
// its index, its standings (also as CSV), its cross table and its
// matches' files; never its spec, its logs or its JetStream files.
func shownFile(file string) bool {
	switch file {
	case tournament.IndexFile, tournament.StandingsFile, tournament.StandingsCSV, tournament.CrossCSV:
		return true
	}
	rest, ok := strings.CutPrefix(file, tournament.MatchesDir+"/")
	return ok && rest != "" && !strings.Contains(rest, "/") && !strings.HasPrefix(rest, ".")
}

// handleTournaments lists the tournaments of the tournaments folder,
// newest first.
func (s *Server) handleTournaments(w http.ResponseWriter, r *http.Request) {
	list := []tnet.Listed{}
	entries, err := os.ReadDir(s.tournaments)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		fail(w, http.StatusInternalServerError, "the tournaments folder: %v", err)
		return
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	base := scheme + "://" + r.Host + "/tournaments/"
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		data, err := tournament.IndexLimit.ReadFile(filepath.Join(s.tournaments, e.Name(), tournament.IndexFile))
		if err != nil {
			continue
		}
		ix, err := tournament.ReadIndex(e.Name(), data)
		if err != nil {
			continue
		}
		list = append(list, tnet.Listed{Name: e.Name(), Title: ix.Title, System: ix.System, Status: ix.Status,
			Done: ix.Done, Estimate: ix.Estimate, Updated: ix.Updated.UTC().Format("2006-01-02T15:04:05Z"),
			URL: base + e.Name() + "/"})
	}
	slices.SortStableFunc(list, func(a, b tnet.Listed) int { return cmp.Compare(b.Updated, a.Updated) })
	answer(w, http.StatusOK, map[string]any{"tournaments": list})
}

// handleTournamentFile serves one file of a tournament's folder, with its
// time of change, so that a viewer polling it reads only what changed.
func (s *Server) handleTournamentFile(w http.ResponseWriter, r *http.Request) {
	name, file := r.PathValue("name"), r.PathValue("file")
	if !fs.ValidPath(name) || strings.Contains(name, "/") || !fs.ValidPath(file) || !shownFile(file) {
		fail(w, http.StatusNotFound, "no such file: a tournament shows %s, %s and %s/", tournament.IndexFile, tournament.StandingsFile, tournament.MatchesDir)
		return
	}
	f, err := os.Open(filepath.Join(s.tournaments, name, filepath.FromSlash(file)))
	if err != nil {
		fail(w, http.StatusNotFound, "no tournament %q, or no %s in it", name, file)
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		fail(w, http.StatusNotFound, "no such file: %s", file)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("Content-Type", fileType(file))
	if !strings.HasSuffix(file, ".json") {
		w.Header().Set("Content-Disposition", "attachment")
	}
	http.ServeContent(w, r, file, st.ModTime(), f)
}

// fileType is the type a tournament's file is served as, by its name:
// never one a browser would run (HTML, scripts), whatever the file holds.
func fileType(file string) string {
	switch path.Ext(file) {
	case ".json":
		return "application/json"
	case ".csv":
		return "text/csv; charset=utf-8"
	case ".arena", ".gz":
		return "application/gzip"
	case ".txt", ".log":
		return "text/plain; charset=utf-8"
	}
	return "application/octet-stream"
}
