package tools

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/store"
)

// navRepo is a small Go module: a store with a method, an interface it
// implements, callers in other packages, a same-named method of another
// type and a test.
var navRepo = map[string]string{
	"go.mod": "module example.com/shop\n\ngo 1.22\n",
	"cart/cart.go": `package cart

// Cart holds the items of an order.
type Cart struct{ items []string }

// Adder adds things.
type Adder interface{ Add(item string) int }

// Add puts an item in the cart and returns how many there are.
func (c *Cart) Add(item string) int {
	c.items = append(c.items, item)
	return len(c.items)
}

// New returns an empty cart.
func New() *Cart { return &Cart{} }
`,
	"cart/tally.go": `package cart

// Tally counts things.
type Tally struct{ n int }

// Add counts one more.
func (t *Tally) Add(item string) int { t.n++; return t.n }
`,
	"shop/checkout.go": `package shop

import "example.com/shop/cart"

// Checkout fills a cart.
func Checkout(items []string) int {
	c := cart.New()
	n := 0
	for _, it := range items {
		n = c.Add(it)
	}
	return n
}

// Fill adds through the interface.
func Fill(a cart.Adder) { a.Add("x") }

// Count uses the other Add.
func Count() int {
	var t cart.Tally
	return t.Add("y")
}
`,
}

