package nav

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/chunker"
)

// pyRepo: a class whose method calls another through self, a module that
// imports a function, and a same-named method of another class.
var pyRepo = map[string]string{
	"shop/cart.py": `class Cart:
    def add(self, item):
        self.items.append(item)
        return self.total()

    def total(self):
        return len(self.items)


def new_cart():
    return Cart()
`,
	"shop/ledger.py": `class Ledger:
    def total(self):
        return 0
`,
	"app.py": `from shop.cart import new_cart


def checkout(items):
    cart = new_cart()
    for it in items:
        cart.add(it)
    return cart.total()


def report(ledger):
    return ledger.total()


def helper():
    return total()
`,
}

func TestGenericResolution(t *testing.T) {
	ix := testIndex(t, pyRepo)
	cases := []struct {
		symbol string
		want   map[string]string // enclosing -> match
	}{
		// self.total() in Cart.add resolves to Cart.total; the bare total()
		// in helper cannot be a method; the others are unknown receivers.
		{"Cart.total", map[string]string{"Cart.add": "exact", "checkout": "name", "report": "name"}},
		{"Ledger.total", map[string]string{"checkout": "name", "report": "name"}},
		// The from-import binds new_cart: its use is resolved.
		{"new_cart", map[string]string{"checkout": "exact"}},
	}
	for _, c := range cases {
		tg, err := ResolveTarget(ix, c.symbol, nil)
		if err != nil {
			t.Fatal(err)
		}
		refs, err := References(ix, tg, RefFilter{})
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		for _, r := range refs {
			if r.Kind.String() == "import" {
				continue
			}
			got[r.Enclosing] = r.Match
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("references of %s by caller: %v, want %v", c.symbol, got, c.want)
		}
	}
	// At a position: self.total() resolves to Cart's own method.
	defs, err := DefinitionAt(ix, Position{Path: "shop/cart.py", Line: lineOf(t, pyRepo, "shop/cart.py", "self.total()"), Col: 21})
	if err != nil {
		t.Fatal(err)
	}
	if defs[0].Symbol() != "Cart.total" || defs[0].Match != MatchExact {
		t.Errorf("definition of self.total(): %s %s", defs[0].Symbol(), defs[0].Match)
	}
}

// A use resolution cannot settle ranks the declarations of the modules its
// file imports first.
func TestNameCandidatesFromImportsFirst(t *testing.T) {
	files := map[string]string{"shop/basket.py": "class Basket:\n    def total(self):\n        return 1\n"}
	for p, src := range pyRepo {
		files[p] = src
	}
	ix := testIndex(t, files)
	// cart.total() on an untyped local: shop.cart is imported, shop.basket
	// (first by path) is not.
	defs, err := DefinitionAt(ix, Position{Path: "app.py", Line: lineOf(t, files, "app.py", "cart.total()"), Col: 17})
	if err != nil {
		t.Fatal(err)
	}
	if len(defs) != 3 || defs[0].Symbol() != "Cart.total" || defs[0].Match != MatchName {
		t.Errorf("definitions of cart.total(): %+v", defs)
	}
}

// A declaration written several times in a file (a Python @overload
// stack, a getter and its setter) is one: a use that resolves to any of
// them is a use of it. In a language that overloads by signature two are
// two, and a use the graph cannot tell between them stays a name match,
// but of them alone: another class's overloads are another declaration.
func TestOverloadsAreOneDeclaration(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"check.py": `from typing import overload


class Checker:
    @overload
    def check(self, x: int) -> int: ...

    @overload
    def check(self, x: str) -> str: ...

    def check(self, x):
        return x

    def run(self):
        self.check(1)
`,
		"src/Pen.java":   "package geo;\n\npublic class Pen {\n    void draw(int x) {}\n    void draw(String s) {}\n    void paint() {\n        this.draw(1);\n    }\n}\n",
		"src/Brush.java": "package geo;\n\npublic class Brush {\n    void draw(int x) {}\n    void draw(String s) {}\n    void paint(Brush b) {\n        b.draw(1);\n    }\n}\n",
	})
	for _, tc := range []struct{ symbol, at, want string }{
		{"Checker.check", "check.py:15", MatchExact},
		{"Pen.draw", "src/Pen.java:7", MatchName},
		{"Pen.draw", "src/Brush.java:7", ""}, // one of Brush.draw's overloads
	} {
		if got := matchAt(t, ix, tc.symbol, nil, tc.at); got != tc.want {
			t.Errorf("%s at %s: match %q, want %q", tc.symbol, tc.at, got, tc.want)
		}
	}
	defs, err := DefinitionAt(ix, Position{Path: "src/Brush.java", Line: 7, Col: 11})
	if err != nil || len(defs) != 2 || defs[0].Path != "src/Brush.java" || defs[1].Path != "src/Brush.java" || defs[0].Match != MatchName {
		t.Errorf("definition of b.draw(1): %+v (%v), want Brush's two overloads, by name", defs, err)
	}
}

