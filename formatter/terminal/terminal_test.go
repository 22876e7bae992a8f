package terminal

import (
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/formatter"
)

var ansi = regexp.MustCompile("\x1b\\[[0-9;]*m")

func stripANSI(s string) string { return ansi.ReplaceAllString(s, "") }

const retryGo = `// RetryUpload sends the file again with exponential backoff until the
// upload succeeds or the attempts run out.
func RetryUpload(send func() error, attempts int) error {
	var err error
	delay := 100 * time.Millisecond
	for i := 0; i < attempts; i++ {
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(delay)
		delay *= 2
	}
	return err
}
`

func retryHit() formatter.SearchResult {
	return formatter.SearchResult{FilePath: "server/retry.go", Language: "go", Symbol: "RetryUpload", SymbolKind: "function",
		Score: 0.9132, StartLine: 41, EndLine: 54, Content: retryGo,
		ContextBefore: "package server\n\nimport \"time\"\n", ContextAfter: "\n// ParsePort converts a port string.\n"}
}

func render(t *testing.T, r formatter.SearchResponse, query string, o Options) string {
	t.Helper()
	s, err := Search(r, query, o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestTerms(t *testing.T) {
	for q, want := range map[string][]string{
		"how to retry the failed upload": {"failed", "upload", "retry"},
		"ParseHTTPRequest":               {"request", "parse", "http"},
		"retry_upload port":              {"upload", "retry", "port"},
		"Client.Do":                      {"client"}, // "do" is a stop word
	} {
		if got := Terms(q); !reflect.DeepEqual(got, want) {
			t.Errorf("Terms(%q) = %q, want %q", q, got, want)
		}
	}
}

func TestMatchesStartOfWordsAndIdentifierParts(t *testing.T) {
	terms := []string{"port"}
	for text, want := range map[string]int{
		"ParsePort(s)":           1,
		"port_number := port":    2,
		"import \"strconv\"":     0,
		"support Portable PORTS": 2, // a prefix of a part matches, as ripgrep -i would
		"HTTPPort":               1,
	} {
		if got := len(matches(text, terms)); got != want {
			t.Errorf("matches(%q): %d, want %d (%v)", text, got, want, matches(text, terms))
		}
	}
}

func TestSearchEmphasisesTheQueryTerms(t *testing.T) {
	s := render(t, formatter.SearchResponse{Results: []formatter.SearchResult{retryHit()}}, "retry the upload", Options{Color: true})
	for _, want := range []string{
		"\x1b[35mserver/retry.go\x1b[0m:\x1b[32m41-54\x1b[0m", // path magenta, lines green
		"\x1b[1;4;31mRetryUpload\x1b[0m(",                     // the terms, in the signature
		"\x1b[1;4;31mupload\x1b[0m",                           // a term in a comment
		"\x1b[34mfunc\x1b[0m",                                 // a keyword, syntax-coloured
	} {
		if !strings.Contains(s, want) {
			t.Errorf("missing %q in\n%s", want, s)
		}
	}
	if strings.Contains(s, "\x1b[1;4;31mthe") {
		t.Errorf("a stop word is emphasised:\n%s", s)
	}
}

func TestSearchNumbersLinesFromTheChunkStart(t *testing.T) {
	r := formatter.SearchResponse{Results: []formatter.SearchResult{retryHit()}}
	got := render(t, r, "", Options{})
	want := `server/retry.go:41-54  RetryUpload (function)  0.91
41:// RetryUpload sends the file again with exponential backoff until the
42:// upload succeeds or the attempts run out.
43:func RetryUpload(send func() error, attempts int) error {
44:    var err error
45:    delay := 100 * time.Millisecond
   … 9 more lines
`
	if got != want {
		t.Errorf("concise:\n%s\nwant:\n%s", got, want)
	}
	got = render(t, r, "", Options{Detail: formatter.Detailed})
	for _, want := range []string{"38-package server\n39-\n40-import \"time\"\n41:// RetryUpload", "54:}\n55-\n56-// ParsePort converts a port string.\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("detailed: missing %q in\n%s", want, got)
		}
	}
}

func TestConciseHitShowsTheLinesTheTermsMatch(t *testing.T) {
	var b strings.Builder
	for i := 1; i <= 30; i++ {
		if i == 20 {
			b.WriteString("\treturn parsePort(s)\n")
			continue
		}
		fmt.Fprintf(&b, "\tx%d := %d\n", i, i)
	}
	r := formatter.SearchResponse{Results: []formatter.SearchResult{{FilePath: "a.go", Language: "go", StartLine: 101, EndLine: 130, Content: b.String()}}}
	got := render(t, r, "parse port", Options{})
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	if len(lines) != 1+1+ConciseLines+1 {
		t.Fatalf("want header, note, %d lines, note:\n%s", ConciseLines, got)
	}
	if lines[1] != "    … 17 lines" || lines[4] != "120:    return parsePort(s)" || lines[len(lines)-1] != "    … 8 more lines" {
		t.Errorf("window around line 120:\n%s", got)
	}
}

func TestLinesAreCutToTheWidth(t *testing.T) {
	long := "func F() { return \"" + strings.Repeat("x", 200) + "\" }\n\tif 界界界界界界界界界界界界界界界界界界界界界界界界界界界界界界 {\n"
	r := formatter.SearchResponse{Results: []formatter.SearchResult{{FilePath: "dir/" + strings.Repeat("long", 20) + ".go", Language: "go",
		Symbol: "F", StartLine: 7, EndLine: 8, Content: long}}}
	for _, color := range []bool{false, true} {
		got := render(t, r, "return", Options{Color: color, Width: 40})
		for _, line := range strings.Split(strings.TrimSuffix(stripANSI(got), "\n"), "\n") {
			if w := textWidth(line); w > 40 {
				t.Errorf("color %v: line of %d columns: %q", color, w, line)
			}
			if !strings.HasSuffix(line, "…") {
				t.Errorf("color %v: a cut line must end in …: %q", color, line)
			}
		}
		if !strings.Contains(stripANSI(got), "\n7:func F() { return \"xxx") {
			t.Errorf("color %v: the cut line keeps its start:\n%s", color, got)
		}
	}
	// Without a width nothing is cut.
	if got := render(t, r, "", Options{}); !strings.Contains(got, strings.Repeat("x", 200)) {
		t.Errorf("width 0 cut a line:\n%s", got)
	}
}

func TestWithoutColourThereAreNoEscapes(t *testing.T) {
	hit := retryHit()
	hit.Content = "x := \"\x1b]0;pwned\x07\x1b[2J\"\n" + hit.Content // a file trying to drive the terminal
	got := render(t, formatter.SearchResponse{Results: []formatter.SearchResult{hit}}, "retry", Options{Detail: formatter.Detailed})
	if strings.ContainsAny(got, "\x1b\x07") {
		t.Errorf("escape in plain output: %q", got)
	}
	if !strings.Contains(got, `x := "^[]0;pwned^G^[[2J"`) {
		t.Errorf("control characters not shown in caret notation:\n%s", got)
	}
	colored := render(t, formatter.SearchResponse{Results: []formatter.SearchResult{hit}}, "retry", Options{Color: true})
	if strings.Contains(stripANSI(colored), "\x1b") || strings.Contains(colored, "\x07") {
		t.Errorf("a file's escape reached the terminal: %q", colored)
	}
}

func TestTabsAreExpanded(t *testing.T) {
	r := formatter.SearchResponse{Results: []formatter.SearchResult{{FilePath: "a.go", StartLine: 1, EndLine: 2, Content: "\tx\n a\tb\n"}}}
	if got := render(t, r, "", Options{}); !strings.Contains(got, "1:    x\n2: a  b\n") {
		t.Errorf("tabs:\n%q", got)
	}
}

func TestMaxTokensKeepsTheLeadingHits(t *testing.T) {
	var r formatter.SearchResponse
	for i := 0; i < 10; i++ {
		h := retryHit()
		h.FilePath = fmt.Sprintf("server/retry%d.go", i)
		r.Results = append(r.Results, h)
	}
	got := render(t, r, "retry", Options{MaxTokens: 300})
	n := strings.Count(got, "RetryUpload (function)")
	if n == 0 || n == 10 || !strings.Contains(got, fmt.Sprintf("warning: %d results left out to fit --max-tokens=300", 10-n)) {
		t.Errorf("%d hits kept:\n%s", n, got)
	}
	if tokens, _ := formatter.CountTokens(got); tokens > 300 {
		t.Errorf("%d tokens", tokens)
	}
	// The same hits with colour: the budget counts the plain text.
	if colored := render(t, r, "retry", Options{MaxTokens: 300, Color: true}); strings.Count(stripANSI(colored), "RetryUpload (function)") != n {
		t.Errorf("colour changed what fits")
	}
}

func TestNoResults(t *testing.T) {
	if got := render(t, formatter.SearchResponse{Warning: "index is being rebuilt"}, "x", Options{}); got != "no results\nwarning: index is being rebuilt\n" {
		t.Errorf("%q", got)
	}
}

func TestNavigationViews(t *testing.T) {
	def := formatter.Definition{FilePath: "server/retry.go", StartLine: 41, EndLine: 54, Line: 43, Column: 6, Symbol: "RetryUpload",
		Kind: "function", Signature: "func RetryUpload(send func() error, attempts int) error", Doc: "RetryUpload sends the file again.", Match: "exact"}
	refs := []formatter.Reference{
		{FilePath: "server/handler.go", Line: 12, Column: 9, Kind: "call", Enclosing: "Handle", Text: "return RetryUpload(send, 3)", Match: "exact"},
		{FilePath: "server/handler.go", Line: 30, Column: 2, Kind: "call", Enclosing: "Retry", Text: "RetryUpload(f, 1)", Match: "name"},
	}
	cases := []struct {
		name string
		draw func(Options) (string, error)
		want []string
	}{
		{"symbols", func(o Options) (string, error) {
			return Symbols(formatter.SymbolList{FilePath: "server/retry.go", Language: "go", Symbols: []formatter.Symbol{
				{Name: "RetryUpload", Kind: "function", StartLine: 41, EndLine: 54, Signature: def.Signature},
				{Name: "max", Kind: "const", Parent: "Limits", StartLine: 100, EndLine: 100}}}, o)
		}, []string{"server/retry.go  go, 2 declarations\n", "41-54  function  RetryUpload  func RetryUpload(", "  100  const     Limits.max\n"}},
		{"def", func(o Options) (string, error) {
			return Definitions(formatter.DefinitionResponse{Query: "RetryUpload", Definitions: []formatter.Definition{def}}, o)
		}, []string{"server/retry.go:43  RetryUpload (function)\n43:func RetryUpload(send func() error, attempts int) error\n   RetryUpload sends the file again.\n"}},
		{"refs", func(o Options) (string, error) {
			return References(formatter.ReferencesResponse{Definition: def, References: refs, TotalCount: 2, ExactCount: 1}, o)
		}, []string{"server/retry.go:43  RetryUpload (function)\n2 references, 1 exact\n\nserver/handler.go\n12:9:return RetryUpload(send, 3)  call in Handle\n30:2:RetryUpload(f, 1)  call in Retry (name match)\n"}},
		{"refs via a macro", func(o Options) (string, error) {
			via := []formatter.Reference{{FilePath: "lbase.c", Line: 7, Column: 3, Kind: "call", Enclosing: "open", Text: "lua_newtable(L);", Match: "exact", Via: "lua_newtable"}}
			return References(formatter.ReferencesResponse{Definition: def, References: via, TotalCount: 1, ExactCount: 1}, o)
		}, []string{"7:3:lua_newtable(L);  call via lua_newtable in open\n"}},
		{"callers", func(o Options) (string, error) {
			return CallHierarchy(formatter.CallHierarchyResponse{Root: def, Direction: "incoming", Depth: 2, TotalCount: 2, Calls: []formatter.CallNode{
				{Symbol: "Handle", FilePath: "server/handler.go", Line: 10, CallLines: []int{12}, Match: "exact",
					Calls: []formatter.CallNode{{Symbol: "main", FilePath: "main.go", Line: 5, CallLines: []int{8, 9}, Match: "exact"}}}}}, o)
		}, []string{"← Handle  server/handler.go:10  calls at 12\n  ← main  main.go:5  calls at 8, 9\n"}},
		{"map", func(o Options) (string, error) {
			return CodeMap(formatter.CodeMapResponse{TotalFiles: 3, TotalSymbols: 9, Files: []formatter.MapFile{{FilePath: "server/retry.go", More: 2,
				Symbols: []formatter.MapSymbol{{Symbol: "RetryUpload", Kind: "function", Line: 43, Signature: def.Signature, References: 3, Rank: 1}}}}}, o)
		}, []string{"map of .: 3 files, 9 declarations\n\nserver/retry.go\n43  function  func RetryUpload(send func() error, attempts int) error  3 uses\n    … 2 more\n"}},
		{"affected", func(o Options) (string, error) {
			return Affected(formatter.AffectedResponse{Base: "HEAD", FilesChanged: []string{"server/retry.go"}, Changes: []formatter.Change{{
				Symbol: "RetryUpload", Kind: "function", FilePath: "server/retry.go", Line: 43, Change: "signature_changed", Risk: "high",
				Signature: "func RetryUpload(send func() error) error", OldSignature: def.Signature, References: refs[:1], ReferenceCount: 1}}}, o)
		}, []string{"high  signature changed  RetryUpload (function)  server/retry.go:43  1 use\n  was func RetryUpload(send func() error, attempts int) error\n  now func RetryUpload(send func() error) error\n  server/handler.go\n  12:9:return RetryUpload(send, 3)  call in Handle\n"}},
	}
	for _, c := range cases {
		got, err := c.draw(Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: missing %q in\n%s", c.name, w, got)
			}
		}
		colored, err := c.draw(Options{Color: true, Width: 50})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !strings.Contains(colored, "\x1b[35mserver/") || !strings.Contains(colored, "\x1b[32m") {
			t.Errorf("%s: no coloured path and line numbers:\n%s", c.name, colored)
		}
		for _, line := range strings.Split(strings.TrimSuffix(stripANSI(colored), "\n"), "\n") {
			if textWidth(line) > 50 {
				t.Errorf("%s: line wider than 50: %q", c.name, line)
			}
		}
	}
}

