//go:build linux

package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
)

// report is the outcome of every attack: one line each.
type report struct {
	mu    sync.Mutex
	lines []outcome
}

// outcome is an attack's: whether the defence held, and what happened.
type outcome struct {
	attack string // "group/name", such as "program/read-admin-token"
	held   bool
	what   string
}

// add records an attack's outcome.
func (r *report) add(attack string, held bool, format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.lines = append(r.lines, outcome{attack, held, fmt.Sprintf(format, args...)})
}

// groups orders the report's lines.
var groups = []string{"harness", "program", "unit", "tournament", "client", "contest", "match", "left"}

// print writes the report, a line an attack, grouped, and reports whether
// everything held.
func (r *report) print(w io.Writer) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	lines := slices.Clone(r.lines)
	group := func(o outcome) int {
		g, _, _ := strings.Cut(o.attack, "/")
		if i := slices.Index(groups, g); i >= 0 {
			return i
		}
		return len(groups)
	}
	slices.SortStableFunc(lines, func(a, b outcome) int { return group(a) - group(b) })
	ok := len(lines) > 0
	for _, o := range lines {
		verdict := "held"
		if !o.held {
			verdict, ok = "FAILED", false
		}
		fmt.Fprintf(w, "%-6s %-38s %s\n", verdict, o.attack, clip(o.what, 400))
	}
	return ok
}

// clip shortens s to at most n bytes, on one line.
func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
