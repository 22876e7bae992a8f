package store

import (
	"encoding/binary"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/codeseek/codeseek/internal/ident"
)

// BM25 parameters: the usual defaults.
const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

// LexTerms calls add for every lexical term of text: each lowercased word
// of an identifier and, for compound identifiers, the whole identifier
// lowercased. The byte slice passed to add is only valid during the call,
// so hot loops can look it up in a map without allocating.
func LexTerms(text string, add func(term []byte)) {
	var sp ident.Splitter
	var whole []byte
	sp.Split(text, add, func(start, end, words int) {
		if words > 1 {
			whole = ident.AppendLower(whole[:0], text[start:end])
			add(whole)
		}
	})
}

// lexicon is the persisted BM25 inverted index of one segment part: terms
// sorted and concatenated, postings delta-encoded. Its slices point into
// the mapped segment, so opening an index neither re-tokenizes chunks nor
// builds a term map.
type lexicon struct {
	Terms   []byte   // sorted terms, concatenated
	TermEnd []uint32 // term i is Terms[TermEnd[i-1]:TermEnd[i]]
	DF      []uint32 // chunks containing term i
	PostEnd ends     // term i's postings are Post[PostEnd.span(i)]
	Post    []byte   // per posting: uvarint chunk-number delta, uvarint term frequency
	DocLen  []uint32 // terms per chunk, for BM25; nil in a name index
	Rows    int      // rows the postings number: chunks, or the graph's files

	// sample is every termSampleEvery-th term, on the heap, for a mapped
	// lexicon (nil for one built in memory): find searches it first.
	sample []string
	looked atomic.Uint32 // df look-ups so far
}

// releaseEvery is how many df look-ups a lexicon serves between handing
// its pages back.
const releaseEvery = 16

// termSampleEvery spaces the terms a mapped lexicon keeps on the heap. A
// look-up searches the sample, then one block of this many mapped terms,
// so it touches two or three pages of the mapping instead of one per step
// of a binary search over all the terms (Lucene's terms index, in small).
// Searches look up a hundred names in each segment's name indexes: with
// the whole binary search in the mapping, 200 kernel searches left 126 MB
// more of the name indexes resident in the server. The sample costs the
// heap about a sixty-fourth of the terms' bytes.
const termSampleEvery = 64

// sampleTerms fills lx.sample.
func (lx *lexicon) sampleTerms() {
	n := len(lx.TermEnd)
	lx.sample = make([]string, 0, (n+termSampleEvery-1)/termSampleEvery)
	for i := 0; i < n; i += termSampleEvery {
		lx.sample = append(lx.sample, string(lx.term(i)))
	}
}

// term returns term i.
func (lx *lexicon) term(i int) []byte {
	lo := uint32(0)
	if i > 0 {
		lo = lx.TermEnd[i-1]
	}
	return lx.Terms[lo:lx.TermEnd[i]]
}

// find returns the number of term t, or -1.
func (lx *lexicon) find(t string) int {
	lo, hi := 0, len(lx.TermEnd)
	if lx.sample != nil {
		k := sort.SearchStrings(lx.sample, t) // the first sampled term >= t
		if k < len(lx.sample) && lx.sample[k] == t {
			return k * termSampleEvery
		}
		if k == 0 {
			return -1
		}
		lo, hi = (k-1)*termSampleEvery, min(hi, k*termSampleEvery)
	}
	i := lo + sort.Search(hi-lo, func(j int) bool { return string(lx.term(lo+j)) >= t })
	if i < hi && string(lx.term(i)) == t {
		return i
	}
	return -1
}

// df is the number of rows holding term t; 0 for a nil lexicon.
//
// A search asks it for about a hundred names in each segment's name
// indexes (centrality), a few pages each, and over many searches that
// would map most of the indexes' terms into the server (on the Linux
// kernel, 110 MB more after 200 searches, 57 MB releasing every 64
// look-ups, 28 MB every 16, at no cost in latency measured). Every
// releaseEvery look-ups the lexicon's search pages are handed back (the
// page cache keeps them), so the pages a server holds are those of recent
// look-ups.
func (lx *lexicon) df(t string) int {
	if lx == nil {
		return 0
	}
	if lx.looked.Add(1)%releaseEvery == 0 {
		dropPages(lx.Terms)
		dropPages(bytesOf(lx.TermEnd))
		dropPages(bytesOf(lx.DF))
	}
	if i := lx.find(t); i >= 0 {
		return int(lx.DF[i])
	}
	return 0
}

