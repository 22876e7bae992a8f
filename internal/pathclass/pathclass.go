// Package pathclass tells what kind of file a repository path is beyond
// the project's own source: tests, examples, vendored copies, generated
// code, configuration, type stubs and the like, from directory names, file
// names and extensions as the supported languages' conventions have them.
// Search demotes these classes unless a query asks for them; the code map
// and declaration look-ups put them after the code itself.
package pathclass

import (
	"path"
	"strings"

	"github.com/codeseek/codeseek/chunker"
)

// Class is a set of kinds of file a path can be, beyond the project's
// own current source: kinds users rarely want unless they ask.
type Class uint16

// Aside are the classes that are not the project's own code: a code map
// or a declaration look-up puts them after the code itself.
const Aside = Test | Example | Benchmark | Mock | Vendored | Generated | TypeStub

// The classes.
const (
	Test      Class = 1 << iota // tests, test data and test helpers
	Example                     // examples, samples, demos, tutorials
	Benchmark                   // benchmarks
	Mock                        // mocks, fakes, fixtures, stubs
	Vendored                    // third-party code copied into the repository
	Generated                   // generated code (.pb.go, _gen, .min)
	Legacy                      // compat shims, old major versions, deprecated copies
	Platform                    // one platform's variant of something generic
	Config                      // build manifests and configuration, not code
	TypeStub                    // declaration-only stubs (.d.ts, .pyi)
	Barrel                      // files that only re-export (__init__.py, index.js)
	Legal                       // licences, copyright and patent notices
)

// Dir returns the class a directory's name gives everything below it
// ("vendor", "tests"); name is lower case.
func Dir(name string) Class { return dirClasses[name] }

// dirClasses maps a directory name to the class of everything below it.
var dirClasses = map[string]Class{
	"test": Test, "tests": Test, "__tests__": Test, "spec": Test, "specs": Test,
	"testing": Test, "testdata": Test, "test_data": Test, "test-data": Test, "testutil": Test, "testutils": Test,
	"test-utils": Test, "test_utils": Test, "testsuite": Test, "test-suite": Test, "test_suite": Test,
	"regress": Test, "regression": Test, "regressions": Test, // OpenBSD's and tmux's test directory
	"t":  Test, // Perl's, and Test::Nginx's (OpenResty's t/*.t)
	"it": Test, "e2e": Test, "integration_tests": Test, "integration_test": Test, "integration-tests": Test,
	"integration-test": Test, "unittests": Test, "cypress": Test, "step_definitions": Test,
	"example": Example, "examples": Example, "_examples": Example, "samples": Example,
	"sample": Example, "demo": Example, "demos": Example, "docs_src": Example, "tutorial": Example,
	"playground": Example, "playgrounds": Example, // a JavaScript monorepo's apps trying the library out
	".vitepress": Config, ".vuepress": Config, ".docusaurus": Config, // a documentation site's configuration
	"test-dts": Test, "type-tests": Test, // TypeScript's type tests (pinia's, Vue's)
	"benchmark": Benchmark, "benchmarks": Benchmark, "bench": Benchmark, "benches": Benchmark, "jmh": Benchmark,
	"mock": Mock, "mocks": Mock, "fakes": Mock, "fixtures": Mock, "__fixtures__": Mock,
	"corpus": Mock, "corpora": Mock, // a fuzzer's inputs (libgit2's fuzzers/corpora/)
	"__mocks__": Mock, "stubs": Mock,
	"vendor": Vendored, "node_modules": Vendored, "third_party": Vendored, "thirdparty": Vendored,
	"3rdparty": Vendored, "external": Vendored, "deps": Vendored, "_vendor": Vendored,
	"single_include": Vendored, "bundled": Vendored,
	"generated": Generated, "gen": Generated, "autogen": Generated, "__generated__": Generated, "dist": Generated,
	"_site": Generated, "_build": Generated, // a static site's or Sphinx's rendered pages
	"legacy": Legacy, "compat": Legacy, "_compat": Legacy, "deprecated": Legacy, "old": Legacy,
	"win": Platform, "windows": Platform, "win32": Platform, "darwin": Platform, "macos": Platform,
	"osx": Platform, "android": Platform, "ios": Platform, "wasm": Platform, "plan9": Platform,
	"solaris": Platform, "freebsd": Platform, "openbsd": Platform, "netbsd": Platform,
	".github": Config, ".circleci": Config, ".gitlab": Config, ".buildkite": Config,
}

