package scenes

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/tournament"
	"github.com/arena-games/arena/internal/lang"
	tnet "github.com/arena-games/arena/net/tournament"
	"github.com/arena-games/arena/render"
)

// shownScreen is one screen that the language tests draw: open sets it up
// in a fresh app and returns the app.
type shownScreen struct {
	name string
	open func(t *testing.T) *App
}

// languageScreens are the screens every language is tried on; each game's
// own screens add theirs in their test files' init.
var languageScreens = []shownScreen{
	{"menu", func(*testing.T) *App { return newTestApp(NewMenu()) }},
	{"help", func(*testing.T) *App { a := newTestApp(NewMenu()); a.Push(NewHelp()); return a }},
	{"settings", func(t *testing.T) *App {
		a := newTestApp(NewMenu())
		a.Push(NewSettings(a, filepath.Join(t.TempDir(), "settings.json")))
		return a
	}},
	{"open a replay", func(t *testing.T) *App { a := newTestApp(NewMenu()); a.Push(NewOpen(t.TempDir())); return a }},
	// The library's folder field shows its path: an empty folder named "."
	// (a temporary folder's path is words).
	{"library", func(t *testing.T) *App { t.Chdir(t.TempDir()); return newTestApp(NewLibrary(".")) }},
	{"watch a server", func(*testing.T) *App { return newTestApp(NewWatch("")) }},
	{"tournaments", func(t *testing.T) *App { return newTestApp(NewTournaments(t.TempDir())) }},
	{"analysis board", func(t *testing.T) *App {
		ab, err := NewAnalysisBoard(AnalysisStart)
		require.NoError(t, err)
		t.Cleanup(ab.Close)
		a := newTestApp(NewMenu())
		a.Push(ab)
		return a
	}},
}

// titleScreens are each game's set-up and rules screens: the games are
// installed once the tests run.
func titleScreens() []shownScreen {
	var out []shownScreen
	for _, title := range MenuTitles() {
		out = append(out, shownScreen{"set-up of " + title.ID(), func(*testing.T) *App { return newTestApp(NewSetup(title)) }},
			shownScreen{"rules of " + title.ID(), func(*testing.T) *App {
				s := NewSetup(title)
				a := newTestApp(s)
				if s.rules != nil {
					a.Push(NewRules(s))
				}
				return a
			}})
	}
	return out
}

func init() {
	for view := range 3 {
		languageScreens = append(languageScreens, shownScreen{fmt.Sprintf("tournament view %d", view), func(t *testing.T) *App {
			_, snap := fakeTournament(t, tournament.Format{System: tournament.SingleElimination, Seats: 2, Games: 2, ThirdPlace: true}, players, 1, byIndex)
			sc := NewTournament(tnet.Source{Dir: t.TempDir()}, snap)
			t.Cleanup(sc.Close)
			a := newTestApp(sc)
			sc.show(a, view)
			return a
		}})
	}
	for id := range fixtureFiles {
		viewer := func(t *testing.T, at func(v *Viewer) int, mapFirst bool) (*App, *Viewer) {
			recs := map[string]*game.Recording{}
			addFixtures(t, recs, map[string]string{id: id})
			rec := recs[id]
			if rec == nil {
				t.Skipf("no fixture of %s", id)
			}
			view, err := render.NewView(id)
			require.NoError(t, err)
			v := NewViewer(rec, view)
			v.mapFirst = mapFirst
			a := newTestApp(v)
			v.layout(a)
			v.Seek(at(v))
			v.step(a)
			return a, v
		}
		middle := func(v *Viewer) int { return v.rec.Timeline.Len() / 2 }
		end := func(v *Viewer) int { return v.rec.Timeline.Len() - 1 }
		languageScreens = append(languageScreens,
			shownScreen{id + " viewer", func(t *testing.T) *App { a, _ := viewer(t, middle, false); return a }},
			shownScreen{id + " viewer at the end", func(t *testing.T) *App { a, v := viewer(t, end, false); v.atEnd = true; return a }},
			shownScreen{id + " viewer, map first", func(t *testing.T) *App { a, _ := viewer(t, middle, true); return a }},
			shownScreen{id + " paused", func(t *testing.T) *App { a, v := viewer(t, middle, false); a.Push(NewPause(v)); return a }},
			shownScreen{id + " game over", func(t *testing.T) *App { a, v := viewer(t, end, false); a.Push(NewResults(v)); return a }},
			shownScreen{id + " keys", func(t *testing.T) *App { a, v := viewer(t, middle, false); a.Push(NewBoardHelp(v.view)); return a }},
		)
	}
	languageScreens = append(languageScreens,
		shownScreen{"kiosk title", func(t *testing.T) *App {
			show := NewKiosk(t.TempDir(), false, 0, 1)
			a := newTestApp(show)
			show.start(a, NewViewer(openFixture(t), mustView(t)))
			return a
		}},
		shownScreen{"kiosk result", func(t *testing.T) *App {
			show := NewKiosk(t.TempDir(), false, 0, 1)
			a := newTestApp(show)
			rec := openFixture(t)
			v := NewViewer(rec, mustView(t))
			show.start(a, v)
			v.Seek(rec.Timeline.Len() - 1)
			v.step(a)
			show.phase = showResult
			return a
		}},
	)
}

