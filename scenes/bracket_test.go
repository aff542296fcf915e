package scenes

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game/tournament"
	tnet "github.com/arena-games/arena/net/tournament"
)

// The list of a knock-out's matches names each as the bracket does.
func TestBracketMatchListNamesTheTie(t *testing.T) {
	f := tournament.Format{System: tournament.SingleElimination, Seats: 2, Games: 1, ThirdPlace: true}
	_, snap := fakeTournament(t, f, players[:8], 10, byIndex)
	sc := NewTournament(tnet.Source{Dir: t.TempDir()}, snap)
	defer sc.Close()
	var list []*tournament.Played
	for i := range snap.Index.Matches {
		list = append(list, &snap.Index.Matches[i])
	}
	var heads []string
	for _, text := range newMatchList(sc, "all", list).texts {
		head, _, _ := strings.Cut(text, "   ")
		heads = append(heads, head)
	}
	require.Equal(t, []string{"Quarter-final 1", "Quarter-final 2", "Quarter-final 3", "Quarter-final 4",
		"Semi-final 1", "Semi-final 2", "Final", "Third place"}, heads)
}
