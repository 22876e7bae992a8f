package search

import (
	"path"
	"slices"
	"strings"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/internal/lazyre"
	"github.com/codeseek/codeseek/internal/pathclass"
	"github.com/codeseek/codeseek/store"
)

// classWords are query terms that ask for a class, so it is not demoted.
var classWords = map[string]pathclass.Class{
	"test": pathclass.Test, "tests": pathclass.Test, "testing": pathclass.Test, "spec": pathclass.Test, "specs": pathclass.Test,
	"unittest": pathclass.Test, "assert": pathclass.Test, "assertion": pathclass.Test, "assertions": pathclass.Test,
	"example": pathclass.Example, "examples": pathclass.Example, "sample": pathclass.Example, "samples": pathclass.Example, "demo": pathclass.Example, "playground": pathclass.Example,
	"benchmark": pathclass.Benchmark, "benchmarks": pathclass.Benchmark, "bench": pathclass.Benchmark, "perf": pathclass.Benchmark,
	"mock": pathclass.Mock, "mocks": pathclass.Mock, "fake": pathclass.Mock, "fakes": pathclass.Mock, "fixture": pathclass.Mock,
	"fixtures": pathclass.Mock, "stub": pathclass.Mock, "stubs": pathclass.Mock,
	"vendor": pathclass.Vendored, "vendored": pathclass.Vendored, "third": pathclass.Vendored,
	"generated": pathclass.Generated, "codegen": pathclass.Generated, "protobuf": pathclass.Generated,
	"legacy": pathclass.Legacy, "compat": pathclass.Legacy, "compatibility": pathclass.Legacy, "deprecated": pathclass.Legacy, "old": pathclass.Legacy,
	"windows": pathclass.Platform, "win": pathclass.Platform, "win32": pathclass.Platform, "darwin": pathclass.Platform, "macos": pathclass.Platform,
	"linux": pathclass.Platform, "unix": pathclass.Platform, "posix": pathclass.Platform, "android": pathclass.Platform, "ios": pathclass.Platform,
	"wasm": pathclass.Platform, "bsd": pathclass.Platform, "freebsd": pathclass.Platform, "plan9": pathclass.Platform,
	"config": pathclass.Config, "configuration": pathclass.Config, "dependency": pathclass.Config, "dependencies": pathclass.Config,
	"manifest": pathclass.Config, "cargo": pathclass.Config, "package": pathclass.Config, "build": pathclass.Config, "version": pathclass.Config,
	"typings": pathclass.TypeStub, "declaration": pathclass.TypeStub, "declarations": pathclass.TypeStub, "types": pathclass.TypeStub,
	"export": pathclass.Barrel, "exports": pathclass.Barrel, "reexport": pathclass.Barrel,
	"license": pathclass.Legal, "licence": pathclass.Legal, "licenses": pathclass.Legal, "licences": pathclass.Legal,
	"licensing": pathclass.Legal, "copyright": pathclass.Legal, "legal": pathclass.Legal,
}

// testTools are words that, after "test" or "testing", name a tool for
// writing tests ("the test runner", "a testing client"): the library's
// own code, which its tests only use, so they do not ask for test files.
var testTools = map[string]bool{
	"runner": true, "runners": true, "client": true, "harness": true, "helper": true, "helpers": true,
	"util": true, "utils": true, "utility": true, "utilities": true, "framework": true, "tool": true,
	"tools": true, "toolkit": true, "library": true, "server": true, "driver": true,
}

// classesNamed returns the classes the query terms ask for. Words of
// tests ask for tests only in a request for them (testRequest): in
// "deleted after the test finishes" or "how are tests run in parallel"
// a test is what the code is about, and a testing library's own code
// is all about tests.
func classesNamed(text string, terms []string) pathclass.Class {
	var c pathclass.Class
	for i, t := range terms {
		cl := classWords[t]
		if cl == pathclass.Test && (i+1 < len(terms) && testTools[terms[i+1]] || !testRequest().MatchString(text)) {
			continue
		}
		c |= cl
	}
	if c&pathclass.Test == 0 && testedWord().MatchString(text) {
		c |= pathclass.Test
	}
	return c
}