// generatedPart are the second extensions code generators give their
// output: Dart's build_runner (user.g.dart, user.freezed.dart,
// router.gr.dart), C#'s XAML and designers (MainPage.g.cs,
// Form1.Designer.cs); lower case.
var generatedPart = map[string]bool{".g": true, ".freezed": true, ".gr": true, ".designer": true}

// platformSuffixes mark a file as one platform's variant ("poll_windows.go").
var platformSuffixes = []string{"_windows", "_win", "_win32", "_darwin", "_linux", "_freebsd", "_openbsd",
	"_netbsd", "_solaris", "_plan9", "_wasm", "_js", "_android", "_ios", "_aix", "_illumos", "_dragonfly", "_unix"}

// configFiles are build manifests and configuration that describe code
// rather than being it.
var configFiles = map[string]bool{
	"cargo.toml": true, "package.json": true,
	"go.mod": true, "pom.xml": true, "build.gradle": true, "build.gradle.kts": true,
	"settings.gradle": true, "settings.gradle.kts": true, "gemfile": true,
	"pyproject.toml": true, "setup.cfg": true, "requirements.txt": true, "composer.json": true,
	"tsconfig.json": true, "makefile": true, "cmakelists.txt": true, "build.sbt": true, "package.swift": true,
	"dockerfile": true, "podfile": true, "deno.json": true, "rockspec": true,
	"configure.ac": true, "configure.in": true, "makefile.am": true, "meson.build": true, // autotools', meson's
}

// docDirs hold a project's documentation, and docAssetDirs, below one,
// the scripts and styles of its generated site.
var (
	docDirs      = map[string]bool{"docs": true, "doc": true, "documentation": true, "_site": true}
	docAssetDirs = map[string]bool{"js": true, "css": true, "_static": true, "static": true, "assets": true, "javascripts": true, "stylesheets": true}
	docSiteDirs  = map[string]bool{"src": true, "components": true, "theme": true, "layouts": true, "snippets": true}
)

// configExts are extensions of configuration and data files.
var configExts = map[string]bool{
	".toml": true, ".yaml": true, ".yml": true, ".json": true, ".xml": true, ".ini": true, ".cfg": true,
	".lock": true, ".properties": true, ".gradle": true, ".csproj": true, ".sln": true, ".plist": true,
	".dotsettings": true, // ReSharper's XML settings
	// Message catalogs, one per language, each repeating every message
	// the code prints (.NET's XLIFF, gettext's, Apple's).
	".xlf": true, ".xliff": true, ".po": true, ".pot": true, ".strings": true,
}

