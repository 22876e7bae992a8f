package chunker

import (
	"reflect"
	"strings"
	"testing"
)

// fuzzPaths gives the fuzzer one file name per language the chunker knows,
// plus documents and an unknown type.
var fuzzPaths = []string{
	"a.go", "a.py", "a.js", "a.ts", "a.tsx", "A.java", "a.rs", "a.c", "a.cpp", "a.cs",
	"a.rb", "a.php", "a.kt", "a.swift", "a.scala", "a.sh", "a.lua", "a.proto", "a.toml", "a.tf", "a.yaml",
	"a.vue", "a.svelte", "Dockerfile", "a.sql", "a.ex", "a.zig", "a.hs", "a.dart", "a.pl", "README.md", "a.rst", "a.adoc", "a.txt", "a.unknown",
}

// nastySeeds are the inputs issue 3 asks the fuzzer to start from.
func nastySeeds() [][]byte {
	minified := "var a=function(){return" + strings.Repeat(" 1+", 500_000/3) + "1};"
	return [][]byte{
		{},
		[]byte("\xff\xfe\xfd invalid \xc3\x28 utf-8 \xa0\xa1\n\xe2\x82\n"),
		[]byte("\xef\xbb\xbfpackage a\n\nfunc F() {}\n"),
		[]byte("package a\r\n\r\n// F does.\r\nfunc F() {\r\n\treturn\r\n}\r\n"),
		[]byte(minified),
		[]byte(strings.Repeat("{", 5000) + strings.Repeat("}", 5000)),
		[]byte(strings.Repeat("{\n", 3000) + strings.Repeat("}\n", 3000)),
		[]byte(strings.Repeat("(", 3000) + "\n" + strings.Repeat(")", 3000)),
		[]byte("class A:\n    def f(self):\n        '''doc'''\n" + strings.Repeat("        x = 1\n", 400)),
		[]byte("\n\n\n   \n\t\n"),
		[]byte("# T\n\n## U\n```\n# no\n"),
		[]byte("x\n===\n\ny\n---\n"),
	}
}

// FuzzSplit checks that Split never panics and always returns sorted,
// in-file, non-overlapping chunks whose content matches their lines, for
// arbitrary bytes in every language. Symbols must not panic either, nor
// Analyze, whose chunks are Split's and whose graph stays in the file.
func FuzzSplit(f *testing.F) {
	for _, seed := range nastySeeds() {
		for i := range fuzzPaths {
			f.Add(uint8(i), seed)
		}
	}
	f.Fuzz(func(t *testing.T, lang uint8, src []byte) {
		checkSplit(t, fuzzPaths[int(lang)%len(fuzzPaths)], src)
	})
}

// checkSplit asserts the contracts of Split, Symbols and Analyze on one
// input.
func checkSplit(t *testing.T, path string, src []byte) {
	chunks := Split(path, src, Options{MaxTokens: 64})
	checkChunks(t, path, src, chunks, 64)
	syms := Symbols(path, src)
	lines := len(splitKeepLines(string(src)))
	for _, s := range syms {
		if s.StartLine < 1 || s.EndLine < s.StartLine || s.EndLine > lines {
			t.Fatalf("%s: symbol %q has lines %d-%d outside 1-%d", path, s.Name, s.StartLine, s.EndLine, lines)
		}
	}
	a, _ := Analyze(path, src, Options{MaxTokens: 64})
	if !reflect.DeepEqual(a.Chunks, chunks) {
		t.Fatalf("%s: Analyze chunks differ from Split's", path)
	}
	checkGraph(t, path, src, a.Graph)
}

// checkGraph asserts what navigation relies on in a file's graph: names
// and positions inside the file, spans holding their names, references
// bounded, enclosing definitions that exist and hold the reference.
func checkGraph(t *testing.T, path string, src []byte, g *Graph) {
	if g == nil {
		return
	}
	lines := splitKeepLines(string(src))
	inFile := func(line, col int) bool {
		return line >= 1 && line <= len(lines) && col >= 1 && col <= len(lines[line-1])
	}
	for _, d := range g.Defs {
		if d.Name == "" || !inFile(d.Line, d.Col) || d.StartLine < 1 || d.EndLine > len(lines) ||
			d.StartLine > d.Line || d.Line > d.EndLine {
			t.Fatalf("%s: definition %q (%s) at %d:%d, lines %d-%d, in a file of %d lines", path, d.Qualified(), d.Kind, d.Line, d.Col, d.StartLine, d.EndLine, len(lines))
		}
		line := lines[d.Line-1]
		if strings.Contains(line, d.Name) && !strings.HasPrefix(line[d.Col-1:], d.Name) {
			// (A declaration without a name of its own, as Kotlin's
			// companion object, is placed at its start.)
			t.Fatalf("%s: definition %q at %d:%d is not where its name is", path, d.Name, d.Line, d.Col)
		}
	}
	if len(g.Refs) > maxGraphRefs {
		t.Fatalf("%s: %d references, over %d", path, len(g.Refs), maxGraphRefs)
	}
	for _, r := range g.Refs {
		if r.Name == "" || !inFile(r.Line, r.Col) {
			t.Fatalf("%s: reference %q at %d:%d outside the file", path, r.Name, r.Line, r.Col)
		}
		if r.Enclosing < -1 || int(r.Enclosing) >= len(g.Defs) {
			t.Fatalf("%s: reference %q enclosed by %d of %d definitions", path, r.Name, r.Enclosing, len(g.Defs))
		}
		if r.Enclosing >= 0 {
			if d := g.Defs[r.Enclosing]; r.Line < d.StartLine || r.Line > d.EndLine {
				t.Fatalf("%s: reference %q at line %d enclosed by %q of lines %d-%d", path, r.Name, r.Line, d.Qualified(), d.StartLine, d.EndLine)
			}
		}
	}
	for _, im := range g.Imports {
		if im.Name == "" || im.Path == "" || im.Line < 1 || im.Line > len(lines) {
			t.Fatalf("%s: import %q %q at line %d", path, im.Name, im.Path, im.Line)
		}
	}
}

