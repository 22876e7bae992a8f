// Package formatter renders tool results as JSON, Markdown or the compact
// token-lean format, at concise or detailed level. It does no I/O: it turns
// values into strings, so the MCP server and the CLI answer identically.
//
// # Formats
//
// JSON is the default and the stable contract (field names and order are
// fixed; see ARCHITECTURE.md). Markdown is for people and for agents that
// read prose better than data: a short header, then a table (concise) or one
// section per result with fenced code (detailed). Compact is JSON with
// one- or two-letter keys for agents that pay per token:
//
//	{"r":[{"l":"pkg/a.go:10-24","t":"func A() {...}","s":0.87},
//	      {"l":":40-52","t":"func B() {...}","s":0.61}],"n":2,"ms":14}
//
// Results are grouped by file (files in the order of their best hit), so a
// path is written once: an "l" that starts with ":" belongs to the file of
// the result before it. Hits whose lines lie inside an earlier hit of the
// same file are dropped, and chunk text is trimmed (trailing spaces, blank
// edges, common indentation). Uniform lists (symbols, repositories, index
// errors) use a header+rows table: "h" names the columns joined by "|", "d"
// holds the rows joined by newlines, and cells escape \\, \n, \r and \|
// (see EscapeCell and ParseRows). CompactFormat, CompactSearchFormat,
// CompactTableFormat and CompactIndexFormat spell all of this out for tool
// descriptions.
//
// # Detail levels
//
// Detailed (the default) carries everything. Concise drops context, cuts
// content to ConciseContentLimit characters at a line or word boundary, rounds
// scores to 2 decimals and leaves out database names and error lists.
//
// # Token budget
//
// Options.MaxTokens bounds a search answer as counted by the o200k_base
// tokenizer (CountTokens): results are added in rank order while the whole
// answer fits, and the warning says how many were left out.
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
	// Measure, when set, is the format whose rendering MaxTokens counts,
	// so that an answer rendered twice over (MCP's text and its
	// structuredContent) keeps the same items in both.
	Measure Format
}

// measured is o as the budget counts it.
func (o Options) measured() Options {
	if o.Measure != "" {
		o.Format, o.Measure = o.Measure, ""
	}
	return o
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
	// RepositoryID is the repository the hit is in; with FilePath and the
	// lines it makes the hit's URI.
	RepositoryID string
	// Copies are other files of the repository that hold the same text,
	// not listed as hits of their own.
	Copies []string
}

// URI is the codeseek:// URI of the hit's lines, for resources/read.
func (r SearchResult) URI() string {
	return HitURI(r.RepositoryID, r.FilePath, r.StartLine, r.EndLine)
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
	// Title heads the Markdown answer when the results answer something
	// other than a query (find_related's "Code like …"); empty means
	// "Search Results".
	Title string
}

// IndexReport is the answer of index_repository.
type IndexReport struct {
	RepositoryID   string
	ProjectID      string
	RepoPath       string
	FilesIndexed   int
	FilesUnchanged int
	FilesSkipped   int
	FilesDeleted   int
	// SecretsSkipped is the number of files left out because their name
	// marks them as credentials (.env, id_rsa, *.pem, …); also counted in
	// FilesSkipped under the reason "secret_file".
	SecretsSkipped int
	// SecretsRedacted is the number of files indexed in this run with
	// secrets found in their content replaced by a marker.
	SecretsRedacted int
	ChunksCreated   int
	ChunksDeleted   int
	Duration        time.Duration
	// Status is StatusDone, or StatusIndexing for a run the MCP server
	// goes on with in the background; Progress then says how far it is.
	Status string
	// Outcome is what a finished run did: "completed",
	// "completed_with_errors", "up_to_date" (nothing to write) or "dry_run".
	Outcome  string
	Progress *Progress
	// Rebuilt says why the whole repository was re-embedded instead of
	// only what changed (another embedder or chunker version, an unreadable
	// previous index); empty for an incremental run or a first index.
	Rebuilt         string
	Errors          []string
	SkippedReasons  map[string]int // reason -> count
	DatabaseName    string
	DryRun          bool
	EstimatedTokens int
	// EstimatedEmbedCalls is how many embedding requests a dry run's plan
	// would make: what a remote endpoint bills or rate-limits per request.
	// Rendered for dry runs only.
	EstimatedEmbedCalls int
	// BiggestDirs are the directories with the most chunks to embed, most
	// first, so a dry run shows where the cost is (and which build output
	// or vendored code to ignore before paying for it). Dry runs only.
	BiggestDirs []DirStat
}

// The index statuses.
const (
	StatusIndexing = "indexing"
	StatusDone     = "done"
	// StatusMissing: the repository's directory is gone; its index
	// still answers, from the files as they were.
	StatusMissing = "missing"
)

// Progress is how far an index run is.
type Progress struct {
	Phase string // "scan", "chunk", "embed" or "write"
	Done  int
	Total int // 0 when not known yet
}

// String is the compact form, "embed 1200/5600".
func (p *Progress) String() string {
	if p == nil {
		return ""
	}
	return fmt.Sprintf("%s %d/%d", p.Phase, p.Done, p.Total)
}

// DirStat is the embedding work a dry run found in one directory.
type DirStat struct {
	Dir    string // repository-relative, '/'-separated; "." for the root
	Files  int    // files to embed
	Chunks int    // chunks to embed
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
	// Status is StatusDone, StatusIndexing while the server indexes it
	// (searches then read the previous index; Progress goes with it), or
	// StatusMissing when its directory is gone.
	Status   string
	Progress *Progress
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

// ParseOptions turns the response_format, detail_level, compact and
// max_tokens tool arguments into Options, so the MCP server and the CLI
// apply the same rules: compact=true is an alias of response_format=compact
// and conflicts with an explicit json or markdown.
func ParseOptions(format, detail string, compact bool, maxTokens int) (Options, error) {
	f, err := ParseFormat(format)
	if err != nil {
		return Options{}, err
	}
	if compact {
		if strings.TrimSpace(format) != "" && f != Compact {
			return Options{}, fmt.Errorf("compact=true conflicts with response_format %q: drop one of them", format)
		}
		f = Compact
	}
	d, err := ParseDetail(detail)
	if err != nil {
		return Options{}, err
	}
	if maxTokens < 0 {
		return Options{}, fmt.Errorf("max_tokens %d is not supported: use 0 (no limit) or a positive number", maxTokens)
	}
	return Options{Format: f, Detail: d, MaxTokens: maxTokens}, nil
}
