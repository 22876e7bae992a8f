package search

import (
	"fmt"
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
	// barely used, so it is no entry point; parse, used by hubFiles files,
	// is one.
	ix := countingIndex{files: map[string][2]int{"String": {50, 60}, "parse": {1, hubFiles}, "helper": {1, 1}}}
	seen := map[string]float64{}
	str := centrality(symbolCand(ix, "a.go", "Version.String", 0.5, 5), seen)
	parse := centrality(symbolCand(ix, "b.go", "parse", 0.5, 5), seen)
	helper := centrality(symbolCand(ix, "c.go", "helper", 0.5, 5), seen)
	if !(parse == 1 && str < 0.3 && helper < str+0.2 && helper > 0) {
		t.Errorf("centrality: parse %.3f (want 1), String %.3f (want < 0.3), helper %.3f (want a little)", parse, str, helper)
	}
}

// A type is named wherever it is mentioned, so however many files use
// it, its declaration is no entry point; a function as widely used is.
func TestCentralityLeavesClassLikeDeclarationsOut(t *testing.T) {
	ix := countingIndex{files: map[string][2]int{"Router": {1, 40}, "Handle": {1, 40}}}
	build := func(kind string) []*candidate {
		cands := []*candidate{
			symbolCand(ix, "a.go", "Router", 0.60, 6),
			symbolCand(ix, "b.go", "Mux.Handle", 0.58, 5.5),
			symbolCand(ix, "c.go", "other", 0.3, 2),
		}
		cands[0].chunk.SymbolKind = kind
		return cands
	}
	for _, kind := range []string{"interface", "class", "struct", "trait", "impl", "extension"} {
		if u := centrality(build(kind)[0], map[string]float64{}); u != 0 {
			t.Errorf("a %s declaration has centrality %.2f, want 0", kind, u)
		}
	}
	if u := centrality(build("interface")[1], map[string]float64{}); u != 1 {
		t.Errorf("a method used by 40 files has centrality %.2f, want 1", u)
	}
	r := ranker{q: ParseQuery("how are requests sent to handlers"), mode: Hybrid, w: DefaultWeights}
	wantDecides(t, r, build("interface"), Central, "b.go", "a.go")
	// A function as widely used keeps its lift, and its stronger evidence.
	wantFirst(t, r, build("function"), "a.go", "a function used by 40 files")
}

// TestCentralitySkipsWhatItCannotHelp checks that a candidate too far
// down for the lift to matter is not looked up.
func TestCentralitySkipsWhatItCannotHelp(t *testing.T) {
	ix := &lookupCounter{countingIndex: countingIndex{files: map[string][2]int{}}}
	var cands []*candidate
	for i := range 3 * centralPlaces {
		cd := symbolCand(ix, fmt.Sprintf("f%03d.go", i), fmt.Sprintf("name%d", i), 0, 0)
		cd.score = 10 - float64(i)*0.05
		cands = append(cands, cd)
	}
	mult := make([]float64, len(cands))
	for i := range mult {
		mult[i] = 1
	}
	r := ranker{q: ParseQuery("how are requests retried"), mode: Hybrid, w: DefaultWeights}
	r.central(cands, mult)
	if ix.lookups < centralPlaces || ix.lookups > centralPlaces+int(DefaultWeights.Central/0.05)+1 {
		t.Errorf("%d look-ups for %d candidates, want the first %d and the few within the lift of them", ix.lookups, len(cands), centralPlaces)
	}
}

type lookupCounter struct {
	countingIndex
	lookups int
}

func (c *lookupCounter) NameFiles(name string) (int, int) {
	c.lookups++
	return c.countingIndex.NameFiles(name)
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