// The name an import statement imports resolves through the module it
// names, as the importing file sees it: a relative JavaScript specifier,
// a relative or absolute Python module. Another module's declaration of
// the name is not it.
func TestImportStatementsResolveToTheModulesDeclaration(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"src/internal/Notification.ts":    "export class Notification {}\n",
		"src/other/Notification.ts":       "export class Notification {}\n",
		"src/internal/ops/materialize.ts": "import { Notification } from '../Notification';\n\nexport function m(n: Notification) {}\n",
		"src/esm/access.js":               "export function access(elems, fn) {}\n",
		"src/esm/data.js":                 "import { access } from './access.js';\n\nexport function get(o) { return access(o, 1); }\n",
		"src/esm/view.ts":                 "import { Notification } from '../internal/Notification.js';\n",
		"mail/message.py":                 "class Message:\n    pass\n",
		"mail/parser.py":                  "from .message import Message\n",
		"tools/read.py":                   "from mail.message import Message\n",
	})
	for _, tc := range []struct {
		decl      string
		line, col int
		at, want  string
	}{
		{"src/internal/Notification.ts", 1, 14, "src/internal/ops/materialize.ts:1", MatchExact},
		{"src/other/Notification.ts", 1, 14, "src/internal/ops/materialize.ts:1", ""},
		// ES modules name the file with its extension, and TypeScript
		// names the .ts file by the .js it compiles to.
		{"src/esm/access.js", 1, 17, "src/esm/data.js:3", MatchExact},
		{"src/internal/Notification.ts", 1, 14, "src/esm/view.ts:1", MatchExact},
		{"mail/message.py", 1, 7, "mail/parser.py:1", MatchExact},
		{"mail/message.py", 1, 7, "tools/read.py:1", MatchExact},
	} {
		if got := matchAt(t, ix, "", &Position{Path: tc.decl, Line: tc.line, Col: tc.col}, tc.at); got != tc.want {
			t.Errorf("%s at %s: match %q, want %q", tc.decl, tc.at, got, tc.want)
		}
	}
}

// In C a use of a macro is a use of what its body names: lua_newtable(L)
// calls lua_createtable, through the macro, which the answer names, and
// so does a use of a macro whose body uses that macro; a preprocessor line
// (#if defined(...), another macro's body) expands nothing.
func TestMacroUsesAreUsesOfWhatTheyExpandTo(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"lua.h":   "#define lua_newtable(L) lua_createtable(L, 0, 0)\n#define newlib(L) (lua_newtable(L), 1)\n",
		"lapi.c":  "#include \"lua.h\"\n\nvoid lua_createtable (lua_State *L, int a, int b) {\n}\n",
		"lbase.c": "#include \"lua.h\"\n\n#if defined(lua_newtable)\n#endif\n\nint open (lua_State *L) {\n  lua_newtable(L);\n  return newlib(L);\n}\n",
	})
	tg, err := ResolveTarget(ix, "lua_createtable", nil)
	if err != nil {
		t.Fatal(err)
	}
	refs, err := References(ix, tg, RefFilter{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, r := range refs {
		got[r.Path+":"+itoaT(r.Line)] = r.Match + " via " + r.Via + " in " + r.Enclosing
	}
	want := map[string]string{
		"lua.h:1":   "exact via  in lua_newtable",
		"lbase.c:7": "exact via lua_newtable in open",
		"lbase.c:8": "exact via newlib in open",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("references of lua_createtable:\n got %v\nwant %v", got, want)
	}
}

// A bare C++ name resolves in the scopes around its use, innermost first
// and across files: a class's out-of-line member sees the class and the
// namespaces around it; overloads leave the use undecided.
func TestCPPNamesResolveInTheScopesAround(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"log/backtracer.h":     "namespace spdlog {\nnamespace details {\nclass backtracer {\n  void enable(int n);\n};\nint now();\nint clock(int a);\nint clock();\n}\n}\n",
		"log/backtracer-inl.h": "namespace spdlog {\nnamespace details {\nvoid backtracer::enable(int n)\n{\n  backtracer copy;\n  now();\n  clock(1);\n}\n}\n}\n",
		"other/time.h":         "namespace other {\nclass Clock {};\nint now();\n}\n",
	})
	for _, tc := range []struct{ symbol, at, want string }{
		{"log/backtracer.h:3:7", "log/backtracer-inl.h:5", MatchExact}, // the class, from its namespace
		{"log/backtracer.h:6:5", "log/backtracer-inl.h:6", MatchExact}, // a function of the namespace around
		{"other/time.h:3:5", "log/backtracer-inl.h:6", ""},             // another namespace's function of the name
		{"log/backtracer.h:7:5", "log/backtracer-inl.h:7", MatchName},  // one of two overloads
	} {
		path, line, col := splitPos(tc.symbol)
		if got := matchAt(t, ix, "", &Position{Path: path, Line: line, Col: col}, tc.at); got != tc.want {
			t.Errorf("%s at %s: match %q, want %q", tc.symbol, tc.at, got, tc.want)
		}
	}
}

