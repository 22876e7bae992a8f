// Package lex holds what both sides of the benchmark share: the document
// type, the searcher interface and the in-house side (codeseek's store).
//
// Everything that touches the store API lives in store.go, so that a newer
// copy of codeseek with a slightly different API needs changes there only.
package lex

// Doc is one chunk of the corpus: the unit both sides index and return.
type Doc struct {
	ID        string // store.ChunkID(FilePath, StartLine, EndLine, Content)
	FilePath  string
	Symbol    string
	StartLine int
	EndLine   int
	Content   string
}

// Searcher answers a lexical query with the IDs of the best n docs, best
// first.
type Searcher interface {
	Search(query string, n int) ([]string, error)
	Close() error
}
