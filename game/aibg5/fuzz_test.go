package aibg5

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/arena-games/arena/game/gametest/hostile"
)

// fixtureSeeds adds the fixture files of a folder to a fuzz corpus, when
// they are there.
func fixtureSeeds(f *testing.F, dir string) {
	files, _ := filepath.Glob(filepath.Join(fixtureDir, dir, "*"))
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
}

func FuzzLoadMap(f *testing.F) {
	fixtureSeeds(f, "maps")
	f.Add(openMap().File())
	f.Add(wormholeMap().File())
	f.Add([]byte(`[[{"q":0,"r":-14,"type":"NORMAL","entity":"NONE"}]]`))
	f.Add([]byte(`[[],[],[]]`))
	hostile.Seed(f, "[", MapLimit.Max)
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseMap("f.txt", data)
		if err != nil {
			return
		}
		again, err := ParseMap("again.txt", m.File())
		if err != nil {
			t.Fatalf("a map that loads writes a file that does not: %v", err)
		}
		for i := range m.Tiles {
			if m.Tiles[i] != again.Tiles[i] {
				t.Fatalf("cell %v changes on the way through the file", cells[i])
			}
		}
		NewEngine(m, DefaultRules(), 1)
	})
}

func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"move,-7,-6", " move , -7 , -6 ,, ", "move,-7", "attack,2147483647,0", "Move,1,1", "jump,99,0",
		",,,", "", "attack,+0,-0", "move,٣,1", "move,1,1,1", "attack,0,-14,"} {
		f.Add(s)
	}
	e := newGame(f, openMap(), nil)
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAction(s)
		if err != nil {
			if _, ok := err.(*ActionError); !ok {
				t.Fatalf("%q: error %T is not an *ActionError", s, err)
			}
		} else if back, err := ParseAction(a.String()); err != nil || back != a {
			t.Fatalf("%q reads as %v, which reads back as %v, %v", s, a, back, err)
		}
		_ = e.Check(0, s)
	})
}

func FuzzReadState(f *testing.F) {
	if data, err := os.ReadFile(filepath.Join(fixtureDir, "states", "initial_state.json")); err == nil {
		f.Add(data)
	}
	js, _ := newGame(f, openMap(), nil).State()
	f.Add(js)
	f.Add([]byte(`{"gameState":"{\"map\":{}}","time":1,"playerAttack":"null"}`))
	f.Add([]byte(`"{\"scoreBoard\":null}"`))
	hostile.Seed(f, `{"gameState":`, MapLimit.Max)
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ReadState(data)
		if err != nil {
			return
		}
		out, err := s.GameState()
		if err != nil {
			t.Fatal(err)
		}
		again, err := ReadState(out)
		if err != nil {
			t.Fatalf("our own gameState does not read back: %v", err)
		}
		out2, _ := again.GameState()
		if string(out) != string(out2) {
			t.Fatal("gameState not stable through a read")
		}
		for idx := 1; idx <= 4; idx++ {
			again.ToMove = idx
			again.Legal(idx)
		}
		_, _ = ImportStates("f.json", data)
	})
}
