//go:build !amd64

package store

// dotKernels lists the kernels this architecture has.
func dotKernels() []dotKernel { return []dotKernel{portableKernel} }

// nibbleKernels lists the nibble kernels this architecture has.
func nibbleKernels() []nibbleKernel {
	return []nibbleKernel{{"go", func(nib []byte, q *dotQuery, out []int32) { dotNibblesGo(nib, q.codes, out) }}}
}

// twoBitKernels lists the two-bit kernels this architecture has, as
// level sums.
func twoBitKernels() []nibbleKernel {
	return []nibbleKernel{{"go", func(b []byte, q *dotQuery, out []int32) { dotTwoBitGo(b, q.codes, out) }}}
}
