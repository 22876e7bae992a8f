package chunker

import (
	"fmt"
	"strings"
	"testing"
)

// longComment returns n lines of a line comment with the given marker.
func longComment(marker string, n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "  %s The middleware describes its hooks, line %d of a long explanation.\n", marker, i)
	}
	return b.String()
}

// rubyModuleDoc has the shape of rack's events.rb, static.rb and
// sendfile.rb: a long doc comment between "module Rack" and the class it
// documents. tree-sitter-ruby puts that comment in the module node, outside
// its body, which once made the module's head re-split itself forever.
func rubyModuleDoc() []byte {
	var b strings.Builder
	b.WriteString("# frozen_string_literal: true\n\nmodule Rack\n")
	b.WriteString(longComment("#", 60))
	b.WriteString("\n  class Events\n")
	for i := 0; i < 30; i++ {
		fmt.Fprintf(&b, "    def on_event_%d(req, res)\n      res.call(req, %d)\n    end\n\n", i, i)
	}
	b.WriteString("  end\nend\n")
	return []byte(b.String())
}

// TestRubyModuleDocNoRecursion is the regression test for the stack
// overflow of issue 13: the file must chunk, the doc comment must be in a
// chunk of the module, and the class's methods in chunks of their own.
func TestRubyModuleDocNoRecursion(t *testing.T) {
	src := rubyModuleDoc()
	for _, budget := range []int{64, 150, DefaultMaxTokens} {
		chunks := Split("lib/rack/events.rb", src, Options{MaxTokens: budget})
		checkChunks(t, "events.rb", src, chunks, budget)
		var doc, method bool
		for _, c := range chunks {
			if strings.Contains(c.Content, "line 0 of a long") && c.Symbol == "Rack" {
				doc = true
			}
			if strings.Contains(c.Content, "def on_event_29(") && c.Parent == "Events" && !strings.Contains(c.Content, "line 0 of a long") {
				method = true
			}
		}
		if !doc || !method {
			t.Errorf("budget %d: doc comment in a Rack chunk: %v, last method in a chunk of class Events: %v\n%s", budget, doc, method, describe(chunks))
		}
	}
	syms := Symbols("events.rb", src)
	if len(syms) < 32 {
		t.Fatalf("Symbols found %d declarations, want the module, the class and 30 methods", len(syms))
	}
	if syms[0].Name != "Rack" || syms[0].Signature != "module Rack" {
		t.Errorf("first symbol %q with signature %q, want Rack with \"module Rack\" (the doc comment is not the signature)", syms[0].Name, syms[0].Signature)
	}
}

// describe lists chunks one a line for failure messages.
func describe(chunks []Chunk) string {
	var b strings.Builder
	for _, c := range chunks {
		fmt.Fprintf(&b, "%d-%d %s %q\n", c.StartLine, c.EndLine, c.SymbolKind, c.Symbol)
	}
	return b.String()
}

// nester describes how one language nests containers, for inputs that
// are deep and carry long comments at every level.
type nester struct {
	path, comment, open, member, close string // open and member take the level
}

// nesters covers every language with a grammar.
var nesters = []nester{
	{"a.go", "//", "func F%d() {\n\tg := func() {\n", "\t\tx%d := 1\n\t\t_ = x\n", "\t}\n\tg()\n}\n"},
	{"a.py", "#", "class C%d:\n", "    def m%d(self):\n        return 1\n", ""},
	{"a.js", "//", "function f%d() {\n", "  function g%d() { return 1; }\n", "}\n"},
	{"a.ts", "//", "namespace N%d {\n", "  export function g%d(): number { return 1; }\n", "}\n"},
	{"a.tsx", "//", "namespace N%d {\n", "  export function g%d() { return <div/>; }\n", "}\n"},
	{"A.java", "//", "class C%d {\n", "  int m%d() { return 1; }\n", "}\n"},
	{"a.rs", "//", "mod m%d {\n", "    fn f%d() -> i32 { 1 }\n", "}\n"},
	{"a.c", "//", "void f%d(void) {\n{\n", "  int x%d = 1;\n", "}\n}\n"},
	{"a.cpp", "//", "namespace n%d {\n", "  int f%d() { return 1; }\n", "}\n"},
	{"a.cs", "//", "namespace N%d {\n", "  class C%d { int M() { return 1; } }\n", "}\n"},
	{"a.rb", "#", "module M%d\n", "  def m%d\n    1\n  end\n", "end\n"},
	{"a.php", "//", "function f%d() {\n", "  $x%d = function() { return 1; };\n", "}\n"},
	{"a.kt", "//", "class C%d {\n", "  fun m%d(): Int = 1\n", "}\n"},
	{"a.swift", "//", "class C%d {\n", "  func m%d() -> Int { return 1 }\n", "}\n"},
	{"a.scala", "//", "object O%d {\n", "  def m%d: Int = 1\n", "}\n"},
	{"a.sh", "#", "f%d() {\n", "  echo %d\n", "}\n"},
	{"a.lua", "--", "function f%d()\n", "  local x%d = 1\n", "end\n"},
}

