package scenes

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/internal/titles/views"
)

//go:generate go test -run ^TestControlsDoc$ . -fixdocs

var fixDocs = flag.Bool("fixdocs", false, "TestControlsDoc: write docs/controls.md again")

// docs/controls.md says what the bindings say: Arena's own keys (keymap),
// each game's controls on the board (its view's Bindings) and those of
// Santorini's analysis board. xvfb-run -a go
// generate ./scenes writes it again.
func TestControlsDoc(t *testing.T) {
	const path = "../docs/controls.md"
	text := controlsMarkdown(t)
	if *fixDocs {
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
		return
	}
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	if string(got) != text {
		t.Errorf("%s is stale: a key binding changed; regenerate it with xvfb-run -a go generate ./scenes", path)
	}
}

// controlsMarkdown is docs/controls.md: the sections of the help overlay,
// each binding once, then each game's controls on the board.
func controlsMarkdown(t *testing.T) string {
	var b strings.Builder
	b.WriteString("# Keys and controls\n\n")
	b.WriteString("<!-- Made from the key bindings (scenes/input.go and each view's Bindings) by `xvfb-run -a go generate ./scenes`; do not edit. -->\n\n")
	b.WriteString("`?` or `F1` shows these in the window: Arena's own keys, and the controls of the game on screen.\n")
	b.WriteString("A key that a game takes while a person enters a move is the game's until the move is sent.\n")
	for _, sec := range keySections() {
		fmt.Fprintf(&b, "\n## %s\n\n| key or mouse | what it does |\n|---|---|\n", headingCase(sec.head))
		for _, k := range sec.bindings {
			fmt.Fprintf(&b, "| %s | %s |\n", keyCell(k.Names), k.About)
		}
	}
	b.WriteString("\n## On the board\n")
	for _, d := range views.Drawn() {
		title, err := game.Lookup(d.Title)
		require.NoError(t, err)
		fmt.Fprintf(&b, "\n### %s\n\n| key or mouse | what it does |\n|---|---|\n", title.Name())
		for _, k := range bindingsOf(d.New()) {
			if k.Names != "" {
				fmt.Fprintf(&b, "| %s | %s |\n", keyCell(k.Names), k.About)
			}
		}
	}
	b.WriteString("\n## On Santorini's analysis board\n\n| key or mouse | what it does |\n|---|---|\n")
	for _, k := range analysisBindings {
		fmt.Fprintf(&b, "| %s | %s |\n", keyCell(k.Names), k.About)
	}
	return b.String()
}

// headingCase is a help heading ("IN A TOURNAMENT") as a page's heading
// ("In a tournament").
func headingCase(head string) string {
	lower := strings.ToLower(head)
	return strings.ToUpper(lower[:1]) + lower[1:]
}

// keyCell is the keys of a binding as a table's cell, as the help writes
// them.
func keyCell(names string) string { return strings.ReplaceAll(names, "|", "\\|") }
