// Command asm generates the store's int8 dot product kernels (AVX2, and
// AVX-512 VNNI) with avo.
// It is its own module so that avo stays out of codeseek's dependencies:
//
//	cd store/asm && go run . -out ../dot_amd64.s -stubs ../dot_stub_amd64.go -pkg store
package main

import (
	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

func main() {
	avx2()
	vnni()
	twoBitAVX2()
	twoBitVNNI()
	Generate()
}

func avx2() {
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
	VMOVD(sumLanes(acc0), Mem{Base: out})

	ADDQ(Imm(4), out)
	ADDQ(dim, codes)
	DECQ(rows)
	JMP(LabelRef("row"))

	Label("done")
	VZEROUPPER()
	RET()
}

// vnni is the AVX-512 VNNI kernel: VPDPBUSD multiplies 64 unsigned bytes
// by 64 signed ones and adds each four products into a 32-bit lane, so a
// 256-value row is four instructions where AVX2 needs sixteen widening
// multiply-adds. The row codes are signed; flipping their top bit makes
// them code+128 as unsigned bytes, and the caller's bias (128 times the
// sum of q) takes the offset back out, so the result is the same integer
// dot product as the other kernels.
func vnni() {
	TEXT("dotRowsVNNI", NOSPLIT, "func(codes []int8, q []int8, bias int32, out []int32)")
	Doc("dotRowsVNNI sets out[r] to the dot product of row r of codes (rows of",
		"len(q) values) and q, 64 values per instruction; bias must be 128 times",
		"the sum of q. len(q) must be a positive multiple of 64 and the CPU must",
		"have AVX512F, AVX512BW and AVX512VNNI.")
	Pragma("noescape")
	codes, q, dim, bias, out, rows := biasedArgs("codes")

	flip := ZMM()
	b80 := GP32()
	MOVL(U32(0x80), b80)
	VPBROADCASTB(b80, flip)

	Label("vrow")
	CMPQ(rows, Imm(0))
	JE(LabelRef("vdone"))
	// The scan is bound by memory, not arithmetic: asking for the lines
	// 1 KB ahead (four 256-value rows) keeps more loads in flight than
	// the hardware prefetcher does alone, about 10% faster on a matrix
	// larger than the caches. A prefetch past the end cannot fault.
	for d := 1024; d < 1024+256; d += 64 {
		PREFETCHT0(Mem{Base: codes, Disp: d})
	}
	acc0, acc1 := ZMM(), ZMM()
	VPXORD(acc0, acc0, acc0)
	VPXORD(acc1, acc1, acc1)
	i := GP64()
	XORQ(i, i)
	x0, x1 := ZMM(), ZMM()

	// 128 values per step, in two independent sums.
	Label("vpair")
	rest := GP64()
	MOVQ(dim, rest)
	SUBQ(i, rest)
	CMPQ(rest, Imm(128))
	JL(LabelRef("vsingle"))
	VPXORD(Mem{Base: codes, Index: i, Scale: 1}, flip, x0)
	dpbusd(Mem{Base: q, Index: i, Scale: 1}, x0, acc0)
	VPXORD(Mem{Base: codes, Index: i, Scale: 1, Disp: 64}, flip, x1)
	dpbusd(Mem{Base: q, Index: i, Scale: 1, Disp: 64}, x1, acc1)
	ADDQ(Imm(128), i)
	JMP(LabelRef("vpair"))

	// A last 64 values when the row length is an odd multiple of 64.
	Label("vsingle")
	CMPQ(rest, Imm(64))
	JL(LabelRef("vsum"))
	VPXORD(Mem{Base: codes, Index: i, Scale: 1}, flip, x0)
	dpbusd(Mem{Base: q, Index: i, Scale: 1}, x0, acc0)

	Label("vsum")
	VPADDD(acc1, acc0, acc0)
	storeBiased(sumLanes(foldZ(acc0)), bias, out)

	ADDQ(Imm(4), out)
	ADDQ(dim, codes)
	DECQ(rows)
	JMP(LabelRef("vrow"))

	Label("vdone")
	VZEROUPPER()
	RET()
}

// biasedArgs loads the arguments of a kernel with the signature
// func(rows []T, q []int8, bias int32, out []int32), the first named
// first: the base of the rows, the base and length of q, bias, and the
// base and length of out.
func biasedArgs(first string) (src, q, dim, bias, out, rows reg.Register) {
	src = Load(Param(first).Base(), GP64())
	q = Load(Param("q").Base(), GP64())
	dim = Load(Param("q").Len(), GP64())
	bias = Load(Param("bias"), GP32())
	out = Load(Param("out").Base(), GP64())
	rows = Load(Param("out").Len(), GP64())
	return
}

// foldZ adds the upper half of a ZMM register of 32-bit lanes to its
// lower half and returns that half.
func foldZ(z reg.VecVirtual) reg.VecVirtual {
	y, hi := z.AsY().(reg.VecVirtual), YMM()
	VEXTRACTI64X4(Imm(1), z, hi)
	VPADDD(hi, y, y)
	return y
}

// sumLanes adds the eight 32-bit lanes of a YMM register into the low
// lane of its XMM half and returns that half.
func sumLanes(y reg.VecVirtual) reg.Register {
	lo, hi := y.AsX(), XMM()
	VEXTRACTI128(Imm(1), y, hi)
	VPADDD(hi, lo, lo)
	VPSHUFD(Imm(0x4E), lo, hi)
	VPADDD(hi, lo, lo)
	VPSHUFD(Imm(0xB1), lo, hi)
	VPADDD(hi, lo, lo)
	return lo
}

// storeBiased stores the low lane of x minus bias at out.
func storeBiased(x, bias, out reg.Register) {
	sum := GP32()
	VMOVD(x, sum)
	SUBL(bias, sum)
	MOVL(sum, Mem{Base: out})
}

// dpbusd emits VPDPBUSD src, u, acc (acc += u as unsigned bytes times src
// as signed bytes, four products to a lane), which avo v0.5.0 has no
// builder for.
func dpbusd(src Op, u, acc reg.VecVirtual) {
	Instruction(&ir.Instruction{
		Opcode:   "VPDPBUSD",
		Operands: []Op{src, u, acc},
		Inputs:   []Op{src, u, acc},
		Outputs:  []Op{acc},
		ISA:      []string{"AVX512_VNNI"},
	})
}

// The two-bit kernels score rows of 2-bit levels (twobit.go): byte j of a
// row's 64-byte group g holds the levels of values g*256+j, +64, +128 and
// +192 in bits 0–1, 2–3, 4–5 and 6–7, as unsigned 0..3. Shifting and
// masking a loaded group gives four runs of unsigned bytes in the
// query's order. They return the sums of level times query code, minus
// bias; twoBitDots turns those into dot products.

// twoBitAVX2 uses VPMADDUBSW (pair sums at most 2*3*128, no saturation)
// and VPMADDWD by ones to widen, as the int8 AVX2 kernel widens.
func twoBitAVX2() {
	TEXT("dotTwoBitAVX2", NOSPLIT, "func(rows []byte, q []int8, bias int32, out []int32)")
	Doc("dotTwoBitAVX2 sets out[r] to the sum over row r of rows (rows of",
		"len(q)/4 bytes, four 2-bit levels each) of its levels times q, minus",
		"bias. len(q) must be a positive multiple of 256 and the CPU must have AVX2.")
	Pragma("noescape")
	rows, q, dim, bias, out, n := biasedArgs("rows")

	mask, ones := YMM(), YMM()
	t := GP32()
	MOVL(U32(0x03), t)
	VMOVD(t, mask.AsX())
	VPBROADCASTB(mask.AsX(), mask)
	MOVL(U32(1), t)
	VMOVD(t, ones.AsX())
	VPBROADCASTW(ones.AsX(), ones)

	Label("trow")
	CMPQ(n, Imm(0))
	JE(LabelRef("tdone"))
	acc := YMM()
	VPXOR(acc, acc, acc)
	i, b := GP64(), GP64() // offsets into q and into the row
	XORQ(i, i)
	XORQ(b, b)

	Label("tgroup")
	CMPQ(i, dim)
	JGE(LabelRef("tsum"))
	for half := 0; half < 2; half++ {
		x := YMM()
		VMOVDQU(Mem{Base: rows, Index: b, Scale: 1, Disp: 32 * half}, x)
		for s := 0; s < 4; s++ {
			v := YMM()
			if s == 0 {
				VPAND(mask, x, v)
			} else {
				VPSRLW(U8(2*s), x, v)
				VPAND(mask, v, v)
			}
			VPMADDUBSW(Mem{Base: q, Index: i, Scale: 1, Disp: 64*s + 32*half}, v, v)
			VPMADDWD(ones, v, v)
			VPADDD(v, acc, acc)
		}
	}
	ADDQ(U32(256), i)
	ADDQ(Imm(64), b)
	JMP(LabelRef("tgroup"))

	Label("tsum")
	storeBiased(sumLanes(acc), bias, out)

	ADDQ(Imm(4), out)
	ADDQ(b, rows) // b is the row's length in bytes now
	DECQ(n)
	JMP(LabelRef("trow"))

	Label("tdone")
	VZEROUPPER()
	RET()
}

// twoBitVNNI does a whole 64-byte group per load, four VPDPBUSD each.
func twoBitVNNI() {
	TEXT("dotTwoBitVNNI", NOSPLIT, "func(rows []byte, q []int8, bias int32, out []int32)")
	Doc("dotTwoBitVNNI sets out[r] to the sum over row r of rows (rows of",
		"len(q)/4 bytes, four 2-bit levels each) of its levels times q, minus",
		"bias. len(q) must be a positive multiple of 256 and the CPU must have",
		"AVX512F, AVX512BW and AVX512VNNI.")
	Pragma("noescape")
	rows, q, dim, bias, out, n := biasedArgs("rows")

	mask := ZMM()
	t := GP32()
	MOVL(U32(0x03), t)
	VPBROADCASTB(t, mask)

	Label("vrow")
	CMPQ(n, Imm(0))
	JE(LabelRef("vdone"))
	for d := 256; d < 256+128; d += 64 { // four rows ahead, as the int8 VNNI kernel
		PREFETCHT0(Mem{Base: rows, Disp: d})
	}
	acc0, acc1 := ZMM(), ZMM()
	VPXORD(acc0, acc0, acc0)
	VPXORD(acc1, acc1, acc1)
	i, b := GP64(), GP64()
	XORQ(i, i)
	XORQ(b, b)

	Label("vgroup")
	CMPQ(i, dim)
	JGE(LabelRef("vsum"))
	x := ZMM()
	VMOVDQU64(Mem{Base: rows, Index: b, Scale: 1}, x)
	for s := 0; s < 4; s++ {
		v := ZMM()
		if s == 0 {
			VPANDD(mask, x, v)
		} else {
			VPSRLW(U8(2*s), x, v)
			VPANDD(mask, v, v)
		}
		acc := acc0
		if s%2 == 1 {
			acc = acc1
		}
		dpbusd(Mem{Base: q, Index: i, Scale: 1, Disp: 64 * s}, v, acc)
	}
	ADDQ(U32(256), i)
	ADDQ(Imm(64), b)
	JMP(LabelRef("vgroup"))

	Label("vsum")
	VPADDD(acc1, acc0, acc0)
	storeBiased(sumLanes(foldZ(acc0)), bias, out)

	ADDQ(Imm(4), out)
	ADDQ(b, rows)
	DECQ(n)
	JMP(LabelRef("vrow"))

	Label("vdone")
	VZEROUPPER()
	RET()
}
