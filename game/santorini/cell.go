// Package santorini is the Santorini rules engine of Arena: the board, the
// strict and tolerant notations, the move files of the ETF homework, the
// engine behind the game.Title contract, perft, and the three computer players
// (minimax, alphabeta and competitive).
//
// The rules are those of rules/santorini.md; the rulings (R1..R21) and the
// error codes named in comments refer to that specification.
package santorini

import (
	"math"
)

// Cell is a board cell by index 5*letter + (digit-1): A1=0, A5=4, B1=5, E5=24.
type Cell int8

// NoCell marks an unplaced worker or a missing build.
const NoCell Cell = -1

// cellCount is the number of cells on the 5x5 board.
const cellCount = 25

// ParseCell reads a strict cell name such as "C3": one uppercase letter A..E
// and one digit 1..5.
func ParseCell(s string) (Cell, bool) {
	if len(s) != 2 || s[0] < 'A' || s[0] > 'E' || s[1] < '1' || s[1] > '5' {
		return NoCell, false
	}
	return Cell(5*int(s[0]-'A') + int(s[1]-'1')), true
}

// String names the cell, "C3"; NoCell is "-".
func (c Cell) String() string {
	if c < 0 || c >= cellCount {
		return "-"
	}
	return string([]byte{'A' + byte(c/5), '1' + byte(c%5)})
}

// Col is the column 0..4 for the letters A..E, left to right.
func (c Cell) Col() int { return int(c) / 5 }

// Row is the row 0..4 for the digits 1..5, bottom to top.
func (c Cell) Row() int { return int(c) % 5 }

// Adjacent reports whether a and b are neighbours: Chebyshev distance 1.
func Adjacent(a, b Cell) bool {
	if a < 0 || b < 0 || a >= cellCount || b >= cellCount {
		return false
	}
	return adjMask[a]&(1<<uint(b)) != 0
}

// adjMask[c] is the bit set of the (up to 8) neighbours of cell c.
var adjMask [cellCount]uint32

// euclid[a][b] is the Euclidean distance between the cells a and b on
// (letter index, digit index), as in R15.
var euclid [cellCount][cellCount]float64

// centre[c] is 2 for C3, 1 on the ring around it and 0 on the edge.
var centre [cellCount]int

func init() {
	for a := Cell(0); a < cellCount; a++ {
		centre[a] = 2 - max(abs(a.Col()-2), abs(a.Row()-2))
		for b := Cell(0); b < cellCount; b++ {
			dc, dr := a.Col()-b.Col(), a.Row()-b.Row()
			euclid[a][b] = math.Sqrt(float64(dc*dc + dr*dr))
			if a != b && abs(dc) <= 1 && abs(dr) <= 1 {
				adjMask[a] |= 1 << uint(b)
			}
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// chebyshev is the king distance between two cells.
func chebyshev(a, b Cell) int {
	return max(abs(a.Col()-b.Col()), abs(a.Row()-b.Row()))
}
