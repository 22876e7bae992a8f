//go:build unix

package bench

import (
	"time"

	"golang.org/x/sys/unix"
)

// thread returns the CPU time the calling OS thread has used.
func thread() (time.Duration, bool) {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
