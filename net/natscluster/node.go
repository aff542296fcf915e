//go:build unix

package natscluster

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"

	"github.com/nats-io/nats-server/v2/server"
)

// A process started with nodeEnv set is a node, not a test binary.
func init() {
	if cfg := os.Getenv(nodeEnv); cfg != "" {
		os.Exit(runNode(cfg))
	}
}

// runNode runs the node cfg describes until its standard input closes,
// after it has said "ready" on its standard output.
func runNode(cfg string) int {
	var nd node
	if err := json.Unmarshal([]byte(cfg), &nd); err != nil {
		fmt.Fprintf(os.Stderr, "natscluster: %s: %v\n", nodeEnv, err)
		return 2
	}
	var routes []*url.URL
	for _, r := range nd.Routes {
		u, err := url.Parse(r)
		if err != nil {
			fmt.Fprintf(os.Stderr, "natscluster: route %s: %v\n", r, err)
			return 2
		}
		routes = append(routes, u)
	}
	opts := &server.Options{
		ServerName: nd.Name, Host: "127.0.0.1", Port: nd.Port, HTTPHost: "127.0.0.1", HTTPPort: nd.HTTPPort,
		JetStream: true, StoreDir: nd.Dir, NoSigs: true, NoLog: true, MaxPayload: 8 << 20,
		Nkeys: []*server.NkeyUser{{Nkey: nd.User}}, Routes: routes,
	}
	if nd.ClusterPort != 0 {
		opts.Cluster = server.ClusterOpts{Name: nd.Cluster, Host: "127.0.0.1", Port: nd.ClusterPort}
	}
	ns, err := server.NewServer(opts)
	if err != nil {
		fmt.Fprintf(os.Stderr, "natscluster: node %s: %v\n", nd.Name, err)
		return 1
	}
	ns.Start()
	if !ns.ReadyForConnections(startWait) {
		fmt.Fprintf(os.Stderr, "natscluster: node %s did not start\n", nd.Name)
		ns.Shutdown()
		return 1
	}
	fmt.Println("ready")
	io.Copy(io.Discard, os.Stdin)
	ns.Shutdown()
	ns.WaitForShutdown()
	return 0
}
