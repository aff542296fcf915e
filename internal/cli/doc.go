//go:build !js

// Package cli is Arena's command line: one table of commands (table, in
// table.go), each command a value with its synopsis, its help, its flags
// and its run, in a file per family (play.go: the window and matches;
// media.go: export, gif, kiosk; serve.go and watch.go: the server and its
// clients; tournament.go; santorini.go and gauntlet.go). arena --help,
// arena COMMAND --help, the arena program's package comment (doc.go at the
// module's root) and docs/cli.md are all made from that table;
// TestCLIDocs fails when the last two are stale, and
//
//	go generate ./internal/cli
//
// writes them again.
package cli

//go:generate go test -run ^TestCLIDocs$ . -fixdocs
