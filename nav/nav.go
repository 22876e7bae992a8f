// Package nav answers navigation questions over a repository's symbol
// graph: where a name is defined, who uses it, who calls whom, what a
// directory holds and what matters most there, what looks like a piece
// of code, and what a change breaks.
//
// The graph (chunker.Graph per file, kept by the store) records what each
// file declares and uses without resolving anything across files, so that
// a re-index touches only the files that changed. Resolution happens here,
// at query time, against the current definitions of every file: Go
// selectors are typed through their receivers' declarations
// (resolve_go.go); the other languages resolve through imports, self and
// qualified names (resolve.go). Every answer says how it matched: "exact"
// when resolution proved the reference is to the definition asked about,
// "name" when only the name is known to match and a reader should check.
package nav

import (
	"sort"
	"strings"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/internal/pathclass"
	"github.com/codeseek/codeseek/store"
)

// Index is one repository's committed index as navigation reads it.
type Index interface {
	store.Searcher
	store.GraphReader
}

// The match values.
const (
	// MatchExact: resolution proved the answer (a qualified name that
	// matches, a receiver whose type declares the member).
	MatchExact = "exact"
	// MatchName: only the name matches; the answer may be another
	// declaration of the same name.
	MatchName = "name"
)

// Definition is a declaration found for a query.
type Definition struct {
	Path     string
	Language string
	Def      chunker.Def
	Match    string
}

// Symbol is the definition's qualified name ("Client.Do").
func (d Definition) Symbol() string { return d.Def.Qualified() }

// Reference is one use of a definition.
type Reference struct {
	Path string
	Line int
	Col  int
	Kind chunker.RefKind
	// Enclosing is the qualified name of the declaration the use is in
	// (the calling function, for a call), or "" at the top level.
	Enclosing string
	// EnclosingLine is where that declaration's name is, 0 when there is
	// none, so a caller can be navigated to.
	EnclosingLine int
	// EnclosingIndex is that declaration's index in the file's graph, -1
	// when there is none.
	EnclosingIndex int32
	// Text is the line's text, white space collapsed.
	Text  string
	Match string
	// Via is the C or C++ macro whose expansion makes the use (the line
	// spells the macro), "" for a direct use.
	Via string
}

// place is where an answer lies, as navigation orders its answers:
// exact matches first; within each, the project's own code before what
// pathclass sets aside (tests, examples, vendored copies, …), so that a
// limit cuts a much-tested function's tests, not its callers in the code;
// then by path, line and column.
type place struct {
	exact, aside bool
	path         string
	line, col    int
}

func (a place) before(b place) bool {
	switch {
	case a.exact != b.exact:
		return a.exact
	case a.aside != b.aside:
		return b.aside
	case a.path != b.path:
		return a.path < b.path
	case a.line != b.line:
		return a.line < b.line
	}
	return a.col < b.col
}

// asidePaths remembers pathclass's verdict per path for one sort.
type asidePaths map[string]bool

func (m asidePaths) of(p string) bool {
	a, ok := m[p]
	if !ok {
		a = pathclass.Of(p)&pathclass.Aside != 0
		m[p] = a
	}
	return a
}

// sortReferences orders references by place.
func sortReferences(refs []Reference) {
	aside := asidePaths{}
	at := func(r Reference) place { return place{r.Match == MatchExact, aside.of(r.Path), r.Path, r.Line, r.Col} }
	sort.SliceStable(refs, func(i, j int) bool { return at(refs[i]).before(at(refs[j])) })
}

// lineTexts returns the text of the given lines of the file at path, read
// from the index (the indexed, secret-redacted text), white space
// collapsed.
func lineTexts(ix Index, path string, lines []int) map[int]string {
	out := ix.Lines(path, lines)
	for l, t := range out {
		out[l] = strings.Join(strings.Fields(t), " ")
	}
	return out
}

type graphFilesKey struct{}

// graphFiles lists the index's files with a graph, once per index: every
// whole-repository question starts from it.
func graphFiles(ix Index) []store.GraphFile {
	return ix.Memo(graphFilesKey{}, func() any { return ix.GraphFiles() }).([]store.GraphFile)
}
