package store

import (
	"container/heap"
	"fmt"
	"math"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/cespare/xxhash/v2"
)

// Index is one repository's committed manifest with its loaded segments.
// An Index is never modified after creation; a re-index builds a new one,
// sharing the segments it did not rewrite.
type Index struct {
	Manifest *Manifest
	stamp    fileStamp // of the manifest it was read from, to notice other writers
	segs     []*segment
	views    [2][]view // by Kind
	live     [2]int
	all      [2]int             // chunks live or dead: BM25 counts both, as Lucene does
	totalLen [2]float64         // of all chunks
	locs     map[string]fileLoc // live files by path (graphindex.go)
	memo     memo               // values derived from the index (GraphReader.Memo)
	names    nameCounts         // NameFiles' answers so far
}

// view is a segment part as one manifest sees it: chunks of files that
// were re-indexed into a later segment, or deleted, are dead.
type view struct {
	*part
	dead  []bool // by chunk number; nil when every chunk is live
	ndead int
}

func (v *view) isDead(i int32) bool { return v.dead != nil && v.dead[i] }

// Hit is a chunk with its score for a query: cosine similarity for vector
// search, BM25 for lexical search.
type Hit struct {
	Chunk *Chunk
	Score float64
}

// newIndex joins m with its segments, found in segs by ID.
func newIndex(m *Manifest, segs map[uint64]*segment) (*Index, error) {
	ix := &Index{Manifest: m}
	owner := make(map[string]uint64, len(m.Files))
	for _, f := range m.Files {
		owner[f.Path] = f.Segment
	}
	for _, si := range m.Segments {
		seg := segs[si.ID]
		if seg == nil {
			return nil, fmt.Errorf("%w: segment %s not loaded", ErrCorrupt, segmentName(si.ID))
		}
		ix.segs = append(ix.segs, seg)
		for k, p := range seg.parts {
			v := view{part: p}
			for _, f := range p.files {
				if owner[f.path] == seg.id {
					continue
				}
				if v.dead == nil {
					v.dead = make([]bool, p.n)
				}
				for i := f.lo; i < f.hi; i++ {
					v.dead[i] = true
				}
				v.ndead += int(f.hi - f.lo)
			}
			ix.views[k] = append(ix.views[k], v)
			ix.live[k] += p.n - v.ndead
			ix.all[k] += p.n
			ix.totalLen[k] += p.total
		}
	}
	ix.locate()
	return ix, nil
}

// DatabaseName names the collection of kind k, as reported to users.
func (ix *Index) DatabaseName(k Kind) string {
	name := "code"
	if k == Doc {
		name = "docs"
	}
	return "codeseek_" + ix.Manifest.Meta.ID + "_" + name
}

// Count is the number of live chunks of kind k.
func (ix *Index) Count(k Kind) int { return ix.live[k] }

// eachLive calls fn for every live chunk of kind k, segment by segment.
func (ix *Index) eachLive(k Kind, fn func(*Chunk)) {
	for _, v := range ix.views[k] {
		for i := range int32(v.n) {
			if !v.isDead(i) {
				fn(v.chunk(i))
			}
		}
	}
}

// failed returns the error of a segment whose background checksum check
// found damage, or nil.
func (ix *Index) failed() error {
	for _, seg := range ix.segs {
		if err := seg.failed(); err != nil {
			return err
		}
	}
	return nil
}

// Lexical returns up to n chunks of kind k by BM25 score for query, best
// first, among those keep accepts (nil accepts all). Document frequencies
// and lengths are summed over all segments, so scores compare across them.
func (ix *Index) Lexical(k Kind, query string, n int, keep func(*Chunk) bool) []Hit {
	if ix.live[k] == 0 || n <= 0 {
		return nil
	}
	defer runtime.KeepAlive(ix) // the views point into its mapped segments
	terms := queryTerms(query)
	views := ix.views[k]
	found := make([][]int, len(views)) // term number in each view's lexicon, or -1
	N := float64(ix.all[k])
	for v := range views {
		found[v] = make([]int, len(terms))
	}
	for t := range terms {
		var df float64
		for v := range views {
			found[v][t] = views[v].lex.find(terms[t].text)
			if i := found[v][t]; i >= 0 {
				df += float64(views[v].lex.DF[i])
			}
		}
		terms[t].idf = math.Log(1 + (N-df+0.5)/(df+0.5))
	}
	avgLen := ix.totalLen[k] / N
	single := ix.singleWeights(k, avgLen)
	best := newTopK(n, candBetter)
	buf := scoreBufs.Get().(*scoreBuf)
	defer scoreBufs.Put(buf)
	for v := range views {
		vw := &views[v]
		// Dense scores: a common term touches a large share of the chunks,
		// where a map costs far more than clearing an array. The array is
		// reused across views and queries (cleared where it was touched):
		// allocating one per segment cost a kernel-sized index megabytes
		// of garbage per query.
		scores := buf.scores(vw.n)
		touched := buf.touched[:0]
		for t, q := range terms {
			if i := found[v][t]; i >= 0 {
				touched = vw.lex.addBM25(i, q.qtf*q.idf, avgLen, single[v], scores, touched)
			}
		}
		for _, doc := range touched {
			c := cand{score: scores[doc], v: vw, row: doc}
			scores[doc] = 0
			// The filter needs the chunk, so it runs only for rows that
			// would make the cut.
			if !vw.isDead(doc) && best.wants(c) && (keep == nil || keep(vw.chunk(doc))) {
				best.add(c)
			}
		}
		buf.touched = touched[:0]
	}
	return hitsOf(best.sorted())
}

