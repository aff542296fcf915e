//go:build !js

package tournament

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/tournament"
)

// The files a tournament's folder holds besides its outputs.
const (
	// resultsLog is the record of every match played, one JSON line per
	// match, appended and synced to disk as each result comes: what the
	// tournament counts.
	resultsLog = "results.jsonl"
	// runFile names the tournament and the spec it plays.
	runFile = "run.json"
	// specCopy is the spec, as it was read.
	specCopy = "spec.toml"
	// natsDir keeps the embedded NATS server's JetStream until the
	// tournament is complete.
	natsDir = "nats"
	// workersLog is what the local workers wrote.
	workersLog = "workers.log"
	// tournamentLog is the runner's log of what its organiser must know:
	// the results it refused, and why, and the matches played again.
	tournamentLog = "tournament.log"
	lockFile      = ".lock"
)

// resultsLimit bounds the results log.
var resultsLimit = game.Limit{What: "a tournament's results.jsonl", Max: 256 << 20}

// run is run.json: the tournament's ID for JetStream, and the spec's
// SHA-256.
type run struct {
	ID   string `json:"id"`
	Spec string `json:"spec_sha256"`
	// Confirmed says that every result in the log was confirmed by its
	// replay; false in a tournament that an Arena which did not confirm
	// results began, until a runner has checked them (checkRecorded).
	Confirmed bool `json:"confirmed,omitempty"`
}

// folder is a tournament's folder, held by one runner at a time.
type folder struct {
	dir     string
	id      string
	lock    io.Closer
	log     *os.File
	results map[string]tournament.Result
	events  *os.File // tournamentLog, once written to
	// confirmed is run.json's Confirmed.
	confirmed bool
}

// openFolder takes the folder for the spec's tournament: a new one (an
// empty or missing folder), or the same spec's, whose results it reads.
// A folder of another spec, or of other files, is refused.
func openFolder(dir string, spec *Spec) (*folder, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("the tournament's folder: %w", err)
	}
	lock, err := lockDir(filepath.Join(dir, lockFile))
	if err != nil {
		return nil, err
	}
	f := &folder{dir: dir, lock: lock, results: map[string]tournament.Result{}}
	if err := f.identify(spec); err != nil {
		lock.Close()
		return nil, err
	}
	if err := f.readResults(); err != nil {
		lock.Close()
		return nil, err
	}
	f.log, err = os.OpenFile(f.path(resultsLog), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		lock.Close()
		return nil, fmt.Errorf("open %s: %w", f.path(resultsLog), err)
	}
	return f, nil
}

func (f *folder) path(name string) string { return filepath.Join(f.dir, name) }

// identify reads run.json, or starts the folder's tournament.
func (f *folder) identify(spec *Spec) error {
	data, err := os.ReadFile(f.path(runFile))
	if err == nil {
		var r run
		if err := json.Unmarshal(data, &r); err != nil || r.ID == "" {
			return fmt.Errorf("%s: not a tournament's run.json (%v): move the folder away or give another --out", f.path(runFile), err)
		}
		if r.Spec != spec.Hash {
			return fmt.Errorf("%s holds a tournament of another spec (its copy is %s): give another --out, or put the spec back as it was to continue that one",
				f.dir, f.path(specCopy))
		}
		f.id, f.confirmed = r.ID, r.Confirmed
		return nil
	}
	if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	entries, err := os.ReadDir(f.dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.Name() != lockFile {
			return fmt.Errorf("%s holds other files (%s): a tournament needs a new or empty folder", f.dir, e.Name())
		}
	}
	f.id = randomID()
	if err := game.WriteFileAtomic(f.path(specCopy), func(w io.Writer) error { _, err := w.Write(spec.Data); return err }); err != nil {
		return err
	}
	return f.writeRun(spec)
}

// writeRun writes run.json, for a log of results all confirmed.
func (f *folder) writeRun(spec *Spec) error {
	data, _ := json.Marshal(run{ID: f.id, Spec: spec.Hash, Confirmed: true})
	if err := f.writeFile(runFile, data); err != nil {
		return err
	}
	f.confirmed = true
	return nil
}

// drop takes results out of the log: it is written again without them.
func (f *folder) drop(ids []string) error {
	for _, id := range ids {
		delete(f.results, id)
	}
	var lines []byte
	for _, r := range f.sorted() {
		line, err := json.Marshal(r)
		if err != nil {
			return err
		}
		lines = append(append(lines, line...), '\n')
	}
	if err := f.writeFile(resultsLog, lines); err != nil {
		return err
	}
	log, err := os.OpenFile(f.path(resultsLog), os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("open %s: %w", f.path(resultsLog), err)
	}
	f.log.Close()
	f.log = log
	return nil
}

// sorted are the results in the order they were recorded.
func (f *folder) sorted() []tournament.Result {
	out := slices.Collect(maps.Values(f.results))
	slices.SortFunc(out, func(a, b tournament.Result) int {
		return cmp.Or(a.Finished.Compare(b.Finished), strings.Compare(a.ID, b.ID))
	})
	return out
}

