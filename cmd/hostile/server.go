//go:build linux

package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/arena-games/arena/net/stream"
)

// The server's bounds in this run: small, so that a few hundred
// connections reach them.
const (
	maxConns = 8   // --max-conns: public streams an address
	maxTotal = 240 // --max-total-conns
	// addrConns is the connections an address may hold (net/server's
	// addrConns of maxConns).
	addrConns = 2*maxConns + 32
)

// server is the `arena serve` under attack.
type server struct {
	p           *proc
	addr        string // 127.0.0.1:PORT
	port        int
	data        string // its data folder
	tournaments string // the folder of tournaments it shows
	admin, jury string
	log         string // its stderr
}

var servingRE = regexp.MustCompile(`arena serve: http://(127\.0\.0\.1:(\d+))`)

// startServer starts arena serve on a free port of 127.0.0.1 with small
// connection bounds, and reads its tokens as the organiser does.
func (h *harness) startServer() (*server, error) {
	s := &server{data: filepath.Join(h.work, "server"), tournaments: filepath.Join(h.work, "tournaments"), log: filepath.Join(h.work, "serve.log")}
	logf, err := os.Create(s.log)
	if err != nil {
		return nil, err
	}
	defer logf.Close()
	cmd := h.command(h.underAttack("serve", "--addr", "127.0.0.1:0", "--data", s.data, "--tournaments", s.tournaments,
		"--max-conns", fmt.Sprint(maxConns), "--max-total-conns", fmt.Sprint(maxTotal))...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = logf
	if s.p, err = h.launch("arena serve", cmd); err != nil {
		return nil, err
	}
	lines := make(chan string, 8)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	timeout := time.After(30 * time.Second)
	for s.addr == "" {
		select {
		case line, ok := <-lines:
			if !ok {
				data, _ := os.ReadFile(s.log)
				return nil, fmt.Errorf("arena serve ended: %s", clip(string(data), 600))
			}
			if m := servingRE.FindStringSubmatch(line); m != nil {
				s.addr = m[1]
				fmt.Sscan(m[2], &s.port)
			}
		case <-timeout:
			return nil, errors.New("arena serve did not say where it listens within 30 s")
		}
	}
	go func() {
		for range lines {
		}
	}()
	for _, t := range []struct {
		file string
		to   *string
	}{{"admin-token", &s.admin}, {"jury-token", &s.jury}} {
		data, err := os.ReadFile(filepath.Join(s.data, t.file))
		if err != nil {
			return nil, fmt.Errorf("the organiser reads the server's %s: %w", t.file, err)
		}
		*t.to = strings.TrimSpace(string(data))
	}
	return s, nil
}

// stop interrupts the server as its organiser would: it must end within
// its bound.
func (s *server) stop(rep *report) {
	t0 := time.Now()
	if !s.p.stop(20 * time.Second) {
		rep.add("left/server-stops", false, "arena serve did not end within 20 s of SIGINT")
		return
	}
	if data, _ := os.ReadFile(s.log); bytes.Contains(data, []byte("panic")) {
		rep.add("left/server-stops", false, "arena serve's log holds a panic: see %s", s.log)
		return
	}
	rep.add("left/server-stops", true, "arena serve ended %v after SIGINT, as the organiser stops it", time.Since(t0).Round(time.Millisecond))
}

// api is a request to the server's API: its status and body.
type api struct {
	status int
	body   []byte
	header http.Header
	took   time.Duration
}

// call makes a request of the server from 127.0.0.1, with a token in the
// Authorization header when token is not "".
func (s *server) call(ctx context.Context, method, path, token string, body any) (api, error) {
	return s.callFrom(ctx, "", method, path, token, body, nil)
}

// callFrom makes a request from the loopback address from ("" for
// 127.0.0.1), with more headers.
func (s *server) callFrom(ctx context.Context, from, method, path, token string, body any, header http.Header) (api, error) {
	var rd io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return api{}, err
		}
		rd = bytes.NewReader(data)
	}
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, "http://"+s.addr+path, rd)
	if err != nil {
		return api{}, err
	}
	for k, v := range header {
		req.Header[k] = v
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true, DialContext: dialFrom(from)}}
	t0 := time.Now()
	res, err := client.Do(req)
	if err != nil {
		return api{}, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, 16<<20))
	return api{status: res.StatusCode, body: data, header: res.Header, took: time.Since(t0)}, err
}

// dialFrom dials from the loopback address from ("" for any).
func dialFrom(from string) func(ctx context.Context, network, addr string) (net.Conn, error) {
	d := &net.Dialer{Timeout: 5 * time.Second}
	if from != "" {
		d.LocalAddr = &net.TCPAddr{IP: net.ParseIP(from)}
	}
	return d.DialContext
}

