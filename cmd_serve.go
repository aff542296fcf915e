//go:build !js

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/arena-games/arena/net/bus"
	"github.com/arena-games/arena/net/server"
	"github.com/arena-games/arena/scenes"
)

// defaultServerDir is where `arena serve` keeps its matches by default,
// beside the window's replays: $XDG_DATA_HOME/arena/server, or
// ~/.local/share/arena/server.
func defaultServerDir() string {
	return filepath.Join(filepath.Dir(scenes.DefaultReplayDir()), "server")
}

// cmdServe runs Arena's match server until it is interrupted.
func cmdServe(args []string, stdout, stderr io.Writer) error {
	fs := flags("serve", stderr)
	addr := fs.String("addr", "127.0.0.1:7070", "where to listen: host:port (:7070 opens it to the network)")
	dir := fs.String("data", defaultServerDir(), "where the server keeps its matches (JetStream's files, replays)")
	natsURL := fs.String("nats", "", "an existing NATS cluster with JetStream (nats://host:4222) instead of the embedded one")
	tokenFile := fs.String("admin-token-file", "", "the file holding the admin token (default DIR/admin-token; made when missing)")
	tournaments := fs.String("tournaments", scenes.DefaultTournamentDir(), "the tournaments the server shows at /tournaments/NAME/ (those `arena tournament run` writes there)")
	maxConns := fs.Int("max-conns", server.DefaultMaxConns, "streams one client address may hold open")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("serve takes no arguments, got %q", pos)
	}
	if *maxConns < 1 {
		return usagef("--max-conns %d: expected 1 or more", *maxConns)
	}
	if *tokenFile == "" {
		*tokenFile = filepath.Join(*dir, "admin-token")
	}
	token, err := server.LoadToken(*tokenFile)
	if err != nil {
		return fmt.Errorf("the admin token: %w", err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", *addr, err)
	}
	defer ln.Close()
	b, err := bus.Open(bus.Options{URL: *natsURL, Dir: filepath.Join(*dir, "jetstream"), Port: -1, Name: "arena serve"})
	if err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	srv, err := server.New(server.Options{Bus: b, Dir: *dir, AdminToken: token, MaxConns: *maxConns, Log: log, Tournaments: *tournaments})
	if err != nil {
		b.Close()
		return err
	}
	hs := srv.HTTPServer()
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	fmt.Fprintf(stdout, "arena serve: http://%s (admin token in %s)\n", shownAddr(ln.Addr()), *tokenFile)
	select {
	case <-interrupted.Done():
	case err = <-served:
	}
	// Stop: running matches are kept as interrupted, streams told to
	// reconnect elsewhere, and JetStream flushed.
	srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	hs.Shutdown(ctx)
	if cerr := b.Close(); err == nil && cerr != nil {
		err = cerr
	}
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

// shownAddr is the address people reach the server at: the listener's,
// with the machine's name for a server open on every interface.
func shownAddr(a net.Addr) string {
	tcp, ok := a.(*net.TCPAddr)
	if !ok || !tcp.IP.IsUnspecified() {
		return a.String()
	}
	host, err := os.Hostname()
	if err != nil {
		host = "0.0.0.0"
	}
	return net.JoinHostPort(host, fmt.Sprint(tcp.Port))
}
