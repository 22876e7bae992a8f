package formatter

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

func sampleDefinition() Definition {
	return Definition{FilePath: "net/http/client.go", StartLine: 554, EndLine: 593, Line: 591, Column: 18, Symbol: "Client.Do",
		Kind: "method", Signature: "func (c *Client) Do(req *Request) (*Response, error)",
		Doc: "Do sends an HTTP request and returns an HTTP response.", Language: "go", Match: "exact", RepositoryID: "repo1"}
}

func sampleDefinitions() DefinitionResponse {
	d2 := sampleDefinition()
	d2.FilePath, d2.Symbol, d2.Match, d2.Line, d2.StartLine, d2.EndLine = "sync/once.go", "Once.Do", "name", 52, 40, 60
	return DefinitionResponse{Query: "Do", Definitions: []Definition{sampleDefinition(), d2}, TotalCount: 2, RepositoryID: "repo1", Latency: 3 * time.Millisecond}
}

func sampleReferences() ReferencesResponse {
	return ReferencesResponse{Definition: sampleDefinition(), TotalCount: 4, ExactCount: 3, RepositoryID: "repo1", Latency: 5 * time.Millisecond,
		References: []Reference{
			{FilePath: "net/http/client.go", Line: 489, Column: 11, Kind: "call", Enclosing: "Client.Get", Text: "return c.Do(req)", Match: "exact"},
			{FilePath: "net/http/client.go", Line: 880, Column: 11, Kind: "call", Enclosing: "Client.Post", Text: "return c.Do(req)", Match: "exact"},
			{FilePath: "net/http/client_test.go", Line: 221, Column: 13, Kind: "call", Enclosing: "TestClient", Text: "res, err := c.Do(req) | x", Match: "exact"},
			{FilePath: "expvar/expvar.go", Line: 12, Column: 3, Kind: "call", Enclosing: "", Text: "x.Do(f)", Match: "name"},
		}}
}

func sampleCalls() CallHierarchyResponse {
	return CallHierarchyResponse{Root: sampleDefinition(), Direction: "incoming", Depth: 2, TotalCount: 3, RepositoryID: "repo1",
		Calls: []CallNode{
			{Symbol: "Client.Get", Kind: "method", FilePath: "net/http/client.go", Line: 484, Signature: "func (c *Client) Get(url string) (resp *Response, err error)",
				Match: "exact", CallLines: []int{489}, Calls: []CallNode{
					{Symbol: "Get", Kind: "function", FilePath: "net/http/client.go", Line: 457, Match: "exact", CallLines: []int{458}},
				}},
			{Symbol: "Client.Post", Kind: "method", FilePath: "net/http/client.go", Line: 874, Match: "exact", CallLines: []int{880}},
		}}
}

func sampleCodeMap() CodeMapResponse {
	return CodeMapResponse{RepositoryID: "repo1", Directory: "net/http", TotalFiles: 3, TotalSymbols: 5,
		Files: []MapFile{
			{FilePath: "net/http/client.go", Symbols: []MapSymbol{
				{Symbol: "Client", Kind: "struct", Line: 57, Signature: "type Client struct", References: 900, Rank: 9},
				{Symbol: "Client.Do", Kind: "method", Line: 591, Signature: "func (c *Client) Do(req *Request) (*Response, error)", References: 190, Rank: 5},
			}},
			{FilePath: "net/http/request.go", Symbols: []MapSymbol{
				{Symbol: "Request", Kind: "struct", Line: 100, Signature: "type Request struct", References: 2000, Rank: 10},
				{Symbol: "NewRequest", Kind: "function", Line: 850, Signature: "func NewRequest(method, url string, body io.Reader) (*Request, error)", References: 300, Rank: 4},
			}},
			{FilePath: "net/http/internal/chunked.go", Symbols: []MapSymbol{
				{Symbol: "NewChunkedReader", Kind: "function", Line: 30, References: 4, Rank: 1},
			}},
		}}
}

