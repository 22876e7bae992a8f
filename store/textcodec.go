package store

import (
	"bytes"
	"compress/flate"
	"io"
	"sync"
)

// Chunk text is stored deflated, chunk by chunk: source code shrinks to
// less than half (2.2x on the Linux kernel's C), the largest part of a
// segment after the vectors, while a search still inflates only the few
// chunks it returns, each in microseconds. Raw deflate (no zlib header):
// the segment's checksums already cover the bytes.

var (
	deflaters = sync.Pool{New: func() any {
		w, _ := flate.NewWriter(nil, flate.BestSpeed)
		return w
	}}
	inflaters = sync.Pool{New: func() any { return flate.NewReader(bytes.NewReader(nil)) }}
)

// deflateText appends the compressed form of s to dst.
func deflateText(dst []byte, s string) []byte {
	buf := bytes.NewBuffer(dst)
	w := deflaters.Get().(*flate.Writer)
	w.Reset(buf)
	io.WriteString(w, s)
	w.Close()
	deflaters.Put(w)
	return buf.Bytes()
}

// inflateText returns the text compressed in b. Damaged data gives what
// could be decoded: the segment's checksum reports the damage.
func inflateText(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	r := inflaters.Get().(io.ReadCloser)
	r.(flate.Resetter).Reset(bytes.NewReader(b), nil)
	var out bytes.Buffer
	out.Grow(3 * len(b))
	out.ReadFrom(r)
	inflaters.Put(r)
	return out.String()
}
