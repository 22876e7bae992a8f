package formatter

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

var (
	allFormats = []Format{JSON, Markdown, Compact}
	allDetails = []Detail{Concise, Detailed}
)

// sampleSearch has what breaks naive renderers: HTML characters, pipes,
// backticks, non-ASCII text, CRLF, indentation, two hits in one file (one
// inside the other), copies of a hit in other files and a long chunk that
// concise output must cut.
func sampleSearch() SearchResponse {
	long := "// Package sort provides primitives for sorting slices and user-defined collections.\n" +
		"package sort\n\n" +
		"// Less reports whether the element with index i must sort before the element with index j.\n" +
		"func Less(data Interface, i, j int) bool {\n\treturn data.Less(i, j)\n}\n"
	return SearchResponse{
		Results: []SearchResult{
			{
				RepositoryID: "repo-7f3a",
				ChunkID:      "a1b2c3", FilePath: "sort/sort.go", Language: "go", Symbol: "Less", SymbolKind: "function",
				Content: long, StartLine: 1, EndLine: 9, Score: 0.87654,
				ContextBefore: "", ContextAfter: "\n// Swap swaps the elements with indexes i and j.\n",
			},
			{
				RepositoryID: "repo-7f3a",
				ChunkID:      "d4e5f6", FilePath: "strings/builder.go", Language: "go", Symbol: "Builder.Grow", SymbolKind: "method",
				Content:   "\tfunc (b *Builder) Grow(n int) {\n\t\tif n < 0 && b != nil || n > 1<<20 {\n\t\t\tpanic(\"strings.Builder.Grow: negative count | `too big`\")\n\t\t}\n\t}\n",
				StartLine: 70, EndLine: 75, Score: 0.7,
				ContextBefore: "// Grow grows b's capacity, if necessary.\r\n", ContextAfter: "",
				Copies: []string{"vendor/strings/builder.go", "internal/copy|of `b`/builder.go"},
			},
			{
				RepositoryID: "repo-7f3a",
				ChunkID:      "0718aa", FilePath: "sort/sort.go", Language: "go", Symbol: "Less", SymbolKind: "function",
				Content: "func Less(data Interface, i, j int) bool {", StartLine: 5, EndLine: 5, Score: 0.61,
			},
			{
				RepositoryID: "repo-7f3a",
				ChunkID:      "99zz", FilePath: "docs/naïve|pipe.md", Language: "markdown", Symbol: "Überblick", SymbolKind: "section",
				Content: "## Überblick\n\nSortieren — schnell & stabil: `a < b`. 日本語のテキスト。\n", StartLine: 1, EndLine: 3, Score: 0.5,
			},
		},
		TotalCount: 4, ProjectID: "default", RepositoryID: "repo-7f3a", DatabaseName: "codeseek_default",
		Latency: 23 * time.Millisecond, Warning: "index is being rebuilt",
	}
}

func sampleIndex() IndexReport {
	return IndexReport{
		RepositoryID: "repo-7f3a", ProjectID: "default", RepoPath: "/home/ana/go/src",
		FilesIndexed: 12034, FilesUnchanged: 1500, FilesSkipped: 46, FilesDeleted: 3,
		SecretsSkipped: 4, SecretsRedacted: 2,
		ChunksCreated: 98765, ChunksDeleted: 12, Duration: 83456 * time.Millisecond,
		Status: StatusDone, Outcome: "completed_with_errors",
		Errors: []string{
			"cmd/bad.go: parse error: unexpected | at line 3",
			"vendor/x\\y.c: read: permission denied\nretry failed",
		},
		SkippedReasons: map[string]int{"binary": 30, "too_large": 10, "gitignored": 2, "secret_file": 4},
		DatabaseName:   "codeseek_default",
	}
}

// sampleDryRun has more biggest directories than concise output keeps,
// and a directory name with a pipe, which tables must escape.
func sampleDryRun() IndexReport {
	return IndexReport{
		RepositoryID: "repo-7f3a", ProjectID: "default", RepoPath: "/home/ana/app",
		FilesIndexed: 1834, FilesSkipped: 2, ChunksCreated: 20512, Duration: 1234 * time.Millisecond,
		Status: StatusDone, Outcome: "dry_run", SkippedReasons: map[string]int{"binary": 2},
		DryRun: true, EstimatedTokens: 4102400, EstimatedEmbedCalls: 321,
		BiggestDirs: []DirStat{
			{Dir: "node_modules/lodash", Files: 640, Chunks: 9000},
			{Dir: "dist", Files: 12, Chunks: 6000},
			{Dir: "src/server", Files: 300, Chunks: 3000},
			{Dir: "docs|old", Files: 80, Chunks: 1500},
			{Dir: ".", Files: 2, Chunks: 12},
		},
	}
}

// sampleRunning is an index run the server goes on with in the background.
func sampleRunning() IndexReport {
	return IndexReport{
		RepositoryID: "repo-9bc1", ProjectID: "big", RepoPath: "/srv/monorepo", Duration: 30 * time.Second,
		Status: StatusIndexing, Progress: &Progress{Phase: "chunk", Done: 2100, Total: 5600},
	}
}

