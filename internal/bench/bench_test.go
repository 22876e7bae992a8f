package bench

import (
	"runtime"
	"testing"
)

func TestCPUReportsThreadCPUTime(t *testing.T) {
	if _, ok := thread(); !ok {
		t.Skip("no thread CPU clock on " + runtime.GOOS)
	}
	sink := 0
	r := testing.Benchmark(func(b *testing.B) {
		CPU(b, func() {
			for i := range 100000 {
				sink += i * i
			}
		})
	})
	cpu, wall := r.Extra["cpu-ns/op"], float64(r.NsPerOp())
	if cpu <= 0 || cpu > wall*1.05+1000 {
		t.Errorf("cpu-ns/op = %v with wall ns/op %v: a thread cannot use more CPU than wall time", cpu, wall)
	}
	_ = sink
}