// Of returns the classes of a repository-relative, /-separated path.
func Of(p string) Class {
	var c Class
	dir, base := path.Split(p)
	base = strings.ToLower(base)
	inDocs, inLib, inMain, inPkg, srcSeen := false, false, false, false, false
	prev := ""
	var pkgTest Class // the test class a monorepo package's name gave (packages/testing)
	for _, orig := range strings.Split(strings.Trim(dir, "/"), "/") {
		d := strings.ToLower(orig) // a test project's name is read in its own case (testProject)
		inMain = inMain || mainSourceSet(prev, d)
		if d == "src" && pkgTest != 0 {
			// The package's own sources: a library it ships for testing
			// (pinia's packages/testing/src/testing.ts, createTestingPinia).
			c &^= pkgTest
		}
		pkgTest = 0
		dc := dirClasses[d]
		if prev == "packages" {
			pkgTest = dc & Test
		}
		if prev == "packages" && nugetPackage(d) {
			dc |= Vendored // a restored NuGet package (Packages/System.Collections.Immutable.6.0.0/lib/…)
		}
		if prev == "features" && (d == "steps" || d == "support") {
			dc |= Test // Cucumber's step definitions and the servers they start
		}
		prev = d
		if strings.HasPrefix(d, "e2e_") || strings.HasPrefix(d, "e2e-") || strings.HasSuffix(d, "-tests") || strings.HasSuffix(d, "_tests") || strings.HasSuffix(d, "-test") || strings.HasSuffix(d, "-test-suite") ||
			d == "integrationtests" || dotNetTests(d) || testProject(orig) {
			dc |= Test // e2e_tests, e2e-playwright, containers-tests, sbt-test, v4-test-suite, AutoMapper.UnitTests
		}
		if examplePart(d) {
			dc |= Example // playground-file-based, examples-basic, demo-app
		}
		if vendoredPart(d) {
			dc |= Vendored // vendored_parsers, third_party_parsers
		}
		if d == "external" && srcSeen {
			dc &^= Vendored // a module of the package's own (uuid's src/external/, its serde support)
		}
		if strings.HasPrefix(d, "shaded") {
			dc |= Vendored // a dependency copied in under its own package name (shaded_org_apache_tools_zip)
		}
		if inPkg && d == "testing" {
			dc &^= Test // a package's tools for its users' tests (quart's src/quart/testing/, its test client)
		}
		if inLib || inMain {
			// Below lib/, the library's own code: Plug's lib/plug/
			// adapters/test/conn.ex is the test adapter it ships; below
			// a build's src/main/, a package (kotlinpoet's
			// metadata/specs/, its TypeSpec builders).
			dc &^= Test
		}
		c |= dc
		inPkg = inPkg || srcSeen
		srcSeen = srcSeen || d == "src"
		inLib = inLib || d == "lib" || d == "lua" // a Neovim plugin's modules are below lua/
		if inDocs && docAssetDirs[d] {
			// A documentation site's scripts and styles (jazzy's
			// docs/js/typeahead.jquery.js, Sphinx's _static/): a
			// generator's or a library's, not the project's code.
			c |= Generated
		}
		if inDocs && docSiteDirs[d] {
			// A documentation site's own components and theme (bloc's
			// docs/src/components/**/*.astro, a Docusaurus website/src/):
			// snippets shown on its pages, as examples are.
			c |= Example
		}
		inDocs = inDocs || docDirs[d] || d == "website"
	}
	ext := path.Ext(base)
	stem := strings.TrimSuffix(base, ext)
	switch {
	case isTestFile(stem, ext, p, inMain) && !((inLib || inPkg && ext != ".rs") && testingTool(stem)) && !(inLib && libraryTestTool(stem, ext)):
		c |= Test
	case strings.HasSuffix(stem, "_bench") || strings.HasSuffix(stem, "_benchmark") || strings.HasPrefix(stem, "bench_") ||
		strings.HasSuffix(stem, "benchmark") || strings.HasSuffix(stem, "benchmarks"):
		c |= Benchmark
	case strings.HasPrefix(stem, "mock_") || strings.HasSuffix(stem, "_mock") || strings.HasPrefix(stem, "mocks") ||
		strings.HasPrefix(stem, "fake_") || strings.HasSuffix(stem, "_fake") || strings.HasSuffix(stem, "fixtures"):
		c |= Mock
	case strings.HasPrefix(stem, "example_") || strings.HasSuffix(stem, "_example") || stem == "example" || stem == "examples":
		c |= Example
	}
	if strings.Contains(stem, ".pb") || strings.HasSuffix(stem, "_generated") || strings.HasSuffix(stem, ".generated") ||
		strings.HasPrefix(stem, "zz_generated") || strings.HasSuffix(stem, "_gen") || strings.HasSuffix(stem, ".min") ||
		generatedPart[path.Ext(stem)] {
		c |= Generated
	}
	for _, s := range platformSuffixes {
		if strings.HasSuffix(stem, s) || strings.Contains(stem, s+"_") {
			c |= Platform
			break
		}
	}
	if configFiles[base] || configExts[ext] || strings.HasSuffix(base, ".rockspec") || strings.HasSuffix(base, ".gemspec") ||
		strings.HasPrefix(base, ".") {
		// A dotfile configures a tool (.editorconfig, .gitattributes,
		// .prettierrc, .eslintrc.js): "charset" found .editorconfig's
		// `charset = utf-8` second among the code.
		c |= Config
	}
	if strings.HasSuffix(base, ".d.ts") || strings.HasSuffix(base, ".d.cts") || strings.HasSuffix(base, ".d.mts") || ext == ".pyi" ||
		ext == ".rbs" || ext == ".rbi" { // Ruby's signatures (RBS's, Sorbet's)
		c |= TypeStub
	}
	if chunker.BarrelName(p) {
		c |= Barrel
	}
	if legalFile(stem, ext) && (chunker.IsDoc(p) || chunker.Language(p, nil) == "text") {
		c |= Legal // a licence is prose; license.go is code about licences
	}
	return c
}

