package store

import (
	"bytes"
	"compress/flate"
	"fmt"
	"io"
	"sync"
	"unsafe"

	"github.com/golang/snappy"
)

// Chunk text is stored compressed chunk by chunk, so that a search reads
// only the texts it needs. Snappy, not deflate: a search reads the text of
// every chunk that uses a looked-up name (up to maxDeclScan) and of its
// results, and deflate decoded chunk-sized texts at about 90 MB/s (building
// each one's Huffman tables was most of it), 17 µs for a typical chunk,
// where snappy decodes them at over 1 GB/s. Source code in chunk-sized
// pieces shrinks 1.85-1.96x with snappy against 2.47-2.63x with deflate
// (C++, Python, Go). Segments written before
// (partTOC.TextCodec absent) are deflated and read as such.
//
// Each file's symbol graph (graphblob.go) stays deflated: it is decoded
// once per file and cached, so its decoding speed matters little and its
// size more.

// textCodec compresses chunk texts one way.
type textCodec struct {
	name   string // as the segment's TOC records it
	encode func(dst []byte, s string) []byte
	decode func(b []byte) string // damaged data gives what could be decoded
}

// writtenCodec is the codec new segments use.
var writtenCodec = snappyText

var (
	snappyText  = textCodec{name: "snappy", encode: snappyEncode, decode: snappyDecode}
	deflateText = textCodec{name: "", encode: deflateEncode, decode: inflateText}
)

// codecNamed returns the codec a segment's TOC names.
func codecNamed(name string) (textCodec, error) {
	switch name {
	case snappyText.name:
		return snappyText, nil
	case deflateText.name:
		return deflateText, nil
	}
	return textCodec{}, fmt.Errorf("%w: unknown text codec %q", ErrCorrupt, name)
}

func snappyEncode(dst []byte, s string) []byte {
	n := snappy.MaxEncodedLen(len(s))
	if cap(dst) < n {
		dst = make([]byte, n)
	}
	return snappy.Encode(dst[:n], unsafe.Slice(unsafe.StringData(s), len(s)))
}

func snappyDecode(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	n, err := snappy.DecodedLen(b)
	if err != nil || n > maxChunkText {
		return ""
	}
	out, err := snappy.Decode(make([]byte, n), b)
	if err != nil || len(out) == 0 {
		return ""
	}
	return unsafe.String(&out[0], len(out)) // out is never written again
}

// maxChunkText bounds what a damaged length header can make a decode
// allocate; no chunk comes near it (chunks are token-budgeted).
const maxChunkText = 64 << 20

var (
	// Graphs are deflated at the default level: a tenth smaller than at
	// level 1 (the Linux kernel's: 227 MiB at level 1, 203 MiB at 6),
	// for about 9 s of CPU over a 300 s index.
	graphDeflaters = deflaterPool(flate.DefaultCompression)
	textDeflaters  = deflaterPool(flate.BestSpeed)
	inflaters      = sync.Pool{New: func() any { return flate.NewReader(bytes.NewReader(nil)) }}
)

func deflaterPool(level int) *sync.Pool {
	return &sync.Pool{New: func() any {
		w, _ := flate.NewWriter(nil, level)
		return w
	}}
}

// deflateEncode appends the deflated form of s to dst, as segments before
// snappy stored text (tests write such segments).
func deflateEncode(dst []byte, s string) []byte {
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

// inflateText returns the text deflated in b. Damaged data gives what
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
