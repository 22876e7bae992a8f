package search

import (
	"context"
	"reflect"
	"strings"
	"testing"
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
