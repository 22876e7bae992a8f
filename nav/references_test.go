package nav

import (
	"slices"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/chunker"
)

// A function's tests use it more than its callers do; the callers in the
// code come first, so that a limit cuts tests, whatever the paths' order.
var testedRepo = map[string]string{
	"go.mod":             "module example.com/m\n\ngo 1.22\n",
	"conv/a_test.go":     "package conv\n\nimport \"testing\"\n\nfunc TestParse(t *testing.T) {\n\tParse(\"1\")\n\tParse(\"2\")\n}\n",
	"conv/parse.go":      "package conv\n\n// Parse reads a number.\nfunc Parse(s string) int { return len(s) }\n",
	"conv/zz_use.go":     "package conv\n\nfunc use() int { return Parse(\"3\") }\n",
	"cmd/main.go":        "package main\n\nimport \"example.com/m/conv\"\n\nfunc main() { conv.Parse(\"4\") }\n",
	"testdata/sample.go": "package sample\n\nimport \"example.com/m/conv\"\n\nvar _ = conv.Parse(\"5\")\n",
}

func TestReferencesListTheCodeBeforeTheTests(t *testing.T) {
	ix := testIndex(t, testedRepo)
	tg, err := ResolveTarget(ix, "conv.Parse", nil)
	if err != nil {
		t.Fatal(err)
	}
	refs, err := References(ix, tg, RefFilter{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range refs {
		got = append(got, r.Path)
	}
	want := []string{"cmd/main.go", "conv/zz_use.go", "conv/a_test.go", "conv/a_test.go", "testdata/sample.go"}
	if len(got) != len(want) {
		t.Fatalf("references of conv.Parse in %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("references of conv.Parse in %v, want %v (the code, then its tests)", got, want)
		}
	}
}

// The callers a call hierarchy lists first are the code's, so its node
// limit cuts tests.
func TestCallersListTheCodeBeforeTheTests(t *testing.T) {
	ix := testIndex(t, testedRepo)
	tg, err := ResolveTarget(ix, "conv.Parse", nil)
	if err != nil {
		t.Fatal(err)
	}
	nodes, _, _, err := CallHierarchy(ix, tg, CallOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, n := range nodes {
		got = append(got, n.Def.Name)
	}
	if strings.Join(got, ",") != "main,use,TestParse," {
		t.Errorf("callers of conv.Parse: %q, want main, use, TestParse and testdata's top level", got)
	}
}

// TestLibraryMembersAreNotReferences: a member selected from a capitalized
// name the repository does not declare and the file does not import is
// the library's (Elixir's Keyword.get, Java's Math.max), not a use of
// the repository's declaration of the name; one selected from an
// unrecorded lower-case name may be, and stays a match by name.
func TestLibraryMembersAreNotReferences(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"lib/store.ex":    "defmodule App.Store do\n  def get(key), do: key\nend\n",
		"lib/use.ex":      "defmodule App.Use do\n  def run(opts) do\n    Keyword.get(opts, :key)\n    App.Store.get(:a)\n    conn.get(:b)\n  end\nend\n",
		"lib/as.ex":       "defmodule App.As do\n  alias App.Store, as: S\n\n  def run, do: S.get(:c)\nend\n",
		"src/Calc.java":   "package p;\n\npublic class Calc {\n    static int max(int a, int b) { return a; }\n}\n",
		"src/Use.java":    "package p;\n\npublic class Use {\n    int run() {\n        int a = Math.max(1, 2);\n        return a + Calc.max(3, 4);\n    }\n}\n",
		"src/Data/Set.hs": "module Data.Set where\n\ninsert :: Int -> Int\ninsert x = x\n",
		"app/Main.hs":     "module Main where\n\nimport qualified Data.Set as S\n\nmain = print (S.insert 1)\n\nother = print (M.insert 2)\n",
	})
	for _, tc := range []struct{ symbol, at, want string }{
		{"insert", "app/Main.hs:5", MatchExact}, // S is bound by the import
		{"insert", "app/Main.hs:7", ""},
		{"App.Store.get", "lib/use.ex:3", ""},
		{"App.Store.get", "lib/use.ex:4", MatchExact},
		{"App.Store.get", "lib/use.ex:5", MatchName},
		{"App.Store.get", "lib/as.ex:4", MatchExact}, // S is App.Store's alias
		{"Calc.max", "src/Use.java:5", ""},
		{"Calc.max", "src/Use.java:6", MatchExact},
	} {
		if got := matchAt(t, ix, tc.symbol, nil, tc.at); got != tc.want {
			t.Errorf("%s at %s: %q, want %q", tc.symbol, tc.at, got, tc.want)
		}
	}
}

// A member of a module imported from outside the repository (sys.exit
// after `import sys`) is the library's, not a use of the repository's
// method of that name; a module the repository holds still leads to its
// declarations.
func TestLibraryModuleMembersAreNoUses(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"app/context.py": "class Context:\n    def exit(self, code=0):\n        raise SystemExit(code)\n",
		"app/main.py":    "import sys\nimport app.tools\n\n\ndef run(ctx, code):\n    if code:\n        sys.exit(code)\n    app.tools.exit(ctx)\n",
		"app/tools.py":   "def exit(ctx):\n    ctx.exit()\n",
	})
	refs := func(symbol string) []int {
		tg, err := ResolveTarget(ix, symbol, nil)
		if err != nil {
			t.Fatal(err)
		}
		uses, err := References(ix, tg, RefFilter{})
		if err != nil {
			t.Fatal(err)
		}
		var lines []int
		for _, u := range uses {
			if u.Path == "app/main.py" {
				lines = append(lines, u.Line)
			}
		}
		return lines
	}
	if got := refs("Context.exit"); slices.Contains(got, 7) {
		t.Errorf("uses of Context.exit in main.py: lines %v, want no sys.exit (line 7)", got)
	}
	if got := refs("app.tools.exit"); !slices.Contains(got, 8) {
		t.Errorf("uses of tools.exit in main.py: lines %v, want app.tools.exit (line 8)", got)
	}
	if _, err := DefinitionAt(ix, Position{Path: "app/main.py", Line: 7, Col: 13}); err == nil {
		t.Errorf("the definition of sys.exit: found one in the repository, want a library's")
	}
}