// postings calls fn for each chunk containing term i, in chunk order. It
// stops at the first malformed posting rather than trust damaged data.
func (lx *lexicon) postings(i int, fn func(doc int32, tf float64)) {
	it := lx.iter(i)
	for doc, tf, ok := it.next(); ok; doc, tf, ok = it.next() {
		fn(int32(doc), float64(tf))
	}
}

// postingIter reads one term's postings: a chunk-number delta and a term
// frequency per posting, both uvarints.
type postingIter struct {
	p         []byte
	doc, rows uint64
}

func (lx *lexicon) iter(i int) postingIter {
	lo, hi := lx.PostEnd.span(i)
	return postingIter{p: lx.Post[lo:hi], rows: uint64(lx.Rows)}
}

// next returns the next posting; ok is false at the end and at the first
// malformed posting or chunk number past the rows, so damaged data ends
// the list instead of being trusted.
func (it *postingIter) next() (doc, tf uint64, ok bool) {
	delta, n := binary.Uvarint(it.p)
	if n <= 0 {
		return 0, 0, false
	}
	tf, m := binary.Uvarint(it.p[n:])
	if m <= 0 {
		return 0, 0, false
	}
	it.p = it.p[n+m:]
	it.doc += delta
	return it.doc, tf, it.doc < it.rows
}

// bm25Norm is BM25's term-frequency factor for tf occurrences in a row
// of len terms.
func bm25Norm(tf, len, avgLen float64) float64 {
	return tf * (bm25K1 + 1) / (tf + bm25K1*(1-bm25B+bm25B*len/avgLen))
}

// addBM25 adds w times the BM25 factor of term i to the scores of the
// rows holding it and returns touched with the rows scored for the first
// time appended. single[r] is the factor of one occurrence in row r
// (most postings), so those cost a load instead of a division.
func (lx *lexicon) addBM25(i int, w, avgLen float64, single, scores []float64, touched []int32) []int32 {
	it := lx.iter(i)
	for doc, tf, ok := it.next(); ok; doc, tf, ok = it.next() {
		if scores[doc] == 0 {
			touched = append(touched, int32(doc))
		}
		norm := single[doc]
		if tf != 1 {
			norm = bm25Norm(float64(tf), float64(lx.DocLen[doc]), avgLen)
		}
		scores[doc] += w * norm
	}
	return touched
}

// singleWeights returns, for each view of kind k, the BM25 factor of one
// occurrence in each of its rows (bm25Norm with tf 1), computed once per
// index: avgLen is the index's own.
func (ix *Index) singleWeights(k Kind, avgLen float64) [][]float64 {
	type key struct{ k Kind }
	return ix.Memo(key{k}, func() any {
		out := make([][]float64, len(ix.views[k]))
		for v := range ix.views[k] {
			lens := ix.views[k][v].lex.DocLen
			w := make([]float64, len(lens))
			for r, n := range lens {
				w[r] = bm25Norm(1, float64(n), avgLen)
			}
			out[v] = w
		}
		return out
	}).([][]float64)
}

// check verifies the lexicon's offsets, so a damaged file is reported at
// load time instead of panicking a query; a BM25 lexicon has a length per
// row, a name index none.
func (lx *lexicon) check(rows int, lengths bool) error {
	n := len(lx.TermEnd)
	if !lengths {
		rows = 0
	}
	if len(lx.DF) != n || lx.PostEnd.len() != n || len(lx.DocLen) != rows {
		return fmt.Errorf("%w: lexical index sizes", ErrCorrupt)
	}
	for i := 0; i < n; i++ {
		if i > 0 && lx.TermEnd[i] < lx.TermEnd[i-1] {
			return fmt.Errorf("%w: lexical index offsets", ErrCorrupt)
		}
	}
	if n > 0 && (int(lx.TermEnd[n-1]) > len(lx.Terms) || lx.PostEnd.at(n-1) > uint64(len(lx.Post))) {
		return fmt.Errorf("%w: lexical index offsets", ErrCorrupt)
	}
	return nil
}