// nested builds a file of depth nested containers, each preceded by
// commentLines of comment and holding one member before the next level.
// Python nests by indentation, the others by open and close lines.
func nested(n nester, depth, commentLines int) []byte {
	var b strings.Builder
	if n.path == "a.php" {
		b.WriteString("<?php\n")
	}
	for i := 0; i < depth; i++ {
		ind := ""
		if n.path == "a.py" {
			ind = strings.Repeat("    ", i)
		}
		for j := 0; j < commentLines; j++ {
			fmt.Fprintf(&b, "%s%s level %d, line %d of a long comment that explains the container below it.\n", ind, n.comment, i, j)
		}
		fmt.Fprintf(&b, ind+n.open, i)
		fmt.Fprintf(&b, indentLines(ind, n.member), i)
	}
	for i := 0; i < depth; i++ {
		b.WriteString(n.close)
	}
	return []byte(b.String())
}

func indentLines(ind, text string) string {
	if ind == "" {
		return text
	}
	return ind + strings.ReplaceAll(strings.TrimSuffix(text, "\n"), "\n", "\n"+ind) + "\n"
}

// TestDeepNestingEveryLanguage chunks containers nested far beyond
// maxSplitDepth, with long comments at every level, in every language:
// chunking must finish within the file's work budget, keep the Split
// contract and leave no non-blank line out.
func TestDeepNestingEveryLanguage(t *testing.T) {
	for _, n := range nesters {
		t.Run(n.path, func(t *testing.T) {
			src := nested(n, 3*maxSplitDepth, 12)
			chunks := Split(n.path, src, Options{MaxTokens: 150})
			checkChunks(t, n.path, src, chunks, 150)
			if missing := uncovered(src, chunks); missing > 0 {
				t.Errorf("%d non-blank lines in no chunk\n%s", missing, describe(chunks))
			}
			if syms := Symbols(n.path, src); len(syms) == 0 {
				t.Errorf("no symbols")
			}
		})
	}
}

// uncovered counts the non-blank lines of src that are in no chunk.
func uncovered(src []byte, chunks []Chunk) int {
	lines := splitKeepLines(string(src))
	in := make([]bool, len(lines)+1)
	for _, c := range chunks {
		for l := c.StartLine; l <= c.EndLine; l++ {
			in[l] = true
		}
	}
	missing := 0
	for i, l := range lines {
		if strings.TrimSpace(l) != "" && !in[i+1] {
			missing++
		}
	}
	return missing
}

// TestWorkBudgetFallsBackToWindows runs a file out of its work budget
// part way through: the declarations chunked before that keep their
// names, the rest of the file is still covered, by line windows.
func TestWorkBudgetFallsBackToWindows(t *testing.T) {
	var b strings.Builder
	b.WriteString("package a\n\n")
	for i := 0; i < 40; i++ {
		// Each function is over the budget, so packing it costs work.
		fmt.Fprintf(&b, "// F%d does step %d.\nfunc F%d(x int) int {\n", i, i, i)
		for j := 0; j < 30; j++ {
			fmt.Fprintf(&b, "\tif x > %d {\n\t\tx -= %d\n\t}\n", j, j)
		}
		b.WriteString("\treturn x\n}\n\n")
	}
	src := []byte(b.String())
	s := newSource(src, nil)
	tree, err := poolFor("go").parse(src)
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	full := newCoder(s, specs["go"], 150)
	full.chunkTree(tree.RootNode())
	c := newCoder(s, specs["go"], 150)
	c.maxWork = full.work / 2
	spans := c.chunkTree(tree.RootNode())
	if !c.exhausted() || full.exhausted() {
		t.Fatalf("work budget: half %d/%d exhausted %v, full %d exhausted %v", c.work, c.maxWork, c.exhausted(), full.work, full.exhausted())
	}
	chunks := finish(s, "go", 150, spans)
	checkChunks(t, "a.go", src, chunks, 150)
	if missing := uncovered(src, chunks); missing > 0 {
		t.Fatalf("%d non-blank lines in no chunk after the budget ran out", missing)
	}
	first, last := chunks[1], chunks[len(chunks)-1] // chunks[0] is "package a"
	if first.Symbol != "F0" {
		t.Errorf("first chunk %q, want F0, chunked before the budget ran out\n%s", first.Symbol, describe(chunks))
	}
	if last.Symbol != "" || !strings.Contains(last.Content, "return x") {
		t.Errorf("last chunk %q %d-%d, want an anonymous window with the end of F39", last.Symbol, last.StartLine, last.EndLine)
	}
}

// TestChildrenMatchIndexedChildren checks that the cursor walk gives
// the children that indexing gives, below and above the count where it
// takes over, named-only and all.
func TestChildrenMatchIndexedChildren(t *testing.T) {
	for _, n := range []int{3, cursorMinChildren + 5} {
		src := []byte(strings.Repeat("x = 1  # c\n", n))
		tree, err := poolFor("python").parse(src)
		if err != nil {
			t.Fatal(err)
		}
		root := tree.RootNode()
		for _, named := range []bool{false, true} {
			var want []string
			for i := 0; i < int(root.ChildCount()); i++ {
				if ch := root.Child(i); !named || ch.IsNamed() {
					want = append(want, fmt.Sprintf("%s@%d", ch.Type(), ch.StartByte()))
				}
			}
			var got []string
			for ch := range children(root, named) {
				got = append(got, fmt.Sprintf("%s@%d", ch.Type(), ch.StartByte()))
			}
			if strings.Join(got, " ") != strings.Join(want, " ") || len(got) < n {
				t.Errorf("%d lines, named %v: children %d %.80q, want %d %.80q", n, named, len(got), got, len(want), want)
			}
		}
		tree.Close()
	}
}