// fuzzLanguage fuzzes one language, so that each can be given its own
// time: go test ./chunker -run '^$' -fuzz '^FuzzRuby$' -fuzztime 10m.
// Its seeds are the nasty inputs plus the language's containers nested
// shallow and deep with long comments, and the rack shape of issue 13.
func fuzzLanguage(f *testing.F, path string) {
	for _, seed := range nastySeeds() {
		if len(seed) <= maxLanguageSeed {
			f.Add(seed)
		}
	}
	for _, n := range nesters {
		if n.path == path {
			f.Add(nested(n, 3, 2))
			f.Add(nested(n, 2*maxSplitDepth, 10))
		}
	}
	f.Add(rubyModuleDoc())
	for _, seed := range graphSeeds {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) { checkSplit(t, path, src) })
}

// graphSeeds hold what the graph reads out of text the grammars leave
// unparsed (macro bodies, doc comments) and the members methods bind, for
// every language's target to mutate.
var graphSeeds = []string{
	"#define m(a, b) f(a, \\\n  \"s(\" g(b)->h ## a #b '\\'' 0x1f)\n#define LUA_API void (lua_close) (lua_State *L);\n",
	"/**\n * {@link A#b c} {@linkcode x.y} {@link https://x.y}\n * @param {Array<P>|null} p\n * @see q @throws {E}\n */\nclass A { constructor(private h: H) { this.x = new X(); } m() { const f = () => this.h.g(); } }\n",
	"class A:\n    def __init__(self, p: P):\n        self.p = p\n        self.q = _Q()\n    def m(self):\n        def f():\n            self.p.g()\n",
}

// maxLanguageSeed leaves the half-megabyte minified seed to FuzzSplit: in
// the per-language targets its mutations would take most of the time.
const maxLanguageSeed = 64 << 10

// One fuzz target per language with a grammar or, for SQL, Elixir, Zig,
// Haskell and Dart, a lexer.

func FuzzGo(f *testing.F)         { fuzzLanguage(f, "a.go") }
func FuzzPython(f *testing.F)     { fuzzLanguage(f, "a.py") }
func FuzzJavaScript(f *testing.F) { fuzzLanguage(f, "a.js") }
func FuzzTypeScript(f *testing.F) { fuzzLanguage(f, "a.ts") }
func FuzzTSX(f *testing.F)        { fuzzLanguage(f, "a.tsx") }
func FuzzJava(f *testing.F)       { fuzzLanguage(f, "A.java") }
func FuzzRust(f *testing.F)       { fuzzLanguage(f, "a.rs") }
func FuzzC(f *testing.F)          { fuzzLanguage(f, "a.c") }
func FuzzCPP(f *testing.F)        { fuzzLanguage(f, "a.cpp") }
func FuzzCSharp(f *testing.F)     { fuzzLanguage(f, "a.cs") }
func FuzzRuby(f *testing.F)       { fuzzLanguage(f, "a.rb") }
func FuzzPHP(f *testing.F)        { fuzzLanguage(f, "a.php") }
func FuzzKotlin(f *testing.F)     { fuzzLanguage(f, "a.kt") }
func FuzzSwift(f *testing.F)      { fuzzLanguage(f, "a.swift") }
func FuzzScala(f *testing.F)      { fuzzLanguage(f, "a.scala") }
func FuzzBash(f *testing.F)       { fuzzLanguage(f, "a.sh") }
func FuzzLua(f *testing.F)        { fuzzLanguage(f, "a.lua") }
func FuzzProtobuf(f *testing.F)   { fuzzLanguage(f, "a.proto") }
func FuzzTOML(f *testing.F)       { fuzzLanguage(f, "a.toml") }
func FuzzHCL(f *testing.F)        { fuzzLanguage(f, "a.tf") }
func FuzzYAML(f *testing.F)       { fuzzLanguage(f, "a.yaml") }
func FuzzMarkdown(f *testing.F)   { fuzzLanguage(f, "README.md") }

