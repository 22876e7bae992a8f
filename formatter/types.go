// Package formatter renders tool results as JSON, Markdown or the compact
// token-lean format, at concise or detailed level. It does no I/O: it turns
// values into strings.
package formatter

import (
	"fmt"
	"strings"
	"time"
)

// Format is a response_format value.
type Format string

// The response formats.
const (
	JSON     Format = "json"
	Markdown Format = "markdown"
	Compact  Format = "compact"
)

// Detail is a detail_level value.
type Detail string

// The detail levels.
const (
	Concise  Detail = "concise"
	Detailed Detail = "detailed"
)

// Options selects how a result is rendered. The zero value is JSON, detailed.
type Options struct {
	Format Format
	Detail Detail
	// MaxTokens, when positive, bounds the rendered search output: results
	// are added while they fit and a warning says what was left out.
	MaxTokens int
}

// ParseFormat validates a response_format value; "" means JSON.
func ParseFormat(s string) (Format, error) {
	switch f := Format(strings.ToLower(strings.TrimSpace(s))); f {
	case "":
		return JSON, nil
	case JSON, Markdown, Compact:
		return f, nil
	}
	return "", fmt.Errorf("response_format %q is not supported: use json, markdown or compact", s)
}

// ParseDetail validates a detail_level value; "" means detailed.
func ParseDetail(s string) (Detail, error) {
	switch d := Detail(strings.ToLower(strings.TrimSpace(s))); d {
	case "":
		return Detailed, nil
	case Concise, Detailed:
		return d, nil
	}
	return "", fmt.Errorf("detail_level %q is not supported: use concise or detailed", s)
}

// SearchResult is one hit of search_code or search_docs.
type SearchResult struct {
	ChunkID    string
	FilePath   string // repository-relative, '/'-separated
	Language   string
	Symbol     string
	SymbolKind string
	Content    string
	StartLine  int // 1-based, inclusive
	EndLine    int
	// Score is the similarity in 0..1, higher is better.
	Score         float64
	ContextBefore string
	ContextAfter  string
}

// SearchResponse is the whole answer of search_code or search_docs.
type SearchResponse struct {
	Results      []SearchResult
	TotalCount   int
	ProjectID    string
	RepositoryID string
	DatabaseName string
	Latency      time.Duration
	// Warning tells the caller about something that shaped the results,
	// such as an index that is being rebuilt.
	Warning string
}

// IndexReport is the answer of index_repository.
type IndexReport struct {
	RepositoryID    string
	ProjectID       string
	RepoPath        string
	FilesIndexed    int
	FilesUnchanged  int
	FilesSkipped    int
	FilesDeleted    int
	ChunksCreated   int
	ChunksDeleted   int
	Duration        time.Duration
	Status          string // "completed", "completed_with_errors", "up_to_date", "dry_run"
	Errors          []string
	SkippedReasons  map[string]int // reason -> count
	DatabaseName    string
	DryRun          bool
	EstimatedTokens int
}

// Repository describes one indexed repository.
type Repository struct {
	ID           string
	ProjectID    string
	Path         string
	Files        int
	CodeChunks   int
	DocChunks    int
	Embedder     string
	IndexedAt    time.Time
	DatabaseName string
}

// RepositoryList is the answer of list_repositories.
type RepositoryList struct {
	Repositories []Repository
}

// Symbol is one declaration of a file.
type Symbol struct {
	Name      string
	Kind      string
	Parent    string
	Signature string
	StartLine int
	EndLine   int
}

// SymbolList is the answer of get_symbols.
type SymbolList struct {
	FilePath     string
	RepositoryID string
	Language     string
	Symbols      []Symbol
}