// testRequest matches a query asking for tests: "tests for retry", "test
// cases of the parser", "unit tests", "the spec that covers …", or a
// query opening with them ("tests retry uploads"). Test cases alone are
// what a testing framework's code makes ("methods turned into test
// cases by the discoverers"), no request.
var testRequest = lazyre.New(`(?i)\b(?:tests?|specs?|assertions?|test\s+cases?)\s+(?:for|of|that|which|covering|on|about|in)\b|` +
	`\b(?:unit|integration|regression|e2e|end-to-end|failing|flaky|snapshot|table-driven)\s+(?:tests?|specs?)\b|` +
	`\btests?\s+(?:files?|coverage|fixtures?|helpers?)\b|^\W*(?:tests?|specs?|unittests?|testing)\b`)

// testedWord matches a query asking where something is tested.
var testedWord = lazyre.New(`(?i)\b(?:tested|untested)\b`)

// markedClasses returns the classes a file's own marks put it in, which
// its path does not show, and those its marks take it out of: a Lua
// definition file (`---@meta`) is a type stub, as a .d.ts file is by its
// name, an index.ts or __init__.py that declares functions or types is
// the package's code, not a barrel that only re-exports it, and a bundle
// naming its source map is generated.
func markedClasses(ix store.Searcher, p string) (in, out pathclass.Class) {
	f, ok := ix.Manifest().File(p)
	if !ok {
		return 0, 0
	}
	if f.Marks&chunker.MarkStub != 0 {
		in |= pathclass.TypeStub
	}
	if f.Marks&chunker.MarkCode != 0 {
		out |= pathclass.Barrel
	}
	if f.Marks&chunker.MarkBuilt != 0 {
		in |= pathclass.Generated
	}
	if f.Marks&chunker.MarkTests != 0 {
		in |= pathclass.Test
	}
	if f.Marks&chunker.MarkCompletion != 0 {
		in |= pathclass.Config // a shell's completion script: the command's help again, an integration with the shell
	}
	return in, out
}

// vendoredNamed reports a vendored file whose own package the query names:
// "http2 hpack huffman decoding" asks for vendor/golang.org/x/net/http2/
// hpack/huffman.go, which is then not demoted as vendored. The package is
// the file's directory below the vendored root, all of whose words must be
// query terms, so that naming a word of the vendored tree ("net", "http")
// does not bring in the whole of it.
func vendoredNamed(q Query, p string) bool {
	dir := path.Dir(strings.ToLower(p))
	parts := strings.Split(dir, "/")
	pkg := parts[len(parts)-1]
	if pathclass.Dir(pkg)&pathclass.Vendored != 0 || len(parts) < 2 {
		return false // the vendored root itself is no package's name
	}
	named := false
	all := true
	store.LexTerms(pkg, func(t []byte) {
		named = true
		all = all && slices.Contains(q.Terms, string(t))
	})
	return named && all
}

// priors are the score multipliers of each class when the query does not
// ask for it. Tests and copies of code lose most: they repeat the words of
// the code they test or copy. Configuration and stubs lose less: they are
// sometimes the answer.
var priors = []struct {
	class pathclass.Class
	mult  float64
}{
	{pathclass.Test, 0.35},
	{pathclass.Example, 0.45},
	{pathclass.Benchmark, 0.45},
	{pathclass.Mock, 0.4},
	{pathclass.Vendored, 0.35},
	{pathclass.Generated, 0.6},
	{pathclass.Legacy, 0.5},
	{pathclass.Platform, 0.75},
	{pathclass.Config, 0.55},
	{pathclass.TypeStub, 0.7},
	{pathclass.Barrel, 0.7},
	{pathclass.Legal, 0.3},
}

// prior is the multiplier for a file of classes c under a query that asks
// for classes wants.
func prior(c, wants pathclass.Class) float64 {
	m := 1.0
	for _, p := range priors {
		if c&p.class != 0 && wants&p.class == 0 {
			m *= p.mult
		}
	}
	return m
}