// A name only the global scope qualifies (::connect in a method named
// connect) is the global function's, never the method's nor a namespace's.
func TestCPPGlobalScopeNamesAreGlobal(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"net/tcp_client.h": "namespace net {\nclass tcp_client {\n  int connect(int fd) {\n    return ::connect(fd);\n  }\n};\nint connect(int fd);\n}\n",
		"sys/socket.h":     "int connect(int fd);\n",
	})
	for _, tc := range []struct{ symbol, want string }{
		{"net/tcp_client.h:3:7", ""},     // the method: the global call is not its use ...
		{"net/tcp_client.h:7:5", ""},     // ... nor the namespace's function's
		{"sys/socket.h:1:5", MatchExact}, // the global function's
	} {
		path, line, col := splitPos(tc.symbol)
		if got := matchAt(t, ix, "", &Position{Path: path, Line: line, Col: col}, "net/tcp_client.h:4"); got != tc.want {
			t.Errorf("%s at net/tcp_client.h:4: match %q, want %q", tc.symbol, got, tc.want)
		}
	}
}

// A parameter whose default is a module's instance (policy=compat32,
// imported) selects the instance's class's members, inherited ones too,
// through the declaration of what it is bound to.
func TestPythonDefaultValuesTypeParameters(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"email/_policybase.py": "class Policy:\n    def handle_defect(self, obj, defect):\n        pass\n\n\nclass Compat32(Policy):\n    pass\n\n\ncompat32 = Compat32()\n",
		"email/other.py":       "class Other:\n    def handle_defect(self, obj, defect):\n        pass\n",
		"email/feedparser.py":  "from email._policybase import compat32\n\n\nclass FeedParser:\n    def __init__(self, *, policy=compat32):\n        self.policy = policy\n\n    def feed(self):\n        self.policy.handle_defect(self, 1)\n",
	})
	for _, tc := range []struct{ symbol, want string }{
		{"email/_policybase.py:2:9", MatchExact}, // Policy.handle_defect, through Compat32
		{"email/other.py:2:9", ""},               // another class's method of the name
	} {
		path, line, col := splitPos(tc.symbol)
		if got := matchAt(t, ix, "", &Position{Path: path, Line: line, Col: col}, "email/feedparser.py:9"); got != tc.want {
			t.Errorf("%s at email/feedparser.py:9: match %q, want %q", tc.symbol, got, tc.want)
		}
	}
}

// splitPos splits "path:line:col".
func splitPos(s string) (string, int, int) {
	parts := strings.Split(s, ":")
	line, _ := strconv.Atoi(parts[1])
	col, _ := strconv.Atoi(parts[2])
	return parts[0], line, col
}

// A C forward declaration (struct BlockCnt; in a header) announces the
// struct another file defines: a use beside it is a use of the definition.
func TestForwardDeclarationsAreTheDefinitions(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"lparser.h": "struct BlockCnt;  /* defined in lparser.c */\ntypedef struct FuncState {\n  struct BlockCnt *bl;\n} FuncState;\n",
		"lparser.c": "#include \"lparser.h\"\n\ntypedef struct BlockCnt {\n  int nactvar;\n} BlockCnt;\n",
	})
	if got := matchAt(t, ix, "", &Position{Path: "lparser.c", Line: 3, Col: 16}, "lparser.h:3"); got != MatchExact {
		t.Errorf("struct BlockCnt *bl in the header: match %q, want exact", got)
	}
}

// TestFieldsOfTheEnclosingClassTypeTheirUses: a field used without this
// (C++'s client_.connect(), Java's client.connect()) is typed by its
// declaration, as this.client is.
func TestFieldsOfTheEnclosingClassTypeTheirUses(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"src/client.h":    "namespace net {\nclass client {\npublic:\n    void connect();\n};\n}\n",
		"src/sink.h":      "namespace net {\nclass sink {\n    void write() {\n        client_.connect();\n    }\n    client client_;\n};\n}\n",
		"src/Client.java": "package p;\n\npublic class Client {\n    void connect() {}\n}\n",
		"src/Sink.java":   "package p;\n\npublic class Sink {\n    private Client client;\n    void write() {\n        client.connect();\n    }\n}\n",
		"src/Other.java":  "package p;\n\npublic class Other {\n    void connect() {}\n}\n",
	})
	for _, tc := range []struct{ symbol, at, want string }{
		{"client.connect", "src/sink.h:4", MatchExact},
		{"Client.connect", "src/Sink.java:6", MatchExact},
		{"Other.connect", "src/Sink.java:6", ""},
	} {
		if got := matchAt(t, ix, tc.symbol, nil, tc.at); got != tc.want {
			t.Errorf("%s at %s: %q, want %q", tc.symbol, tc.at, got, tc.want)
		}
	}
}

