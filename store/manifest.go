// Package store keeps indexed repositories. Each repository is a set of
// immutable segment files, one per re-index that added chunks, and a small
// manifest that names the live segments and files; replacing the manifest
// atomically commits a re-index, so a one-file edit writes one small
// segment instead of the whole index. Segments are mapped and used in
// place (segfile.go): their int8 and float32 vectors are searched by a
// scan with exact rescoring (scan.go), their lexical index and chunk text
// read where they lie.
package store

import (
	"sort"
	"time"

	"github.com/codeseek/codeseek/chunker"
)

// SchemaVersion is the on-disk format version. An index written with
// another version is not read; the user is told to re-index.
const SchemaVersion = 11

// Kind separates code chunks (search_code) from documentation sections
// (search_docs).
type Kind uint8

// The chunk kinds.
const (
	Code Kind = iota
	Doc
)

// Meta describes an indexed repository. It is the manifest header, readable
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
	// SecretFree records that no secret was redacted from the file when
	// it was indexed, so that showing its unchanged content (Hash) needs
	// no new scan. Manifests written before the field existed read false:
	// unknown, scanned as before.
	SecretFree bool
	Kind       Kind // of all the file's chunks
	// Marks are what the file says about itself, as the chunker read
	// them; the store keeps them for the ranker.
	Marks  chunker.Marks
	Chunks int
	// Segment holds the file's chunks. Older segments may still contain
	// chunks of an earlier version of the file: those are dead, because
	// the file no longer points at them.
	Segment uint64
}

// SegmentInfo names one segment file of a manifest.
type SegmentInfo struct {
	ID     uint64
	Chunks int // all chunks in the file, live or dead
}

// Manifest is the commit record of one repository's index: its header, its
// segments (oldest first) and every indexed file.
type Manifest struct {
	Meta     Meta
	Segments []SegmentInfo
	Files    []FileState // sorted by path
}

// Chunk is a stored chunk with its vector. A chunk that a search read
// from the embedded index has no Content, Signature or ID until Full
// loads them: read those through Full.
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

	rest *rest // what Full loads; nil when the chunk is whole
}

// Update is one (re-)index of a repository, applied on top of the previous
// manifest by Store.Commit.
type Update struct {
	// Meta is the new header; the store fills in the counts.
	Meta Meta
	// Unchanged are the files carried over, as the previous manifest
	// lists them (Segment set).
	Unchanged []FileState
	// Changed are the new or changed files; Chunks are all their chunks.
	Changed []FileState
	Chunks  []Chunk
	// Graphs are the symbol graphs of changed files by path, encoded
	// (chunker.Graph.Encode); a file without one (a document, a language
	// without graph rules) has none.
	Graphs map[string][]byte
}

// File returns the entry of the file at path (repository-relative, as in
// Chunk.FilePath).
func (m *Manifest) File(path string) (FileState, bool) {
	i := sort.Search(len(m.Files), func(i int) bool { return m.Files[i].Path >= path })
	if i < len(m.Files) && m.Files[i].Path == path {
		return m.Files[i], true
	}
	return FileState{}, false
}
