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
	// Text is deflated fast: it is most of what an index run compresses.
	// Graphs are a third of its bytes and shrink a tenth more at level 6
	// (the Linux kernel's: 227 MiB at level 1, 203 MiB at 6), for about
	// 9 s of CPU over a 300 s index.
	textDeflaters  = deflaterPool(flate.BestSpeed)
	graphDeflaters = deflaterPool(flate.DefaultCompression)
	inflaters      = sync.Pool{New: func() any { return flate.NewReader(bytes.NewReader(nil)) }}
)

func deflaterPool(level int) *sync.Pool {
	return &sync.Pool{New: func() any {
		w, _ := flate.NewWriter(nil, level)
		return w
	}}
}

// deflateText appends the compressed form of s to dst.
func deflateText(dst []byte, s string) []byte {
	return deflateWith(textDeflaters, dst, func(w io.Writer) { io.WriteString(w, s) })
}

// deflateGraph appends the compressed form of an encoded graph to dst.
func deflateGraph(dst, b []byte) []byte {
	return deflateWith(graphDeflaters, dst, func(w io.Writer) { w.Write(b) })
}

func deflateWith(pool *sync.Pool, dst []byte, write func(io.Writer)) []byte {
	buf := bytes.NewBuffer(dst)
	w := pool.Get().(*flate.Writer)
	w.Reset(buf)
	write(w)
	w.Close()
	pool.Put(w)
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
