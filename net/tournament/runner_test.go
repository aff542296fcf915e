//go:build !js

package tournament

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/tournament"
	"github.com/arena-games/arena/net/bus"
)

// writeSpec writes a spec into a new folder and reads it.
func writeSpec(t testing.TB, text string) *Spec {
	t.Helper()
	path := filepath.Join(t.TempDir(), "spec.toml")
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	s, err := ReadSpec(path)
	require.NoError(t, err)
	return s
}

// resultLines reads a folder's results log.
func resultLines(t *testing.T, dir string) []tournament.Result {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, resultsLog))
	require.NoError(t, err)
	defer f.Close()
	var out []tournament.Result
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var r tournament.Result
		require.NoError(t, json.Unmarshal(sc.Bytes(), &r))
		out = append(out, r)
	}
	return out
}

const threeMiners = `title = "alienwarz"
name = "Test cup"
format = "round-robin"
games = 2
seed = 3
[options]
turns = 30
[[entrant]]
name = "strategist"
seat = "strategist"
[[entrant]]
name = "miner"
seat = "miner"
[[entrant]]
name = "miner-b"
seat = "miner"
`

func TestRunPlaysAWholeTournament(t *testing.T) {
	spec := writeSpec(t, threeMiners)
	dir := filepath.Join(t.TempDir(), "cup")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var events []Event
	var start Start
	st, err := Run(ctx, spec, Options{Dir: dir, Workers: 2, AckWait: 5 * time.Second,
		OnStart: func(s Start) { start = s }, OnResult: func(e Event) { events = append(events, e) }})
	require.NoError(t, err)
	require.True(t, start.Embedded)
	require.Equal(t, 6, start.Estimate)
	require.Len(t, events, 6)
	require.Equal(t, 6, events[5].Done)
	require.Equal(t, 6, st.Matches)
	require.Len(t, st.Standings, 3)
	played := 0
	for _, r := range st.Standings {
		require.Equal(t, 4, r.Played)
		played += r.Played
	}
	require.Equal(t, 12, played)

	// The folder: outputs, a replay per match, no NATS left.
	for _, name := range []string{tournament.IndexFile, tournament.StandingsFile, tournament.StandingsCSV, tournament.CrossCSV, specCopy, runFile} {
		require.FileExists(t, filepath.Join(dir, name))
	}
	require.NoDirExists(t, filepath.Join(dir, natsDir), "a complete tournament leaves no JetStream behind")
	data, err := os.ReadFile(filepath.Join(dir, tournament.IndexFile))
	require.NoError(t, err)
	ix, err := tournament.ReadIndex("tournament.json", data)
	require.NoError(t, err)
	require.Equal(t, tournament.StatusComplete, ix.Status)
	require.Equal(t, 6, ix.Done)
	for _, m := range ix.Matches {
		rec, err := game.OpenFile(filepath.Join(dir, m.Replay()))
		require.NoError(t, err, m.ID)
		sum := rec.Summary()
		require.Equal(t, m.Result.Winner, sum.Winner)
		require.Equal(t, m.Seed, sum.Seed)
		require.Equal(t, "local", m.Result.Worker)
	}
	var sf map[string]any
	data, err = os.ReadFile(filepath.Join(dir, tournament.StandingsFile))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &sf))
	require.EqualValues(t, 6, sf["matches"])
	row := sf["standings"].([]any)[0].(map[string]any)
	for _, k := range []string{"name", "played", "wins", "draws", "losses", "points", "rating"} {
		require.Contains(t, row, k)
	}
	csv, err := os.ReadFile(filepath.Join(dir, tournament.StandingsCSV))
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(string(csv), "place,name,seat,played,wins,draws,losses,points,rating,rd"))

	// The same command again: complete, nothing played again.
	again, err := Run(ctx, spec, Options{Dir: dir, Workers: 2})
	require.NoError(t, err)
	require.Equal(t, st.Standings, again.Standings)
	require.Len(t, resultLines(t, dir), 6)
}

