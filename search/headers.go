package search

import (
	"path"
	"slices"
	"strings"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/store"
)

// A C or C++ header declares what its source file beside it implements:
// read.h holds the prototypes and the documentation of read.c's parser,
// and both match a question about it, the header often better (its
// comments say what the code does). The code the question is about,
// and the file a report's fix changes, is the source's. So a header
// whose source file is indexed beside it ranks below it (Headers), and
// so does a library's API header whose functions its source files
// define (zlib.h's, defined in deflate.c, inflate.c, crc32.c); a
// header-only library's headers, which hold the code, do not.

// headerExts and sourceExts are C's and C++'s header and source
// extensions.
var (
	headerExts = []string{".h", ".hh", ".hpp", ".hxx"}
	sourceExts = []string{".c", ".cc", ".cpp", ".cxx", ".m", ".mm"}
)

// inlineSuffixes and inlineDirs name a header-only library's files of
// implementation beside a header that declares and documents it:
// spdlog's logger.h and logger-inl.h, CLI11's App.hpp and impl/App_inl.hpp,
// Boost's .ipp. They are the header's source.
var (
	inlineSuffixes = []string{"-inl.h", "_inl.h", "-inl.hpp", "_inl.hpp", ".ipp", ".tpp", ".inl"}
	inlineDirs     = []string{"", "impl/", "detail/"}
)

// hasSource reports a header whose source file (the same name, a source
// extension) the index holds in the same directory, or whose inline
// implementation (inlineSuffixes) it holds there or in an impl/ or
// detail/ directory below.
func hasSource(ix store.Searcher, p string) bool {
	ext := path.Ext(p)
	if !slices.Contains(headerExts, ext) {
		return false
	}
	stem := strings.TrimSuffix(p, ext)
	names := namesOf(ix)
	held := func(f string) bool { return slices.Contains(names[path.Base(f)], f) }
	for _, s := range sourceExts {
		if held(stem + s) {
			return true
		}
	}
	dir, base := path.Split(stem)
	for _, d := range inlineDirs {
		for _, s := range inlineSuffixes {
			if held(dir + d + base + s) {
				return true
			}
		}
	}
	return false
}

// Bounds on reading an API header (implementedElsewhere): the fewest
// prototypes that make one, and the most looked up.
const (
	minAPIPrototypes = 3
	maxAPIPrototypes = 24
)

// implementedElsewhere reports a header declaring functions by their
// prototypes, minAPIPrototypes or more, most of which the index's source
// files define: the API a library's sources implement, whatever their
// names. It is worked out once per index and header.
func implementedElsewhere(ix store.Searcher, p string) bool {
	if !slices.Contains(headerExts, path.Ext(p)) {
		return false
	}
	type reader interface {
		FileDecls(path string) (*chunker.Graph, error)
		DefinitionsOf(name string) []store.FileDef
		Memo(key any, build func() any) any
	}
	r, ok := ix.(reader)
	if !ok {
		return false
	}
	return r.Memo(apiHeaderKey{p}, func() any {
		g, _ := r.FileDecls(p)
		if g == nil {
			return false
		}
		protos, defined := 0, 0
		for _, d := range g.Defs {
			if d.Kind != "function" || !strings.HasSuffix(d.Signature, ";") {
				continue
			}
			if protos++; protos > maxAPIPrototypes {
				break
			}
			if slices.ContainsFunc(r.DefinitionsOf(d.Name), sourceDefinition) {
				defined++
			}
		}
		return protos >= minAPIPrototypes && 2*defined > min(protos, maxAPIPrototypes)
	}).(bool)
}

type apiHeaderKey struct{ path string }

// sourceDefinition reports a function's definition in a C or C++ source
// file: a body, not another prototype.
func sourceDefinition(d store.FileDef) bool {
	return d.Def.Kind == "function" && !strings.HasSuffix(d.Def.Signature, ";") &&
		slices.Contains(sourceExts, path.Ext(d.Path))
}
