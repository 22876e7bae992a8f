package store

import "math"

// Two-bit codes are a row's int8 codes at 2 bits per value, a quarter of
// their bytes: the first pass over indexes so large that reading their
// int8 codes would be most of a search (see Query). Each value becomes one of
// four levels by its size against the row's RMS code, the four-level
// quantizer of a normal distribution (thresholds 0 and ±0.98 RMS, levels
// about ±0.45 and ±1.5 RMS): −3, −1, 1, 3 in units of RMS/2, stored as
// 0..3. The row's two-bit scale is its int8 scale times RMS/2, so a level
// times it approximates the stored value. A row is laid out in groups of
// 256 values: byte j of group g holds values g*256+j, +64, +128 and +192
// in its bits 0–1, 2–3, 4–5 and 6–7, so that shifting and masking 64
// loaded bytes gives four runs of levels in the query's order.
const (
	twoBitGroup = 256
	// twoBitThreshold is where the outer levels start, in RMS.
	twoBitThreshold = 0.98
)

// hasTwoBit reports whether rows of dim values get a two-bit block.
func hasTwoBit(dim int) bool { return dim > 0 && dim%twoBitGroup == 0 }

// appendTwoBit appends the two-bit row of an int8 row of codes, whose
// length is a multiple of twoBitGroup and whose int8 scale is scale, and
// returns it with the row's two-bit scale.
func appendTwoBit(dst []byte, codes []int8, scale float32) ([]byte, float32) {
	var ss float64
	for _, c := range codes {
		ss += float64(c) * float64(c)
	}
	rms := math.Sqrt(ss / float64(len(codes)))
	cut := twoBitThreshold * rms
	level := func(c int8) byte {
		x := float64(c)
		switch {
		case x < -cut:
			return 0
		case x < 0:
			return 1
		case x < cut:
			return 2
		}
		return 3
	}
	const quarter = twoBitGroup / 4
	for g := 0; g < len(codes); g += twoBitGroup {
		for j := range quarter {
			b := level(codes[g+j]) | level(codes[g+quarter+j])<<2 | level(codes[g+2*quarter+j])<<4 | level(codes[g+3*quarter+j])<<6
			dst = append(dst, b)
		}
	}
	return dst, scale * float32(rms/2)
}

// dotTwoBitGo sets out[r] to the sum over row r of rows of its unsigned
// levels (0..3) times q. It is the portable kernel; amd64 uses the
// assembly ones. dotTwoBit turns the sums into dot products.
func dotTwoBitGo(rows []byte, q []int8, out []int32) {
	dim := len(q)
	const quarter = twoBitGroup / 4
	for r := range out {
		row := rows[r*dim/4 : (r+1)*dim/4]
		var s int32
		for g := 0; g < dim; g += twoBitGroup {
			grp, qg := row[g/4:g/4+quarter], q[g:g+twoBitGroup]
			for j, b := range grp {
				s += int32(b&3)*int32(qg[j]) + int32(b>>2&3)*int32(qg[quarter+j]) +
					int32(b>>4&3)*int32(qg[2*quarter+j]) + int32(b>>6)*int32(qg[3*quarter+j])
			}
		}
		out[r] = s
	}
}

// twoBitDots turns the level sums of the kernels into dot products with
// the levels −3, −1, 1, 3: level v stands for 2v−3.
func twoBitDots(out []int32, qsum int32) {
	for i, s := range out {
		out[i] = 2*s - 3*qsum
	}
}
