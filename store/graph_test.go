package store

import (
	"reflect"
	"testing"

	"github.com/codeseek/codeseek/chunker"
)

// testGraph is a file graph that declares decl and calls each of calls.
func testGraph(decl string, calls ...string) *chunker.Graph {
	g := &chunker.Graph{Package: "p", Imports: []chunker.Import{{Name: "fmt", Path: "fmt", Line: 2}},
		Defs: []chunker.Def{{Name: decl, Kind: "function", Line: 4, Col: 6, StartLine: 3, EndLine: 9,
			Signature: "func " + decl + "()", Doc: decl + " does it.", Type: "t:func()"}}}
	for i, c := range calls {
		g.Refs = append(g.Refs, chunker.Ref{Name: c, Line: 5 + i, Col: 2, Kind: chunker.RefCall, Enclosing: 0, Recv: "p:fmt"})
	}
	return g
}

func withGraphs(u Update, graphs map[string]*chunker.Graph) Update {
	u.Graphs = map[string][]byte{}
	for p, g := range graphs {
		u.Graphs[p] = g.Encode()
	}
	return u
}

func TestGraphEncodingRoundTrip(t *testing.T) {
	g := testGraph("A", "Println", "Sprintf", "Println")
	g.Defs = append(g.Defs, chunker.Def{Name: "Inner", Kind: "field", Parent: "A", Flags: chunker.DefEmbedded})
	g.Refs[0], g.Refs[2] = g.Refs[2], g.Refs[0] // out of order: stored sorted by position
	got, err := decodeGraph(g.Encode(), true)
	if err != nil {
		t.Fatal(err)
	}
	want := testGraph("A", "Println", "Sprintf", "Println")
	want.Defs = g.Defs
	if !reflect.DeepEqual(got, want) {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, want)
	}
	if _, err := decodeGraph(g.Encode()[:20], true); err == nil {
		t.Error("a truncated graph decodes without an error")
	}
}

// TestGraphQueries commits graphs with their files, re-indexes one file
// and checks the name indexes and decoded graphs follow the live files,
// across the segment merge that folds the first segment into the second.
func TestGraphQueries(t *testing.T) {
	s, _ := Open(t.TempDir())
	u := withGraphs(update("r", nil, 2, "v1", "a.go", "b.go", "doc.md"), map[string]*chunker.Graph{
		"a.go": testGraph("A", "Println", "B"),
		"b.go": testGraph("B", "Println"),
	})
	m := commit(t, s, u)
	ix, err := s.Load("r")
	if err != nil {
		t.Fatal(err)
	}
	if files, uses := ix.NameUses("Println"); files != 2 || uses != 2 {
		t.Errorf("Println used in %d files %d times, want 2 and 2", files, uses)
	}
	defs := ix.DefinitionsOf("B")
	if len(defs) != 1 || defs[0].Path != "b.go" || defs[0].Package != "p" || defs[0].Def.Doc != "B does it." {
		t.Errorf("definitions of B: %+v", defs)
	}
	refs := ix.ReferencesTo("B")
	if len(refs) != 1 || refs[0].Path != "a.go" || len(refs[0].Refs) != 1 || refs[0].Enclosing[0].Name != "A" || len(refs[0].Imports) != 1 {
		t.Errorf("references to B: %+v", refs)
	}
	if g, _ := ix.FileGraph("doc.md"); g != nil {
		t.Errorf("a document has a graph: %+v", g)
	}
	if got := ix.GraphFiles(); len(got) != 2 || got[0].Path != "a.go" || got[1].Path != "b.go" {
		t.Errorf("graph files %+v", got)
	}

	// a.go no longer calls B; the merge policy folds the old segment in.
	u2 := withGraphs(update("r", m, 2, "v2", "a.go"), map[string]*chunker.Graph{"a.go": testGraph("A", "Println")})
	m2 := commit(t, s, u2)
	if len(m2.Segments) != 1 {
		t.Fatalf("segments %d, want the old one folded into one", len(m2.Segments))
	}
	ix, _ = s.Load("r")
	if refs := ix.ReferencesTo("B"); len(refs) != 0 {
		t.Errorf("references to B after the edit: %+v", refs)
	}
	if defs := ix.DefinitionsOf("B"); len(defs) != 1 || defs[0].Path != "b.go" {
		t.Errorf("b.go's graph was not carried over: %+v", defs)
	}
	if got := ix.ChunksOf("b.go"); len(got) != 2 || got[0].StartLine != 1 {
		t.Errorf("chunks of b.go: %d", len(got))
	}
}

// A use selected from a value or a type counts among a name's member
// uses; one selected from nothing, a package, a module or the global
// scope does not.
func TestMemberSelection(t *testing.T) {
	for recv, want := range map[string]bool{
		"": false, "p:net/http": false, "n:os": false, "n:os.path": false, chunker.GlobalRecv: false, "n:crate.tty": false,
		"self": true, "t:Parser": true, "v:compat32": true, "?": true, "n:os .environ": true,
		"n:Vec": true, "n:Plug.Conn": true, "n:std.collections.HashMap": true,
	} {
		if got := memberSelection(recv); got != want {
			t.Errorf("memberSelection(%q) = %v, want %v", recv, got, want)
		}
	}
}
