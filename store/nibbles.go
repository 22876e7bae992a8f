package store

// Nibbles are a vector block's int8 codes at 4 bits per value, half the
// bytes again, for the first pass over indexes too large for the int8
// scan to answer at interactive speed (see Query). Value v of a row is
// round(code*7/127), -7..7, stored as v+8 so that it is an unsigned
// byte; the row's scale is its int8 scale times 127/7. A row is laid out
// in groups of 128 values: byte j of group g holds value g*128+j in its
// low half and value g*128+64+j in its high half, so that masking and
// shifting 64 loaded bytes gives two runs of values in the query's order.
const (
	nibbleGroup = 128
	// nibbleBias is the offset each stored value carries; the kernels
	// subtract nibbleBias times the query's code sum.
	nibbleBias = 8
	// nibbleScale turns a row's int8 scale into its 4-bit one.
	nibbleScale = 127.0 / 7
)

// hasNibbles reports whether rows of dim values get a nibble block.
func hasNibbles(dim int) bool { return dim > 0 && dim%nibbleGroup == 0 }

// appendNibbles appends the nibble row of an int8 row of codes, whose
// length is a multiple of nibbleGroup.
func appendNibbles(dst []byte, codes []int8) []byte {
	for g := 0; g < len(codes); g += nibbleGroup {
		for j := range nibbleGroup / 2 {
			lo, hi := nibbleOf(codes[g+j]), nibbleOf(codes[g+nibbleGroup/2+j])
			dst = append(dst, lo|hi<<4)
		}
	}
	return dst
}

// nibbleOf is the stored 4-bit value of an int8 code.
func nibbleOf(c int8) byte {
	v := int32(c) * 7
	// Round half away from zero, as quantizeRow does.
	if v < 0 {
		v -= 63
	} else {
		v += 63
	}
	return byte(v/127 + nibbleBias)
}

// dotNibblesGo sets out[r] to the dot product of row r of nib and q. It
// is the portable kernel; amd64 uses the assembly ones.
func dotNibblesGo(nib []byte, q []int8, out []int32) {
	dim := len(q)
	half := nibbleGroup / 2
	for r := range out {
		row := nib[r*dim/2 : (r+1)*dim/2]
		var s int32
		for g := 0; g < dim; g += nibbleGroup {
			grp, qg := row[g/2:g/2+half], q[g:g+nibbleGroup]
			for j, b := range grp {
				s += (int32(b&15)-nibbleBias)*int32(qg[j]) + (int32(b>>4)-nibbleBias)*int32(qg[half+j])
			}
		}
		out[r] = s
	}
}
