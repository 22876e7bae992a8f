package store

import (
	"math"
	"runtime"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/codeseek/codeseek/embedding"
)

// BM25 parameters: the usual defaults.
const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

// lexIndex is an in-memory BM25 inverted index over one kind of chunk.
// Terms are code-aware words plus whole compound identifiers, so
// "parseDuration" matches both "parse duration" and "ParseDuration".
type lexIndex struct {
	terms    map[string]int32 // term -> index into postings
	postings [][]posting
	chunks   []*Chunk
	docLen   []float32
	avgLen   float64
}

type posting struct {
	doc int32
	tf  float32
}

// LexTerms calls add for every lexical term of text: each lowercased word
// part of an identifier and, for compound identifiers, the whole
// identifier lowercased. The byte slice passed to add is only valid during
// the call, so hot loops can look it up in a map without allocating.
func LexTerms(text string, add func(term []byte)) {
	var whole, part []byte
	i := 0
	for i < len(text) {
		// Skip to the next identifier.
		r, size := rune(text[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(text[i:])
		}
		if !isIdentRune(r) {
			i += size
			continue
		}
		start := i
		for i < len(text) {
			r, size = rune(text[i]), 1
			if r >= utf8.RuneSelf {
				r, size = utf8.DecodeRuneInString(text[i:])
			}
			if !isIdentRune(r) {
				break
			}
			i += size
		}
		ident := text[start:i]
		if isASCII(ident) {
			whole, part = asciiTerms(ident, whole[:0], part[:0], add)
			continue
		}
		parts := 0
		embedding.ForEachWord(ident, func(w string) { parts++; add([]byte(w)) })
		if parts > 1 {
			add([]byte(strings.ToLower(ident)))
		}
	}
}

func isIdentRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// asciiTerms splits an ASCII identifier the way embedding.Words does
// (underscores, lower→upper, acronym→word, letter↔digit) without
// allocating, and reports the parts and the whole identifier.
func asciiTerms(ident string, whole, part []byte, add func([]byte)) ([]byte, []byte) {
	parts := 0
	emit := func() {
		if len(part) > 0 {
			add(part)
			parts++
			part = part[:0]
		}
	}
	class := func(c byte) int {
		switch {
		case 'a' <= c && c <= 'z':
			return 1
		case 'A' <= c && c <= 'Z':
			return 2
		case '0' <= c && c <= '9':
			return 3
		}
		return 0
	}
	for j := 0; j < len(ident); j++ {
		c := ident[j]
		cl := class(c)
		if cl == 0 { // underscore
			emit()
			continue
		}
		if len(part) > 0 {
			prev := class(ident[j-1])
			switch {
			case (cl == 3) != (prev == 3):
				emit()
			case cl == 2 && prev == 1:
				emit()
			case cl == 2 && prev == 2 && j+1 < len(ident) && class(ident[j+1]) == 1:
				emit() // "HTTPRequest": cut before "Request"
			}
		}
		if cl == 2 {
			c += 32
		}
		part = append(part, c)
	}
	emit()
	if parts > 1 {
		whole = whole[:0]
		for j := 0; j < len(ident); j++ {
			c := ident[j]
			if 'A' <= c && c <= 'Z' {
				c += 32
			}
			whole = append(whole, c)
		}
		add(whole)
	}
	return whole, part
}

// buildLex indexes chunks on all cores: each worker indexes a contiguous
// shard with its own dictionary, and the shards are joined in order so
// every posting list stays sorted by document.
func buildLex(chunks []*Chunk) *lexIndex {
	workers := max(1, min(runtime.GOMAXPROCS(0), len(chunks)/2000))
	shards := make([]*lexIndex, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		lo, hi := w*len(chunks)/workers, (w+1)*len(chunks)/workers
		wg.Add(1)
		go func() { defer wg.Done(); shards[w] = buildShard(chunks[lo:hi], int32(lo)) }()
	}
	wg.Wait()
	lx := shards[0]
	lx.chunks = chunks
	for _, sh := range shards[1:] {
		for term, id := range sh.terms {
			gid, ok := lx.terms[term]
			if !ok {
				gid = int32(len(lx.postings))
				lx.terms[term] = gid
				lx.postings = append(lx.postings, nil)
			}
			lx.postings[gid] = append(lx.postings[gid], sh.postings[id]...)
		}
		lx.docLen = append(lx.docLen, sh.docLen...)
	}
	var total float64
	for _, n := range lx.docLen {
		total += float64(n)
	}
	if len(chunks) > 0 {
		lx.avgLen = total / float64(len(chunks))
	}
	return lx
}

// buildShard indexes chunks whose first document number is base.
func buildShard(chunks []*Chunk, base int32) *lexIndex {
	lx := &lexIndex{terms: map[string]int32{}, docLen: make([]float32, len(chunks))}
	counts := map[int32]float32{}
	add := func(t []byte) {
		id, ok := lx.terms[string(t)] // no allocation on a hit
		if !ok {
			id = int32(len(lx.postings))
			lx.terms[string(t)] = id
			lx.postings = append(lx.postings, nil)
		}
		counts[id]++
	}
	for i, c := range chunks {
		clear(counts)
		LexTerms(c.Content, add)
		LexTerms(c.FilePath, add) // a file named retry_upload.go is about retrying uploads
		if c.Symbol != "" {
			LexTerms(c.Symbol, add)
		}
		var n float32
		for id, tf := range counts {
			lx.postings[id] = append(lx.postings[id], posting{doc: base + int32(i), tf: tf})
			n += tf
		}
		lx.docLen[i] = n
	}
	return lx
}

// lexHit is a chunk with its BM25 score.
type lexHit struct {
	chunk *Chunk
	score float64
}

// search returns up to n chunks by BM25 score for the query terms, best
// first, among those keep accepts (nil accepts all).
func (lx *lexIndex) search(query string, n int, keep func(*Chunk) bool) []lexHit {
	if lx == nil || len(lx.chunks) == 0 || n <= 0 {
		return nil
	}
	qterms := map[int32]float64{}
	LexTerms(query, func(t []byte) {
		if id, ok := lx.terms[string(t)]; ok {
			qterms[id]++
		}
	})
	scores := map[int32]float64{}
	N := float64(len(lx.chunks))
	for id, qtf := range qterms {
		plist := lx.postings[id]
		df := float64(len(plist))
		idf := math.Log(1 + (N-df+0.5)/(df+0.5))
		for _, p := range plist {
			tf := float64(p.tf)
			norm := tf * (bm25K1 + 1) / (tf + bm25K1*(1-bm25B+bm25B*float64(lx.docLen[p.doc])/lx.avgLen))
			scores[p.doc] += qtf * idf * norm
		}
	}
	hits := make([]lexHit, 0, len(scores))
	for d, s := range scores {
		c := lx.chunks[d]
		if keep != nil && !keep(c) {
			continue
		}
		hits = append(hits, lexHit{chunk: c, score: s})
	}
	sort.Slice(hits, func(i, j int) bool {
		if hits[i].score != hits[j].score {
			return hits[i].score > hits[j].score
		}
		return chunkLess(hits[i].chunk, hits[j].chunk)
	})
	if len(hits) > n {
		hits = hits[:n]
	}
	return hits
}

// chunkLess orders chunks by path then line, for stable tie-breaking.
func chunkLess(a, b *Chunk) bool {
	if a.FilePath != b.FilePath {
		return a.FilePath < b.FilePath
	}
	return a.StartLine < b.StartLine
}