// A Rust field typed by a module's path (ll::Semaphore, after `use
// super::batch_semaphore as ll`) selects that module's type, not the
// file's own type of the name.
func TestRustTypesNamedByTheirModulePath(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"src/sync/semaphore.rs":       "use super::batch_semaphore as ll;\n\npub struct Semaphore {\n    ll_sem: ll::Semaphore,\n}\n\nimpl Semaphore {\n    pub fn try_acquire(&self) -> bool {\n        self.ll_sem.try_acquire(1)\n    }\n}\n",
		"src/sync/batch_semaphore.rs": "pub(crate) struct Semaphore {\n    permits: usize,\n}\n\nimpl Semaphore {\n    pub(crate) fn try_acquire(&self, n: usize) -> bool {\n        n > 0\n    }\n}\n",
		"src/sync/tests.rs":           "use crate::sync::batch_semaphore::Semaphore;\n\nfn check() {\n    let s = Semaphore::new(1);\n    s.try_acquire(1);\n}\n",
	})
	for _, tc := range []struct{ at, use, want string }{
		{"src/sync/batch_semaphore.rs:6:19", "src/sync/semaphore.rs:9", MatchExact},
		{"src/sync/semaphore.rs:8:12", "src/sync/semaphore.rs:9", ""},
		{"src/sync/batch_semaphore.rs:6:19", "src/sync/tests.rs:5", MatchExact}, // the imported type
		{"src/sync/semaphore.rs:8:12", "src/sync/tests.rs:5", ""},
	} {
		path, line, col := splitPos(tc.at)
		if got := matchAt(t, ix, "", &Position{Path: path, Line: line, Col: col}, tc.use); got != tc.want {
			t.Errorf("%s as a use of %s: %q, want %q", tc.use, tc.at, got, tc.want)
		}
	}
}

// A Lua module is the table its file returns: after `local util =
// require 'pkg.util'`, util.root is M.root of lua/pkg/util.lua.
func TestLuaModuleTableFields(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"lua/pkg/util.lua":  "local M = {}\n\nfunction M.root(x)\n  return x\nend\n\nreturn M\n",
		"lua/pkg/other.lua": "local M = {}\n\nfunction M.root(x)\n  return x\nend\n\nreturn M\n",
		"lsp/a.lua":         "local util = require 'pkg.util'\n\nreturn { dir = util.root('x') }\n",
	})
	if got := matchAt(t, ix, "", &Position{Path: "lua/pkg/util.lua", Line: 3, Col: 12}, "lsp/a.lua:3"); got != MatchExact {
		t.Errorf("util.root('x') as a use of pkg.util's M.root: %q, want exact", got)
	}
	if got := matchAt(t, ix, "", &Position{Path: "lua/pkg/other.lua", Line: 3, Col: 12}, "lsp/a.lua:3"); got != "" {
		t.Errorf("util.root('x') as a use of pkg.other's M.root: %q, want none", got)
	}
}

// A class that declares a property and a method of one name (okhttp's
// `val code` beside its deprecated `fun code()`) has two declarations: a
// call is the method's use, any other the property's, and the answer
// for the name says there is another.
func TestPropertyAndMethodOfOneName(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"Response.kt": "package okhttp3\n\nclass Response(\n  val code: Int,\n) {\n  fun code(): Int = code\n\n  val isSuccessful: Boolean = code in 200..299\n\n  fun legacy(): Int = code()\n}\n",
	})
	prop := &Position{Path: "Response.kt", Line: 4, Col: 7}
	for _, tc := range []struct {
		pos  *Position
		at   string
		want string
	}{
		{prop, "Response.kt:8", MatchExact},
		{prop, "Response.kt:10", ""},
		{nil, "Response.kt:10", MatchExact},
		{nil, "Response.kt:8", ""},
	} {
		if got := matchAt(t, ix, "Response.code", tc.pos, tc.at); got != tc.want {
			t.Errorf("Response.code (position %v) at %s: match %q, want %q", tc.pos, tc.at, got, tc.want)
		}
	}
	tg, err := ResolveTarget(ix, "Response.code", nil)
	if err != nil || len(tg.Others) != 1 {
		t.Errorf("Response.code: others %+v (%v), want the one it did not answer for", tg.Others, err)
	}
}

// A C++ type alias ends with ";" as a prototype does, yet it is the
// declaration there is: a bare name answers with it before a test named
// like it.
func TestTypeAliasIsNoPrototype(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"include/fmt/format.h": "namespace fmt {\nusing memory_buffer = basic_memory_buffer<char>;\n}\n",
		"test/module-test.cc":  "TEST(module_test, memory_buffer) {\n  fmt::memory_buffer buf;\n}\n",
	})
	defs, err := DefinitionsOf(ix, "memory_buffer")
	if err != nil || len(defs) == 0 || defs[0].Path != "include/fmt/format.h" {
		t.Errorf("memory_buffer: %+v (%v), want the alias in format.h first", defs, err)
	}
}