// gitRepo writes files into a new git repository with one commit.
func gitRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	root, _ := filepath.EvalSymlinks(t.TempDir())
	writeFiles(t, root, files)
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"-c", "user.name=t", "-c", "user.email=t@e", "commit", "-qm", "first"}} {
		if out, err := exec.Command("git", append([]string{"-C", root}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	return root
}

func indexedNav(t *testing.T, files map[string]string) (*Service, string) {
	t.Helper()
	svc := newTestService(t)
	root := gitRepo(t, files)
	if _, err := svc.IndexRepository(context.Background(), IndexParams{RepoPath: root}); err != nil {
		t.Fatal(err)
	}
	return svc, root
}

// structured decodes a tool result's structuredContent.
func structured(t *testing.T, res *mcp.CallToolResult, v any) {
	t.Helper()
	if res.IsError {
		t.Fatalf("tool error: %s", resultText(t, res))
	}
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
}

type refsOut struct {
	Definition struct {
		FilePath string `json:"file_path"`
		Symbol   string `json:"symbol"`
		Line     int    `json:"line"`
	} `json:"definition"`
	References []struct {
		FilePath  string `json:"file_path"`
		Line      int    `json:"line"`
		Kind      string `json:"kind"`
		Enclosing string `json:"enclosing"`
		Match     string `json:"match"`
	} `json:"references"`
	TotalCount int `json:"total_count"`
	ExactCount int `json:"exact_count"`
}

func TestFindDefinitionAndReferences(t *testing.T) {
	svc, _ := indexedNav(t, navRepo)
	c := mcpClient(t, svc)

	var defs struct {
		Definitions []struct {
			FilePath                            string `json:"file_path"`
			Symbol, Kind, Signature, Doc, Match string
			Line                                int
		} `json:"definitions"`
	}
	structured(t, callTool(t, c, "find_definition", map[string]any{"symbol": "cart.Cart.Add"}), &defs)
	if len(defs.Definitions) == 0 || defs.Definitions[0].FilePath != "cart/cart.go" || defs.Definitions[0].Symbol != "Cart.Add" ||
		defs.Definitions[0].Match != "exact" || defs.Definitions[0].Doc == "" {
		t.Fatalf("definitions of cart.Cart.Add: %+v", defs)
	}

	// By position: the use c.Add in Checkout resolves to Cart.Add, not
	// Tally.Add, through the type of c (the result of cart.New).
	line := strings.Count(navRepo["shop/checkout.go"][:strings.Index(navRepo["shop/checkout.go"], "c.Add(it)")], "\n") + 1
	structured(t, callTool(t, c, "find_definition", map[string]any{"file_path": "shop/checkout.go", "line": line}), &defs)
	if len(defs.Definitions) != 1 || defs.Definitions[0].Symbol != "Cart.Add" || defs.Definitions[0].Match != "exact" {
		t.Errorf("definition at shop/checkout.go:%d: %+v", line, defs)
	}

	var refs refsOut
	structured(t, callTool(t, c, "find_references", map[string]any{"symbol": "Cart.Add"}), &refs)
	got := map[string]string{}
	for _, r := range refs.References {
		got[r.Enclosing] = r.Match
	}
	// Checkout calls it on a *Cart; Fill through the Adder interface Cart
	// implements (as gopls counts it); Count's Tally.Add is another method.
	if got["Checkout"] != "exact" || got["Fill"] != "exact" || len(got) != 2 || refs.ExactCount != 2 {
		t.Errorf("references of Cart.Add by caller: %v (%+v)", got, refs)
	}

	structured(t, callTool(t, c, "find_references", map[string]any{"symbol": "cart.New", "kind": "call"}), &refs)
	if refs.TotalCount != 1 || refs.References[0].FilePath != "shop/checkout.go" || refs.References[0].Kind != "call" {
		t.Errorf("callers of cart.New: %+v", refs)
	}

	for _, bad := range []map[string]any{
		{},
		{"symbol": "Add", "file_path": "cart/cart.go", "line": 1},
		{"symbol": "NoSuchThing"},
		{"file_path": "../etc/passwd", "line": 1},
		{"symbol": "Add", "kind": "calls"},
	} {
		res := callTool(t, c, "find_references", bad)
		if !res.IsError {
			t.Errorf("%v: no error: %s", bad, resultText(t, res))
		}
	}
}

func TestCallHierarchyAndCodeMap(t *testing.T) {
	svc, _ := indexedNav(t, navRepo)
	c := mcpClient(t, svc)
	var calls struct {
		Calls []struct {
			Symbol    string `json:"symbol"`
			CallLines []int  `json:"call_lines"`
			Calls     []struct {
				Symbol string `json:"symbol"`
			} `json:"calls"`
		} `json:"calls"`
	}
	structured(t, callTool(t, c, "call_hierarchy", map[string]any{"symbol": "cart.New"}), &calls)
	if len(calls.Calls) != 1 || calls.Calls[0].Symbol != "Checkout" || len(calls.Calls[0].CallLines) != 1 {
		t.Errorf("callers of cart.New: %+v", calls)
	}
	structured(t, callTool(t, c, "call_hierarchy", map[string]any{"symbol": "Checkout", "direction": "outgoing"}), &calls)
	var callees []string
	for _, n := range calls.Calls {
		callees = append(callees, n.Symbol)
	}
	if strings.Join(callees, ",") != "New,Cart.Add" && strings.Join(callees, ",") != "Cart.Add,New" {
		t.Errorf("callees of Checkout: %v", callees)
	}

	for _, budget := range []int{120, 400} {
		res := callTool(t, c, "code_map", map[string]any{"max_tokens": budget, "response_format": "compact"})
		text := resultText(t, res)
		if res.IsError {
			t.Fatalf("code_map: %s", text)
		}
		if n, _ := formatter.CountTokens(text); n > budget {
			t.Errorf("code_map at max_tokens=%d is %d tokens: %s", budget, n, text)
		}
	}
	var m struct {
		Files []struct {
			FilePath string `json:"file_path"`
		} `json:"files"`
	}
	structured(t, callTool(t, c, "code_map", map[string]any{"directory": "cart"}), &m)
	if len(m.Files) != 2 || m.Files[0].FilePath != "cart/cart.go" {
		t.Errorf("map of cart: %+v (cart.go, used by shop, first)", m)
	}
}

func TestFindRelatedPrefersOtherFiles(t *testing.T) {
	svc, _ := indexedNav(t, navRepo)
	c := mcpClient(t, svc)
	var out struct {
		Results []struct {
			FilePath string `json:"file_path"`
		} `json:"results"`
	}
	structured(t, callTool(t, c, "find_related", map[string]any{"file_path": "cart/cart.go", "line": 10, "limit": 5}), &out)
	if len(out.Results) == 0 {
		t.Fatal("no related chunks")
	}
	seenSame := false
	for _, r := range out.Results {
		if r.FilePath == "cart/cart.go" {
			seenSame = true
		} else if seenSame {
			t.Errorf("a chunk of another file after one of the same file: %+v", out.Results)
		}
	}
	md := resultText(t, callTool(t, c, "find_related", map[string]any{"file_path": "cart/cart.go", "line": 10, "response_format": "markdown"}))
	if !strings.HasPrefix(md, "# Code like cart/cart.go:") {
		t.Errorf("markdown find_related should be headed by the code it is like, got %.80q", md)
	}
}

func TestAffectedByDiff(t *testing.T) {
	svc, root := indexedNav(t, navRepo)
	c := mcpClient(t, svc)
	edited := strings.Replace(navRepo["cart/cart.go"], "func (c *Cart) Add(item string) int {", "func (c *Cart) Add(item string, qty int) int {", 1)
	if err := os.WriteFile(filepath.Join(root, "cart/cart.go"), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	writeFiles(t, root, map[string]string{"cart/extra.go": "package cart\n\nfunc Extra() {}\n"})
	var out struct {
		Warning      string   `json:"warning"`
		FilesChanged []string `json:"files_changed"`
		Changes      []struct {
			Symbol, Change, Risk string
			ReferenceCount       int `json:"reference_count"`
			References           []struct {
				Enclosing string `json:"enclosing"`
			} `json:"references"`
		} `json:"changes"`
	}
	structured(t, callTool(t, c, "affected_by_diff", map[string]any{}), &out)
	if len(out.Changes) == 0 || out.Changes[0].Symbol != "Cart.Add" || out.Changes[0].Change != "signature_changed" || out.Changes[0].Risk != "high" {
		t.Fatalf("changes: %+v", out)
	}
	callers := map[string]bool{}
	for _, r := range out.Changes[0].References {
		callers[r.Enclosing] = true
	}
	if !callers["Checkout"] || !callers["Fill"] {
		t.Errorf("the re-signatured Cart.Add lists callers %v, want Checkout and Fill", callers)
	}
	added := false
	for _, ch := range out.Changes {
		added = added || ch.Symbol == "Extra" && ch.Change == "added" && ch.Risk == "low"
	}
	if !added || len(out.FilesChanged) != 2 {
		t.Errorf("the untracked cart/extra.go is not an added declaration: %+v", out)
	}
	// cart.go was edited after the index run, so the lines of references
	// in it are the index's: the answer says so.
	if !strings.Contains(out.Warning, "cart/cart.go") || strings.Contains(out.Warning, "extra.go") {
		t.Errorf("warning %q: want cart/cart.go named as changed since the index run", out.Warning)
	}

	res := callTool(t, c, "affected_by_diff", map[string]any{"base": "no-such-branch"})
	if !res.IsError || !strings.Contains(resultText(t, res), "base") {
		t.Errorf("an unknown base: %s", resultText(t, res))
	}
}

func TestAffectedByDiffNeedsGit(t *testing.T) {
	svc := newTestService(t)
	root, _ := filepath.EvalSymlinks(t.TempDir())
	writeFiles(t, root, map[string]string{"a.go": "package a\n\nfunc A() {}\n"})
	if _, err := svc.IndexRepository(context.Background(), IndexParams{RepoPath: root}); err != nil {
		t.Fatal(err)
	}
	res := callTool(t, mcpClient(t, svc), "affected_by_diff", map[string]any{})
	if !res.IsError || !strings.Contains(resultText(t, res), "not in a git repository") {
		t.Errorf("outside git: %s", resultText(t, res))
	}
}

func TestGetSymbolsAtLine(t *testing.T) {
	svc, _ := indexedNav(t, navRepo)
	var out struct {
		Symbols []struct{ Name, Parent string } `json:"symbols"`
	}
	line := strings.Count(navRepo["cart/cart.go"][:strings.Index(navRepo["cart/cart.go"], "c.items = append")], "\n") + 1
	structured(t, callTool(t, mcpClient(t, svc), "get_symbols", map[string]any{"file_path": "cart/cart.go", "repository_id": svc.mustRepo(t), "line": line}), &out)
	if len(out.Symbols) != 1 || out.Symbols[0].Name != "Add" || out.Symbols[0].Parent != "Cart" {
		t.Errorf("symbols at line %d: %+v, want Cart.Add alone", line, out.Symbols)
	}
}

// The outline lists what a type holds as well as what it does: a
// struct's fields, under the struct.
func TestGetSymbolsListsFields(t *testing.T) {
	svc, _ := indexedNav(t, navRepo)
	var out struct {
		Symbols []struct{ Name, Kind, Parent string } `json:"symbols"`
	}
	structured(t, callTool(t, mcpClient(t, svc), "get_symbols", map[string]any{"file_path": "cart/cart.go", "repository_id": svc.mustRepo(t)}), &out)
	for _, s := range out.Symbols {
		if s.Name == "items" {
			if s.Kind != "field" || s.Parent != "Cart" {
				t.Errorf("items: kind %q parent %q, want a field of Cart", s.Kind, s.Parent)
			}
			return
		}
	}
	t.Errorf("symbols %+v: no field items", out.Symbols)
}

// A line get_symbols cannot answer for is an error naming it, as the
// other tools' are: 0, one past the file's end; a relative path without
// repository_id says where it was looked for.
func TestGetSymbolsLineBounds(t *testing.T) {
	svc, root := indexedNav(t, navRepo)
	c := mcpClient(t, svc)
	lines := strings.Count(navRepo["cart/cart.go"], "\n")
	for _, tc := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"file_path": "cart/cart.go", "repository_id": svc.mustRepo(t), "line": 0}, "0 is not a line"},
		{map[string]any{"file_path": "cart/cart.go", "repository_id": svc.mustRepo(t), "line": -5}, "-5 is not a line"},
		{map[string]any{"file_path": "cart/cart.go", "repository_id": svc.mustRepo(t), "line": lines + 1}, "past the end"},
		{map[string]any{"file_path": "cart/cart.go"}, "repository_id"},
	} {
		res := callTool(t, c, "get_symbols", tc.args)
		if text := resultText(t, res); !res.IsError || !strings.Contains(text, tc.want) {
			t.Errorf("get_symbols %v: %s, want an error naming %q", tc.args, text, tc.want)
		}
	}
	res := callTool(t, c, "get_symbols", map[string]any{"file_path": "cart/cart.go", "repository_id": svc.mustRepo(t), "line": lines})
	if res.IsError {
		t.Errorf("get_symbols at the last line: %s", resultText(t, res))
	}
	abs := filepath.Join(root, "cart", "cart.go")
	if res := callTool(t, c, "get_symbols", map[string]any{"file_path": abs, "repository_id": svc.mustRepo(t)}); res.IsError {
		t.Errorf("get_symbols of an absolute path inside the repository: %s", resultText(t, res))
	}
	if res := callTool(t, c, "get_symbols", map[string]any{"file_path": filepath.Join(filepath.Dir(root), "x.go"), "repository_id": svc.mustRepo(t)}); !res.IsError {
		t.Errorf("get_symbols of an absolute path outside the repository: %s", resultText(t, res))
	}
}

