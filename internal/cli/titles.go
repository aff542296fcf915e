//go:build !js

package cli

// The titles the command line plays and shows, and the seats that only a
// desktop can hold: the contests' original protocols, served for the
// "contest" seats (and AIC21's "process" seats), and the "process:PATH"
// bots of AlienWarz. (The "engine:TIME:COMMAND" seats of Santorini come
// with net/santoriniengine, which santorini.go imports.)
import (
	_ "github.com/arena-games/arena/internal/titles"
	_ "github.com/arena-games/arena/net/botproc"           // the "process:PATH" seats of AlienWarz
	_ "github.com/arena-games/arena/net/contest/aibg5"     // AIBG 5.0: HTTP and bearer tokens
	_ "github.com/arena-games/arena/net/contest/aic21"     // AIC21: one TCP connection per unit
	_ "github.com/arena-games/arena/net/contest/guardains" // GuardAIns: Socket.IO
)
