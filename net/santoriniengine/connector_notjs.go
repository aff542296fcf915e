//go:build !js

package santoriniengine

import "github.com/arena-games/arena/game"

// Connector makes the "engine:TIME:COMMAND" seats of Santorini: they start
// a program, which the browser build has none of, so its catalogue leaves
// them out.
var Connector = game.Connector{
	Kind:   "engine",
	About:  "an external engine program speaking Arena's engine protocol; TIME per move (300ms, 1s), COMMAND with its arguments",
	Usage:  "engine:TIME:COMMAND",
	Serves: func(t game.Title) bool { return t.ID() == "santorini" },
	New: func(t game.Title, settings string, seat game.Seat, logs string) (game.Player, error) {
		moveTime, args, err := ParseSettings(settings)
		if err != nil {
			return nil, err
		}
		stderrLog := ""
		if logs != "" {
			stderrLog = logs + ".stderr.log"
		}
		return NewPlayer(args, moveTime, seat, stderrLog)
	},
}