// A package publishes names its modules declare: after `import pkg`,
// pkg.echo is the echo pkg/__init__.py imports from pkg/utils.py.
func TestUseThroughAPackageReExport(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"src/pkg/__init__.py": "from .utils import echo\n",
		"src/pkg/utils.py":    "def echo(message):\n    print(message)\n",
		"src/pkg/other.py":    "def echo(message):\n    return message\n",
		"tests/test_echo.py":  "import pkg\n\n\ndef test_echo():\n    pkg.echo('x')\n",
	})
	tg, err := ResolveTarget(ix, "pkg.utils.echo", nil)
	if err != nil {
		t.Fatal(err)
	}
	uses, err := References(ix, tg, RefFilter{})
	if err != nil {
		t.Fatal(err)
	}
	exact := false
	for _, u := range uses {
		exact = exact || u.Path == "tests/test_echo.py" && u.Line == 5 && u.Match == MatchExact
	}
	if !exact {
		t.Errorf("uses of pkg/utils.py's echo: %+v, want tests/test_echo.py:5 exact", uses)
	}
}

// A bare name that several declarations share is answered for one, the
// declaration its file is named for first, and the others are named.
func TestBareNameOfSeveralDeclarations(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"src/node/coverage.ts":             "function resolveConfig(x: number) {\n  return x\n}\nexport function cover() {\n  return resolveConfig(1)\n}\n",
		"src/node/config/resolveConfig.ts": "export function resolveConfig(options: object) {\n  return options\n}\n",
		"src/node/core.ts":                 "import { resolveConfig } from './config/resolveConfig'\nexport function start() {\n  return resolveConfig({})\n}\n",
		"src/node/writer.ts":               "export class Writer {\n  write(s: string): void {}\n  write(n: number): void {}\n}\n",
	})
	tgt, err := ResolveTarget(ix, "resolveConfig", nil)
	if err != nil {
		t.Fatal(err)
	}
	if tgt.Path != "src/node/config/resolveConfig.ts" {
		t.Errorf("resolveConfig answered for %s, want the declaration its file is named for", tgt.Path)
	}
	if len(tgt.Others) != 1 || tgt.Others[0].Path != "src/node/coverage.ts" {
		t.Errorf("others %+v, want coverage.ts's helper", tgt.Others)
	}
	at, err := ResolveTarget(ix, "", &Position{Path: "src/node/coverage.ts", Line: 5, Col: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(at.Others) != 0 {
		t.Errorf("a position decides the declaration, yet others are named: %+v", at.Others)
	}
	w, err := ResolveTarget(ix, "write", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Others) != 0 {
		t.Errorf("overloads of one method are no other declarations: %+v", w.Others)
	}
}

// A call through an import's alias is a use of the imported declaration,
// also where the file declares a function of the imported name itself; a
// name imported from a library is none of the repository's.
func TestUsesThroughImportAliases(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"src/config/resolveConfig.ts": "export function resolveConfig(options: object) {\n  return options\n}\n",
		"src/plugins/publicConfig.ts": "import { resolveConfig as resolveVitestConfig } from '../config/resolveConfig'\n" +
			"import { resolveConfig as resolveViteConfig } from 'vite'\n" +
			"export function resolveConfig() {\n  const a = resolveViteConfig({})\n  return resolveVitestConfig(a)\n}\n",
		// A file named like the package is no package: 'vite' stays vite's.
		"src/node/vite.ts": "export const viteVersion = '5'\n",
		"pkg/conf.py":      "def load(path):\n    return path\n",
		"pkg/start.py":     "from pkg.conf import load as load_conf\n\n\ndef start():\n    return load_conf('x')\n",
	})
	tgt, err := ResolveTarget(ix, "", &Position{Path: "src/plugins/publicConfig.ts", Line: 5, Col: 10})
	if err != nil {
		t.Fatal(err)
	}
	if tgt.Path != "src/config/resolveConfig.ts" || tgt.Match != MatchExact {
		t.Fatalf("resolveVitestConfig(a) resolves to %s (%s), want the imported resolveConfig", tgt.Path, tgt.Match)
	}
	refs, err := References(ix, tgt, RefFilter{})
	if err != nil {
		t.Fatal(err)
	}
	lines := map[int]string{}
	for _, r := range refs {
		if r.Path == "src/plugins/publicConfig.ts" {
			lines[r.Line] = r.Match
		}
	}
	if lines[5] != MatchExact || lines[1] != MatchExact {
		t.Errorf("publicConfig.ts uses %v, want the import (1) and the aliased call (5) exact", lines)
	}
	if _, ok := lines[4]; ok {
		t.Errorf("vite's resolveConfig, called as resolveViteConfig at line 4, is listed: %v", lines)
	}
	py, err := ResolveTarget(ix, "load", nil)
	if err != nil {
		t.Fatal(err)
	}
	pyRefs, err := References(ix, py, RefFilter{})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range pyRefs {
		found = found || r.Path == "pkg/start.py" && r.Line == 5 && r.Match == MatchExact
	}
	if !found {
		t.Errorf("load_conf('x') is no exact use of pkg.conf.load: %+v", pyRefs)
	}
}