// qterm is a query's lexical term: its count in the query and, once
// looked up, its inverse document frequency.
type qterm struct {
	text string
	qtf  float64
	idf  float64
}

// queryTerms returns the query's lexical terms in query order, so scores
// add up the same way every time, each once with its count.
func queryTerms(query string) []qterm {
	var terms []qterm
	LexTerms(query, func(t []byte) {
		for i := range terms {
			if terms[i].text == string(t) {
				terms[i].qtf++
				return
			}
		}
		terms = append(terms, qterm{text: string(t), qtf: 1})
	})
	return terms
}

// scoreBuf is Lexical's per-query scratch: dense scores, all zero between
// uses, and the rows touched.
type scoreBuf struct {
	dense   []float64
	touched []int32
}

var scoreBufs = sync.Pool{New: func() any { return new(scoreBuf) }}

// scores returns n zeroed scores.
func (b *scoreBuf) scores(n int) []float64 {
	if cap(b.dense) < n {
		b.dense = make([]float64, n)
	}
	return b.dense[:n]
}

// cand is a row of a view with its score: ranking works on rows, and only
// the rows that make the cut become Hits (copied out of the mapping).
type cand struct {
	score float64
	v     *view
	row   int32
}

// candBetter orders candidates as better orders hits.
func candBetter(a, b cand) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	ap, al := a.v.place(a.row)
	bp, bl := b.v.place(b.row)
	if ap != bp {
		return ap < bp
	}
	return al < bl
}

// hitsOf turns ranked candidates into hits.
func hitsOf(cs []cand) []Hit {
	hits := make([]Hit, len(cs))
	for i, c := range cs {
		hits[i] = Hit{Chunk: c.v.chunk(c.row), Score: c.score}
	}
	return hits
}

// bestHits sorts hits by score, ties by place, and keeps the first n.
func bestHits(hits []Hit, n int) []Hit {
	best := newTopK(n, better)
	for _, h := range hits {
		best.add(h)
	}
	return best.sorted()
}

// better orders hits: higher score first, ties by place, so results are
// stable from run to run.
func better(a, b Hit) bool {
	if a.Score != b.Score {
		return a.Score > b.Score
	}
	return chunkLess(a.Chunk, b.Chunk)
}

// topK keeps the n best items seen, in a heap whose root is the worst
// kept, so offering m items costs O(m log n) instead of sorting all m.
type topK[T any] struct {
	n      int
	h      []T
	better func(a, b T) bool
}

func newTopK[T any](n int, better func(a, b T) bool) *topK[T] {
	return &topK[T]{n: n, h: make([]T, 0, min(n, 1024)), better: better}
}

func (t *topK[T]) Len() int           { return len(t.h) }
func (t *topK[T]) Less(i, j int) bool { return t.better(t.h[j], t.h[i]) } // worst at the root
func (t *topK[T]) Swap(i, j int)      { t.h[i], t.h[j] = t.h[j], t.h[i] }
func (t *topK[T]) Push(x any)         { t.h = append(t.h, x.(T)) }
func (t *topK[T]) Pop() any {
	last := t.h[len(t.h)-1]
	t.h = t.h[:len(t.h)-1]
	return last
}

// wants reports whether x would be kept.
func (t *topK[T]) wants(x T) bool { return t.n > 0 && (len(t.h) < t.n || t.better(x, t.h[0])) }

func (t *topK[T]) add(x T) {
	switch {
	case t.n <= 0:
	case len(t.h) < t.n:
		heap.Push(t, x)
	case t.better(x, t.h[0]):
		t.h[0] = x
		heap.Fix(t, 0)
	}
}

// sorted returns the kept items, best first.
func (t *topK[T]) sorted() []T {
	sort.Slice(t.h, func(i, j int) bool { return t.better(t.h[i], t.h[j]) })
	return t.h
}

// declaredNames splits a chunk's symbol into the names it declares: merged
// chunks list several ("A, B"), methods are qualified ("Server.Close").
func declaredNames(symbol string) []string {
	var out []string
	for _, s := range strings.Split(symbol, ",") {
		s = strings.TrimSpace(s)
		if s == "" || strings.ContainsAny(s, " >") { // doc heading paths are not identifiers
			continue
		}
		out = append(out, s)
		if i := strings.LastIndexByte(s, '.'); i >= 0 && i+1 < len(s) {
			out = append(out, s[i+1:])
		}
	}
	return out
}

