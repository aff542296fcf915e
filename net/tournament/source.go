package tournament

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/tournament"
)

// Source is where a tournament's files are: its folder, or a URL at which
// any HTTP server serves that folder (tournament.json, standings.json and
// matches/ under one address).
type Source struct {
	Dir string
	URL *url.URL
}

// ParseSource reads a folder's path or an http(s) URL.
func ParseSource(s string) (Source, error) {
	if strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://") {
		u, err := url.Parse(s)
		if err != nil {
			return Source{}, fmt.Errorf("%q: %w", s, err)
		}
		if !strings.HasSuffix(u.Path, "/") {
			u.Path += "/"
		}
		return Source{URL: u}, nil
	}
	if s == "" {
		return Source{}, errors.New("expected a tournament's folder or an http(s) URL")
	}
	return Source{Dir: s}, nil
}

func (s Source) String() string {
	if s.URL != nil {
		return s.URL.String()
	}
	return s.Dir
}

// client fetches a tournament's files over HTTP.
var client = &http.Client{Timeout: 20 * time.Second}

// Snapshot is a tournament as its files show it at one moment.
type Snapshot struct {
	Index     *tournament.Index
	Standings *tournament.Standings
	// Stamp changes when the files do: their time of change.
	Stamp string
}

// Load reads the tournament's index and standings. With the stamp of a
// snapshot before, it returns (nil, nil) when nothing has changed since.
func (s Source) Load(ctx context.Context, since string) (*Snapshot, error) {
	stamp, err := s.stamp(ctx)
	if err != nil {
		return nil, err
	}
	if since != "" && stamp == since {
		return nil, nil
	}
	data, err := s.read(ctx, tournament.IndexFile, tournament.IndexLimit)
	if err != nil {
		return nil, err
	}
	ix, err := tournament.ReadIndex(s.name(tournament.IndexFile), data)
	if err != nil {
		return nil, err
	}
	data, err = s.read(ctx, tournament.StandingsFile, tournament.StandingsLimit)
	if err != nil {
		return nil, err
	}
	st, err := tournament.ReadStandings(s.name(tournament.StandingsFile), data)
	if err != nil {
		return nil, err
	}
	return &Snapshot{Index: ix, Standings: st, Stamp: stamp}, nil
}

// name is a file of the tournament as errors name it.
func (s Source) name(file string) string {
	if s.URL != nil {
		return s.URL.JoinPath(file).String()
	}
	return filepath.Join(s.Dir, file)
}

// stamp is when tournament.json last changed (its Last-Modified over
// HTTP), with its size.
func (s Source) stamp(ctx context.Context) (string, error) {
	if s.URL == nil {
		st, err := os.Stat(filepath.Join(s.Dir, tournament.IndexFile))
		if err != nil {
			if errors.Is(err, os.ErrNotExist) {
				return "", fmt.Errorf("%s holds no tournament (no %s): give the folder of `arena tournament run --out`", s.Dir, tournament.IndexFile)
			}
			return "", err
		}
		return fmt.Sprint(st.ModTime().UnixNano(), st.Size()), nil
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, s.name(tournament.IndexFile), nil)
	if err != nil {
		return "", err
	}
	resp, err := client.Do(req)
	if err != nil {
		return "", err
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound && !strings.Contains(s.URL.Path, "/tournaments/") {
		return "", fmt.Errorf("%s: %s: give a tournament's address; an Arena server lists its tournaments at %s", s.name(tournament.IndexFile), resp.Status, s.URL.ResolveReference(&url.URL{Path: "/api/tournaments"}))
	}
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("%s: %s", s.name(tournament.IndexFile), resp.Status)
	}
	if lm := resp.Header.Get("Last-Modified"); lm != "" {
		return lm + " " + resp.Header.Get("Content-Length") + " " + resp.Header.Get("ETag"), nil
	}
	return "", nil // no stamp: read every time
}

// read reads one of the tournament's files within limit.
func (s Source) read(ctx context.Context, file string, limit game.Limit) ([]byte, error) {
	if !filepath.IsLocal(filepath.FromSlash(file)) {
		return nil, fmt.Errorf("%q is not a file of the tournament's folder", file)
	}
	if s.URL == nil {
		return limit.ReadFile(filepath.Join(s.Dir, filepath.FromSlash(file)))
	}
	return get(ctx, s.URL.JoinPath(path.Clean(file)).String(), limit)
}

// get reads the answer to a GET of u within limit.
func get(ctx context.Context, u string, limit game.Limit) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		io.Copy(io.Discard, io.LimitReader(resp.Body, 4096))
		return nil, fmt.Errorf("%s: %s", u, resp.Status)
	}
	return limit.Read(u, resp.Body)
}

// replayLimit bounds a replay read over HTTP, as Arena bounds one on disk.
var replayLimit = game.Limit{What: "a replay", Max: game.MaxInput}

// Replay opens a played match's replay.
func (s Source) Replay(ctx context.Context, p *tournament.Played) (*game.Recording, error) {
	file := p.Replay()
	if file == "" {
		return nil, fmt.Errorf("match %s has no replay yet", p.ID)
	}
	data, err := s.read(ctx, file, replayLimit)
	if err != nil {
		return nil, err
	}
	return game.Open(s.name(file), data)
}

// Listed is one tournament that an Arena server shows, as its
// GET /api/tournaments lists it; URL is its Source.
type Listed struct {
	Name     string `json:"name"`
	Title    string `json:"title"`
	System   string `json:"system"`
	Status   string `json:"status"`
	Done     int    `json:"done"`
	Estimate int    `json:"estimate"`
	Updated  string `json:"updated"`
	URL      string `json:"url"`
}

// listLimit bounds a server's list of tournaments.
var listLimit = game.Limit{What: "a server's list of tournaments", Max: 4 << 20}

// List asks the Arena server at base (http://host:7070) for the
// tournaments it shows, the newest first.
func List(ctx context.Context, base string) ([]Listed, error) {
	u, err := url.Parse(strings.TrimSuffix(base, "/") + "/api/tournaments")
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return nil, fmt.Errorf("%q: expected an Arena server's address, such as http://127.0.0.1:7070", base)
	}
	data, err := get(ctx, u.String(), listLimit)
	if err != nil {
		return nil, err
	}
	var list struct{ Tournaments []Listed }
	if err := json.Unmarshal(data, &list); err != nil {
		return nil, fmt.Errorf("%s: %w", u, err)
	}
	return list.Tournaments, nil
}
