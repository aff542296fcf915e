//go:build unix

// Package natscluster starts a NATS cluster with JetStream on loopback for
// tests: each node its own process (the test binary again, which becomes
// a node when this package is linked into it and ARENA_NATS_NODE is set),
// joined by cluster routes on 127.0.0.1, taking only clients that sign in
// with an nkey. A node can be killed with SIGKILL and started again with
// the same ports and the same JetStream folder; every node stops with the
// test, or when the test process dies (its standard input closes).
package natscluster

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nkeys"

	"github.com/arena-games/arena/net/bus"
)

// nodeEnv holds a node's config (JSON) in the environment of its process.
const nodeEnv = "ARENA_NATS_NODE"

// The bounds of the cluster's waits.
const (
	startWait = 20 * time.Second // a node's process until it takes clients
	formWait  = 30 * time.Second // the cluster until it has a meta leader
	stopWait  = 10 * time.Second // a node's process until it exits
)

// node is one node's config, as its process reads it.
type node struct {
	Name        string   `json:"name"`
	Cluster     string   `json:"cluster"` // the cluster's name, its own: no other's node joins it
	Port        int      `json:"port"`
	ClusterPort int      `json:"cluster_port"`
	HTTPPort    int      `json:"http_port"`
	Dir         string   `json:"dir"`
	Routes      []string `json:"routes"`
	// User is the public nkey that clients sign in with.
	User string `json:"user"`
}

// Cluster is a NATS cluster of separate processes on loopback.
type Cluster struct {
	t     testing.TB
	nodes []*Node
	creds string
}

// Node is one node of a cluster and its process.
type Node struct {
	node
	cmd   *exec.Cmd
	stdin io.WriteCloser
	// exited closes when the process has exited.
	exited chan struct{}
}

// Start starts a cluster of n nodes (1 to 5) and waits until it has a
// JetStream meta leader that every node knows; they stop with the test.
// One node is a lone server, with no cluster routes.
func Start(t testing.TB, n int) *Cluster {
	t.Helper()
	if n < 1 || n > 5 {
		t.Fatalf("natscluster: %d nodes: expected 1 to 5", n)
	}
	user, err := nkeys.CreateUser()
	if err != nil {
		t.Fatal(err)
	}
	pub, _ := user.PublicKey()
	seed, _ := user.Seed()
	base := t.TempDir()
	c := &Cluster{t: t, creds: filepath.Join(base, "client.nk")}
	if err := os.WriteFile(c.creds, append(seed, '\n'), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.stop)
	// Another program may take a port between freePorts and the node, or
	// JetStream may not answer a client: the cluster starts again on other
	// ports, a few times at most.
	for try := range startTries {
		c.stop()
		c.place(n, filepath.Join(base, fmt.Sprint(try)), pub)
		if err = c.startAll(); err == nil {
			c.WaitFormed()
			if err = c.answers(); err == nil {
				return c
			}
		}
	}
	t.Fatal(err)
	return nil
}

// answers reports whether a client of the cluster gets JetStream's answer
// (bus.Open asks for it).
func (c *Cluster) answers() error {
	b, err := bus.Open(bus.Options{Address: c.Address(), Name: "natscluster"})
	if err != nil {
		return err
	}
	return b.Close()
}

// startTries bounds the starts of a cluster whose ports were taken, or
// whose JetStream did not answer.
const startTries = 3

// place gives the cluster n nodes on ports free now, in folders under
// base, whose clients sign in with the nkey user.
func (c *Cluster) place(n int, base, user string) {
	ports := freePorts(c.t, 3*n)
	var routes []string
	for i := range n {
		routes = append(routes, fmt.Sprintf("nats-route://127.0.0.1:%d", ports[3*i+1]))
	}
	c.nodes = nil
	for i := range n {
		nd := node{Name: fmt.Sprintf("n%d", i+1), Cluster: fmt.Sprintf("arena-test-%d", ports[0]), Port: ports[3*i], HTTPPort: ports[3*i+2],
			Dir: filepath.Join(base, fmt.Sprintf("n%d", i+1)), User: user}
		if n > 1 {
			nd.ClusterPort, nd.Routes = ports[3*i+1], routes
		}
		c.nodes = append(c.nodes, &Node{node: nd})
	}
}

// startAll starts every node.
func (c *Cluster) startAll() error {
	for _, nd := range c.nodes {
		if err := c.start(nd); err != nil {
			return err
		}
	}
	return nil
}

// Address is how clients reach the cluster: every node's URL, and the
// file of the nkey seed they sign in with.
func (c *Cluster) Address() bus.Address {
	var urls []string
	for _, nd := range c.nodes {
		urls = append(urls, nd.URL())
	}
	return bus.Address{URL: strings.Join(urls, ","), Creds: c.creds}
}

// Nodes are the cluster's nodes.
func (c *Cluster) Nodes() []*Node { return c.nodes }

// URL is where the node takes clients.
func (nd *Node) URL() string { return fmt.Sprintf("nats://127.0.0.1:%d", nd.Port) }

