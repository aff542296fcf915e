//go:build !js

package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/arena-games/arena/net/bus"
	"github.com/arena-games/arena/net/sandbox"
	"github.com/arena-games/arena/net/server"
	"github.com/arena-games/arena/web"
)

// cmdServe runs Arena's match server until it is interrupted.
var cmdServe = &Command{
	Name: "serve",
	Synopsis: []string{"[--addr 127.0.0.1:7070] [--data DIR] [--nats URL [--nats-creds FILE] [--nats-ca FILE] [--replicas N]] " +
		"[--admin-token-file FILE] [--jury-token-file FILE] [--max-conns N] [--max-total-conns N] [--tournaments DIR] [--listen HOST:PORT] [--web DIR] [--sandbox MODE]"},
	Short: "run matches on this machine for others to watch and play (an HTTP and WebSocket API)",
	Long: `Run Arena's match server: matches created through its API (with the admin
token) play on this machine, kept in NATS JetStream under DIR (embedded by
default, or the cluster at --nats), watched and played from other machines
over HTTP and WebSocket. Prints one line when ready; Ctrl-C stops it, and its
running matches are kept as interrupted. A second line says where the jury's
token is (--jury-token-file): GuardAIns and AIC21 matches with a seat played
from elsewhere or by a program are shown live to it alone, to the public at
their end.

--addr :7070 opens it to the network (the default is this machine only).
DIR keeps NATS JetStream's files, the admin token (made on the first start,
readable by its owner only) and each finished match's replay
(DIR/replays/ID.arena). The jury's token watches every match live and whole
but creates none. --max-conns bounds the spectators' streams of one client
address, --max-total-conns every connection. --tournaments DIR are the
tournaments it shows, each at http://HOST:7070/tournaments/NAME/ for
arena tournament show. --listen is where the teams' own bots connect for the
contest seats of its matches (the originals' ports on 127.0.0.1 by
default): one listener per protocol for all of a night's matches, which
arena tournament run --server creates here. It also serves Arena in the browser at /: from --web
DIR, or by default from web/dist beside the arena program or in the current
folder; a third line says which, or that there is no page to serve (make web
builds it). A --web DIR without the page is an error.`,
	Flags: func(fs *flag.FlagSet, e *Env) Run {
		addr := fs.String("addr", "127.0.0.1:7070", "where to listen: host:port (:7070 opens it to the network)")
		dir := fs.String("data", e.Server, "where the server keeps its matches (JetStream's files, replays)")
		natsAddr := natsFlags(fs, "an existing NATS cluster with JetStream (nats://host:4222, or its servers' URLs separated by commas) instead of the embedded one")
		replicas := replicasFlag(fs, "the matches' streams and their list")
		tokenFile := fs.String("admin-token-file", "", "the file holding the admin token (default DIR/admin-token; made when missing)")
		tournaments := fs.String("tournaments", e.Tournaments, "the `DIR` of the tournaments the server shows at /tournaments/NAME/ (those arena tournament run writes there)")
		maxConns := fs.Int("max-conns", server.DefaultMaxConns, "spectators' streams one client address may hold open (seats' and the jury's are not counted)")
		maxTotal := fs.Int("max-total-conns", server.DefaultMaxTotal, "connections the server holds open in all (spectators' streams take at most 7/8 of them; this machine's 127.0.0.1, the organiser's, has 16 more)")
		juryFile := fs.String("jury-token-file", "", "the file holding the jury's token, which watches every match live and whole (default: jury-token beside the admin token's file; made when missing)")
		listen := fs.String("listen", "", "teams' bots (contest seats): where they connect, HOST:PORT (default: the original's port on 127.0.0.1)")
		webDir := fs.String("web", "", "the browser client's folder, `DIR`, built by make web (default: web/dist beside the arena program, or in the current folder)")
		fs.Var(sandbox.Flag{}, "sandbox", sandbox.Usage)
		return func(ctx context.Context, pos []string) error {
			if len(pos) != 0 {
				return usagef("serve takes no arguments, got %q", pos)
			}
			if err := checkNATS(natsAddr); err != nil {
				return err
			}
			if err := checkReplicas(*replicas, natsAddr); err != nil {
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
			b, err := bus.Open(bus.Options{Address: *natsAddr, Dir: filepath.Join(*dir, "jetstream"), Port: -1, Name: "arena serve", Replicas: *replicas})
			if err != nil {
				return err
			}
			if !b.Embedded() {
				fmt.Fprintf(e.Stdout, "arena serve: %s\n", b.ReplicasNote())
			}
			log := slog.New(slog.NewTextHandler(e.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
			srv, err := server.New(server.Options{Bus: b, Dir: *dir, AdminToken: token, JuryToken: jury, MaxConns: *maxConns, MaxTotal: *maxTotal,
				Log: log, Tournaments: *tournaments, Listen: *listen})
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
			fmt.Fprintf(e.Stdout, "arena serve: http://%s (admin token in %s)\n", shownAddr(ln.Addr()), *tokenFile)
			fmt.Fprintf(e.Stdout, "arena serve: the jury's token, which watches every match live and whole, in %s\n", *juryFile)
			fmt.Fprintln(e.Stdout, page)
			select {
			case <-ctx.Done():
			case err = <-served:
			}
			// Stop: running matches are kept as interrupted, streams told to
			// reconnect elsewhere, and JetStream flushed.
			srv.Close()
			shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			hs.Shutdown(shutdown)
			if cerr := b.Close(); err == nil && cerr != nil {
				err = cerr
			}
			if errors.Is(err, http.ErrServerClosed) {
				err = nil
			}
			return err
		}
	},
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
