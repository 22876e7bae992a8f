package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
)

func TestBM25RanksRareTermsHigher(t *testing.T) {
	var chunks []Chunk
	for i := 0; i < 50; i++ {
		chunks = append(chunks, Chunk{FilePath: "common.go", StartLine: i, Content: "return value error handling"})
	}
	chunks = append(chunks, Chunk{FilePath: "rare.go", Content: "rotate the logfile when it grows, return error"})
	ix := memIndex(t, chunks)
	hits := ix.Lexical(Code, "rotate logfile error", 3, nil)
	if len(hits) == 0 || hits[0].Chunk.FilePath != "rare.go" {
		t.Fatalf("top hit %v, want rare.go", hits)
	}
	if got := ix.Lexical(Code, "nothingmatches", 3, nil); len(got) != 0 {
		t.Errorf("unknown term matched %d chunks", len(got))
	}
}

// decoded lists a lexicon's postings per term, for comparisons.
func decoded(lx *lexicon) map[string][]posting {
	out := map[string][]posting{}
	for i := range lx.TermEnd {
		lx.postings(i, func(doc int32, tf float64) {
			out[string(lx.term(i))] = append(out[string(lx.term(i))], posting{doc: doc, tf: uint32(tf)})
		})
	}
	return out
}

func TestLexiconShardsAgreeWithOneShard(t *testing.T) {
	var chunks []Chunk
	for i := 0; i < 9000; i++ {
		chunks = append(chunks, Chunk{FilePath: "f.go", StartLine: i, Content: strings.Repeat("alpha ", i%7) + "beta gammaDelta"})
	}
	many := buildLexicon(chunks)
	one := buildShard(chunks, 0)
	got := decoded(many)
	if len(got) != len(one.terms) {
		t.Fatalf("%d terms, want %d", len(got), len(one.terms))
	}
	for term, id := range one.terms {
		if !slices.Equal(one.postings[id], got[term]) {
			t.Fatalf("postings of %q differ between sharded and single builds", term)
		}
		if i := many.find(term); i < 0 || int(many.DF[i]) != len(one.postings[id]) {
			t.Fatalf("find(%q) = %d, or wrong document frequency", term, i)
		}
	}
	if many.find("absent") != -1 || many.find("") != -1 {
		t.Error("find reports a term that was never indexed")
	}
	if !slices.Equal(one.docLen, many.DocLen) {
		t.Fatal("document lengths differ")
	}
}

func TestDamagedLexiconIsRejected(t *testing.T) {
	lx := buildLexicon([]Chunk{{Content: "alpha beta"}, {Content: "beta gamma"}})
	if err := lx.check(2, true); err != nil {
		t.Fatalf("sound lexicon rejected: %v", err)
	}
	bad := &lexicon{Terms: lx.Terms, DF: lx.DF, PostEnd: lx.PostEnd, Post: lx.Post, DocLen: lx.DocLen}
	bad.TermEnd = append([]uint32(nil), lx.TermEnd...)
	bad.TermEnd[len(bad.TermEnd)-1] = 1 << 30
	if err := bad.check(2, true); !errors.Is(err, ErrCorrupt) {
		t.Errorf("out-of-range term offset: %v, want ErrCorrupt", err)
	}
	if err := lx.check(3, true); !errors.Is(err, ErrCorrupt) {
		t.Errorf("chunk count mismatch: %v, want ErrCorrupt", err)
	}
	if err := lx.check(2, false); !errors.Is(err, ErrCorrupt) {
		t.Errorf("lengths in a name index: %v, want ErrCorrupt", err)
	}
	// Postings that point past the chunks are cut off, not followed.
	bad = &lexicon{Terms: lx.Terms, TermEnd: lx.TermEnd, DF: lx.DF, DocLen: lx.DocLen, Rows: 2}
	bad.Post = binary.AppendUvarint(binary.AppendUvarint(nil, 99), 1)
	bad.PostEnd = ends{wide: []uint64{uint64(len(bad.Post)), uint64(len(bad.Post)), uint64(len(bad.Post))}}
	bad.postings(0, func(doc int32, _ float64) { t.Errorf("posting for chunk %d of 2", doc) })
}

func TestTopKMatchesFullSort(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for trial := 0; trial < 200; trial++ {
		var hits []Hit
		for i := rng.Intn(60); i > 0; i-- {
			c := &Chunk{FilePath: string(rune('a' + rng.Intn(3))), StartLine: rng.Intn(5)}
			hits = append(hits, Hit{Chunk: c, Score: float64(rng.Intn(4))}) // many ties
		}
		n := rng.Intn(12)
		want := slices.Clone(hits)
		slices.SortStableFunc(want, func(a, b Hit) int {
			if better(a, b) {
				return -1
			}
			if better(b, a) {
				return 1
			}
			return 0
		})
		want = want[:min(n, len(want))]
		got := bestHits(hits, n)
		if len(got) != len(want) {
			t.Fatalf("trial %d: %d hits, want %d", trial, len(got), len(want))
		}
		for i := range got {
			if got[i].Score != want[i].Score || chunkLess(got[i].Chunk, want[i].Chunk) || chunkLess(want[i].Chunk, got[i].Chunk) {
				t.Fatalf("trial %d, hit %d: got %v/%v, want %v/%v", trial, i, got[i].Score, *got[i].Chunk, want[i].Score, *want[i].Chunk)
			}
		}
	}
}

// TestSampledFindAgreesWithBinarySearch checks the terms sample's look-up
// against a plain search over every term, for terms present, absent
// between two blocks, before the first and after the last.
func TestSampledFindAgreesWithBinarySearch(t *testing.T) {
	var chunks []Chunk
	for i := range 50 {
		var words []string
		for j := range 20 {
			words = append(words, fmt.Sprintf("w%04dx", (i*20+j)*3))
		}
		chunks = append(chunks, Chunk{ID: fmt.Sprint(i), FilePath: "a.go", Content: strings.Join(words, " ")})
	}
	plain := buildLexicon(chunks)
	sampled := buildLexicon(chunks)
	sampled.sampleTerms()
	if len(sampled.sample) < 3 {
		t.Fatalf("%d terms make %d samples; the test needs several blocks", len(plain.TermEnd), len(sampled.sample))
	}
	var probes []string
	for i := range len(plain.TermEnd) {
		probes = append(probes, string(plain.term(i)), string(plain.term(i))+"0")
	}
	probes = append(probes, "", "a", "w", "zzzz", "w0000", "w9999x")
	for _, p := range probes {
		if got, want := sampled.find(p), plain.find(p); got != want {
			t.Errorf("find(%q) = %d with the sample, %d without", p, got, want)
		}
	}
}
