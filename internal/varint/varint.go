// Package varint reads the uvarint records the index formats are made
// of (chunk records, file lists, symbol graphs) without ever panicking on
// damaged input.
package varint

import "encoding/binary"

// maxValue bounds a decoded value: no count, length or line of an index
// comes near it, so a larger one is damage.
const maxValue = 1 << 40

// Reader decodes uvarints from B. After a malformed value it returns zeros
// and sets Bad, so a caller checks once at the end.
type Reader struct {
	B   []byte
	Bad bool
}

// Uint reads one value.
func (r *Reader) Uint() int {
	v, n := binary.Uvarint(r.B)
	if n <= 0 || v > maxValue {
		r.B, r.Bad = nil, true
		return 0
	}
	r.B = r.B[n:]
	return int(v)
}

// Uint64 reads one value of any size: an ID or a timestamp, which Uint's
// bound on counts and lengths does not fit.
func (r *Reader) Uint64() uint64 {
	v, n := binary.Uvarint(r.B)
	if n <= 0 {
		r.B, r.Bad = nil, true
		return 0
	}
	r.B = r.B[n:]
	return v
}

// Int64 reads one signed (zig-zag) value of any size.
func (r *Reader) Int64() int64 {
	u := r.Uint64()
	return int64(u>>1) ^ -int64(u&1)
}

// Bytes reads a length-prefixed byte string, a view of B.
func (r *Reader) Bytes() []byte { return r.Next(r.Uint()) }

// Next reads the next l bytes, a view of B.
func (r *Reader) Next(l int) []byte {
	if l > len(r.B) {
		r.B, r.Bad = nil, true
		return nil
	}
	out := r.B[:l]
	r.B = r.B[l:]
	return out
}

// Skip passes over n values.
func (r *Reader) Skip(n int) {
	for i := 0; i < n && !r.Bad; i++ {
		r.Uint()
	}
}