// A folder belongs to one spec; a second runner on it is refused.
func TestFolderBelongsToItsSpec(t *testing.T) {
	spec := writeSpec(t, threeMiners)
	dir := t.TempDir()
	f, err := openFolder(dir, spec)
	require.NoError(t, err)
	_, err = openFolder(dir, spec)
	require.ErrorContains(t, err, "another arena tournament run is using this folder")
	f.close()
	other := writeSpec(t, strings.Replace(threeMiners, "seed = 3", "seed = 4", 1))
	_, err = openFolder(dir, other)
	require.ErrorContains(t, err, "holds a tournament of another spec")
	busy := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(busy, "notes.txt"), nil, 0o644))
	_, err = openFolder(busy, spec)
	require.ErrorContains(t, err, "holds other files (notes.txt)")
}

// A results log cut in the middle of a line loses that line only.
func TestResultsLogCutShort(t *testing.T) {
	spec := writeSpec(t, threeMiners)
	dir := t.TempDir()
	f, err := openFolder(dir, spec)
	require.NoError(t, err)
	require.NoError(t, f.commit([]tournament.Result{{ID: "rr-r1-t1-g1", Winner: 1, Ranking: []int{1, 2}}}, nil))
	f.close()
	log, err := os.OpenFile(filepath.Join(dir, resultsLog), os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	log.WriteString(`{"id":"rr-r1-t1-g2","win`)
	log.Close()
	f, err = openFolder(dir, spec)
	require.NoError(t, err)
	require.Len(t, f.results, 1)
	require.NoError(t, f.commit([]tournament.Result{{ID: "rr-r1-t1-g2", Winner: 2, Ranking: []int{2, 1}}}, nil))
	f.close()
	require.Len(t, resultLines(t, dir), 2)
}

// A result already in the bucket when a worker reports, another worker's
// or a forger's, takes no place of the worker's own: each report has its
// own key, and the runner counts a match once, from the first result its
// replay confirms.
func TestDuplicateResultsCountOnce(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	b, err := bus.Open(bus.Options{Dir: filepath.Join(t.TempDir(), "nats"), Port: -1})
	require.NoError(t, err)
	defer b.Close()
	_, err = openQueue(ctx, b.JS, time.Second, 1)
	require.NoError(t, err)
	kv, obs, err := makeBuckets(ctx, b.JS, "t1", 1)
	require.NoError(t, err)
	job := Job{Version: JobVersion, Tournament: "t1", Title: "alienwarz", Options: map[string]string{"turns": "20"},
		Matches: []JobMatch{{ID: "rr-r1-t1-g1", Seats: []string{"miner", "strategist"}, Names: []string{"a", "b"}, Seed: 5}}}
	id := job.Matches[0].ID
	data, _ := json.Marshal(job)
	_, err = b.JS.Publish(ctx, jobSubject("t1", id), data)
	require.NoError(t, err)
	s, err := b.JS.Stream(ctx, JobsStream)
	require.NoError(t, err)

	first, _ := json.Marshal(report{Result: tournament.Result{ID: id, Winner: 2, Ranking: []int{2, 1}, Worker: "w0"}, Archive: "a0.zip"})
	var logs []string
	wctx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		Work(wctx, b, WorkerOptions{Slots: 1, Name: "w1", Log: func(f string, a ...any) {
			logs = append(logs, f)
			if strings.HasPrefix(f, "took") {
				// Another result of the match comes while this one plays.
				kv.Create(ctx, resultKey(id, "w0"), first)
			}
		}})
		close(done)
	}()
	require.Eventually(t, func() bool { info, _ := s.Info(ctx); return info.State.Msgs == 0 }, 30*time.Second, 20*time.Millisecond)
	stop()
	<-done
	require.Contains(t, logs, "finished %s in %.3fs")
	e, err := kv.Get(ctx, resultKey(id, "w0"))
	require.NoError(t, err)
	require.Equal(t, first, e.Value(), "the other result is left as it is")
	keys, err := kv.Keys(ctx)
	require.NoError(t, err)
	require.Len(t, keys, 2, "the worker's own result beside it")
	var own report
	for _, k := range keys {
		if k != resultKey(id, "w0") {
			e, err := kv.Get(ctx, k)
			require.NoError(t, err)
			require.NoError(t, json.Unmarshal(e.Value(), &own))
		}
	}
	require.Equal(t, "w1", own.Worker)
	require.Equal(t, []string{"matches/" + id + ".arena"}, own.Files)
	objs, _ := obs.List(ctx)
	require.Len(t, objs, 1, "the worker's replays are kept")
	require.Equal(t, own.Archive, objs[0].Name)

	// A batch handed out again skips the matches already recorded: here a
	// worker took it and gave it back.
	logs = nil
	_, err = b.JS.Publish(ctx, jobSubject("t1", id), data)
	require.NoError(t, err)
	cons, err := waitQueue(ctx, b.JS)
	require.NoError(t, err)
	msg, err := cons.Next()
	require.NoError(t, err)
	require.NoError(t, msg.Nak())
	wctx, stop = context.WithCancel(ctx)
	done = make(chan struct{})
	go func() {
		Work(wctx, b, WorkerOptions{Slots: 1, Log: func(f string, a ...any) { logs = append(logs, f) }})
		close(done)
	}()
	require.Eventually(t, func() bool { info, _ := s.Info(ctx); return info.State.Msgs == 0 }, 30*time.Second, 20*time.Millisecond)
	stop()
	<-done
	require.Empty(t, logs, "nothing played")
}

