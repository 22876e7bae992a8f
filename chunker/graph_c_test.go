package chunker

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

const cGraphSrc = `#include <stdio.h>
#include "cart.h"

#define MAX 10

/* A cart of items. */
struct cart {
    int count;
    struct item *items;
};

typedef struct cart cart_t;

#ifdef DEBUG
void dump(cart_t *c);
#endif

/* Adds an item. */
int cart_add(cart_t *c, struct item *it) {
    struct item copy = *it;
    int n = c->count;
    c->items[n] = copy;
    qsort(c->items, n, sizeof(struct item), compare);
    return helper(c, copy.price, MAX);
}

enum mode { FAST, SLOW };
`

func TestCGraph(t *testing.T) {
	src := cGraphSrc
	g := analyzeGraph(t, "cart.c", src)
	checkImports(t, g, ". stdio.h", ". cart.h")
	checkDefs(t, g, src, []wantDef{
		{qualified: "MAX", kind: "macro", at: "define MAX"},
		{qualified: "cart", kind: "struct", at: "struct cart {", doc: "A cart of items."},
		{qualified: "cart.count", kind: "field", at: "int count", typ: "t:int"},
		{qualified: "cart.items", kind: "field", at: "*items", typ: "t:item"},
		{qualified: "cart_t", kind: "type", at: "cart cart_t"},
		{qualified: "dump", kind: "function", at: "void dump"},
		{qualified: "cart_add", kind: "function", at: "int cart_add", typ: "t:int", doc: "Adds an item."},
		{qualified: "mode.SLOW", kind: "constant", at: "SLOW"},
	})
	checkRefs(t, g, src, []wantRef{
		{"cart", "struct cart cart_t", RefType, "", "cart_t"},
		{"cart_t", "int cart_add(cart_t", RefType, "", "cart_add"},
		{"count", "c->count", RefOther, "t:cart_t", "cart_add"},
		{"qsort", "qsort(", RefCall, "", "cart_add"},
		{"compare", "compare);", RefOther, "", "cart_add"},
		{"price", "copy.price", RefOther, "t:item", "cart_add"},
		{"MAX", "MAX);", RefOther, "", "cart_add"},
	})
	checkNoRefs(t, g, "c", "it", "copy", "n")
}

const cppGraphSrc = `#include <vector>
using namespace std;
using std::string;

namespace geo {
/// A shape.
class Shape : public Base, protected ns::Mixin<int> {
public:
    virtual double area() const = 0;
    void draw(Canvas& c);
    std::vector<Point> points;
};

void Shape::draw(Canvas& c) {
    auto pen = std::make_unique<Pen>();
    Brush* b = new Brush();
    b->fill(this->points);
    c.render(*this);
    helper(&Shape::area);
}
}
`

func TestCPPGraph(t *testing.T) {
	src := cppGraphSrc
	g := analyzeGraph(t, "shape.cpp", src)
	checkImports(t, g, ". vector", ". std", "string std.string")
	checkDefs(t, g, src, []wantDef{
		{qualified: "geo", kind: "namespace", at: "namespace geo"},
		{qualified: "geo.Shape", kind: "class", at: "class Shape", doc: "A shape."},
		{qualified: "geo.Shape.area", kind: "method", at: "area()", typ: "t:double", flags: DefAbstract},
		{qualified: "geo.Shape.points", kind: "field", at: "> points", typ: "t:vector"},
		{qualified: "geo.Shape.draw", kind: "method", at: "draw(Canvas& c);"},
	})
	// The definition out of the class is a definition too.
	checkDefAt(t, g, src, "geo.Shape.draw", "Shape::draw")
	checkRefs(t, g, src, []wantRef{
		{"string", "std::string", RefImport, "n:std", ""},
		{"Base", "public Base", RefInherit, "", "geo.Shape"},
		{"Mixin", "ns::Mixin", RefInherit, "n:ns", "geo.Shape"},
		{"vector", "std::vector<Point>", RefType, "n:std", "geo.Shape.points"},
		{"make_unique", "make_unique", RefCall, "n:std", "geo.Shape.draw"},
		{"fill", "b->fill", RefCall, "t:Brush", "geo.Shape.draw"},
		{"points", "this->points", RefOther, "self", "geo.Shape.draw"},
		{"render", "c.render", RefCall, "t:Canvas", "geo.Shape.draw"},
		{"area", "Shape::area", RefOther, "n:Shape", "geo.Shape.draw"},
	})
	checkNoRefs(t, g, "c", "pen", "b", "std")
}