func sampleAffected() AffectedResponse {
	return AffectedResponse{RepositoryID: "repo1", Base: "HEAD", FilesChanged: []string{"net/http/client.go"}, Latency: 9 * time.Millisecond,
		Changes: []Change{{Symbol: "Client.Do", Kind: "method", FilePath: "net/http/client.go", Line: 591, Change: "signature_changed", Risk: "high",
			Signature: "func (c *Client) Do(ctx context.Context, req *Request) (*Response, error)", OldSignature: "func (c *Client) Do(req *Request) (*Response, error)",
			ReferenceCount: 2, References: sampleReferences().References[:2]}}}
}

func navRenderCases() []renderCase {
	return []renderCase{
		{"definitions", func(o Options) (string, error) { return RenderDefinitions(sampleDefinitions(), o) }},
		{"definitions_empty", func(o Options) (string, error) {
			return RenderDefinitions(DefinitionResponse{Query: "Nope", RepositoryID: "repo1"}, o)
		}},
		{"references", func(o Options) (string, error) { return RenderReferences(sampleReferences(), o) }},
		{"calls", func(o Options) (string, error) { return RenderCallHierarchy(sampleCalls(), o) }},
		{"codemap", func(o Options) (string, error) { return RenderCodeMap(sampleCodeMap(), o) }},
		{"affected", func(o Options) (string, error) { return RenderAffected(sampleAffected(), o) }},
	}
}

func TestCompactReferencesGroupByFileAndCaller(t *testing.T) {
	s, err := RenderReferences(sampleReferences(), Options{Format: Compact, Detail: Concise})
	if err != nil {
		t.Fatal(err)
	}
	var out struct {
		Def, H, D string
		N, X      int
	}
	if err := json.Unmarshal([]byte(s), &out); err != nil {
		t.Fatal(err)
	}
	_, rows, err := ParseRows(out.H, out.D)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"net/http/client.go", "Client.Get", "489"},
		{"", "Client.Post", "880"},
		{"net/http/client_test.go", "TestClient", "221"},
		{"expvar/expvar.go", "", "12?"},
	}
	if fmt.Sprint(rows) != fmt.Sprint(want) || out.N != 4 || out.X != 3 || !strings.HasPrefix(out.Def, "net/http/client.go:591 Client.Do") {
		t.Errorf("compact references %s\nrows %q", s, rows)
	}
}

// A code map never exceeds its budget: it keeps the most important
// declarations, counts the rest, and folds whole files into directories.
func TestCodeMapFitsBudget(t *testing.T) {
	full, err := RenderCodeMap(sampleCodeMap(), Options{Format: JSON})
	if err != nil {
		t.Fatal(err)
	}
	fullTokens, _ := CountTokens(full)
	for _, f := range allFormats {
		for budget := 40; budget < fullTokens+50; budget += 15 {
			s, err := RenderCodeMap(sampleCodeMap(), Options{Format: f, Detail: Detailed, MaxTokens: budget})
			if errors.Is(err, ErrBudgetTooSmall) && budget < 60 {
				continue // the counts alone take more: an error, never an answer over the budget
			}
			if err != nil {
				t.Fatal(err)
			}
			if n, _ := CountTokens(s); n > budget {
				t.Errorf("%s at max_tokens=%d: %d tokens\n%s", f, budget, n, s)
			}
		}
	}
	s, _ := RenderCodeMap(sampleCodeMap(), Options{Format: JSON, MaxTokens: 150})
	var m struct {
		Files []struct {
			FilePath string `json:"file_path"`
			Symbols  []struct{ Symbol string }
			More     int
		}
		Folded []MapFolded
	}
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatal(err)
	}
	if len(m.Files) == 0 || m.Files[0].FilePath != "net/http/client.go" && m.Files[0].FilePath != "net/http/request.go" {
		t.Fatalf("budgeted map %s", s)
	}
	for _, f := range m.Files {
		for _, sym := range f.Symbols {
			if sym.Symbol == "NewChunkedReader" {
				t.Errorf("the least referenced declaration was kept before more important ones: %s", s)
			}
		}
	}
	if len(m.Folded) == 0 || m.Folded[0].Dir != "net/http/internal" {
		t.Errorf("folded %+v, want net/http/internal counted", m.Folded)
	}
}

