package search

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/store"
)

// declaringSearcher answers Declaring from a table and every other
// channel with nothing.
type declaringSearcher struct {
	ix    *store.Index
	decls map[string][]store.Decl
}

func (s declaringSearcher) Manifest() *store.Manifest      { return s.ix.Manifest }
func (s declaringSearcher) DatabaseName(store.Kind) string { return "test" }
func (s declaringSearcher) Vector(context.Context, store.Kind, []float32, int, store.Filter) ([]store.Hit, error) {
	return nil, nil
}
func (s declaringSearcher) Lexical(context.Context, store.Kind, string, int, store.Filter) ([]store.Hit, error) {
	return nil, nil
}
func (s declaringSearcher) Declaring(_ context.Context, _ store.Kind, name string, _ store.Filter) ([]store.Decl, error) {
	return s.decls[name], nil
}
func (s declaringSearcher) Similarity(_ context.Context, _ store.Kind, _ []float32, chunks []*store.Chunk) ([]float64, error) {
	return make([]float64, len(chunks)), nil
}

// A name a phrase mentions picks out its declaration only where few files
// declare it: parseWidget is declared once, to_string in every file of
// the tree, which says nothing about where the answer is.
func TestNamesManyFilesDeclarePickOutNothing(t *testing.T) {
	s := declaringSearcher{ix: newIx(), decls: map[string][]store.Decl{
		"parseWidget": {{Chunk: &store.Chunk{ID: "w", FilePath: "widget.py", StartLine: 1}, Tier: 3}},
	}}
	for i := range maxTypeFiles + 1 {
		c := &store.Chunk{ID: fmt.Sprint(i), FilePath: fmt.Sprintf("m%d.py", i), StartLine: 1}
		s.decls["to_string"] = append(s.decls["to_string"], store.Decl{Chunk: c, Tier: 3})
	}
	q := ParseQuery("parseWidget fails when to_string gets an empty widget")
	cands, err := gather(context.Background(), []store.Searcher{s}, Request{Limit: 10, Mode: Lexical}, q)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, cd := range cands {
		if cd.embedded > 0 {
			got = append(got, cd.chunk.FilePath)
		}
	}
	if len(got) != 1 || got[0] != "widget.py" {
		t.Errorf("declarations marked in %v, want widget.py alone", got)
	}
}

// A report (a title and a body, as an issue or a commit message is
// written) names the code it is about, and that code's declaration is
// lifted; a docstring's sentence, one line, names the types it takes and
// returns, whose declarations are not what it describes.
func TestReportLiftsTheDeclarationsItNames(t *testing.T) {
	ix := newIx()
	cands := []*candidate{cand(ix, "emit.py", 1, 0.7, 5), cand(ix, "ops.py", 1, 0.66, 5), cand(ix, "other.py", 1, 0.2, 1)}
	cands[1].embedded = 3 // ops.py declares GetAttr
	report := "Fix error value check for GetAttr that allows nullable values\n\n" +
		"The check in the emitted code treated a tuple attribute as a pointer, so an attribute " +
		"that was never set raised a crash instead of the attribute error users expect."
	r := ranker{q: ParseQuery(report), mode: Hybrid, w: DefaultWeights}
	wantFirst(t, r, cands, "ops.py", "a report's named declaration should be lifted")
	r.q = ParseQuery(strings.ReplaceAll(report, "\n", " "))
	wantFirst(t, r, cands, "emit.py", "a one-line description lifted a declaration it mentions")
}

// A report names the API its writer called as often as the code at fault,
// so the declaration it names is lifted less than a phrase's: a file the
// report's words match clearly better stays first.
func TestReportNamedDeclarationYieldsToClearEvidence(t *testing.T) {
	ix := newIx()
	cands := []*candidate{cand(ix, "orm/strategies.py", 1, 0.74, 7), cand(ix, "orm/api.py", 1, 0.55, 4), cand(ix, "other.py", 1, 0.2, 1)}
	cands[1].embedded = 3 // api.py declares enable_eagerloads, which the report names
	report := "Skip eager row processors when enable_eagerloads is off\n\n" +
		"Using enable_eagerloads(False) together with yield_per silently ignored the setting: the row " +
		"processors for eager loaders still ran, loading collections the caller had turned off."
	r := ranker{q: ParseQuery(report), mode: Hybrid, w: DefaultWeights}
	wantFirst(t, r, cands, "orm/strategies.py", "a report's named declaration outweighed clearly better evidence")
	r.w.DeclReport = r.w.DeclEmbedded
	wantFirst(t, r, cands, "orm/api.py", "at a phrase's weight the named declaration should win (the test's premise)")
}

// A qualified name asks for the member of its type: the type's chunk
// naming the member (a small class, one chunk named for the class alone)
// before a namesake in another type, and a namesake of its own type over
// the others; without a declaration of the type, every declaration.
func TestQualifiedNameFindsItsTypesMember(t *testing.T) {
	alpha := &store.Chunk{ID: "a", FilePath: "Alpha.cs", StartLine: 1, Symbol: "AlphaShelf", SymbolKind: "class",
		Content: "public class AlphaShelf {\n\tpublic override object Stock(string text) { return text; }\n}"}
	beta := &store.Chunk{ID: "b", FilePath: "Beta.cs", StartLine: 8, Symbol: "BetaShelf.Stock", SymbolKind: "method", Content: "public override object Stock(string text) { throw null; }"}
	betaType := &store.Chunk{ID: "bt", FilePath: "Beta.cs", StartLine: 1, Symbol: "BetaShelf", SymbolKind: "class", Content: "public class BetaShelf {"}
	s := declaringSearcher{ix: newIx(), decls: map[string][]store.Decl{
		"Stock":      {{Chunk: beta, Tier: 2}},
		"AlphaShelf": {{Chunk: alpha, Tier: 3}},
		"BetaShelf":  {{Chunk: betaType, Tier: 3}},
	}}
	for text, want := range map[string]string{"AlphaShelf.Stock": "Alpha.cs", "Demo.BetaShelf.Stock": "Beta.cs", "GammaShelf.Stock": "Beta.cs", "Stock": "Beta.cs"} {
		q := ParseQuery(text)
		decls, err := ownedDeclarations(context.Background(), s, Request{}, q.Name, qualifierOf(q.Text, q.Name))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range decls {
			got = append(got, d.Chunk.FilePath)
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%s: declarations in %v, want %s", text, got, want)
		}
	}
}