// cppMacroSrc is spdlog's way of writing C++: macros the parser does not
// know before and after declarations, class templates' members defined
// out of the class, inside namespaces.
const cppMacroSrc = `namespace spdlog {
namespace sinks {

template<typename ConsoleMutex>
SPDLOG_INLINE ansicolor_sink<ConsoleMutex>::ansicolor_sink(FILE *target_file, color_mode mode)
    : target_file_(target_file)
    , formatter_(details::make_unique<spdlog::pattern_formatter>())
{
    set_color_mode(mode);
    colors_[level::trace] = to_string_(white);
}

template<typename ConsoleMutex>
SPDLOG_INLINE void ansicolor_sink<ConsoleMutex>::set_pattern(const std::string &pattern)
{
    formatter_ = nullptr;
}

template<typename ConsoleMutex>
void SPDLOG_INLINE wincolor_sink<ConsoleMutex>::set_color(int level)
{
    colors_[level] = 0;
}

template<typename ConsoleMutex>
SPDLOG_INLINE wincolor_stderr_sink<ConsoleMutex>::wincolor_stderr_sink(color_mode mode)
    : wincolor_sink<ConsoleMutex>(::GetStdHandle(STD_ERROR_HANDLE), mode)
{}
} // namespace sinks

namespace details {
SPDLOG_INLINE log_msg::log_msg(spdlog::source_loc loc, string_view_t a_logger_name)
    : log_msg(os::now(), loc, a_logger_name)
{}

namespace os {
SPDLOG_API size_t pid() SPDLOG_NOEXCEPT;

SPDLOG_INLINE spdlog::log_clock::time_point now() SPDLOG_NOEXCEPT
{
    return log_clock::now();
}

// Return current thread id as size_t (from thread local storage)
SPDLOG_INLINE size_t thread_id() SPDLOG_NOEXCEPT
{
    return _thread_id();
}

std::string SPDLOG_INLINE getenv(const char *field)
{
    return "";
}
} // namespace os

struct async_msg : log_msg_buffer
{
#if defined(_MSC_VER) && _MSC_VER <= 1800
    async_msg &operator=(async_msg &&other)
    {
        return *this;
    }
#endif
    bool operator == (const async_msg &other) const { return true; }
    explicit operator bool() const { return true; }
};
} // namespace details
} // namespace spdlog
`

// TestCPPMacroDefs: the declarations that macros unknown to the parser
// break keep their names and their namespaces, as ctags gives them.
func TestCPPMacroDefs(t *testing.T) {
	src := cppMacroSrc
	g := analyzeGraph(t, "sink-inl.h", src)
	checkDefs(t, g, src, []wantDef{
		{qualified: "spdlog.sinks.ansicolor_sink.ansicolor_sink", kind: "method", at: ">::ansicolor_sink("},
		{qualified: "spdlog.sinks.ansicolor_sink.set_pattern", kind: "method", at: "set_pattern("},
		{qualified: "spdlog.sinks.wincolor_sink.set_color", kind: "method", at: "set_color("},
		{qualified: "spdlog.sinks.wincolor_stderr_sink.wincolor_stderr_sink", kind: "method", at: ">::wincolor_stderr_sink("},
		{qualified: "spdlog.details.log_msg.log_msg", kind: "method", at: "::log_msg(s"},
		{qualified: "spdlog.details.os.now", kind: "function", at: "point now()"},
		{qualified: "spdlog.details.os.thread_id", kind: "function", at: "thread_id()"},
		{qualified: "spdlog.details.os.pid", kind: "function", at: "pid()"},
		{qualified: "spdlog.details.os.getenv", kind: "function", at: "getenv("},
		{qualified: "spdlog.details.async_msg.operator=", kind: "method", at: "operator=("},
	})
	// Operators are named without spaces but between words.
	for name, at := range map[string]string{"operator==": "operator ==", "operator bool": "operator bool()"} {
		d := findDef(g, "spdlog.details.async_msg."+name)
		if d == nil {
			t.Errorf("no definition %s; have %s", name, defNames(g))
			continue
		}
		if line, col := position(t, src, at, "operator"); d.Line != line || d.Col != col {
			t.Errorf("%s at %d:%d, want %d:%d", name, d.Line, d.Col, line, col)
		}
	}
	for _, d := range g.Defs {
		if d.Name == "wincolor_sink" || d.Name == "target_file_" || d.Qualified() == "spdlog.details.log_msg" {
			t.Errorf("a member initializer is no definition: %s %s at %d:%d", d.Kind, d.Qualified(), d.Line, d.Col)
		}
		if strings.Contains(d.Qualified(), "SPDLOG") || strings.ContainsAny(d.Qualified(), "<> ") && !strings.Contains(d.Name, "operator") {
			t.Errorf("a macro or template arguments in %s %s", d.Kind, d.Qualified())
		}
	}
}

