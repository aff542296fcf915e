package contest

import (
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A match's server stopped at once, before its Serve goroutine has run,
// leaves no port open behind it: a bot that dials it is refused.
func TestStopClosesThePort(t *testing.T) {
	for range 20 {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		srv := &http.Server{ReadHeaderTimeout: time.Second}
		go srv.Serve(ln)
		Stop(srv, ln)
		_, err = net.DialTimeout("tcp", ln.Addr().String(), time.Second)
		require.Error(t, err, "the listener is closed")
	}
}
