package store

import (
	"container/heap"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

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
	all      [2]int     // chunks live or dead: BM25 counts both, as Lucene does
	totalLen [2]float64 // of all chunks
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
					v.dead = make([]bool, len(p.chunks))
				}
				for i := f.lo; i < f.hi; i++ {
					v.dead[i] = true
				}
				v.ndead += int(f.hi - f.lo)
			}
			ix.views[k] = append(ix.views[k], v)
			ix.live[k] += len(p.chunks) - v.ndead
			ix.all[k] += len(p.chunks)
			ix.totalLen[k] += p.total
		}
	}
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
		for i := range v.chunks {
			if !v.isDead(int32(i)) {
				fn(&v.chunks[i])
			}
		}
	}
}

// Lexical returns up to n chunks of kind k by BM25 score for query, best
// first, among those keep accepts (nil accepts all). Document frequencies
// and lengths are summed over all segments, so scores compare across them.
func (ix *Index) Lexical(k Kind, query string, n int, keep func(*Chunk) bool) []Hit {
	if ix.live[k] == 0 || n <= 0 {
		return nil
	}
	type qterm struct {
		text string
		qtf  float64
		idf  float64
	}
	var terms []qterm // in query order, so scores add up the same way every time
	LexTerms(query, func(t []byte) {
		for i := range terms {
			if terms[i].text == string(t) {
				terms[i].qtf++
				return
			}
		}
		terms = append(terms, qterm{text: string(t), qtf: 1})
	})
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
	best := newTopK(n)
	for v := range views {
		vw := &views[v]
		// Dense scores: a common term touches a large share of the chunks,
		// where a map costs far more than clearing an array.
		scores := make([]float64, len(vw.chunks))
		var touched []int32
		for t, q := range terms {
			i := found[v][t]
			if i < 0 {
				continue
			}
			vw.lex.postings(i, func(doc int32, tf float64) {
				if scores[doc] == 0 {
					touched = append(touched, doc)
				}
				norm := tf * (bm25K1 + 1) / (tf + bm25K1*(1-bm25B+bm25B*float64(vw.lex.DocLen[doc])/avgLen))
				scores[doc] += q.qtf * q.idf * norm
			})
		}
		for _, doc := range touched {
			c := &vw.chunks[doc]
			if vw.isDead(doc) || keep != nil && !keep(c) {
				continue
			}
			best.add(Hit{Chunk: c, Score: scores[doc]})
		}
	}
	return best.sorted()
}

// bestHits sorts hits by score, ties by place, and keeps the first n.
func bestHits(hits []Hit, n int) []Hit {
	best := newTopK(n)
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

// topK keeps the n best hits seen, in a heap whose root is the worst kept,
// so offering m hits costs O(m log n) instead of sorting all m.
type topK struct {
	n int
	h []Hit
}

func newTopK(n int) *topK { return &topK{n: n, h: make([]Hit, 0, min(n, 1024))} }

func (t *topK) Len() int           { return len(t.h) }
func (t *topK) Less(i, j int) bool { return better(t.h[j], t.h[i]) } // worst at the root
func (t *topK) Swap(i, j int)      { t.h[i], t.h[j] = t.h[j], t.h[i] }
func (t *topK) Push(x any)         { t.h = append(t.h, x.(Hit)) }
func (t *topK) Pop() any {
	last := t.h[len(t.h)-1]
	t.h = t.h[:len(t.h)-1]
	return last
}

func (t *topK) add(h Hit) {
	switch {
	case t.n <= 0:
	case len(t.h) < t.n:
		heap.Push(t, h)
	case better(h, t.h[0]):
		t.h[0] = h
		heap.Fix(t, 0)
	}
}

// sorted returns the kept hits, best first.
func (t *topK) sorted() []Hit {
	sort.Slice(t.h, func(i, j int) bool { return better(t.h[i], t.h[j]) })
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
func Cosine(c *Chunk, vec []float32) float64 { return float64(dotExact(c.Vector, vec)) }

// ChunkID derives a stable chunk identifier from its place and content, so
// an unchanged chunk keeps its ID across re-indexing.
func ChunkID(path string, start, end int, content string) string {
	h := xxhash.New()
	h.WriteString(path)
	h.WriteString("\x00" + strconv.Itoa(start) + ":" + strconv.Itoa(end) + "\x00")
	h.WriteString(content)
	return fmt.Sprintf("%016x", h.Sum64())
}