// A Scala parameterless method is called by its name alone: its uses are
// calls, and the functions using it are its callers.
func TestScalaCallsWithoutParentheses(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"Show.scala":   "package cats\n\ntrait Show[A]\n\nobject Show {\n  def fromToString[A]: Show[A] = new Show[A] {}\n  val limit: Int = 3\n}\n",
		"anyval.scala": "package cats\n\nobject AnyValInstances {\n  def intShow: Show[Int] = Show.fromToString[Int]\n  def max: Int = Show.limit\n}\n",
	})
	tgt, err := ResolveTarget(ix, "Show.fromToString", nil)
	if err != nil {
		t.Fatal(err)
	}
	refs, err := References(ix, tgt, RefFilter{Kinds: []chunker.RefKind{chunker.RefCall}})
	if err != nil {
		t.Fatal(err)
	}
	if len(refs) != 1 || refs[0].Path != "anyval.scala" || refs[0].Line != 4 || refs[0].Enclosing != "AnyValInstances.intShow" {
		t.Errorf("calls of fromToString %+v, want intShow's at anyval.scala:4", refs)
	}
	caller, err := ResolveTarget(ix, "AnyValInstances.intShow", nil)
	if err != nil {
		t.Fatal(err)
	}
	nodes, _, _, err := CallHierarchy(ix, caller, CallOptions{Outgoing: true})
	if err != nil {
		t.Fatal(err)
	}
	var callees []string
	for _, n := range nodes {
		callees = append(callees, n.Def.Qualified())
	}
	if !slices.Contains(callees, "Show.fromToString") {
		t.Errorf("intShow calls %v, want Show.fromToString", callees)
	}
	maxer, _ := ResolveTarget(ix, "AnyValInstances.max", nil)
	nodes, _, _, _ = CallHierarchy(ix, maxer, CallOptions{Outgoing: true})
	for _, n := range nodes {
		if n.Def.Name == "limit" {
			t.Errorf("a val is no callee: %+v", n)
		}
	}
}

