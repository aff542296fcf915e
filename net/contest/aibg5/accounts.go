package aibg5

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"os"
	"strings"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/net/contest"
)

// readAccounts reads an accounts file: one "username password" per line,
// the players in seat order (the i-th plays the i-th contest seat), and
// any number of "username password admin" lines for the accounts that may
// call createGame. Blank lines and lines starting with # are skipped.
func readAccounts(path string, seats int) ([]*account, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("--accounts: %w", err)
	}
	return parseAccounts(path, data, seats)
}

// parseAccounts is readAccounts on the file's data.
func parseAccounts(path string, data []byte, seats int) ([]*account, error) {
	var out []*account
	players := 0
	seen := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 2 || len(f) > 3 || len(f) == 3 && f[2] != "admin" {
			return nil, fmt.Errorf("%s:%d: want \"username password\" (or \"username password admin\"), got %q", path, n, line)
		}
		if at, ok := seen[f[0]]; ok {
			return nil, fmt.Errorf("%s:%d: the username %q is already on line %d", path, n, f[0], at)
		}
		seen[f[0]] = n
		a := newAccount(f[0], f[1])
		a.admin = len(f) == 3
		if !a.admin {
			players++
		}
		out = append(out, a)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if players != seats {
		return nil, fmt.Errorf("%s: %d player accounts for %d contest seats: want one \"username password\" line per contest seat, in seat order", path, players, seats)
	}
	return out, nil
}

// loginAccounts are the accounts of the seats' own logins, in seat order
// as the seats are: each login takes its own seat, whenever its bot comes.
func loginAccounts(seats []*seat, logins map[game.Seat]game.Login) ([]*account, error) {
	var out []*account
	seen := map[string]bool{}
	for _, s := range seats {
		l, ok := logins[s.seat]
		switch {
		case !ok || l.User == "" || l.Password == "":
			return nil, fmt.Errorf("contest seat %d has no login: every contest seat needs its team's username and password, or none does", s.seat.Number())
		case seen[l.User]:
			return nil, fmt.Errorf("contest seat %d: the username %q already has a seat", s.seat.Number(), l.User)
		}
		seen[l.User] = true
		a := newAccount(l.User, l.Password)
		a.shown = "" // a team's password is not printed
		out = append(out, a)
	}
	return out, nil
}

// checkLogins refuses, on a listener at addr that other machines reach, a
// team's login whose password is its username, which anyone guesses.
func checkLogins(logins []game.Login, addr net.Addr) error {
	if contest.Loopback(addr) {
		return nil
	}
	for _, lg := range logins {
		if lg.Password == lg.User {
			return fmt.Errorf("the password of login %q is its username, which anyone guesses: on a listener that other machines reach (%s), give the team a secret one",
				lg.User, addr)
		}
	}
	return nil
}