// readResults reads the results log. A last line cut short (the machine
// stopped while writing it) is dropped from the file: its match is played
// again or taken from JetStream.
func (f *folder) readResults() error {
	data, err := resultsLimit.ReadFile(f.path(resultsLog))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	good := 0
	for line := 1; len(data[good:]) > 0; line++ {
		end := bytes.IndexByte(data[good:], '\n')
		if end < 0 {
			break // cut short
		}
		var r tournament.Result
		if err := json.Unmarshal(data[good:good+end], &r); err != nil || r.ID == "" {
			return fmt.Errorf("%s:%d: not a result (%v): the file was edited; restore it or start the tournament in a new folder", f.path(resultsLog), line, err)
		}
		if _, ok := f.results[r.ID]; !ok {
			f.results[r.ID] = r
		}
		good += end + 1
	}
	if good < len(data) {
		if err := os.Truncate(f.path(resultsLog), int64(good)); err != nil {
			return fmt.Errorf("drop the cut line of %s: %w", f.path(resultsLog), err)
		}
	}
	return nil
}

// commit writes the files of some matches (by path in the folder) and
// then appends their results to the log: each file is written under a
// temporary name, all are synced to disk at once and take their names,
// and only then are the results appended and synced: a match counts once
// its files are whole on disk.
func (f *folder) commit(results []tournament.Result, files map[string][]byte) error {
	if len(results) == 0 {
		return nil
	}
	type pending struct {
		temp *os.File
		path string
	}
	var all []pending
	defer func() {
		for _, p := range all {
			p.temp.Close()
			os.Remove(p.temp.Name())
		}
	}()
	dirs := map[string]bool{}
	for name, data := range files {
		p := f.path(name)
		dir := filepath.Dir(p)
		if !dirs[dir] {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
			dirs[dir] = true
		}
		temp, err := os.CreateTemp(dir, filepath.Base(p)+".*.part")
		if err != nil {
			return err
		}
		temp.Chmod(0o644)
		all = append(all, pending{temp, p})
		if _, err := temp.Write(data); err != nil {
			return fmt.Errorf("write %s: %w", p, err)
		}
	}
	temps := make([]*os.File, len(all))
	for i, p := range all {
		temps[i] = p.temp
	}
	if err := syncFiles(f.dir, temps); err != nil {
		return fmt.Errorf("write the matches' files: %w", err)
	}
	for _, p := range all {
		p.temp.Close()
		if err := os.Rename(p.temp.Name(), p.path); err != nil {
			return err
		}
	}
	all = nil
	for dir := range dirs {
		syncDir(dir)
	}
	var lines []byte
	for _, r := range results {
		line, err := json.Marshal(r)
		if err != nil {
			return err
		}
		lines = append(append(lines, line...), '\n')
	}
	if _, err := f.log.Write(lines); err != nil {
		return fmt.Errorf("record %d matches: %w", len(results), err)
	}
	if err := f.log.Sync(); err != nil {
		return fmt.Errorf("record %d matches: %w", len(results), err)
	}
	for _, r := range results {
		f.results[r.ID] = r
	}
	return nil
}

// syncDir makes the renames in dir durable, where the system allows it.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// writeFile writes a file of the folder whole or not at all.
func (f *folder) writeFile(name string, data []byte) error {
	return game.WriteFileAtomic(f.path(name), func(w io.Writer) error { _, err := w.Write(data); return err })
}

// outputs writes tournament.json, standings.json, standings.csv and
// crosstable.csv.
func (f *folder) outputs(t *tournament.Tournament, status string) (*tournament.Index, *tournament.Standings, error) {
	ix, st, err := t.Files(f.results, status, time.Now())
	if err != nil {
		return nil, nil, err
	}
	ixJSON, err := ix.JSON()
	if err != nil {
		return nil, nil, err
	}
	stJSON, err := st.JSON()
	if err != nil {
		return nil, nil, err
	}
	err = errors.Join(
		f.writeFile(tournament.StandingsFile, stJSON),
		game.WriteFileAtomic(f.path(tournament.StandingsCSV), st.WriteCSV),
		game.WriteFileAtomic(f.path(tournament.CrossCSV), ix.WriteCrossCSV),
		f.writeFile(tournament.IndexFile, ixJSON))
	return ix, st, err
}

// logf appends a line to the tournament's log, with the time, and with
// every control character (of what workers sent) replaced by "?": one
// event a line.
func (f *folder) logf(format string, args ...any) {
	if f.events == nil {
		var err error
		if f.events, err = os.OpenFile(f.path(tournamentLog), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644); err != nil {
			slog.Warn("tournament: open its log", "err", err)
			return
		}
	}
	line := strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return '?'
		}
		return r
	}, fmt.Sprintf(format, args...))
	fmt.Fprintf(f.events, "%s %s\n", time.Now().UTC().Format(time.RFC3339), line)
}

// close lets the folder go.
func (f *folder) close() error {
	err := f.log.Close()
	if f.events != nil {
		f.events.Close()
	}
	f.lock.Close()
	return err
}
