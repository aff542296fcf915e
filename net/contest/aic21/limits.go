package aic21

import (
	"time"

	"github.com/arena-games/arena/net/sandbox"
)

// UnitLimits are a unit process's limits in its sandbox, where it may
// reach its match's port and nothing else: memory for a JVM's default heap
// (a colony is many units: 30 a team make 60 processes), CPU time for 200
// rounds of 3 s, and room for a JVM's threads.
var UnitLimits = sandbox.Limits{Memory: 1 << 30, CPU: 15 * time.Minute, Procs: 128}
