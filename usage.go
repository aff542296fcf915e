package main

import (
	"fmt"
	"strings"

	"github.com/arena-games/arena/game"
)

// gamesUsage is the part of the usage text about each game, made from what
// the titles tell of themselves: their computer players, maps and levels,
// and rule options with their types, defaults and help.
func gamesUsage() string {
	var b strings.Builder
	b.WriteString("The games (TITLE), their players, maps and rule options (--option NAME=VALUE):\n")
	for _, t := range game.Titles() {
		fmt.Fprintf(&b, "\n%s (%s), %d seats\n", t.ID(), t.Name(), t.Seats())
		var bots []string
		for _, bot := range t.Bots() {
			s := bot.Kind
			if bot.Default != "" {
				s += ":" + strings.ToUpper(bot.Strength)
			}
			bots = append(bots, s)
		}
		for _, c := range game.Connectors(t) {
			bots = append(bots, c.Usage)
		}
		fmt.Fprintf(&b, "  seats: human, %s\n", strings.Join(bots, ", "))
		if ms := game.Maps(t.ID()); len(ms) > 0 {
			var names []string
			for _, m := range ms {
				names = append(names, m.Name)
			}
			fmt.Fprintf(&b, "  --map: %s (default %s), or a file's path\n", strings.Join(names, ", "), names[0])
		}
		b.WriteString(game.UsageOptions(t, "  "))
	}
	return b.String()
}