func FuzzDockerfile(f *testing.F) {
	f.Add([]byte(dockerfileSrc))
	fuzzLanguage(f, "Dockerfile")
}

// SQL has no grammar: its seeds are whole files in the dialects whose
// terminators the lexer switches between.
func FuzzSQL(f *testing.F) {
	f.Add([]byte(postgresMigration))
	f.Add([]byte("DELIMITER //\nCREATE PROCEDURE p() BEGIN SELECT 'a;b'; END //\nDELIMITER ;\n" +
		"CREATE TABLE `t` (`x` text DEFAULT 'it\\'s');\nGO\nCREATE OR ALTER PROC [dbo].[q] AS BEGIN SELECT 1; END\nGO\n" +
		"COPY t FROM stdin;\n1\tO'Brien\n\\.\n/\n"))
	fuzzLanguage(f, "a.sql")
}

// Elixir has no grammar: its seeds hold the literals that may hide a
// "do" or "end" (strings, heredocs, sigils, char literals, atoms) and
// declarations at several depths.
func FuzzElixir(f *testing.F) {
	f.Add([]byte(elixirAccounts))
	f.Add([]byte("defmodule A do\n  def f(x), do: ~r/end/\n  def g, do: ?e\n  @doc ~S\"\"\"\n  end\n  \"\"\"\n  def h(:end), do: \"#{\"do\"}\"\nend\n"))
	f.Add([]byte(strings.Repeat("defmodule A do\n", 40) + strings.Repeat("end\n", 40)))
	fuzzLanguage(f, "a.ex")
}

// Zig has no grammar: its seeds hold brackets in literals and comments,
// generic types and unbalanced braces.
func FuzzZig(f *testing.F) {
	f.Add([]byte(zigList))
	f.Add([]byte("pub fn F(comptime T: type) type {\n    return struct {\n        x: T,\n        fn g() void { \\\\ }\n        }\n    };\n}\nconst E = enum { a, b };\n"))
	f.Add([]byte(strings.Repeat("const A = struct {\n", 40)))
	f.Add([]byte(zigHandlers))
	f.Add([]byte("fn f(a: *[, b: ?*const x.Y) void { var c: [*]T = d; const e = F.init(; e.g(); a.b.c(); }\nfn h(x: Self\n"))
	fuzzLanguage(f, "a.zig")
}

// Haskell has no grammar: its seeds hold nested and unclosed comments,
// operators made of dashes, primes and where blocks.
func FuzzHaskell(f *testing.F) {
	f.Add([]byte(haskellQueue))
	f.Add([]byte("{- {- -} x\nf :: a\nf x' = x' --> y\n  where g = 'c'\n(--) = 1\nclass C a where\n"))
	fuzzLanguage(f, "a.hs")
}

// Dart has no grammar: its seeds hold braces in interpolations, nested
// comments, generics and enums with members.
func FuzzDart(f *testing.F) {
	f.Add([]byte(dartCounter))
	f.Add([]byte("class R {\n  final Map<String, List<int>> _m;\n  T operator [](String k) => _m[k];\n  operator\n}\n"))
	f.Add([]byte(dartRunner))
	f.Add([]byte("void f({required A a, [B<C<D>>? b, }) { var x = new ; final y = Z.(; late final Q q; q.r(); }\nT g(T t) => t.h(\n"))
	f.Add([]byte("enum E { a(1), b; final int v; const E(this.v); }\n/* /* */ } */ class A<T> { T f<S>(S s) => s as T; String g = '${'}'}'; }\n"))
	fuzzLanguage(f, "a.dart")
}

// Perl has no grammar: its seeds hold unclosed subroutines, POD without
// its =cut, brackets in strings and a statement that never ends.
func FuzzPerl(f *testing.F) {
	f.Add([]byte(perlShelf))
	f.Add([]byte("sub a {\n  my $x = '}';\n=head1 X\nsub b { }}\nmy %h = ( '(' => 1\npackage P {\nsub P::Q::r\n"))
	f.Add([]byte("our @a = (\n" + strings.Repeat("  [1, 2],\n", 50) + "__DATA__\nsub x {"))
	fuzzLanguage(f, "a.pl")
}

// The components' scripts parse with the JavaScript grammars; what is new
// is finding the blocks and masking the rest, so their seeds are whole
// components.
func FuzzVue(f *testing.F) {
	f.Add([]byte(vueComponent))
	fuzzLanguage(f, "a.vue")
}

func FuzzSvelte(f *testing.F) {
	f.Add([]byte("<script context=\"module\">export const a = 1</script>\n<script lang=\"ts\">let b: number</script>\n<p>{b}</p>"))
	fuzzLanguage(f, "a.svelte")
}
