package search

import (
	"fmt"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/store"
)

func TestMergeKeepsLinesInOrder(t *testing.T) {
	a := &candidate{chunk: &store.Chunk{StartLine: 5, EndLine: 6, Content: "e\nf"}}
	sp := newSpan(a)
	sp.merge(&store.Chunk{StartLine: 3, EndLine: 4, Content: "c\nd"})
	sp.merge(&store.Chunk{StartLine: 7, EndLine: 8, Content: "g\n"})
	sp.trim()
	if got := strings.Join(sp.lines, ","); got != "c,d,e,f,g" || sp.start != 3 || sp.end != 7 {
		t.Errorf("merged span %d-%d %q", sp.start, sp.end, got)
	}
}

// A chunk whose text a better-ranked result of another file already has
// is named on that result, and the place it would have taken goes to the
// next distinct hit; short texts that match by chance stay separate.
func TestCopiesAreNamedNotRepeated(t *testing.T) {
	ix := newIx()
	body := "func Encode(w io.Writer, v any) error {\n\treturn newEncoder(w).encode(v)\n}"
	withText := func(cd *candidate, text string) *candidate {
		cd.chunk.Content = text
		cd.eff = cd.vec
		return cd
	}
	ranked := []*candidate{
		withText(cand(ix, "codec/encode.go", 1, 0.9, 0), body),
		withText(cand(ix, "vendor/codec/encode.go", 1, 0.8, 0), body),
		withText(cand(ix, "gen/codec/encode.go", 1, 0.7, 0), "\n"+body+"\n"),
		withText(cand(ix, "codec/decode.go", 1, 0.6, 0), "func Decode(r io.Reader, v any) error {\n\treturn newDecoder(r).decode(v)\n}"),
		withText(cand(ix, "a/close.go", 1, 0.5, 0), "}"),
		withText(cand(ix, "b/close.go", 1, 0.4, 0), "}"),
	}
	res := assemble(ranked, 3, 3)
	var got []string
	for _, r := range res {
		got = append(got, r.Chunk.FilePath)
	}
	if strings.Join(got, ",") != "codec/encode.go,codec/decode.go,a/close.go" {
		t.Fatalf("results %v, want encode.go, decode.go and the first short chunk", got)
	}
	if c := strings.Join(res[0].Copies, ","); c != "vendor/codec/encode.go,gen/codec/encode.go" {
		t.Errorf("encode.go's copies %q", c)
	}
	if len(res[1].Copies)+len(res[2].Copies) != 0 {
		t.Errorf("copies on distinct hits: %v %v", res[1].Copies, res[2].Copies)
	}
	many := []*candidate{ranked[0]}
	for i := range maxCopies + 2 {
		many = append(many, withText(cand(ix, fmt.Sprintf("copy%d/encode.go", i), 1, 0.5, 0), body))
	}
	if res := assemble(many, 3, 3); len(res) != 1 || len(res[0].Copies) != maxCopies {
		t.Errorf("%d results naming %d copies, want one naming the first %d", len(res), len(res[0].Copies), maxCopies)
	}
	other := &store.Index{Manifest: &store.Manifest{Meta: store.Meta{ID: "other"}}}
	ranked[1] = withText(cand(other, "vendor/codec/encode.go", 1, 0.8, 0), body)
	if res := assemble(ranked, 3, 3); res[1].Chunk.FilePath != "vendor/codec/encode.go" {
		t.Errorf("the same text in another repository is not a copy: %v", res[1].Chunk.FilePath)
	}
}

// A piece of a function held back for its file's share still joins the
// shown result next to it when the page has filled meanwhile: the
// answer's lines are not cut out of a result that shows their neighbour.
func TestHeldBackPieceJoinsItsResult(t *testing.T) {
	ix := newIx()
	piece := func(p string, start int) *candidate {
		cd := cand(ix, p, start, 0, 0)
		cd.chunk.Content = strings.Repeat("line\n", 9) + "line"
		return cd
	}
	ranked := []*candidate{
		piece("split.ts", 1),
		piece("other.ts", 1),
		piece("split.ts", 21), // over split.ts's share
		piece("split.ts", 11), // joins the first piece
		piece("third.ts", 1),  // fills the page
	}
	var got []string
	for _, r := range assemble(ranked, 3, 1) {
		got = append(got, fmt.Sprintf("%s:%d-%d", r.Chunk.FilePath, r.Start, r.End))
	}
	if s := strings.Join(got, " "); s != "split.ts:1-30 other.ts:1-10 third.ts:1-10" {
		t.Errorf("results %s, want the piece held back merged into split.ts's result", s)
	}
}

// Chunks of a CRLF file merged into one result keep the file's line
// breaks where they meet.
func TestMergedCRLFChunksKeepTheirLineBreaks(t *testing.T) {
	a := &candidate{chunk: &store.Chunk{StartLine: 1, EndLine: 2, Content: "class Shelf\r\n{"}}
	sp := newSpan(a)
	sp.merge(&store.Chunk{StartLine: 3, EndLine: 4, Content: "    int Count;\r\n}"})
	sp.trim()
	if got := strings.Join(sp.lines, "\n"); got != "class Shelf\r\n{\r\n    int Count;\r\n}" {
		t.Errorf("merged content %q, want the file's CRLF bytes", got)
	}
}

// A file's imports chunk ranked first of its file shows the file's best
// code at its place; an imports chunk of a file with no other candidate
// stays.
func TestImportsChunkShowsTheFilesCode(t *testing.T) {
	ix := newIx()
	chunk := func(p string, start int, kind string) *candidate {
		cd := cand(ix, p, start, 0, 0)
		cd.chunk.SymbolKind = kind
		cd.chunk.Content = strings.Repeat("line\n", 9) + "line"
		return cd
	}
	ranked := []*candidate{
		chunk("driver.php", 1, "imports"),
		chunk("selector.php", 21, "method"),
		chunk("driver.php", 33, "method"),
		chunk("only.php", 1, "imports"),
	}
	var got []string
	for _, r := range assemble(ranked, 3, 1) {
		got = append(got, fmt.Sprintf("%s:%d-%d", r.Chunk.FilePath, r.Start, r.End))
	}
	if s := strings.Join(got, " "); s != "driver.php:33-42 selector.php:21-30 only.php:1-10" {
		t.Errorf("results %s, want driver.php's method first, only.php's imports kept", s)
	}
	// Ranked below its file's code, the imports chunk is left out: the
	// file is shown.
	ranked = []*candidate{chunk("policy.java", 24, "class"), chunk("builder.java", 40, "method"),
		chunk("policy.java", 1, "imports"), chunk("other.java", 5, "method")}
	got = got[:0]
	for _, r := range assemble(ranked, 3, 2) {
		got = append(got, fmt.Sprintf("%s:%d-%d", r.Chunk.FilePath, r.Start, r.End))
	}
	if s := strings.Join(got, " "); s != "policy.java:24-33 builder.java:40-49 other.java:5-14" {
		t.Errorf("results %s, want policy.java's imports left out", s)
	}
}
