package chunker

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenBudget is small enough that the small golden sources show every rule:
// merging, class headers with member chunks, and split functions.
const goldenBudget = 150

// checkChunks asserts the Split contract: sorted, non-overlapping, in-file
// 1-based ranges whose Content is exactly those lines, and a Doc that is
// part of the Content.
func checkChunks(t testing.TB, path string, src []byte, chunks []Chunk, budget int) {
	t.Helper()
	lines := splitKeepLines(string(src))
	prev := 0
	for i, c := range chunks {
		if c.StartLine < 1 || c.EndLine < c.StartLine || c.EndLine > len(lines) {
			t.Fatalf("%s: chunk %d has range %d-%d outside 1-%d", path, i, c.StartLine, c.EndLine, len(lines))
		}
		if c.StartLine <= prev {
			t.Fatalf("%s: chunk %d (%d-%d) overlaps or precedes line %d", path, i, c.StartLine, c.EndLine, prev)
		}
		prev = c.EndLine
		want := strings.Join(lines[c.StartLine-1:c.EndLine], "")
		want = strings.TrimSuffix(strings.TrimSuffix(want, "\n"), "\r")
		if c.Content != want {
			t.Fatalf("%s: chunk %d (%d-%d) content differs from its lines:\n%q\nwant\n%q", path, i, c.StartLine, c.EndLine, c.Content, want)
		}
		if c.Doc != "" && !strings.Contains(c.Content, c.Doc) {
			t.Fatalf("%s: chunk %d doc %q not in content", path, i, c.Doc)
		}
		if budget > 0 && approxTokens(c.Content) > 2*budget {
			t.Fatalf("%s: chunk %d (%d-%d) has %d tokens, over twice the budget %d", path, i, c.StartLine, c.EndLine, approxTokens(c.Content), budget)
		}
	}
}

// splitKeepLines splits text into lines that keep their terminators.
func splitKeepLines(text string) []string {
	if text == "" {
		return nil
	}
	return strings.SplitAfter(strings.TrimSuffix(text, "\n"), "\n")
}

// goldenLine renders a chunk for a golden file.
func goldenLine(c Chunk) string {
	doc := firstLine(c.Doc)
	if utf8.RuneCountInString(doc) > 50 {
		doc = string([]rune(doc)[:50]) + "…"
	}
	return fmt.Sprintf("%d-%d\t%s\t%s\tparent=%s\tdoc=%s", c.StartLine, c.EndLine, c.SymbolKind, c.Symbol, c.Parent, doc)
}

// TestGolden chunks every source file under testdata/<language>/ and
// compares the chunk list (lines, kind, symbol, parent, first doc line)
// with the file's .golden companion. Run with -update to rewrite them after
// a deliberate rule change, then review the diff.
func TestGolden(t *testing.T) {
	files, err := goldenSources()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, path := range files {
		if strings.HasSuffix(path, ".golden") || strings.HasSuffix(path, ".symbols") {
			continue
		}
		lang := filepath.Base(filepath.Dir(path))
		seen[lang] = true
		t.Run(filepath.ToSlash(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got := Language(path, src); got != lang {
				t.Fatalf("Language(%s) = %q, want %q", path, got, lang)
			}
			chunks := Split(path, src, Options{MaxTokens: goldenBudget})
			checkChunks(t, path, src, chunks, goldenBudget)
			var b strings.Builder
			for _, c := range chunks {
				b.WriteString(goldenLine(c))
				b.WriteByte('\n')
			}
			compareGolden(t, path+".golden", b.String())
			b.Reset()
			for _, sym := range Symbols(path, src) {
				fmt.Fprintf(&b, "%d-%d\t%s\t%s\tparent=%s\tsig=%s\n", sym.StartLine, sym.EndLine, sym.Kind, sym.Name, sym.Parent, sym.Signature)
			}
			compareGolden(t, path+".symbols", b.String())
		})
	}
	if len(seen) == 0 {
		t.Fatal("no golden sources found")
	}
}

// compareGolden compares got with the golden file, or rewrites it with
// -update.
func compareGolden(t *testing.T, golden, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -run TestGolden -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s:\n got:\n%s\nwant:\n%s", golden, got, want)
	}
}