// A function is no type: where a test helper is named like a type
// (okhttp's `fun String(vararg codePoints: Int)`), the places that name
// the type are none of its uses, while its calls are.
func TestFunctionNamedLikeATypeHasNoTypeUses(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"TestUtil.kt": "package okhttp3\n\nfun String(vararg codePoints: Int): String {\n  return codePoints.joinToString()\n}\n",
		"Use.kt":      "package okhttp3\n\nclass Use(val name: String) {\n  fun f(): String = String(65)\n}\n",
	})
	tg, err := ResolveTarget(ix, "String", nil)
	if err != nil {
		t.Fatal(err)
	}
	refs, err := References(ix, tg, RefFilter{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range refs {
		got = append(got, fmt.Sprintf("%s:%d %v", r.Path, r.Line, r.Kind))
	}
	if len(refs) != 1 || refs[0].Path != "Use.kt" || refs[0].Kind != chunker.RefCall {
		t.Errorf("uses of fun String: %v, want only the call in Use.kt", got)
	}
}

// A member of a value whose stated type the repository does not declare
// is the library's: flask's `_cv_app: ContextVar[AppContext]` makes
// `_cv_app.get(None)` no use of the project's `_AppCtxGlobals.get`.
func TestMembersOfLibraryTypedValues(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"flask/ctx.py": "from contextvars import ContextVar\n\n_cv_app: ContextVar[int] = ContextVar(\"flask.app_ctx\")\n\n\nclass _AppCtxGlobals:\n    def get(self, name, default=None):\n        return default\n\n\ndef top():\n    return _cv_app.get(None)\n\n\ndef other(g):\n    return g.get(\"x\")\n",
	})
	for _, tc := range []struct{ at, want string }{
		{"flask/ctx.py:12", ""},
		{"flask/ctx.py:16", MatchName},
	} {
		if got := matchAt(t, ix, "_AppCtxGlobals.get", nil, tc.at); got != tc.want {
			t.Errorf("_AppCtxGlobals.get at %s: match %q, want %q", tc.at, got, tc.want)
		}
	}
}

// A package's __init__.py speaks for it: `from .helpers import url_for`
// there makes flask.url_for the helper, not the method Flask.url_for, and
// `from flask import url_for` elsewhere imports the helper.
func TestPackageReexports(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"src/flask/__init__.py": "from .app import Flask as Flask\nfrom .helpers import url_for as url_for\n",
		"src/flask/helpers.py":  "def url_for(endpoint, **values):\n    return endpoint\n",
		"src/flask/app.py":      "class Flask:\n    def url_for(self, endpoint):\n        return endpoint\n",
		"tests/test_urls.py":    "from flask import url_for\n\n\ndef test_it():\n    return url_for(\"index\")\n",
	})
	defs, err := DefinitionsOf(ix, "flask.url_for")
	if err != nil || defs[0].Path != "src/flask/helpers.py" || defs[0].Match != MatchExact {
		t.Errorf("flask.url_for: %+v (%v), want helpers.py's, exact", defs, err)
	}
	if got := matchAt(t, ix, "helpers.url_for", nil, "tests/test_urls.py:5"); got != MatchExact {
		t.Errorf("url_for(\"index\") after from flask import url_for: match %q, want exact", got)
	}
	at, err := DefinitionAt(ix, Position{Path: "tests/test_urls.py", Line: 1, Col: 19})
	if err != nil || len(at) != 1 || at[0].Path != "src/flask/helpers.py" {
		t.Errorf("definition at the import: %+v (%v), want helpers.py's url_for alone", at, err)
	}
}

// A module-level variable of a stated type is selected from as a value
// of that type, though the grammar names it as it names a module:
// flask's `current_app: FlaskProxy` (a subclass of Flask) makes
// `current_app.url_for(…)` the method, not helpers' url_for.
func TestTypedVariableAsReceiver(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"flask/app.py":     "class Flask:\n    def url_for(self, endpoint):\n        return endpoint\n",
		"flask/globals.py": "from .app import Flask\n\n\nclass FlaskProxy(Flask): ...\n\n\ncurrent_app: FlaskProxy = LocalProxy(\"app\")\n",
		"flask/helpers.py": "from .globals import current_app\n\n\ndef url_for(endpoint):\n    return current_app.url_for(endpoint)\n",
	})
	defs, err := DefinitionAt(ix, Position{Path: "flask/helpers.py", Line: 5, Col: 24})
	if err != nil || len(defs) != 1 || defs[0].Def.Qualified() != "Flask.url_for" || defs[0].Match != MatchExact {
		t.Errorf("current_app.url_for: %+v (%v), want Flask.url_for, exact", defs, err)
	}
}

// A use the resolver cannot settle ranks the declaration its file imports
// by name (Kotlin's `import okhttp3.internal.closeQuietly`, an extension)
// before a same-named method in the same directory.
func TestImportedNameBeforeANeighboursMethod(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"okhttp3/internal/Util.kt":                "package okhttp3.internal\n\nfun Closeable.closeQuietly() {\n  close()\n}\n",
		"okhttp3/internal/connection/Plan.kt":     "package okhttp3.internal.connection\n\nclass ConnectPlan {\n  fun closeQuietly() {\n  }\n}\n",
		"okhttp3/internal/connection/RealCall.kt": "package okhttp3.internal.connection\n\nimport okhttp3.internal.closeQuietly\n\nclass RealCall {\n  fun run(response: Any) {\n    response.closeQuietly()\n  }\n}\n",
	})
	defs, err := DefinitionAt(ix, Position{Path: "okhttp3/internal/connection/RealCall.kt", Line: 7, Col: 14})
	if err != nil || len(defs) == 0 || defs[0].Path != "okhttp3/internal/Util.kt" {
		t.Errorf("response.closeQuietly(): %+v (%v), want the imported extension first", defs, err)
	}
}