// legalNames open the names of licence and notice files (LICENSE,
// LICENSE-MIT, COPYING.LESSER, NOTICE.txt), lower case.
var legalNames = []string{"license", "licence", "copying", "notice", "patents", "copyright"}

// legalFile reports a licence or notice file by its lower-case stem and
// extension: a name legalNames open, alone or before "-" or "."
// ("notice_board" is no notice), or a third party's licence beside its
// files ("Material-Icons.LICENSE").
func legalFile(stem, ext string) bool {
	if ext == ".license" || ext == ".licence" {
		return true
	}
	for _, n := range legalNames {
		if strings.HasPrefix(stem, n) && (len(stem) == len(n) || stem[len(n)] == '-' || stem[len(n)] == '.') {
			return true
		}
	}
	return false
}

// nugetPackage reports a directory named as NuGet restores a package,
// its id and its version (`system.collections.immutable.6.0.0`), lower
// case: a monorepo's packages/ holds its own, named without a version.
func nugetPackage(d string) bool {
	i := strings.IndexFunc(d, func(r rune) bool { return r >= '0' && r <= '9' })
	if i < 2 || d[i-1] != '.' {
		return false
	}
	return strings.Count(d[i:], ".") >= 2 && strings.Trim(d[i:], "0123456789.-abcdefghijklmnopqrstuvwxyz") == ""
}

// examplePart reports a directory named for examples by its first or
// last part, its words joined by `-` or `_` (vue-router's
// `packages/playground-file-based/`, `examples-basic/`, `demo-app/`).
func examplePart(d string) bool {
	i := strings.IndexAny(d, "-_")
	if i <= 0 {
		return false
	}
	j := strings.LastIndexAny(d, "-_")
	return dirClasses[d[:i]] == Example || dirClasses[d[j+1:]] == Example
}

// vendoredPart reports a directory named for copied third-party code by
// its first or last words, joined by `-` or `_` (difftastic's
// `vendored_parsers/`, `third_party_parsers/`, `libs-vendored/`). A
// `vendor` word alone may be the code's subject (`vendor_portal/`).
func vendoredPart(d string) bool {
	for _, p := range []string{"vendored", "third_party", "third-party", "thirdparty", "3rdparty"} {
		if d == p || strings.HasPrefix(d, p+"_") || strings.HasPrefix(d, p+"-") || strings.HasSuffix(d, "_"+p) || strings.HasSuffix(d, "-"+p) {
			return true
		}
	}
	return false
}

// testingTool reports a file named for testing itself (test.ex,
// testing.py): below lib/, or in a package below src/ (werkzeug's
// src/werkzeug/test.py, its test client; jinja's src/jinja2/tests.py,
// its template tests), the library's tools for its users. A Rust
// crate's tests.rs is its module of tests wherever it is.
func testingTool(stem string) bool {
	return stem == "test" || stem == "tests" || stem == "testing"
}

// libraryTestTool reports a file below lib/ named test_… that is the
// library's tool for testing, not a test (plenary's lua/plenary/
// test_harness.lua, its test runner): only Python's test runners
// collect every test_ file as a test wherever it is. Dart runs tests from
// test/ alone: a _test.dart file below lib/ is the library's own (the
// bloc_test package's lib/src/bloc_test.dart).
func libraryTestTool(stem, ext string) bool {
	return strings.HasPrefix(stem, "test_") && ext != ".py" || ext == ".dart"
}

// dotNetTests reports a .NET test project's directory, named after the
// project it tests (`AutoMapper.Tests`, `Foo.Specs`, `Foo.IntegrationTests`),
// lower case.
func dotNetTests(d string) bool {
	for _, s := range []string{".tests", ".test", ".specs", ".unittests", ".unittest", ".integrationtests", ".integrationtest"} {
		if strings.HasSuffix(d, s) && len(d) > len(s) {
			return true
		}
	}
	return false
}