// TestDocAttached checks the exact Doc texts the embedding model mines.
func TestDocAttached(t *testing.T) {
	cases := []struct {
		path, src, symbol, doc string
	}{
		{"a.go", "package a\n\n// Add returns\n// the sum.\nfunc Add(a, b int) int {\n\treturn a + b\n}\n",
			"Add", "// Add returns\n// the sum."},
		{"b.go", "package a\n\n//go:generate stringer\n// Add returns the sum.\n//go:noinline\nfunc Add(a, b int) int {\n\treturn a + b\n}\n",
			"Add", "// Add returns the sum."},
		{"c.py", "# helper\ndef add(a, b):\n    return a + b\n", "add", ""},
		{"a.rs", "/// Adds.\n#[inline]\npub fn add(a: i32) -> i32 {\n    a\n}\n", "add", "/// Adds."},
		{"a.py", "def add(a, b):\n    \"\"\"Return the sum.\"\"\"\n    return a + b\n",
			"add", `"""Return the sum."""`},
		{"a.js", "// not a doc\n/**\n * Sum.\n */\nfunction add(a, b) {\n  return a + b;\n}\n",
			"add", "/**\n * Sum.\n */"},
		{"a.ts", "class A {\n  /** Sum. */\n  add(a: number): number {\n    return a;\n  }\n}\n",
			"A", ""},
	}
	for _, tc := range cases {
		chunks := Split(tc.path, []byte(tc.src), Options{})
		checkChunks(t, tc.path, []byte(tc.src), chunks, 0)
		found := false
		for _, c := range chunks {
			if c.Symbol == tc.symbol {
				found = true
				if c.Doc != tc.doc {
					t.Errorf("%s: Doc of %s = %q, want %q", tc.path, tc.symbol, c.Doc, tc.doc)
				}
			}
		}
		if !found {
			t.Errorf("%s: no chunk for %s in %+v", tc.path, tc.symbol, chunks)
		}
	}
}

