//go:build !js

// Package bus is Arena's connection to NATS with JetStream, the log and
// queue that the server's matches and the tournaments' jobs share: by
// default a NATS server embedded in the process, storing JetStream under a
// folder on local disk and listening on loopback only; with a URL, an
// existing NATS cluster that any number of Arena processes on any machines
// share.
package bus

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Options say which NATS to use.
type Options struct {
	// URL is an existing NATS server or cluster (nats://host:4222); ""
	// starts one in this process.
	URL string
	// Dir is where an embedded server keeps JetStream's files.
	Dir string
	// Port is the embedded server's client port on 127.0.0.1, for other
	// Arena processes on this machine (tournament workers); 0 picks a
	// free one, -1 accepts no connections from outside the process.
	Port int
	// Name names the connection in the server's monitoring.
	Name string
}

// Bus is a connection to NATS with JetStream.
type Bus struct {
	Conn *nats.Conn
	JS   jetstream.JetStream
	// URL is where other processes reach the same NATS: the embedded
	// server's address (nats://127.0.0.1:PORT), or Options.URL.
	URL string

	embedded *server.Server
}

// readyWait bounds how long an embedded server may take to start.
const readyWait = 15 * time.Second

// Open connects to the NATS that opts name, starting an embedded server
// first when opts.URL is "".
func Open(opts Options) (*Bus, error) {
	b := &Bus{URL: opts.URL}
	connOpts := []nats.Option{nats.Name(opts.Name), nats.MaxReconnects(-1), nats.ReconnectWait(250 * time.Millisecond)}
	if opts.URL == "" {
		if opts.Dir == "" {
			return nil, errors.New("bus: an embedded NATS server needs a folder for JetStream")
		}
		if err := os.MkdirAll(opts.Dir, 0o755); err != nil {
			return nil, fmt.Errorf("bus: %w", err)
		}
		port, noListen := opts.Port, false
		if port < 0 {
			port, noListen = 0, true
		} else if port == 0 {
			port = server.RANDOM_PORT
		}
		ns, err := server.NewServer(&server.Options{
			ServerName: "arena", Host: "127.0.0.1", Port: port, DontListen: noListen,
			JetStream: true, StoreDir: opts.Dir, NoSigs: true, NoLog: true,
			// Arena's replay lines, keyframes included, stay well under this.
			MaxPayload: 8 << 20,
		})
		if err != nil {
			return nil, fmt.Errorf("bus: embedded NATS: %w", err)
		}
		ns.Start()
		if !ns.ReadyForConnections(readyWait) {
			ns.Shutdown()
			return nil, fmt.Errorf("bus: the embedded NATS server did not start within %v (is %s writable?)", readyWait, opts.Dir)
		}
		b.embedded = ns
		if !noListen {
			b.URL = ns.ClientURL()
		}
		connOpts = append(connOpts, nats.InProcessServer(ns))
	}
	nc, err := nats.Connect(b.URL, connOpts...)
	if err != nil {
		b.shutdown()
		return nil, fmt.Errorf("bus: connect to NATS %s: %w", opts.URL, err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		b.shutdown()
		return nil, fmt.Errorf("bus: JetStream: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := js.AccountInfo(ctx); err != nil {
		nc.Close()
		b.shutdown()
		return nil, fmt.Errorf("bus: NATS at %s has no JetStream (start nats-server with -js): %w", b.URL, err)
	}
	b.Conn, b.JS = nc, js
	return b, nil
}

// Embedded reports whether the NATS server runs in this process.
func (b *Bus) Embedded() bool { return b.embedded != nil }

// Close drains the connection and stops an embedded server, which has then
// written everything JetStream acknowledged to disk.
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
	}
}
