//go:build linux

package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/net/sandbox"
)

// `arena run` confines a process bot: it cannot read a file beside its
// folder, such as a server's admin token; with --sandbox off, a trusted
// bot runs as before, and reads it.
func TestRunConfinesProcessBots(t *testing.T) {
	old := sandbox.CurrentPolicy()
	t.Cleanup(func() { sandbox.SetPolicy(old) })
	dir := t.TempDir()
	secret := filepath.Join(dir, "server", "admin-token")
	require.NoError(t, os.MkdirAll(filepath.Dir(secret), 0o700))
	require.NoError(t, os.WriteFile(secret, []byte("secret-token\n"), 0o600))
	script := filepath.Join(dir, "bot", "run.sh")
	require.NoError(t, os.MkdirAll(filepath.Dir(script), 0o755))
	require.NoError(t, os.WriteFile(script, []byte("#!/bin/bash\nif cat "+secret+" >/dev/null 2>&1; then echo LEAKED >&2; else echo DENIED >&2; fi\n"+
		"while read -r v; do echo rest; done\n"), 0o755))
	for _, c := range []struct{ sandbox, want string }{{"on", "DENIED"}, {"off", "LEAKED"}, {"memory=1GiB,procs=32", "DENIED"}} {
		out := filepath.Join(dir, c.sandbox+".arena")
		code, _, stderr := arena("run", "alienwarz", "--seats", "process:"+script+",miner", "--turns", "4", "--out", out, "--sandbox", c.sandbox)
		require.Equal(t, 0, code, stderr)
		log, err := os.ReadFile(filepath.Join(dir, c.sandbox+".p1.stderr.log"))
		require.NoError(t, err)
		require.Equal(t, c.want+"\n", string(log), "--sandbox %s", c.sandbox)
	}
	code, _, stderr := arena("run", "alienwarz", "--seats", "process:"+script+",miner", "--sandbox", "procs=lots")
	require.Equal(t, 2, code)
	require.Contains(t, stderr, `invalid value "procs=lots" for flag -sandbox: procs=lots: expected a whole number, 8 to 1000000`)
}
