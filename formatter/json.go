package formatter

import (
	"sort"
	"time"
)

// The JSON shapes below are structs (not maps) so the field order is fixed
// and golden files, diffs and prompt caches stay stable.

type jsonResultConcise struct {
	ChunkID         string   `json:"chunk_id"`
	FilePath        string   `json:"file_path"`
	Language        string   `json:"language"`
	Symbol          string   `json:"symbol"`
	SymbolKind      string   `json:"symbol_kind"`
	Content         string   `json:"content"`
	StartLine       int      `json:"start_line"`
	EndLine         int      `json:"end_line"`
	URI             string   `json:"uri"`
	SimilarityScore float64  `json:"similarity_score"`
	Copies          []string `json:"copies,omitempty"`
}

// jsonResultDetailed is a concise result's fields, in their order, then
// the context lines (encoding/json writes an embedded struct's fields in
// place).
type jsonResultDetailed struct {
	jsonResultConcise
	ContextBefore string `json:"context_before"`
	ContextAfter  string `json:"context_after"`
}

type jsonSearchDetailed struct {
	Results      []jsonResultDetailed `json:"results"`
	TotalCount   int                  `json:"total_count"`
	ProjectID    string               `json:"project_id"`
	RepositoryID string               `json:"repository_id"`
	DatabaseName string               `json:"database_name"`
	LatencyMS    int64                `json:"latency_ms"`
	Warning      string               `json:"warning,omitempty"`
}

type jsonSearchConcise struct {
	Results      []jsonResultConcise `json:"results"`
	TotalCount   int                 `json:"total_count"`
	ProjectID    string              `json:"project_id"`
	RepositoryID string              `json:"repository_id"`
	LatencyMS    int64               `json:"latency_ms"`
	Warning      string              `json:"warning,omitempty"`
}

// jsonResultOf is x's fields as JSON writes them, with its content and
// score as the detail level gives them.
func jsonResultOf(x SearchResult, content string, score float64) jsonResultConcise {
	return jsonResultConcise{
		ChunkID: x.ChunkID, FilePath: x.FilePath, Language: x.Language, Symbol: x.Symbol, SymbolKind: x.SymbolKind,
		Content: content, StartLine: x.StartLine, EndLine: x.EndLine, URI: x.URI(), SimilarityScore: score, Copies: x.Copies,
	}
}

func jsonSearch(r SearchResponse, d Detail) (string, error) {
	if d == Concise {
		out := jsonSearchConcise{
			Results:      make([]jsonResultConcise, 0, len(r.Results)),
			TotalCount:   r.TotalCount,
			ProjectID:    r.ProjectID,
			RepositoryID: r.RepositoryID,
			LatencyMS:    latencyMS(r),
			Warning:      r.Warning,
		}
		for _, x := range r.Results {
			out.Results = append(out.Results, jsonResultOf(x, TruncateContent(x.Content, ConciseContentLimit), round(x.Score, 2)))
		}
		return encodeJSON(out)
	}
	out := jsonSearchDetailed{
		Results:      make([]jsonResultDetailed, 0, len(r.Results)),
		TotalCount:   r.TotalCount,
		ProjectID:    r.ProjectID,
		RepositoryID: r.RepositoryID,
		DatabaseName: r.DatabaseName,
		LatencyMS:    latencyMS(r),
		Warning:      r.Warning,
	}
	for _, x := range r.Results {
		out.Results = append(out.Results, jsonResultDetailed{jsonResultOf(x, x.Content, round(x.Score, 4)), x.ContextBefore, x.ContextAfter})
	}
	return encodeJSON(out)
}

type jsonIndexCommon struct {
	RepositoryID    string        `json:"repository_id"`
	ProjectID       string        `json:"project_id"`
	FilesIndexed    int           `json:"files_indexed"`
	FilesUnchanged  int           `json:"files_unchanged"`
	FilesSkipped    int           `json:"files_skipped"`
	FilesDeleted    int           `json:"files_deleted"`
	ChunksCreated   int           `json:"chunks_created"`
	ChunksDeleted   int           `json:"chunks_deleted"`
	DurationSeconds float64       `json:"duration_seconds"`
	Status          string        `json:"status"`
	Outcome         string        `json:"outcome,omitempty"`
	SecretsSkipped  int           `json:"secrets_skipped"`
	SecretsRedacted int           `json:"secrets_redacted"`
	Progress        *jsonProgress `json:"progress,omitempty"`
	Rebuilt         string        `json:"rebuilt,omitempty"`
}

