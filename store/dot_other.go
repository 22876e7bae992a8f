//go:build !amd64

package store

// dotRows sets out[r] to the dot product of row r of codes (rows of
// len(q.codes) values) and q's codes, with the portable kernel on this
// architecture.
func dotRows(codes []int8, q *dotQuery, out []int32) { dotRowsGo(codes, q.wide, out) }

// dotTwoBit sets out[r] to the dot product of row r of rows (twobit.go)
// and q's codes, with the portable kernel on this architecture.
func dotTwoBit(rows []byte, q *dotQuery, out []int32) {
	dotTwoBitGo(rows, q.codes, out)
	twoBitDots(out, q.sum)
}
