package search

import "github.com/codeseek/codeseek/chunker"

// declLister is a store that reads a file's declarations (store.Index
// does; a remote backend need not, and then the features that ask fall
// back to what a chunk says of itself).
type declLister interface {
	FileDecls(path string) (*chunker.Graph, error)
}

// declCache holds the declarations of the candidates' files that one
// query has decoded, so that each file is decoded once. A nil cache
// decodes every time.
type declCache map[string]*chunker.Graph

// of returns the declarations of the candidate's file, or nil when its
// store keeps none.
func (c declCache) of(cd *candidate) *chunker.Graph {
	k := cd.fileKey()
	if g, ok := c[k]; ok {
		return g
	}
	var g *chunker.Graph
	if dl, ok := cd.ix.(declLister); ok {
		g, _ = dl.FileDecls(cd.chunk.FilePath) // none: the caller falls back
	}
	if c != nil {
		c[k] = g
	}
	return g
}
