package store

// dotRowsGo sets out[r] to the dot product of row r of codes (rows of
// len(q) values) and q. It is the portable kernel; amd64 with AVX2 uses
// dotRowsAVX2. Unrolled by eight into four sums: that is what the Go
// compiler turns into the fewest instructions per value (see the
// docs/store.md, vector engine, for the measurements).
func dotRowsGo(codes []int8, q []int16, out []int32) {
	dim := len(q)
	for r := range out {
		row := codes[r*dim : (r+1)*dim : (r+1)*dim]
		var s0, s1, s2, s3 int32
		i := 0
		for ; i+8 <= dim; i += 8 {
			a, b := row[i:i+8:i+8], q[i:i+8:i+8]
			s0 += int32(a[0])*int32(b[0]) + int32(a[4])*int32(b[4])
			s1 += int32(a[1])*int32(b[1]) + int32(a[5])*int32(b[5])
			s2 += int32(a[2])*int32(b[2]) + int32(a[6])*int32(b[6])
			s3 += int32(a[3])*int32(b[3]) + int32(a[7])*int32(b[7])
		}
		for ; i < dim; i++ {
			s0 += int32(row[i]) * int32(q[i])
		}
		out[r] = s0 + s1 + s2 + s3
	}
}

// dotExact is the float32 dot product summed in order, the way
// chromem-go computes cosine similarity of unit vectors, so exact scores
// match the reference bit for bit. It only rescores a few hundred rows per
// query, where speed does not matter. Extra dimensions of either vector
// are ignored.
func dotExact(a, b []float32) float32 {
	var dot float32
	for i, x := range a {
		if i < len(b) {
			dot += x * b[i]
		}
	}
	return dot
}
