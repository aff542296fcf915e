//go:build !js

// Package server is Arena's match server, `arena serve`: it runs matches
// (built-in bots, programs on its machine, and remote seats played from
// other machines), keeps each match as a JetStream stream of its replay's
// lines (the one source of truth: a late spectator, a reconnecting client
// and a replay download are the same read from a sequence number), and
// serves them over HTTP and WebSocket. Several servers on one NATS cluster
// share their matches.
package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/arena-games/arena/net/bus"
)

// Options set up a server.
type Options struct {
	// Bus is the NATS with JetStream the server keeps its matches in.
	Bus *bus.Bus
	// Dir is where the server keeps its own files: its id, and the
	// replays of the matches it ran (Dir/replays).
	Dir string
	// AdminToken is the token that creates matches (and sees every match
	// as the jury does).
	AdminToken string
	// JuryToken is the token that sees every match live and whole, such
	// as the organisers' projector; "" for none but the admin's.
	JuryToken string
	// MaxConns bounds the public's streams of one client address
	// (default DefaultMaxConns); its connections are bounded by twice as
	// many and some (conns.go).
	MaxConns int
	// MaxTotal bounds the connections the server holds in all (default
	// DefaultMaxTotal), when it serves on its Listener; the public's
	// streams take at most 7/8 of them, and the server's own machine
	// (127.0.0.1, the organiser) has a few more past it (conns.go).
	MaxTotal int
	// Log gets what the server reports; nil means slog's default.
	Log *slog.Logger
	// Tournaments is the folder of the tournaments the server shows
	// (those `arena tournament run` writes there); "" shows none.
	Tournaments string
	// Listen is where the contest seats of its matches listen for the
	// teams' bots, such as "192.168.1.10:8081" ("": the originals' ports on
	// 127.0.0.1): one listener per protocol for all its matches, where
	// the protocol allows (game.ContestOptions.KeepOpen).
	Listen string
}

// DefaultMaxConns is how many public streams one client address may hold
// open.
const DefaultMaxConns = 64

// The http.Server's timeouts: a request's headers, the whole request (a
// body is at most maxBody), an answer, and an idle keep-alive. A
// WebSocket is not bound by them once accepted: net/http clears its
// deadlines when the connection is taken over, and the stream's own pings
// and write timeouts watch it.
var defaultTimeouts = timeouts{header: 10 * time.Second, read: 30 * time.Second, write: 2 * time.Minute, idle: 2 * time.Minute}

type timeouts struct{ header, read, write, idle time.Duration }

// Server is an Arena server: its matches, their streams and its API.
type Server struct {
	bus   *bus.Bus
	js    jetstream.JetStream
	kv    jetstream.KeyValue
	dir   string
	id    string // this server's own id, kept in Dir
	admin [32]byte
	jury  [32]byte // the jury token's hash; zero for none
	log   *slog.Logger
	conns *connLimit
	// timeouts are the HTTPServer's (tests shorten them).
	timeouts timeouts
	// tournaments is Options.Tournaments.
	tournaments string
	listen      string // the contest seats' listener (Options.Listen)

	ctx    context.Context // ends with Close
	cancel context.CancelFunc

	mu      sync.Mutex
	matches map[string]*match // the matches this server runs
	hubs    map[string]*hub
	wg      sync.WaitGroup
	closed  bool

	// onLine, when set (by benchmarks), is told of each line of a match's
	// replay as it is made, before it is published.
	onLine func(id string, line []byte)
}

// bucket is the key-value bucket that lists every match.
const bucket = "arena-matches"