func sampleRepositories() RepositoryList {
	at := time.Date(2026, 11, 21, 9, 30, 0, 0, time.UTC)
	return RepositoryList{Repositories: []Repository{
		{ID: "repo-7f3a", ProjectID: "default", Path: "/home/ana/go/src", Files: 12034, CodeChunks: 90000, DocChunks: 8765, Embedder: "builtin", IndexedAt: at, DatabaseName: "codeseek_default"},
		{ID: "repo-9bc1", ProjectID: "big", Path: "/srv/monorepo", Status: StatusIndexing, Progress: &Progress{Phase: "embed", Done: 1200, Total: 5600}},
		{ID: "repo-0001", ProjectID: "work|team", Path: `C:\src\app`, Files: 12, CodeChunks: 40, DocChunks: 0, Embedder: "openai:text-embedding-3-small", IndexedAt: at.Add(-time.Hour), DatabaseName: "codeseek_work"},
	}}
}

func sampleSymbols() SymbolList {
	return SymbolList{
		FilePath: "strings/builder.go", RepositoryID: "repo-7f3a", Language: "go",
		Symbols: []Symbol{
			{Name: "Builder", Kind: "struct", StartLine: 14, EndLine: 23, Signature: "type Builder struct"},
			{Name: "Grow", Kind: "method", Parent: "Builder", StartLine: 70, EndLine: 75, Signature: "func (b *Builder) Grow(n int)"},
			{Name: "WriteString", Kind: "method", Parent: "Builder", StartLine: 100, EndLine: 105,
				Signature: "func (b *Builder) WriteString(s string) (int, error) // a|b \\ c\n\tcontinued"},
			{Name: "größe", Kind: "const", StartLine: 120, EndLine: 120, Signature: "const größe = `|`"},
		},
	}
}

type renderCase struct {
	tool   string
	render func(Options) (string, error)
}

func renderCases() []renderCase {
	return append([]renderCase{
		{"search", func(o Options) (string, error) { return RenderSearch(sampleSearch(), o) }},
		{"search_empty", func(o Options) (string, error) { return RenderSearch(SearchResponse{ProjectID: "default"}, o) }},
		{"index", func(o Options) (string, error) { return RenderIndex(sampleIndex(), o) }},
		{"index_dry_run", func(o Options) (string, error) { return RenderIndex(sampleDryRun(), o) }},
		{"index_running", func(o Options) (string, error) { return RenderIndex(sampleRunning(), o) }},
		{"repositories", func(o Options) (string, error) { return RenderRepositories(sampleRepositories(), o) }},
		{"symbols", func(o Options) (string, error) { return RenderSymbols(sampleSymbols(), o) }},
	}, navRenderCases()...)
}

func goldenExt(f Format) string {
	if f == Markdown {
		return "md"
	}
	return "json"
}

func TestGolden(t *testing.T) {
	for _, c := range renderCases() {
		for _, f := range allFormats {
			for _, d := range allDetails {
				name := fmt.Sprintf("%s_%s_%s.%s", c.tool, f, d, goldenExt(f))
				t.Run(name, func(t *testing.T) {
					got, err := c.render(Options{Format: f, Detail: d})
					if err != nil {
						t.Fatal(err)
					}
					path := filepath.Join("testdata", name)
					if *update {
						if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
							t.Fatal(err)
						}
						return
					}
					want, err := os.ReadFile(path)
					if err != nil {
						t.Fatalf("%v (run go test ./formatter -run TestGolden -update)", err)
					}
					if got != string(want) {
						t.Errorf("output differs from %s:\n--- got ---\n%s\n--- want ---\n%s", path, got, want)
					}
				})
			}
		}
	}
}

// TestDefaultsAreJSONDetailed pins backward compatibility: callers that
// pass no options get JSON at detailed level.
func TestDefaultsAreJSONDetailed(t *testing.T) {
	for _, c := range renderCases() {
		def, err := c.render(Options{})
		if err != nil {
			t.Fatal(err)
		}
		explicit, err := c.render(Options{Format: JSON, Detail: Detailed})
		if err != nil {
			t.Fatal(err)
		}
		if def != explicit {
			t.Errorf("%s: zero Options differ from JSON detailed", c.tool)
		}
	}
}

func TestParseOptions(t *testing.T) {
	cases := []struct {
		format, detail string
		compact        bool
		max            int
		want           Options
		errHas         string
	}{
		{"", "", false, 0, Options{Format: JSON, Detail: Detailed}, ""},
		{"", "concise", true, 500, Options{Format: Compact, Detail: Concise, MaxTokens: 500}, ""},
		{"Compact", "", true, 0, Options{Format: Compact, Detail: Detailed}, ""},
		{"markdown", "", true, 0, Options{}, "conflicts"},
		{"yaml", "", false, 0, Options{}, "response_format"},
		{"", "short", false, 0, Options{}, "detail_level"},
		{"", "", false, -1, Options{}, "max_tokens"},
	}
	for _, c := range cases {
		got, err := ParseOptions(c.format, c.detail, c.compact, c.max)
		if c.errHas != "" {
			if err == nil || !strings.Contains(err.Error(), c.errHas) {
				t.Errorf("ParseOptions(%q,%q,%v,%d) error = %v, want one naming %s", c.format, c.detail, c.compact, c.max, err, c.errHas)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("ParseOptions(%q,%q,%v,%d) = %+v, %v; want %+v", c.format, c.detail, c.compact, c.max, got, err, c.want)
		}
	}
}
