package nav

import (
	"fmt"
	"testing"
)

// mapSymbols returns a code map's declarations of path by qualified name,
// with how often each is listed.
func mapSymbols(m Map, path string) (refs, listed map[string]int) {
	refs, listed = map[string]int{}, map[string]int{}
	for _, f := range m.Files {
		if f.Path != path {
			continue
		}
		for _, s := range f.Symbols {
			refs[s.Def.Qualified()] = s.References
			listed[s.Def.Qualified()]++
		}
	}
	return refs, listed
}

func TestCodeMapListsANameOnce(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"conv.py": `from typing import overload


@overload
def utf8(value: bytes) -> bytes: ...
@overload
def utf8(value: str) -> bytes: ...
def utf8(value):
    return value


class Request:
    @property
    def body(self) -> bytes:
        return self._body

    @body.setter
    def body(self, value: bytes) -> None:
        self._body = value
`,
		"use.py": `from conv import utf8, Request


def send(r: Request) -> bytes:
    r.body = utf8("x")
    return r.body + utf8(b"y")
`,
	})
	refs, listed := mapSymbols(CodeMap(ix, "", nil), "conv.py")
	for _, name := range []string{"utf8", "Request.body"} {
		if listed[name] != 1 {
			t.Errorf("%s listed %d times, want once: %v", name, listed[name], listed)
		}
	}
	if refs["utf8"] != 3 {
		t.Errorf("utf8: %d references, want use.py's import and 2 calls", refs["utf8"])
	}
}

func TestCodeMapLeavesBuiltinMethodsToTheirTypes(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"buffer.py": `class Buffer:
    def append(self, data):
        self.parts = self.parts + [data]

    def drain(self):
        return self.parts
`,
		"a.py": `def collect(items, buf):
    out = []
    for x in items:
        out.append(x)
        out.append(x * 2)
    buf.drain()
    return out
`,
		"b.py": `def names(rows, buf):
    seen = []
    seen.append(rows[0])
    return buf.drain()
`,
	})
	refs, _ := mapSymbols(CodeMap(ix, "", nil), "buffer.py")
	if refs["Buffer.append"] != 0 {
		t.Errorf("Buffer.append: %d references, want none: the appends are to lists", refs["Buffer.append"])
	}
	if refs["Buffer.drain"] != 2 {
		t.Errorf("Buffer.drain: %d references, want 2 (a.py, b.py)", refs["Buffer.drain"])
	}
}

// Scala infers its receivers' types: an option's getOrElse is the
// option's, not the one class declaring a method of that name.
func TestCodeMapLeavesScalaBuiltinsToTheirTypes(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"Cache.scala": "package shelf\n\nclass Cache {\n  def getOrElse(key: String, d: Int): Int = d\n  def drain(): Unit = ()\n}\n",
		"A.scala":     "package shelf\n\nobject A {\n  def run(c: Cache, o: Option[Int]): Int = {\n    c.drain()\n    o.getOrElse(1) + o.getOrElse(2)\n  }\n}\n",
		"B.scala":     "package shelf\n\nobject B {\n  def go(c: Cache, o: Option[Int]): Int = {\n    c.drain()\n    o.getOrElse(3)\n  }\n}\n",
	})
	refs, _ := mapSymbols(CodeMap(ix, "", nil), "Cache.scala")
	if refs["Cache.getOrElse"] != 0 || refs["Cache.drain"] != 2 {
		t.Errorf("Cache.getOrElse %d references, Cache.drain %d: want none and 2", refs["Cache.getOrElse"], refs["Cache.drain"])
	}
}

// A project's own code heads its map even when the files set aside (here
// a vendored copy of the standard library's type stubs, as mypy ships
// typeshed) are what every module imports.
func TestCodeMapPutsTheProjectsOwnCodeFirst(t *testing.T) {
	files := map[string]string{
		"typeshed/stdlib/typing.pyi": "class Iterable:\n    def __iter__(self) -> Iterator: ...\n\nclass Iterator(Iterable):\n    def __next__(self) -> object: ...\n",
		"app/engine.py":              "class Engine:\n    def run(self) -> None:\n        pass\n",
		"app/main.py":                "from typing import Iterable\nfrom app.engine import Engine\n\n\ndef main(xs: Iterable) -> None:\n    Engine().run()\n",
	}
	for _, name := range []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"} {
		files["app/"+name+".py"] = "from typing import Iterable, Iterator\n\n\ndef " + name + "(xs: Iterable) -> Iterator:\n    return iter(xs)\n"
	}
	m := CodeMap(testIndex(t, files), "", nil)
	if len(m.Files) == 0 || m.Files[0].Path != "app/engine.py" {
		var order []string
		for _, f := range m.Files {
			order = append(order, f.Path)
		}
		t.Fatalf("map order %v, want app/engine.py (used by the project's code) first", order)
	}
	for i := 1; i < len(m.Files); i++ {
		if m.Files[i-1].Aside && !m.Files[i].Aside {
			t.Errorf("%s (set aside) listed before %s", m.Files[i-1].Path, m.Files[i].Path)
		}
	}
	var best MapSymbol
	for _, f := range m.Files {
		for _, s := range f.Symbols {
			if s.Rank > best.Rank {
				best = s
			}
		}
	}
	if best.Def.Name != "Engine" {
		t.Errorf("the most important declaration is %s, want Engine: a budget would keep the stubs first", best.Def.Name)
	}
}

