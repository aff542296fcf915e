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
	"github.com/arena-games/arena/net/sandbox"
	"github.com/arena-games/arena/net/server"
	"github.com/arena-games/arena/scenes"
	"github.com/arena-games/arena/web"
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
	natsAddr := natsFlags(fs, "an existing NATS cluster with JetStream (nats://host:4222) instead of the embedded one")
	tokenFile := fs.String("admin-token-file", "", "the file holding the admin token (default DIR/admin-token; made when missing)")
	tournaments := fs.String("tournaments", scenes.DefaultTournamentDir(), "the tournaments the server shows at /tournaments/NAME/ (those `arena tournament run` writes there)")
	maxConns := fs.Int("max-conns", server.DefaultMaxConns, "spectators' streams one client address may hold open (seats' and the jury's are not counted)")
	maxTotal := fs.Int("max-total-conns", server.DefaultMaxTotal, "connections the server holds open in all (spectators' streams take at most 7/8 of them; this machine's 127.0.0.1, the organiser's, has 16 more)")
	juryFile := fs.String("jury-token-file", "", "the file holding the jury's token, which watches every match live and whole (default: jury-token beside the admin token's file; made when missing)")
	webDir := fs.String("web", "", "the browser client's folder, built by `make web` (default: web/dist beside the arena program, or in the current folder)")
	fs.Var(sandbox.Flag{}, "sandbox", sandbox.Usage)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("serve takes no arguments, got %q", pos)
	}
	if err := checkNATS(natsAddr); err != nil {
		return err
	}
	if *maxConns < 1 {
		return usagef("--max-conns %d: expected 1 or more", *maxConns)
	}
	if *maxTotal < 16 {
		return usagef("--max-total-conns %d: expected 16 or more", *maxTotal)
	}
	if *tokenFile == "" {
		*tokenFile = filepath.Join(*dir, "admin-token")
	}
	sandbox.Protect(*dir, *tokenFile, *tournaments)
	token, err := server.LoadToken(*tokenFile)
	if err != nil {
		return fmt.Errorf("the admin token: %w", err)
	}
	if *juryFile == "" {
		*juryFile = filepath.Join(filepath.Dir(*tokenFile), "jury-token")
	}
	jury, err := server.LoadToken(*juryFile)
	if err != nil {
		return fmt.Errorf("the jury's token (--jury-token-file): %w", err)
	}
	if jury == token {
		return usagef("--jury-token-file %s holds the admin token: the jury's token must be its own (it cannot create matches)", *juryFile)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", *addr, err)
	}
	defer ln.Close()
	b, err := bus.Open(bus.Options{Address: *natsAddr, Dir: filepath.Join(*dir, "jetstream"), Port: -1, Name: "arena serve"})
	if err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	srv, err := server.New(server.Options{Bus: b, Dir: *dir, AdminToken: token, JuryToken: jury, MaxConns: *maxConns, MaxTotal: *maxTotal,
		Log: log, Tournaments: *tournaments})
	if err != nil {
		b.Close()
		return err
	}
	hs := srv.HTTPServer()
	site, page, err := webSite(*webDir, hs.Handler)
	if err != nil {
		srv.Close()
		b.Close()
		return usageError{err}
	}
	hs.Handler = site
	served := make(chan error, 1)
	go func() { served <- hs.Serve(srv.Listener(ln)) }()
	fmt.Fprintf(stdout, "arena serve: http://%s (admin token in %s)\n", shownAddr(ln.Addr()), *tokenFile)
	fmt.Fprintf(stdout, "arena serve: the jury's token, which watches every match live and whole, in %s\n", *juryFile)
	fmt.Fprintln(stdout, page)
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

// webSite serves the browser client beside the API from dir, which must
// hold it, or by default from web/dist beside the executable or in the
// current folder, if either holds it; it says where it serves it from, or
// why it does not.
func webSite(dir string, api http.Handler) (http.Handler, string, error) {
	if dir != "" {
		site, err := web.Site(dir, api)
		if err != nil {
			return nil, "", fmt.Errorf("--web %s: %w", dir, err)
		}
		return site, "arena serve: the browser client at / (from " + dir + ")", nil
	}
	var dirs []string
	if exe, err := os.Executable(); err == nil {
		dirs = append(dirs, filepath.Join(filepath.Dir(exe), "web", "dist"))
	}
	dirs = append(dirs, filepath.Join("web", "dist"))
	var err error
	for _, d := range dirs {
		var site http.Handler
		if site, err = web.Site(d, api); err == nil {
			return site, "arena serve: the browser client at / (from " + d + ")", nil
		}
	}
	return web.Missing(err, api), "arena serve: no browser client: " + err.Error(), nil
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
