package store

import (
	"math"
	"math/rand"
	"testing"
)

// TestTwoBitKernelsAgree checks every two-bit kernel this CPU has, and
// the one dotTwoBit picks, against levels computed apart from
// appendTwoBit: a value's level by its size against the row's RMS, and
// the dot product of the levels −3, −1, 1, 3 with the query.
func TestTwoBitKernelsAgree(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for _, dim := range []int{256, 512, 1024} {
		rows := 43
		codes := make([]int8, rows*dim)
		for i := range codes {
			codes[i] = int8(rng.Intn(256) - 128)
		}
		var packed []byte
		for r := range rows {
			var f float32
			packed, f = appendTwoBit(packed, codes[r*dim:(r+1)*dim], 1)
			if f <= 0 {
				t.Fatalf("dim %d row %d: two-bit factor %v", dim, r, f)
			}
		}
		if len(packed) != rows*dim/4 {
			t.Fatalf("dim %d: %d two-bit bytes for %d rows", dim, len(packed), rows)
		}
		qc := make([]int8, dim)
		for i := range qc {
			qc[i] = int8(rng.Intn(256) - 128)
		}
		q := newDotQuery(qc)
		want := make([]int32, rows)
		for r := range rows {
			row := codes[r*dim : (r+1)*dim]
			var ss float64
			for _, c := range row {
				ss += float64(c) * float64(c)
			}
			cut := twoBitThreshold * math.Sqrt(ss/float64(dim))
			for i, c := range row {
				v := int32(1)
				switch x := float64(c); {
				case x < -cut:
					v = -3
				case x < 0:
					v = -1
				case x >= cut:
					v = 3
				}
				want[r] += v * int32(qc[i])
			}
		}
		for _, k := range append(twoBitKernels(), rowsKernel{"in-use", dotTwoBit}) {
			got := make([]int32, rows)
			k.dot(packed, &q, got)
			if k.name != "in-use" {
				twoBitDots(got, q.sum)
			}
			for r := range got {
				if got[r] != want[r] {
					t.Fatalf("%s, dim %d row %d: %d, want %d", k.name, dim, r, got[r], want[r])
				}
			}
		}
	}
}
