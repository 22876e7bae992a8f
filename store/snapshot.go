// Package store keeps indexed repositories: one versioned snapshot file per
// repository, replaced atomically, loaded into chromem-go collections for
// vector search. It owns persistence because chromem-go's own is not
// crash-safe.
package store

import (
	"time"
)

// SchemaVersion is the on-disk format version. A snapshot written with
// another version is not read; the user is told to re-index.
const SchemaVersion = 1

// Kind separates code chunks (search_code) from documentation sections
// (search_docs).
type Kind uint8

// The chunk kinds.
const (
	Code Kind = iota
	Doc
)

// Meta describes an indexed repository. It is the snapshot header, readable
// without loading the chunks.
type Meta struct {
	ID             string    `json:"id"`
	ProjectID      string    `json:"project_id"`
	Path           string    `json:"path"`
	Embedder       string    `json:"embedder"`
	Dimension      int       `json:"dimension"`
	ChunkerVersion string    `json:"chunker_version"`
	IndexedAt      time.Time `json:"indexed_at"`
	Files          int       `json:"files"`
	CodeChunks     int       `json:"code_chunks"`
	DocChunks      int       `json:"doc_chunks"`
}

// FileState is what the manifest remembers of one indexed file, so a
// re-index can tell unchanged files without reading them.
type FileState struct {
	Path    string
	Size    int64
	ModTime time.Time
	Hash    uint64 // xxhash64 of the content
}

// Chunk is a stored chunk with its vector.
type Chunk struct {
	ID         string
	FilePath   string
	Kind       Kind
	Language   string
	Symbol     string
	SymbolKind string
	Parent     string
	Signature  string
	StartLine  int
	EndLine    int
	Content    string
	Vector     []float32
}

// Snapshot is the complete index of one repository.
type Snapshot struct {
	Meta   Meta
	Files  []FileState
	Chunks []Chunk
}
