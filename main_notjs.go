//go:build !js

package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	_ "github.com/arena-games/arena/net/botproc" // the "process:PATH" seats of AlienWarz
	"github.com/arena-games/arena/net/sandbox"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	interrupted = ctx
	code := run(os.Args[1:], os.Stdout, os.Stderr)
	stop()
	sandbox.KillAll()
	os.Exit(code)
}