// Folded directories follow the map's order of importance, not their
// size: a vendored tree of stubs declares more than the code it serves
// but is listed after it, and so is its folded count.
func TestCodeMapFoldsDirectoriesInOrderOfImportance(t *testing.T) {
	r := CodeMapResponse{RepositoryID: "repo1", Directory: ".", TotalFiles: 4, TotalSymbols: 23,
		Files: []MapFile{
			{FilePath: "core/nodes.go", Symbols: []MapSymbol{{Symbol: "Node", Kind: "struct", Line: 3, References: 90, Rank: 9}}},
			{FilePath: "check/checker.go", Symbols: []MapSymbol{{Symbol: "Check", Kind: "function", Line: 8, References: 40, Rank: 5}}},
			{FilePath: "stubs/typing.pyi", Symbols: make([]MapSymbol, 20)},
		}}
	for i := range r.Files[2].Symbols {
		r.Files[2].Symbols[i] = MapSymbol{Symbol: fmt.Sprintf("T%d", i), Kind: "class", Line: i + 1, Rank: 0.01}
	}
	s, err := RenderCodeMap(r, Options{Format: JSON, MaxTokens: 90})
	if err != nil {
		t.Fatal(err)
	}
	var m struct{ Folded []MapFolded }
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, f := range m.Folded {
		dirs = append(dirs, f.Dir)
	}
	if len(dirs) < 2 || dirs[len(dirs)-1] != "stubs" {
		t.Errorf("folded %v, want the stubs last\n%s", dirs, s)
	}
}

func TestCallHierarchyBudgetKeepsDepthFirstPrefix(t *testing.T) {
	got, _ := pruneNodes(sampleCalls().Calls, 2)
	if len(got) != 1 || got[0].Symbol != "Client.Get" || len(got[0].Calls) != 1 || got[0].Calls[0].Symbol != "Get" {
		t.Errorf("pruned %+v", got)
	}
}

// A use through a C macro says which macro in every format that shows
// the use's kind.
func TestReferencesThroughMacrosNameTheMacro(t *testing.T) {
	r := ReferencesResponse{Definition: sampleDefinition(), TotalCount: 1, ExactCount: 1, RepositoryID: "repo1",
		References: []Reference{{FilePath: "lbase.c", Line: 7, Column: 3, Kind: "call", Enclosing: "open", Text: "lua_newtable(L);", Match: "exact", Via: "lua_newtable"}}}
	for f, want := range map[Format]string{JSON: `"via":"lua_newtable"`, Markdown: "via macro `lua_newtable`", Compact: "call via lua_newtable"} {
		s, err := RenderReferences(r, Options{Format: f, Detail: Detailed})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(s, want) {
			t.Errorf("%s: no %q in\n%s", f, want, s)
		}
	}
	r.References[0].Via = ""
	if s, _ := RenderReferences(r, Options{Format: JSON, Detail: Concise}); strings.Contains(s, "via") {
		t.Errorf("a direct use names no macro: %s", s)
	}
}

// A budget that cuts references says so once, with the last count, and
// does not advise the concise detail it already has.
func TestBudgetWarningIsSaidOnce(t *testing.T) {
	r := sampleReferences()
	for len(r.References) < 60 {
		r.References = append(r.References, r.References...)
	}
	for _, f := range []Format{Compact, JSON, Markdown} {
		s, err := RenderReferences(r, Options{Format: f, Detail: Concise, MaxTokens: 300})
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(s, "left out to fit"); n != 1 || strings.Contains(s, "detail_level") {
			t.Errorf("%s: %d budget warnings, or advice for the detail it has:\n%s", f, n, s)
		}
	}
}

