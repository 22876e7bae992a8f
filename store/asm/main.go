// Command asm generates the store's AVX2 int8 dot product kernel with avo.
// It is its own module so that avo stays out of codeseek's dependencies:
//
//	cd store/asm && go run . -out ../dot_amd64.s -stubs ../dot_stub_amd64.go -pkg store
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

func main() {
	TEXT("dotRowsAVX2", NOSPLIT, "func(codes []int8, q []int16, out []int32)")
	Doc("dotRowsAVX2 sets out[r] to the dot product of row r of codes (rows of",
		"len(q) values) and q, 16 values per instruction. len(q) must be a",
		"positive multiple of 16 and the CPU must have AVX2.")
	Pragma("noescape")
	codes := Load(Param("codes").Base(), GP64())
	q := Load(Param("q").Base(), GP64())
	dim := Load(Param("q").Len(), GP64())
	out := Load(Param("out").Base(), GP64())
	rows := Load(Param("out").Len(), GP64())

	Label("row")
	CMPQ(rows, Imm(0))
	JE(LabelRef("done"))
	acc0, acc1 := YMM(), YMM()
	VPXOR(acc0, acc0, acc0)
	VPXOR(acc1, acc1, acc1)
	i := GP64()
	XORQ(i, i)
	x0, x1 := YMM(), YMM()

	// 32 values per step, in two independent sums.
	Label("pair")
	rest := GP64()
	MOVQ(dim, rest)
	SUBQ(i, rest)
	CMPQ(rest, Imm(32))
	JL(LabelRef("single"))
	VPMOVSXBW(Mem{Base: codes, Index: i, Scale: 1}, x0)
	VPMADDWD(Mem{Base: q, Index: i, Scale: 2}, x0, x0)
	VPADDD(x0, acc0, acc0)
	VPMOVSXBW(Mem{Base: codes, Index: i, Scale: 1, Disp: 16}, x1)
	VPMADDWD(Mem{Base: q, Index: i, Scale: 2, Disp: 32}, x1, x1)
	VPADDD(x1, acc1, acc1)
	ADDQ(Imm(32), i)
	JMP(LabelRef("pair"))

	// A last 16 values when the row length is an odd multiple of 16.
	Label("single")
	CMPQ(rest, Imm(16))
	JL(LabelRef("sum"))
	VPMOVSXBW(Mem{Base: codes, Index: i, Scale: 1}, x0)
	VPMADDWD(Mem{Base: q, Index: i, Scale: 2}, x0, x0)
	VPADDD(x0, acc0, acc0)

	Label("sum")
	VPADDD(acc1, acc0, acc0)
	lo, hi := acc0.AsX(), XMM()
	VEXTRACTI128(Imm(1), acc0, hi)
	VPADDD(hi, lo, lo)
	VPSHUFD(Imm(0x4E), lo, hi)
	VPADDD(hi, lo, lo)
	VPSHUFD(Imm(0xB1), lo, hi)
	VPADDD(hi, lo, lo)
	VMOVD(lo, Mem{Base: out})

	ADDQ(Imm(4), out)
	ADDQ(dim, codes)
	DECQ(rows)
	JMP(LabelRef("row"))

	Label("done")
	VZEROUPPER()
	RET()
	Generate()
}

var _ reg.Register