// A namespace a file reopens and a type it announces are no declarations
// of its own: the uses of std:: do not make the file that reopens std the
// map's first, and neither is listed.
func TestMapLeavesOutReopenedNamespacesAndForwardDeclarations(t *testing.T) {
	files := map[string]string{
		"int128.h": "namespace std {\ntemplate <> class numeric_limits<int> {\n public:\n  static int max();\n};\n}  // namespace std\n",
		"fwd.h":    "class Status;\n",
		"util.h":   "int Helper(int x);\n",
		"util.cc":  "#include \"util.h\"\nint Helper(int x) { return x; }\n",
	}
	for i := range 10 {
		files[fmt.Sprintf("user%d.cc", i)] = "#include \"util.h\"\nstd::string f(Status* s) {\n  std::vector<int> v;\n  std::sort(v.begin(), v.end());\n  return std::to_string(Helper(1));\n}\n"
	}
	m := CodeMap(testIndex(t, files), "", nil)
	if len(m.Files) == 0 || m.Files[0].Path == "int128.h" || m.Files[0].Path == "fwd.h" {
		var order []string
		for _, f := range m.Files {
			order = append(order, f.Path)
		}
		t.Errorf("map order %v: a reopened namespace or a forward declaration first", order)
	}
	for _, f := range m.Files {
		for _, s := range f.Symbols {
			if s.Def.Kind == "namespace" || f.Path == "fwd.h" && s.Def.Name == "Status" {
				t.Errorf("%s lists %s %s", f.Path, s.Def.Kind, s.Def.Name)
			}
		}
	}
}

// A Rust impl block adds to its type and is no declaration of the type's
// name: alacritty's `impl SerdeReplace for Option<T>` took the uses of
// Option and led its map.
func TestMapLeavesOutImplBlocks(t *testing.T) {
	files := map[string]string{
		"config/src/lib.rs": "pub trait SerdeReplace {\n    fn replace(&mut self);\n}\n\nimpl<T> SerdeReplace for Option<T> {\n    fn replace(&mut self) {}\n}\n",
		"term/src/grid.rs":  "pub struct Grid {\n    n: i32,\n}\n",
	}
	for i := range 10 {
		files[fmt.Sprintf("app/src/m%d.rs", i)] = "use term::grid::Grid;\n\nfn f(g: Option<Grid>) -> Option<i32> {\n    None\n}\n"
	}
	m := CodeMap(testIndex(t, files), "", nil)
	if len(m.Files) == 0 || m.Files[0].Path != "term/src/grid.rs" {
		var order []string
		for _, f := range m.Files {
			order = append(order, f.Path)
		}
		t.Errorf("map order %v, want grid.rs, the type used everywhere, first", order)
	}
	for _, f := range m.Files {
		for _, s := range f.Symbols {
			if s.Def.Kind == "impl" {
				t.Errorf("%s lists impl %s", f.Path, s.Def.Name)
			}
		}
	}
}

// A Go file that only a custom build tag builds (gin's `//go:build
// nomsgpack` binding) follows the files the default build compiles.
func TestMapPutsCustomBuildsAside(t *testing.T) {
	files := map[string]string{
		"go.mod":                       "module example.com/gin\n",
		"binding/binding.go":           "//go:build !nomsgpack\n\npackage binding\n\n// Default picks a binding.\nfunc Default() int { return 1 }\n",
		"binding/binding_nomsgpack.go": "//go:build nomsgpack\n\npackage binding\n\n// Default picks a binding.\nfunc Default() int { return 2 }\n",
		"sys_windows.go":               "package gin\n\nfunc openConsole() {}\n",
	}
	for i := range 5 {
		files[fmt.Sprintf("ctx%d.go", i)] = "package gin\n\nimport \"example.com/gin/binding\"\n\nfunc f() int { return binding.Default() }\n"
	}
	m := CodeMap(testIndex(t, files), "", nil)
	for _, f := range m.Files {
		if aside := f.Path == "binding/binding_nomsgpack.go"; f.Aside != aside {
			t.Errorf("%s: aside %v, want %v", f.Path, f.Aside, aside)
		}
	}
}

// A map lists no one-letter names (jquery's `var i, support`, which took
// every loop counter's uses) and no Zig imports (`const std =
// @import("std")`, listed once per file).
func TestMapLeavesOutLoopCountersAndImports(t *testing.T) {
	files := map[string]string{
		"src/selector.js": "var i, support;\n\nfunction select(sel) {\n  for (i = 0; i < 3; i++) {}\n  return sel;\n}\n",
		"clap.zig":        "const std = @import(\"std\");\n\npub fn parse(x: u8) !void {\n    std.debug.print(\"x\", .{});\n}\n",
	}
	for n := range 4 {
		files[fmt.Sprintf("src/use%d.js", n)] = "for (i = 0; i < 3; i++) { select(i); }\n"
	}
	m := CodeMap(testIndex(t, files), "", nil)
	for _, f := range m.Files {
		for _, s := range f.Symbols {
			if s.Def.Name == "i" || s.Def.Name == "std" {
				t.Errorf("%s lists %s %s", f.Path, s.Def.Kind, s.Def.Name)
			}
		}
	}
}
