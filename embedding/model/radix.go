package model

import "slices"

// radixSort sorts ids ascending, using buf as scratch, and returns the
// sorted slice and the scratch for reuse (either may be the other's
// storage). Bucket ids have 17 bits, so three passes of a byte each sort
// a text's thousand features in a fifth of a comparison sort's time,
// which took a fifth of all embedding time.
func radixSort(ids, buf []uint32) (sorted, scratch []uint32) {
	if len(ids) < 64 {
		slices.Sort(ids)
		return ids, buf
	}
	var top uint32
	for _, id := range ids {
		top |= id
	}
	buf = slices.Grow(buf[:0], len(ids))[:len(ids)]
	for shift := uint(0); shift < 32 && top>>shift != 0; shift += 8 {
		var count [257]int
		for _, id := range ids {
			count[(id>>shift&0xff)+1]++
		}
		for i := 1; i < len(count); i++ {
			count[i] += count[i-1]
		}
		for _, id := range ids {
			d := id >> shift & 0xff
			buf[count[d]] = id
			count[d]++
		}
		ids, buf = buf, ids
	}
	return ids, buf
}
