package views

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/internal/titles"
)

// Every game has a view, and every view draws a game.
func TestEveryGameIsDrawn(t *testing.T) {
	drawn := map[string]bool{}
	for _, d := range Drawn() {
		require.NotEmpty(t, d.Blurb, d.Title)
		drawn[d.Title] = true
	}
	for _, g := range titles.Games() {
		require.True(t, drawn[g.ID()], "%s has no view", g.ID())
		delete(drawn, g.ID())
	}
	require.Empty(t, drawn, "views of no game")
}
