package store

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"sort"
	"sync"
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

	vectors []float32 // every chunk's vector, row by row: chunks[i].Vector is row i

	quantOnce sync.Once // the int8 matrix is built on first search
	quant     *quantized
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

// chunkBatch is how many chunks go in one gob message of a segment body,
// bounding the memory gob needs to buffer a message.
const chunkBatch = 1024

func segmentName(id uint64) string { return fmt.Sprintf("seg-%016x.cseg", id) }

// newSegment builds a segment from chunks, which it reorders.
func newSegment(id uint64, chunks []Chunk) *segment {
	sort.SliceStable(chunks, func(i, j int) bool {
		a, b := &chunks[i], &chunks[j]
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		return chunkLess(a, b)
	})
	flat := ownVectors(chunks)
	cut := sort.Search(len(chunks), func(i int) bool { return chunks[i].Kind == Doc })
	off := 0
	for _, c := range chunks[:cut] {
		off += len(c.Vector)
	}
	vecs := [2][]float32{flat[:off:off], flat[off:]}
	seg := &segment{id: id}
	var wg sync.WaitGroup
	for k, cs := range [2][]Chunk{chunks[:cut:cut], chunks[cut:]} {
		wg.Add(1)
		go func() { defer wg.Done(); seg.parts[k] = newPart(cs, vecs[k], buildLexicon(cs)) }()
	}
	wg.Wait()
	return seg
}

// ownVectors copies the chunks' vectors into one block for the segment.
// Chunks folded in from older segments would otherwise keep those
// segments' whole vector blocks, dead vectors included, alive for as long
// as a server runs. It returns the block.
func ownVectors(chunks []Chunk) []float32 {
	n := 0
	for i := range chunks {
		n += len(chunks[i].Vector)
	}
	flat := make([]float32, 0, n)
	for i := range chunks {
		start := len(flat)
		flat = append(flat, chunks[i].Vector...)
		chunks[i].Vector = flat[start:len(flat):len(flat)]
	}
	return flat
}

// newPart derives the in-memory structures that are cheaper to rebuild
// than to store. vectors holds the chunks' vectors, row by row.
func newPart(chunks []Chunk, vectors []float32, lex *lexicon) *part {
	p := &part{chunks: chunks, vectors: vectors, lex: lex, symbols: map[string][]int32{}, total: lex.totalLen()}
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

// quantized returns the part's int8 matrix, building it on first use:
// indexing from the command line never searches, and a server builds it
// once per segment, not once per re-index.
func (p *part) quantized() *quantized {
	p.quantOnce.Do(func() {
		dim := 0
		if len(p.chunks) > 0 {
			dim = len(p.chunks[0].Vector)
		}
		p.quant = quantize(p.vectors, dim)
	})
	return p.quant
}

// write encodes the segment: the chunks in batches (vectors left out),
// the two lexicons, then all vectors as one float32 block. Every vector
// must have dim dimensions.
func (seg *segment) write(w io.Writer, dim int) error {
	n := len(seg.parts[Code].chunks) + len(seg.parts[Doc].chunks)
	fw, err := newFrameWriter(w, segmentHeader{ID: seg.id, Dimension: dim, Chunks: n})
	if err != nil {
		return err
	}
	batch := make([]Chunk, 0, chunkBatch)
	flush := func() error {
		err := fw.enc.Encode(batch)
		batch = batch[:0]
		return err
	}
	for _, p := range seg.parts {
		for _, c := range p.chunks {
			if len(c.Vector) != dim {
				return fmt.Errorf("chunk %s has %d dimensions, index has %d", c.ID, len(c.Vector), dim)
			}
			c.Vector = nil
			if batch = append(batch, c); len(batch) == chunkBatch {
				if err := flush(); err != nil {
					return err
				}
			}
		}
	}
	if len(batch) > 0 {
		if err := flush(); err != nil {
			return err
		}
	}
	for _, p := range seg.parts {
		if err := fw.enc.Encode(p.lex); err != nil {
			return err
		}
	}
	for _, p := range seg.parts {
		for _, c := range p.chunks {
			if err := fw.writeFloats(c.Vector); err != nil {
				return err
			}
		}
	}
	return fw.close()
}

// readSegment loads the segment file at path and checks that it is the
// segment id with vectors of dim dimensions.
func readSegment(path string, id uint64, dim int) (*segment, error) {
	seg, err := decodeSegment(path, id, dim)
	if err != nil {
		return nil, fmt.Errorf("read index %s: %w", path, err)
	}
	return seg, nil
}

func decodeSegment(path string, id uint64, dim int) (*segment, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	var h segmentHeader
	fr, err := newFrameReader(bufio.NewReaderSize(f, 1<<20), &h)
	if err != nil {
		return nil, err
	}
	switch {
	case h.ID != id:
		return nil, fmt.Errorf("%w: segment id", ErrCorrupt)
	case h.Dimension != dim || h.Chunks < 0 || int64(h.Chunks)*int64(dim)*4 > fi.Size():
		return nil, fmt.Errorf("%w: segment size", ErrCorrupt)
	}
	chunks := make([]Chunk, 0, h.Chunks)
	for len(chunks) < h.Chunks {
		var batch []Chunk
		if err := fr.decode(&batch); err != nil {
			return nil, err
		}
		if len(batch) == 0 || len(chunks)+len(batch) > h.Chunks {
			return nil, fmt.Errorf("%w: chunk count", ErrCorrupt)
		}
		chunks = append(chunks, batch...)
	}
	var lex [2]lexicon
	for k := range lex {
		if err := fr.decode(&lex[k]); err != nil {
			return nil, err
		}
	}
	flat := make([]float32, h.Chunks*dim)
	if err := fr.readFloats(flat); err != nil {
		return nil, err
	}
	if err := fr.close(); err != nil {
		return nil, err
	}
	for i := range chunks {
		chunks[i].Vector = flat[i*dim : (i+1)*dim : (i+1)*dim]
		if chunks[i].Kind > Doc || i > 0 && chunks[i].Kind < chunks[i-1].Kind {
			return nil, fmt.Errorf("%w: chunk kinds", ErrCorrupt)
		}
	}
	cut := sort.Search(len(chunks), func(i int) bool { return chunks[i].Kind == Doc })
	vecs := [2][]float32{flat[: cut*dim : cut*dim], flat[cut*dim:]}
	seg := &segment{id: id}
	for k, cs := range [2][]Chunk{chunks[:cut:cut], chunks[cut:]} {
		if err := lex[k].check(len(cs)); err != nil {
			return nil, err
		}
		seg.parts[k] = newPart(cs, vecs[k], &lex[k])
	}
	return seg, nil
}
