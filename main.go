//go:build !js

package main

import (
	"os"

	"github.com/arena-games/arena/internal/cli"
)

// main hands the command line to the table of commands and exits with its
// status.
func main() { os.Exit(cli.Main(os.Args[1:])) }
