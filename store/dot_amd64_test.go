package store

import "testing"

// dotKernels lists the kernels this CPU can run.
func dotKernels() []dotKernel {
	ks := []dotKernel{portableKernel}
	if useAVX2 {
		ks = append(ks, dotKernel{"avx2", func(c []int8, q *dotQuery, out []int32) { dotRowsAVX2(c, q.wide, out) },
			func(dim int) bool { return dim%16 == 0 }})
	}
	if useVNNI {
		ks = append(ks, dotKernel{"avx512-vnni", func(c []int8, q *dotQuery, out []int32) { dotRowsVNNI(c, q.codes, 128*q.sum, out) },
			func(dim int) bool { return dim%64 == 0 }})
	}
	return ks
}

// twoBitKernels lists the two-bit kernels this CPU can run, as level
// sums (twoBitDots is applied by the test).
func twoBitKernels() []rowsKernel {
	ks := []rowsKernel{{"go", func(b []byte, q *dotQuery, out []int32) { dotTwoBitGo(b, q.codes, out) }}}
	if useAVX2 {
		ks = append(ks, rowsKernel{"avx2", func(b []byte, q *dotQuery, out []int32) { dotTwoBitAVX2(b, q.codes, 0, out) }})
	}
	if useVNNI {
		ks = append(ks, rowsKernel{"avx512-vnni", func(b []byte, q *dotQuery, out []int32) { dotTwoBitVNNI(b, q.codes, 0, out) }})
	}
	return ks
}

// TestKernelsPresent says which assembly kernels the agreement test
// could not check here, so a run on a CPU without them is not mistaken
// for one that tested them.
func TestKernelsPresent(t *testing.T) {
	if !useAVX2 {
		t.Log("no AVX2: the AVX2 kernel is not checked on this CPU")
	}
	if !useVNNI {
		t.Log("no AVX-512 VNNI: the VNNI kernel is not checked on this CPU")
	}
}
