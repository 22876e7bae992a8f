package store

import (
	"math/rand"
	"testing"
)

// dotF32Unrolled is the float32 candidate for the scan kernel, kept here
// to measure against: four independent sums, which is what the Go
// compiler schedules best (eight measured no faster).
func dotF32Unrolled(a, b []float32) float32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		x, y := a[i:i+4:i+4], b[i:i+4:i+4]
		s0 += x[0] * y[0]
		s1 += x[1] * y[1]
		s2 += x[2] * y[2]
		s3 += x[3] * y[3]
	}
	for ; i < len(a); i++ {
		s0 += a[i] * b[i]
	}
	return s0 + s1 + s2 + s3
}

// BenchmarkDotKernels scores 256-dimension rows of a 64 MiB (float32)
// matrix, larger than the caches, with each candidate kernel and reports
// nanoseconds per row:
//
//	go test ./store -run '^$' -bench DotKernels
func BenchmarkDotKernels(b *testing.B) {
	const dim, rows = 256, 1 << 16
	rng := rand.New(rand.NewSource(1))
	flat := make([]float32, dim*rows)
	for i := range flat {
		flat[i] = float32(rng.NormFloat64())
	}
	m := quantize(flat, dim)
	qv := make([]float32, dim)
	for i := range qv {
		qv[i] = float32(rng.NormFloat64())
	}
	q := newQuantQuery(qv)
	perRow := func(b *testing.B) { b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*rows), "ns/row") }
	var sinkF float32
	float := func(name string, dot func(a, b []float32) float32) {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				for r := range rows {
					sinkF += dot(flat[r*dim:(r+1)*dim], q.vec)
				}
			}
			perRow(b)
		})
	}
	float("float32-in-order", dotExact)
	float("float32-unrolled", dotF32Unrolled)
	out := make([]int32, scanBlock)
	for _, k := range dotKernels() {
		b.Run("int8-"+k.name, func(b *testing.B) {
			for b.Loop() {
				for lo := 0; lo < rows; lo += scanBlock {
					k.dot(m.codes[lo*dim:(lo+scanBlock)*dim], &q.dotQuery, out)
				}
			}
			perRow(b)
		})
	}
	var two []byte
	for r := range rows {
		two, _ = appendTwoBit(two, m.codes[r*dim:(r+1)*dim], m.scales[r])
	}
	for _, k := range twoBitKernels() {
		b.Run("twobit-"+k.name, func(b *testing.B) {
			for b.Loop() {
				for lo := 0; lo < rows; lo += scanBlock {
					k.dot(two[lo*dim/4:(lo+scanBlock)*dim/4], &q.dotQuery, out)
				}
			}
			perRow(b)
		})
	}
	_ = sinkF
}

// dotKernel is one int8 kernel under a name, for tests and benchmarks
// to run each one this CPU has, not only the one dotRows picks.
type dotKernel struct {
	name string
	dot  func(codes []int8, q *dotQuery, out []int32)
	dims func(dim int) bool // the row lengths it handles
}

// portableKernel is the pure-Go kernel every architecture has.
var portableKernel = dotKernel{"go-unrolled", func(c []int8, q *dotQuery, out []int32) { dotRowsGo(c, q.wide, out) },
	func(int) bool { return true }}

// BenchmarkQuantize quantizes 81,920 rows of 256 dimensions, about the
// Go standard library's code chunks, which a server's first search waits
// for:
//
//	go test ./store -run '^$' -bench Quantize
func BenchmarkQuantize(b *testing.B) {
	const dim, rows = 256, 81920
	rng := rand.New(rand.NewSource(1))
	flat := make([]float32, dim*rows)
	for r := range rows {
		row := flat[r*dim : (r+1)*dim]
		for i := range row {
			row[i] = float32(rng.NormFloat64())
		}
		copy(row, unitVector(row))
	}
	for b.Loop() {
		quantize(flat, dim)
	}
}

// rowsKernel is one kernel of packed rows (two-bit codes) under a name.
type rowsKernel struct {
	name string
	dot  func(nib []byte, q *dotQuery, out []int32)
}
