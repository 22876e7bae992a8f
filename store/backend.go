package store

import (
	"context"
	"strings"

	"github.com/codeseek/codeseek/chunker"
)

// Backend keeps indexed repositories: the embedded store (Local) or a
// remote engine (store/weaviate). It is what the service layer needs of
// storage: the manifest of each repository drives incremental re-indexing
// (Previous, then Commit of the changed and deleted files), and Load gives
// the channels the ranker draws candidates from.
//
// Errors for a repository that does not exist wrap fs.ErrNotExist.
type Backend interface {
	// List returns the headers of every stored repository, sorted by path.
	List() ([]Meta, []error)
	// Meta reads the header of repository id.
	Meta(id string) (Meta, error)
	// Previous returns the committed manifest of id to re-index against,
	// or nil when there is none.
	Previous(id string) (*Manifest, error)
	// Begin starts an index run on top of prev (nil for a full build)
	// that commits header meta (counts are filled in); memory is the run's
	// budget in bytes, 0 for the default. Searches see the whole run once
	// it commits, or none of it.
	Begin(ctx context.Context, prev *Manifest, meta Meta, memory int64) (Writer, error)
	// Load returns the committed index of id for searching.
	Load(ctx context.Context, id string) (Searcher, error)
	// Remove deletes repository id.
	Remove(id string) error
}

// Writer is one index run in progress (the embedded store's is Run): the
// changed files stream in through Add, Commit makes them visible together
// with the unchanged files, and Abort (after a failure) drops what was
// written. Files of the previous index in neither are deleted.
type Writer interface {
	// Add adds changed files with all their chunks (each file's in one
	// call) and symbol graphs by path. It takes chunks over.
	Add(ctx context.Context, files []FileState, chunks []Chunk, graphs map[string][]byte) error
	// Commit makes the run the committed index; unchanged are the files
	// carried over, as the previous manifest lists them.
	Commit(ctx context.Context, unchanged []FileState) error
	// Abort abandons the run; the committed index stays as it was.
	Abort()
}

// Apply commits u on top of prev through b as one run.
func Apply(ctx context.Context, b Backend, prev *Manifest, u Update) error {
	w, err := b.Begin(ctx, prev, u.Meta, 0)
	if err != nil {
		return err
	}
	if err := w.Add(ctx, u.Changed, u.Chunks, u.Graphs); err != nil {
		w.Abort()
		return err
	}
	if err := w.Commit(ctx, u.Unchanged); err != nil {
		w.Abort()
		return err
	}
	return nil
}

// Searcher is one repository's committed index as the ranker reads it.
// Every channel applies f before its top-n cut, so n hits come back
// whenever that many match.
type Searcher interface {
	// Manifest is the commit record the searcher reads.
	Manifest() *Manifest
	// DatabaseName names the collection of kind k, as reported to users.
	DatabaseName(k Kind) string
	// Vector returns up to n chunks most similar to vec, best first, scored
	// by cosine similarity.
	Vector(ctx context.Context, k Kind, vec []float32, n int, f Filter) ([]Hit, error)
	// Lexical returns up to n chunks by BM25 over LexTerms of their
	// content, path and symbol, best first.
	Lexical(ctx context.Context, k Kind, query string, n int, f Filter) ([]Hit, error)
	// Declaring returns the chunks whose text declares name, with their
	// tiers (see Decl).
	Declaring(ctx context.Context, k Kind, name string, f Filter) ([]Decl, error)
	// Similarity returns the cosine similarity of each chunk (found by
	// another channel) to vec, so every candidate is scored on both
	// channels. Chunks of kind k that are gone score 0.
	Similarity(ctx context.Context, k Kind, vec []float32, chunks []*Chunk) ([]float64, error)
}

// Warner is a Searcher that knows why its answers may differ from the
// embedded store's, for a reason the user can fix; the warning goes out
// with the results, so the difference is never silent.
type Warner interface {
	Warning() string // "" when there is nothing to say
}

// Filter narrows a search to files of one type and directory. The zero
// Filter keeps everything.
type Filter struct {
	// FileType is an extension ("go", ".py") or a language name
	// ("python"), as chunker.LanguageMatches reads it.
	FileType string
	// Directory is a clean repository-relative path: files in it or below
	// it match.
	Directory string
}

// Empty reports whether f keeps every chunk.
func (f Filter) Empty() bool { return f.FileType == "" && f.Directory == "" }