// A results log is read whole, a last line cut short dropped, a broken
// line in the middle an error naming it; nothing panics.
func FuzzResultsLog(f *testing.F) {
	f.Add([]byte("{\"id\":\"rr-r1-t1-g1\",\"winner\":1,\"ranking\":[1,2]}\n{\"id\":\"rr-r1-t1-g2\",\"win"))
	f.Add([]byte("\n\n"))
	f.Add([]byte("{}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		require.NoError(t, os.WriteFile(filepath.Join(dir, resultsLog), data, 0o644))
		fo := &folder{dir: dir, results: map[string]tournament.Result{}}
		if err := fo.readResults(); err != nil {
			require.Contains(t, err.Error(), resultsLog)
			return
		}
		for id, r := range fo.results {
			require.Equal(t, id, r.ID)
		}
	})
}

// A match that cannot be played (its bot program is gone) stops the
// tournament with an error naming it; once the program is back, the same
// run plays it.
func TestFailedMatchStopsTheTournament(t *testing.T) {
	dir := t.TempDir()
	bot := filepath.Join(dir, "bot", "run.sh")
	require.NoError(t, os.MkdirAll(filepath.Dir(bot), 0o755))
	script := "#!/bin/bash\nwhile read -r line; do echo rest; done\n"
	require.NoError(t, os.WriteFile(bot, []byte(script), 0o755))
	path := filepath.Join(dir, "spec.toml")
	require.NoError(t, os.WriteFile(path, []byte(`title = "alienwarz"
games = 1
[options]
turns = 10
[[entrant]]
name = "lazy"
seat = "process:bot/run.sh"
[[entrant]]
name = "miner"
seat = "miner"
`), 0o644))
	spec, err := ReadSpec(path)
	require.NoError(t, err)
	require.NoError(t, os.RemoveAll(filepath.Dir(bot)))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out := filepath.Join(dir, "cup")
	_, err = Run(ctx, spec, Options{Dir: out, Workers: 1})
	require.ErrorContains(t, err, "match rr-r1-t1-g1 (lazy vs miner) failed on worker local")
	data, _ := os.ReadFile(filepath.Join(out, tournament.IndexFile))
	ix, err := tournament.ReadIndex("tournament.json", data)
	require.NoError(t, err)
	require.Equal(t, tournament.StatusStopped, ix.Status)
	require.Equal(t, 0, ix.Done)

	require.NoError(t, os.MkdirAll(filepath.Dir(bot), 0o755))
	require.NoError(t, os.WriteFile(bot, []byte(script), 0o755))
	st, err := Run(ctx, spec, Options{Dir: out, Workers: 1})
	require.NoError(t, err)
	require.Equal(t, 1, st.Matches)
}
