package store

import (
	"fmt"
	"io"
	"runtime"
	"sort"
	"sync"
	"weak"

	"github.com/codeseek/codeseek/internal/varint"
)

// segment is one immutable segment file, mapped: the chunks one re-index
// wrote, split by kind. Indexes share segments, so a re-index in a running
// server reuses everything it did not rewrite.
type segment struct {
	id    uint64
	parts [2]*part // by Kind
	m     *mapping
	check *verification
}

// verification is the verdict of a segment's background checksum check.
// It does not point at the segment, so a check still running does not
// keep a replaced segment alive.
type verification struct {
	done chan struct{} // closed when the bulk sections are verified
	err  error         // set before done is closed when they did not match
}

// part is the chunks of one kind in a segment, as views of the mapped
// file: nothing is decoded at open but the file list, and a chunk's text
// and vector are read only when a search hits it.
type part struct {
	m      *mapping // keeps the memory below mapped
	kind   Kind
	n, dim int

	meta    []byte // per chunk: start and end line, then ID, language, symbol, symbol kind, parent, signature
	metaEnd ends   // chunk i's record is meta[metaEnd.span(i)]
	text    []byte
	textEnd ends
	codec   textCodec  // how text is compressed
	quant   *quantized // the vectors
	lex     *lexicon   // BM25 index of content, path and symbol
	syms    *lexicon   // declared name -> chunks
	files   []fileSpan
	total   float64 // sum of lexical chunk lengths

	graph    []byte                // per file, its encoded symbol graph (graph.go)
	graphEnd ends                  // file i's blob is graph[graphEnd.span(i)]
	gnames   [nameIndexes]*lexicon // the graph's name indexes; rows are file numbers

	cache chunkCache
}

// fileSpan is the run of a part's chunks that belong to one file.
type fileSpan struct {
	path   string
	lo, hi int32
}

func segmentName(id uint64) string { return fmt.Sprintf("seg-%016x.cseg", id) }

// readSegment maps the segment file at path and checks that it is the
// segment id with vectors of dim dimensions. Only the table of contents
// and the small sections are verified before it returns; the bulk
// sections are verified in the background (see verify).
func readSegment(path string, id uint64, dim int) (*segment, error) {
	seg, toc, err := openSegment(path, id, dim)
	if err != nil {
		return nil, fmt.Errorf("read index %s: %w", path, err)
	}
	go seg.check.run(path, toc, seg.m.src)
	return seg, nil
}

// writtenSegment maps the segment this process just wrote and fsynced:
// its bulk sections are the bytes it hashed while writing them, so they
// are not read back to be checked.
func writtenSegment(path string, id uint64, dim int) (*segment, error) {
	seg, _, err := openSegment(path, id, dim)
	if err != nil {
		return nil, fmt.Errorf("read index %s: %w", path, err)
	}
	close(seg.check.done)
	return seg, nil
}