// A prototype whose name is parenthesized after an export macro
// ("LUA_API void (lua_close) (lua_State *L);") declares that name, though
// the parser reads a function named void returning a function.
func TestCParenthesizedPrototypes(t *testing.T) {
	src := "LUA_API void  (lua_createtable) (lua_State *L, int narr, int nrec);\nint (lua_close) (lua_State *L);\nLUAI_FUNC void luaT_init (lua_State *L);\n"
	g := analyzeGraph(t, "lua.h", src)
	checkDefs(t, g, src, []wantDef{
		{qualified: "lua_createtable", kind: "function", at: "lua_createtable"},
		{qualified: "lua_close", kind: "function", at: "lua_close"},
		{qualified: "luaT_init", kind: "function", at: "luaT_init"},
	})
	for _, r := range g.Refs {
		if r.Name == "lua_createtable" {
			t.Errorf("the declared name is no reference: %+v", r)
		}
	}
	var names []string
	for _, sym := range Symbols("lua.h", []byte(src)) {
		names = append(names, sym.Name)
	}
	if strings.Join(names, " ") != "lua_createtable lua_close luaT_init" {
		t.Errorf("get_symbols lists %q", names)
	}
	// A prototype on several lines is whole, with the ";" that tells it
	// from a definition; its export macro, blanked for the parse, is not.
	multi := "LUAI_FUNC void *luaM_saferealloc_ (lua_State *L, void *block, size_t oldsize,\n                                 size_t size);\n"
	g = analyzeGraph(t, "lmem.h", multi)
	if d := findDef(g, "luaM_saferealloc_"); d == nil || d.Signature != "void *luaM_saferealloc_ (lua_State *L, void *block, size_t oldsize, size_t size);" {
		t.Errorf("prototype %+v", d)
	}
}

// A macro's body, which the grammar leaves as text, references what it
// names: a call, a name; not its parameters, keywords, literals, a member
// after . or ->, or a name made a string (#x) or pasted (a##b).
func TestCMacroBodiesAreReferences(t *testing.T) {
	src := "#define lua_newtable(L) lua_createtable(L, 0, 0)\n" +
		"#define api_check(l,e,msg) luai_apicheck(l,(e) && msg)\n" +
		"#define LIMIT (MAXSIZE - sizeof(int))\n" +
		"#define str(x) #x \"lua_pop(\" cast(x->next, a##b)\n"
	g := analyzeGraph(t, "lua.h", src)
	checkRefs(t, g, src, []wantRef{
		{"lua_createtable", "lua_createtable(L", RefCall, "", "lua_newtable"},
		{"luai_apicheck", "luai_apicheck(", RefCall, "", "api_check"},
		{"MAXSIZE", "MAXSIZE", RefOther, "", "LIMIT"},
		{"cast", "cast(x", RefCall, "", "str"},
	})
	for _, r := range g.Refs {
		switch r.Name {
		case "L", "l", "e", "msg", "x", "sizeof", "int", "lua_pop", "next", "a", "b":
			t.Errorf("%s is no reference: %+v", r.Name, r)
		}
	}
}

