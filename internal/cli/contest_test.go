//go:build !js

package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

// A contest seat that does not join ends the run with an error that names
// it, after the lines that say how to connect.
func TestContestSeatsThatDoNotJoin(t *testing.T) {
	code, _, stderr := arena("run", "aibg5", "--seats", "contest,greedy,contest,greedy", "--listen", "127.0.0.1:0", "--join-timeout", "300ms")
	require.Equal(t, 1, code)
	require.Regexp(t, `AIBG 5.0 seat 1 \(playerIdx 1\): POST http://127.0.0.1:\d+/user/login`, stderr)
	require.Contains(t, stderr, "AIBG 5.0 seat 3 (playerIdx 3)")
	require.Contains(t, stderr, "arena: AIBG 5.0 contest seats: seats 1 and 3 did not join within 300ms")

	code, _, stderr = arena("run", "aic21", "--seats", "forager,contest", "--listen", ":0", "--join-timeout", "200ms")
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "AIC21 seat 2: start each unit of colony 1 by hand")
	require.Contains(t, stderr, "seat 2 did not join within 200ms")

	code, _, stderr = arena("run", "guardains", "--seats", "contest:x,hunter")
	require.Equal(t, 2, code)
	require.Contains(t, stderr, `a contest seat is written contest (got "contest:x")`)
	code, _, stderr = arena("run", "aic21", "--seats", "process,forager")
	require.Equal(t, 2, code)
	require.Contains(t, stderr, "a process seat is written process:PATH")
	code, _, stderr = arena("run", "guardains", "--seats", "contest,hunter", "--accounts", "x.txt", "--join-timeout", "1s")
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "--accounts is for AIBG 5.0")
}

// syncWriter hands what the command writes to its standard error to a
// pipe, line by line.
type syncWriter struct{ w *io.PipeWriter }

func (s syncWriter) Write(p []byte) (int, error) { return s.w.Write(p) }

// arena run with an AIBG 5.0 contest seat: it prints how to connect, a bot
// logs in with --accounts' credentials and plays over HTTP, and the run
// prints the result.
func TestRunWithAContestSeat(t *testing.T) {
	accounts := t.TempDir() + "/accounts.txt"
	require.NoError(t, os.WriteFile(accounts, []byte("# the contest's teams\nJutricKafica s3cret\n"), 0o644))
	out := t.TempDir() + "/contest.arena"
	pr, pw := io.Pipe()
	var stdout strings.Builder
	done := make(chan int, 1)
	go func() {
		done <- Exec(context.Background(), NewEnv(strings.NewReader(""), &stdout, syncWriter{pw}), []string{"run", "aibg5", "--seats", "greedy,contest,tactical,greedy",
			"--turns", "5", "--listen", "127.0.0.1:0", "--accounts", accounts, "--out", out})
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	require.NoError(t, err)
	go io.Copy(io.Discard, pr)
	require.Contains(t, line, `{"username":"JutricKafica","password":"s3cret"}`)
	url := regexp.MustCompile(`http://127\.0\.0\.1:\d+`).FindString(line)

	post := func(path, token, body string) (int, map[string]any) {
		req, _ := http.NewRequest("POST", url+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+token)
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		var m map[string]any
		json.NewDecoder(res.Body).Decode(&m)
		return res.StatusCode, m
	}
	status, login := post("/user/login", "", `{"username":"JutricKafica","password":"s3cret"}`)
	require.Equal(t, http.StatusAccepted, status)
	token := login["token"].(string)
	req, _ := http.NewRequest("GET", url+"/game/joinGame", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusAccepted, res.StatusCode)
	for {
		status, reply := post("/game/doAction", token, `{"action":"attack,0,0"}`)
		if status != http.StatusAccepted {
			require.Equal(t, "Igra je završena.", reply["message"])
			break
		}
	}
	select {
	case code := <-done:
		require.Equal(t, 0, code)
	case <-time.After(time.Minute):
		t.Fatal("arena run did not end")
	}
	var sum game.Summary
	require.NoError(t, json.Unmarshal([]byte(stdout.String()), &sum))
	require.Equal(t, []string{"greedy", "contest", "tactical", "greedy"}, sum.Seats)
	require.Equal(t, "rounds", sum.Reason)
	rec, err := game.OpenFile(out)
	require.NoError(t, err)
	require.Equal(t, "JutricKafica", rec.Header.Config.Options["name2"])
}

// Interrupted (Ctrl-C) while it waits for its contest seats to join,
// `arena run` (and `arena play`) stops at once and closes its listener: it does not wait out
// --join-timeout with the contest's port open.
func TestRunInterruptedWhileSeatsJoin(t *testing.T) {
	for _, cmd := range []string{"run", "play"} {
		t.Run(cmd, func(t *testing.T) { interruptWhileSeatsJoin(t, cmd) })
	}
}

// interruptWhileSeatsJoin interrupts arena run or play while it waits for
// its contest seats: it stops at once (status 130), its listener closed.
func interruptWhileSeatsJoin(t *testing.T, command string) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			if m := regexp.MustCompile(`Socket\.IO at http://(127\.0\.0\.1:\d+)`).FindStringSubmatch(sc.Text()); m != nil {
				select {
				case addr <- m[1]:
				default:
				}
			}
		}
	}()
	var errs strings.Builder
	done := make(chan int, 1)
	go func() {
		code := Exec(ctx, NewEnv(strings.NewReader(""), io.Discard, io.MultiWriter(syncWriter{pw}, &errs)),
			[]string{command, "guardains", "--seats", "contest,contest", "--listen", "127.0.0.1:0", "--join-timeout", "60s"})
		pw.Close()
		done <- code
	}()
	var listener string
	select {
	case listener = <-addr:
	case <-time.After(20 * time.Second):
		t.Fatalf("arena %s did not say where its contest seats connect", command)
	}
	cancel()
	select {
	case code := <-done:
		require.Equal(t, 130, code, errs.String())
	case <-time.After(5 * time.Second):
		t.Fatalf("arena %s still waits for its contest seats 5 s after it was interrupted", command)
	}
	_, err := net.DialTimeout("tcp", listener, time.Second)
	require.Error(t, err, "the contest's listener is closed")
}
