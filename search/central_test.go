package search

import (
	"testing"

	"github.com/codeseek/codeseek/store"
)

// countingIndex is a store whose symbol graph is a table of name counts.
type countingIndex struct {
	store.Searcher
	files map[string][2]int // name → files declaring, files using
}

func (c countingIndex) Manifest() *store.Manifest {
	return &store.Manifest{Meta: store.Meta{ID: "r"}}
}

func (c countingIndex) NameFiles(name string) (int, int) { return c.files[name][0], c.files[name][1] }

func symbolCand(ix store.Searcher, p, sym string, vec, lex float64) *candidate {
	return &candidate{chunk: &store.Chunk{FilePath: p, StartLine: 1, EndLine: 10, Symbol: sym, SymbolKind: "function"}, ix: ix, vec: vec, lex: lex}
}

func TestEntryPointBeatsHelperNamedLikeTheQuestion(t *testing.T) {
	ix := countingIndex{files: map[string][2]int{"retryHelper": {1, 1}, "Do": {1, 40}}}
	cands := []*candidate{
		symbolCand(ix, "helper.go", "retryHelper", 0.60, 6),
		symbolCand(ix, "client.go", "Client.Do", 0.58, 5.5),
		symbolCand(ix, "other.go", "other", 0.3, 2),
	}
	r := ranker{q: ParseQuery("how are failed requests retried"), mode: Hybrid, w: DefaultWeights}
	wantDecides(t, r, cands, Central, "client.go", "helper.go")
}

func TestCentralityDiscountsNamesManyFilesDeclare(t *testing.T) {
	// String is used by 60 files but declared by 50: each declaration is
	// barely used, so it is no entry point.
	ix := countingIndex{files: map[string][2]int{"String": {50, 60}, "parse": {1, 8}}}
	cands := []*candidate{
		symbolCand(ix, "a.go", "Version.String", 0.5, 5),
		symbolCand(ix, "b.go", "parse", 0.5, 5),
	}
	got := centrality(cands)
	if !(got[1] == 1 && got[0] < 0.5) {
		t.Errorf("centrality = %v, want parse (8 uses, 1 declaration) at 1 and String (60 uses, 50 declarations) below 0.5", got)
	}
}

func TestCentralityLeavesIdentifierQueriesAlone(t *testing.T) {
	ix := countingIndex{files: map[string][2]int{"Do": {1, 40}}}
	cands := []*candidate{
		symbolCand(ix, "helper.go", "retryHelper", 0.60, 6),
		symbolCand(ix, "client.go", "Client.Do", 0.58, 5.5),
	}
	r := ranker{q: ParseQuery("retryHelper"), mode: Hybrid, w: DefaultWeights}
	wantFirst(t, r, cands, "helper.go", "an identifier query asks for that name, however little it is used")
}