// A position past a file's end, or on no name, is the line's fault, not
// the symbol's, and the error says so.
func TestPositionErrorsNameTheLine(t *testing.T) {
	svc, _ := indexedNav(t, navRepo)
	c := mcpClient(t, svc)
	for _, tool := range []string{"find_definition", "find_references", "find_related"} {
		res := callTool(t, c, tool, map[string]any{"file_path": "cart/cart.go", "line": 99999})
		text := resultText(t, res)
		if !res.IsError || !strings.Contains(text, "line") || !strings.Contains(text, "outside") || strings.Contains(text, "argument symbol") {
			t.Errorf("%s at line 99999: %s", tool, text)
		}
	}
}

// A limit that cuts the definitions says how many there are.
func TestDefinitionLimitIsSaid(t *testing.T) {
	svc, _ := indexedNav(t, map[string]string{
		"go.mod":     "module example.com/m\n\ngo 1.22\n",
		"a/open.go":  "package a\n\n// Open opens a.\nfunc Open() {}\n",
		"b/open.go":  "package b\n\n// Open opens b.\nfunc Open() {}\n",
		"c/close.go": "package c\n\nfunc Close() {}\n",
	})
	var out struct {
		Warning     string            `json:"warning"`
		Definitions []json.RawMessage `json:"definitions"`
	}
	structured(t, callTool(t, mcpClient(t, svc), "find_definition", map[string]any{"symbol": "Open", "limit": 1}), &out)
	if len(out.Definitions) != 1 || !strings.Contains(out.Warning, "1 of 2 definitions shown") {
		t.Errorf("find_definition Open at limit 1: %d definitions, warning %q", len(out.Definitions), out.Warning)
	}
}

