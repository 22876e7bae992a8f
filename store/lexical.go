package store

import (
	"math"
	"sort"
	"strings"

	"github.com/codeseek/codeseek/embedding"
)

// BM25 parameters: the usual defaults, which the dev suite did not move.
const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

// lexIndex is an in-memory BM25 inverted index over one kind of chunk.
// Terms are code-aware words plus whole identifiers, so "parseDuration"
// matches both "parse duration" and "ParseDuration".
type lexIndex struct {
	postings map[string][]posting
	chunks   []*Chunk
	docLen   []float32
	avgLen   float64
}

type posting struct {
	doc int32
	tf  float32
}

// LexTerms returns the lexical terms of text with their counts: every
// lowercased word part and, for compound identifiers, the whole identifier.
func LexTerms(text string, add func(term string)) {
	embedding.ForEachIdentifier(text, func(ident string) {
		parts := 0
		embedding.ForEachWord(ident, func(w string) {
			parts++
			add(w)
		})
		if parts > 1 {
			add(strings.ToLower(ident))
		}
	})
}

// pathTerms are the words of a chunk's file path, indexed with the body:
// a file named retry_upload.go is about retrying uploads.
func pathTerms(path string, add func(string)) { LexTerms(path, add) }

func buildLex(chunks []*Chunk) *lexIndex {
	lx := &lexIndex{postings: map[string][]posting{}, chunks: chunks, docLen: make([]float32, len(chunks))}
	counts := map[string]float32{}
	var total float64
	for i, c := range chunks {
		clear(counts)
		add := func(t string) { counts[t]++ }
		LexTerms(c.Content, add)
		pathTerms(c.FilePath, add)
		if c.Symbol != "" {
			LexTerms(c.Symbol, add)
		}
		var n float32
		for t, tf := range counts {
			lx.postings[t] = append(lx.postings[t], posting{doc: int32(i), tf: tf})
			n += tf
		}
		lx.docLen[i] = n
		total += float64(n)
	}
	if len(chunks) > 0 {
		lx.avgLen = total / float64(len(chunks))
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
	qterms := map[string]float64{}
	LexTerms(query, func(t string) { qterms[t]++ })
	scores := map[int32]float64{}
	N := float64(len(lx.chunks))
	for t, qtf := range qterms {
		plist := lx.postings[t]
		if len(plist) == 0 {
			continue
		}
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
