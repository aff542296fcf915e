//go:build js

package scenes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"syscall/js"
	"time"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/internal/lang"
)

// In a browser what Arena keeps goes where a page keeps things: a replay
// or a film is a download, the settings are in the page's local storage.

// saveReplay is the pause menu's "Save replay as…": the replay downloads.
func saveReplay(a *App, v *Viewer) {
	name := fmt.Sprintf("%s-%s.arena", v.rec.Title.ID(), time.Now().Format("20060102-150405"))
	where, _, err := deliver(name, func(w io.Writer) error { return game.WriteReplay(v.rec, w) })
	if err != nil {
		a.Toast("%v", err)
		return
	}
	a.Toast("Saved %s", where)
}

// deliver hands the file that the person asked for to the browser, as a
// download named after path, and says where it went and its size.
func deliver(path string, write func(io.Writer) error) (string, int64, error) {
	var b bytes.Buffer
	if err := write(&b); err != nil {
		return "", 0, err
	}
	data := js.Global().Get("Uint8Array").New(b.Len())
	js.CopyBytesToJS(data, b.Bytes())
	blob := js.Global().Get("Blob").New([]any{data}, map[string]any{"type": "application/octet-stream"})
	url := js.Global().Get("URL").Call("createObjectURL", blob)
	doc := js.Global().Get("document")
	link := doc.Call("createElement", "a")
	link.Set("href", url)
	link.Set("download", path)
	doc.Get("body").Call("appendChild", link)
	link.Call("click")
	link.Call("remove")
	// The download has its own copy once it starts.
	js.Global().Call("setTimeout", js.FuncOf(func(js.Value, []js.Value) any {
		js.Global().Get("URL").Call("revokeObjectURL", url)
		return nil
	}), 60_000)
	return lang.F("%s (the browser's downloads)", path), int64(b.Len()), nil
}

// settingsKey is where the page keeps the settings in local storage.
const settingsKey = "arena/settings.json"

// readSettings reads the kept settings; none kept is fs.ErrNotExist.
func readSettings(string) ([]byte, error) {
	store := js.Global().Get("localStorage")
	if store.IsUndefined() || store.IsNull() {
		return nil, fs.ErrNotExist
	}
	v := store.Call("getItem", settingsKey)
	if v.IsNull() {
		return nil, fs.ErrNotExist
	}
	return []byte(v.String()), nil
}

// keepSettings keeps the settings st in the page's local storage.
func keepSettings(_ string, st Settings) error {
	data, err := json.Marshal(st)
	if err != nil {
		return err
	}
	return keepItem(settingsKey, string(data))
}

// keepItem sets a key of the page's local storage; a browser that refuses
// (private windows, a full store) throws, which is an error here.
func keepItem(key, value string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%s", lang.F("this browser keeps no settings for the page: %v", r))
		}
	}()
	js.Global().Get("localStorage").Call("setItem", key, value)
	return nil
}
