package store

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"runtime"
	"sort"
	"strconv"
	"sync"

	chromem "github.com/philippgille/chromem-go"
)

// segment is one immutable segment file in memory: the chunks one re-index
// wrote, split by kind. Indexes share segments, so a re-index in a running
// server reuses everything it did not rewrite.
type segment struct {
	id    uint64
	parts [2]*part // by Kind
}

// part is the chunks of one kind in a segment with their search
// structures.
type part struct {
	chunks  []Chunk // sorted by path, then line
	lex     *lexicon
	files   []fileSpan
	symbols map[string][]int32 // declared name -> chunk numbers
	total   float64            // sum of lexical chunk lengths

	collOnce sync.Once // the vector collection is built on first use
	coll     *chromem.Collection
	collErr  error
}

// fileSpan is the run of a part's chunks that belong to one file.
type fileSpan struct {
	path   string
	lo, hi int32
}

// segmentHeader is a segment file's JSON header.
type segmentHeader struct {
	ID        uint64 `json:"id"`
	Dimension int    `json:"dimension"`
	Chunks    int    `json:"chunks"`
}

// segmentBody is a segment file's gob body. Vectors travel as one flat
// float32 block: gob encodes a [][]float32 an element at a time and is
// many times slower.
type segmentBody struct {
	Chunks  []Chunk // by kind, path, line; Vector fields empty
	Vectors []byte
	Lex     [2]lexicon
}

func segmentName(id uint64) string { return fmt.Sprintf("seg-%016x.css", id) }

// newSegment builds a segment from chunks, which it reorders.
func newSegment(id uint64, chunks []Chunk) *segment {
	sort.SliceStable(chunks, func(i, j int) bool {
		a, b := &chunks[i], &chunks[j]
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		return chunkLess(a, b)
	})
	cut := sort.Search(len(chunks), func(i int) bool { return chunks[i].Kind == Doc })
	seg := &segment{id: id}
	var wg sync.WaitGroup
	for k, cs := range [2][]Chunk{chunks[:cut:cut], chunks[cut:]} {
		wg.Add(1)
		go func() { defer wg.Done(); seg.parts[k] = newPart(cs, buildLexicon(cs)) }()
	}
	wg.Wait()
	return seg
}

// newPart derives the in-memory structures that are cheaper to rebuild
// than to store.
func newPart(chunks []Chunk, lex *lexicon) *part {
	p := &part{chunks: chunks, lex: lex, symbols: map[string][]int32{}, total: lex.totalLen()}
	for i := range chunks {
		c := &chunks[i]
		if n := len(p.files); n == 0 || p.files[n-1].path != c.FilePath {
			p.files = append(p.files, fileSpan{path: c.FilePath, lo: int32(i)})
		}
		p.files[len(p.files)-1].hi = int32(i + 1)
		for _, name := range declaredNames(c.Symbol) {
			p.symbols[name] = append(p.symbols[name], int32(i))
		}
	}
	return p
}

// collection returns the part's chromem-go collection, building it on
// first use: indexing from the command line never searches, and a server
// builds a collection once per segment, not once per re-index.
func (p *part) collection() (*chromem.Collection, error) {
	p.collOnce.Do(func() {
		p.coll, p.collErr = chromem.NewDB().CreateCollection("chunks", nil, noEmbed)
		if p.collErr != nil || len(p.chunks) == 0 {
			return
		}
		docs := make([]chromem.Document, len(p.chunks))
		for i := range p.chunks {
			docs[i] = chromem.Document{ID: strconv.Itoa(i), Embedding: p.chunks[i].Vector}
		}
		if err := p.coll.AddDocuments(context.Background(), docs, runtime.GOMAXPROCS(0)); err != nil {
			p.collErr = fmt.Errorf("load vector collection: %w", err)
		}
	})
	return p.coll, p.collErr
}

// noEmbed guards the collections: vectors always come precomputed, so
// chromem-go must never try to embed text itself.
func noEmbed(context.Context, string) ([]float32, error) {
	return nil, fmt.Errorf("store: collections take precomputed vectors only")
}

// write encodes the segment; every vector must have dim dimensions.
func (seg *segment) write(w io.Writer, dim int) error {
	n := len(seg.parts[Code].chunks) + len(seg.parts[Doc].chunks)
	b := segmentBody{Chunks: make([]Chunk, 0, n), Vectors: make([]byte, 0, n*dim*4)}
	for k, p := range seg.parts {
		for _, c := range p.chunks {
			if len(c.Vector) != dim {
				return fmt.Errorf("chunk %s has %d dimensions, index has %d", c.ID, len(c.Vector), dim)
			}
			for _, f := range c.Vector {
				b.Vectors = binary.LittleEndian.AppendUint32(b.Vectors, math.Float32bits(f))
			}
			c.Vector = nil
			b.Chunks = append(b.Chunks, c)
		}
		b.Lex[k] = *p.lex
	}
	return writeFramed(w, segmentHeader{ID: seg.id, Dimension: dim, Chunks: n}, &b)
}

// readSegment loads the segment file at path and checks that it is the
// segment id with vectors of dim dimensions.
func readSegment(path string, id uint64, dim int) (*segment, error) {
	var h segmentHeader
	var b segmentBody
	if err := readFile(path, &h, &b); err != nil {
		return nil, err
	}
	bad := func(what string) error { return fmt.Errorf("read index %s: %w: %s", path, ErrCorrupt, what) }
	switch {
	case h.ID != id:
		return nil, bad("segment id")
	case h.Dimension != dim || len(b.Chunks) != h.Chunks || len(b.Vectors) != h.Chunks*dim*4:
		return nil, bad("segment size")
	}
	flat := make([]float32, len(b.Chunks)*dim)
	for i := range flat {
		flat[i] = math.Float32frombits(binary.LittleEndian.Uint32(b.Vectors[i*4:]))
	}
	b.Vectors = nil
	for i := range b.Chunks {
		b.Chunks[i].Vector = flat[i*dim : (i+1)*dim : (i+1)*dim]
		if b.Chunks[i].Kind > Doc || i > 0 && b.Chunks[i].Kind < b.Chunks[i-1].Kind {
			return nil, bad("chunk kinds")
		}
	}
	cut := sort.Search(len(b.Chunks), func(i int) bool { return b.Chunks[i].Kind == Doc })
	seg := &segment{id: id}
	for k, cs := range [2][]Chunk{b.Chunks[:cut:cut], b.Chunks[cut:]} {
		lex := &b.Lex[k]
		if err := lex.check(len(cs)); err != nil {
			return nil, fmt.Errorf("read index %s: %w", path, err)
		}
		seg.parts[k] = newPart(cs, lex)
	}
	return seg, nil
}
