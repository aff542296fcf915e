//go:build !js

package server

import (
	"cmp"
	"errors"
	"fmt"
	"io"
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
	list, err := s.listed()
	if err != nil {
		fail(w, http.StatusInternalServerError, "%v", err)
		return
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	base := scheme + "://" + r.Host + "/tournaments/"
	out := make([]tnet.Listed, len(list))
	for i, l := range list {
		out[i] = l.Listed
		out[i].URL = base + l.Name + "/"
	}
	answer(w, http.StatusOK, map[string]any{"tournaments": out})
}

// listedTournament is a tournament of the tournaments folder, as the
// list gives it, with its own name (Listed's is its folder's).
type listedTournament struct {
	tnet.Listed
	Shown string
}

// listed reads the tournaments of the tournaments folder, newest first,
// without their URLs; a folder without a readable tournament.json is
// left out.
func (s *Server) listed() ([]listedTournament, error) {
	var list []listedTournament
	entries, err := os.ReadDir(s.tournaments)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("the tournaments folder: %w", err)
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		ix, err := s.index(e.Name())
		if err != nil {
			continue
		}
		list = append(list, listedTournament{Shown: ix.Name, Listed: tnet.Listed{Name: e.Name(), Title: ix.Title, System: ix.System,
			Status: ix.Status, Done: ix.Done, Estimate: ix.Estimate, Updated: ix.Updated.UTC().Format("2006-01-02T15:04:05Z")}})
	}
	slices.SortStableFunc(list, func(a, b listedTournament) int { return cmp.Compare(b.Updated, a.Updated) })
	return list, nil
}

// tournamentDir is the folder of the tournament of that name, if the
// name is one folder's within the tournaments folder.
func (s *Server) tournamentDir(name string) (string, bool) {
	if !fs.ValidPath(name) || name == "." || strings.Contains(name, "/") {
		return "", false
	}
	return filepath.Join(s.tournaments, name), true
}

// index reads the tournament.json of the tournament of that name, within
// its limit.
func (s *Server) index(name string) (*tournament.Index, error) {
	dir, ok := s.tournamentDir(name)
	if !ok {
		return nil, fs.ErrNotExist
	}
	data, err := tournament.IndexLimit.ReadFile(filepath.Join(dir, tournament.IndexFile))
	if err != nil {
		return nil, err
	}
	return tournament.ReadIndex(name, data)
}

// handleTournamentFile serves one file of a tournament's folder, with its
// time of change, so that a viewer polling it reads only what changed.
func (s *Server) handleTournamentFile(w http.ResponseWriter, r *http.Request) {
	name, file := r.PathValue("name"), r.PathValue("file")
	dir, ok := s.tournamentDir(name)
	if !ok || !fs.ValidPath(file) || !shownFile(file) {
		fail(w, http.StatusNotFound, "no such file: a tournament shows %s, %s and %s/", tournament.IndexFile, tournament.StandingsFile, tournament.MatchesDir)
		return
	}
	f, err := os.Open(filepath.Join(dir, filepath.FromSlash(file)))
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
	var body io.ReadSeeker = f
	if path.Ext(file) == ".arena" {
		a, ok := s.viewer(w, r)
		if !ok {
			return
		}
		if body, err = a.tournamentReplay(f); err != nil {
			fail(w, http.StatusInternalServerError, "%s: %v", file, err)
			return
		}
	}
	http.ServeContent(w, r, file, st.ModTime(), body)
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
