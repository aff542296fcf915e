package contest

import (
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A Secret matches its own text only, and the zero Secret nothing.
func TestSecret(t *testing.T) {
	t.Parallel()
	tok := Generate()
	require.Regexp(t, `^[0-9a-f]{32}$`, tok)
	require.NotEqual(t, tok, Generate())
	s := NewSecret(tok)
	require.True(t, s.Is(tok))
	require.False(t, s.Is(strings.ToUpper(tok)))
	require.False(t, s.Is(tok[:31]))
	require.False(t, s.Is(""))
	require.False(t, Secret{}.Is(""), "the zero Secret is nobody's")
	require.True(t, NewSecret("").Is(""))
}

// Loopback tells a listener for this machine from one that others reach.
func TestLoopback(t *testing.T) {
	t.Parallel()
	for addr, want := range map[string]bool{
		"127.0.0.1:8000": true, "127.1.2.3:1": true, "[::1]:7099": true,
		"0.0.0.0:8000": false, "[::]:8000": false, "192.0.2.2:8081": false, "10.0.0.1:1": false,
	} {
		a, err := net.ResolveTCPAddr("tcp", addr)
		require.NoError(t, err)
		require.Equal(t, want, Loopback(a), addr)
	}
	require.False(t, Loopback(&net.UnixAddr{Name: "/tmp/x", Net: "unix"}))
}

// Guard lets programs and the listener's own pages in, and turns away
// other sites' pages and, on loopback, names that are not loopback ones
// (DNS rebinding).
func TestGuard(t *testing.T) {
	t.Parallel()
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
	loop := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8000}
	lan := &net.TCPAddr{IP: net.IPv4(192, 0, 2, 2), Port: 8000}
	for _, c := range []struct {
		addr         net.Addr
		host, origin string
		want         int
	}{
		{loop, "127.0.0.1:8000", "", http.StatusNoContent},
		{loop, "localhost:8000", "", http.StatusNoContent},
		{loop, "[::1]:8000", "", http.StatusNoContent},
		{loop, "127.0.0.1:8000", "http://127.0.0.1:8000", http.StatusNoContent},
		{loop, "127.0.0.1:8000", "https://evil.example", http.StatusForbidden},
		{loop, "127.0.0.1:8000", "null", http.StatusForbidden},
		{loop, "127.0.0.1:8000", "http://127.0.0.1:9999", http.StatusForbidden},
		{loop, "rebound.example:8000", "http://rebound.example:8000", http.StatusForbidden},
		{loop, "rebound.example:8000", "", http.StatusForbidden},
		{lan, "arena.lan:8000", "http://arena.lan:8000", http.StatusNoContent},
		{lan, "192.0.2.2:8000", "", http.StatusNoContent},
		{lan, "192.0.2.2:8000", "https://evil.example", http.StatusForbidden},
	} {
		r := httptest.NewRequest("GET", "/socket.io/", nil)
		r.Host = c.host
		if c.origin != "" {
			r.Header.Set("Origin", c.origin)
		}
		w := httptest.NewRecorder()
		Guard(c.addr, ok).ServeHTTP(w, r)
		require.Equal(t, c.want, w.Code, "%s: Host %s, Origin %q: %s", c.addr, c.host, c.origin, w.Body)
	}
}

// FuzzGuard feeds Guard any Host and Origin: it never panics, and it lets
// a browser's request in only from the request's own host.
func FuzzGuard(f *testing.F) {
	f.Add("127.0.0.1:8000", "http://127.0.0.1:8000", true)
	f.Add("localhost", "", true)
	f.Add("[::1", "http://[::1", false)
	f.Add("evil.example", "http://evil.example", true)
	f.Add("x", "%zz://", false)
	f.Fuzz(func(t *testing.T, host, origin string, loopback bool) {
		addr := &net.TCPAddr{IP: net.IPv4(192, 0, 2, 2), Port: 8000}
		if loopback {
			addr.IP = net.IPv4(127, 0, 0, 1)
		}
		r := &http.Request{Method: "GET", Host: host, Header: http.Header{}}
		if origin != "" {
			r.Header.Set("Origin", origin)
		}
		w := httptest.NewRecorder()
		passed := false
		Guard(addr, http.HandlerFunc(func(http.ResponseWriter, *http.Request) { passed = true })).ServeHTTP(w, r)
		if passed && r.Header.Get("Origin") != "" && !SameOrigin(r) {
			t.Fatalf("Host %q, Origin %q: let in", host, origin)
		}
	})
}
