package sandbox

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestParsePolicy(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Policy
	}{
		{"on", Policy{}},
		{"off", Policy{Mode: Off}},
		{"strict", Policy{Mode: Strict}},
		{"memory=1GiB,cpu=10m,procs=128,read=/opt/jdk", Policy{Limits: Limits{Memory: 1 << 30, CPU: 10 * time.Minute, Procs: 128}, Read: []string{"/opt/jdk"}}},
		{"strict, memory=2GB ,files=4096,filesize=10MB,scratch=64MiB,env=JAVA_OPTS,read=/a/../b/",
			Policy{Mode: Strict, Limits: Limits{Memory: 2e9, Files: 4096, FileSize: 10e6, Scratch: 64 << 20}, Read: []string{"/b"}, Env: []string{"JAVA_OPTS"}}},
		{"on,on,memory=1.5GiB", Policy{Limits: Limits{Memory: 3 << 29}}},
	} {
		got, err := ParsePolicy(c.in)
		require.NoError(t, err, c.in)
		require.Equal(t, c.want, got, c.in)
		again, err := ParsePolicy(got.String())
		require.NoError(t, err, got.String())
		require.Equal(t, got, again, "String writes what ParsePolicy reads")
	}
	for _, c := range []struct{ in, want string }{
		{"", "empty: expected on, strict or off"},
		{"maybe", `"maybe": expected on, strict or off, or a setting NAME=VALUE`},
		{"on,off", "two modes, on and off: choose one"},
		{"memory=2000", "memory=2000: expected a size such as 512MiB or 2GB, 16MiB to 1TiB"},
		{"memory=1KiB", "16MiB to 1TiB"},
		{"memory=-1GiB", "expected a size"},
		{"memory=2TiB", "expected a size"},
		{"cpu=0s", "cpu=0s: expected a CPU time such as 90s or 15m, 1s to 1000h"},
		{"procs=lots", "procs=lots: expected a whole number, 8 to 1000000"},
		{"procs=2", "8 to 1000000"},
		{"files=1", "files=1: expected a whole number, 32 to 1048576"},
		{"read=opt/jdk", "read=opt/jdk: expected an absolute path, such as /opt/jdk"},
		{"env=A=B", "env=A=B: expected the name of an environment variable"},
		{"colour=blue", "colour=blue: unknown setting: the settings are memory, cpu, procs, files, filesize, scratch, read and env"},
	} {
		_, err := ParsePolicy(c.in)
		require.ErrorContains(t, err, c.want, c.in)
	}
}

// The --sandbox flag sets the process's policy.
func TestFlagSetsThePolicy(t *testing.T) {
	usePolicy(t, Policy{})
	var f Flag
	require.NoError(t, f.Set("strict,procs=64"))
	require.Equal(t, Policy{Mode: Strict, Limits: Limits{Procs: 64}}, CurrentPolicy())
	require.Equal(t, "strict,procs=64", f.String())
	require.Error(t, f.Set("procs=1"))
	require.Equal(t, Strict, CurrentPolicy().Mode, "a bad value changes nothing")
}

// Limits: a program's contest defaults, over them the command line's.
func TestLimitsOver(t *testing.T) {
	contest := DefaultLimits.Over(Limits{Memory: 2000e6, Procs: 64})
	got := contest.Over(Limits{Procs: 16, CPU: time.Minute})
	require.Equal(t, Limits{Memory: 2000e6, CPU: time.Minute, Procs: 16, Files: DefaultLimits.Files, FileSize: DefaultLimits.FileSize, Scratch: DefaultLimits.Scratch}, got)
}

func FuzzParsePolicy(f *testing.F) {
	for _, s := range []string{"on", "off", "strict,memory=1GiB", "memory=1GiB,cpu=10m,procs=128,read=/opt/jdk", "env=JAVA_HOME,files=64", "filesize=0.5MiB", "scratch=3.3GB", "memory=99999999999999TB", ",,", "read=/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePolicy(s)
		if err != nil {
			return
		}
		again, err := ParsePolicy(p.String())
		if err != nil {
			t.Fatalf("%q -> %q: %v", s, p.String(), err)
		}
		if again.String() != p.String() {
			t.Fatalf("%q -> %q -> %q", s, p.String(), again.String())
		}
	})
}