// english finds a word: a run of letters, digits and the marks that join
// an identifier's parts; it is English when it has two letters or more.
var english = regexp.MustCompile(`[A-Za-z0-9_.'-]*[A-Za-z][A-Za-z0-9_.'-]*`)

// identifier reports whether w is written as a program's name is: parts
// joined by _ or . (max_agents, compat.zeroToken, log.json).
func identifier(w string) bool {
	return strings.ContainsAny(strings.Trim(w, ".'-"), "_.")
}

// pseudoMarked finds the words that the catalogue said, innermost first.
var pseudoMarked = regexp.MustCompile(lang.PseudoOpen + `[^` + lang.PseudoOpen + lang.PseudoClose + `]*` + lang.PseudoClose)

// cutMark finds a marked word cut short where the text meets its width.
var cutMark = regexp.MustCompile(lang.PseudoOpen + `[^` + lang.PseudoOpen + lang.PseudoClose + `]*$`)

// notWords are the Latin words a screen may show in any language: names,
// notation and keys (testdata/names.txt, one a line; a name of several
// words is taken whole), and the names the command line takes (the games'
// bots, seats, maps and options), which the screens show as typed.
func notWords(t *testing.T) map[string]bool {
	data, err := os.ReadFile("testdata/names.txt")
	require.NoError(t, err)
	out := map[string]bool{}
	for _, title := range game.Titles() { // names the command line takes, shown as typed
		for _, b := range title.Bots() {
			out[b.Kind] = true
		}
		for _, k := range game.Connectors(title) {
			out[k.Kind] = true
		}
		for _, m := range game.Maps(title) {
			out[m.Name] = true
		}
		if c, ok := title.(game.Configurable); ok {
			for _, o := range c.Options() {
				out[o.Name] = true
			}
		}
	}
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			out[l] = true
		}
	}
	return out
}

// TestNoEnglishLeft draws every screen in a pseudo-language that marks each
// text the catalogue says: a word of English outside the marks is a text
// that bypasses the catalogue.
func TestNoEnglishLeft(t *testing.T) {
	defer lang.Set(lang.Current())
	lang.Set(lang.Pseudo)
	allowed := notWords(t)
	left := map[string][]string{}
	var at string
	render.ListenText(func(s string) {
		rest := s
		for name := range allowed {
			if strings.Contains(name, " ") {
				rest = strings.ReplaceAll(rest, name, " ")
			}
		}
		for {
			next := pseudoMarked.ReplaceAllString(rest, " ")
			if next == rest {
				break
			}
			rest = next
		}
		rest = cutMark.ReplaceAllString(rest, " ")
		for _, w := range english.FindAllString(rest, -1) {
			w = strings.Trim(w, ".'-")
			letters := strings.IndexFunc(w, unicode.IsLetter) != strings.LastIndexFunc(w, unicode.IsLetter)
			if letters && !allowed[w] && !identifier(w) {
				left[at] = append(left[at], s)
				return
			}
		}
	})
	defer render.ListenText(nil)
	screens := append(titleScreens(), languageScreens...)
	require.Greater(t, len(screens), len(languageScreens), "the games' set-up screens")
	for _, sc := range screens {
		at = sc.name
		t.Run(sc.name, func(t *testing.T) {
			a := sc.open(t)
			screen(t, a, 1280, 800, "pseudo-"+strings.ReplaceAll(sc.name, " ", "-"))
		})
	}
	var report []string
	for name, texts := range left {
		sort.Strings(texts)
		texts = compactStrings(texts)
		for _, s := range texts {
			report = append(report, fmt.Sprintf("%s: %q", name, s))
		}
	}
	sort.Strings(report)
	require.Empty(t, report, "texts drawn that the catalogue does not have:\n%s", strings.Join(report, "\n"))
}

func compactStrings(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// Every game's words that the set-up and rules screens show, whether or
// not a screen above happens to show them: what its bots, the contests'
// seats and its maps are, and its options' help, are in the catalogue
// (their names are the command line's, shown as typed).
func TestTheGamesWordsAreCatalogued(t *testing.T) {
	c := lang.Embedded()
	var missing []string
	need := func(title, what, s string) {
		if _, ok := c[s]; !ok && s != "" {
			missing = append(missing, fmt.Sprintf("%s %s: %q", title, what, s))
		}
	}
	for _, title := range MenuTitles() {
		id := title.ID()
		for _, b := range title.Bots() {
			need(id, "bot "+b.Kind, b.About)
		}
		for _, k := range game.Connectors(title) {
			if k.Kind != outsider.Kind { // this package's tests' own
				need(id, "seat "+k.Kind, k.About)
			}
		}
		for _, m := range game.Maps(title) {
			need(id, "map "+m.Name, m.About)
		}
		if cf, ok := title.(game.Configurable); ok {
			for _, o := range cf.Options() {
				need(id, "option "+o.Name, o.Help)
			}
		}
	}
	sort.Strings(missing)
	require.Empty(t, missing, "not in the catalogue:\n%s", strings.Join(missing, "\n"))
}

// A key's letter is the letter on the key in every language, though the
// catalogue says "D" (a tournament's column of draws) in Persian.
func TestKeysKeepTheirLetters(t *testing.T) {
	defer lang.Set(lang.Current())
	lang.Set(lang.Fa)
	require.NotEqual(t, "D", lang.T("D"))
	require.Equal(t, "D", keyName("D"))
	require.Equal(t, lang.T("Mouse"), keyName("Mouse"))
}
