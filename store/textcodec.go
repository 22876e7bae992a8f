package store

import (
	"bytes"
	"compress/flate"
	"io"
	"sync"
)

// Chunk text, and each file's symbol graph (graphblob.go), are stored
// deflated, chunk by chunk and file by file: source code shrinks to
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
	return deflateWith(dst, func(w io.Writer) { io.WriteString(w, s) })
}

// deflateBytes appends the compressed form of b to dst.
func deflateBytes(dst, b []byte) []byte {
	return deflateWith(dst, func(w io.Writer) { w.Write(b) })
}

func deflateWith(dst []byte, write func(io.Writer)) []byte {
	buf := bytes.NewBuffer(dst)
	w := deflaters.Get().(*flate.Writer)
	w.Reset(buf)
	write(w)
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
	return inflate(b).String()
}

// inflateBytes returns the bytes compressed in b, on the heap.
func inflateBytes(b []byte) []byte {
	if len(b) == 0 {
		return nil
	}
	return inflate(b).Bytes()
}

func inflate(b []byte) *bytes.Buffer {
	r := inflaters.Get().(io.ReadCloser)
	r.(flate.Resetter).Reset(bytes.NewReader(b), nil)
	out := new(bytes.Buffer)
	out.Grow(3 * len(b))
	out.ReadFrom(r)
	inflaters.Put(r)
	return out
}
