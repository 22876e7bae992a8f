// Package cputime measures the CPU time of the calling OS thread, so that
// benchmarks on a shared, busy machine can report the work a loop did
// rather than the wall time it waited for a core.
package cputime

import (
	"runtime"
	"testing"
)

// Bench runs body b.N times on one locked OS thread and reports its CPU
// time per iteration as the metric "cpu-ns/op", next to the usual wall
// time. Where the platform cannot measure thread time the metric is left
// out.
func Bench(b *testing.B, body func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start, ok := thread()
	for b.Loop() {
		body()
	}
	if end, ok2 := thread(); ok && ok2 {
		b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
	}
}
