//go:build js

package scenes

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/net/stream"
	tnet "github.com/arena-games/arena/net/tournament"
	"github.com/arena-games/arena/render/ui"
)

// In a browser the menu has what a page can do; the rest (bot programs,
// the replay folder, tournaments) is the desktop's, and the menu says so.
const (
	menuNote = "In the browser: replays from a file, a link or a server, a server's tournaments, and games against the built-in bots. Bot programs, the replay library and running tournaments are in the desktop app."
	menuKeys = "↑ ↓ to choose · Enter to open · ? for help · drop a replay on the page to watch it"
)

// tools are the menu's buttons under the game cards.
func (m *Menu) tools() []ui.Widget {
	return []ui.Widget{m.open, m.watch, m.tournaments, m.help, m.settings}
}

// openTournaments is the menu's "Tournaments": those the page's server
// shows, asked for in the background.
func openTournaments(a *App) {
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		list, err := serverTournaments(ctx, DefaultServer)
		a.Later(func(a *App) {
			text := lang.F("The tournaments of %s; they update live while they play.", DefaultServer)
			if err != nil {
				text = lang.F("%s shows no tournaments (%v); give a tournament's URL.", DefaultServer, err)
			} else if len(list) == 0 {
				text = lang.F("%s shows no tournaments yet; give a tournament's URL.", DefaultServer)
			}
			a.Push(newTournaments(list, text))
		})
	}()
}

// leave is Esc at the menu: a page is left by closing its tab.
func leave(a *App) { a.Toast("Arena runs in this tab: close the tab to leave it") }

// demoReplay is where the demo loop writes a game's replay: nowhere, the
// game is kept in the page.
func demoReplay(string) string { return "" }

// fileInput is the page's <input type=file> that "Open a file…" clicks.
var fileInput js.Value

// openFile is the menu's "Open a file…": the browser's file picker.
func openFile(a *App) {
	if fileInput.IsUndefined() {
		a.Toast("This page has no file picker")
		return
	}
	fileInput.Call("click")
}

// dropped opens a file dropped on the page in the viewer.
func (a *App) dropped() {
	files := ebiten.DroppedFiles()
	if files == nil {
		return
	}
	entries, err := fs.ReadDir(files, ".")
	if err != nil || len(entries) == 0 {
		return
	}
	e := entries[0]
	if e.IsDir() {
		a.Toast("%s is a folder: drop one replay file", e.Name())
		return
	}
	if len(entries) == 2 && !entries[1].IsDir() {
		go compareDropped(a, files, e.Name(), entries[1].Name())
		return
	}
	go func() {
		data, err := fs.ReadFile(files, e.Name())
		if err == nil {
			err = game.ReplayLimit.Check(e.Name(), data)
		}
		a.openData(e.Name(), data, err, -1)
	}()
}

// openData opens a replay's bytes in the viewer (at turn, unless it is
// -1), from another goroutine.
func (a *App) openData(name string, data []byte, err error, turn int) {
	var rec *game.Recording
	if err == nil {
		rec, err = game.Open(name, data)
	}
	a.Later(func(a *App) {
		if err != nil {
			comparing = nil
			a.Toast("%v", err)
			return
		}
		if openCompared(a, name, rec) {
			return
		}
		v, err := NewRecordingViewer(rec)
		if err != nil {
			a.Toast("%v", err)
			return
		}
		v.file = name
		if turn >= 0 {
			v.Seek(turn)
		}
		a.Push(v)
	})
}

