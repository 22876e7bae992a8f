package search

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/store"
)

func TestMembersSplitsAMergeAtItsDeclarations(t *testing.T) {
	goText := "func a() {\n\tx()\n\n\ty()\n}\n\n// b says hello.\nfunc b() {\n\thello()\n}\n\nvar c = 1\n\nfunc d() int {\n\treturn 1\n}"
	pyText := "    def a(self):\n        return 1\n\n    def b(self):\n        x = 2\n\n        return x\n"
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"go", goText, []string{
			"func a() {\n\tx()\n\n\ty()\n}", // a blank line inside a body starts nothing
			"// b says hello.\nfunc b() {\n\thello()\n}",
			"func d() int {\n\treturn 1\n}", // "var c = 1" is one line: no member
		}},
		{"python methods", pyText, []string{
			"def a(self):\n        return 1",
			"def b(self):\n        x = 2\n\n        return x",
		}},
		{"one declaration", "func a() {\n\tx()\n\n\ty()\n}", nil},
		{"closing bracket after a blank line", "x = [\n    1,\n\n]\n\ny = (\n    2\n)", []string{"x = [\n    1,\n\n]", "y = (\n    2\n)"}},
	} {
		if got := members(tc.text); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: members = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// wordEmbedder embeds a text as a one-hot vector of the first of its
// words it knows.
type wordEmbedder []string

func (w wordEmbedder) EmbedDocuments(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = make([]float32, len(w))
		for j, word := range w {
			if strings.Contains(t, word) {
				out[i][j] = 1
				break
			}
		}
	}
	return out, nil
}

func TestMergedChunkScoresAsItsBestMember(t *testing.T) {
	ix := newIx()
	merged := cand(ix, "a.go", 1, 0.5, 0)
	merged.chunk.Symbol, merged.chunk.SymbolKind = "openAll, retryUpload", "function"
	merged.chunk.Content = "func openAll() {\n\topen()\n}\n\nfunc retryUpload() {\n\tupload()\n}"
	alone := cand(ix, "b.go", 1, 0.7, 0)
	alone.chunk.Symbol, alone.chunk.SymbolKind = "retryUpload", "function"
	alone.chunk.Content = "func retryUpload() {\n\tupload()\n}\n\nfunc more() {\n\tx()\n}"
	emb := wordEmbedder{"retryUpload"}
	qvec := []float32{1}
	for _, tc := range []struct {
		query string
		off   Feature
		want  float64
	}{
		{"retries an upload that failed.", 0, DefaultWeights.Member}, // a description: the member's cosine (1), scaled
		{"retries an upload that failed.", Members, 0.5},
		{"how are failed uploads retried", 0, DefaultWeights.Member}, // a question: its best members too
		{"upload retries", 0, 0.5},                                   // a short phrase names an area: the chunk's own
	} {
		merged.vec, alone.vec = 0.5, 0.7
		r := ranker{q: ParseQuery(tc.query), mode: Hybrid, w: DefaultWeights, opt: Options{Off: tc.off}}
		if err := r.memberScores(context.Background(), emb, qvec, []*candidate{merged, alone}); err != nil {
			t.Fatal(err)
		}
		if merged.vec != tc.want || alone.vec != 0.7 {
			t.Errorf("%q (off %v): merged chunk %v, want %v; a whole function %v, want it unchanged (0.7)",
				tc.query, tc.off, merged.vec, tc.want, alone.vec)
		}
	}
}

// FuzzMembers checks that any chunk text splits without a panic into
// pieces of that text, each of two lines or more.
func FuzzMembers(f *testing.F) {
	for _, seed := range []string{"", "\n\n\n", "a\n\nb", "\tx\n\n\ty\n\tz\n\n\tw\nv", "}\n\n}\n\n)", "a\r\n\r\nb\r\nc\r\n\r\nd\r\ne"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		ms := members(text)
		if len(ms) == 1 {
			t.Fatalf("one member %q: a merge has two or more", ms)
		}
		for _, m := range ms {
			if !strings.Contains(text, m) || !strings.Contains(m, "\n") {
				t.Fatalf("member %q is not a piece of two lines or more of %q", m, text)
			}
		}
	})
}

// A merge without blank lines between its declarations (Haskell's
// equations, Elixir's clauses) is cut where the file's declarations say,
// outermost declarations only, one-line ones left out.
func TestDeclMembersCutAtDeclarations(t *testing.T) {
	c := &store.Chunk{StartLine: 10, EndLine: 17, Content: "f x =\n  g x\nh :: Int\nh = 1\n  + 2\nk = 3\nm y =\n  y"}
	g := &chunker.Graph{Defs: []chunker.Def{
		{Name: "f", StartLine: 10, EndLine: 11},
		{Name: "local", StartLine: 11, EndLine: 11}, // inside f
		{Name: "h", StartLine: 12, EndLine: 14},
		{Name: "k", StartLine: 15, EndLine: 15},
		{Name: "m", StartLine: 16, EndLine: 17},
		{Name: "elsewhere", StartLine: 30, EndLine: 40},
	}}
	want := []string{"f x =\n  g x", "h :: Int\nh = 1\n  + 2", "m y =\n  y"}
	if got := declMembers(c, g); !slices.Equal(got, want) {
		t.Errorf("members = %q, want %q", got, want)
	}
	if got := members(c.Content); got != nil {
		t.Errorf("the layout alone finds %q; the declarations are what tells this merge apart", got)
	}
	if got := declMembers(c, nil); got != nil {
		t.Errorf("no declarations: %q, want nil (the layout decides)", got)
	}
	if got := declMembers(c, &chunker.Graph{Defs: g.Defs[:2]}); got != nil {
		t.Errorf("one declaration: %q, want nil (no merge)", got)
	}
}

// memberScores reads a merge's members from its file's declarations when
// the store keeps them.
func TestMergedChunkMembersFromDeclarations(t *testing.T) {
	ix := declIndex{defs: map[string][]chunker.Def{"a.hs": {
		{Name: "openAll", Kind: "function", StartLine: 1, EndLine: 2},
		{Name: "retryUpload", Kind: "function", StartLine: 3, EndLine: 4},
	}}}
	merged := &candidate{ix: ix, vec: 0.5, chunk: &store.Chunk{FilePath: "a.hs", StartLine: 1, EndLine: 4,
		Symbol: "openAll, retryUpload", SymbolKind: "function", Content: "openAll =\n  open\nretryUpload =\n  upload"}}
	r := ranker{q: ParseQuery("retries an upload that failed."), mode: Hybrid, w: DefaultWeights, decls: declCache{}}
	if err := r.memberScores(context.Background(), wordEmbedder{"retryUpload"}, []float32{1}, []*candidate{merged}); err != nil {
		t.Fatal(err)
	}
	if merged.vec != DefaultWeights.Member {
		t.Errorf("merged chunk %v, want its member's %v", merged.vec, DefaultWeights.Member)
	}
}