// Under a budget an affected_by_diff answer keeps every change's row and
// deals out references a round at a time: no change is dropped for
// another's long list of uses.
func TestAffectedBudgetKeepsEveryChange(t *testing.T) {
	r := sampleAffected()
	many := r.Changes[0]
	for len(many.References) < 60 {
		many.References = append(many.References, sampleReferences().References...)
	}
	many.ReferenceCount = len(many.References)
	small := r.Changes[0]
	small.Symbol, small.Change, small.Risk = "Client.Close", "body_changed", "medium"
	r.Changes = []Change{many, small}
	s, err := RenderAffected(r, Options{Format: JSON, Detail: Concise, MaxTokens: 400})
	if err != nil {
		t.Fatal(err)
	}
	var out struct {
		Warning string
		Changes []struct {
			Symbol     string
			References []json.RawMessage
		}
	}
	if err := json.Unmarshal([]byte(s), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Changes) != 2 || len(out.Changes[1].References) == 0 || !strings.Contains(out.Warning, "references left out") {
		t.Errorf("affected under max_tokens=400: %s", s)
	}
}

// Markdown names a declaration whose signature does not (C's `typedef
// struct {…} jv;` is signed `typedef struct`), and a removed one's old
// signature stands alone, with no empty "now".
func TestMarkdownNamesWhatItsSignatureDoesNot(t *testing.T) {
	m, err := RenderCodeMap(CodeMapResponse{Files: []MapFile{{FilePath: "src/jv.h", Symbols: []MapSymbol{
		{Symbol: "jv", Kind: "type", Line: 43, Signature: "typedef struct", References: 1067},
		{Symbol: "jv_free", Kind: "function", Line: 55, Signature: "void jv_free(jv);", References: 336},
	}}}}, Options{Format: Markdown, Detail: Detailed})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m, "`jv` `typedef struct`") || strings.Contains(m, "`jv_free` `void") {
		t.Errorf("map:\n%s", m)
	}
	a, err := RenderAffected(AffectedResponse{Base: "HEAD", Changes: []Change{{Symbol: "old", Kind: "function", FilePath: "a.go", Line: 3,
		Change: "removed", Risk: "low", OldSignature: "func old()"}}}, Options{Format: Markdown, Detail: Detailed})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(a, "was `func old()`\n") || strings.Contains(a, "now") {
		t.Errorf("affected:\n%s", a)
	}
}

// A tree of many modules folds into at most maxFoldedDirs listed
// directories and one line of the warning, so a small budget still holds
// declarations (okhttp's 31 top-level directories took all of 300 tokens).
func TestCodeMapListsAFewFoldedDirectories(t *testing.T) {
	r := CodeMapResponse{RepositoryID: "repo1", Directory: "."}
	for i := 0; i < 30; i++ {
		r.Files = append(r.Files, MapFile{FilePath: fmt.Sprintf("module%02d/src/main.kt", i),
			Symbols: []MapSymbol{{Symbol: fmt.Sprintf("Main%02d", i), Kind: "class", Line: 1, References: 30 - i, Rank: float64(30 - i)}}})
	}
	r.TotalFiles, r.TotalSymbols = 30, 30
	s, err := RenderCodeMap(r, Options{Format: JSON, MaxTokens: 300})
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Files   []MapFile
		Folded  []MapFolded
		Warning string
	}
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatal(err)
	}
	if len(m.Files) < 2 || len(m.Folded) > 8 || !strings.Contains(m.Warning, "more directories folded") {
		t.Errorf("%d files, %d folded directories, warning %q:\n%s", len(m.Files), len(m.Folded), m.Warning, s)
	}
}
