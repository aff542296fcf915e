//go:build !js

package cli

import (
	"flag"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

var fixDocs = flag.Bool("fixdocs", false, "TestCLIDocs: write docs/cli.md and the arena program's doc.go again")

// The generated files agree with the table of commands: docs/cli.md and
// the package comment of the arena program. go generate ./internal/cli
// (go test -run ^TestCLIDocs$ ./internal/cli -fixdocs) writes them again.
func TestCLIDocs(t *testing.T) {
	for _, f := range []struct{ path, text string }{
		{"../../docs/cli.md", markdown()},
		{"../../doc.go", packageDoc()},
	} {
		if *fixDocs {
			require.NoError(t, os.WriteFile(f.path, []byte(f.text), 0o644))
			continue
		}
		got, err := os.ReadFile(f.path)
		require.NoError(t, err)
		if string(got) != f.text {
			t.Errorf("%s is stale: the table of commands or the titles changed; regenerate it with go generate ./internal/cli", f.path)
		}
	}
}

// Each command's --help, the list of commands and docs/cli.md say what the
// table says: every command with its synopsis, its help and every one of
// its flags; and a synopsis names exactly the command's flags.
func TestHelpAgreesWithTheTable(t *testing.T) {
	code, list, _ := arena("--help")
	require.Equal(t, 0, code)
	require.Equal(t, usage(), list)
	docs := markdown()
	flagName := regexp.MustCompile(`--([a-z][a-z-]*)`)
	commands := 0
	table.walk("arena", func(path string, c *Command) {
		commands++
		words := strings.Fields(path)[1:]
		if len(words) == 0 {
			words = []string{"--replays", t.TempDir()} // arena --help alone lists the commands
		}
		code, _, stderr := arena(append(words, "--help")...)
		require.Equal(t, 0, code, path)
		fs, _ := c.flagSet(path, NewEnv(nil, nil, nil))
		require.Equal(t, c.help(path, fs), stderr, path)
		require.Contains(t, docs, "\n## "+path+"\n", path)
		for _, line := range c.synopsis(path) {
			require.Contains(t, docs, line, path)
			if len(c.Synopsis) > 0 {
				require.Contains(t, list, line, path)
			}
		}
		require.Contains(t, stderr, c.Long, path)
		require.Contains(t, docs, prose(c.Long), path)

		named := map[string]bool{}
		for _, form := range c.Synopsis {
			for _, m := range flagName.FindAllStringSubmatch(form, -1) {
				named[m[1]] = true
				require.NotNil(t, fs.Lookup(m[1]), "%s: the synopsis names --%s, which is no flag of it", path, m[1])
			}
		}
		fs.VisitAll(func(f *flag.Flag) {
			listed := regexp.MustCompile(`(?m)^  -` + f.Name + `[ \t\n]`)
			require.Regexp(t, listed, stderr, "%s --help lists --%s", path, f.Name)
			require.Regexp(t, listed, flagsOf(path, c), "docs/cli.md lists %s --%s", path, f.Name)
			require.True(t, named[f.Name], "%s: the synopsis does not name --%s", path, f.Name)
		})
	})
	require.Equal(t, 24, commands, "arena, its 13 commands (2 of them groups) and the groups' 10")
}

// A usage error prints the command's help after the flag package's words,
// then the error; an unknown command the list of commands.
func TestUsageErrorsShowTheHelp(t *testing.T) {
	code, _, stderr := arena("santorini", "match", "--bogus")
	require.Equal(t, 2, code)
	fs, _ := cmdGauntlet.flagSet("arena santorini match", NewEnv(nil, nil, nil))
	require.Equal(t, "flag provided but not defined: -bogus\n"+cmdGauntlet.help("arena santorini match", fs)+
		"arena santorini: flag provided but not defined: -bogus\n", stderr)
	code, _, stderr = arena("frobnicate")
	require.Equal(t, 2, code)
	require.Equal(t, "arena: unknown command \"frobnicate\"\n\n"+usage(), stderr)
}
