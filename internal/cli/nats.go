//go:build !js

package cli

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/arena-games/arena/net/bus"
)

// natsFlags adds to fs the flags that say how a command reaches an existing
// NATS (arena serve, arena tournament run and worker share them): --nats,
// whose about says what it is for the command, --nats-creds and --nats-ca.
func natsFlags(fs *flag.FlagSet, about string) *bus.Address {
	a := &bus.Address{}
	fs.StringVar(&a.URL, "nats", "", about)
	fs.StringVar(&a.Creds, "nats-creds", "", "with --nats: the NATS credentials to sign in with, a .creds or nkey seed `FILE` (readable by its owner only); or put them in the URL: nats://user:password@host:4222, nats://token@host:4222")
	fs.StringVar(&a.CA, "nats-ca", "", "with --nats: the certificate authority (a PEM `FILE`) that signs the NATS servers' TLS certificates; the connection then requires TLS")
	return a
}

// replicasFlag adds --replicas to fs: how many copies a NATS cluster keeps
// of what the command makes there, 0 (the default) following the cluster.
func replicasFlag(fs *flag.FlagSet, what string) *int {
	return fs.Int("replicas", 0, fmt.Sprintf("with --nats: copies a NATS cluster keeps of %s, 1 to %d (default: 3 on a cluster of 3 servers or more, else 1)", what, bus.MaxReplicas))
}

// checkReplicas says when --replicas is out of bounds, or more than one
// without --nats.
func checkReplicas(n int, a *bus.Address) error {
	if n < 0 || n > bus.MaxReplicas || (n > 1 && a.URL == "") {
		return usagef("--replicas %d: expected 1 to %d on a cluster (--nats); the embedded NATS keeps 1", n, bus.MaxReplicas)
	}
	return nil
}

// checkNATS says when --nats-creds or --nats-ca come without --nats.
func checkNATS(a *bus.Address) error {
	if a.URL == "" && (a.Creds != "" || a.CA != "") {
		return usagef("--nats-creds and --nats-ca go with --nats URL (the embedded NATS makes its own credentials)")
	}
	return nil
}

// readNATS is the address a process that starts this one hands it on
// stdin (--nats -).
func readNATS(a *bus.Address, stdin io.Reader) error {
	if a.URL != "-" {
		return nil
	}
	if a.Creds != "" || a.CA != "" {
		return usagef("--nats -: the credentials and the CA come with the address on standard input, not in --nats-creds or --nats-ca")
	}
	got, err := bus.ReadAddress("--nats - (standard input)", stdin)
	if err != nil {
		return fmt.Errorf("the NATS address: %w", err)
	}
	*a = got
	return nil
}

// workerCommand is the command that starts a worker on the NATS at a, as
// a person types it: the URL without its secrets (with a note where it had
// some) and the files that hold the others.
func workerCommand(a bus.Address) string {
	cmd := "arena tournament worker --nats " + shellWord(bus.Redact(a.URL))
	if a.Creds != "" {
		cmd += " --nats-creds " + shellWord(a.Creds)
	}
	if a.CA != "" {
		cmd += " --nats-ca " + shellWord(a.CA)
	}
	if bus.Redact(a.URL) != a.URL {
		cmd += " (with the URL's password or token in place of xxxxx)"
	}
	return cmd
}

// shellWord is s quoted for a POSIX shell where it needs to be.
func shellWord(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:,@+=") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