// Keeps reports whether chunk c passes f.
func (f Filter) Keeps(c *Chunk) bool {
	if f.Directory != "" && c.FilePath != f.Directory && !strings.HasPrefix(c.FilePath, f.Directory+"/") {
		return false
	}
	return chunker.LanguageMatches(f.FileType, c.FilePath, c.Language)
}

// keep is f as a chunk predicate for the embedded scans; nil when f keeps
// all, which lets them skip the call.
func (f Filter) keep() func(*Chunk) bool {
	if f.Empty() {
		return nil
	}
	return f.Keeps
}

// DeclTier is the strongest declaration of name in c's text (1 to 4, see
// Decl), or 0 when c only uses it. Remote backends, which find candidate
// chunks by their terms, decide with it which of them declare the name.
func DeclTier(c *Chunk, name string) int { return declTier(c, name) }

// Local is the embedded store as a Backend.
func Local(s *Store) Backend { return local{s} }

type local struct{ *Store }

func (l local) Begin(_ context.Context, prev *Manifest, meta Meta, memory int64) (Writer, error) {
	return l.Store.Begin(prev, meta, memory), nil
}

func (l local) Load(_ context.Context, id string) (Searcher, error) {
	ix, err := l.Store.Load(id)
	if err != nil {
		return nil, err
	}
	return localIndex{ix}, nil
}

// Searcher returns ix as a Searcher.
func (ix *Index) Searcher() Searcher { return localIndex{ix} }

// localIndex is an embedded Index as a Searcher.
type localIndex struct{ ix *Index }

func (l localIndex) Manifest() *Manifest        { return l.ix.Manifest }
func (l localIndex) DatabaseName(k Kind) string { return l.ix.DatabaseName(k) }

func (l localIndex) Vector(ctx context.Context, k Kind, vec []float32, n int, f Filter) ([]Hit, error) {
	return l.ix.Query(ctx, k, vec, n, f.keep())
}

func (l localIndex) Lexical(_ context.Context, k Kind, query string, n int, f Filter) ([]Hit, error) {
	return l.ix.Lexical(k, query, n, f.keep()), nil
}

// LexicalFiles ranks whole files by BM25 (Index.LexicalFiles).
func (l localIndex) LexicalFiles(_ context.Context, k Kind, query string, n int, f Filter) ([]FileHit, error) {
	return l.ix.LexicalFiles(k, query, n, f.keep()), nil
}

func (l localIndex) Declaring(_ context.Context, k Kind, name string, f Filter) ([]Decl, error) {
	all := l.ix.Declaring(k, name)
	if f.Empty() {
		return all, nil
	}
	out := all[:0]
	for _, d := range all {
		if f.Keeps(d.Chunk) {
			out = append(out, d)
		}
	}
	return out, nil
}

func (l localIndex) Similarity(_ context.Context, _ Kind, vec []float32, chunks []*Chunk) ([]float64, error) {
	out := make([]float64, len(chunks))
	for i, c := range chunks {
		out[i] = Cosine(c, vec)
	}
	return out, nil
}

func (l localIndex) GraphFiles() []GraphFile                       { return l.ix.GraphFiles() }
func (l localIndex) FileGraph(path string) (*chunker.Graph, error) { return l.ix.FileGraph(path) }
func (l localIndex) DefinitionsOf(name string) []FileDef           { return l.ix.DefinitionsOf(name) }
func (l localIndex) ReferencesTo(name string) []FileRefs           { return l.ix.ReferencesTo(name) }
func (l localIndex) NameUses(name string) (int, int)               { return l.ix.NameUses(name) }
func (l localIndex) NameFiles(name string) (int, int)              { return l.ix.NameFiles(name) }
func (l localIndex) ChunksOf(path string) []*Chunk                 { return l.ix.ChunksOf(path) }
func (l localIndex) Memo(key any, build func() any) any            { return l.ix.Memo(key, build) }
func (l localIndex) FileDecls(path string) (*chunker.Graph, error) { return l.ix.FileDecls(path) }
func (l localIndex) EachName(fn func(name string, n NameUse))      { l.ix.EachName(fn) }
func (l localIndex) FileImports(path string) []chunker.Import      { return l.ix.FileImports(path) }
func (l localIndex) Lines(path string, lines []int) map[int]string { return l.ix.Lines(path, lines) }
