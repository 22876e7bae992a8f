package chunker

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

// Helpers for the graph tests of the tree-sitter languages: a sample file
// and the definitions, references and imports it must have, each placed
// by a snippet of the sample ("at") that holds the name where it is.

// wantDef is a definition by qualified name: its kind, where its name is
// (the name's first occurrence inside the first occurrence of at) and,
// when set, its type, flags and doc.
type wantDef struct {
	qualified, kind, at string
	typ, doc            string
	flags               uint8
}

// wantRef is a reference by name at the name's first occurrence inside
// the first occurrence of at, with its kind, receiver and the qualified
// name of its enclosing definition ("" for top level).
type wantRef struct {
	name, at string
	kind     RefKind
	recv     string
	encl     string
}

// position finds the 1-based line and byte column of name inside the
// first occurrence of at in src.
func position(t *testing.T, src, at, name string) (int, int) {
	t.Helper()
	i := strings.Index(src, at)
	if i < 0 {
		t.Fatalf("%q is not in the sample", at)
	}
	j := strings.Index(at, name)
	if j < 0 {
		t.Fatalf("%q is not in %q", name, at)
	}
	off := i + j
	line := strings.Count(src[:off], "\n") + 1
	return line, off - strings.LastIndexByte(src[:off], '\n')
}

// analyzeGraph returns the graph of a sample file.
func analyzeGraph(t *testing.T, path, src string) *Graph {
	t.Helper()
	a, err := Analyze(path, []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Graph == nil {
		t.Fatalf("%s: no graph", path)
	}
	return a.Graph
}

func checkDefs(t *testing.T, g *Graph, src string, want []wantDef) {
	t.Helper()
	for _, w := range want {
		d := findDef(g, w.qualified)
		if d == nil {
			t.Errorf("no definition %s; have %s", w.qualified, defNames(g))
			continue
		}
		name := w.qualified[strings.LastIndexByte(w.qualified, '.')+1:]
		line, col := position(t, src, w.at, name)
		if d.Kind != w.kind || d.Line != line || d.Col != col {
			t.Errorf("%s: %s at %d:%d, want %s at %d:%d", w.qualified, d.Kind, d.Line, d.Col, w.kind, line, col)
		}
		if w.typ != "" && d.Type != w.typ {
			t.Errorf("%s: type %q, want %q", w.qualified, d.Type, w.typ)
		}
		if w.doc != "" && d.Doc != w.doc {
			t.Errorf("%s: doc %q, want %q", w.qualified, d.Doc, w.doc)
		}
		if d.Flags != w.flags {
			t.Errorf("%s: flags %d, want %d", w.qualified, d.Flags, w.flags)
		}
		if d.StartLine > d.Line || d.EndLine < d.Line {
			t.Errorf("%s: lines %d-%d do not hold its name at %d", w.qualified, d.StartLine, d.EndLine, d.Line)
		}
	}
}

// checkDefAt asserts a definition at a place other than the first one of
// its name (the definition of a method out of its class, an extension's).
func checkDefAt(t *testing.T, g *Graph, src, qualified, at string) {
	t.Helper()
	line, col := position(t, src, at, qualified[strings.LastIndexByte(qualified, '.')+1:])
	for _, d := range g.Defs {
		if d.Qualified() == qualified && d.Line == line && d.Col == col {
			return
		}
	}
	t.Errorf("no %s at %d:%d; have %s", qualified, line, col, defNames(g))
}

// checkDeclaredTimes asserts how many definitions each qualified name has.
func checkDeclaredTimes(t *testing.T, g *Graph, want map[string]int) {
	t.Helper()
	count := map[string]int{}
	for _, d := range g.Defs {
		count[d.Qualified()]++
	}
	for name, n := range want {
		if count[name] != n {
			t.Errorf("%s declared %d times, want %d; have %s", name, count[name], n, defNames(g))
		}
	}
}

func defNames(g *Graph) string {
	var names []string
	for _, d := range g.Defs {
		names = append(names, d.Kind+" "+d.Qualified())
	}
	return strings.Join(names, ", ")
}

func checkRefs(t *testing.T, g *Graph, src string, want []wantRef) {
	t.Helper()
	for _, w := range want {
		line, col := position(t, src, w.at, w.name)
		var got *Ref
		for i := range g.Refs {
			if r := &g.Refs[i]; r.Name == w.name && r.Line == line && r.Col == col {
				got = r
			}
		}
		if got == nil {
			t.Errorf("no reference %s at %d:%d (in %q); refs on the line: %s", w.name, line, col, w.at, refsOnLine(g, line))
			continue
		}
		encl := ""
		if got.Enclosing >= 0 {
			encl = g.Defs[got.Enclosing].Qualified()
		}
		if got.Kind != w.kind || got.Recv != w.recv || encl != w.encl {
			t.Errorf("%s in %q: %s recv %q in %q, want %s recv %q in %q", w.name, w.at, got.Kind, got.Recv, encl, w.kind, w.recv, w.encl)
		}
	}
}

func refsOnLine(g *Graph, line int) string {
	var out []string
	for _, r := range g.Refs {
		if r.Line == line {
			out = append(out, fmt.Sprintf("%s:%d %s %q", r.Name, r.Col, r.Kind, r.Recv))
		}
	}
	return strings.Join(out, "; ")
}

// checkNoRefs asserts that names are not references of kind other: the
// locals, parameters and declared names of a sample.
func checkNoRefs(t *testing.T, g *Graph, names ...string) {
	t.Helper()
	for _, r := range g.Refs {
		for _, n := range names {
			if r.Name == n && r.Kind == RefOther && r.Recv == "" {
				t.Errorf("%s at %d:%d is a local or declared name, not a reference", n, r.Line, r.Col)
			}
		}
	}
}

// checkImports compares the imports by name and path, in order.
func checkImports(t *testing.T, g *Graph, want ...string) {
	t.Helper()
	var got []string
	for _, im := range g.Imports {
		got = append(got, im.Name+" "+im.Path)
	}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("imports\n got %q\nwant %q", got, want)
	}
}

