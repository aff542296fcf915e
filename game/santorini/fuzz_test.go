package santorini

import (
	"bytes"
	"os"
	"testing"

	"github.com/arena-games/arena/game/gametest/hostile"
)

func FuzzReadMoveFile(f *testing.F) {
	if data, err := os.ReadFile(fixturePath); err == nil {
		f.Add(data)
	}
	f.Add([]byte("\xEF\xBB\xBF" + "  c3   b2  \r\n\r\nС2\tD2 \r\nC3 B3 A3 // x\r\nc2 d3 e3"))
	f.Add([]byte(scenario3Out))
	f.Add([]byte("etf.santorini.sv150155d.players.Human;1\netf.santorini.sv150155d.players.Human;2\n" + scenario3Out))
	f.Add([]byte("СЗ В2 //x\n\nВ2 D2\n"))
	f.Add([]byte("\xff\xfeC\x003\x00 \x00B\x002\x00"))
	f.Add([]byte("\xd1\xc7 \xc22\n"))
	f.Add([]byte(""))
	hostile.Seed(f, "C3 B2\n", MoveFileLimit.Max)
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ReadMoveFile("f", data)
		if len(g.Boards) != len(g.Turns)+1 {
			t.Fatalf("%d boards for %d turns", len(g.Boards), len(g.Turns))
		}
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := WriteMoveFile(&out, g.Turns, false); err != nil {
			t.Fatal(err)
		}
		g2, err := ReadMoveFile("out", out.Bytes())
		if err != nil {
			t.Fatalf("strict output does not read back: %v\n%s", err, out.Bytes())
		}
		if len(g2.Turns) != len(g.Turns) || g2.Last() != g.Last() {
			t.Fatalf("read back to another game:\n%s", out.Bytes())
		}
		var again bytes.Buffer
		if err := WriteMoveFile(&again, g2.Turns, false); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.Bytes(), again.Bytes()) {
			t.Fatalf("writer not stable:\n%s\n%s", out.Bytes(), again.Bytes())
		}
	})
}

func FuzzParsePosition(f *testing.F) {
	for _, row := range perftTable {
		f.Add(row.pos)
	}
	f.Add("0000000000000000000000000/1/mortal:C3,B2/mortal:C2,D2")
	f.Add("0000000000000300002000000/2/D3,A1/E5,A5")
	f.Add("0000000000000000000000000/1/C3,C3/C2,D2")
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParsePosition(s)
		if err != nil {
			return
		}
		b2, err := ParsePosition(b.Position())
		if err != nil {
			t.Fatalf("%q reads, but its Position %q does not: %v", s, b.Position(), err)
		}
		if b2 != b {
			t.Fatalf("%q: round trip through %q changed the board", s, b.Position())
		}
		if _, err := b.JSON(); err != nil {
			t.Fatal(err)
		}
		if b.Phase == Play && Perft(b, 1) != uint64(len(b.Legal())) {
			t.Fatalf("%q: perft 1 disagrees with Legal", s)
		}
	})
}

func FuzzParseTurn(f *testing.F) {
	f.Add(repaired, "C3 B3 A3")
	f.Add(repaired, "C3 B3")
	f.Add(repaired, "c3>b3^a3")
	f.Add("0000000000000000000000000/1//", "C3 C3")
	f.Add("0000000000000000000000000/2/C3,B2/", "B2 D2")
	f.Add("0000000000000300002000000/1/D2,A1/E5,A5", "D2 D3")
	f.Add("0000000000000300002000000/1/D2,A1/E5,A5", "D2>D3#")
	f.Add("0000000000000300002000000/1/D2,A1/E5,A5", "D2 D3 D4")
	f.Fuzz(func(t *testing.T, pos, line string) {
		b, err := ParsePosition(pos)
		if err != nil {
			return
		}
		loose, looseErr := parseAnswer(&b, line, nil)
		tu, err := ParseTurn(&b, line)
		if err != nil {
			if code(err) == "" {
				t.Fatalf("%q: error %v is not a RuleError", line, err)
			}
			return
		}
		if tu.String() != line {
			t.Fatalf("strict %q reads as %q", line, tu.String())
		}
		if looseErr != nil || loose != tu {
			t.Fatalf("%q: the tolerant reader disagrees: %v %v", line, loose, looseErr)
		}
		if _, err := b.Apply(tu); err != nil {
			t.Fatalf("%q parses but does not apply: %v", line, err)
		}
	})
}
