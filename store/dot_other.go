//go:build !amd64

package store

// dotRows sets out[r] to the dot product of row r of codes (rows of len(q)
// values) and q, with the portable kernel on this architecture.
func dotRows(codes []int8, q []int16, out []int32) { dotRowsGo(codes, q, out) }
