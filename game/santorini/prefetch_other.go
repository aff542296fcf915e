//go:build !amd64

package santorini

// prefetch does nothing where there is no prefetch instruction to call.
func prefetch(*ttBucket) {}
