package formatter

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// keysInOrder returns the top-level keys of a JSON object in document order.
func keysInOrder(t *testing.T, s string) []string {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(s))
	tok, err := dec.Token()
	if err != nil || tok != json.Delim('{') {
		t.Fatalf("not a JSON object: %q (%v)", s, err)
	}
	var keys []string
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

func firstResult(t *testing.T, s string) string {
	t.Helper()
	var v struct {
		Results []json.RawMessage `json:"results"`
	}
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Results) == 0 {
		t.Fatalf("no results in %s", s)
	}
	return string(v.Results[0])
}

func contractSearch() SearchResponse {
	return SearchResponse{
		Results: []SearchResult{{
			ChunkID: "c1", FilePath: "pkg/a.go", Language: "go", Symbol: "Less", SymbolKind: "function",
			Content:   "func Less(a, b int) bool {\n\treturn a < b && b > 0\n}\n" + strings.Repeat("// padding words here\n", 20),
			StartLine: 10, EndLine: 33, Score: 0.87654,
			ContextBefore: "package a", ContextAfter: "// after",
		}},
		TotalCount: 1, ProjectID: "proj", RepositoryID: "repo1", DatabaseName: "db1",
		Latency: 42 * time.Millisecond,
	}
}

func TestSearchJSONFieldsDetailed(t *testing.T) {
	s, err := RenderSearch(contractSearch(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"results", "total_count", "project_id", "repository_id", "database_name", "latency_ms"}
	if got := keysInOrder(t, s); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("top-level keys = %v, want %v", got, want)
	}
	wantR := []string{"chunk_id", "file_path", "language", "symbol", "symbol_kind", "content", "start_line", "end_line", "uri", "similarity_score", "context_before", "context_after"}
	if got := keysInOrder(t, firstResult(t, s)); strings.Join(got, ",") != strings.Join(wantR, ",") {
		t.Errorf("result keys = %v, want %v", got, wantR)
	}
	if strings.Contains(s, `\u003c`) || !strings.Contains(s, "a < b && b > 0") {
		t.Errorf("HTML escaping applied: %s", s)
	}
}

// Copies of a hit's text in other files are listed right after its score,
// at both detail levels, and the key is absent when there are none.
func TestSearchJSONCopies(t *testing.T) {
	r := contractSearch()
	r.Results[0].Copies = []string{"vendor/pkg/a.go", "gen/a.go"}
	for _, d := range allDetails {
		s, err := RenderSearch(r, Options{Detail: d})
		if err != nil {
			t.Fatal(err)
		}
		keys := strings.Join(keysInOrder(t, firstResult(t, s)), ",")
		if !strings.Contains(keys, "similarity_score,copies") {
			t.Errorf("%s: result keys %s, want copies after similarity_score", d, keys)
		}
		var v struct {
			Results []struct {
				Copies []string `json:"copies"`
			} `json:"results"`
		}
		if err := json.Unmarshal([]byte(s), &v); err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(v.Results[0].Copies, ","); got != "vendor/pkg/a.go,gen/a.go" {
			t.Errorf("%s: copies %q", d, got)
		}
	}
	s, err := RenderSearch(contractSearch(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(s, `"copies"`) {
		t.Errorf("copies key without copies: %s", s)
	}
}

func TestSearchJSONConcise(t *testing.T) {
	r := contractSearch()
	r.Warning = "index is being rebuilt"
	s, err := RenderSearch(r, Options{Detail: Concise})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"results", "total_count", "project_id", "repository_id", "latency_ms", "warning"}
	if got := keysInOrder(t, s); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("top-level keys = %v, want %v", got, want)
	}
	var v struct {
		Results []map[string]any `json:"results"`
	}
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	res := v.Results[0]
	for _, k := range []string{"context_before", "context_after"} {
		if _, ok := res[k]; ok {
			t.Errorf("concise result has %s", k)
		}
	}
	if got := res["similarity_score"].(float64); got != 0.88 {
		t.Errorf("score = %v, want 0.88", got)
	}
	c := res["content"].(string)
	if n := utf8.RuneCountInString(c); n > ConciseContentLimit {
		t.Errorf("content has %d runes, limit %d", n, ConciseContentLimit)
	}
	if !strings.HasSuffix(c, Ellipsis) {
		t.Errorf("cut content lacks ellipsis: %q", c)
	}
	if !strings.HasPrefix(r.Results[0].Content, strings.TrimSuffix(c, Ellipsis)) {
		t.Errorf("cut content is not a prefix of the original: %q", c)
	}
}

