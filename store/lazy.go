package store

import (
	"sync"

	"github.com/codeseek/codeseek/internal/varint"
)

// rest is the part of a chunk read from an index that needs its text:
// the text itself, the signature (often a place in it) and the ID
// derived from it. It is loaded once, when first asked for, and shared
// by every holder of the chunk.
type rest struct {
	once sync.Once
	p    *part // keeps the segment mapped until the text is read
	r    int32
	tail int // the bytes of r's record after what light decoded
	full *Chunk
}

// Full returns c with its Content, Signature and ID. A chunk that a
// search read from the embedded index leaves them out until asked: a
// search ranks hundreds of candidates for each result it shows, and
// decoding (and hashing, for the ID) every candidate's text was a third
// of its time. The chunk returned is shared by every caller; they only
// read it.
func (c *Chunk) Full() *Chunk {
	x := c.rest
	if x == nil {
		return c
	}
	x.once.Do(func() {
		f := *c
		f.rest = nil
		rec := record(x.p.meta, &x.p.metaEnd, x.r)
		mr := varint.Reader{B: rec[len(rec)-x.tail:]}
		x.p.finish(&f, &mr, x.r)
		x.full = &f
	})
	return x.full
}

// Whole reports whether c already has its text (built in memory, from a
// remote backend, or returned by Full).
func (c *Chunk) Whole() bool { return c.rest == nil }
