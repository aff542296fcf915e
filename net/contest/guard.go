package contest

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// Secret is a credential (a password, a token) kept as its SHA-256 hash.
// It is compared only with Is, in constant time: the zero-size func field
// makes == on Secrets a compile error.
type Secret struct {
	_   [0]func()
	sum [sha256.Size]byte
	set bool
}

// NewSecret keeps s as a Secret.
func NewSecret(s string) Secret { return Secret{sum: sha256.Sum256([]byte(s)), set: true} }

// Is reports whether guess is the secret, comparing hashes in constant
// time; the zero Secret is nobody's.
func (s Secret) Is(guess string) bool {
	sum := sha256.Sum256([]byte(guess))
	return subtle.ConstantTimeCompare(sum[:], s.sum[:]) == 1 && s.set
}

// Generate makes a new random secret text: 32 hexadecimal digits (128
// bits), the length of the original contests' tokens.
func Generate() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// Loopback reports whether a listener at addr serves this machine only:
// it listens on a loopback address, not on every interface nor on one
// that other machines reach.
func Loopback(addr net.Addr) bool {
	a, ok := addr.(*net.TCPAddr)
	return ok && a.IP.IsLoopback()
}

// SameOrigin reports whether a request may come from the page that sent
// it, as coder/websocket's Accept decides for Arena's server: a program
// (no Origin header) or a page of the listener's own host may; another
// site's page, which a player's browser opens, may not.
func SameOrigin(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	return err == nil && u.Host != "" && strings.EqualFold(u.Host, r.Host)
}

// loopbackName reports whether the host of a request's Host header names
// this machine's loopback interface: localhost or a loopback address.
func loopbackName(hostport string) bool {
	host, _, err := net.SplitHostPort(hostport)
	if err != nil {
		host = hostport
	}
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Guard serves h the requests that may reach a contest's listener at
// addr: a browser's only from a page of the listener's own host
// (SameOrigin) and, when the listener serves this machine only
// (Loopback), only under a loopback name, so that a web page whose name
// was rebound to 127.0.0.1 cannot ride the original contests' public
// logins either. Any other request gets 403 Forbidden with the reason.
func Guard(addr net.Addr, h http.Handler) http.Handler {
	loopback := Loopback(addr)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case !SameOrigin(r):
			http.Error(w, fmt.Sprintf("a page of %q may not connect here: the contest's bots connect as programs, or from a page of %s", r.Header.Get("Origin"), r.Host), http.StatusForbidden)
		case loopback && !loopbackName(r.Host):
			http.Error(w, fmt.Sprintf("this listener serves this machine only: connect to %s, not %q", addr, r.Host), http.StatusForbidden)
		default:
			h.ServeHTTP(w, r)
		}
	})
}