func TestIndexJSONFields(t *testing.T) {
	r := IndexReport{RepositoryID: "r", ProjectID: "p", Status: StatusDone, Outcome: "completed", Duration: 1234567 * time.Microsecond, DatabaseName: "db"}
	common := "repository_id,project_id,files_indexed,files_unchanged,files_skipped,files_deleted,chunks_created,chunks_deleted,duration_seconds,status,outcome,secrets_skipped,secrets_redacted"
	d, err := RenderIndex(r, Options{Detail: Detailed})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(keysInOrder(t, d), ","); got != common+",errors,skipped_reasons,database_name" {
		t.Errorf("detailed keys = %s", got)
	}
	if !strings.Contains(d, `"errors":[]`) || !strings.Contains(d, `"skipped_reasons":{}`) {
		t.Errorf("empty errors/skipped_reasons not rendered as []/{}: %s", d)
	}
	c, err := RenderIndex(r, Options{Detail: Concise})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(keysInOrder(t, c), ","); got != common+",error_count" {
		t.Errorf("concise keys = %s", got)
	}
}

func TestRepositoriesAndSymbolsJSONFields(t *testing.T) {
	repos := RepositoryList{Repositories: []Repository{{ID: "r", ProjectID: "p", Path: "/src", Files: 3, CodeChunks: 5, DocChunks: 1, Embedder: "builtin",
		IndexedAt: time.Date(2026, 1, 2, 3, 4, 5, 0, time.FixedZone("x", 3600)), DatabaseName: "db"}}}
	d, err := RenderRepositories(repos, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Repositories []json.RawMessage `json:"repositories"`
	}
	if err := json.Unmarshal([]byte(d), &v); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(keysInOrder(t, string(v.Repositories[0])), ","); got != "repository_id,project_id,path,files,code_chunks,doc_chunks,embedder,indexed_at,status,database_name" {
		t.Errorf("repository keys = %s", got)
	}
	if !strings.Contains(d, `"indexed_at":"2026-01-02T02:04:05Z"`) {
		t.Errorf("indexed_at not RFC 3339 UTC: %s", d)
	}
	c, err := RenderRepositories(repos, Options{Detail: Concise})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(c, "database_name") {
		t.Errorf("concise repositories carry database_name: %s", c)
	}

	syms := SymbolList{FilePath: "a.go", Symbols: []Symbol{{Name: "F", Kind: "function", StartLine: 1, EndLine: 2, Signature: "func F()"}}}
	sd, err := RenderSymbols(syms, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sd, `{"name":"F","kind":"function","start_line":1,"end_line":2,"parent":"","signature":"func F()"}`) {
		t.Errorf("detailed symbol shape: %s", sd)
	}
	sc, err := RenderSymbols(syms, Options{Detail: Concise})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(sc, "signature") {
		t.Errorf("concise symbols carry signature: %s", sc)
	}
}

func TestBadOptions(t *testing.T) {
	if _, err := RenderSearch(SearchResponse{}, Options{Format: "xml"}); err == nil || !strings.Contains(err.Error(), "response_format") {
		t.Errorf("bad format error = %v", err)
	}
	if _, err := RenderIndex(IndexReport{}, Options{Detail: "verbose"}); err == nil || !strings.Contains(err.Error(), "detail_level") {
		t.Errorf("bad detail error = %v", err)
	}
}

func TestTruncateContent(t *testing.T) {
	cases := []struct {
		name, in string
		limit    int
		want     string
	}{
		{"fits", "short text", 20, "short text"},
		{"line boundary", "first line here\nsecond line is long", 25, "first line here…"},
		{"word boundary", "alpha beta gamma delta", 15, "alpha beta…"},
		{"no boundary", strings.Repeat("x", 30), 10, strings.Repeat("x", 9) + "…"},
		{"runes not bytes", strings.Repeat("é", 12), 10, strings.Repeat("é", 9) + "…"},
	}
	for _, c := range cases {
		if got := TruncateContent(c.in, c.limit); got != c.want {
			t.Errorf("%s: TruncateContent(%q, %d) = %q, want %q", c.name, c.in, c.limit, got, c.want)
		}
	}
}
