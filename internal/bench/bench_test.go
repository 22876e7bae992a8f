package bench

import (
	"math"
	"runtime"
	"testing"
)

func TestCompareReportsBothSides(t *testing.T) {
	if _, ok := thread(); !ok {
		t.Skip("no thread CPU clock on " + runtime.GOOS)
	}
	sink := 0
	spin := func(n int) func() {
		return func() {
			for i := range n {
				sink += i * i
			}
		}
	}
	r := testing.Benchmark(func(b *testing.B) { Compare(b, spin(100000), spin(1000)) })
	before, after, wall := r.Extra["old-cpu-ns/op"], r.Extra["new-cpu-ns/op"], float64(r.NsPerOp())
	if before <= 0 || after <= 0 || before+after > wall*1.05+1000 {
		t.Errorf("old %v + new %v cpu-ns/op with wall ns/op %v: a thread cannot use more CPU than wall time", before, after, wall)
	}
	if ratio := r.Extra["new/old"]; math.Abs(ratio-after/before) > 1e-9*ratio {
		t.Errorf("new/old = %v, want %v", ratio, after/before)
	}
	_ = sink
}
