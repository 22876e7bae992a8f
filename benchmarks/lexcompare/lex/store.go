package lex

import (
	"github.com/codeseek/codeseek/internal/ident"
	"github.com/codeseek/codeseek/store"
)

// The in-house side. If the store API changes, adapt this file only.

// Terms is codeseek's code-aware tokenizer (lowercased identifier parts plus
// the whole compound identifier). The bleve side tokenizes with it too.
func Terms(text string, add func(term []byte)) { store.LexTerms(text, add) }

// Identifiers reports the byte offsets of each identifier of text, the
// units Terms splits.
func Identifiers(text string, fn func(start, end int)) { ident.Identifiers(text, fn) }

// ChunkID is the store's chunk identifier.
func ChunkID(path string, start, end int, content string) string {
	return store.ChunkID(path, start, end, content)
}

const storeID = "bench"

// BuildStore builds the in-house index of docs in dir (in memory, lexical
// index included, and persisted to disk) and returns it ready to query.
func BuildStore(dir string, docs []Doc) (Searcher, error) {
	st, err := store.Open(dir)
	if err != nil {
		return nil, err
	}
	u := store.Update{
		Meta:   store.Meta{ID: storeID, Path: "/x", Embedder: "none", Dimension: 1},
		Chunks: make([]store.Chunk, len(docs)),
	}
	seen := map[string]bool{}
	for i, d := range docs {
		u.Chunks[i] = store.Chunk{
			ID: d.ID, Kind: store.Code, FilePath: d.FilePath, Symbol: d.Symbol,
			StartLine: d.StartLine, EndLine: d.EndLine, Content: d.Content,
			Vector: []float32{1}, // 1-d: the vector part costs ~nothing
		}
		if !seen[d.FilePath] {
			seen[d.FilePath] = true
			u.Changed = append(u.Changed, store.FileState{Path: d.FilePath})
		}
	}
	if err := st.Commit(nil, u); err != nil {
		return nil, err
	}
	idx, err := st.Load(storeID)
	if err != nil {
		return nil, err
	}
	return storeSearcher{idx}, nil
}

// OpenStore loads the persisted in-house index from dir in a fresh store.
func OpenStore(dir string) (Searcher, error) {
	st, err := store.Open(dir)
	if err != nil {
		return nil, err
	}
	idx, err := st.Load(storeID)
	if err != nil {
		return nil, err
	}
	return storeSearcher{idx}, nil
}

type storeSearcher struct{ idx *store.Index }

func (s storeSearcher) Search(q string, n int) ([]string, error) {
	hits := s.idx.Lexical(store.Code, q, n, nil)
	ids := make([]string, len(hits))
	for i, h := range hits {
		ids[i] = h.Chunk.ID
	}
	return ids, nil
}

func (s storeSearcher) Close() error { return nil }
