package store

import (
	"fmt"
	"math"
)

// ends are the end offsets of a section's records (chunk records, texts,
// graphs, posting lists): record i is blob[at(i-1):at(i)]. A section's
// ends are stored 32 bits wide when its last end fits, 64 otherwise; the
// reader tells the two apart by the section's length, which is 4 or 8
// bytes per record. A segment's sections stay far below 4 GiB (the
// budget that flushes a run bounds them), so the wide form is there for
// correctness, not use: on the Linux kernel the narrow ends save 57 MiB
// of 1,645.
type ends struct {
	narrow []uint32
	wide   []uint64
}

// len is the number of records.
func (e *ends) len() int { return max(len(e.narrow), len(e.wide)) }

// at is record i's end offset.
func (e *ends) at(i int) uint64 {
	if e.wide != nil {
		return e.wide[i]
	}
	return uint64(e.narrow[i])
}

// add appends an end offset, for ends built in memory.
func (e *ends) add(v uint64) { e.wide = append(e.wide, v) }

// span is record i's [lo, hi) range.
func (e *ends) span(i int) (uint64, uint64) {
	lo := uint64(0)
	if i > 0 {
		lo = e.at(i - 1)
	}
	return lo, e.at(i)
}

// endBytes encodes offsets for a section: 4 bytes each when the last one
// fits, else 8.
func endBytes(offs []uint64) []byte {
	if len(offs) == 0 || offs[len(offs)-1] > math.MaxUint32 {
		return bytesOf(offs)
	}
	narrow := make([]uint32, len(offs))
	for i, v := range offs {
		narrow[i] = uint32(v)
	}
	return bytesOf(narrow)
}

// mapEnds views a mapped section as n end offsets, which must ascend to
// at most limit.
func mapEnds(b []byte, n, limit int) (ends, error) {
	var e ends
	switch len(b) {
	case 4 * n:
		e.narrow = viewOf[uint32](b)
	case 8 * n:
		e.wide = viewOf[uint64](b)
	default:
		return e, fmt.Errorf("%w: %d bytes of offsets for %d records", ErrCorrupt, len(b), n)
	}
	prev := uint64(0)
	for i := range n {
		v := e.at(i)
		if v < prev {
			return e, fmt.Errorf("%w: offsets descend", ErrCorrupt)
		}
		prev = v
	}
	if prev > uint64(limit) {
		return e, fmt.Errorf("%w: offsets beyond their section", ErrCorrupt)
	}
	return e, nil
}

// bytes encodes e for a section, narrow when it fits.
func (e *ends) bytes() []byte {
	if e.wide == nil {
		return bytesOf(e.narrow)
	}
	return endBytes(e.wide)
}
