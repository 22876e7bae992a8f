package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestDamagedBulkSectionIsReported damages each bulk section of a segment
// (checked in the background, not at open; the declared-name postings
// share the lexicon's) and checks that the damage is
// reported by Load once the check has run, and that a re-index refuses to
// copy the damaged segment's chunks into a new one.
func TestDamagedBulkSectionIsReported(t *testing.T) {
	for _, name := range []string{secMeta, secText, secI8, lexPrefix + secPost} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			s, _ := Open(dir)
			m := commit(t, s, update("r1", nil, 5, "alpha", "a.go", "b.go"))
			path := filepath.Join(dir, "repos", "r1", segmentName(m.Segments[0].ID))
			b, _ := os.ReadFile(path)
			toc, _, err := readTOC(b)
			if err != nil {
				t.Fatal(err)
			}
			r := toc.Parts[Code].Sections[name]
			if r.Len == 0 {
				t.Fatalf("section %s is empty", name)
			}
			b[r.Off+r.Len/2] ^= 0x5a
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
			s2, _ := Open(dir)
			ix, err := s2.Load("r1") // the damage is not seen at open
			if err != nil {
				t.Fatalf("Load before the background check: %v", err)
			}
			if err := ix.segs[0].verified(); !errors.Is(err, ErrCorrupt) {
				t.Fatalf("background check: %v, want ErrCorrupt", err)
			}
			if _, err := s2.Load("r1"); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), path) {
				t.Fatalf("Load after the check: %v, want ErrCorrupt naming %s", err, path)
			}
			prev, err := s2.Previous("r1")
			if err != nil {
				t.Fatal(err)
			}
			if err := s2.Commit(prev, update("r1", prev, 3, "beta", "c.go")); !errors.Is(err, ErrCorrupt) {
				t.Fatalf("re-index folding in the damaged segment: %v, want ErrCorrupt", err)
			}
		})
	}
}

// TestHitsAreSharedPerRow checks that the vector scan, the lexical index
// and the declaration lookup hand out one *Chunk per row while it is held:
// search merges its candidates by pointer.
func TestHitsAreSharedPerRow(t *testing.T) {
	ix := memIndex(t, []Chunk{
		{FilePath: "a.go", StartLine: 1, EndLine: 3, Symbol: "Parse", Content: "func Parse() {}", Vector: []float32{1, 0, 0}},
		{FilePath: "b.go", StartLine: 1, EndLine: 3, Symbol: "Other", Content: "func Other() { Parse() }", Vector: []float32{0, 1, 0}},
	})
	vec, err := ix.Query(context.Background(), Code, []float32{1, 0, 0}, 1, nil)
	if err != nil || len(vec) != 1 {
		t.Fatalf("Query: %v, %v", vec, err)
	}
	lex := ix.Lexical(Code, "Parse", 2, nil)
	decl := ix.Declaring(Code, "Parse")
	if len(lex) != 2 || len(decl) != 1 {
		t.Fatalf("Lexical %d hits, Declaring %d, want 2 and 1", len(lex), len(decl))
	}
	if lex[0].Chunk != vec[0].Chunk || decl[0].Chunk != vec[0].Chunk {
		t.Errorf("one row, three pointers: %p %p %p", vec[0].Chunk, lex[0].Chunk, decl[0].Chunk)
	}
	if c := vec[0].Chunk.Full(); c.Content != "func Parse() {}" || c.Symbol != "Parse" || c.EndLine != 3 {
		t.Errorf("hit read back as %+v", *c)
	}
}