// TestGraphQueriesCompile: every language's patterns compile against its
// grammar and use only known capture names.
func TestGraphQueriesCompile(t *testing.T) {
	for lang, gl := range graphLangs {
		if _, err := gl.compile(lang); err != nil {
			t.Errorf("%s: %v", lang, err)
		}
	}
}

func TestReceiverEncoding(t *testing.T) {
	b := &graphBuilder{gl: &graphLang{self: []string{"self", "this", "$this", "Self"}, super: []string{"super", "super(", "parent"},
		inferred: set("var")}}
	locals := map[localKey]string{{0, "x"}: "Foo", {0, "y"}: "", {0, "v"}: ""}
	b.outerScope = []int32{-1}
	cases := map[string]string{
		"os.path":                "n:os.path",
		"std::chrono":            "n:std.chrono",
		`\Foo\Bar`:               "n:Foo.Bar",
		"self":                   "self",
		"self.items":             "self .items",
		"$this":                  "self",
		"Self":                   "self",
		"super()":                "super",
		"super(Cls, self).x":     "super .x",
		"parent":                 "super",
		"@conn":                  "self .conn",
		"@conn.pool":             "self .conn .pool",
		"x":                      "t:Foo",
		"x.bar":                  "t:Foo .bar",
		"y":                      "?",
		"new Foo(1)":             "t:Foo",
		"(new a.b.Foo<T>())":     "t:Foo",
		"make()":                 "?",
		"items[0]":               "?",
		"a.b.c.d.e.f":            "n:a.b.c.d.e.f",
		"self.a.b.c.d.e":         "?",
		"Net::HTTP":              "n:Net.HTTP",
		"obj?.field":             "n:obj.field",
		`"str"`:                  "?",
		strings.Repeat("a", 300): "?",
	}
	for text, want := range cases {
		if got := b.receiver(text, false, site{-1, 0, -1}, locals); got != want {
			t.Errorf("receiver(%q) = %q, want %q", text, got, want)
		}
	}
}

