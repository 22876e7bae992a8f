//go:build !unix

package indexer

// openFlags has no extra flags where FIFOs, devices and O_NOFOLLOW do not
// exist in the Unix sense; the checks before and after the open remain.
const openFlags = 0