// addStatus gives the page arenaStatus(): what the window shows, as JSON,
// for the tests that drive the page and for people's scripts. frame is
// when the first frame was drawn (performance.now(), in milliseconds);
// moves are those of the turn shown; mapFirst whether the viewer shows the
// map first; analysis the engine's analysis shown, if any.
func addStatus(a *App) {
	first := -1.0
	prev := a.OnFirstFrame
	a.OnFirstFrame = func() {
		first = js.Global().Get("performance").Call("now").Float()
		if prev != nil {
			prev()
		}
	}
	js.Global().Set("arenaStatus", js.FuncOf(func(js.Value, []js.Value) any {
		st := struct {
			Frame float64           `json:"frame"`
			Scene string            `json:"scene"`
			Title string            `json:"title,omitempty"`
			Turn  int               `json:"turn"`
			Turns int               `json:"turns"`
			Live  bool              `json:"live"`
			Moves map[string]string `json:"moves,omitempty"`
			Toast string            `json:"toast,omitempty"`
			Map   bool              `json:"mapFirst,omitempty"`
			// Lang is the screens' language.
			Lang string `json:"lang"`
			// Analysis is the engine's analysis on screen (analysis.go):
			// its depth, nodes and best turn.
			Analysis *analysisStatus `json:"analysis,omitempty"`
		}{Frame: first, Scene: fmt.Sprintf("%T", a.Top()), Turn: -1, Toast: a.toast, Lang: string(lang.Current())}
		switch top := a.Top().(type) {
		case *AnalysisBoard:
			st.Analysis = top.status()
		case *Viewer:
			if top.analysis != nil {
				st.Analysis = top.analysis.status()
			}
		}
		if v, ok := a.Top().(*Viewer); ok {
			tl := v.rec.Timeline
			st.Title, st.Turn, st.Turns, st.Live, st.Map = v.rec.Title.ID(), v.Cursor(), tl.Len()-1, tl.Live(), v.mapFirst
			st.Moves = map[string]string{}
			for s, m := range tl.Frame(v.Cursor()).Moves {
				st.Moves[strconv.Itoa(s.Number())] = m
			}
		}
		data, _ := json.Marshal(st)
		return string(data)
	}))
}

// StartPage connects the app to its page: the file picker, the server the
// page came from, and what the page's address asks for: ?replay=URL opens
// a replay (or a server's match), ?layout=map opens matches with the map
// first (for a projector), ?lang=TAG speaks a language (en, sr-Latn,
// sr-Cyrl, fa) whatever the settings say, #match=ID watches a match of the page's
// server, #match=ID&jury=TOKEN as its jury sees it (live and whole; the
// token, in the fragment, never reaches the network in an address, and is
// taken off the address bar once read).
func StartPage(a *App) {
	a.ReplayDir = "" // matches played in the page keep their replays in it
	loc := js.Global().Get("location")
	here, err := url.Parse(loc.Get("href").String())
	if err != nil {
		a.Toast("the page's address: %v", err)
		return
	}
	if here.Scheme == "http" || here.Scheme == "https" {
		DefaultServer = here.Scheme + "://" + here.Host
	}
	addFileInput(a)
	addStatus(a)
	if here.Query().Get("layout") == "map" {
		openMapFirst = true
	}
	if l := here.Query().Get("lang"); l != "" {
		t, err := lang.Parse(l)
		if err != nil {
			a.Toast("?lang=%s: %v", l, err)
		}
		a.Lang = t
	}
	if r := here.Query().Get("replay"); r != "" {
		turn := -1
		if t := here.Query().Get("turn"); t != "" {
			if turn, err = strconv.Atoi(t); err != nil || turn < 0 {
				a.Toast("?turn=%s: expected a turn's number, from 0", t)
				turn = -1
			}
		}
		u, err := here.Parse(r)
		if err != nil {
			a.Toast("?replay=%s: %v", r, err)
		} else {
			openURL(a, u.String(), turn)
		}
	}
	if name, ok := strings.CutPrefix(here.Fragment, "tournament="); ok {
		src, err := tnet.ParseSource(DefaultServer + "/tournaments/" + url.PathEscape(name) + "/")
		if err != nil || name == "" {
			a.Toast("%s: expected a tournament's name on the server of this page", "#tournament="+name)
			return
		}
		a.Push(NewTournament(src, nil))
	}
	if strings.HasPrefix(here.Fragment, "match=") {
		f, _ := url.ParseQuery(here.Fragment)
		id := f.Get("match")
		c, err := stream.NewClient(DefaultServer)
		if err != nil || !stream.ValidID(id) {
			a.Toast("%s: expected a match's id on the server of this page", "#match="+id)
			return
		}
		if f.Has("jury") {
			c.Jury = f.Get("jury")
			js.Global().Get("history").Call("replaceState", js.Null(), "", "#match="+id)
		}
		a.Push(NewServerWatch(c))
		a.Push(NewOpening(c.Watch(context.Background(), id), nil))
	}
}