// testProject reports a directory named, in its own case, for the
// project it tests with a word of tests joined on (AutoFixture's
// `AutoFixtureUnitTest/`, Xcode's `ShelfTests/` and `ShelfUITests/`,
// `LoadTest/`): a word of tests after a lower-case letter or a digit, not
// `ABTest/` (an A/B test is a feature) nor `Latest/`.
func testProject(d string) bool {
	for _, s := range []string{"Tests", "Test", "Specs"} {
		if n := len(d) - len(s); n > 0 && strings.HasSuffix(d, s) {
			c := d[n-1]
			return c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
		}
	}
	return false
}

// mainSourceSet reports a directory d, below parent, that holds a build's
// main source set (Maven's and Gradle's src/main): the code it ships,
// whatever its classes are named.
func mainSourceSet(parent, d string) bool {
	return parent == "src" && d == "main"
}

// testExtension reports an extension only tests and their expected
// outputs have: `.test` (SQLite's and LLVM's), `.phpt` (PHP's), Jest's
// `.snap`, `.golden`, and a format's own test cases (caddy's
// `.caddyfiletest`), a name of four letters or more before "test" (not
// `.latest`).
func testExtension(ext string) bool {
	switch ext {
	case ".test", ".phpt", ".snap", ".golden":
		return true
	}
	name, ok := strings.CutSuffix(ext, "test")
	return ok && len(name) > 4
}

// isTestFile recognises test files by the naming conventions of the
// supported languages. In a main source set a class name says nothing
// (javapoet's MethodSpec.java is no Spock specification).
func isTestFile(stem, ext, p string, inMain bool) bool {
	switch {
	case strings.HasSuffix(stem, "_test") || strings.HasPrefix(stem, "test_"):
		return true
	case strings.HasSuffix(stem, "_spec") && ext != ".go":
		return true // RSpec's, busted's; Go's tests are _test.go alone (hcl's expand_spec.go is code)
	case strings.HasSuffix(stem, ".test") || strings.HasSuffix(stem, ".spec") || strings.HasSuffix(stem, "_tests"):
		return true
	case stem == "test" || stem == "tests" || stem == "conftest" || stem == "test_helper" || stem == "spec_helper":
		return true
	case stem == "test-suite" || stem == "test_suite":
		return true // a suite's one file (a protocol's mocha suite, test-suite.js)
	case stem == "testutil" || stem == "testutils" || stem == "test_util" || stem == "test_utils" || stem == "test_helpers":
		return true // helpers only tests use (ripgrep's testutil.rs)
	case ext == ".t":
		return true // Perl's tests, and Test::Nginx's
	case testExtension(ext):
		return true
	case ext == ".feature" || strings.HasSuffix(stem, ".steps"):
		return true // Gherkin scenarios and their steps (login.steps.ts)
	case strings.HasSuffix(stem, ".test-d") || strings.HasSuffix(stem, ".spec-d"):
		return true // TypeScript's type tests (store.test-d.ts, for tsd and Vitest)
	}
	// FooTest.java, FooTests.cs, FooSpec.scala, FooSuite.scala: by the
	// original case, since "latest.kt" is not a test. A Java or C# class
	// named …Spec is a specification the code models (TypeSpec,
	// V1PodSpec); Spock's specifications are Groovy.
	if inMain {
		return false
	}
	orig := path.Base(p)
	orig = strings.TrimSuffix(orig, path.Ext(orig))
	if ext == ".cs" {
		orig, _, _ = strings.Cut(orig, ".") // a partial class's part: GuardClauseAssertionTest.Generics.cs
	}
	for _, s := range []string{"Test", "Tests", "Spec", "Suite", "IT"} {
		if strings.HasSuffix(orig, s) && len(orig) > len(s) {
			if s == "Spec" && (ext == ".java" || ext == ".cs") {
				continue
			}
			switch ext {
			case ".java", ".kt", ".cs", ".scala", ".swift", ".php", ".groovy", ".ts", ".js":
				return true
			}
		}
	}
	return false
}