// TestHitsReadTextOnDemand checks that a hit carries what ranking reads
// (path, lines, symbol, vector) and leaves its text, signature and
// derived ID until Full, which every holder of the hit shares.
func TestHitsReadTextOnDemand(t *testing.T) {
	text := "func Parse(s string) error {\n\treturn nil\n}"
	ix := memIndex(t, []Chunk{{FilePath: "a.go", StartLine: 4, EndLine: 6, Symbol: "Parse", Content: text,
		Signature: "func Parse(s string) error", Vector: []float32{1, 0, 0}}})
	hits := ix.Lexical(Code, "Parse", 1, nil)
	if len(hits) != 1 {
		t.Fatalf("%d hits, want 1", len(hits))
	}
	c := hits[0].Chunk
	if c.Whole() || c.Content != "" || c.Symbol != "Parse" || c.EndLine != 6 || len(c.Vector) != 3 {
		t.Fatalf("hit before Full: whole %v, %+v", c.Whole(), *c)
	}
	fulls := make(chan *Chunk, 4)
	for range 4 {
		go func() { fulls <- c.Full() }()
	}
	f := <-fulls
	for range 3 {
		if g := <-fulls; g != f {
			t.Errorf("Full gave two chunks for one hit: %p %p", f, g)
		}
	}
	want := ChunkID("a.go", 4, 6, text)
	if f.Content != text || f.Signature != "func Parse(s string) error" || f.ID != want || !f.Whole() || f.Full() != f {
		t.Errorf("Full gave %+v, want the text, signature and ID %s", *f, want)
	}
	if f.Symbol != c.Symbol || f.FilePath != c.FilePath || len(f.Vector) != 3 {
		t.Errorf("Full lost what the hit had: %+v", *f)
	}
}

// TestHitsOutliveTheirSegment holds hits across a forced rebuild that
// replaces their segment: a hit keeps its segment mapped until it is
// gone, so its text, read on demand (Full), is still there.
func TestHitsOutliveTheirSegment(t *testing.T) {
	s, _ := Open(t.TempDir())
	commit(t, s, update("r1", nil, 50, "alpha", "a.go", "b.go"))
	ix, err := s.Load("r1")
	if err != nil {
		t.Fatal(err)
	}
	hits := ix.Lexical(Code, "alpha", 100, nil)
	ix = nil
	if err := s.Commit(nil, update("r1", nil, 3, "gamma", "c.go")); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		runtime.GC() // unmaps the replaced segment once nothing reaches it
	}
	if len(hits) != 100 {
		t.Fatalf("%d hits, want 100", len(hits))
	}
	for _, h := range hits {
		if c := h.Chunk.Full(); !strings.HasPrefix(c.Content, "alpha line") || len(c.Vector) != testDim {
			t.Fatalf("hit after its segment went: %q %v", c.Content, c.Vector)
		}
	}
}

// TestRecordsRoundTripPathAndID checks what a chunk record leaves out or
// points to: the path (the file list's), an ID that ChunkID derives, a
// signature the text holds verbatim, a language or kind from the record
// words. All come back as written, and what has no shorter form is kept.
func TestRecordsRoundTripPathAndID(t *testing.T) {
	derived := ChunkID("pkg/b.go", 4, 6, "func B() {}")
	ix := memIndex(t, []Chunk{
		{ID: "custom-7", FilePath: "pkg/a.go", StartLine: 1, EndLine: 2, Symbol: "A", Content: "func A() {}", Signature: "func A()",
			Language: "go", SymbolKind: "function"},
		{ID: derived, FilePath: "pkg/b.go", StartLine: 4, EndLine: 6, Symbol: "B", Content: "func B() {}", Signature: "func"},
		{ID: "x", FilePath: "pkg/b.go", StartLine: 8, EndLine: 9, Symbol: "C", Content: "func C(\n\ta int) {}", Signature: "func C( a int)",
			Language: "elixir", SymbolKind: "resource"},
	})
	want := map[string][3]string{"A": {"custom-7", "pkg/a.go", "func A()"}, "B": {derived, "pkg/b.go", "func"},
		"C": {"x", "pkg/b.go", "func C( a int)"}}
	words := map[string][2]string{"A": {"go", "function"}, "C": {"elixir", "resource"}}
	var seen int
	ix.eachLive(Code, func(c *Chunk) {
		c = c.Full()
		seen++
		if w := words[c.Symbol]; c.Language != w[0] || c.SymbolKind != w[1] {
			t.Errorf("%s read back as %s %s, want %q", c.Symbol, c.Language, c.SymbolKind, w)
		}
		if w := want[c.Symbol]; c.ID != w[0] || c.FilePath != w[1] || c.Signature != w[2] {
			t.Errorf("%s read back as ID %q in %q with signature %q, want %q", c.Symbol, c.ID, c.FilePath, c.Signature, w)
		}
	})
	if seen != 3 {
		t.Fatalf("%d chunks read back, want 3", seen)
	}
}