// openURL opens the replay at u (at turn, unless it is -1): a server's
// match live from its start, a server's replay, or any replay file on the
// web.
func openURL(a *App, u string, turn int) {
	if c, id, replay, err := stream.ParseMatchURL(u); err == nil && !replay {
		a.Push(NewWatch(c.Base))
		a.Push(NewOpening(c.Watch(context.Background(), id), nil))
		return
	}
	a.Toast("Opening %s…", u)
	go func() {
		data, err := fetch(u)
		a.openData(path.Base(u), data, err, turn)
	}()
}

// fetch reads a replay from the web.
func fetch(u string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", u, err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", u, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: the server answered %s", u, resp.Status)
	}
	return game.ReplayLimit.Read(u, resp.Body)
}

// addFileInput adds the page's hidden <input type=file id=arena-open>: a
// file chosen in it opens in the viewer.
func addFileInput(a *App) {
	doc := js.Global().Get("document")
	in := doc.Call("createElement", "input")
	in.Set("type", "file")
	in.Set("id", "arena-open")
	in.Set("accept", ".arena,.json,.txt,.gz,.log,.jsonl")
	in.Get("style").Set("display", "none")
	in.Call("addEventListener", "change", js.FuncOf(func(this js.Value, _ []js.Value) any {
		files := this.Get("files")
		if files.Length() == 0 {
			return nil
		}
		f := files.Index(0)
		name := f.Get("name").String()
		var then, fail js.Func
		then = js.FuncOf(func(_ js.Value, args []js.Value) any {
			buf := js.Global().Get("Uint8Array").New(args[0])
			data := make([]byte, buf.Length())
			js.CopyBytesToGo(data, buf)
			go a.openData(name, data, nil, -1)
			then.Release()
			fail.Release()
			return nil
		})
		fail = js.FuncOf(func(_ js.Value, args []js.Value) any {
			err := fmt.Errorf("%s: %s", name, args[0].Call("toString").String())
			go a.openData(name, nil, err, -1)
			then.Release()
			fail.Release()
			return nil
		})
		f.Call("arrayBuffer").Call("then", then, fail)
		this.Set("value", "") // the same file again is a change too
		return nil
	}))
	in.Call("addEventListener", "cancel", js.FuncOf(func(js.Value, []js.Value) any {
		go a.Later(func(*App) { comparing = nil })
		return nil
	}))
	doc.Get("body").Call("appendChild", in)
	fileInput = in
}

// copyText puts s on the page's clipboard (navigator.clipboard), and
// reports whether the page has one.
func copyText(s string) bool {
	cb := js.Global().Get("navigator").Get("clipboard")
	if !cb.Truthy() {
		return false
	}
	cb.Call("writeText", s)
	return true
}

// pasteText reads the page's clipboard and hands its text to paste on a
// later tick (the browser answers when it has asked the person, if it
// asks), and reports whether the page has a clipboard.
func pasteText(a *App, paste func(*App, string)) bool {
	cb := js.Global().Get("navigator").Get("clipboard")
	if !cb.Truthy() {
		return false
	}
	var then, fail js.Func
	done := func() { then.Release(); fail.Release() }
	then = js.FuncOf(func(_ js.Value, args []js.Value) any {
		text := args[0].String()
		done()
		a.Later(func(a *App) { paste(a, text) })
		return nil
	})
	fail = js.FuncOf(func(_ js.Value, args []js.Value) any {
		msg := args[0].Call("toString").String()
		done()
		a.Later(func(a *App) { a.Toast("the clipboard: %s", msg) })
		return nil
	})
	cb.Call("readText").Call("then", then, fail)
	return true
}

// startLanguage is the browser's first language that Arena speaks
// (navigator.languages), English for none.
func startLanguage() lang.Tag {
	nav := js.Global().Get("navigator")
	if nav.IsUndefined() {
		return lang.En
	}
	if list := nav.Get("languages"); !list.IsUndefined() && !list.IsNull() {
		for i := range list.Length() {
			if t, ok := lang.FromLocale(list.Index(i).String()); ok {
				return t
			}
		}
	}
	if l := nav.Get("language"); l.Type() == js.TypeString {
		if t, ok := lang.FromLocale(l.String()); ok {
			return t
		}
	}
	return lang.En
}