// The scopes of a C++ qualified name use what they name, and a call
// through two scopes is a call.
func TestCPPQualifiedScopesAreReferences(t *testing.T) {
	src := "namespace spdlog {\nnamespace details {\nvoid backtracer::enable(size_t size)\n{\n    return details::registry::instance().get_tp();\n}\n}\n}\n"
	g := analyzeGraph(t, "backtracer-inl.h", src)
	checkRefs(t, g, src, []wantRef{
		{"backtracer", "backtracer::enable", RefType, "", "spdlog.details.backtracer.enable"},
		{"details", "details::registry", RefType, "", "spdlog.details.backtracer.enable"},
		{"registry", "registry::instance", RefType, "", "spdlog.details.backtracer.enable"},
		{"instance", "instance()", RefCall, "n:registry", "spdlog.details.backtracer.enable"},
	})
}

func TestCMatchBrace(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want int // index of the closing brace, -1 for none
	}{
		{"{ a { b } c } d", 12},
		{"{ \"}\" '}' /* } */ // }\n }", 24},
		{"{ R\"x(})x\" }", 11},
		{"{ @\"C:\\\" \"}\" }", 13},
		{"{ \"\"\"\n}\n\"\"\" }", 12},
		{"{ 1'000; }", 9},
		{"{\n#if A\n  if (a) {\n#else\n  if (b) {\n#endif\n  }\n}", 47},
		{"{\n#define M }\n}", 14},
		{"{ {", -1},
	} {
		got := int(cMatchBrace([]byte(tc.src), 0)) - 1
		if got != tc.want {
			t.Errorf("%q: closing brace at %d, want %d", tc.src, got, tc.want)
		}
	}
}

const cppSmartPointers = `#include <memory>
class logger {
public:
    void log();
    void reset();
};
void use(std::shared_ptr<logger> p, const std::unique_ptr<ns::logger> &q) {
    p->log();
    p.reset();
    q -> log();
    std::shared_ptr<logger> r = make();
    r->log();
    logger *raw = nullptr;
    raw->log();
    auto m = std::make_unique<logger>(1);
    m->log();
    auto f = compute<logger>();
    f->log();
}
`

// A smart pointer's "->" reaches its object, whose members it selects;
// its "." selects the pointer's own (reset, get), which are no member of
// the object's class.
func TestCPPSmartPointersReachTheirObject(t *testing.T) {
	refs := graphRefs(t, "use.cpp", cppSmartPointers)
	if !refs["call t:logger log in use"] {
		t.Errorf("p->log(), q->log(), r->log(): no call of t:logger log in %v", refs)
	}
	if refs["call t:logger reset in use"] || !refs["call ? reset in use"] {
		t.Errorf("p.reset() is the smart pointer's: want call ? reset, got %v", refs)
	}
	a, err := Analyze("use.cpp", []byte(cppSmartPointers), Options{})
	if err != nil {
		t.Fatal(err)
	}
	logs := 0
	for _, r := range a.Graph.Refs {
		if r.Name == "log" && r.Recv == "t:logger" {
			logs++
		}
	}
	if logs != 5 {
		t.Errorf("%d calls of log on t:logger, want 5 (p, q, r, make_unique's m and the raw pointer; not compute's f)", logs)
	}
}

// A name the global scope alone qualifies (::connect) is the global
// declaration's, never the method it is called from: its receiver says so
// (GlobalRecv). A namespace's or class's qualifier stays a name.
func TestCPPGlobalScopeQualifiedNames(t *testing.T) {
	src := `class tcp_client {
public:
    int connect(int fd) {
        if (::connect(fd, 0, 0) == 0) {
            return std::connect(fd);
        }
        return net::sys::connect(fd) + tcp_client::connect(0) + connect(1);
    }
};
`
	refs := graphRefs(t, "tcp_client.h", src)
	for _, want := range []string{"call g: connect in connect", "call n:std connect in connect", "call n:sys connect in connect", "call n:tcp_client connect in connect", "call  connect in connect"} {
		if !refs[want] {
			t.Errorf("no %q in %v", want, refs)
		}
	}
}

