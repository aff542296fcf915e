package scenes

import (
	"fmt"
	"image"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/tournament"
	"github.com/arena-games/arena/internal/lang"
	tnet "github.com/arena-games/arena/net/tournament"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/ui"
)

// The smallest window the room may have at every interface scale, and a
// 4K screen at the largest, in every language: every screen lays out
// inside the window, no button's label is cut, and the viewer's board,
// panels, scoreboard and bar, in either layout, neither leave it nor
// cover one another.
func TestEveryScaleFitsTheWindow(t *testing.T) {
	recs := map[string]*game.Recording{}
	addFixtures(t, recs, map[string]string{"santorini": "santorini", "aic21": "aic21", "guardains": "guardains", "alienwarz": "alienwarz", "aibg5": "aibg5"})
	require.NotEmpty(t, recs)
	defer lang.Set(lang.Current())
	for _, tag := range lang.Tags {
		lang.Set(tag)
		for _, ui := range uiScaleValues {
			sizes := [][2]int{{1280, 720}}
			if ui == uiScaleValues[len(uiScaleValues)-1] {
				sizes = append(sizes, [2]int{3840, 2160})
			}
			for _, size := range sizes {
				w, h := size[0], size[1]
				at := fmt.Sprintf("in %s at %d%%", tag, int(ui*100))

				menu := NewMenu()
				a := newTestApp(menu)
				a.UIScale = ui
				screen(t, a, w, h, "menu")
				var rs []image.Rectangle
				for _, it := range menu.form.Items {
					rs = append(rs, it.Rect())
				}
				inside(t, rs, w, h, "menu "+at)
				uncut(t, menu.form.Items, "menu "+at)

				for _, title := range MenuTitles() {
					s := NewSetup(title)
					a := newTestApp(s)
					a.UIScale = ui
					screen(t, a, w, h, "setup")
					rs = rs[:0]
					for _, it := range s.form.Items {
						rs = append(rs, it.Rect())
					}
					inside(t, rs, w, h, "set-up of "+title.ID()+" "+at)
					uncut(t, s.form.Items, "set-up of "+title.ID()+" "+at)
					if s.rules != nil {
						r := NewRules(s)
						a.Push(r)
						screen(t, a, w, h, "rules")
						inside(t, []image.Rectangle{r.done.Rect(), r.cancel.Rect(), r.reset.Rect()}, w, h, "rules of "+title.ID()+" "+at)
					}
				}

				ab, err := NewAnalysisBoard(AnalysisStart)
				require.NoError(t, err)
				a = newTestApp(NewMenu())
				a.UIScale = ui
				a.Push(ab)
				screen(t, a, w, h, "analysis-board")
				ab.Close()
				rs = []image.Rectangle{ab.area, ab.panel, ab.bar, ab.notation.Rect(), ab.apply.Rect(), ab.help.Rect(), ab.menu.Rect(),
					ab.an.back.Rect(), ab.an.fwd.Rect(), ab.sideBtn.Rect(), ab.start.Rect(), ab.clear.Rect()}
				for _, b := range ab.tools {
					rs = append(rs, b.Rect())
				}
				inside(t, rs, w, h, "the analysis board "+at)
				for _, c := range []image.Rectangle{ab.panel, ab.bar, ab.notation.Rect()} {
					require.False(t, c.Overlaps(ab.area), "the analysis board %s: %v covers the board %v", at, c, ab.area)
				}
				require.True(t, ab.an.fwd.Rect().In(ab.panel), "the analysis board %s: the step buttons stay in the panel", at)

				a = newTestApp(NewMenu())
				a.UIScale = ui
				set := NewSettings(a, filepath.Join(t.TempDir(), "settings.json"))
				a.Push(set)
				screen(t, a, w, h, "settings")
				rs = rs[:0]
				for _, it := range set.form.Items {
					rs = append(rs, it.Rect())
				}
				inside(t, rs, w, h, "settings "+at)
				uncut(t, set.form.Items, "settings "+at)

				_, snap := fakeTournament(t, tournament.Format{System: tournament.SingleElimination, Seats: 2, Games: 2, ThirdPlace: true}, players, 1, byIndex)
				for view := range 3 {
					sc := NewTournament(tnet.Source{Dir: t.TempDir()}, snap)
					a = newTestApp(sc)
					a.UIScale = ui
					sc.show(a, view)
					screen(t, a, w, h, fmt.Sprintf("tournament-%d", view))
					inside(t, append(append([]image.Rectangle{sc.area}, sc.tabs...), sc.heads...), w, h, fmt.Sprintf("the tournament's view %d %s", view, at))
					sc.Close()
				}

				for id, rec := range recs {
					for _, mapFirst := range []bool{false, true} {
						view, err := render.NewView(rec.Title.ID())
						require.NoError(t, err)
						v := NewViewer(rec, view)
						v.mapFirst = mapFirst
						a := newTestApp(v)
						a.UIScale = ui
						a.W, a.H, a.Scale = w, h, fitScale(w, h, ui)
						v.layout(a)
						what := fmt.Sprintf("the %s viewer %s, map first %v", id, at, mapFirst)
						rs = []image.Rectangle{v.area, v.bar, v.scrub}
						for _, b := range v.buttons {
							if !b.Rect().Empty() {
								rs = append(rs, b.Rect())
							}
						}
						chrome := []image.Rectangle{v.bar}
						if mapFirst {
							rs = append(rs, v.scoreboard())
							rs = append(rs, v.score.cards...)
							chrome = append(chrome, v.scoreboard())
							for _, c := range v.score.cards {
								require.LessOrEqual(t, float64(c.Max.X), v.score.turnX, "%s: a player's card runs into the turn", what)
							}
							v.Seek(rec.Timeline.Len() - 1)
							v.step(a)
							v.atEnd = true
							r, _, ok := v.bannerRect(a)
							require.True(t, ok, "%s: no room for the banner", what)
							require.True(t, r.In(v.scoreboard()), "%s: the banner %v leaves the scoreboard", what, r)
						} else {
							rs = append(rs, v.side, v.top)
							chrome = append(chrome, v.side, v.top)
							require.GreaterOrEqual(t, v.area.Dx(), w/2, "%s: the board has at least half the window's width", what)
						}
						if id == "santorini" && !mapFirst {
							v.toggleAnalysis(a)
							screen(t, a, w, h, "viewer-analysis")
							v.Close()
							rs = append(rs, v.analysis.back.Rect(), v.analysis.fwd.Rect())
							require.True(t, v.analysis.fwd.Rect().In(v.side), "%s: the analysis's step buttons stay in the panel", what)
						}
						inside(t, rs, w, h, what)
						for _, c := range chrome {
							require.False(t, c.Overlaps(v.area), "%s: %v covers the board %v", what, c, v.area)
						}
					}
				}
			}
		}
	}
}

// uncut reports whether every button among items shows its whole label,
// in the screens' language, as it was last drawn.
func uncut(t *testing.T, items []ui.Widget, what string) {
	t.Helper()
	for _, it := range items {
		b, ok := it.(*ui.Button)
		if !ok || b.Label == "" {
			continue
		}
		label, _, _, _ := b.Fitted()
		require.Equal(t, lang.T(b.Label), label, "%s: the button's label is cut", what)
	}
}