// Argument errors name the JSON a caller wrote, not the Go types it
// decodes to; a mode is read in any case, as the formats are.
func TestArgumentErrorsNameJSONTypes(t *testing.T) {
	svc, _ := indexedNav(t, navRepo)
	c := mcpClient(t, svc)
	for _, args := range []map[string]any{{"query": 12345}, {"query": "cart", "limit": []any{1}}} {
		res := callTool(t, c, "search_code", args)
		if text := resultText(t, res); !res.IsError || strings.Contains(text, "float64") || strings.Contains(text, "interface") {
			t.Errorf("search_code %v: %s", args, text)
		}
	}
	if res := callTool(t, c, "search_code", map[string]any{"query": "cart", "mode": "LEXICAL"}); res.IsError {
		t.Errorf("mode LEXICAL: %s", resultText(t, res))
	}
}

// An argument error says what the caller did: a file_path without a
// line left the line out (it passed no 0), and a whole number too large
// is out of range, not "no whole number".
func TestArgumentErrorsSayWhatWasWrong(t *testing.T) {
	svc, _ := indexedNav(t, navRepo)
	c := mcpClient(t, svc)
	for _, tc := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"find_definition", map[string]any{"file_path": "cart/cart.go"}, "line: is required with file_path"},
		{"find_related", map[string]any{"file_path": "cart/cart.go"}, "line: is required"},
		{"search_code", map[string]any{"query": "cart", "max_tokens": 1e12}, "out of range"},
	} {
		res := callTool(t, c, tc.tool, tc.args)
		if text := resultText(t, res); !res.IsError || !strings.Contains(text, tc.want) || strings.Contains(text, "0 is not") {
			t.Errorf("%s %v: %s, want an error saying %q", tc.tool, tc.args, text, tc.want)
		}
	}
}

