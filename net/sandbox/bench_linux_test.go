package sandbox

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// echoBot answers each line with the same line: stdin/stdout, or over
// TCP to the address in its arguments.
const echoBot = `if [ -n "$1" ]; then exec 0<>/dev/tcp/127.0.0.1/$1 1>&0; fi
while IFS= read -r line; do echo "$line"; done
`

// variants are the ways a program is started that the benchmarks compare:
// without the sandbox package (exec as before it), mode off and mode on.
var variants = []struct {
	name  string
	start func(cmd *exec.Cmd, p Program) error
	mode  Mode
}{
	{"exec", func(cmd *exec.Cmd, _ Program) error { return cmd.Start() }, On},
	{"off", Start, Off},
	{"on", Start, On},
}

// echo is a started echo bot.
type echo struct {
	cmd *exec.Cmd
	in  io.Writer
	out *bufio.Reader
}

// startEcho starts the echo bot at path as the variant does; over TCP when
// lobby is a listener's address.
func startEcho(b *testing.B, path string, v int, ln net.Listener) *echo {
	SetPolicy(Policy{Mode: variants[v].mode})
	args := []string{path}
	p := Program{Name: "echo bot"}
	if ln != nil {
		_, port, _ := net.SplitHostPort(ln.Addr().String())
		args = append(args, port)
		p.Connect = ln.Addr().String()
	}
	cmd := exec.Command("bash", args...)
	cmd.Dir = filepath.Dir(path)
	e := &echo{cmd: cmd}
	if ln == nil {
		e.in, _ = cmd.StdinPipe()
		out, _ := cmd.StdoutPipe()
		e.out = bufio.NewReader(out)
	}
	require.NoError(b, variants[v].start(cmd, p))
	if ln != nil {
		c, err := ln.Accept()
		require.NoError(b, err)
		e.in, e.out = c, bufio.NewReader(c)
	}
	return e
}

// roundTrip sends a line and reads it back.
func (e *echo) roundTrip(b *testing.B, line string) {
	fmt.Fprintln(e.in, line)
	got, err := e.out.ReadString('\n')
	require.NoError(b, err)
	require.Equal(b, line+"\n", got)
}

func (e *echo) stop() {
	Kill(e.cmd)
	if e.cmd.Process != nil {
		e.cmd.Process.Kill()
	}
	e.cmd.Wait()
}

// BenchmarkStartToFirstReply starts an echo bot and waits for its first
// reply, then ends it: as exec did before the sandbox, with the sandbox
// off (the launcher alone) and on; each in turn, in one run. It reports
// the milliseconds of each and the ratio of on to exec.
func BenchmarkStartToFirstReply(b *testing.B) {
	defer SetPolicy(CurrentPolicy())
	path := program(b, echoBot)
	total := make([]time.Duration, len(variants))
	for range b.N {
		for v := range variants {
			t0 := time.Now()
			e := startEcho(b, path, v, nil)
			e.roundTrip(b, "hello")
			total[v] += time.Since(t0)
			e.stop()
		}
	}
	report(b, total, "ms", func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 / float64(b.N) })
}

// BenchmarkRoundTrip is one move of a started echo bot: a line to it and
// its answer back, over stdin and stdout (a process: bot, an engine) and
// over TCP (an AIC21 unit: through the launcher's relay when the sandbox
// is on). It reports microseconds per round trip of each variant and the
// ratio of on to exec.
func BenchmarkRoundTrip(b *testing.B) {
	defer SetPolicy(CurrentPolicy())
	path := program(b, echoBot)
	for _, over := range []string{"pipes", "tcp"} {
		b.Run(over, func(b *testing.B) {
			var bots []*echo
			for v := range variants {
				var ln net.Listener
				if over == "tcp" {
					var err error
					ln, err = net.Listen("tcp", "127.0.0.1:0")
					require.NoError(b, err)
					defer ln.Close()
				}
				bots = append(bots, startEcho(b, path, v, ln))
			}
			defer func() {
				for _, e := range bots {
					e.stop()
				}
			}()
			total := make([]time.Duration, len(variants))
			b.ResetTimer()
			for range b.N {
				for v, e := range bots {
					t0 := time.Now()
					e.roundTrip(b, "move 3 4")
					total[v] += time.Since(t0)
				}
			}
			report(b, total, "us", func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1000 / float64(b.N) })
		})
	}
}

// report reports each variant's figure and on's ratio to exec, with the
// load average.
func report(b *testing.B, total []time.Duration, unit string, per func(time.Duration) float64) {
	for v, t := range total {
		b.ReportMetric(per(t), variants[v].name+"-"+unit)
	}
	b.ReportMetric(per(total[2])/per(total[0]), "on/exec")
	b.ReportMetric(per(total[1])/per(total[0]), "off/exec")
	if load, err := os.ReadFile("/proc/loadavg"); err == nil {
		var one float64
		fmt.Sscan(string(load), &one)
		b.ReportMetric(one, "load")
	}
}
