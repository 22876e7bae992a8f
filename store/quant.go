package store

import (
	"math"
)

// quantized is one segment part's vectors as a contiguous int8 matrix,
// each row scaled by its own factor: row r is scales[r] *
// codes[r*dim:(r+1)*dim]. These are the stored vectors (storedRow), so a
// scan reads a quarter of the bytes a float32 block would, and nothing
// else is kept. The matrix is computed when a segment is written and used
// in place from the mapped file.
type quantized struct {
	dim    int
	codes  []int8
	scales []float32
	// twoBit are the same rows at 2 bits per value (twobit.go), for the
	// first pass over large indexes, with each row's two-bit scale; nil
	// when dim is not a multiple of twoBitGroup.
	twoBit      []byte
	twoBitScale []float32
	// maxResid is the largest distance of a row from its unit-length
	// self (rounding: storedRow makes rows unit length) and maxNorm the
	// largest row length: they bound how far an approximate score can be
	// from the exact one, which is what lets Query prove its top n exact.
	maxResid float32
	maxNorm  float32
}

// quantize builds the int8 matrix of the rows of dim dimensions stored
// row-major in flat, each scaled to unit length first as the exact score
// (rowScore) does. Segments quantize as they are written (writePart);
// this is the same for a block in memory.
func quantize(flat []float32, dim int) *quantized {
	n := 0
	if dim > 0 {
		n = len(flat) / dim
	}
	q := &quantized{dim: dim, codes: make([]int8, n*dim), scales: make([]float32, n)}
	for r := range n {
		s, resid, norm := storedRow(flat[r*dim:(r+1)*dim], q.codes[r*dim:(r+1)*dim])
		q.scales[r] = s
		q.maxResid, q.maxNorm = max(q.maxResid, resid), max(q.maxNorm, norm)
		if hasTwoBit(dim) {
			var ts float32
			q.twoBit, ts = appendTwoBit(q.twoBit, q.codes[r*dim:(r+1)*dim], s)
			q.twoBitScale = append(q.twoBitScale, ts)
		}
	}
	return q
}

// storedRow writes the int8 codes of x at unit length to codes and
// returns the scale that makes the stored row, scale*codes, itself of
// unit length, with resid, how far rounding left it from that (|1 -
// |row||), and norm, its length. Quantizing a stored row again (a merge
// reads rows back) then gives the same codes and scale, so a vector does
// not drift with its segment's history. Measured against half-precision
// vectors, the stored rows change no ranking on the dev suites
// (docs/store.md).
func storedRow(x []float32, codes []int8) (scale, resid, norm float32) {
	s, _, n := quantizeRow(unitVector(x), codes)
	if n == 0 {
		return 0, 0, 0
	}
	scale = s / n
	var n2 float64
	for _, c := range codes {
		v := float64(scale * float32(c)) // as row() computes it
		n2 += v * v
	}
	l := math.Sqrt(n2)
	return scale, float32(math.Abs(1 - l)), float32(l)
}

// dequantize writes the stored row of codes at scale to dst.
func dequantize(dst []float32, codes []int8, scale float32) []float32 {
	dst = dst[:len(codes)]
	for i, c := range codes {
		dst[i] = scale * float32(c)
	}
	return dst
}

// quantizeRow writes x's int8 codes to out and returns the scale, the
// residual norm |x - scale*out| and the norm of scale*out. A row with a
// NaN or infinite value gets zero codes and no residual, so that it cannot
// poison the bound of every other row; its exact score is NaN anyway.
func quantizeRow(x []float32, out []int8) (scale, resid, norm float32) {
	var maxAbs float32
	for _, v := range x {
		if v > maxAbs {
			maxAbs = v
		} else if -v > maxAbs {
			maxAbs = -v
		}
	}
	if maxAbs == 0 || math.IsInf(float64(maxAbs), 0) || hasNaN(x) {
		clear(out) // a zero row is exact; a non-finite one is left out of the bound
		return 0, 0, 0
	}
	scale = maxAbs / 127
	inv := 127 / maxAbs
	var r2, n2 float32
	for i, v := range x {
		// Round half away from zero; |v*inv| <= 127 (plus rounding), so
		// the code fits.
		f := v * inv
		if f < 0 {
			f -= 0.5
		} else {
			f += 0.5
		}
		c := int8(int32(f))
		out[i] = c
		approx := scale * float32(c)
		d := v - approx
		r2 += d * d
		n2 += approx * approx
	}
	// float32 sums of 256 squares are off by a relative 1e-5 at most,
	// far below the slack Query's bound adds.
	return scale, float32(math.Sqrt(float64(r2))), float32(math.Sqrt(float64(n2)))
}

func hasNaN(x []float32) bool {
	for _, v := range x {
		if v != v {
			return true
		}
	}
	return false
}

func sumSquares(x []float32) float64 {
	var s float64
	for _, v := range x {
		s += float64(v) * float64(v)
	}
	return s
}

// quantQuery is a query vector prepared for scanning: int8 codes in the
// forms the dot product kernels read, with the same bookkeeping as a row.
type quantQuery struct {
	dotQuery
	vec   []float32 // unit length, as chromem-go normalises queries
	scale float32
	resid float32 // |vec - scale*codes|
	norm  float32 // |vec|
}

func newQuantQuery(vec []float32) *quantQuery {
	q := &quantQuery{vec: unitVector(vec)}
	codes := make([]int8, len(vec))
	q.scale, q.resid, _ = quantizeRow(q.vec, codes)
	q.norm = float32(math.Sqrt(sumSquares(q.vec)))
	q.dotQuery = newDotQuery(codes)
	return q
}

// dotQuery is a query's int8 codes as each kernel reads them: as they
// are (VNNI and the two-bit kernels; VNNI takes its unsigned offsets
// back out with the sum) and widened to int16 (AVX2 and portable int8).
type dotQuery struct {
	codes []int8
	wide  []int16
	sum   int32 // of codes
}

func newDotQuery(codes []int8) dotQuery {
	q := dotQuery{codes: codes, wide: make([]int16, len(codes))}
	for i, c := range codes {
		q.wide[i] = int16(c)
		q.sum += int32(c)
	}
	return q
}

// unitVector returns vec scaled to unit length, or vec itself when it
// already is one or is zero. It decides and computes the way chromem-go
// does (norm check in float64, scaling in float32), so that scores of
// vectors an embedder did not normalise still match the reference.
func unitVector(vec []float32) []float32 {
	if n := math.Sqrt(sumSquares(vec)); n == 0 || math.Abs(n-1) < 1e-6 {
		return vec
	}
	var norm float32
	for _, v := range vec {
		norm += v * v
	}
	norm = float32(math.Sqrt(float64(norm)))
	out := make([]float32, len(vec))
	for i, v := range vec {
		out[i] = v / norm
	}
	return out
}

// rowScore is a row's exact score: the cosine similarity of x and the
// unit query vector, computed as chromem-go does.
func rowScore(x []float32, q *quantQuery) float64 {
	return float64(dotExact(unitVector(x), q.vec))
}

// bound is the most any row's approximate score can differ from its exact
// one for query q: |<x,y> - <x̂,ŷ>| <= |x-x̂||y| + |x̂||y-ŷ| by
// Cauchy–Schwarz, plus slack for float32 rounding in both scores.
func (m *quantized) bound(q *quantQuery) float32 {
	const slack = 1e-4
	return m.maxResid*q.norm + m.maxNorm*q.resid + slack
}
