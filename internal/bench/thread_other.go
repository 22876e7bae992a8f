//go:build !unix

package bench

import "time"

// thread cannot measure thread CPU time on this platform.
func thread() (time.Duration, bool) { return 0, false }