// A pointer to a function is a variable: a struct's `int (*read)(…)` is
// its field (a call through it, `ops->read(…)`, is the field's use), and
// a union's inside it is no function of the file.
func TestCFunctionPointerFields(t *testing.T) {
	src := "struct file_ops {\n\tint (*read)(int fd, char *buf);\n\tunion {\n\t\tint (*a1)(int);\n\t\tint (*a2)(int, int);\n\t} fptr;\n};\n\nstatic int do_read(struct file_ops *ops, char *buf)\n{\n\treturn ops->read(3, buf);\n}\n"
	for _, s := range Symbols("ops.c", []byte(src)) {
		if s.Name == "a1" || s.Name == "a2" || s.Name == "read" {
			t.Errorf("the outline lists the field %s as a %s", s.Name, s.Kind)
		}
	}
	g := analyzeGraph(t, "ops.c", src)
	checkDefs(t, g, src, []wantDef{
		{qualified: "file_ops", kind: "struct", at: "file_ops {"},
		{qualified: "file_ops.read", kind: "field", at: "read)"},
		{qualified: "do_read", kind: "function", at: "do_read"},
	})
}

// A function pointer field returning a pointer, with or without a calling
// convention's macro (cJSON's `void *(CDECL *reallocate)(…)`), is a field;
// a comment ending a field's line is no doc of the next field, which
// starts on its own line.
func TestCPointerReturningFieldsAndTrailingComments(t *testing.T) {
	src := "typedef struct hooks\n{\n    void *(*allocate)(size_t size);\n    void (*deallocate)(void *pointer);\n    void *(CDECL *reallocate)(void *pointer, size_t size);\n    int depth; /* nesting */\n    int after;\n} hooks;\n"
	got := map[string]int{}
	for _, s := range Outline("hooks.c", []byte(src)) {
		if s.Parent == "hooks" {
			got[s.Name] = s.StartLine
		}
	}
	want := map[string]int{"allocate": 3, "deallocate": 4, "reallocate": 5, "depth": 6, "after": 7}
	if !maps.Equal(got, want) {
		t.Errorf("hooks' fields at lines %v, want %v", got, want)
	}
}

// A conversion operator is named for the type it converts to, and a
// member variable initialized to 0 (which the grammar reads as a pure
// virtual function) is no method.
func TestCppConversionOperatorsAndZeroInitializedMembers(t *testing.T) {
	src := "class Buffer {\n public:\n  operator bool() const { return size_ > 0; }\n  int size_ = 0;\n  virtual void flush() = 0;\n};\n"
	got := map[string]string{}
	for _, s := range Symbols("buffer.h", []byte(src)) {
		got[s.Name] = s.Parent + "|" + s.Kind
	}
	if got["operator bool"] != "Buffer|method" || got["flush"] != "Buffer|method" || got["size_"] != "" || got[""] != "" {
		t.Errorf("outline %v, want operator bool and flush as Buffer's methods, size_ no method", got)
	}
	g := analyzeGraph(t, "buffer.h", src)
	for _, d := range g.Defs {
		if d.Name == "size_" && d.Kind == "method" {
			t.Errorf("size_ is a method in the graph")
		}
	}
}

// C++20's module lines declare nothing: `import std;` was a variable std
// that every `std::` use counted for (fmt's map put it first, 4,202 uses).
func TestCppModuleLinesDeclareNothing(t *testing.T) {
	src := "module;\n#include <cstdio>\nexport module fmt;\nimport std;\n\nint add(int a, int b) { return a + b; }\n"
	var got []string
	for _, s := range Symbols("fmt.cc", []byte(src)) {
		got = append(got, s.Name)
	}
	if strings.Join(got, " ") != "add" {
		t.Errorf("outline %v, want add alone", got)
	}
	g := analyzeGraph(t, "fmt.cc", src)
	for _, d := range g.Defs {
		if d.Name == "std" || d.Name == "module" || d.Name == "fmt" {
			t.Errorf("a module line declares %s %s", d.Kind, d.Name)
		}
	}
}