// create creates a match with the admin token.
func (s *server) create(ctx context.Context, req stream.CreateRequest) (stream.Created, error) {
	var c stream.Created
	res, err := s.call(ctx, "POST", "/api/matches", s.admin, req)
	if err != nil {
		return c, fmt.Errorf("create a %s match: %w", req.Title, err)
	}
	if res.status != http.StatusCreated {
		return c, fmt.Errorf("create a %s match: %d %s", req.Title, res.status, clip(string(res.body), 300))
	}
	return c, json.Unmarshal(res.body, &c)
}

// info reads a match's record, as the public does.
func (s *server) info(ctx context.Context, id string) (stream.Info, error) {
	var in stream.Info
	res, err := s.call(ctx, "GET", "/api/matches/"+id, "", nil)
	if err != nil {
		return in, err
	}
	if res.status != http.StatusOK {
		return in, fmt.Errorf("match %s: %d %s", id, res.status, clip(string(res.body), 200))
	}
	return in, json.Unmarshal(res.body, &in)
}

// waitEnd waits for match id to end (finished or interrupted), at most d.
func (s *server) waitEnd(ctx context.Context, id string, d time.Duration) (stream.Info, error) {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	for {
		in, err := s.info(ctx, id)
		if err == nil && (in.Status == stream.Finished || in.Status == stream.Interrupted) {
			return in, nil
		}
		select {
		case <-ctx.Done():
			if err == nil {
				err = fmt.Errorf("still %s at turn %d", in.Status, in.Turn)
			}
			return in, fmt.Errorf("match %s did not end within %v: %w", id, d, err)
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// replayPath is where the server keeps a finished match's replay.
func (s *server) replayPath(id string) string { return filepath.Join(s.data, "replays", id+".arena") }

// played is what a replay says was played: each step's moves, and the
// result.
type played struct {
	steps  []string // each step's moves, as canonical JSON
	result string   // the result line, canonical
}

// readPlayed reads the moves and the result of the replay at path.
func readPlayed(path string) (played, error) {
	var p played
	f, err := os.Open(path)
	if err != nil {
		return p, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return p, fmt.Errorf("%s: %w", path, err)
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var line struct {
			Step   *int              `json:"step"`
			Moves  map[string]string `json:"moves"`
			Result json.RawMessage   `json:"result"`
			Turns  *int              `json:"turns"`
		}
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			return p, fmt.Errorf("%s: %w", path, err)
		}
		switch {
		case line.Step != nil && line.Moves != nil:
			m, _ := json.Marshal(line.Moves)
			p.steps = append(p.steps, fmt.Sprintf("%d %s", *line.Step, m))
		case line.Result != nil:
			var r any
			json.Unmarshal(line.Result, &r)
			m, _ := json.Marshal(r)
			p.result = string(m)
			if line.Turns != nil {
				p.result += fmt.Sprintf(" in %d turns", *line.Turns)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return p, fmt.Errorf("%s: %w", path, err)
	}
	if p.result == "" {
		return p, fmt.Errorf("%s: no result", path)
	}
	return p, nil
}

// sameGame compares the replay a hostile (or honest) seat made with its
// twin's: the same moves, step by step, and the same result. It returns
// the result, or what differs.
func sameGame(path, twin string) (string, error) {
	a, err := readPlayed(path)
	if err != nil {
		return "", err
	}
	b, err := readPlayed(twin)
	if err != nil {
		return "", fmt.Errorf("the twin's replay: %w", err)
	}
	for i := range min(len(a.steps), len(b.steps)) {
		if a.steps[i] != b.steps[i] {
			return "", fmt.Errorf("step %d differs from the twin's: %s, the twin %s", i+1, clip(a.steps[i], 150), clip(b.steps[i], 150))
		}
	}
	if len(a.steps) != len(b.steps) {
		return "", fmt.Errorf("%d steps, the twin %d", len(a.steps), len(b.steps))
	}
	if a.result != b.result {
		return "", fmt.Errorf("result %s, the twin's %s", a.result, b.result)
	}
	return fmt.Sprintf("%s after %d steps", a.result, len(a.steps)), nil
}

// twin plays a match with `arena run` (args after the title), writing
// its replay to out.
func (h *harness) twin(ctx context.Context, name string, args ...string) (string, error) {
	out := filepath.Join(h.work, "twins", name+".arena")
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return "", err
	}
	cmd := h.command(append(args, "--out", out)...)
	var errs bytes.Buffer
	cmd.Stderr = &errs
	p, err := h.launch("the twin of "+name, cmd)
	if err != nil {
		return "", err
	}
	select {
	case <-p.done:
	case <-ctx.Done():
		p.stop(5 * time.Second)
		return "", fmt.Errorf("the twin of %s did not end in time", name)
	case <-time.After(3 * time.Minute):
		p.stop(5 * time.Second)
		return "", fmt.Errorf("the twin of %s did not end within 3 minutes", name)
	}
	if p.err != nil {
		return "", fmt.Errorf("the twin of %s: %v: %s", name, p.err, clip(errs.String(), 400))
	}
	return out, nil
}