// A bare call resolves through the file's own package and the packages
// its star imports bring in (Kotlin's DSL builders: buildHeaders { … }).
func TestBareCallsThroughPackagesAndStarImports(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"client/utils/headers.kt": "package io.ktor.client.utils\n\nfun buildHeaders(block: () -> Unit = {}): Int = 1\n",
		"client/engine/Utils.kt":  "package io.ktor.client.engine\n\nimport io.ktor.client.utils.*\n\nfun mergeHeaders() {\n    buildHeaders {\n        println()\n    }\n    unwrap()\n}\n",
		"client/engine/Unwrap.kt": "package io.ktor.client.engine\n\nfun unwrap(): Int = 2\n",
		"server/headers.kt":       "package io.ktor.server\n\nfun buildHeaders(): Int = 3\n",
	})
	for _, c := range []struct{ symbol, file string }{{"buildHeaders", "client/utils/headers.kt"}, {"unwrap", "client/engine/Unwrap.kt"}} {
		tgt, err := ResolveTarget(ix, "", &Position{Path: c.file, Line: 3, Col: 5})
		if err != nil {
			t.Fatal(err)
		}
		refs, err := References(ix, tgt, RefFilter{})
		if err != nil {
			t.Fatal(err)
		}
		exact := 0
		for _, r := range refs {
			if r.Path == "client/engine/Utils.kt" && r.Match == MatchExact {
				exact++
			}
		}
		if exact != 1 {
			t.Errorf("%s: %d exact uses in Utils.kt, want its one call (%+v)", c.symbol, exact, refs)
		}
	}
}

// A Haskell import list binds its names bare: their uses are the
// imported module's declarations, wherever the module file lies.
func TestHaskellImportListUses(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"src/Internal.hs": "module Data.Map.Internal (balanceL, Map(..)) where\n\ndata Map k a = Tip | Bin Int k a (Map k a) (Map k a)\n\nbalanceL :: k -> a -> Map k a -> Map k a -> Map k a\nbalanceL k x l r = Bin 1 k x l r\n",
		"src/Strict.hs":   "module Data.Map.Strict.Internal (insert) where\n\nimport Data.Map.Internal\n  ( Map (..)\n  , balanceL\n  )\n\ninsert :: Ord k => k -> a -> Map k a -> Map k a\ninsert = go\n  where\n    go kx x Tip = Tip\n    go kx x (Bin sz ky y l r) =\n        case compare kx ky of\n            LT -> balanceL ky y (go kx x l) r\n            EQ -> Bin sz kx x l r\n",
	})
	tgt, err := ResolveTarget(ix, "balanceL", nil)
	if err != nil {
		t.Fatal(err)
	}
	refs, err := References(ix, tgt, RefFilter{Kinds: []chunker.RefKind{chunker.RefCall}})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range refs {
		found = found || r.Path == "src/Strict.hs" && r.Line == 14 && r.Match == MatchExact
	}
	if !found {
		t.Errorf("the call in insert's case alternative is no exact use: %+v", refs)
	}
}

// A gtest test is named for its suite and test, not TEST, and is the
// caller of what it calls; named like the function it tests, it is no
// other declaration of it.
func TestGTestsAreNamedTests(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"status.cc":      "int ErrnoToStatusCode(int e) { return e; }\n",
		"status_test.cc": "#include \"status.h\"\nnamespace {\nTEST(StatusErrno, ErrnoToStatusCode) {\n  EXPECT_EQ(ErrnoToStatusCode(1), 1);\n}\n}  // namespace\n",
	})
	tgt, err := ResolveTarget(ix, "ErrnoToStatusCode", nil)
	if err != nil {
		t.Fatal(err)
	}
	if tgt.Path != "status.cc" || len(tgt.Others) != 0 {
		t.Errorf("ErrnoToStatusCode is %s with others %+v, want status.cc's function alone", tgt.Path, tgt.Others)
	}
	nodes, _, _, err := CallHierarchy(ix, tgt, CallOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(nodes) != 1 || nodes[0].Def.Qualified() != "StatusErrno.ErrnoToStatusCode" || nodes[0].Def.Kind != "test" || nodes[0].Match != MatchExact {
		t.Errorf("callers %+v, want the test StatusErrno.ErrnoToStatusCode, exact", nodes)
	}
}

// A Kotlin companion object's members are the class's: qualified by the
// class, they are found and their uses are exact.
func TestKotlinCompanionMembersAreTheClasss(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"HttpTimeout.kt": "package io.ktor.client.plugins\n\nclass HttpTimeoutConfig {\n    companion object {\n        const val INFINITE_TIMEOUT_MS: Long = Long.MAX_VALUE\n    }\n}\n",
		"Use.kt":         "package io.ktor.client.plugins\n\nfun infinite(t: Long?): Boolean {\n    return t == HttpTimeoutConfig.INFINITE_TIMEOUT_MS\n}\n",
	})
	tgt, err := ResolveTarget(ix, "HttpTimeoutConfig.INFINITE_TIMEOUT_MS", nil)
	if err != nil {
		t.Fatal(err)
	}
	if tgt.Match != MatchExact {
		t.Errorf("HttpTimeoutConfig.INFINITE_TIMEOUT_MS matched as %s, want exact", tgt.Match)
	}
	refs, err := References(ix, tgt, RefFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(refs) != 1 || refs[0].Path != "Use.kt" || refs[0].Match != MatchExact {
		t.Errorf("uses %+v, want Use.kt's, exact", refs)
	}
}

