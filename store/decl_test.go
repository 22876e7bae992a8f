package store

import (
	"fmt"
	"testing"

	"github.com/codeseek/codeseek/chunker"
)

func TestLineDeclTier(t *testing.T) {
	for _, tc := range []struct {
		line, name string
		want       int
	}{
		{"func ParseDuration(s string) (Duration, error) {", "ParseDuration", 3},
		{"func (s *Server) Close() error {", "Close", 2},
		{"type Client struct {", "Client", 3},
		{"\tparseDuration(x)", "parseDuration", 0},
		{"x := ParseDuration(s)", "ParseDuration", 0},
		{"func ParseDurationX() {}", "ParseDuration", 0},
		{"def greet(name):", "greet", 3},
		{"    def greet(self):", "greet", 2},
		{"class Session(object):", "Session", 3},
		{"async def fetch(url):", "fetch", 3},
		{"function chunk(array, size) {", "chunk", 3},
		{"export default class Router {", "Router", 3},
		{"export const debounce = (fn) => {", "debounce", 3},
		{"  render(props) {", "render", 2},
		{"  if (render) {", "render", 0},
		{"pub fn parse_args(argv: &[String]) -> Args {", "parse_args", 3},
		{"// ParseDuration parses a duration string.", "ParseDuration", 0},
		{"// func Seek(fd int, offset int64) (int64, error)", "Seek", 0},
		{"# def greet(name): in a comment", "greet", 0},
		{"class ABSL_LOCKABLE ABSL_ATTRIBUTE_WARN_UNUSED Mutex {", "Mutex", 3},
		{"class Q_CORE_EXPORT QString", "QString", 3},
		{"  struct PROTOBUF_EXPORT Arena final {", "Arena", 2},
		{"var MAX_SIZE Limit", "Limit", 0},
		{"static const Mutex::MuHow kShared = &kSharedS;", "Mutex", 0},
		{"void Wait(const Mutex& mu);", "Mutex", 0},
		{"const Mutex* mu = nullptr;", "Mutex", 0},
		{"export const Mutex = createLock();", "Mutex", 3},
		{"const MAX_DEPTH: usize = 64;", "MAX_DEPTH", 3},
		{"        let bottommost_line = dims.bottommost_line();", "bottommost_line", 1},
		{"    fn bottommost_line(&self) -> Line {", "bottommost_line", 2},
		{"\tvar buf bytes.Buffer", "buf", 1},
		{"defmodule Postgrex.Extensions.TimestampTZ do", "TimestampTZ", 3},
		{"  defmodule Cursor do", "Cursor", 2},
		{"  defp auth_fin(s, status) do", "auth_fin", 2},
		{"  defmacro int32 do", "int32", 2},
		{"  @type reason :: term", "reason", 2},
		{"  @callback handle_data(binary, state) :: {:noreply, state}", "handle_data", 2},
		{"  def close!(conn, query) do", "close!", 2},
		{"    Postgrex.Extensions.TimestampTZ.decode(bin)", "TimestampTZ", 0},
		{"  def self.create(attrs)", "create", 2},
		{"class Net::HTTP", "HTTP", 3},
		{"function M:add(root_dir, bufnr)", "add", 3},
		{"    val state: StateFlow<Int> = flow", "StateFlow", 0},
		{"module Data.Map.Internal.Debug where", "Debug", 3},
		{"x = foo.bar", "bar", 0},
		{"const HTTPConn = worker.HTTPConn;", "HTTPConn", 0},
		{"    const asUint = @import(\"url.zig\").asUint;", "asUint", 0},
		{"pub const HTTPConn = struct {", "HTTPConn", 3},
		{"    const RouterConfig = struct {", "RouterConfig", 2},
		{"    const Kind = enum(u8) {", "Kind", 2},
		{"    const structure = foo();", "structure", 1},
		{"            asUint(\"GET \") => {", "asUint", 0},
	} {
		pos := indexOf(tc.line, tc.name)
		if got := lineDeclTier(tc.line, pos, tc.name); got != tc.want {
			t.Errorf("lineDeclTier(%q, %q) = %d, want %d", tc.line, tc.name, got, tc.want)
		}
	}
}

