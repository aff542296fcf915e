//go:build !js

// Package bus is Arena's connection to NATS with JetStream, the log and
// queue that the server's matches and the tournaments' jobs share: by
// default a NATS server embedded in the process, storing JetStream under a
// folder on local disk and listening on loopback only, for clients that
// hold the credentials it makes for each run; with an Address, an existing
// NATS cluster that any number of Arena processes on any machines share,
// reached with the credentials and TLS that NATS clients take.
package bus

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/nats-io/jwt/v2"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nkeys"
)

// Options say which NATS to use.
type Options struct {
	// Address is an existing NATS server or cluster; an empty URL starts
	// one in this process.
	Address
	// Dir is where an embedded server keeps JetStream's files, and the
	// credentials file of its clients (ClientCreds).
	Dir string
	// Port is the embedded server's client port on 127.0.0.1, for other
	// Arena processes on this machine (tournament workers); 0 picks a
	// free one, -1 accepts no connections from outside the process.
	Port int
	// Name names the connection in the server's monitoring.
	Name string
	// Replicas is how many copies a cluster keeps of the streams, key-value
	// buckets and object stores Arena makes (1 to MaxReplicas); 0 follows
	// the cluster: 3 on 3 servers or more, else 1.
	Replicas int
}

// ClientCreds is the file, in an embedded server's Dir, that holds the
// credentials its clients outside the process need: an nkey seed made
// anew each time the server starts, readable by its owner only.
const ClientCreds = "client.nk"

// Bus is a connection to NATS with JetStream.
type Bus struct {
	Conn *nats.Conn
	JS   jetstream.JetStream
	// Address is where other processes reach the same NATS, and with what
	// credentials: the embedded server's (nats://127.0.0.1:PORT and its
	// ClientCreds file; no URL when it listens on no port), or
	// Options.Address. Show it with its String method, which hides
	// secrets.
	Address
	// Replicas is how many copies of the streams, key-value buckets and
	// object stores Arena makes the cluster keeps: Options.Replicas, else
	// what the cluster can hold; 1 on the embedded server.
	Replicas int

	replicasWhy string
	embedded    *server.Server
}

// readyWait bounds how long an embedded server may take to start, and
// NATS to answer that it has JetStream.
const readyWait = 15 * time.Second

// Open connects to the NATS that opts name, starting an embedded server
// first when opts.URL is "". An embedded server takes clients with
// credentials only: the process's own connection with a key that never
// leaves its memory, others (when it listens) with the seed it writes to
// Dir/ClientCreds.
func Open(opts Options) (*Bus, error) {
	if opts.Replicas < 0 || opts.Replicas > MaxReplicas {
		return nil, fmt.Errorf("bus: %d replicas: expected 1 to %d, or 0 to follow the cluster", opts.Replicas, MaxReplicas)
	}
	b := &Bus{Address: opts.Address}
	connOpts := []nats.Option{nats.Name(opts.Name), nats.MaxReconnects(-1), nats.ReconnectWait(250 * time.Millisecond)}
	if opts.URL == "" {
		if opts.Creds != "" || opts.CA != "" {
			return nil, errors.New("bus: a credentials or CA file is for a NATS server's URL; the embedded server makes its own credentials")
		}
		if opts.Replicas > 1 {
			return nil, errors.New("bus: the embedded NATS server keeps one copy of each stream; more replicas need a cluster's URL")
		}
		if opts.Dir == "" {
			return nil, errors.New("bus: an embedded NATS server needs a folder for JetStream")
		}
		if err := os.MkdirAll(opts.Dir, 0o700); err != nil {
			return nil, fmt.Errorf("bus: %w", err)
		}
		own, err := startEmbedded(b, opts)
		if err != nil {
			return nil, err
		}
		connOpts = append(connOpts, nats.InProcessServer(b.embedded), own)
	} else {
		more, err := opts.Address.options()
		if err != nil {
			return nil, fmt.Errorf("bus: %w", err)
		}
		connOpts = append(connOpts, more...)
	}
	nc, err := nats.Connect(b.URL, connOpts...)
	if err != nil {
		b.shutdown()
		if errors.Is(err, nats.ErrAuthorization) {
			return nil, fmt.Errorf("bus: NATS %s refused the credentials (those in the URL, or in the credentials file %q): %w", opts.Address, opts.Creds, err)
		}
		return nil, fmt.Errorf("bus: connect to NATS %s: %w", opts.Address, err)
	}
	// An asynchronous publish that a server's loss leaves unanswered ends
	// with a timeout, which Retry takes for one.
	js, err := jetstream.New(nc, jetstream.WithPublishAsyncTimeout(attemptWait))
	if err != nil {
		nc.Close()
		b.shutdown()
		return nil, fmt.Errorf("bus: JetStream: %w", err)
	}
	// A cluster just formed, or a loaded machine, may take seconds to
	// answer; a NATS without JetStream says so at once.
	ctx, cancel := context.WithTimeout(context.Background(), readyWait)
	defer cancel()
	if _, err := js.AccountInfo(ctx); err != nil {
		nc.Close()
		b.shutdown()
		return nil, fmt.Errorf("bus: NATS at %s has no JetStream (start nats-server with -js): %w", b.Address, err)
	}
	b.Conn, b.JS = nc, js
	b.chooseReplicas(opts.Replicas)
	return b, nil
}