// A Swift extension's members are the type's wherever they are written:
// a bare call in one extension resolves to the member another file's
// extension declares, before same-named members of other types.
func TestSwiftExtensionsAcrossFiles(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"Merge.swift":      "public extension ObservableType {\n    func flatMap(_ selector: (Element) -> Int) -> Observable<Int> {\n        return Observable()\n    }\n}\n",
		"Infallible.swift": "public extension InfallibleType {\n    func flatMap(_ selector: (Element) -> Int) -> Infallible<Int> {\n        return Infallible()\n    }\n}\n",
		"Filter.swift":     "public extension ObservableType {\n    func ignoreElements() -> Observable<Never> {\n        flatMap { _ in 1 }\n    }\n}\n",
	})
	defs, err := DefinitionAt(ix, Position{Path: "Filter.swift", Line: 3, Col: 9})
	if err != nil {
		t.Fatal(err)
	}
	if defs[0].Path != "Merge.swift" || defs[0].Match != MatchExact {
		t.Errorf("flatMap in ObservableType's extension is %s (%s), want Merge.swift's, exact", defs[0].Path, defs[0].Match)
	}
}

// A JavaScript top-level declaration is reached bare or through its
// module, never as a value's property; a component's unexported script
// binding is seen by no other file.
func TestJSTopLevelNamesAreNoProperties(t *testing.T) {
	files := map[string]string{
		"src/count.ts":    "export const counter = 1\n",
		"src/use.ts":      "import * as m from './count'\nexport const getters = {\n  double(state) {\n    return state.counter + state.nested.counter + m.counter\n  },\n}\n",
		"src/Counter.vue": "<script setup>\nconst total = useTotal()\n</script>\n<template>{{ total }}</template>\n",
		"src/other.ts":    "export function g(store) {\n  const total = 2\n  return store.total + total\n}\n",
	}
	ix := testIndex(t, files)
	got := func(pos Position) map[int]string {
		tg, err := ResolveTarget(ix, "", &pos)
		if err != nil {
			t.Fatal(err)
		}
		refs, err := References(ix, tg, RefFilter{})
		if err != nil {
			t.Fatal(err)
		}
		out := map[int]string{}
		for _, r := range refs {
			if r.Path != pos.Path {
				out[r.Line] = r.Path + " " + r.Match
			}
		}
		return out
	}
	if refs := got(Position{Path: "src/count.ts", Line: 1, Col: 14}); len(refs) != 1 || refs[4] != "src/use.ts exact" {
		t.Errorf("uses of counter: %v, want m.counter at src/use.ts:4 alone, not state.counter nor state.nested.counter", refs)
	}
	if refs := got(Position{Path: "src/Counter.vue", Line: 2, Col: 7}); len(refs) != 0 {
		t.Errorf("uses of the component's total: %v, want none in other files", refs)
	}
}

// A PHP trait's call of the abstract method it requires runs on the class
// that uses the trait: a use of that class's method.
func TestPHPTraitCallsReachTheUsingClass(t *testing.T) {
	files := map[string]string{
		"src/ClientTrait.php": "<?php\ntrait ClientTrait\n{\n    abstract public function requestAsync($method);\n\n    public function getAsync()\n    {\n        return $this->requestAsync('GET');\n    }\n}\n",
		"src/Client.php":      "<?php\nclass Client\n{\n    use ClientTrait;\n\n    public function requestAsync($method)\n    {\n        return $method;\n    }\n}\n",
		"src/Other.php":       "<?php\nclass Other\n{\n    public function requestAsync($method)\n    {\n        return $method;\n    }\n}\n",
	}
	ix := testIndex(t, files)
	if got := matchAt(t, ix, "", &Position{Path: "src/Client.php", Line: 6, Col: 21}, "src/ClientTrait.php:8"); got != MatchExact {
		t.Errorf("$this->requestAsync in the trait as a use of Client.requestAsync: %q, want exact", got)
	}
	if got := matchAt(t, ix, "", &Position{Path: "src/Other.php", Line: 4, Col: 21}, "src/ClientTrait.php:8"); got != "" {
		t.Errorf("$this->requestAsync in the trait as a use of Other.requestAsync: %q, want none", got)
	}
}
