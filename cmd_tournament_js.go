//go:build js

package main

import (
	"errors"
	"io"
)

// cmdTournament is for the desktop: tournaments run matches in processes
// and on NATS, which a browser has neither of.
func cmdTournament([]string, io.Writer, io.Writer) error {
	return errors.New("tournaments run from the desktop's command line")
}