// Cosine is the cosine similarity of c's vector and vec (both unit length).
func Cosine(c *Chunk, vec []float32) float64 { return VectorCosine(c.Vector, vec) }

// VectorCosine is the cosine similarity of two unit-length vectors, as
// the store scores a chunk, for vectors that belong to no stored chunk
// (the pieces of a chunk that search embeds).
func VectorCosine(a, b []float32) float64 { return float64(dotExact(a, b)) }

// ChunkID derives a stable chunk identifier from its place and content, so
// an unchanged chunk keeps its ID across re-indexing.
func ChunkID(path string, start, end int, content string) string {
	h := xxhash.New()
	h.WriteString(path)
	h.WriteString("\x00" + strconv.Itoa(start) + ":" + strconv.Itoa(end) + "\x00")
	h.WriteString(content)
	return fmt.Sprintf("%016x", h.Sum64())
}

// A bug report's words are spread over the file it is about: the
// function that fails, the type it takes, the message it raises, each in
// a chunk of its own. BM25 over whole files counts them together, where
// the chunk channel weighs each chunk's share alone.

// FileHit is a file with its score for a query.
type FileHit struct {
	Path  string
	Score float64
}

// LexicalFiles returns up to n files of kind k by BM25 over whole files,
// best first: a file's term frequencies and length are its chunks'
// summed, and document frequencies count files. keep, when not nil, is
// asked with the file's first chunk.
func (ix *Index) LexicalFiles(k Kind, query string, n int, keep func(*Chunk) bool) []FileHit {
	if ix.live[k] == 0 || n <= 0 {
		return nil
	}
	defer runtime.KeepAlive(ix) // the views point into its mapped segments
	views := ix.views[k]
	lens := ix.fileLengths(k)
	if lens.files == 0 {
		return nil
	}
	avgLen := lens.total / float64(lens.files)
	scores := make([][]float64, len(views))
	for v := range views {
		scores[v] = make([]float64, len(views[v].files))
	}
	var tfs []fileTF
	for _, t := range queryTerms(query) {
		tfs = tfs[:0]
		for v := range views {
			if i := views[v].lex.find(t.text); i >= 0 {
				tfs = views[v].fileTFs(i, int32(v), tfs)
			}
		}
		df := float64(len(tfs))
		idf := math.Log(1 + (float64(lens.files)-df+0.5)/(df+0.5))
		for _, e := range tfs {
			scores[e.view][e.file] += t.qtf * idf * bm25Norm(e.tf, lens.of[e.view][e.file], avgLen)
		}
	}
	best := newTopK(n, fileBetter)
	for v := range views {
		vw := &views[v]
		for f, s := range scores[v] {
			h := FileHit{Path: vw.files[f].path, Score: s}
			if s > 0 && best.wants(h) && (keep == nil || keep(vw.chunk(vw.files[f].lo))) {
				best.add(h)
			}
		}
	}
	return best.sorted()
}

// fileBetter orders file hits: higher score first, ties by path.
func fileBetter(a, b FileHit) bool {
	if a.Score != b.Score {
		return a.Score > b.Score
	}
	return a.Path < b.Path
}

// fileTF is a term's frequency in one file of one view.
type fileTF struct {
	view, file int32
	tf         float64
}

// fileTFs appends the term's frequency in each live file of the view that
// holds it. Postings come in chunk order and a part's files tile its
// chunks in order, so one pass with a cursor over the files finds each
// posting's file.
func (v *view) fileTFs(term int, vi int32, out []fileTF) []fileTF {
	it := v.lex.iter(term)
	f := 0
	for doc, tf, ok := it.next(); ok; doc, tf, ok = it.next() {
		row := int32(doc)
		if v.isDead(row) {
			continue
		}
		for f < len(v.files) && v.files[f].hi <= row {
			f++
		}
		if f == len(v.files) {
			break
		}
		if n := len(out); n > 0 && out[n-1].view == vi && out[n-1].file == int32(f) {
			out[n-1].tf += float64(tf)
		} else {
			out = append(out, fileTF{view: vi, file: int32(f), tf: float64(tf)})
		}
	}
	return out
}

// fileLengths are the lexical lengths of an index's files of one kind.
type fileLengths struct {
	of    [][]float64 // per view, per file: its chunks' lengths summed
	files int         // live files
	total float64     // the live files' lengths summed
}

// fileLengths returns the files' lengths of kind k, worked out once per
// index.
func (ix *Index) fileLengths(k Kind) fileLengths {
	type key struct{ k Kind }
	return ix.Memo(key{k}, func() any {
		var out fileLengths
		for v := range ix.views[k] {
			vw := &ix.views[k][v]
			lens := make([]float64, len(vw.files))
			for f, span := range vw.files {
				for r := span.lo; r < span.hi; r++ {
					lens[f] += float64(vw.lex.DocLen[r])
				}
				if span.hi > span.lo && !vw.isDead(span.lo) {
					out.files++
					out.total += lens[f]
				}
			}
			out.of = append(out.of, lens)
		}
		return out
	}).(fileLengths)
}
