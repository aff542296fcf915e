package game

import "math/rand/v2"

// Rand is deterministic seeded randomness: the same seed and stream give the
// same numbers on every machine.
type Rand struct {
	*rand.Rand
}

// NewRand returns the random stream number stream of seed. Streams of one
// seed are independent, so each seat and the environment get their own.
func NewRand(seed int64, stream uint64) *Rand {
	return &Rand{rand.New(rand.NewPCG(uint64(seed), stream*0x9e3779b97f4a7c15+1))}
}