func TestPlainTypeName(t *testing.T) {
	inferred := set("var", "auto")
	cases := map[string]string{
		"Foo": "Foo", "List[int]": "List", "Optional[Foo]": "Foo", "const std::vector<int>&": "vector",
		"&'a mut Foo": "Foo", "*Foo": "Foo", "Foo?": "Foo", `\App\Model`: "Model", `"Child"`: "Child",
		"var": "", "auto": "", "[]int": "", "(a, b)": "", "Foo | null": "Foo", "struct node *": "node",
		"?Foo": "Foo", "a.b.C<T>": "C",
	}
	for in, want := range cases {
		if got := plainTypeName(in, inferred); got != want {
			t.Errorf("plainTypeName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDocLine(t *testing.T) {
	cases := map[string]string{
		"/**\n * Adds things.\n * More.\n */": "Adds things.",
		"/// Adds.\n/// More.":                "Adds.",
		`"""Run it."""`:                       "Run it.",
		"\"\"\"\n    Multi.\n    \"\"\"":      "Multi.",
		"# Comment\n# more":                   "Comment",
		"--- Lua doc":                         "Lua doc",
		"/* one */":                           "one",
		"/*************/\n/* Real */":         "Real",
		"":                                    "",
		"// \n//   \n// third":                "third",
	}
	for in, want := range cases {
		if got := docLine(in); got != want {
			t.Errorf("docLine(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestConcurrentAnalyze extracts graphs from many goroutines at once: the
// compiled patterns are shared and the flat trees pooled, so every graph
// must equal the sequential one (run with -race).
func TestConcurrentAnalyze(t *testing.T) {
	samples := map[string]string{"a.py": pythonGraphSrc, "a.js": jsGraphSrc, "a.ts": tsGraphSrc, "A.java": javaGraphSrc,
		"a.rs": rustGraphSrc, "a.c": cGraphSrc, "a.cpp": cppGraphSrc, "a.cs": csharpGraphSrc, "a.rb": rubyGraphSrc,
		"a.php": phpGraphSrc, "a.kt": kotlinGraphSrc, "a.swift": swiftGraphSrc, "a.scala": scalaGraphSrc,
		"a.sh": bashGraphSrc, "a.lua": luaGraphSrc}
	want := map[string]*Graph{}
	for path, src := range samples {
		want[path] = analyzeGraph(t, path, src)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8*len(samples))
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for path, src := range samples {
				if a, _ := Analyze(path, []byte(src), Options{}); !reflect.DeepEqual(a.Graph, want[path]) {
					errs <- path
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for p := range errs {
		t.Errorf("concurrent graph of %s differs from sequential", p)
	}
}

// TestGraphBounds feeds the graph files made to be large: more names than
// a graph keeps, one node with forty thousand children, containers
// nested far deeper than any code. Each must give a graph within its
// bounds, in the time the work budgets allow.
func TestGraphBounds(t *testing.T) {
	var many strings.Builder
	for i := 0; many.Len() < 2<<20; i++ {
		fmt.Fprintf(&many, "total = total + value_%d * factor_%d\n", i, i)
	}
	var wide strings.Builder
	wide.WriteString("const table = [\n")
	for i := 0; i < 40_000; i++ {
		fmt.Fprintf(&wide, "  entry_%d,\n", i)
	}
	wide.WriteString("];\n")
	cases := map[string]string{"many.py": many.String(), "wide.js": wide.String()}
	for _, n := range nesters {
		cases["deep-"+n.path] = string(nested(n, 400, 1))
	}
	for path, src := range cases {
		start := time.Now()
		a, _ := Analyze(path, []byte(src), Options{})
		t.Logf("%s: %d bytes, %v", path, len(src), time.Since(start))
		if a.Graph == nil {
			if !strings.HasPrefix(path, "deep-") {
				t.Errorf("%s: no graph", path)
			}
			continue
		}
		if len(a.Graph.Refs) > maxGraphRefs || len(a.Graph.Defs) > maxGraphRefs {
			t.Errorf("%s: %d refs and %d defs, over %d", path, len(a.Graph.Refs), len(a.Graph.Defs), maxGraphRefs)
		}
		checkGraph(t, path, []byte(src), a.Graph)
	}
	if a, _ := Analyze("many.py", []byte(cases["many.py"]), Options{}); a.Graph != nil && len(a.Graph.Refs) != maxGraphRefs {
		t.Errorf("many.py: %d refs, want the cap %d", len(a.Graph.Refs), maxGraphRefs)
	}
}

// TestGraphOnTestdata extracts the graph of every source in testdata
// (broken, odd and large samples among them): each code file in a
// language with graph rules has one, it keeps checkGraph's promises, and
// its definitions are what get_symbols lists (from the same walk), each
// name of a merged declaration ("const a = 1, b = 2") its own definition;
// the graph only adds to them.
func TestGraphOnTestdata(t *testing.T) {
	files, err := goldenSources()
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := Analyze(path, src, Options{})
		checkGraph(t, path, src, a.Graph)
		if graphLangs[Language(path, src)] == nil {
			continue // Go's definitions come from go/parser
		}
		if a.Graph == nil {
			if len(a.Chunks) > 0 && a.Chunks[0].Symbol != "" {
				t.Errorf("%s: no graph", path)
			}
			continue
		}
		have := map[string]bool{}
		for _, d := range a.Graph.Defs {
			have[fmt.Sprint(d.StartLine, " ", d.Name)] = true
		}
		for _, s := range Symbols(path, src) {
			for _, name := range strings.Split(s.Name, ", ") {
				if i := strings.LastIndexAny(name, ".:"); i >= 0 {
					name = name[i+1:] // "Foo::bar", "M.f"
				}
				if !validName(name) || name == "…" {
					continue // a destructuring pattern is no name
				}
				if !have[fmt.Sprint(s.StartLine, " ", name)] {
					t.Errorf("%s: symbol %s (%s) at line %d is no definition", path, name, s.Kind, s.StartLine)
				}
			}
		}
	}
}
