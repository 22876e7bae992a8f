package store

import "golang.org/x/sys/cpu"

//go:generate sh -c "cd asm && go run . -out ../dot_amd64.s -stubs ../dot_stub_amd64.go -pkg store"

// useAVX2 and useVNNI pick the assembly kernels: AVX2 scores a
// 256-dimension row about eight times faster than the best pure-Go loop,
// AVX-512 VNNI about three times faster again (docs/store.md, vector
// engine).
var (
	useAVX2 = cpu.X86.HasAVX2
	useVNNI = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VNNI
)

// dotRows sets out[r] to the dot product of row r of codes (rows of
// len(q.codes) values) and q's codes.
func dotRows(codes []int8, q *dotQuery, out []int32) {
	dim := len(q.codes)
	if len(codes) < len(out)*dim {
		panic("store: dotRows: codes shorter than rows*dim")
	}
	switch {
	case useVNNI && dim > 0 && dim%64 == 0:
		dotRowsVNNI(codes, q.codes, 128*q.sum, out)
	case useAVX2 && dim > 0 && dim%16 == 0:
		dotRowsAVX2(codes, q.wide, out)
	default:
		dotRowsGo(codes, q.wide, out)
	}
}

// dotTwoBit sets out[r] to the dot product of row r of rows (twobit.go),
// its levels taken as −3, −1, 1, 3, and q's codes.
func dotTwoBit(rows []byte, q *dotQuery, out []int32) {
	dim := len(q.codes)
	if len(rows) < len(out)*dim/4 || dim%twoBitGroup != 0 {
		panic("store: dotTwoBit: rows shorter than rows*dim/4, or dim not a multiple of 256")
	}
	switch {
	case useVNNI:
		dotTwoBitVNNI(rows, q.codes, 0, out)
	case useAVX2:
		dotTwoBitAVX2(rows, q.codes, 0, out)
	default:
		dotTwoBitGo(rows, q.codes, out)
	}
	twoBitDots(out, q.sum)
}
