//go:build js

package main

import (
	"errors"
	"io"
)

// cmdServe: a browser runs no server.
func cmdServe([]string, io.Writer, io.Writer) error {
	return errors.New("arena serve runs on a computer, not in a browser")
}
