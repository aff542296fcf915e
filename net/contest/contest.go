// Package contest holds what the contests' protocol servers share: where
// they listen and how they name the seats that did not join. The servers
// themselves are its subpackages, one per contest (aibg5, guardains,
// aic21); each has the game.Contest of its title, which a program's
// catalogue lists (internal/titles).
package contest

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/arena-games/arena/game"
)

// Address is where a listener listens: listen as --listen gives it
// (HOST:PORT, :PORT, HOST, or "" for the default), on the loopback
// interface unless a host is given, on port def unless a port is.
func Address(listen string, def int) (string, error) {
	host, port := "127.0.0.1", strconv.Itoa(def)
	switch h, p, err := net.SplitHostPort(listen); {
	case listen == "":
	case err != nil && strings.Contains(err.Error(), "missing port"):
		host = strings.Trim(listen, "[]")
	case err != nil:
		return "", fmt.Errorf("--listen %q: want HOST:PORT, :PORT or HOST", listen)
	default:
		if h != "" {
			host = h
		}
		if n, err := strconv.Atoi(p); err != nil || n < 0 || n > 65535 {
			return "", fmt.Errorf("--listen %q: the port %q is not a number from 0 to 65535", listen, p)
		}
		port = p
	}
	return net.JoinHostPort(host, port), nil
}

// Doors are a process's listeners that stay open for a night of matches
// (game.ContestOptions.KeepOpen), one per address.
type Doors[D any] struct {
	mu   sync.Mutex
	open map[string]D
}

// Open is the door at listen (Address with def), made by open on a new
// listener the first time it is asked for; it stays open while the
// process runs.
func (ds *Doors[D]) Open(listen string, def int, open func(net.Listener) D) (D, error) {
	var d D
	addr, err := Address(listen, def)
	if err != nil {
		return d, err
	}
	ds.mu.Lock()
	defer ds.mu.Unlock()
	if d, ok := ds.open[addr]; ok {
		return d, nil
	}
	ln, err := Listen(addr, def)
	if err != nil {
		return d, err
	}
	if ds.open == nil {
		ds.open = map[string]D{}
	}
	d = open(ln)
	ds.open[addr] = d
	return d, nil
}

// Listen opens a TCP listener at the address of listen and def (Address).
func Listen(listen string, def int) (net.Listener, error) {
	addr, err := Address(listen, def)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen on %s: %w (choose another with --listen HOST:PORT)", addr, err)
	}
	return ln, nil
}

// Stop shuts down a match's own server srv within a second and closes its
// listener ln, which srv.Serve, started in another goroutine, may not have
// taken yet: when Stop returns, the port is closed.
func Stop(srv *http.Server, ln net.Listener) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		srv.Close()
	}
	ln.Close()
}

// Host is the address a bot on this machine connects to for a listener
// at addr: the listener's own, or the loopback one when it listens on
// every interface.
func Host(addr net.Addr) (host string, port int) {
	a, ok := addr.(*net.TCPAddr)
	if !ok {
		return "127.0.0.1", 0
	}
	if a.IP.IsUnspecified() {
		return "127.0.0.1", a.Port
	}
	return a.IP.String(), a.Port
}

// Seats lists the seats of a lobby in order.
func Seats(seats map[game.Seat]game.SeatSpec) []game.Seat {
	out := make([]game.Seat, 0, len(seats))
	for s := range seats {
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

// Wait waits for done within limit; it reports false when the time ran
// out, and ctx's error when ctx ended first.
func Wait(ctx context.Context, done <-chan struct{}, limit time.Duration) (bool, error) {
	timer := time.NewTimer(limit)
	defer timer.Stop()
	select {
	case <-done:
		return true, nil
	case <-ctx.Done():
		return false, ctx.Err()
	case <-timer.C:
		return false, nil
	}
}

// Missing is the error of a join that timed out (a *game.Absent): it
// names the seats that did not join, and says what they should have done.
func Missing(missing []game.Seat, wait time.Duration, how string) error {
	names := make([]string, len(missing))
	for i, s := range missing {
		names[i] = strconv.Itoa(s.Number())
	}
	what := "seat " + names[0]
	if len(names) > 1 {
		what = "seats " + strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
	}
	return &game.Absent{Seats: missing, Err: fmt.Errorf("%s did not join within %v (%s; a longer wait: --join-timeout)", what, wait, how)}
}
