package store

import "math"

// Segments keep each chunk's vector for exact rescoring in IEEE 754 half
// precision: half the bytes of float32, and a relative error of at most
// 2^-11 per value, far below the int8 pass's (whose residual bound decides
// which rows are rescored) and below anything the ranker can tell apart
// (docs/store.md#vector-engine has the measurement).

// toHalf rounds f to the nearest half-precision value (ties to even);
// values beyond the half range saturate to infinity, as they would in
// hardware, and never occur in unit vectors.
func toHalf(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int(b>>23&0xff) - 127 + 15
	mant := b & 0x7fffff
	switch {
	case b&0x7fffffff == 0:
		return sign
	case exp >= 0x1f: // too large, or inf/NaN
		if b&0x7f800000 == 0x7f800000 && mant != 0 {
			return sign | 0x7e00
		}
		return sign | 0x7c00
	case exp <= 0: // subnormal half, or zero
		if exp < -10 {
			return sign
		}
		mant |= 0x800000
		shift := uint(14 - exp)
		h := mant >> shift
		rem := mant & (1<<shift - 1)
		half := uint32(1) << (shift - 1)
		if rem > half || rem == half && h&1 == 1 {
			h++
		}
		return sign | uint16(h)
	}
	h := uint32(exp)<<10 | mant>>13
	rem := mant & 0x1fff
	if rem > 0x1000 || rem == 0x1000 && h&1 == 1 {
		h++ // may carry into the exponent, which is the right rounding
	}
	return sign | uint16(h)
}

// fromHalf widens a half-precision value to float32 exactly.
func fromHalf(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h >> 10 & 0x1f)
	mant := uint32(h & 0x3ff)
	switch {
	case exp == 0x1f:
		return math.Float32frombits(sign | 0x7f800000 | mant<<13)
	case exp == 0 && mant == 0:
		return math.Float32frombits(sign)
	case exp == 0: // subnormal: normalise
		e := uint32(127 - 15 + 1)
		for mant&0x400 == 0 {
			mant <<= 1
			e--
		}
		return math.Float32frombits(sign | e<<23 | (mant&0x3ff)<<13)
	}
	return math.Float32frombits(sign | (exp+127-15)<<23 | mant<<13)
}

// widen decodes a half-precision row into dst (len(src) values).
func widen(dst []float32, src []uint16) []float32 {
	dst = dst[:len(src)]
	for i, h := range src {
		dst[i] = fromHalf(h)
	}
	return dst
}