func TestCodeMapKeepsWhatFitsAndFoldsTheRest(t *testing.T) {
	var r formatter.CodeMapResponse
	for i := 0; i < 12; i++ {
		f := formatter.MapFile{FilePath: fmt.Sprintf("pkg%d/file.go", i)}
		for j := 0; j < 5; j++ {
			f.Symbols = append(f.Symbols, formatter.MapSymbol{Symbol: fmt.Sprintf("Func%d_%d", i, j), Kind: "function", Line: 10 * j,
				Signature: fmt.Sprintf("func Func%d_%d(a, b int) error", i, j), References: 12 - i, Rank: float64(60 - 5*i - j)})
		}
		r.Files = append(r.Files, f)
		r.TotalFiles++
		r.TotalSymbols += 5
	}
	got, err := CodeMap(r, Options{MaxTokens: 400, Color: true})
	if err != nil {
		t.Fatal(err)
	}
	plainText := stripANSI(got)
	if !strings.Contains(plainText, "pkg0/file.go\n") || strings.Contains(plainText, "pkg11/file.go") || !strings.Contains(plainText, "\npkg10/  1 file, 5 declarations\n") ||
		!strings.Contains(plainText, "1 more directory folded (1 file, 5 declarations)") {
		t.Errorf("map under a budget:\n%s", plainText)
	}
	if n, _ := formatter.CountTokens(plainText); n > 400 {
		t.Errorf("%d tokens", n)
	}
}

