//go:build !amd64

package store

// dotKernels lists the kernels this architecture has.
func dotKernels() []dotKernel { return []dotKernel{portableKernel} }

// twoBitKernels lists the two-bit kernels this architecture has, as
// level sums.
func twoBitKernels() []rowsKernel {
	return []rowsKernel{{"go", func(b []byte, q *dotQuery, out []int32) { dotTwoBitGo(b, q.codes, out) }}}
}