type jsonProgress struct {
	Phase string `json:"phase"`
	Done  int    `json:"done"`
	Total int    `json:"total"`
}

func progressOf(p *Progress) *jsonProgress {
	if p == nil {
		return nil
	}
	return &jsonProgress{p.Phase, p.Done, p.Total}
}

type jsonIndexDetailed struct {
	jsonIndexCommon
	Errors          []string       `json:"errors"`
	SkippedReasons  map[string]int `json:"skipped_reasons"`
	DatabaseName    string         `json:"database_name"`
	DryRun          bool           `json:"dry_run,omitempty"`
	EstimatedTokens int            `json:"estimated_tokens,omitempty"`
	jsonDryRun
}

type jsonIndexConcise struct {
	jsonIndexCommon
	ErrorCount      int  `json:"error_count"`
	DryRun          bool `json:"dry_run,omitempty"`
	EstimatedTokens int  `json:"estimated_tokens,omitempty"`
	jsonDryRun
}

// jsonDryRun is what only a dry run reports; empty otherwise, so regular
// index answers keep their shape.
type jsonDryRun struct {
	EstimatedEmbedCalls int           `json:"estimated_embed_calls,omitempty"`
	BiggestDirs         []jsonDirStat `json:"biggest_dirs,omitempty"`
}

type jsonDirStat struct {
	Dir    string `json:"dir"`
	Files  int    `json:"files"`
	Chunks int    `json:"chunks"`
}

// concisePlanDirs is how many of the biggest directories concise output
// keeps: enough to spot the culprit.
const concisePlanDirs = 3

func dryRunFields(r IndexReport, d Detail) jsonDryRun {
	if !r.DryRun {
		return jsonDryRun{}
	}
	out := jsonDryRun{EstimatedEmbedCalls: r.EstimatedEmbedCalls}
	for _, x := range planDirs(r, d) {
		out.BiggestDirs = append(out.BiggestDirs, jsonDirStat(x))
	}
	return out
}

// planDirs is the part of r.BiggestDirs rendered at detail level d.
func planDirs(r IndexReport, d Detail) []DirStat {
	if d == Concise && len(r.BiggestDirs) > concisePlanDirs {
		return r.BiggestDirs[:concisePlanDirs]
	}
	return r.BiggestDirs
}

func indexCommon(r IndexReport, d Detail) jsonIndexCommon {
	decimals := 3
	if d == Concise {
		decimals = 1
	}
	return jsonIndexCommon{
		RepositoryID:    r.RepositoryID,
		ProjectID:       r.ProjectID,
		FilesIndexed:    r.FilesIndexed,
		FilesUnchanged:  r.FilesUnchanged,
		FilesSkipped:    r.FilesSkipped,
		FilesDeleted:    r.FilesDeleted,
		SecretsSkipped:  r.SecretsSkipped,
		SecretsRedacted: r.SecretsRedacted,
		ChunksCreated:   r.ChunksCreated,
		ChunksDeleted:   r.ChunksDeleted,
		DurationSeconds: round(r.Duration.Seconds(), decimals),
		Status:          r.Status,
		Outcome:         r.Outcome,
		Progress:        progressOf(r.Progress),
		Rebuilt:         r.Rebuilt,
	}
}

func jsonIndex(r IndexReport, d Detail) (string, error) {
	if d == Concise {
		return encodeJSON(jsonIndexConcise{
			jsonIndexCommon: indexCommon(r, d),
			ErrorCount:      len(r.Errors),
			DryRun:          r.DryRun,
			EstimatedTokens: r.EstimatedTokens,
			jsonDryRun:      dryRunFields(r, d),
		})
	}
	errs := r.Errors
	if errs == nil {
		errs = []string{}
	}
	reasons := r.SkippedReasons
	if reasons == nil {
		reasons = map[string]int{}
	}
	return encodeJSON(jsonIndexDetailed{
		jsonIndexCommon: indexCommon(r, d),
		Errors:          errs,
		SkippedReasons:  reasons,
		DatabaseName:    r.DatabaseName,
		DryRun:          r.DryRun,
		EstimatedTokens: r.EstimatedTokens,
		jsonDryRun:      dryRunFields(r, d),
	})
}