// startEmbedded starts the embedded server for b, with a key for the
// process's own connection (in process only) and, when it listens, one for
// its other clients (over TCP only), whose seed it writes to
// Dir/ClientCreds. It returns the option that signs in the process's own
// connection.
func startEmbedded(b *Bus, opts Options) (nats.Option, error) {
	own, err := nkeys.CreateUser()
	if err != nil {
		return nil, fmt.Errorf("bus: make the embedded server's credentials: %w", err)
	}
	ownPub, _ := own.PublicKey()
	users := []*server.NkeyUser{{Nkey: ownPub, AllowedConnectionTypes: map[string]struct{}{jwt.ConnectionTypeInProcess: {}}}}
	port, noListen := opts.Port, false
	if port < 0 {
		port, noListen = 0, true
	} else if port == 0 {
		port = server.RANDOM_PORT
	}
	creds := filepath.Join(opts.Dir, ClientCreds)
	// The seed of a run before is of no use: its server is gone.
	if err := os.Remove(creds); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("bus: %w", err)
	}
	if !noListen {
		client, err := nkeys.CreateUser()
		if err != nil {
			return nil, fmt.Errorf("bus: make the embedded server's credentials: %w", err)
		}
		pub, _ := client.PublicKey()
		seed, _ := client.Seed()
		if err := writeSecret(creds, append(seed, '\n')); err != nil {
			return nil, fmt.Errorf("bus: the clients' credentials: %w", err)
		}
		users = append(users, &server.NkeyUser{Nkey: pub, AllowedConnectionTypes: map[string]struct{}{jwt.ConnectionTypeStandard: {}}})
	}
	ns, err := server.NewServer(&server.Options{
		ServerName: "arena", Host: "127.0.0.1", Port: port, DontListen: noListen,
		JetStream: true, StoreDir: opts.Dir, NoSigs: true, NoLog: true, Nkeys: users,
		// Arena's replay lines, keyframes included, stay well under this.
		MaxPayload: 8 << 20,
	})
	if err != nil {
		os.Remove(creds)
		return nil, fmt.Errorf("bus: embedded NATS: %w", err)
	}
	ns.Start()
	if !ns.ReadyForConnections(readyWait) {
		ns.Shutdown()
		os.Remove(creds)
		return nil, fmt.Errorf("bus: the embedded NATS server did not start within %v (is %s writable?)", readyWait, opts.Dir)
	}
	b.embedded = ns
	if !noListen {
		b.Address = Address{URL: ns.ClientURL(), Creds: creds}
	}
	return nats.Nkey(ownPub, func(nonce []byte) ([]byte, error) { return own.Sign(nonce) }), nil
}

// writeSecret writes a new file that only its owner may read.
func writeSecret(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Embedded reports whether the NATS server runs in this process.
func (b *Bus) Embedded() bool { return b.embedded != nil }

// Close drains the connection and stops an embedded server, which has then
// written everything JetStream acknowledged to disk; its clients'
// credentials go with it.
func (b *Bus) Close() error {
	err := b.Conn.Drain()
	deadline := time.Now().Add(5 * time.Second)
	for !b.Conn.IsClosed() && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	b.shutdown()
	return err
}

func (b *Bus) shutdown() {
	if b.embedded != nil {
		b.embedded.Shutdown()
		b.embedded.WaitForShutdown()
		if b.Creds != "" {
			os.Remove(b.Creds)
		}
	}
}
