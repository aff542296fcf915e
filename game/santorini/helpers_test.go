package santorini

import (
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/gametest"
)

// TestMain installs the title, which the replays of the tests' games name.
func TestMain(m *testing.M) {
	game.Install(game.Catalog{Titles: []game.Title{Title{}}})
	os.Exit(m.Run())
}

// busy is what a machine busy with other work may add to a wall-clock
// time: the tests check that a budget stops the search; the budget's
// figures are the benchmarks'.
const busy = 250 * time.Millisecond

// fixturePath is the fixture game.txt, relative to this package.
const fixturePath = "../../../shared/fixtures/santorini/game.txt"

// fixture reads the fixture game.txt. It skips the test when the fixture is
// absent, except under CI=true, where that is a failure.
func fixture(t testing.TB) []byte {
	t.Helper()
	return gametest.Fixture(t, fixturePath)
}

// position parses a peer position string or fails the test.
func position(t testing.TB, s string) Board {
	t.Helper()
	b, err := ParsePosition(s)
	require.NoError(t, err, s)
	return b
}

// play applies strict lines from b and fails the test on an error.
func play(t testing.TB, b Board, lines ...string) Board {
	t.Helper()
	for _, l := range lines {
		tu, err := ParseTurn(&b, l)
		require.NoError(t, err, l)
		b, err = b.Apply(tu)
		require.NoError(t, err, l)
	}
	return b
}

// code is the RuleError code of err, or "" when err is not one.
func code(err error) string {
	var re *RuleError
	if errAs(err, &re) {
		return re.Code
	}
	return ""
}

// cell parses a strict cell name or panics: for test tables.
func cell(s string) Cell {
	c, ok := ParseCell(s)
	if !ok {
		panic("bad cell " + s)
	}
	return c
}

// repaired is the repaired seed start (§5.4), P1 to move.
const repaired = "0000000000000000000000000/1/C3,B2/C2,D2"