type jsonRepositoryConcise struct {
	RepositoryID string        `json:"repository_id"`
	ProjectID    string        `json:"project_id"`
	Path         string        `json:"path"`
	Files        int           `json:"files"`
	CodeChunks   int           `json:"code_chunks"`
	DocChunks    int           `json:"doc_chunks"`
	Embedder     string        `json:"embedder"`
	IndexedAt    string        `json:"indexed_at"`
	Status       string        `json:"status"`
	Progress     *jsonProgress `json:"progress,omitempty"`
}

// jsonRepositoryDetailed is the concise shape plus the database name;
// embedding keeps the field order and the shared fields in one place.
type jsonRepositoryDetailed struct {
	jsonRepositoryConcise
	DatabaseName string `json:"database_name"`
}

// repositoryStatus defaults an unset status to done: a repository listed
// from the store without a run going on is fully indexed.
func repositoryStatus(x Repository) string {
	if x.Status == "" {
		return StatusDone
	}
	return x.Status
}

type jsonRepositoryList[T any] struct {
	Repositories []T `json:"repositories"`
	TotalCount   int `json:"total_count"`
}

// formatTime renders t as RFC 3339 in UTC, or "" for the zero time.
func formatTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

func conciseRepository(x Repository) jsonRepositoryConcise {
	return jsonRepositoryConcise{
		x.ID, x.ProjectID, x.Path, x.Files, x.CodeChunks, x.DocChunks, x.Embedder, formatTime(x.IndexedAt),
		repositoryStatus(x), progressOf(x.Progress),
	}
}

func jsonRepositories(r RepositoryList, d Detail) (string, error) {
	if d == Concise {
		out := jsonRepositoryList[jsonRepositoryConcise]{
			Repositories: make([]jsonRepositoryConcise, 0, len(r.Repositories)),
			TotalCount:   len(r.Repositories),
		}
		for _, x := range r.Repositories {
			out.Repositories = append(out.Repositories, conciseRepository(x))
		}
		return encodeJSON(out)
	}
	out := jsonRepositoryList[jsonRepositoryDetailed]{
		Repositories: make([]jsonRepositoryDetailed, 0, len(r.Repositories)),
		TotalCount:   len(r.Repositories),
	}
	for _, x := range r.Repositories {
		out.Repositories = append(out.Repositories, jsonRepositoryDetailed{conciseRepository(x), x.DatabaseName})
	}
	return encodeJSON(out)
}

type jsonSymbolDetailed struct {
	Name      string `json:"name"`
	Kind      string `json:"kind"`
	StartLine int    `json:"start_line"`
	EndLine   int    `json:"end_line"`
	Parent    string `json:"parent"`
	Signature string `json:"signature"`
}

type jsonSymbolConcise struct {
	Name      string `json:"name"`
	Kind      string `json:"kind"`
	StartLine int    `json:"start_line"`
	EndLine   int    `json:"end_line"`
	Parent    string `json:"parent"`
}

type jsonSymbolList[T any] struct {
	FilePath     string `json:"file_path"`
	RepositoryID string `json:"repository_id"`
	Language     string `json:"language"`
	Symbols      []T    `json:"symbols"`
	TotalCount   int    `json:"total_count"`
}

func jsonSymbols(r SymbolList, d Detail) (string, error) {
	if d == Concise {
		out := jsonSymbolList[jsonSymbolConcise]{
			FilePath: r.FilePath, RepositoryID: r.RepositoryID, Language: r.Language,
			Symbols:    make([]jsonSymbolConcise, 0, len(r.Symbols)),
			TotalCount: len(r.Symbols),
		}
		for _, s := range r.Symbols {
			out.Symbols = append(out.Symbols, jsonSymbolConcise{s.Name, s.Kind, s.StartLine, s.EndLine, s.Parent})
		}
		return encodeJSON(out)
	}
	out := jsonSymbolList[jsonSymbolDetailed]{
		FilePath: r.FilePath, RepositoryID: r.RepositoryID, Language: r.Language,
		Symbols:    make([]jsonSymbolDetailed, 0, len(r.Symbols)),
		TotalCount: len(r.Symbols),
	}
	for _, s := range r.Symbols {
		out.Symbols = append(out.Symbols, jsonSymbolDetailed{s.Name, s.Kind, s.StartLine, s.EndLine, s.Parent, s.Signature})
	}
	return encodeJSON(out)
}

// sortedKeys returns the keys of m in order so maps render deterministically.
func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