// Elixir's `import Plug.Conn` makes the module's functions callable bare:
// put_resp_header(conn, …) after it is Plug.Conn's.
func TestElixirImportedModuleFunctions(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"lib/plug/conn.ex": "defmodule Plug.Conn do\n  def put_resp_header(conn, key, value) do\n    conn\n  end\nend\n",
		"lib/other.ex":     "defmodule Other do\n  def put_resp_header(conn, key, value), do: conn\nend\n",
		"lib/plug/ssl.ex":  "defmodule Plug.SSL do\n  import Plug.Conn\n\n  def call(conn, _opts) do\n    put_resp_header(conn, \"strict-transport-security\", \"max-age=31536000\")\n  end\nend\n",
	})
	if got := matchAt(t, ix, "Plug.Conn.put_resp_header", nil, "lib/plug/ssl.ex:5"); got != MatchExact {
		t.Errorf("put_resp_header after import Plug.Conn: match %q, want exact", got)
	}
	if got := matchAt(t, ix, "Other.put_resp_header", nil, "lib/plug/ssl.ex:5"); got != "" {
		t.Errorf("Other.put_resp_header at the call: match %q, want none", got)
	}
}

// A Swift module's files share one scope: a type used by its bare name
// is its one top-level declaration, and its extensions in other files
// are no other declarations of the name.
func TestSwiftModuleScope(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"Source/Core/Session.swift":           "open class Session {\n    func request() {}\n}\n",
		"Source/Features/Session+Retry.swift": "extension Session {\n    func retry() {}\n}\n",
		"Source/Core/Request.swift":           "final class Request {\n    let session: Session\n    init(session: Session) {\n        self.session = session\n    }\n}\n",
	})
	if got := matchAt(t, ix, "Session", nil, "Source/Core/Request.swift:2"); got != MatchExact {
		t.Errorf("let session: Session: match %q, want exact", got)
	}
	tg, err := ResolveTarget(ix, "Session", nil)
	if err != nil || len(tg.Others) != 0 || tg.Def.Kind != "class" {
		t.Errorf("Session: %+v, others %v (%v), want the class and no others", tg.Definition, tg.Others, err)
	}
}

// An Erlang module's member (Elixir's `:inet.port_number()`) is the
// library's, never the repository's declaration of the name.
func TestErlangModuleMembersAreTheLibrarys(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"lib/plug/conn.ex": "defmodule Plug.Conn do\n  @type port_number :: :inet.port_number()\n\n  def port(conn), do: conn\nend\n",
	})
	tg, err := ResolveTarget(ix, "Plug.Conn.port_number", nil)
	if err != nil {
		t.Fatal(err)
	}
	refs, err := References(ix, tg, RefFilter{})
	if err != nil || len(refs) != 0 {
		t.Errorf("uses of Plug.Conn.port_number: %+v (%v), want none (:inet's is Erlang's)", refs, err)
	}
}

// A call qualified by the namespace it is declared in
// (`details::os::sleep_for_millis(…)`) is the function's, prototype and
// definition alike, though macros unknown to the parser wrap the
// prototype (`SPDLOG_API void sleep_for_millis(…) SPDLOG_NOEXCEPT;`).
func TestNamespaceQualifiedCallIsExact(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"details/os.h":          "namespace spdlog {\nnamespace details {\nnamespace os {\nSPDLOG_API void sleep_for_millis(unsigned int ms) SPDLOG_NOEXCEPT;\n}\n}\n}\n",
		"details/os-inl.h":      "namespace spdlog {\nnamespace details {\nnamespace os {\nvoid sleep_for_millis(unsigned int ms)\n{\n    sleep(ms);\n}\n}\n}\n}\n",
		"details/file_helper.h": "#include <spdlog/details/os.h>\nnamespace spdlog {\nnamespace details {\nclass file_helper {\n    void open()\n    {\n        details::os::sleep_for_millis(10);\n    }\n};\n}\n}\n",
	})
	tg, err := ResolveTarget(ix, "", &Position{Path: "details/os-inl.h", Line: 4, Col: 6})
	if err != nil {
		t.Fatal(err)
	}
	refs, err := References(ix, tg, RefFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if got := refSet(refs); strings.Join(got, ",") != "details/file_helper.h:7 exact" {
		t.Errorf("uses of sleep_for_millis %v, want the call in file_helper.h, exact", got)
	}
}

