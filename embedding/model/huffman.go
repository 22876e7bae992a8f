package model

import (
	"container/heap"
	"errors"
	"sort"
)

// The 3-bit codes are stored with a prefix code: their levels follow a
// bell (the middle two hold 58% of the values, the outer two 0.6%), so a
// code takes 2.35 bits on average where packing takes 3, which saves the
// binary 2.5 MB. Rows are coded in blocks of blockRows, each starting on
// a byte, so that a query decodes only the few blocks its features use.

// maxCodeLen bounds a code's length; eight symbols need at most seven.
const maxCodeLen = 8

// blockRows is how many rows a coded block holds: a query's features
// touch a few hundred rows, each block costs about ten microseconds to
// decode, and its offset four bytes.
const blockRows = 16

// prefixCode is a canonical prefix code over the eight 3-bit codes.
type prefixCode struct {
	lens  [1 << codeBits]uint8  // bits per symbol
	codes [1 << codeBits]uint32 // the symbol's code, bit-reversed for LSB-first writing
	// table maps the next maxCodeLen bits (LSB first) to a symbol and
	// its length.
	table [1 << maxCodeLen]struct{ sym, n uint8 }
}

// huffmanLengths returns code lengths for symbol frequencies (every
// symbol gets a code, however rare).
func huffmanLengths(freq [1 << codeBits]int) [1 << codeBits]uint8 {
	h := &nodeHeap{}
	for s, f := range freq {
		*h = append(*h, &hnode{weight: f + 1, syms: []int{s}})
	}
	heap.Init(h)
	var lens [1 << codeBits]uint8
	for h.Len() > 1 {
		a, b := heap.Pop(h).(*hnode), heap.Pop(h).(*hnode)
		for _, s := range append(a.syms, b.syms...) {
			lens[s]++
		}
		heap.Push(h, &hnode{weight: a.weight + b.weight, syms: append(append([]int{}, a.syms...), b.syms...)})
	}
	return lens
}

type hnode struct {
	weight int
	syms   []int
}

type nodeHeap []*hnode

func (h nodeHeap) Len() int { return len(h) }
func (h nodeHeap) Less(i, j int) bool {
	if h[i].weight != h[j].weight {
		return h[i].weight < h[j].weight
	}
	return h[i].syms[0] < h[j].syms[0] // deterministic ties
}
func (h nodeHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *nodeHeap) Push(x any)   { *h = append(*h, x.(*hnode)) }
func (h *nodeHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// newPrefixCode builds the canonical code of the given lengths.
func newPrefixCode(lens [1 << codeBits]uint8) (*prefixCode, error) {
	pc := &prefixCode{lens: lens}
	syms := make([]int, len(lens))
	for i := range syms {
		syms[i] = i
		if lens[i] == 0 || lens[i] > maxCodeLen {
			return nil, errors.New("model: bad code length")
		}
	}
	sort.SliceStable(syms, func(i, j int) bool { return lens[syms[i]] < lens[syms[j]] })
	code, prev := uint32(0), lens[syms[0]]
	for i, s := range syms {
		if i > 0 {
			code = (code + 1) << (lens[s] - prev)
		}
		prev = lens[s]
		if code >= 1<<lens[s] {
			return nil, errors.New("model: code lengths over-subscribed")
		}
		rev := uint32(0)
		for k := uint8(0); k < lens[s]; k++ {
			rev |= (code >> k & 1) << (lens[s] - 1 - k)
		}
		pc.codes[s] = rev
		for fill := uint32(0); fill < 1<<(maxCodeLen-lens[s]); fill++ {
			pc.table[rev|fill<<lens[s]] = struct{ sym, n uint8 }{uint8(s), lens[s]}
		}
	}
	return pc, nil
}

// encodeRows codes rows of packed 3-bit codes (rowBytes each) in blocks,
// returning the coded bytes and each block's start offset (one more
// offset, the end, closes the last block).
func (pc *prefixCode) encodeRows(packed []byte, rowBytes int) (data []byte, offsets []uint32) {
	rows := len(packed) / rowBytes
	var acc uint64
	var nbits uint
	for r := 0; r < rows; r++ {
		if r%blockRows == 0 {
			if nbits > 0 {
				data = append(data, byte(acc))
				acc, nbits = 0, 0
			}
			offsets = append(offsets, uint32(len(data)))
		}
		row := packed[r*rowBytes : (r+1)*rowBytes]
		for g := 0; g+groupBytes <= len(row); g += groupBytes {
			word := uint32(row[g]) | uint32(row[g+1])<<8 | uint32(row[g+2])<<16
			for k := 0; k < groupSize; k++ {
				s := word >> (codeBits * k) & 7
				acc |= uint64(pc.codes[s]) << nbits
				nbits += uint(pc.lens[s])
				for nbits >= 8 {
					data = append(data, byte(acc))
					acc >>= 8
					nbits -= 8
				}
			}
		}
	}
	if nbits > 0 {
		data = append(data, byte(acc))
	}
	return data, append(offsets, uint32(len(data)))
}

// decodeBlock decodes coded block data into dst, whole rows of packed
// 3-bit codes; it reports false when the data runs out first.
func (pc *prefixCode) decodeBlock(src []byte, dst []byte) bool {
	var acc uint64
	var nbits uint
	pos := 0
	for g := 0; g+groupBytes <= len(dst); g += groupBytes {
		var word uint32
		for k := 0; k < groupSize; k++ {
			for nbits < maxCodeLen && pos < len(src) {
				acc |= uint64(src[pos]) << nbits
				pos++
				nbits += 8
			}
			e := pc.table[acc&(1<<maxCodeLen-1)]
			if uint(e.n) > nbits {
				return false
			}
			word |= uint32(e.sym) << (codeBits * k)
			acc >>= e.n
			nbits -= uint(e.n)
		}
		dst[g], dst[g+1], dst[g+2] = byte(word), byte(word>>8), byte(word>>16)
	}
	return true
}