// A constructor's and a destructor's names inside their class are uses of
// the class, as clangd counts them: a class's references list where it is
// built and torn down.
func TestCppConstructorsNameTheirClass(t *testing.T) {
	src := "class tcp_sink : public sink {\npublic:\n    explicit tcp_sink(tcp_sink_config c)\n    {\n        connect();\n    }\n    tcp_sink(int a, int b);\n    tcp_sink() = default;\n    ~tcp_sink() override = default;\n    void flush() {}\n};\n"
	g := analyzeGraph(t, "tcp_sink.h", src)
	checkRefs(t, g, src, []wantRef{
		{"tcp_sink", "tcp_sink(tcp_sink_config", RefType, "", "tcp_sink.tcp_sink"},
		{"tcp_sink", "tcp_sink(int a", RefType, "", "tcp_sink.tcp_sink"},
		{"tcp_sink", "tcp_sink() = default", RefType, "", "tcp_sink.tcp_sink"},
		{"tcp_sink", "tcp_sink() override", RefType, "", "tcp_sink.~tcp_sink"},
	})
	checkNoRefs(t, g, "flush")
}

// A macro for noexcept or override after a parameter list
// (SPDLOG_NOEXCEPT, Q_DECL_OVERRIDE) is no name: the outline named
// spdlog's os functions SPDLOG_NOEXCEPT, and a prototype lost the ";"
// that pairs it with its definition.
func TestCppNoexceptAndOverrideMacros(t *testing.T) {
	src := "namespace os {\nSPDLOG_API size_t pid() SPDLOG_NOEXCEPT;\nSPDLOG_INLINE size_t _thread_id() SPDLOG_NOEXCEPT\n{\n    return 1;\n}\n}\nclass W : public QWidget {\n    void paint() Q_DECL_OVERRIDE;\n};\n"
	got := map[string]string{}
	for _, s := range Symbols("os.h", []byte(src)) {
		got[s.Name] = s.Kind + "|" + s.Signature
	}
	want := map[string]string{
		"pid":        "function|size_t pid() SPDLOG_NOEXCEPT;",
		"_thread_id": "function|size_t _thread_id() SPDLOG_NOEXCEPT",
		"paint":      "method|void paint() Q_DECL_OVERRIDE;",
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: %q, want %q (outline %v)", name, got[name], w, got)
		}
	}
}

// A C struct whose members are macros on lines of their own (libuv's
// UV_HANDLE_FIELDS) ends at its own brace: the grammar, which reads such
// a line as the start of a declaration, ran it on to a later typedef's
// and made the prototypes after it its members.
func TestCLoneMacroMembers(t *testing.T) {
	src := "struct uv_timer_s {\n  UV_HANDLE_FIELDS\n  UV_TIMER_PRIVATE_FIELDS\n};\n\nUV_EXTERN int uv_timer_init(uv_loop_t*, uv_timer_t* handle);\n" +
		"UV_EXTERN int uv_timer_stop(uv_timer_t* handle);\n\nstruct uv_getaddrinfo_s {\n  UV_REQ_FIELDS\n  uv_loop_t* loop;\n};\n"
	g := analyzeGraph(t, "uv.h", src)
	checkDefs(t, g, src, []wantDef{
		{qualified: "uv_timer_s", kind: "struct", at: "struct uv_timer_s"},
		{qualified: "uv_timer_init", kind: "function", at: "int uv_timer_init"},
		{qualified: "uv_timer_stop", kind: "function", at: "int uv_timer_stop"},
		{qualified: "uv_getaddrinfo_s", kind: "struct", at: "struct uv_getaddrinfo_s"},
	})
	if d := findDef(g, "uv_timer_s"); d != nil && d.EndLine != 4 {
		t.Errorf("uv_timer_s spans lines %d-%d, want 1-4", d.StartLine, d.EndLine)
	}
}

