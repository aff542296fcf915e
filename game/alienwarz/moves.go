package alienwarz

import "fmt"

// Moves are the cells the player can end a move on this turn, by the
// player's position, bag and the board: the cells the alien will stand on
// afterwards, also while dazed (MoveCommand is the command that gets there).
func (s *State) Moves(player int) []Cell {
	me := &s.Players[player-1]
	var out []Cell
	for _, d := range [4]Cell{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		for at := (Cell{me.Pos.X + d.X, me.Pos.Z + d.Z}); s.Steppable(player, at); at = (Cell{at.X + d.X, at.Z + d.Z}) {
			out = append(out, at)
		}
	}
	return out
}

// MoveCommand is the command that ends the player's move on dest: "move X
// Z", with (X,Z) mirrored through the player's cell while dazed (so it may
// be off the board, such as "move 3 -2").
func (s *State) MoveCommand(player int, dest Cell) string {
	at, _ := s.destination(player, dest) // mirroring is its own inverse
	return fmt.Sprintf("move %d %d", at.X, at.Z)
}

// MoveCost is the energy a move of the player to dest costs: the steps
// times the cost of a step with the bag's weight (R1).
func (s *State) MoveCost(player int, dest Cell) int {
	r := s.Rules()
	me := &s.Players[player-1]
	return me.Pos.Distance(dest) * r.stepCost(r.weight(me.Bag))
}

// Targets are the cells where the player can mine, build or attack now
// (for ActMine, ActBuild, ActAttack), or the player's own factories next to
// it (for ActPut and ActTake, whose counts are the player's to choose:
// Ready and the bag say what is possible).
func (s *State) Targets(player int, a Action) []Cell {
	me := &s.Players[player-1]
	var out []Cell
	for _, d := range [4]Cell{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		at := Cell{me.Pos.X + d.X, me.Pos.Z + d.Z}
		if !at.On() {
			continue
		}
		c := Command{Action: a, At: at}
		if a == ActPut || a == ActTake {
			f := s.FactoryAt(at)
			if f != nil && f.Owner == player && f.Health > 0 {
				out = append(out, at)
			}
			continue
		}
		if s.check(player, c) == nil {
			out = append(out, at)
		}
	}
	return out
}
