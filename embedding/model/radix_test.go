package model

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestRadixSortSorts(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var buf []uint32
	for _, n := range []int{0, 1, 63, 64, 65, 1000, 5000} {
		for _, bits := range []uint{4, 17, 32} {
			ids := make([]uint32, n)
			for i := range ids {
				ids[i] = uint32(r.Uint64() & (1<<bits - 1))
			}
			want := slices.Clone(ids)
			slices.Sort(want)
			var got []uint32
			got, buf = radixSort(ids, buf)
			if !slices.Equal(got, want) {
				t.Fatalf("n %d, %d bits: not sorted", n, bits)
			}
		}
	}
}