// A class a C++ class declares in its body is a class of its own with
// its members (fmt's basic_format_arg::handle), in the outline and the
// graph; its fields are its own, not the outer class's.
func TestCPPNestedClasses(t *testing.T) {
	src := `namespace demo {
class outer {
 public:
  class handle {
   public:
    explicit handle(int c) : custom_(c) {}
    void format() const {}
   private:
    int custom_;
  };
  struct inner { int z; };
  int type_;
};
}
`
	var got []string
	for _, s := range Outline("nested.h", []byte(src)) {
		got = append(got, s.Qualified()+" "+s.Kind)
	}
	want := []string{"demo namespace", "outer class", "outer.handle class", "outer.handle.handle method", "outer.handle.format method",
		"outer.handle.custom_ field", "outer.inner struct", "outer.inner.z field", "outer.type_ field"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("outline\n%q, want\n%q", got, want)
	}
	g := analyzeGraph(t, "nested.h", src)
	if d := findDef(g, "demo.outer.handle.format"); d == nil {
		var have []string
		for _, d := range g.Defs {
			have = append(have, d.Kind+" "+d.Qualified())
		}
		t.Errorf("the graph does not declare outer.handle.format; have %q", have)
	}
}

// A macro before a constructor's name (`FMT_CONSTEXPR typed_node(…) :
// value(arg) {}`) or between `if` and its condition (`if FMT_CONSTEXPR20
// (…)`) breaks no declaration around it.
func TestCPPMacrosBeforeConstructorsAndConditions(t *testing.T) {
	src := `class dynamic_arg_list {
  template <typename T> struct typed_node : node<> {
    T value;
    template <typename Arg>
    FMT_CONSTEXPR typed_node(const Arg& arg) : value(arg) {}
  };
};

template <typename Context> class dynamic_format_arg_store {
  template <typename T> void push_back(const T& arg) {
    if FMT_CONSTEXPR20 (need_copy<T>::value) {
      emplace_arg(arg);
    }
  }

  void clear() { data_.clear(); }
};
`
	var got []string
	for _, s := range Symbols("args.h", []byte(src)) {
		got = append(got, s.Qualified()+" "+s.Kind)
	}
	want := "dynamic_arg_list class|dynamic_arg_list.typed_node struct|dynamic_arg_list.typed_node.typed_node method|" +
		"dynamic_format_arg_store class|dynamic_format_arg_store.push_back method|dynamic_format_arg_store.clear method"
	if strings.Join(got, "|") != want {
		t.Errorf("outline\n%q, want\n%q", strings.Join(got, "|"), want)
	}
}

// A typedef of a function type whose name is parenthesized without a
// pointer (`typedef void (redisCallbackFn)(…);`) declares that name, as
// the pointer form does.
func TestCFunctionTypedefs(t *testing.T) {
	src := "typedef void (redisCallbackFn)(struct redisAsyncContext*, void*, void*);\ntypedef void (*redisDisconnectCallback)(const struct redisAsyncContext*, int status);\n"
	var got []string
	for _, s := range Symbols("async.h", []byte(src)) {
		got = append(got, s.Name+" "+s.Kind)
	}
	if want := "redisCallbackFn type|redisDisconnectCallback type"; strings.Join(got, "|") != want {
		t.Errorf("outline %q, want %q", strings.Join(got, "|"), want)
	}
	g := analyzeGraph(t, "async.h", src)
	if findDef(g, "redisCallbackFn") == nil {
		t.Errorf("the graph does not declare redisCallbackFn")
	}
}

// A C++ member of a reference type is a field, as one of a value or a
// pointer type is.
func TestCPPReferenceFields(t *testing.T) {
	src := "class padder {\nprivate:\n    const std::string &info_;\n    std::string &dest_;\n    std::string *ptr_;\n    long remaining_;\n};\n"
	var got []string
	for _, s := range Outline("padder.h", []byte(src)) {
		if s.Parent == "padder" && s.Kind == "field" {
			got = append(got, s.Name)
		}
	}
	if want := []string{"info_", "dest_", "ptr_", "remaining_"}; !slices.Equal(got, want) {
		t.Errorf("padder's fields %v, want %v", got, want)
	}
}
