package store

import "github.com/codeseek/codeseek/internal/half"

// Segments keep each chunk's vector for exact rescoring in IEEE 754 half
// precision: half the bytes of float32, and a relative error of at most
// 2^-11 per value, far below the int8 pass's (whose residual bound decides
// which rows are rescored) and below anything the ranker can tell apart
// (docs/store.md#vector-engine has the measurement).

// widen decodes a half-precision row into dst (len(src) values).
func widen(dst []float32, src []uint16) []float32 {
	dst = dst[:len(src)]
	for i, h := range src {
		dst[i] = half.ToFloat32(h)
	}
	return dst
}
