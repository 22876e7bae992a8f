package store

import (
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/embedding"
)

// referenceTerms is LexTerms written the slow, obvious way.
func referenceTerms(text string) []string {
	var out []string
	embedding.ForEachIdentifier(text, func(ident string) {
		words := embedding.Words(ident)
		out = append(out, words...)
		if len(words) > 1 {
			out = append(out, strings.ToLower(ident))
		}
	})
	return out
}

func TestLexTermsMatchesReference(t *testing.T) {
	cases := []string{
		"parseHTTPRequest2 x_y __init__ ID HTTPServer getURLPath v2Beta",
		"func (s *Server) ListenAndServeTLS(certFile string) error { return nil }",
		"naïveCafé größeΣίσυφος 日本語Text snake_Case_ID",
		"", "___", "a1b2C3", "ABC", "aBC", "ABc",
	}
	rng := rand.New(rand.NewSource(1))
	alphabet := []rune("aAbBzZ09_ .(é日")
	for i := 0; i < 2000; i++ {
		var b strings.Builder
		for j := rng.Intn(30); j > 0; j-- {
			b.WriteRune(alphabet[rng.Intn(len(alphabet))])
		}
		cases = append(cases, b.String())
	}
	for _, text := range cases {
		var got []string
		LexTerms(text, func(t []byte) { got = append(got, string(t)) })
		if want := referenceTerms(text); !slices.Equal(got, want) {
			t.Fatalf("LexTerms(%q) = %q, want %q", text, got, want)
		}
	}
}

func TestBM25RanksRareTermsHigher(t *testing.T) {
	var chunks []*Chunk
	for i := 0; i < 50; i++ {
		chunks = append(chunks, &Chunk{FilePath: "common.go", StartLine: i, Content: "return value error handling"})
	}
	chunks = append(chunks, &Chunk{FilePath: "rare.go", Content: "rotate the logfile when it grows, return error"})
	lx := buildLex(chunks)
	hits := lx.search("rotate logfile error", 3, nil)
	if len(hits) == 0 || hits[0].chunk.FilePath != "rare.go" {
		t.Fatalf("top hit %v, want rare.go", hits)
	}
	if got := lx.search("nothingmatches", 3, nil); len(got) != 0 {
		t.Errorf("unknown term matched %d chunks", len(got))
	}
}

func TestBuildLexShardsAgreeWithOneShard(t *testing.T) {
	var chunks []*Chunk
	for i := 0; i < 9000; i++ {
		chunks = append(chunks, &Chunk{FilePath: "f.go", StartLine: i, Content: strings.Repeat("alpha ", i%7) + "beta gammaDelta"})
	}
	many := buildLex(chunks)
	one := buildShard(chunks, 0)
	for term, id := range one.terms {
		if !slices.Equal(one.postings[id], many.postings[many.terms[term]]) {
			t.Fatalf("postings of %q differ between sharded and single builds", term)
		}
	}
	if !slices.Equal(one.docLen, many.docLen) {
		t.Fatal("document lengths differ")
	}
}