// A field and a method of one name and type (alacritty's `grid:
// Grid<Cell>` and `fn grid(&self) -> &Grid<Cell>`) type what is selected
// from the field: `self.grid.scroll_display(…)` is Grid's, not the
// calling method's own.
func TestFieldAndGetterOfOneTypeTypeTheSelection(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"src/grid.rs": "pub struct Grid<T> { lines: Vec<T> }\n\nimpl<T> Grid<T> {\n    pub fn scroll_display(&mut self, n: i32) {}\n}\n",
		"src/term.rs": "use crate::grid::Grid;\n\npub struct Term<T> {\n    grid: Grid<T>,\n}\n\nimpl<T> Term<T> {\n    pub fn grid(&self) -> &Grid<T> {\n        &self.grid\n    }\n\n    pub fn scroll_display(&mut self, n: i32) {\n        self.grid.scroll_display(n);\n    }\n}\n",
	})
	defs, err := DefinitionAt(ix, Position{Path: "src/term.rs", Line: 13, Col: 19})
	if err != nil || len(defs) == 0 || defs[0].Path != "src/grid.rs" || defs[0].Match != MatchExact {
		t.Errorf("self.grid.scroll_display: %+v (%v), want Grid.scroll_display, exact", defs, err)
	}
}

// Elixir tells a module's functions apart by arity: a call inside
// sync_subscribe/3 of sync_subscribe/4 is not the enclosing function's
// exact use, and the clauses of one arity stay one function.
func TestElixirFunctionsOfOneNameAndTwoArities(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"lib/gen_stage.ex":  "defmodule GenStage do\n  def sync_subscribe(stage, opts, timeout \\\\ 5_000) do\n    sync_subscribe(stage, nil, opts, timeout)\n  end\n\n  defp sync_subscribe(stage, to, opts, timeout) do\n    call(stage, to, opts, timeout)\n  end\n\n  def ask(:none), do: :ok\n  def ask(n), do: ask(n - 1)\nend\n",
		"test/sup_test.exs": "defmodule SupTest do\n  test \"subscribes\" do\n    GenStage.sync_subscribe(sup, to: producer)\n  end\nend\n",
	})
	// A qualified call from another module sees the public function
	// alone: a defp is called bare, from its own module.
	defs, err := DefinitionAt(ix, Position{Path: "test/sup_test.exs", Line: 3, Col: 14})
	if err != nil || len(defs) != 1 || defs[0].Def.Line != 2 || defs[0].Match != MatchExact {
		t.Errorf("GenStage.sync_subscribe(sup, to: producer): %+v (%v), want sync_subscribe/3, exact", defs, err)
	}
	for line, want := range map[int]string{2: "test/sup_test.exs:3 exact,lib/gen_stage.ex:3 name", 6: "lib/gen_stage.ex:3 name"} {
		tg, err := ResolveTarget(ix, "", &Position{Path: "lib/gen_stage.ex", Line: line, Col: 8})
		if err != nil {
			t.Fatal(err)
		}
		refs, err := References(ix, tg, RefFilter{})
		var got []string
		for _, r := range refs {
			got = append(got, fmt.Sprintf("%s:%d %s", r.Path, r.Line, r.Match))
		}
		if err != nil || strings.Join(got, ",") != want {
			t.Errorf("uses of the sync_subscribe at line %d: %v (%v), want %s", line, got, err, want)
		}
	}
	defs, err = DefinitionAt(ix, Position{Path: "lib/gen_stage.ex", Line: 3, Col: 5})
	if err != nil || len(defs) != 2 || defs[0].Match != MatchName || defs[1].Match != MatchName {
		t.Errorf("sync_subscribe(stage, nil, opts, timeout): %+v (%v), want both arities, by name", defs, err)
	}
	defs, err = DefinitionAt(ix, Position{Path: "lib/gen_stage.ex", Line: 11, Col: 19})
	if err != nil || len(defs) != 1 || defs[0].Match != MatchExact || defs[0].Def.Line != 10 {
		t.Errorf("ask(n - 1): %+v (%v), want ask/1 at its first clause, exact", defs, err)
	}
}

// Another crate of a Rust workspace names a module by the crate's name
// and the module's path under its src/ (`use
// alacritty_terminal::grid::Scroll`): the import is that module's Scroll,
// not a variant of the same name in the importing file.
func TestRustWorkspaceCrateImports(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"alacritty_terminal/src/grid/mod.rs": "pub enum Scroll {\n    Delta(i32),\n    Top,\n}\n",
		"alacritty/src/event.rs":             "use alacritty_terminal::grid::Scroll;\n\npub enum EventType {\n    Scroll,\n    Resize,\n}\n\nfn f(s: Scroll) {}\n",
	})
	defs, err := DefinitionAt(ix, Position{Path: "alacritty/src/event.rs", Line: 1, Col: 31})
	if err != nil || len(defs) == 0 || defs[0].Path != "alacritty_terminal/src/grid/mod.rs" || defs[0].Match != MatchExact {
		t.Errorf("use alacritty_terminal::grid::Scroll: %+v (%v), want grid's Scroll, exact", defs, err)
	}
}