// Kill kills node i's process with SIGKILL, as a machine's loss does, and
// waits until it has exited.
func (c *Cluster) Kill(i int) {
	c.t.Helper()
	nd := c.nodes[i]
	if nd.cmd == nil {
		c.t.Fatalf("natscluster: node %s is not running", nd.Name)
	}
	nd.cmd.Process.Signal(syscall.SIGKILL)
	<-nd.exited
	nd.cmd = nil
}

// Restart starts node i again, with its ports and its JetStream folder,
// and waits until the cluster has a meta leader that it knows too.
func (c *Cluster) Restart(i int) {
	c.t.Helper()
	if err := c.start(c.nodes[i]); err != nil {
		c.t.Fatal(err)
	}
	c.WaitFormed()
}

// WaitFormed waits until every running node knows the same JetStream meta
// leader and all the cluster's nodes (a lone server: until it answers).
func (c *Cluster) WaitFormed() {
	c.t.Helper()
	deadline := time.Now().Add(formWait)
	for {
		if len(c.nodes) == 1 {
			if _, err := c.nodes[0].meta(); err == nil || errors.Is(err, errNoMeta) {
				return
			}
		}
		leaders := map[string]bool{}
		formed := true
		for _, nd := range c.nodes {
			if nd.cmd == nil {
				continue
			}
			meta, err := nd.meta()
			if err != nil || meta.Leader == "" || meta.Size != len(c.nodes) {
				formed = false
				break
			}
			leaders[meta.Leader] = true
		}
		if formed && len(leaders) == 1 {
			return
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("natscluster: no JetStream meta leader known to every node within %v", formWait)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// MetaLeader is the index of the node that leads JetStream's meta group,
// which every stream's and consumer's placement goes through.
func (c *Cluster) MetaLeader() int {
	c.t.Helper()
	if len(c.nodes) == 1 {
		return 0
	}
	for _, nd := range c.nodes {
		if nd.cmd == nil {
			continue
		}
		if meta, err := nd.meta(); err == nil && meta.Leader != "" {
			for i, l := range c.nodes {
				if l.Name == meta.Leader {
					return i
				}
			}
		}
	}
	c.t.Fatal("natscluster: no node knows a meta leader")
	return -1
}

// metaCluster is what a node's monitoring says of the JetStream meta
// group.
type metaCluster struct {
	Leader string `json:"leader"`
	Size   int    `json:"cluster_size"`
}

// errNoMeta says a node has no JetStream meta group: a lone server, or
// one whose cluster has not formed.
var errNoMeta = errors.New("no JetStream meta group")

// meta asks the node's monitoring port about the meta group.
func (nd *Node) meta() (metaCluster, error) {
	cl := http.Client{Timeout: 2 * time.Second}
	resp, err := cl.Get(fmt.Sprintf("http://127.0.0.1:%d/jsz", nd.HTTPPort))
	if err != nil {
		return metaCluster{}, err
	}
	defer resp.Body.Close()
	var jsz struct {
		Meta *metaCluster `json:"meta_cluster"`
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&jsz); err != nil {
		return metaCluster{}, err
	}
	if jsz.Meta == nil {
		return metaCluster{}, fmt.Errorf("node %s: %w", nd.Name, errNoMeta)
	}
	return *jsz.Meta, nil
}

// start starts nd's process and waits until it takes clients.
func (c *Cluster) start(nd *Node) error {
	cfg, _ := json.Marshal(nd.node)
	cmd := exec.Command(os.Args[0], "-test.run", "^$")
	cmd.Env = append(os.Environ(), nodeEnv+"="+string(cfg))
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("natscluster: start node %s: %w", nd.Name, err)
	}
	nd.cmd, nd.stdin, nd.exited = cmd, stdin, make(chan struct{})
	ready := make(chan bool, 1)
	go func() {
		line, _ := bufio.NewReader(stdout).ReadString('\n')
		ready <- line == "ready\n"
		io.Copy(io.Discard, stdout)
		cmd.Wait()
		close(nd.exited)
	}()
	select {
	case ok := <-ready:
		if ok {
			return nil
		}
	case <-time.After(startWait):
	}
	cmd.Process.Signal(syscall.SIGKILL)
	<-nd.exited
	nd.cmd = nil
	return fmt.Errorf("natscluster: node %s did not take clients within %v (ports %d, %d, %d)", nd.Name, startWait, nd.Port, nd.ClusterPort, nd.HTTPPort)
}

// stop stops every running node: it closes their standard input, and
// kills those that have not exited in stopWait.
func (c *Cluster) stop() {
	for _, nd := range c.nodes {
		if nd.cmd != nil {
			nd.stdin.Close()
		}
	}
	for _, nd := range c.nodes {
		if nd.cmd == nil {
			continue
		}
		select {
		case <-nd.exited:
		case <-time.After(stopWait):
			nd.cmd.Process.Signal(syscall.SIGKILL)
			<-nd.exited
		}
		nd.cmd = nil
	}
}

// freePorts are n ports free on 127.0.0.1 now.
func freePorts(t testing.TB, n int) []int {
	t.Helper()
	var ports []int
	var lns []net.Listener
	defer func() {
		for _, ln := range lns {
			ln.Close()
		}
	}()
	for range n {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		lns = append(lns, ln)
		ports = append(ports, ln.Addr().(*net.TCPAddr).Port)
	}
	return ports
}