// TestDeclTierOfTestBlocks: a declaration inside a test block of a file
// that is no test (Zig's `test "…" {`) counts as a test's.
func TestDeclTierOfTestBlocks(t *testing.T) {
	c := Chunk{FilePath: "src/request.zig", SymbolKind: "test",
		Content: "test \"request: cookie\" {\n    const S = struct {\n        fn helper() void {}\n    };\n}"}
	if got := declTier(&c, "helper"); got != 1 {
		t.Errorf("declTier in a test block = %d, want 1", got)
	}
	c.SymbolKind = "function"
	if got := declTier(&c, "helper"); got != 2 {
		t.Errorf("declTier outside a test block = %d, want 2", got)
	}
}

// TestHaskellDeclTier: Haskell declares a function by its signature or
// its equations at the first column, with no keyword, and a record's
// fields and a class's methods by signatures inside them.
func TestHaskellDeclTier(t *testing.T) {
	for _, tc := range []struct {
		line, name string
		want       int
	}{
		{"pullR :: Int -> Digit a -> FingerTree (Node a) -> FingerTree a", "pullR", 3},
		{"pullR s pr m = case viewRTree m of", "pullR", 3},
		{"showsTree showelem wide lbars rbars t", "showsTree", 3},
		{"withBar, withEmpty :: [String] -> [String]", "withEmpty", 3},
		{"data Digit a", "Digit", 3},
		{"newtype Elem a  =  Elem { getElem :: a }", "Elem", 3},
		{"newtype Elem a  =  Elem { getElem :: a }", "getElem", 2},
		{"    , subForest :: [Tree a]", "subForest", 2},
		{"class (Foldable f) => Container f where", "Container", 3},
		{"  fmap :: (a -> b) -> f a -> f b", "fmap", 2},
		{"foldlMap1' f g = go", "foldlMap1", 0},
		{"    EmptyRTree -> digitToTree' s pr", "EmptyRTree", 0},
		{"  where go = pullR s", "pullR", 0},
		{"-- pullR rebuilds the tree", "pullR", 0},
		{"instance Functor Digit where", "Digit", 0},
		{"deep pr m sf = Deep (size pr) pr m sf", "Deep", 0},
	} {
		pos := indexOf(tc.line, tc.name)
		if got := haskellDeclTier(tc.line, pos, tc.name); got != tc.want {
			t.Errorf("haskellDeclTier(%q, %q) = %d, want %d", tc.line, tc.name, got, tc.want)
		}
	}
	merged := Chunk{FilePath: "src/Data/Sequence/Internal.hs", Symbol: "Functor FingerTree, Traversable FingerTree, NFData1 FingerTree, deep, …",
		Content: "{-# INLINE pullR #-}\npullR :: Int -> Digit a -> FingerTree (Node a) -> FingerTree a\npullR s pr m = Deep s pr m"}
	if got := declTier(&merged, "pullR"); got != 3 {
		t.Errorf("declTier of a merged Haskell chunk = %d, want 3", got)
	}
	if got := declTier(&Chunk{FilePath: "Use.hs", Content: "viewRTree m = pullR s pr m"}, "pullR"); got != 0 {
		t.Errorf("declTier of a use = %d, want 0", got)
	}
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

func TestDeclaringFindsMergedAndUnnamedDeclarations(t *testing.T) {
	var chunks []Chunk
	add := func(path, symbol, content string) {
		chunks = append(chunks, Chunk{ID: path, FilePath: path, Symbol: symbol, Content: content, Vector: []float32{1, 0, 0}})
	}
	add("gen/zsys.go", "", "// Code generated. DO NOT EDIT.\nfunc Setsid() (pid int) {\n\treturn 0\n}")
	add("merged.go", "A, B, C, D, …", "func A() {}\nfunc B() {}\nfunc C() {}\nfunc D() {}\nfunc Setsid() {}")
	add("use.go", "use", "func use() {\n\tSetsid()\n}")
	add("x_test.go", "", "func Setsid() {}")
	add("setsid.c", "Setsid", "pid_t\nSetsid(void)\n{\n\treturn setsid();\n}") // the chunker's name, read from the stored record
	ix := memIndex(t, chunks)
	tiers := map[string]int{}
	for _, d := range ix.Declaring(Code, "Setsid") {
		tiers[d.Chunk.FilePath] = d.Tier
	}
	want := map[string]int{"gen/zsys.go": 3, "merged.go": 3, "x_test.go": 1, "setsid.c": 3}
	if len(tiers) != len(want) {
		t.Fatalf("Declaring = %v, want %v", tiers, want)
	}
	for p, w := range want {
		if tiers[p] != w {
			t.Errorf("%s tier %d, want %d", p, tiers[p], w)
		}
	}
}

func TestDeclTierSkipsCForwardDeclarations(t *testing.T) {
	fwd := Chunk{FilePath: "internal/any.h", Content: "template <class Sig>\nclass ABSL_NULLABILITY_COMPATIBLE AnyInvocable;"}
	def := Chunk{FilePath: "any.h", Content: "template <class Sig>\nclass ABSL_NULLABILITY_COMPATIBLE ABSL_ATTRIBUTE_OWNER AnyInvocable\n    : private internal::Impl<Sig> {"}
	unit := Chunk{FilePath: "src/lib.rs", Content: "pub struct Marker;"}
	if got := declTier(&fwd, "AnyInvocable"); got != 0 {
		t.Errorf("forward declaration tier %d, want 0", got)
	}
	if got := declTier(&def, "AnyInvocable"); got != 3 {
		t.Errorf("definition tier %d, want 3", got)
	}
	if got := declTier(&unit, "Marker"); got != 3 {
		t.Errorf("Rust unit struct tier %d, want 3", got)
	}
}

// TestDeclTierFromTheChunkersNames: a chunk the chunker named after a
// name declares it where the name stands as declared, whatever the
// language's syntax; a later piece of a split declaration, a use in its
// documentation and a namespace do not.
func TestDeclTierFromTheChunkersNames(t *testing.T) {
	for _, tc := range []struct {
		path, symbol, kind, content, name string
		want                              int
	}{
		{"util.c", "buffer_append, buffer_free", "function", "int buffer_append(struct buffer *b, const char *s)\n{\n\treturn 0;\n}", "buffer_append", 3},
		{"util.c", "buffer_free", "function", "static void\nbuffer_free(struct buffer *b)\n{\n\tfree(b->data);\n}", "buffer_free", 3},
		{"Pair.java", "Pair.getLeft, Pair.getRight", "method", "    public L getLeft() {\n        return left;\n    }", "getLeft", 2},
		{"mutex.cc", "Mutex.Lock", "method", "void Mutex::Lock() {\n  LockSlow();\n}", "Lock", 2},
		// A nullable return type, not a conditional's "?".
		{"Shelf.cs", "Shelf.Stock, Shelf.Unstock", "method", "\tpublic virtual object? Stock(string? text)\n\t{\n\t\treturn text;\n\t}", "Stock", 2},
		{"Shelf.cs", "Shelf.Pick", "method", "\tpublic object Pick() => full ? Stock(text) : null;", "Stock", 0},
		{"Merge.kt", "flatMapConcat", "function", "public fun <T, R> Flow<T>.flatMapConcat(transform: suspend (T) -> Flow<R>): Flow<R> =", "flatMapConcat", 3},
		{"netutil.py", "bind_sockets", "function", "    if not socket.has_ipv6:\n        sockets = bind_sockets(port)\n    return sockets", "bind_sockets", 0},
		{"gen.py", "WaitIterator", "class", "    Use it as::\n\n      async for result in gen.WaitIterator(f1, f2):\n", "WaitIterator", 0},
		{"ObjectMapper.java", "ObjectMapper", "class", "  final ObjectMapper mapper = new ObjectMapper();\n * {@link ObjectMapper} instance", "ObjectMapper", 0},
		{"Reader.cs", "MessagePack", "namespace", "namespace MessagePack\n{\n    using System;", "MessagePack", 0},
		{"Reader.cs", "MessagePack, MessagePackReader", "mixed", "namespace MessagePack\n{\n    public struct MessagePackReader\n    {", "MessagePack", 0},
		{"Reader.cs", "MessagePack, MessagePackReader", "mixed", "namespace MessagePack\n{\n    public struct MessagePackReader\n    {", "MessagePackReader", 3},
		// C and C++ definitions at the first column, whatever the symbol list holds.
		{"ftrace.c", "a, b, c, …", "function", "static void ftrace_sync_ipi(void *data)\n{\n\tsmp_rmb();\n}", "ftrace_sync_ipi", 3},
		{"probe.h", "", "", "#define TPARG_FL_KERNEL BIT(1)\n#define TPARG_FL_FENTRY BIT(2)", "TPARG_FL_KERNEL", 3},
		{"sched.h", "", "", "extern void activate_task(struct rq *rq, struct task_struct *p, int flags);", "activate_task", 0},
		{"core.c", "", "", "\tactivate_task(rq, p, 0);\nEXPORT_SYMBOL(activate_task);", "activate_task", 0},
		// A prototype the header's chunk is named after yields to the definition.
		{"str_cat.h", "StrCat", "function", "std::string StrCat(const AlphaNum& a, const AlphaNum& b);", "StrCat", 1},
		// So does one whose parameters run over several lines, named or not.
		{"uv.h", "uv_exit_cb, uv_spawn", "mixed", "UV_EXTERN int uv_spawn(uv_loop_t* loop,\n                       uv_process_t* handle,\n                       const uv_process_options_t* options);", "uv_spawn", 1},
		{"uv.h", "", "", "UV_EXTERN int uv_spawn(uv_loop_t* loop,\n                       const uv_process_options_t* options);", "uv_spawn", 0},
		{"process.c", "uv_spawn", "function", "int uv_spawn(uv_loop_t* loop,\n             uv_process_t* process,\n             const uv_process_options_t* options) {\n  int err;", "uv_spawn", 3},
		// A CommonJS import binds a name the module declares.
		{"routes.js", "Request, Reply, hooks", "mixed", "const Request = require('./request')\nconst { Reply } = require('./reply')\nfunction hooks () {}", "Request", 0},
		{"routes.js", "Request, Reply, hooks", "mixed", "const Request = require('./request')\nconst { Reply } = require('./reply')\nfunction hooks () {}", "Reply", 0},
		{"request.js", "Request", "function", "function Request (id) {\n  this.id = id\n}", "Request", 3},
		// An export macro wrapping the return type.
		{"cJSON.c", "cJSON_ParseWithLengthOpts", "function", "CJSON_PUBLIC(cJSON *) cJSON_ParseWithLengthOpts(const char *value, size_t length)\n{\n    return NULL;\n}", "cJSON_ParseWithLengthOpts", 3},
		{"cJSON.c", "", "", "PyAPI_FUNC(int) PyLong_Check(PyObject *o)\n{\n    return 0;\n}", "PyLong_Check", 3},
		{"cJSON.h", "cJSON_ParseWithLengthOpts", "function", "CJSON_PUBLIC(cJSON *) cJSON_ParseWithLengthOpts(const char *value, size_t length);", "cJSON_ParseWithLengthOpts", 1},
		{"cJSON.c", "cJSON_Parse", "function", "    return cJSON_ParseWithLengthOpts(value, 0, 0);", "cJSON_ParseWithLengthOpts", 0},
		{"widget.h", "Widget.resize", "method", "  virtual void resize(int w,\n                      int h) const = 0;", "resize", 1},
		// A type alias ends with ";" too, but is the declaration.
		{"btree_map.h", "map_params", "type", "  using map_params = btree_map_params<Key, Value>;", "map_params", 3},
	} {
		c := Chunk{FilePath: tc.path, Symbol: tc.symbol, SymbolKind: tc.kind, Content: tc.content}
		if got := declTier(&c, tc.name); got != tc.want {
			t.Errorf("%s in %s (%q): tier %d, want %d", tc.name, tc.path, tc.symbol, got, tc.want)
		}
	}
}

func TestJSFunctionValue(t *testing.T) {
	for _, tc := range []struct {
		line, name string
		want       int
	}{
		{"jQuery.holdReady = function( hold ) {", "holdReady", 2},
		{"\taddProp: function( name, hook ) {", "addProp", 2},
		{"\tstopPropagationCallback = function( e ) {", "stopPropagationCallback", 2},
		{"parse = async (s) => {", "parse", 3},
		{"exports.parse = s => s.trim();", "parse", 2},
		{"\tvar access = function( elems, fn ) {", "access", 2},
		{"export const debounce = (fn) => {", "debounce", 3},
		{"\tconst total = items.length;", "total", 0},
		{"\tif ( hold === function() {} ) {", "hold", 0},
		{"\tvar x = holdReady( true );", "holdReady", 0},
		{"\tjQuery.holdReady( true );", "holdReady", 0},
		{"\tkey: value,", "key", 0},
		{"// jQuery.holdReady = function( hold ) {", "holdReady", 0},
	} {
		if got := jsFunctionValue(tc.line, indexOf(tc.line, tc.name), tc.name); got != tc.want {
			t.Errorf("jsFunctionValue(%q, %q) = %d, want %d", tc.line, tc.name, got, tc.want)
		}
	}
}

// Zig binds an import with const (const Config = @import("Config.zig")):
// the line is no declaration of the name, the imported file is.
func TestZigImportsDeclareNothing(t *testing.T) {
	if got := declTier(&Chunk{FilePath: "src/main.zig", Content: "const std = @import(\"std\");\nconst Config = @import(\"Config.zig\");\n"}, "Config"); got != 0 {
		t.Errorf("an import: tier %d, want 0", got)
	}
	if got := declTier(&Chunk{FilePath: "src/main.zig", Content: "pub const Config = struct {\n    a: u8,\n};\n"}, "Config"); got == 0 {
		t.Error("a struct: no tier")
	}
}

// A name declared in a group whose lines bear no keyword (Go's `var (
// … )`), past the names the chunk is named after, is found by its file's
// symbol graph; a chunk using it declares nothing.
func TestDeclaringFindsGroupedNamesByTheGraph(t *testing.T) {
	s, _ := Open(t.TempDir())
	group := "var (\n\tTimeFieldName = \"t\"\n\tLevelFieldName = \"l\"\n\tMessageFieldName = \"m\"\n\tErrorFieldName = \"e\"\n\tSkipFrameCount = 2\n)"
	u := Update{Meta: Meta{ID: "r", Dimension: testDim}, Changed: []FileState{{Path: "globals.go"}, {Path: "caller.go"}}, Chunks: []Chunk{
		{ID: "g", FilePath: "globals.go", StartLine: 1, EndLine: 7, Symbol: "TimeFieldName, LevelFieldName, MessageFieldName, ErrorFieldName, …",
			SymbolKind: "var", Content: group, Vector: []float32{1, 0, 0}},
		{ID: "c", FilePath: "caller.go", StartLine: 1, EndLine: 3, Symbol: "Caller", SymbolKind: "function",
			Content: "func Caller() int {\n\treturn SkipFrameCount + 1\n}", Vector: []float32{1, 0, 0}},
	}}
	u = withGraphs(u, map[string]*chunker.Graph{"globals.go": {Package: "p", Defs: []chunker.Def{
		{Name: "SkipFrameCount", Kind: "var", Line: 6, Col: 2, StartLine: 6, EndLine: 6, Signature: "SkipFrameCount = 2"}}}})
	if err := s.Commit(nil, u); err != nil {
		t.Fatal(err)
	}
	ix, err := s.Load("r")
	if err != nil {
		t.Fatal(err)
	}
	decls := ix.Declaring(Code, "SkipFrameCount")
	if len(decls) != 1 || decls[0].Chunk.FilePath != "globals.go" || decls[0].Tier != 3 {
		var got []string
		for _, d := range decls {
			got = append(got, fmt.Sprintf("%s tier %d", d.Chunk.FilePath, d.Tier))
		}
		t.Errorf("Declaring(SkipFrameCount) = %v, want globals.go tier 3", got)
	}
}