// totalLen is the sum of the chunk lengths, for BM25's average length.
func (lx *lexicon) totalLen() float64 {
	var t float64
	for _, n := range lx.DocLen {
		t += float64(n)
	}
	return t
}

// buildLexicon indexes chunks on all cores: each worker counts the terms
// of a contiguous shard, and the shards' postings are joined per term in
// shard order, so every posting list stays sorted by chunk.
func buildLexicon(chunks []Chunk) *lexicon {
	workers := max(1, min(runtime.GOMAXPROCS(0), len(chunks)/2000))
	shards := make([]*lexShard, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		lo, hi := w*len(chunks)/workers, (w+1)*len(chunks)/workers
		wg.Add(1)
		go func() { defer wg.Done(); shards[w] = buildShard(chunks[lo:hi], int32(lo)) }()
	}
	wg.Wait()

	var terms []string
	for _, sh := range shards {
		for t := range sh.terms {
			terms = append(terms, t)
		}
	}
	sort.Strings(terms)
	terms = slices.Compact(terms)

	lx := &lexicon{TermEnd: make([]uint32, 0, len(terms)), DF: make([]uint32, 0, len(terms)), PostEnd: ends{wide: make([]uint64, 0, len(terms))}}
	for _, sh := range shards {
		lx.DocLen = append(lx.DocLen, sh.docLen...)
	}
	lx.Rows = len(chunks)
	for _, t := range terms {
		lx.Terms = append(lx.Terms, t...)
		lx.TermEnd = append(lx.TermEnd, uint32(len(lx.Terms)))
		df, prev := 0, int32(0)
		for _, sh := range shards {
			id, ok := sh.terms[t]
			if !ok {
				continue
			}
			for _, p := range sh.postings[id] {
				lx.Post = binary.AppendUvarint(lx.Post, uint64(p.doc-prev))
				lx.Post = binary.AppendUvarint(lx.Post, uint64(p.tf))
				prev = p.doc
				df++
			}
		}
		lx.DF = append(lx.DF, uint32(df))
		lx.PostEnd.add(uint64(len(lx.Post)))
	}
	return lx
}

// lexShard is the in-memory inverted index of a run of chunks, the
// building block of a lexicon.
type lexShard struct {
	terms    map[string]int32 // term -> index into postings
	postings [][]posting
	docLen   []uint32
}

type posting struct {
	doc int32
	tf  uint32
}

// buildShard indexes chunks whose first chunk number is base.
func buildShard(chunks []Chunk, base int32) *lexShard {
	sh := &lexShard{terms: map[string]int32{}, docLen: make([]uint32, len(chunks))}
	counts := map[int32]uint32{}
	add := func(t []byte) {
		id, ok := sh.terms[string(t)] // no allocation on a hit
		if !ok {
			id = int32(len(sh.postings))
			sh.terms[string(t)] = id
			sh.postings = append(sh.postings, nil)
		}
		counts[id]++
	}
	for i := range chunks {
		c := &chunks[i]
		clear(counts)
		LexTerms(c.Content, add)
		LexTerms(c.FilePath, add) // a file named retry_upload.go is about retrying uploads
		if c.Symbol != "" {
			LexTerms(c.Symbol, add)
		}
		var n uint32
		for id, tf := range counts {
			sh.postings[id] = append(sh.postings[id], posting{doc: base + int32(i), tf: tf})
			n += tf
		}
		sh.docLen[i] = n
	}
	return sh
}

// chunkLess orders chunks by path then line, for stable tie-breaking.
func chunkLess(a, b *Chunk) bool {
	if a.FilePath != b.FilePath {
		return a.FilePath < b.FilePath
	}
	return a.StartLine < b.StartLine
}