// TestSymbolDocs checks that Symbols gives every declaration its own exact
// Doc, also where merging put several declarations into one chunk.
func TestSymbolDocs(t *testing.T) {
	src := "class A {\n  // not javadoc\n  /** Adds. */\n  @Override\n  int add(int a) { return a; }\n\n  /** Subtracts. */\n  int sub(int a) { return -a; }\n}\n"
	got := map[string]Symbol{}
	for _, s := range Symbols("A.java", []byte(src)) {
		got[s.Name] = s
	}
	want := map[string]Symbol{
		"A":   {Name: "A", Kind: "class", Signature: "class A", StartLine: 1, EndLine: 9},
		"add": {Name: "add", Kind: "method", Parent: "A", Signature: "@Override int add(int a)", StartLine: 2, EndLine: 5, Doc: "/** Adds. */"},
		"sub": {Name: "sub", Kind: "method", Parent: "A", Signature: "int sub(int a)", StartLine: 7, EndLine: 8, Doc: "/** Subtracts. */"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Symbols:\n got %+v\nwant %+v", got, want)
	}
	if chunks := Split("A.java", []byte(src), Options{}); len(chunks) != 1 {
		t.Errorf("small class: %d chunks, want 1", len(chunks))
	}
}

// TestSplitFunctionPieces checks that an oversized function is cut at
// statement boundaries into pieces that all name the function and whose
// EmbedText starts with its signature.
func TestSplitFunctionPieces(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("package a\n\n// Big does a lot.\nfunc Big(x int) int {\n")
	for i := 0; i < 60; i++ {
		fmt.Fprintf(&b, "\tif x > %d {\n\t\tx -= %d\n\t}\n", i, i)
	}
	b.WriteString("\treturn x\n}\n")
	src := b.Bytes()
	chunks := Split("big.go", src, Options{MaxTokens: 100})
	checkChunks(t, "big.go", src, chunks, 100)
	if chunks[0].SymbolKind != "imports" || chunks[0].Content != "package a" {
		t.Fatalf("first chunk %+v, want the package header", chunks[0])
	}
	chunks = chunks[1:]
	if len(chunks) < 3 {
		t.Fatalf("got %d chunks, want the function split into several", len(chunks))
	}
	for i, c := range chunks {
		if c.Symbol != "Big" || c.SymbolKind != "function" || c.Signature != "func Big(x int) int" {
			t.Fatalf("piece %d: symbol %q kind %q sig %q", i, c.Symbol, c.SymbolKind, c.Signature)
		}
		if !strings.HasPrefix(c.EmbedText(), "func Big(x int) int") && !strings.HasPrefix(c.EmbedText(), "// Big does") {
			t.Errorf("piece %d EmbedText does not start with the signature:\n%s", i, c.EmbedText())
		}
		if i > 0 {
			first := strings.TrimSpace(firstLine(c.Content))
			if !strings.HasPrefix(first, "if x >") && !strings.HasPrefix(first, "return") {
				t.Errorf("piece %d starts mid-statement: %q", i, first)
			}
			if c.Doc != "" {
				t.Errorf("piece %d repeats the doc", i)
			}
		}
	}
	if chunks[0].Doc != "// Big does a lot." {
		t.Errorf("first piece Doc = %q", chunks[0].Doc)
	}
}

func TestOptionsCountTokens(t *testing.T) {
	src := []byte("package a\n\nfunc A() {}\n\nfunc B() {}\n\nfunc C() {}\n")
	// A counter that makes every line expensive forces one chunk per function.
	count := func(s string) int { return 100 * strings.Count(s, "\n") }
	chunks := Split("a.go", src, Options{MaxTokens: 150, CountTokens: count})
	checkChunks(t, "a.go", src, chunks, 0)
	if len(chunks) < 3 {
		t.Fatalf("CountTokens ignored: %d chunks", len(chunks))
	}
	if n := len(Split("a.go", src, Options{})); n != 1 {
		t.Fatalf("default counting: %d chunks, want the small file merged into 1", n)
	}
}

// A class whose doc block is padded into columns, its average line over
// the minified bound only by its blanks, is parsed: it had lost every
// declaration.
func TestPaddedDocBlockIsNoMinifiedCode(t *testing.T) {
	var b strings.Builder
	b.WriteString("<?php\nnamespace Chrono;\n\n/**\n")
	for i := 0; i < 300; i++ {
		fmt.Fprintf(&b, " * @property int%s$field%d%sthe field's value\n", strings.Repeat(" ", 150), i, strings.Repeat(" ", 200))
	}
	b.WriteString(" */\nclass Moment\n{\n    public function addDays(int $n): static\n    {\n        return $this;\n    }\n}\n")
	var got []string
	for _, s := range Symbols("Moment.php", []byte(b.String())) {
		got = append(got, s.Qualified())
	}
	if strings.Join(got, " ") != "Moment Moment.addDays" {
		t.Errorf("outline %v, want Moment and Moment.addDays", got)
	}
}

func TestGeneratedAndMinified(t *testing.T) {
	line := "var a=" + strings.Repeat("1+", 250_000) + "1;\n"
	src := []byte(line)
	chunks := Split("app.min.js", src, Options{})
	checkChunks(t, "app.min.js", src, chunks, DefaultMaxTokens)
	for _, c := range chunks {
		if approxTokens(c.Content) > 2*DefaultMaxTokens {
			t.Fatalf("minified line became a %d-token chunk", approxTokens(c.Content))
		}
	}
	var b strings.Builder
	b.WriteString("// Code generated by stringer; DO NOT EDIT.\n\npackage a\n\n")
	for i := 0; i < 300; i++ {
		fmt.Fprintf(&b, "const C%d = %d\n", i, i)
	}
	gen := []byte(b.String())
	chunks = Split("gen.go", gen, Options{})
	checkChunks(t, "gen.go", gen, chunks, DefaultMaxTokens)
	if len(chunks) < 2 {
		t.Fatalf("generated file: %d chunks", len(chunks))
	}
}

// A file says a generator wrote it in many words and cases; it is then
// marked as built. A file that only speaks of generated code is not.
func TestGeneratedHeaders(t *testing.T) {
	for src, want := range map[string]bool{
		"// Code generated by build-validation.js. DO NOT EDIT.\n":                                                                  true,
		"// This file is autogenerated by build/build-validation.js, do not edit\n":                                                 true,
		"// This file is auto-generated by build/build-validation.js, do not edit\n":                                                true,
		"// AUTOGENERATED FILE - DO NOT EDIT\n":                                                                                     true,
		"/* eslint-disable */\n// This file was automatically generated. Do not modify.\n":                                          true,
		"// @generated\n'use strict'\n":                                                                                             true,
		"// Package gen writes the generated tables.\n// Do not edit by hand:\n":                                                    false,
		"// Tables are generated at build time.\npackage x\n":                                                                       false,
		"/* A Bison parser, made by GNU Bison 3.8.2.  */\n":                                                                         true,
		"#line 2 \"lexer.c\"\n\n/* A lexical scanner generated by flex */\n":                                                        true,
		"/* The parser is generated by bison from grammar.y. */\n":                                                                  false,
		"/* ANSI-C code produced by gperf version 3.1 */\n/* Command-line: gperf -n -C unicode_fold1_key.gperf */\n":                true,
		"/* automatically generated by rust-bindgen 0.72.1 */\n":                                                                    true,
		"// Autogenerated by Thrift Compiler (0.19.0)\n":                                                                            true,
		"// This helper is automatically generated by the macro below when missing.\n":                                              false,
		"export function emit() {\n  return `\n// Generated by emitter. DO NOT MODIFY THIS FILE\n`\n}\n":                            false, // a generator's template
		"#!/usr/bin/env python3\n# -*- coding: utf-8 -*-\n# Generated by the protocol buffer compiler.  DO NOT EDIT!\nimport sys\n": true,
		// A file saying it was generated, with the instructions after it,
		// and a warning above the line saying so.
		"# This file is automatically generated by running `shelf generate-completions`.\n# See completions/fish.erb for editing instructions.\n": true,
		"// THIS FILE IS AUTO-GENERATED. You can regenerate it by running `go generate ./...`.\n":                                                 true,
		"# typed: true\n\n# DO NOT EDIT MANUALLY\n# This is an autogenerated file for dynamic methods in `Keg`.\n":                                true,
		"# Do not edit this list by hand.\n# It is kept in order of the release notes.\n# Our test tables are generated at build time.\n":         false,
		"// The file is loaded before the generated code runs.\n":                                                                                 false,
		// .NET's markers, after a byte order mark too.
		"\ufeff// <auto-generated /> // kept as-is, shared with other repos\nnamespace Demo;\n":                                                                                        false, // silences analyzers, no generator's
		"\ufeff//------------------------------------------------------------------------------\n// <autogenerated>\n//     This code was generated by a tool.\n// </autogenerated>\n": true,
		"\ufeff// AUTO GENERATED FILE. DO NOT MODIFY.\nnamespace Demo;\n":                                                                                                              true,
		// A banner under the lines a file must open with.
		"<?php declare(strict_types=1);\n\nnamespace Shelf\\Parser;\n\nuse Shelf\\Node;\n\n/* This is an automatically GENERATED file, which should not be manually edited.\n */\nclass Shelf {}\n": true,
		"package shelf.tables;\n\nimport java.util.Map;\n// Code generated by tablegen. DO NOT EDIT.\nclass Tables {}\n":                                                                            true,
		"<?php\n\nnamespace Shelf;\n\nclass Shelf {}\n// generated by tablegen, do not edit\n":                                                                                                      false,
	} {
		if got := FileMarks("javascript", []byte(src))&MarkBuilt != 0; got != want {
			t.Errorf("FileMarks(%q) built = %v, want %v", src, got, want)
		}
	}
}

// TestConcurrentSplit runs Split from many goroutines at once: parsers are
// pooled, never shared, so results must equal the sequential ones (run
// with -race).
func TestConcurrentSplit(t *testing.T) {
	files, _ := goldenSources()
	type job struct {
		path string
		src  []byte
		want []Chunk
	}
	var jobs []job
	for _, path := range files {
		if strings.HasSuffix(path, ".golden") || strings.HasSuffix(path, ".symbols") {
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, job{path, src, Split(path, src, Options{})})
	}
	errs := make(chan string, 8*len(jobs))
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := range jobs {
				j := jobs[(i+g)%len(jobs)]
				if got := Split(j.path, j.src, Options{}); !reflect.DeepEqual(got, j.want) {
					errs <- j.path
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for p := range errs {
		t.Errorf("concurrent Split of %s differs from sequential", p)
	}
}

func TestLanguage(t *testing.T) {
	cases := []struct{ path, src, want string }{
		{"main.go", "", "go"},
		{"x.PY", "", "python"},
		{"comp.tsx", "", "tsx"},
		{"lib.hpp", "", "cpp"},
		{"lib.h", "#pragma once\nint f(void);\n", "c"},
		{"lib.h", "#pragma once\nnamespace x {\nclass A {\npublic:\n};\n}\n", "cpp"},
		{"time.h", "namespace other {\nint now();\n}\n", "cpp"}, // a marker opening the file
		{"Rakefile", "", "ruby"},
		{"run", "#!/usr/bin/env python3\nprint(1)\n", "python"},
		{"run", "#!/usr/bin/env -S python3.12 -u\n", "python"},
		{"run", "#!/bin/bash -e\n", "bash"},
		{"run", "#!/usr/local/bin/lua5.4\n", "lua"},
		{"run", "#!/usr/bin/env node\n", "javascript"},
		{"notes", "just text\n", "text"},
		{"README.md", "", "markdown"},
		{"guide.rst", "", "restructuredtext"},
		// A build's template is read as what it is written into.
		{"assets/completions/bat.zsh.in", "", "bash"},
		{"config.h.in", "", "c"},
		{"Makefile.in", "", "make"},
		{"plugin.in", "", "text"},
		// A file shipped built, or to be copied, is what its name before
		// the suffix says.
		{"phpunit.xml.dist", "", "xml"},
		{"config.php.dist", "", "php"},
		{"release.dist", "", "text"},
		// re2c's lexer source is C; a ReasonML module of the suffix is not.
		{"src/lexer.re", "#include \"lexer.h\"\n\nint next_token(lexer *l) {\n  /*!re2c\n    [a-z]+ { return IDENT; }\n  */\n}\n", "c"},
		{"src/App.re", "let greeting = \"hello\";\n", "text"},
	}
	for _, c := range cases {
		if got := Language(c.path, []byte(c.src)); got != c.want {
			t.Errorf("Language(%q, %q) = %q, want %q", c.path, c.src, got, c.want)
		}
	}
	if !IsDoc("CHANGES") || !IsDoc("doc/NEWS") || IsDoc("scripts/install") || IsDoc("news") {
		t.Errorf("CHANGES and NEWS are documentation, an install script or a lower-case name is not")
	}
	for p, want := range map[string]bool{"docs/INFO": true, "THANKS": true, "LICENSE-MIT": true, "RELEASE-NOTES": true,
		"ChangeLog": true, "Changes": true, "changes": false, "Makefile": false, "doc/shelf.xml.in": true, "src/shelf.xml": false,
		"BUILD": false, "third_party/WORKSPACE": false, "GO": false, "CMakeLists.txt": false} {
		if IsDoc(p) != want {
			t.Errorf("IsDoc(%q) = %v, want %v: a name in capitals is prose, but a build file's", p, !want, want)
		}
	}
	if !IsDoc("assets/manual/bat.1.in") || !IsDoc("tool.1.prebuilt") || IsDoc("config.h.in") {
		t.Errorf("a man page's template is documentation, a header's is not")
	}
	// A shebang script without extension is chunked with its grammar.
	src := []byte("#!/usr/bin/env python3\n\ndef main():\n    \"\"\"Entry point.\"\"\"\n    return 0\n")
	chunks := Split("bin/tool", src, Options{})
	if len(chunks) != 1 || chunks[0].Symbol != "main" || chunks[0].Doc != `"""Entry point."""` {
		t.Errorf("shebang script chunks: %+v", chunks)
	}
}

func TestEmbedText(t *testing.T) {
	piece := Chunk{Content: "\treturn x\n}", Symbol: "Big", SymbolKind: "function", Signature: "func Big(x int) int"}
	if got, want := piece.EmbedText(), "func Big(x int) int\n\treturn x\n}"; got != want {
		t.Errorf("later piece: EmbedText = %q, want %q", got, want)
	}
	whole := Chunk{Content: "func Big(x int) int {\n\treturn x\n}", Symbol: "Big", SymbolKind: "function", Signature: "func Big(x int) int"}
	if got := whole.EmbedText(); got != whole.Content {
		t.Errorf("whole function: EmbedText = %q, want the content", got)
	}
	method := Chunk{Content: "    def get(self):\n        return 1", Symbol: "Jar.get", SymbolKind: "method", Parent: "Jar", Signature: "def get(self)"}
	if got, want := method.EmbedText(), "Jar\n"+method.Content; got != want {
		t.Errorf("method: EmbedText = %q, want %q", got, want)
	}
	goMethod := Chunk{Content: "func (j *Jar) Get() int { return 1 }", Symbol: "Jar.Get", SymbolKind: "method", Parent: "Jar", Signature: "func (j *Jar) Get() int"}
	if got := goMethod.EmbedText(); got != goMethod.Content {
		t.Errorf("Go method: EmbedText = %q, want the content", got)
	}
	section := Chunk{Content: "More text.", Symbol: "Install > Linux", SymbolKind: "section"}
	if got, want := section.EmbedText(), "Install > Linux\nMore text."; got != want {
		t.Errorf("section piece: EmbedText = %q, want %q", got, want)
	}
	nested := Chunk{Content: "### Linux\n\nText.", Symbol: "Install > Linux", SymbolKind: "section"}
	if got, want := nested.EmbedText(), "Install > Linux\n### Linux\n\nText."; got != want {
		t.Errorf("nested section: EmbedText = %q, want %q", got, want)
	}
	top := Chunk{Content: "# Install\n\nText.", Symbol: "Install", SymbolKind: "section"}
	if got := top.EmbedText(); got != top.Content {
		t.Errorf("top section: EmbedText = %q, want the content", got)
	}
}

// TestWrapperTail covers a wrapper whose declarations sit in the first
// branch: the rest of the wrapper (the else branch, with its own
// declarations) must be chunked too, not swallowed by the last chunk.
func TestWrapperTail(t *testing.T) {
	var b strings.Builder
	b.WriteString("import sys\n\nif sys.platform == 'win32':\n")
	for i := 0; i < 4; i++ {
		fmt.Fprintf(&b, "    def win%d(x):\n        y = x + %d\n        return y * y + %d\n\n", i, i, i)
	}
	b.WriteString("else:\n")
	for i := 0; i < 4; i++ {
		fmt.Fprintf(&b, "    def posix%d(x):\n        y = x - %d\n        return y * y - %d\n\n", i, i, i)
	}
	src := []byte(b.String())
	chunks := Split("plat.py", src, Options{MaxTokens: 60})
	checkChunks(t, "plat.py", src, chunks, 60)
	var names []string
	for _, c := range chunks {
		names = append(names, c.Symbol)
	}
	got := strings.Join(names, " | ")
	for _, want := range []string{"win0", "win3", "posix0", "posix3"} {
		if !strings.Contains(got, want) {
			t.Errorf("no chunk names %s: %s", want, got)
		}
	}
	if last := chunks[len(chunks)-1]; approxTokens(last.Content) > 60 {
		t.Errorf("last chunk has %d tokens: the else branch was swallowed", approxTokens(last.Content))
	}
}

// goldenSources lists the sample sources under testdata/LANG/, leaving out
// the golden files beside them and the fuzz seeds under testdata/fuzz/.
func goldenSources() ([]string, error) {
	all, err := filepath.Glob("testdata/*/*")
	var files []string
	for _, path := range all {
		if !strings.HasPrefix(filepath.ToSlash(path), "testdata/fuzz/") {
			files = append(files, path)
		}
	}
	return files, err
}

// TestSplitLeavesNoThinTail checks that the last piece of a split function
// is never its closing lines alone ("return nil }"), whatever the
// function's length: such a piece means nothing of its own, yet it carries
// the function's signature and so outranks the body for the function's
// name.
func TestSplitLeavesNoThinTail(t *testing.T) {
	const budget = 100
	for n := 4; n < 40; n++ {
		var b bytes.Buffer
		b.WriteString("package a\n\nfunc Big(x int) error {\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "\tx = step%02d(x)\n", i)
		}
		b.WriteString("\treturn nil\n}\n")
		src := b.Bytes()
		chunks := Split("big.go", src, Options{MaxTokens: budget})
		checkChunks(t, "big.go", src, chunks, budget)
		for i, c := range chunks {
			if i < 2 || c.Symbol != "Big" {
				continue
			}
			if tok := (len(c.Content) + 3) / 4; tok < budget/16 {
				t.Fatalf("%d statements: piece %d is %d tokens, %q", n, i, tok, c.Content)
			}
		}
	}
}

// A class that fills a function (httpx's test with a fake transport) is
// the function's member, and its methods are the class's: the outline
// listed the methods as the function's and left the class out.
func TestClassInsideAFunction(t *testing.T) {
	src := "def test_context_managed_transport():\n    class Transport(httpx.BaseTransport):\n        def __init__(self) -> None:\n            self.events: list[str] = []\n\n        def close(self):\n            # The base implementation just calls into .close, so\n            # simple transport cases can just override this method\n            # for any cleanup, where more complex cases might\n            # want to override __enter__ and __exit__ too.\n            self.events.append(\"transport.close\")\n\n        def __enter__(self):\n            super().__enter__()\n            self.events.append(\"transport.__enter__\")\n\n        def __exit__(self, *args):\n            super().__exit__(*args)\n            self.events.append(\"transport.__exit__\")\n\n    transport = Transport()\n    with httpx.Client(transport=transport):\n        pass\n\n    assert transport.events == [\n        \"transport.__enter__\",\n        \"transport.close\",\n        \"transport.__exit__\",\n    ]\n"
	got := map[string]string{}
	for _, s := range Symbols("test_client.py", []byte(src)) {
		got[s.Name] = s.Kind + " " + s.Parent
	}
	want := map[string]string{
		"test_context_managed_transport": "function ",
		"Transport":                      "class test_context_managed_transport",
		"__init__":                       "method test_context_managed_transport.Transport",
		"close":                          "method test_context_managed_transport.Transport",
		"__enter__":                      "method test_context_managed_transport.Transport",
		"__exit__":                       "method test_context_managed_transport.Transport",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("outline %v, want %v", got, want)
	}
}

// An outline lists what a name can find: not Ruby's `class << self`
// (its methods are the class's), nor Go's blank identifier; Swift's
// deinit and subscripts are named.
func TestOutlineNamesEveryDeclaration(t *testing.T) {
	for path, src := range map[string]string{
		"task.rb":       "class Task\n  class << self\n    def clear\n      1\n    end\n  end\nend\n",
		"subject.swift": "final class Subject {\n    deinit {\n        print(1)\n    }\n}\n",
		"routes.go":     "package gin\n\nvar _ IRouter = (*RouterGroup)(nil)\n\nvar (\n\t_ Render = JSON{}\n\t_ Render = XML{}\n)\n",
	} {
		for _, s := range Symbols(path, []byte(src)) {
			if strings.Trim(s.Name, "_, ") == "" {
				t.Errorf("%s lists a %s without a name at %d (%q)", path, s.Kind, s.StartLine, s.Signature)
			}
		}
	}
	if syms := Symbols("subject.swift", []byte("final class Subject {\n    deinit {\n        print(1)\n    }\n}\n")); len(syms) != 2 || syms[1].Name != "deinit" {
		t.Errorf("swift outline %+v, want Subject and its deinit", syms)
	}
	// A subscript is named by its keyword, not by the type it returns.
	if syms := Symbols("grid.swift", []byte("struct Grid {\n    subscript(row: Int, col: Int) -> Int? {\n        nil\n    }\n}\n")); len(syms) != 2 || syms[1].Name != "subscript" {
		t.Errorf("swift outline %+v, want Grid and its subscript", syms)
	}
}

// A Go interface's methods are listed under it, as `find_definition
// Binding.Bind` finds them; its chunks stay whole.
func TestGoInterfaceMethodsInTheOutline(t *testing.T) {
	src := "package binding\n\n// Binding describes a binding.\ntype Binding interface {\n\t// Name returns the name.\n\tName() string\n\tBind(*http.Request, any) error\n\tio.Reader\n}\n"
	var got []string
	for _, s := range Symbols("binding.go", []byte(src)) {
		got = append(got, s.Name+" "+s.Kind+" "+s.Parent)
	}
	want := []string{"Binding interface ", "Name method Binding", "Bind method Binding"}
	if !slices.Equal(got, want) {
		t.Errorf("outline %q, want %q", got, want)
	}
}

// A bare class head opens its first member's chunk, also when that
// member is split into pieces: `class Binder {` is no chunk of its own
// without a declaration's name.
func TestBareHeadOpensASplitFirstMember(t *testing.T) {
	var b strings.Builder
	b.WriteString("package demo;\n\nclass Binder {\n")
	for _, m := range []string{"plain", "other"} {
		fmt.Fprintf(&b, "  int %s(Object[] values) {\n    int total = 0;\n", m)
		for i := 0; i < 30; i++ {
			fmt.Fprintf(&b, "    total += values.length * %d; // step %d of the accumulation loop\n", i, i)
		}
		b.WriteString("    return total;\n  }\n\n")
	}
	b.WriteString("}\n")
	chunks := Split("Binder.java", []byte(b.String()), Options{})
	for _, c := range chunks {
		if c.Symbol == "" && c.SymbolKind != "imports" {
			t.Errorf("chunk %d-%d has no symbol: %q", c.StartLine, c.EndLine, c.Content)
		}
	}
	if c := chunks[1]; c.StartLine != 3 || c.Symbol != "Binder.plain" {
		t.Errorf("second chunk %d-%d %q, want the first piece of Binder.plain from the class line 3", c.StartLine, c.EndLine, c.Symbol)
	}
}

// A magic comment above a block too big for one chunk (Ruby's `#
// frozen_string_literal: true` over a file-long DSL call) opens the
// block's first piece instead of making a chunk of its own line.
func TestLoneCommentsOpenTheBigBlock(t *testing.T) {
	var body strings.Builder
	for i := range 60 {
		body.WriteString("  option :shelf_" + strings.Repeat("x", i%9+1) + ", default: true\n")
	}
	src := "# frozen_string_literal: true\n\nShelf.add_selector(:select) do\n" + body.String() + "end\n"
	chunks := Split("lib/shelf/selector.rb", []byte(src), Options{MaxTokens: 200})
	if len(chunks) < 2 {
		t.Fatalf("want the block split, got %d chunk(s)", len(chunks))
	}
	if c := chunks[0]; c.StartLine != 1 || c.EndLine <= 2 {
		t.Errorf("first chunk lines %d-%d, want the magic comment opening the block's first piece", c.StartLine, c.EndLine)
	}
}

// A generated file's declarations are in its graph for def and refs
// (syn's gen/visit.rs declares its Visit trait); it is chunked by line
// windows and ranks as built.
func TestGeneratedFileKeepsItsDeclarations(t *testing.T) {
	src := "// This file is @generated by syn-internal-codegen.\n// It is not intended for manual editing.\n\npub trait Visit {\n    fn visit_abi(&mut self, node: &Abi) {\n        visit_abi(self, node);\n    }\n}\n\npub fn visit_abi<V: Visit + ?Sized>(v: &mut V, node: &Abi) {\n    v.visit_token(&node.extern_token);\n}\n"
	a, err := Analyze("src/gen/visit.rs", []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Marks&MarkBuilt == 0 {
		t.Errorf("marks %v: want built", a.Marks)
	}
	declared := map[string]bool{}
	if a.Graph != nil {
		for _, d := range a.Graph.Defs {
			declared[d.Name] = true
		}
	}
	if !declared["Visit"] || !declared["visit_abi"] {
		t.Errorf("graph declares %v: want Visit and visit_abi", declared)
	}
	if len(a.Chunks) == 0 {
		t.Errorf("no chunks")
	}
}
