package game

import (
	"fmt"
	"strconv"
)

// ParseInt reads the value of a whole-number rule option, from lo to hi; the
// error names the option, the unit ("rounds") and the range, as in
// `option turns="0": expected a whole number of rounds, 1 to 1,000,000`.
func ParseInt(name, value string, lo, hi int, unit string) (int, error) {
	n, err := strconv.Atoi(value)
	if err != nil || n < lo || n > hi {
		of := ""
		if unit != "" {
			of = " of " + unit
		}
		return 0, fmt.Errorf("option %s=%q: expected a whole number%s, %s to %s", name, value, of, Thousands(lo), Thousands(hi))
	}
	return n, nil
}

// Thousands writes n with commas between groups of three digits: 1,000,000.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	sign := ""
	if n < 0 {
		sign, s = "-", s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return sign + s
}
