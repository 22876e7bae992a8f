package store

import "golang.org/x/sys/cpu"

//go:generate sh -c "cd asm && go run . -out ../dot_amd64.s -stubs ../dot_stub_amd64.go -pkg store"

// useAVX2 picks the assembly kernel: it scores a 256-dimension row about
// ten times faster than the best pure-Go loop (docs/store.md, vector engine).
var useAVX2 = cpu.X86.HasAVX2

// dotRows sets out[r] to the dot product of row r of codes (rows of len(q)
// values) and q.
func dotRows(codes []int8, q []int16, out []int32) {
	if len(codes) < len(out)*len(q) {
		panic("store: dotRows: codes shorter than rows*dim")
	}
	if useAVX2 && len(q) > 0 && len(q)%16 == 0 {
		dotRowsAVX2(codes, q, out)
		return
	}
	dotRowsGo(codes, q, out)
}