// New starts a server on opts.Bus. Matches that this server was running
// when it stopped (it was killed, say) are marked interrupted: their lines
// so far stay readable.
func New(opts Options) (*Server, error) {
	if opts.Bus == nil || opts.Dir == "" || opts.AdminToken == "" {
		return nil, errors.New("server: a bus, a folder and an admin token are needed")
	}
	if err := private(opts.Dir, filepath.Join(opts.Dir, "replays")); err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	id, err := LoadToken(filepath.Join(opts.Dir, "server-id"))
	if err != nil {
		return nil, fmt.Errorf("server: its id: %w", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{bus: opts.Bus, js: opts.Bus.JS, dir: opts.Dir, tournaments: opts.Tournaments, listen: opts.Listen, id: id, admin: sha256.Sum256([]byte(opts.AdminToken)), log: opts.Log,
		ctx: ctx, cancel: cancel, matches: map[string]*match{}, hubs: map[string]*hub{}, timeouts: defaultTimeouts}
	if opts.JuryToken != "" {
		s.jury = sha256.Sum256([]byte(opts.JuryToken))
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	n, total := opts.MaxConns, opts.MaxTotal
	if n <= 0 {
		n = DefaultMaxConns
	}
	if total <= 0 {
		total = DefaultMaxTotal
	}
	s.conns = newConnLimit(n, total)
	kctx, kcancel := context.WithTimeout(ctx, 10*time.Second)
	defer kcancel()
	// A list made before the cluster grew gets its copies, and says so.
	if err := bus.Raise(kctx, s.js, bus.KeyValueStream(bucket), s.bus.Replicas); err != nil && !errors.Is(err, jetstream.ErrStreamNotFound) {
		cancel()
		return nil, fmt.Errorf("server: the list of matches (JetStream key-value %s): %w", bucket, err)
	}
	s.kv, err = s.js.CreateOrUpdateKeyValue(kctx, jetstream.KeyValueConfig{Bucket: bucket, Storage: jetstream.FileStorage, History: 1,
		Replicas: s.bus.Replicas, Description: "Arena's matches: one record each, by id"})
	if err != nil {
		cancel()
		return nil, fmt.Errorf("server: the list of matches (JetStream key-value %s): %w", bucket, err)
	}
	if err := s.recover(kctx); err != nil {
		cancel()
		return nil, err
	}
	s.wg.Add(1)
	go s.heartbeat()
	return s, nil
}

// recover marks the matches this server ran before it stopped as
// interrupted.
func (s *Server) recover(ctx context.Context) error {
	recs, err := s.records(ctx)
	if err != nil {
		return err
	}
	for _, r := range recs {
		if r.Owner == s.id && (r.Status == "live" || r.Status == "waiting") {
			s.interrupt(ctx, r, "interrupted: its server stopped")
		}
	}
	return nil
}

// Close stops the matches this server runs (they are kept as
// interrupted) and closes every stream it serves, telling the clients to
// reconnect.
func (s *Server) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	ms := make([]*match, 0, len(s.matches))
	for _, m := range s.matches {
		ms = append(ms, m)
	}
	s.mu.Unlock()
	for _, m := range ms {
		m.stop()
	}
	s.cancel()
	s.wg.Wait()
	s.mu.Lock()
	for _, h := range s.hubs {
		h.stop()
	}
	s.mu.Unlock()
	return nil
}

// heartbeat tells the other servers that this server's matches still run.
func (s *Server) heartbeat() {
	defer s.wg.Done()
	t := time.NewTicker(beatEvery)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
		}
		s.mu.Lock()
		ms := make([]*match, 0, len(s.matches))
		for _, m := range s.matches {
			ms = append(ms, m)
		}
		s.mu.Unlock()
		for _, m := range ms {
			m.save(true)
		}
	}
}

// private makes the folders, readable by their owner only: a live
// match's replay in them is what a hidden match's public may not see, and
// a folder made by an older Arena (or by hand) may let other users in.
func private(dirs ...string) error {
	for _, d := range dirs {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return err
		}
		st, err := os.Stat(d)
		if err != nil {
			return err
		}
		if st.Mode().Perm()&0o077 != 0 {
			if err := os.Chmod(d, st.Mode().Perm()&0o700); err != nil {
				return fmt.Errorf("%s is readable by other users, and cannot be made private: %w", d, err)
			}
		}
	}
	return nil
}

// NewToken is a new 128-bit random token, in hex.
func NewToken() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// LoadToken reads the token kept in the file at path, making one (readable
// by its owner only) when there is none.
func LoadToken(path string) (string, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return "", err
		}
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			if errors.Is(err, os.ErrExist) {
				return LoadToken(path)
			}
			return "", err
		}
		tok := NewToken()
		_, err = f.WriteString(tok + "\n")
		if serr := f.Sync(); err == nil {
			err = serr
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return tok, err
	}
	if err != nil {
		return "", err
	}
	tok := strings.TrimSpace(string(data))
	if len(tok) < 16 || len(tok) > 256 || strings.ContainsAny(tok, " \t\r\n") {
		return "", fmt.Errorf("%s: expected a token of 16 to 256 characters on one line", path)
	}
	return tok, nil
}

// hashToken is what the server keeps of a token.
func hashToken(tok string) string {
	sum := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(sum[:])
}

// sameHash compares two hashes in constant time.
func sameHash(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }

// isAdmin reports whether tok is the admin token, in constant time.
func (s *Server) isAdmin(tok string) bool {
	sum := sha256.Sum256([]byte(tok))
	return tok != "" && subtle.ConstantTimeCompare(sum[:], s.admin[:]) == 1
}

// isJury reports whether tok is the jury's token or the admin's, in
// constant time.
func (s *Server) isJury(tok string) bool {
	sum := sha256.Sum256([]byte(tok))
	jury := s.jury != [32]byte{} && subtle.ConstantTimeCompare(sum[:], s.jury[:]) == 1
	return s.isAdmin(tok) || tok != "" && jury
}
