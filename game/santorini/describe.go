package santorini

import (
	"github.com/arena-games/arena/game"
)

// What Santorini tells the screens about itself (game.Charted, Marked,
// Configurable, Judged). It has no score: a worker on level 3, or a
// player who cannot move, decides it.

// Stats are each player's highest worker and the turns open to them: the
// two things that decide a game.
func (Title) Stats(f game.Frame, _ game.Seat) []game.Stat {
	b, ok := f.State.(*Board)
	if !ok {
		return nil
	}
	out := []game.Stat{{Name: "Highest worker"}, {Name: "Turns open"}}
	for p := range 2 {
		high := 0
		for _, c := range b.Workers[p] {
			if c != NoCell {
				high = max(high, int(b.Height[c]))
			}
		}
		open := 0
		if b.Phase == Play {
			side := *b
			side.Side = p
			open = len(side.Legal())
		}
		out[0].Values = append(out[0].Values, float64(high))
		out[1].Values = append(out[1].Values, float64(open))
	}
	return out
}

// Markers are climbs to level 2 and 3, domes, and the end.
func (Title) Markers(f game.Frame, _ game.Seat) []game.Marker {
	var out []game.Marker
	for _, e := range f.Events {
		switch d := e.Data.(type) {
		case Moved:
			if d.ToHeight >= 2 && d.ToHeight > d.FromHeight {
				out = append(out, game.Marker{Kind: game.MarkLevel, Seat: game.Seat(d.Player), Text: game.Say("%s climbs to level %d on %s", game.Say("P%d", d.Player+1), d.ToHeight, d.To.String())})
			}
		case Built:
			if d.Level == 4 {
				out = append(out, game.Marker{Kind: game.MarkBuild, Seat: game.Seat(d.Player), Text: game.Say("%s domes %s", game.Say("P%d", d.Player+1), d.Cell.String())})
			}
		}
	}
	if b, ok := f.State.(*Board); ok && b.Phase == Over {
		out = append(out, game.Marker{Kind: game.MarkEnd, Seat: game.Seat(b.Winner - 1), Text: game.Say("%s wins", game.Say("P%d", b.Winner))})
	}
	return out
}

// Why says how the winner won.
func (Title) Why(f game.Frame) game.Words { return why(f) }

// why is how the winner won in words, the loser named as a seat: none
// while the game runs.
func why(f game.Frame) game.Words {
	b, ok := f.State.(*Board)
	if !ok || b.Phase != Over {
		return game.Words{}
	}
	loser := game.Say("player %d", 3-b.Winner)
	switch b.Reason {
	case "level3":
		return game.Say("a worker climbed to level 3")
	case "nomoves":
		return game.Say("%s cannot move", loser)
	case "forfeit":
		return game.Say("%s forfeited", loser)
	}
	return game.Say(b.Reason)
}

// ruleHelp describes the rule options.
var ruleHelp = map[string]string{
	"kandic_win_build": "a winning move needs a build, which is applied, as the original K solution did (R4)",
	"kandic_end_check": "both players are checked for a move after every turn, P1 first, as the K solution did (R5)",
}

// Options lists the rule options New takes.
func (Title) Options() []game.Option { return game.FlagOptions(ruleHelp) }

// CheckOptions reports what New would say of the options.
func (Title) CheckOptions(options map[string]string) error {
	_, err := ParseRules(options)
	return err
}

// Steps is what a game between good players takes: it has no limit, and
// few last longer.
func (Title) Steps(game.Config) int { return 40 }
