package chunker

// Bounds on the work spent on one file. A file is input from anywhere: its
// shape must not be able to exhaust the stack (which Go cannot recover
// from) or stall indexing. When a bound is hit, the chunks made so far are
// kept and finish covers the rest of the file with line windows.

// maxSplitDepth bounds how deeply containers split into their members (a
// class in a module in a namespace, a wrapper function in a wrapper).
// Real code nests a handful of levels; a deeper container is packed at
// statement boundaries instead.
const maxSplitDepth = 24

// maxClassifyDepth bounds the unwrapping of wrapper nodes (export,
// template, decorated definitions) while classifying one declaration.
const maxClassifyDepth = 8

// Work budget of one file, in syntax-node visits plus line-table work.
// Ordinary files use under one visit per byte (the Go standard library
// peaks at 0.7); the budget only stops inputs that would make chunking
// quadratic.
const (
	workBase    = 1 << 18
	workPerByte = 16
)

// maxSpansPerLine bounds the spans emitted per line of the file: spans
// never overlap in the output, so more than a few per line means a rule
// is repeating work.
const maxSpansPerLine = 4

// limits tracks the work spent on one file.
type limits struct {
	work, maxWork int
	maxSpans      int
	depth         int // current nesting of splitClass
}

func newLimits(s *source) limits {
	return limits{maxWork: workBase + workPerByte*len(s.src), maxSpans: maxSpansPerLine*s.n + 1024}
}

// spend adds n units of work and reports whether the budget still holds.
func (c *coder) spend(n int) bool {
	c.work += n
	return !c.exhausted()
}

// exhausted reports whether the file has used up its work or span budget;
// from then on every chunking step returns at once.
func (c *coder) exhausted() bool {
	return c.work > c.maxWork || len(c.out) > c.maxSpans
}

// newCoder prepares the chunking of one parsed file.
func newCoder(s *source, spec *langSpec, budget int) *coder {
	return &coder{source: s, spec: spec, budget: budget, limits: newLimits(s)}
}
