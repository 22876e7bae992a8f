package search

import (
	"path"
	"slices"
	"strings"

	"github.com/codeseek/codeseek/store"
)

// A C or C++ header declares what its source file beside it implements:
// read.h holds the prototypes and the documentation of read.c's parser,
// and both match a question about it, the header often better (its
// comments say what the code does). The code the question is about,
// and the file a report's fix changes, is the source's. So a header
// whose source file is indexed beside it ranks below it (Headers); a
// header-only library's headers, which hold the code, do not.

// headerExts and sourceExts are C's and C++'s header and source
// extensions.
var (
	headerExts = []string{".h", ".hh", ".hpp", ".hxx"}
	sourceExts = []string{".c", ".cc", ".cpp", ".cxx", ".m", ".mm"}
)

// hasSource reports a header whose source file (the same name, a source
// extension) the index holds in the same directory.
func hasSource(ix store.Searcher, p string) bool {
	ext := path.Ext(p)
	if !slices.Contains(headerExts, ext) {
		return false
	}
	stem := strings.TrimSuffix(p, ext)
	names := namesOf(ix)
	for _, s := range sourceExts {
		if slices.Contains(names[path.Base(stem+s)], stem+s) {
			return true
		}
	}
	return false
}