// A remote call's module (`Buffer.store_temporary(…)` after `alias
// GenStage.Buffer`) is a use of the module: the module's references
// listed the alias line alone.
func TestElixirRemoteCallsUseTheirModule(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"lib/gen_stage/buffer.ex": "defmodule GenStage.Buffer do\n  def store_temporary(buffer, temps, opts), do: buffer\nend\n",
		"lib/gen_stage.ex":        "defmodule GenStage do\n  alias GenStage.Buffer\n\n  def put(buffer, temps) do\n    Buffer.store_temporary(buffer, temps, [])\n  end\nend\n",
	})
	defs, err := DefinitionAt(ix, Position{Path: "lib/gen_stage.ex", Line: 5, Col: 5})
	if err != nil || len(defs) == 0 || defs[0].Path != "lib/gen_stage/buffer.ex" || defs[0].Match != MatchExact {
		t.Errorf("Buffer in Buffer.store_temporary(…): %+v (%v), want the module, exact", defs, err)
	}
	tg, err := ResolveTarget(ix, "GenStage.Buffer", nil)
	if err != nil {
		t.Fatal(err)
	}
	refs, err := References(ix, tg, RefFilter{})
	var lines []string
	for _, r := range refs {
		lines = append(lines, fmt.Sprintf("%s:%d", r.Path, r.Line))
	}
	if err != nil || !slices.Contains(lines, "lib/gen_stage.ex:5") {
		t.Errorf("uses of GenStage.Buffer %v (%v), want the remote call at lib/gen_stage.ex:5", lines, err)
	}
}

// A Zig file's `const clap = @import("clap")` binds the package's root
// file, and `@import("clap/parsers.zig")` a file beside it: `clap.parse`
// is the root's parse, not a nested namespace's.
func TestZigImports(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"clap.zig":         "pub const parsers = @import(\"clap/parsers.zig\");\n\npub fn parse(comptime Id: type) !void {\n    return parsers.int(Id);\n}\n",
		"clap/parsers.zig": "pub fn int(comptime T: type) !void {}\n\npub const float = struct {\n    pub fn parse(x: u8) !void {}\n};\n",
		"example/main.zig": "pub fn main() !void {\n    try clap.parse(u8);\n}\n\nconst clap = @import(\"clap\");\n",
	})
	defs, err := DefinitionAt(ix, Position{Path: "example/main.zig", Line: 2, Col: 14})
	if err != nil || len(defs) == 0 || defs[0].Path != "clap.zig" || defs[0].Match != MatchExact {
		t.Errorf("clap.parse: %+v (%v), want clap.zig's parse, exact", defs, err)
	}
	defs, err = DefinitionAt(ix, Position{Path: "clap.zig", Line: 4, Col: 20})
	if err != nil || len(defs) == 0 || defs[0].Path != "clap/parsers.zig" || defs[0].Match != MatchExact {
		t.Errorf("parsers.int: %+v (%v), want parsers.zig's int, exact", defs, err)
	}
}

// A local bound to a call's result has the type the callee declares it
// returns: httpx's `response = self._send_handling_auth(…)`, declared
// `-> Response`, makes `response.read()` Response's, not Request's.
func TestLocalBoundToACallsResult(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"httpx/_models.py": "class Request:\n    def read(self) -> bytes:\n        return b''\n\n\nclass Response:\n    def read(self) -> bytes:\n        return b''\n\n\ndef make_response() -> Response:\n    return Response()\n",
		"httpx/_client.py": "from ._models import Request, Response, make_response\n\n\nclass Client:\n    def _send(self, request: Request) -> Response:\n        return Response()\n\n    def send(self, request: Request) -> Response:\n        response = self._send(request)\n        response.read()\n        other = make_response()\n        other.read()\n        return response\n",
	})
	for _, at := range []Position{{Path: "httpx/_client.py", Line: 10, Col: 18}, {Path: "httpx/_client.py", Line: 12, Col: 15}} {
		defs, err := DefinitionAt(ix, at)
		if err != nil || len(defs) != 1 || defs[0].Def.Parent != "Response" || defs[0].Match != MatchExact {
			t.Errorf("read at %d:%d: %+v (%v), want Response.read, exact", at.Line, at.Col, defs, err)
		}
	}
}

// In Kotlin a bare callee is often the class's own method: `val res =
// send(r)` is typed by what the method returns, and so are TypeScript's
// `const res = this.send(r)`.
func TestLocalBoundToAMethodsResult(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"Response.kt": "class Response {\n  fun close() {}\n}\n\nclass Other {\n  fun close() {}\n}\n",
		"Call.kt":     "class Call {\n  fun send(r: Request): Response = Response()\n  fun run(r: Request) {\n    val res = send(r)\n    res.close()\n  }\n}\n",
		"client.ts":   "class Res {\n  read(): number { return 1; }\n}\nclass Other {\n  read(): number { return 2; }\n}\nclass Client {\n  send(): Res { return new Res(); }\n  run() {\n    const res = this.send();\n    res.read();\n  }\n}\n",
	})
	for _, at := range []Position{{Path: "Call.kt", Line: 5, Col: 9}, {Path: "client.ts", Line: 11, Col: 9}} {
		defs, err := DefinitionAt(ix, at)
		if err != nil || len(defs) != 1 || (defs[0].Def.Parent != "Response" && defs[0].Def.Parent != "Res") || defs[0].Match != MatchExact {
			t.Errorf("%s:%d: %+v (%v), want the result type's method, exact", at.Path, at.Line, defs, err)
		}
	}
}
