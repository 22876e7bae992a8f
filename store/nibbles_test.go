package store

import (
	"math"
	"math/rand"
	"testing"
)

// TestNibbleOf checks the 4-bit value of every int8 code against
// rounding half away from zero in floating point.
func TestNibbleOf(t *testing.T) {
	for c := -128; c <= 127; c++ {
		want := math.Round(float64(c) * 7 / 127)
		if got := int(nibbleOf(int8(c))) - nibbleBias; float64(got) != want {
			t.Fatalf("code %d: nibble value %d, want %v", c, got, want)
		}
	}
}

// TestNibbleKernelsAgree checks each nibble kernel this CPU has against
// the dot product of the codes' 4-bit values with the query, computed
// value by value in the natural order, so a layout mistake in packing or
// in a kernel shows.
func TestNibbleKernelsAgree(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	for _, dim := range []int{128, 256, 384, 1024} {
		rows := 41
		codes := make([]int8, rows*dim)
		for i := range codes {
			codes[i] = int8(rng.Intn(256) - 128)
		}
		var nib []byte
		for r := range rows {
			nib = appendNibbles(nib, codes[r*dim:(r+1)*dim])
		}
		if len(nib) != rows*dim/2 {
			t.Fatalf("dim %d: %d nibble bytes for %d rows", dim, len(nib), rows)
		}
		qc := make([]int8, dim)
		for i := range qc {
			qc[i] = int8(rng.Intn(256) - 128)
		}
		q := newDotQuery(qc)
		want := make([]int32, rows)
		for r := range rows {
			for i, c := range codes[r*dim : (r+1)*dim] {
				want[r] += int32(math.Round(float64(c)*7/127)) * int32(qc[i])
			}
		}
		for _, k := range append(nibbleKernels(), nibbleKernel{"in-use", dotNibbles}) {
			got := make([]int32, rows)
			k.dot(nib, &q, got)
			for r := range got {
				if got[r] != want[r] {
					t.Fatalf("%s, dim %d row %d: %d, want %d", k.name, dim, r, got[r], want[r])
				}
			}
		}
	}
}