func openSegment(path string, id uint64, dim int) (*segment, *segmentTOC, error) {
	if !littleEndian {
		return nil, nil, fmt.Errorf("index segments are little-endian and this CPU is not")
	}
	f, err := openShared(path)
	if err != nil {
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if fi.Size() < int64(len(segPrefix())+trailerSize) {
		f.Close()
		return nil, nil, fmt.Errorf("%w: truncated", ErrCorrupt)
	}
	m, err := mapFile(f, fi.Size())
	if err != nil {
		return nil, nil, err
	}
	toc, body, err := readTOC(m.data)
	if err != nil {
		return nil, nil, err
	}
	if toc.ID != id {
		return nil, nil, fmt.Errorf("%w: segment id", ErrCorrupt)
	}
	if toc.Dimension != dim || toc.Parts[Code].Chunks+toc.Parts[Doc].Chunks != toc.Chunks {
		return nil, nil, fmt.Errorf("%w: segment size", ErrCorrupt)
	}
	seg := &segment{id: id, m: m, check: &verification{done: make(chan struct{})}}
	for k := range seg.parts {
		if seg.parts[k], err = mapPart(m, body, &toc.Parts[k], Kind(k), dim); err != nil {
			return nil, nil, err
		}
	}
	advise(body, toc)
	return seg, toc, nil
}

// advise tells the kernel how a mapped segment's sections are used. The
// small sections opening just checked are dropped from the process's
// page tables and read at random from then on: at kernel scale they are
// hundreds of MB that a search touches a few pages of, and a fault should
// not map the 64 KB around each. The other sections but the int8 and two-bit
// blocks (one of which every vector search scans whole) are read at
// random; rows and texts are not read through the mapping at all
// (mapping.copyOut).
func advise(body []byte, toc *segmentTOC) {
	for _, pt := range toc.Parts {
		for name, r := range pt.Sections {
			b := body[r.Off : r.Off+r.Len]
			switch {
			case !bulkSection(name):
				dropPages(b)
				adviseRandom(b)
			case name != secI8 && name != secI2:
				adviseRandom(b)
			}
		}
	}
}

// mapPart builds a part over body, the mapped sections, checking every
// size and offset it will index with, so damaged data is an error here
// rather than a panic in a search.
func mapPart(m *mapping, body []byte, pt *partTOC, k Kind, dim int) (*part, error) {
	n := pt.Chunks
	p := &part{m: m, kind: k, n: n, dim: dim, total: pt.Total}
	var errs []error
	sec := func(name string, elem, count int) []byte {
		b, err := pt.section(body, name, elem, count)
		errs = append(errs, err)
		return b
	}
	p.meta = sec(secMeta, 1, -1)
	metaEnd := sec(secMetaEnd, 4, -1)
	p.text = sec(secText, 1, -1)
	textEnd := sec(secTextEnd, 4, -1)
	var codecErr error
	p.codec, codecErr = codecNamed(pt.TextCodec)
	errs = append(errs, codecErr)
	p.quant = &quantized{dim: dim, codes: viewOf[int8](sec(secI8, 1, n*dim)),
		scales: viewOf[float32](sec(secScale, 4, n)), maxResid: pt.MaxResid, maxNorm: pt.MaxNorm}
	if hasTwoBit(dim) {
		p.quant.twoBit = sec(secI2, 1, n*dim/4)
		p.quant.twoBitScale = viewOf[float32](sec(secI2Scale, 4, n))
	}
	files := sec(secFiles, 1, -1)
	var lexErr, symErr error
	p.lex, lexErr = mapLexicon(pt, body, lexPrefix, n, true)
	p.syms, symErr = mapLexicon(pt, body, symPrefix, n, false)
	errs = append(errs, lexErr, symErr)
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	var err error
	if p.metaEnd, err = mapEnds(metaEnd, n, len(p.meta)); err != nil {
		return nil, fmt.Errorf("chunk records: %w", err)
	}
	if p.textEnd, err = mapEnds(textEnd, n, len(p.text)); err != nil {
		return nil, fmt.Errorf("chunk texts: %w", err)
	}
	if p.files, err = decodeFiles(files, n); err != nil {
		return nil, err
	}
	if err := p.mapGraph(pt, body); err != nil {
		return nil, err
	}
	return p, nil
}

// mapGraph maps the part's symbol graph sections, one row per file.
func (p *part) mapGraph(pt *partTOC, body []byte) error {
	nf := len(p.files)
	graph, err := pt.section(body, secGraph, 1, -1)
	if err != nil {
		return err
	}
	offs, err := pt.section(body, secGraphEnd, 4, -1)
	if err != nil {
		return err
	}
	p.graph = graph
	if p.graphEnd, err = mapEnds(offs, nf, len(graph)); err != nil {
		return fmt.Errorf("graphs: %w", err)
	}
	for k := range p.gnames {
		if p.gnames[k], err = mapLexicon(pt, body, nameIndexPrefix[k], nf, false); err != nil {
			return err
		}
	}
	return nil
}

// graphOf is file i's encoded graph, nil for a file without one, shared
// through the graph cache (graphcache.go): callers only read it.
func (p *part) graphOf(i int32) []byte {
	if len(record(p.graph, &p.graphEnd, i)) == 0 {
		return nil
	}
	return inflated.get(p, i, func() []byte { return p.inflateGraph(i) })
}

// inflateGraph is file i's encoded graph, inflated onto the heap (read
// with pread, as rows and texts are: mapped reads fault their neighbours
// in); nil for a file without one.
func (p *part) inflateGraph(i int32) []byte {
	packed := record(p.graph, &p.graphEnd, i)
	if len(packed) == 0 {
		return nil
	}
	buf := scratch.Get().(*[]byte)
	b := unpackGraph(p.m.copyOut(buf, packed))
	scratch.Put(buf)
	return b
}

// graphHeadOf is file i's package and build constraint, copied, and
// whether it has a graph at all.
func (p *part) graphHeadOf(i int32) (pkg, build string, ok bool) {
	packed := record(p.graph, &p.graphEnd, i)
	if len(packed) == 0 {
		return "", "", false
	}
	pkg, build, _, ok = graphHead(packed)
	return clone(pkg), clone(build), ok
}

// decodeFiles reads the file list: per file its path and its run of
// chunks, which must tile the part's n chunks in order.
func decodeFiles(b []byte, n int) ([]fileSpan, error) {
	r := varint.Reader{B: b}
	var out []fileSpan
	next := 0
	for len(r.B) > 0 {
		path := string(r.Bytes())
		lo, hi := r.Uint(), r.Uint()
		if r.Bad || lo != next || hi <= lo || hi > n {
			return nil, fmt.Errorf("%w: file list", ErrCorrupt)
		}
		out = append(out, fileSpan{path: path, lo: int32(lo), hi: int32(hi)})
		next = hi
	}
	if next != n {
		return nil, fmt.Errorf("%w: file list", ErrCorrupt)
	}
	return out, nil
}

// run checks the bulk sections' checksums, reading the file with pread
// rather than through the mapping, so that checking neither counts the
// file in this process's resident memory nor delays the first search.
func (v *verification) run(path string, toc *segmentTOC, f io.ReaderAt) {
	defer close(v.done)
	if err := toc.verifyBulk(f); err != nil {
		v.err = fmt.Errorf("read index %s: %w", path, err)
	}
}

// verified waits for the background check and returns its verdict.
func (seg *segment) verified() error {
	<-seg.check.done
	return seg.check.err
}

// failed returns the background check's verdict if it has finished.
func (seg *segment) failed() error {
	select {
	case <-seg.check.done:
		return seg.check.err
	default:
		return nil
	}
}

// record returns row r's span of a blob with its end offsets, or nil when
// damaged offsets point outside it (bulk sections are checked late).
func record(blob []byte, e *ends, r int32) []byte {
	if lo, hi := e.span(int(r)); lo <= hi && hi <= uint64(len(blob)) {
		return blob[lo:hi]
	}
	return nil
}

// row decodes chunk r's vector into dst, which has room for dim values.
func (p *part) row(dst []float32, r int32) []float32 {
	buf := scratch.Get().(*[]byte)
	dst = dequantize(dst, viewOf[int8](p.m.copyOut(buf, bytesOf(p.quant.codes[int(r)*p.dim:int(r+1)*p.dim]))), p.quant.scales[r])
	scratch.Put(buf)
	return dst
}

// textOf returns chunk r's text.
func (p *part) textOf(r int32) string {
	buf := scratch.Get().(*[]byte)
	s := p.codec.decode(p.m.copyOut(buf, record(p.text, &p.textEnd, r)))
	scratch.Put(buf)
	return s
}

// place returns chunk r's path and start line for tie-breaking.
func (p *part) place(r int32) (string, int) {
	mr := varint.Reader{B: record(p.meta, &p.metaEnd, r)}
	return p.pathOf(r), mr.Uint()
}

// pathOf is the path of the file holding chunk r, from the file list
// (the files tile the chunks in order; decoded onto the heap at open).
func (p *part) pathOf(r int32) string {
	i := sort.Search(len(p.files), func(i int) bool { return p.files[i].hi > r })
	if i == len(p.files) {
		return ""
	}
	return p.files[i].path
}

// transient returns chunk r with its text, its record's strings views of
// the mapping, for checks that read the chunk without keeping it.
func (p *part) transient(r int32) Chunk {
	c, _ := p.headView(r)
	c.Content = p.textOf(r)
	return c
}

// load returns a copy of chunk r on the Go heap, vector included.
func (p *part) load(r int32) Chunk {
	c, mr := p.head(r)
	p.finish(&c, &mr, r)
	c.Vector = p.row(make([]float32, p.dim), r)
	return c
}

// head decodes chunk r's record up to the parts that need its text, and
// returns the reader positioned after them for finish.
func (p *part) head(r int32) (Chunk, varint.Reader) {
	c, mr := p.headView(r)
	c.ID, c.Symbol, c.Parent = clone(c.ID), clone(c.Symbol), clone(c.Parent)
	return c, mr
}

// headView is head with the record's strings left as views of the
// mapping: the one reading of the record's layout.
func (p *part) headView(r int32) (Chunk, varint.Reader) {
	mr := varint.Reader{B: record(p.meta, &p.metaEnd, r)}
	c := Chunk{Kind: p.kind, StartLine: mr.Uint(), EndLine: mr.Uint(), FilePath: p.pathOf(r)}
	c.ID = stringOf(mr.Bytes())
	c.Language = readWord(&mr)
	c.Symbol = stringOf(mr.Bytes())
	c.SymbolKind = readWord(&mr)
	c.Parent = stringOf(mr.Bytes())
	return c, mr
}

// finish adds chunk r's text, the signature (often a place in the text)
// and the ID that ChunkID derives from the text when the record leaves
// it out.
func (p *part) finish(c *Chunk, mr *varint.Reader, r int32) {
	c.Content = p.textOf(r)
	c.Signature = readSignature(mr, c.Content)
	if c.ID == "" {
		c.ID = ChunkID(c.FilePath, c.StartLine, c.EndLine, c.Content)
	}
}

// light returns chunk r without what needs its text, which Full loads on
// first use (lazy.go says why).
func (p *part) light(r int32) Chunk {
	c, mr := p.head(r)
	c.rest = &rest{p: p, r: r, tail: len(mr.B)}
	c.Vector = p.row(make([]float32, p.dim), r)
	return c
}

// readSignature reads what appendSignature wrote; a place outside the
// text (damage) gives no signature.
func readSignature(mr *varint.Reader, content string) string {
	return readCoded(mr, func(off int) string {
		n := mr.Uint()
		if off+n > len(content) {
			return ""
		}
		return content[off : off+n]
	})
}

// chunkCache hands out one *Chunk per row for as long as anyone holds it,
// so that hits of one row from the vector scan, the lexical index and the
// declaration lookup are the same pointer (search merges candidates by
// pointer), while rows nobody holds cost no memory.
type chunkCache struct {
	mu   sync.Mutex
	rows map[int32]weak.Pointer[Chunk]
}

// chunk returns chunk r, shared with every other caller holding it.
func (p *part) chunk(r int32) *Chunk {
	cc := &p.cache
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if c := cc.rows[r].Value(); c != nil {
		return c
	}
	c := new(Chunk)
	*c = p.light(r)
	if cc.rows == nil {
		cc.rows = map[int32]weak.Pointer[Chunk]{}
	}
	cc.rows[r] = weak.Make(c)
	runtime.AddCleanup(c, cc.forget, r)
	return c
}

// forget drops row r's entry once its chunk has been collected, unless a
// newer chunk took its place.
func (cc *chunkCache) forget(r int32) {
	cc.mu.Lock()
	if cc.rows[r].Value() == nil {
		delete(cc.rows, r)
	}
	cc.mu.Unlock()
}
