package search

import (
	"testing"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/store"
)

// A question about what a C library does, or a report, wants the source
// file over the header that declares and documents it; a header without
// a source beside it (a header-only library's) keeps its place, and so
// does every header for a phrase naming the API.
func TestHeaderYieldsToItsSource(t *testing.T) {
	ix := &store.Index{Manifest: &store.Manifest{Meta: store.Meta{ID: "r"}, Files: []store.FileState{
		{Path: "async.c"}, {Path: "async.h"}, {Path: "include/fmt/format.h"}, {Path: "read.c"},
		{Path: "include/spdlog/logger.h"}, {Path: "include/spdlog/logger-inl.h"},
		{Path: "include/CLI/App.hpp"}, {Path: "include/CLI/impl/App_inl.hpp"},
	}}}
	newCands := func() []*candidate {
		return []*candidate{cand(ix, "async.h", 1, 0.62, 5), cand(ix, "async.c", 1, 0.58, 5), cand(ix, "read.c", 1, 0.2, 0)}
	}
	question := ranker{q: ParseQuery("how are replies dispatched to the callbacks of an asynchronous connection"), mode: Hybrid, w: DefaultWeights}
	wantDecides(t, question, newCands(), Headers, "async.c", "async.h")
	phrase := ranker{q: ParseQuery("asynchronous connection callbacks API"), mode: Hybrid, w: DefaultWeights}
	cands := newCands()
	phrase.score(cands)
	if cands[0].chunk.FilePath != "async.h" {
		t.Errorf("a phrase naming the API: first %s, want async.h", cands[0].chunk.FilePath)
	}
	if hasSource(ix.Searcher(), "include/fmt/format.h") || !hasSource(ix.Searcher(), "async.h") || hasSource(ix.Searcher(), "async.c") {
		t.Errorf("hasSource: format.h %v, async.h %v, async.c %v; want false, true, false",
			hasSource(ix.Searcher(), "include/fmt/format.h"), hasSource(ix.Searcher(), "async.h"), hasSource(ix.Searcher(), "async.c"))
	}
	// A header-only library's implementation beside its header, or in an
	// impl/ directory below it, is the header's source; it has none itself.
	for p, want := range map[string]bool{"include/spdlog/logger.h": true, "include/CLI/App.hpp": true, "include/spdlog/logger-inl.h": false, "include/CLI/impl/App_inl.hpp": false} {
		if got := hasSource(ix.Searcher(), p); got != want {
			t.Errorf("hasSource(%s) = %v, want %v", p, got, want)
		}
	}
}

// A bundle that names its source map (MarkBuilt) ranks as generated code
// does, below the source it was built from.
func TestBuiltBundleYieldsToItsSource(t *testing.T) {
	ix := &store.Index{Manifest: &store.Manifest{Meta: store.Meta{ID: "r"}, Files: []store.FileState{
		{Path: "lib/add.js", Marks: chunker.MarkBuilt}, {Path: "src/add.ts"},
	}}}
	cands := []*candidate{cand(ix, "lib/add.js", 1, 0.62, 5), cand(ix, "src/add.ts", 1, 0.58, 5), cand(ix, "src/other.ts", 1, 0.1, 0)}
	r := ranker{q: ParseQuery("add two numbers"), mode: Hybrid, w: DefaultWeights}
	wantDecides(t, r, cands, PathPrior, "src/add.ts", "lib/add.js")
}

// apiIndex is a store whose files declare the given functions, each
// looked up by name across the files.
type apiIndex struct{ declIndex }

func (a apiIndex) DefinitionsOf(name string) []store.FileDef {
	var out []store.FileDef
	for p, defs := range a.defs {
		for _, d := range defs {
			if d.Name == name {
				out = append(out, store.FileDef{GraphFile: store.GraphFile{Path: p}, Def: d})
			}
		}
	}
	return out
}

func (a apiIndex) Memo(_ any, build func() any) any { return build() }

// A library's API header, whose prototypes its source files define under
// other names than the header's, yields to them as a header with its
// source beside it does; a header of macros, or of prototypes defined
// nowhere the index holds, does not.
func TestAPIHeaderYieldsToTheSourcesDefiningIt(t *testing.T) {
	proto := func(name string) chunker.Def {
		return chunker.Def{Name: name, Kind: "function", Signature: "ZEXPORT " + name + "(z_stream *strm);"}
	}
	body := func(name string) chunker.Def {
		return chunker.Def{Name: name, Kind: "function", Signature: "int ZEXPORT " + name + "(z_stream *strm)"}
	}
	ix := apiIndex{declIndex{defs: map[string][]chunker.Def{
		"zshelf.h":  {proto("shelf_open"), proto("shelf_read"), proto("shelf_close")},
		"open.c":    {body("shelf_open")},
		"read.c":    {body("shelf_read"), body("shelf_close")},
		"plugin.h":  {proto("plugin_load"), proto("plugin_run"), proto("plugin_free")},
		"macros.h":  {{Name: "SHELF_MAX", Kind: "macro", Signature: "#define SHELF_MAX 8"}},
		"twice.h":   {proto("twice_a"), proto("twice_b"), proto("twice_c")},
		"twice2.h":  {proto("twice_a"), proto("twice_b"), proto("twice_c")},
		"shelf.cpp": {body("unrelated")},
	}}}
	for p, want := range map[string]bool{"zshelf.h": true, "plugin.h": false, "macros.h": false, "twice.h": false, "read.c": false} {
		if got := implementedElsewhere(ix, p); got != want {
			t.Errorf("implementedElsewhere(%s) = %v, want %v", p, got, want)
		}
	}
}