// mustRepo returns the ID of the only indexed repository.
func (s *Service) mustRepo(t *testing.T) string {
	t.Helper()
	id, err := s.defaultRepo()
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// An index an earlier codeseek made is refused by navigation with the fix
// (its symbol graph may not be one this version reads), not misread.
func TestNavigationRefusesAnOlderIndex(t *testing.T) {
	svc, root := indexedNav(t, navRepo)
	id := RepoID(root)
	prev, err := svc.store.Previous(id)
	if err != nil {
		t.Fatal(err)
	}
	u := store.Update{Meta: prev.Meta, Unchanged: prev.Files}
	u.Meta.ChunkerVersion = "ts-1+graph-0"
	if err := store.Apply(context.Background(), svc.store, prev, u); err != nil {
		t.Fatal(err)
	}
	res := callTool(t, mcpClient(t, svc), "find_definition", map[string]any{"symbol": "cart.New"})
	if text := resultText(t, res); !res.IsError || !strings.Contains(text, "index_repository") || !strings.Contains(text, "ts-1+graph-0") {
		t.Errorf("an older index: %s", text)
	}
	if svc.Current(id) {
		t.Error("Current reports an older index as current")
	}
}

// A filter that no indexed file passes is named as the mistake it is.
func TestNavigationFiltersMustMatch(t *testing.T) {
	svc, _ := indexedNav(t, navRepo)
	c := mcpClient(t, svc)
	for _, args := range []map[string]any{
		{"symbol": "Cart.Add", "directory": "nope"},
		{"symbol": "Cart.Add", "file_type": "rb"},
		{"symbol": "Cart.Add", "directory": "../x"},
	} {
		for _, tool := range []string{"find_references", "find_definition", "call_hierarchy"} {
			res := callTool(t, c, tool, args)
			text := resultText(t, res)
			if !res.IsError || !(strings.Contains(text, "directory") || strings.Contains(text, "file_type")) {
				t.Errorf("%s %v: %s", tool, args, text)
			}
		}
	}
}

// A bare name of several declarations says which one the answer is about
// and names the others; a long reference list of a change says it was cut.
func TestWarningsSayWhatWasChosenAndCut(t *testing.T) {
	files := map[string]string{
		"go.mod":          "module m\n",
		"helper/parse.go": "package helper\n\nfunc Parse(s string) string { return s }\n",
		"conf/parse.go":   "package conf\n\nfunc Parse(b []byte) int { return len(b) }\n",
		"conf/load.go":    "package conf\n\nfunc Load() int {\n" + strings.Repeat("\tParse(nil)\n", 60) + "\treturn 0\n}\n",
	}
	svc, root := indexedNav(t, files)
	ctx := context.Background()
	refs, err := svc.FindReferences(ctx, NavParams{Symbol: "Parse"}, "", DefaultReferenceLimit)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(refs.Warning, "Parse names 2 declarations") || !strings.Contains(refs.Warning, "file_path and line") {
		t.Errorf("warning %q: want the two declarations of Parse and how to pick one", refs.Warning)
	}
	qualified, err := svc.FindReferences(ctx, NavParams{Symbol: "conf.Parse"}, "", DefaultReferenceLimit)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(qualified.Warning, "declarations") {
		t.Errorf("a qualified symbol decides, yet: %q", qualified.Warning)
	}
	edited := strings.Replace(files["conf/parse.go"], "func Parse(b []byte) int", "func Parse(b []byte, strict bool) int", 1)
	if err := os.WriteFile(filepath.Join(root, "conf/parse.go"), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	aff, err := svc.AffectedByDiff(ctx, NavParams{}, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(aff.Changes) != 1 || aff.Changes[0].ReferenceCount != 60 || len(aff.Changes[0].References) != maxChangeRefs {
		t.Fatalf("changes %+v, want conf.Parse with 60 references, %d listed", aff.Changes, maxChangeRefs)
	}
	if !strings.Contains(aff.Warning, "more than 50 references") {
		t.Errorf("warning %q: want the cut list said", aff.Warning)
	}
}

// A component's template is not read for uses, and the answer says so:
// a script binding used only there would otherwise look unused.
func TestReferencesOfAComponentBindingWarnOfTheTemplate(t *testing.T) {
	svc, _ := indexedNav(t, map[string]string{"src/Counter.vue": "<script setup>\nconst total = useTotal()\n</script>\n<template>{{ total }}</template>\n"})
	c := mcpClient(t, svc)
	var out struct {
		Warning string `json:"warning"`
	}
	structured(t, callTool(t, c, "find_references", map[string]any{"file_path": "src/Counter.vue", "line": 2, "column": 7}), &out)
	if !strings.Contains(out.Warning, "template") {
		t.Errorf("warning %q, want one saying the template is not read", out.Warning)
	}
}

// An answer from files changed since the last index run says so: its
// lines are the lines the files had then.
func TestNavigationAnswersWarnOfChangedFiles(t *testing.T) {
	svc, root := indexedNav(t, navRepo)
	c := mcpClient(t, svc)
	warning := func(tool string, args map[string]any) string {
		var out struct {
			Warning string `json:"warning"`
		}
		structured(t, callTool(t, c, tool, args), &out)
		return out.Warning
	}
	args := map[string]any{"symbol": "Cart.Add"}
	if w := warning("find_references", args); strings.Contains(w, "changed since") {
		t.Errorf("fresh index: warning %q", w)
	}
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(filepath.Join(root, "cart", "cart.go"), later, later); err != nil {
		t.Fatal(err)
	}
	if w := warning("find_references", args); strings.Contains(w, "changed since") {
		t.Errorf("a file only touched: warning %q", w)
	}
	writeFiles(t, root, map[string]string{"cart/cart.go": "// moved down\n\n" + navRepo["cart/cart.go"]})
	for _, tool := range []string{"find_references", "find_definition", "call_hierarchy"} {
		if w := warning(tool, args); !strings.Contains(w, "cart/cart.go") || !strings.Contains(w, "changed since the last index run") {
			t.Errorf("%s after cart.go changed: warning %q, want it named as changed", tool, w)
		}
	}
}

// A column of 0 is an error, as a line of 0 is: the schema's minimum is
// 1, and it was taken for "no column".
func TestColumnZeroIsAnError(t *testing.T) {
	svc, _ := indexedNav(t, navRepo)
	c := mcpClient(t, svc)
	for _, tool := range []string{"find_definition", "find_references"} {
		res := callTool(t, c, tool, map[string]any{"file_path": "cart/cart.go", "repository_id": svc.mustRepo(t), "line": 3, "column": 0})
		if text := resultText(t, res); !res.IsError || !strings.Contains(text, "0 is not a column") {
			t.Errorf("%s with column 0: %s, want an error naming the column", tool, text)
		}
	}
}