func TestConciseWindowStartsAfterABlankLine(t *testing.T) {
	content := "package server\n\nimport \"time\"\n\n" + retryGo
	r := formatter.SearchResponse{Results: []formatter.SearchResult{{FilePath: "server/retry.go", Language: "go", StartLine: 1, EndLine: 18, Content: content}}}
	got := render(t, r, "retry the upload", Options{})
	if !strings.Contains(got, "\n   … 4 lines\n 5:// RetryUpload sends") {
		t.Errorf("the window should open at the doc comment:\n%s", got)
	}
}

func TestSearchNamesCopiesUnderTheHeading(t *testing.T) {
	hit := retryHit()
	hit.Copies = []string{"vendor/server/retry.go"}
	got := render(t, formatter.SearchResponse{Results: []formatter.SearchResult{hit}}, "", Options{})
	lines := strings.Split(got, "\n")
	if len(lines) < 2 || lines[1] != "same text in vendor/server/retry.go" {
		t.Errorf("second line %q, want the copies:\n%s", lines[1], got)
	}
}

// A window that a blank line shortens at the end of a hit shows what is
// left of it, not lines past the hit.
func TestConciseWindowAtTheEndOfAHit(t *testing.T) {
	content := "func a() {\n\tx := 1\n\ty := 2\n\tz := 3\n\tw := 4\n\n\t// parse the format string\n\tparse(format)\n}"
	r := formatter.SearchResponse{Results: []formatter.SearchResult{{FilePath: "f.go", Language: "go", StartLine: 10, EndLine: 18, Content: content}}}
	got := render(t, r, "parse format", Options{})
	if !strings.Contains(got, "\n16:    // parse the format string\n17:    parse(format)\n18:}") {
		t.Errorf("the window should show the matching lines at the end:\n%s", got)
	}
}

// A hit's header with many symbols cuts the symbols, not the kind and
// score after them: gin's `gin.go:59-88  HandlersChain.Last, RouteInfo,
// RoutesInfo, PlatformGoogleAppEngine, PlatformCloudflar…` lost both.
func TestHeaderCutsTheSymbolsNotTheScore(t *testing.T) {
	r := formatter.SearchResponse{Results: []formatter.SearchResult{{FilePath: "gin.go", Language: "go", StartLine: 59, EndLine: 88,
		Symbol: "HandlersChain.Last, RouteInfo, RoutesInfo, PlatformGoogleAppEngine, PlatformCloudflare, PlatformFlyIO", SymbolKind: "mixed",
		Score: 0.46, Content: "type RouteInfo struct{}\n"}}}
	header := strings.SplitN(stripANSI(render(t, r, "", Options{Width: 80})), "\n", 2)[0]
	if textWidth(header) > 80 || !strings.HasSuffix(header, ", … (mixed)  0.46") || !strings.Contains(header, "HandlersChain.Last, RouteInfo") {
		t.Errorf("header %q (%d columns), want the symbols cut with … and the kind and score kept, in 80 columns", header, textWidth(header))
	}
}
