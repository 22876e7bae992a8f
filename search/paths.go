package search

import (
	"path"
	"slices"
	"strings"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/store"
)

// pathClass is a set of kinds of file a path can be, beyond the project's
// own current source: kinds users rarely want unless they ask.
type pathClass uint16

const (
	classTest pathClass = 1 << iota
	classExample
	classBenchmark
	classMock // mocks, fakes, fixtures, stubs
	classVendored
	classGenerated
	classLegacy   // compat shims, old major versions, deprecated copies
	classPlatform // one platform's variant of something generic
	classConfig   // build manifests and configuration, not code
	classTypeStub // declaration-only stubs (.d.ts, .pyi)
	classBarrel   // files that only re-export (__init__.py, index.js)
)

// classWords are query terms that ask for a class, so it is not demoted.
var classWords = map[string]pathClass{
	"test": classTest, "tests": classTest, "testing": classTest, "spec": classTest, "specs": classTest,
	"unittest": classTest, "assert": classTest, "assertion": classTest, "assertions": classTest,
	"example": classExample, "examples": classExample, "sample": classExample, "samples": classExample, "demo": classExample,
	"benchmark": classBenchmark, "benchmarks": classBenchmark, "bench": classBenchmark, "perf": classBenchmark,
	"mock": classMock, "mocks": classMock, "fake": classMock, "fakes": classMock, "fixture": classMock,
	"fixtures": classMock, "stub": classMock, "stubs": classMock,
	"vendor": classVendored, "vendored": classVendored, "third": classVendored,
	"generated": classGenerated, "codegen": classGenerated, "protobuf": classGenerated,
	"legacy": classLegacy, "compat": classLegacy, "compatibility": classLegacy, "deprecated": classLegacy, "old": classLegacy,
	"windows": classPlatform, "win": classPlatform, "win32": classPlatform, "darwin": classPlatform, "macos": classPlatform,
	"linux": classPlatform, "unix": classPlatform, "posix": classPlatform, "android": classPlatform, "ios": classPlatform,
	"wasm": classPlatform, "bsd": classPlatform, "freebsd": classPlatform, "plan9": classPlatform,
	"config": classConfig, "configuration": classConfig, "dependency": classConfig, "dependencies": classConfig,
	"manifest": classConfig, "cargo": classConfig, "package": classConfig, "build": classConfig, "version": classConfig,
	"typings": classTypeStub, "declaration": classTypeStub, "declarations": classTypeStub, "types": classTypeStub,
	"export": classBarrel, "exports": classBarrel, "reexport": classBarrel,
}

// classesNamed returns the classes the query terms ask for.
func classesNamed(terms []string) pathClass {
	var c pathClass
	for _, t := range terms {
		c |= classWords[t]
	}
	return c
}

// dirClasses maps a directory name to the class of everything below it.
var dirClasses = map[string]pathClass{
	"test": classTest, "tests": classTest, "__tests__": classTest, "spec": classTest, "specs": classTest,
	"testing": classTest, "testdata": classTest, "test_data": classTest, "test-data": classTest, "testutil": classTest, "testutils": classTest,
	"it": classTest, "e2e": classTest, "integration_tests": classTest, "unittests": classTest,
	"example": classExample, "examples": classExample, "_examples": classExample, "samples": classExample,
	"sample": classExample, "demo": classExample, "demos": classExample, "docs_src": classExample, "tutorial": classExample,
	"benchmark": classBenchmark, "benchmarks": classBenchmark, "bench": classBenchmark, "benches": classBenchmark, "jmh": classBenchmark,
	"mock": classMock, "mocks": classMock, "fakes": classMock, "fixtures": classMock, "__fixtures__": classMock,
	"__mocks__": classMock, "stubs": classMock,
	"vendor": classVendored, "node_modules": classVendored, "third_party": classVendored, "thirdparty": classVendored,
	"3rdparty": classVendored, "external": classVendored, "deps": classVendored, "_vendor": classVendored,
	"single_include": classVendored, "bundled": classVendored,
	"generated": classGenerated, "gen": classGenerated, "autogen": classGenerated, "__generated__": classGenerated,
	"legacy": classLegacy, "compat": classLegacy, "_compat": classLegacy, "deprecated": classLegacy, "old": classLegacy,
	"win": classPlatform, "windows": classPlatform, "win32": classPlatform, "darwin": classPlatform, "macos": classPlatform,
	"osx": classPlatform, "android": classPlatform, "ios": classPlatform, "wasm": classPlatform, "plan9": classPlatform,
	"solaris": classPlatform, "freebsd": classPlatform, "openbsd": classPlatform, "netbsd": classPlatform,
}

// configFiles are build manifests and configuration that describe code
// rather than being it.
var configFiles = map[string]bool{
	"cargo.toml": true, "cargo.lock": true, "package.json": true, "package-lock.json": true, "yarn.lock": true,
	"go.mod": true, "go.sum": true, "pom.xml": true, "build.gradle": true, "build.gradle.kts": true,
	"settings.gradle": true, "settings.gradle.kts": true, "gemfile": true, "gemfile.lock": true,
	"pyproject.toml": true, "setup.cfg": true, "requirements.txt": true, "composer.json": true, "composer.lock": true,
	"tsconfig.json": true, "makefile": true, "cmakelists.txt": true, "build.sbt": true, "package.swift": true,
	"dockerfile": true, "podfile": true, "pnpm-lock.yaml": true, "deno.json": true, "rockspec": true,
}

