//go:build !js

package main

// The contests' original protocols, served for the "contest" seats (and
// AIC21's "process" seats): they listen on sockets, which the browser
// build has none of.
import (
	_ "github.com/arena-games/arena/net/contest/aibg5"     // AIBG 5.0: HTTP and bearer tokens
	_ "github.com/arena-games/arena/net/contest/aic21"     // AIC21: one TCP connection per unit
	_ "github.com/arena-games/arena/net/contest/guardains" // GuardAIns: Socket.IO
)