// configExts are extensions of configuration and data files.
var configExts = map[string]bool{
	".toml": true, ".yaml": true, ".yml": true, ".json": true, ".xml": true, ".ini": true, ".cfg": true,
	".lock": true, ".properties": true, ".gradle": true, ".csproj": true, ".sln": true, ".plist": true,
}

// platformSuffixes mark a file as one platform's variant ("poll_windows.go").
var platformSuffixes = []string{"_windows", "_win", "_win32", "_darwin", "_linux", "_freebsd", "_openbsd",
	"_netbsd", "_solaris", "_plan9", "_wasm", "_js", "_android", "_ios", "_aix", "_illumos", "_dragonfly", "_unix"}

// markedClasses returns the classes a file's own marks put it in, which
// its path does not show, and those its marks take it out of: a Lua
// definition file (`---@meta`) is a type stub, as a .d.ts file is by its
// name, and an index.ts or __init__.py that declares functions or types
// is the package's code, not a barrel that only re-exports it.
func markedClasses(ix store.Searcher, p string) (in, out pathClass) {
	f, ok := ix.Manifest().File(p)
	if !ok {
		return 0, 0
	}
	if f.Marks&chunker.MarkStub != 0 {
		in |= classTypeStub
	}
	if f.Marks&chunker.MarkCode != 0 {
		out |= classBarrel
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
	if dirClasses[pkg]&classVendored != 0 || len(parts) < 2 {
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

// classify returns the classes of a repository-relative, /-separated path.
func classify(p string) pathClass {
	var c pathClass
	dir, base := path.Split(strings.ToLower(p))
	for _, d := range strings.Split(strings.Trim(dir, "/"), "/") {
		c |= dirClasses[d]
	}
	ext := path.Ext(base)
	stem := strings.TrimSuffix(base, ext)
	switch {
	case isTestFile(stem, ext, p):
		c |= classTest
	case strings.HasSuffix(stem, "_bench") || strings.HasSuffix(stem, "_benchmark") || strings.HasPrefix(stem, "bench_") ||
		strings.HasSuffix(stem, "benchmark") || strings.HasSuffix(stem, "benchmarks"):
		c |= classBenchmark
	case strings.HasPrefix(stem, "mock_") || strings.HasSuffix(stem, "_mock") || strings.HasPrefix(stem, "mocks") ||
		strings.HasPrefix(stem, "fake_") || strings.HasSuffix(stem, "_fake") || strings.HasSuffix(stem, "fixtures"):
		c |= classMock
	case strings.HasPrefix(stem, "example_") || strings.HasSuffix(stem, "_example") || stem == "example" || stem == "examples":
		c |= classExample
	}
	if strings.Contains(stem, ".pb") || strings.HasSuffix(stem, "_generated") || strings.HasSuffix(stem, ".generated") ||
		strings.HasPrefix(stem, "zz_generated") || strings.HasSuffix(stem, "_gen") || strings.HasSuffix(stem, ".min") {
		c |= classGenerated
	}
	for _, s := range platformSuffixes {
		if strings.HasSuffix(stem, s) || strings.Contains(stem, s+"_") {
			c |= classPlatform
			break
		}
	}
	if configFiles[base] || configExts[ext] || strings.HasSuffix(base, ".rockspec") || strings.HasSuffix(base, ".gemspec") {
		c |= classConfig
	}
	if strings.HasSuffix(base, ".d.ts") || ext == ".pyi" {
		c |= classTypeStub
	}
	if chunker.BarrelName(p) {
		c |= classBarrel
	}
	return c
}

// isTestFile recognises test files by the naming conventions of the
// supported languages.
func isTestFile(stem, ext, p string) bool {
	switch {
	case strings.HasSuffix(stem, "_test") || strings.HasPrefix(stem, "test_") || strings.HasSuffix(stem, "_spec"):
		return true
	case strings.HasSuffix(stem, ".test") || strings.HasSuffix(stem, ".spec") || strings.HasSuffix(stem, "_tests"):
		return true
	case stem == "test" || stem == "tests" || stem == "conftest" || stem == "test_helper" || stem == "spec_helper":
		return true
	}
	// FooTest.java, FooTests.cs, FooSpec.scala, FooSuite.scala: by the
	// original case, since "latest.kt" is not a test.
	orig := path.Base(p)
	orig = strings.TrimSuffix(orig, path.Ext(orig))
	for _, s := range []string{"Test", "Tests", "Spec", "Suite", "IT"} {
		if strings.HasSuffix(orig, s) && len(orig) > len(s) {
			switch ext {
			case ".java", ".kt", ".cs", ".scala", ".swift", ".php", ".groovy", ".ts", ".js":
				return true
			}
		}
	}
	return false
}

// priors are the score multipliers of each class when the query does not
// ask for it. Tests and copies of code lose most: they repeat the words of
// the code they test or copy. Configuration and stubs lose less: they are
// sometimes the answer.
var priors = []struct {
	class pathClass
	mult  float64
}{
	{classTest, 0.35},
	{classExample, 0.45},
	{classBenchmark, 0.45},
	{classMock, 0.4},
	{classVendored, 0.35},
	{classGenerated, 0.6},
	{classLegacy, 0.5},
	{classPlatform, 0.75},
	{classConfig, 0.55},
	{classTypeStub, 0.7},
	{classBarrel, 0.7},
}

// prior is the multiplier for a file of classes c under a query that asks
// for classes wants.
func prior(c, wants pathClass) float64 {
	m := 1.0
	for _, p := range priors {
		if c&p.class != 0 && wants&p.class == 0 {
			m *= p.mult
		}
	}
	return m
}
