package chunker

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// A conditional inside a declaration's modifiers breaks the C# grammar's
// parse: without the first-branch parse the struct's methods were pieces
// of the namespace, declared nowhere.
func TestConditionalModifiersKeepTheDeclarations(t *testing.T) {
	src := []byte(`namespace MessagePack
{
    /// <summary>A reader.</summary>
#if MESSAGEPACK_INTERNAL
    internal
#else
    public
#endif
    partial struct Reader
    {
        public float ReadSingle()
        {
            return 1;
        }

        public double ReadDouble()
        {
            return 2;
        }
    }
}
`)
	var names []string
	for _, s := range Symbols("Reader.cs", src) {
		names = append(names, s.Name)
	}
	for _, want := range []string{"Reader", "ReadSingle", "ReadDouble"} {
		if !slices.Contains(names, want) {
			t.Errorf("symbols %v lack %s", names, want)
		}
	}
	for _, c := range Split("Reader.cs", src, Options{MaxTokens: 40}) {
		if c.SymbolKind == "namespace" && strings.Contains(c.Content, "ReadSingle") {
			t.Errorf("lines %d-%d, holding ReadSingle, are a piece of the namespace (%q)", c.StartLine, c.EndLine, c.Symbol)
		}
	}
}

// A C++ function whose header is split by a conditional parses as the
// first branch does; a file whose conditionals parse anyway keeps its
// own tree, #else branch and all.
func TestConditionalFunctionHeaderInCpp(t *testing.T) {
	split := []byte(`#ifdef CONFIG_WIDE
static long scale(long v)
#else
static int scale(int v)
#endif
{
	return v * 2;
}

int after(void)
{
	return scale(1);
}
`)
	named := false
	for _, c := range Split("scale.cpp", split, Options{}) {
		named = named || slices.Contains(strings.Split(c.Symbol, ", "), "scale")
	}
	if !named {
		t.Error("no chunk is named after scale")
	}
	whole := []byte(`#ifdef CONFIG_WIDE
long wide(void) { return 1; }
#else
int narrow(void) { return 2; }
#endif
`)
	tree, err := parseCode(poolFor("cpp"), "cpp", whole)
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	if s := tree.RootNode().String(); !strings.Contains(s, "preproc_else") {
		t.Errorf("a file that parses lost its #else branch: %s", s)
	}
}

func TestFirstBranchKeepsOffsets(t *testing.T) {
	src := "a\n#if X\nb\n#elif Y\nc\n#if Z\nd\n#endif\n#else\ne\n#endif\nf\n#define G 1\n"
	got, changed := firstBranch([]byte(src))
	if !changed || len(got) != len(src) {
		t.Fatalf("changed %v, %d bytes for %d", changed, len(got), len(src))
	}
	if strings.Count(string(got), "\n") != strings.Count(src, "\n") {
		t.Errorf("line ends moved: %q", got)
	}
	kept := strings.Fields(string(got))
	if want := []string{"a", "b", "f", "#define", "G", "1"}; !slices.Equal(kept, want) {
		t.Errorf("first branch %q, want %q", kept, want)
	}
	if _, changed := firstBranch([]byte("int x;\n#include <a.h>\n")); changed {
		t.Error("a file without conditionals was changed")
	}
}

// The branches of a conditional hold declarations as the file does: a
// small #ifdef block's functions are named in the outline and the chunks,
// and its directive lines belong to chunks, not to chunks of their own.
func TestDeclarationsInsideIfdef(t *testing.T) {
	src := []byte(`static int counter;

#ifdef CONFIG_SYSFS
static int show(char *page)
{
	return counter;
}

static int store(const char *page)
{
	counter++;
	return 0;
}
#else
static int show_stub(void)
{
	return 0;
}
#endif

int after(void)
{
	return show(0);
}
`)
	for _, path := range []string{"sysfs.c", "sysfs.cpp"} {
		var names []string
		for _, s := range Symbols(path, src) {
			names = append(names, s.Name)
		}
		for _, want := range []string{"show", "store", "show_stub", "after"} {
			if !slices.Contains(names, want) {
				t.Errorf("%s: outline %v lacks %s", path, names, want)
			}
		}
		named := map[string]bool{}
		for _, c := range Split(path, src, Options{MaxTokens: 30}) {
			if strings.TrimSpace(c.Content) == "#endif" || strings.TrimSpace(c.Content) == "#else" {
				t.Errorf("%s: lines %d-%d are a directive alone", path, c.StartLine, c.EndLine)
			}
			for _, n := range strings.Split(c.Symbol, ", ") {
				named[n] = true
			}
		}
		if !named["show"] || !named["store"] {
			t.Errorf("%s: chunks named %v, want show and store among them", path, named)
		}
	}
}

// A C++ macro the grammar misreads (one alone on a line, or one between
// "class" and the class's name) no longer turns the namespace into a
// function and the class's members into loose functions.
func TestCppMacrosAroundDeclarations(t *testing.T) {
	src := []byte(`namespace absl {
ABSL_NAMESPACE_BEGIN

class ABSL_ATTRIBUTE_OWNER btree_map : public container_internal::btree_map_container<int> {
 public:
  int size() const { return n_; }

 private:
  int n_;
};

ABSL_NAMESPACE_END
}  // namespace absl
`)
	kinds := map[string]string{}
	for _, s := range Symbols("btree_map.h", src) {
		kinds[s.Name] = s.Kind
	}
	if kinds["btree_map"] != "class" || kinds["size"] != "method" || kinds["absl"] != "namespace" {
		t.Errorf("outline %v, want namespace absl, class btree_map and method size", kinds)
	}
	for _, s := range Symbols("btree_map.h", src) {
		if s.Name == "size" && s.Parent != "btree_map" {
			t.Errorf("size's parent is %q, want btree_map", s.Parent)
		}
	}
}

// A macro call opening a class's body (CLI11's CLI11_ERROR_DEF(Base,
// Name), its constructors) leaves the class and its members whole, while
// one in a function's body (a catch clause's macro) stays.
func TestCppMacroCallOpeningAClassBody(t *testing.T) {
	src := []byte("class ParseError : public Error {\n    ERR_DEF(Error, ParseError)\n    static ParseError Missing(std::string name) { return ParseError(name); }\n    int code() const { return 2; }\n};\n\nvoid flush() {\n    TRY { run(); }\n    LOGGER_CATCH(source)\n}\n")
	var got []string
	for _, s := range Symbols("error.hpp", src) {
		got = append(got, s.Kind+" "+s.Name+" <"+s.Parent+">")
	}
	if want := []string{"class ParseError <>", "method Missing <ParseError>", "method code <ParseError>", "function flush <>"}; !slices.Equal(got, want) {
		t.Errorf("outline %q, want %q", got, want)
	}
	if blanked, _ := callMacrosBlanked(src, false); !bytes.Contains(blanked, []byte("LOGGER_CATCH(source)")) {
		t.Errorf("a function body's macro call was blanked")
	}
}

// A C# conditional between an if's block and its else (Newtonsoft's
// indexer accessors) parses as its first branch: the class runs to its
// end, its members its own (JsonTextReader had ended after 190 of its
// 2,600 lines); the indexer is named this[].
func TestCSharpConditionalBeforeAnElse(t *testing.T) {
	src := []byte("namespace Demo\n{\n    internal class Cache<TKey, TValue>\n    {\n        private IDictionary? _store;\n        private object? _frozen;\n        private IDictionary<TKey, TValue> Entries = null!;\n\n        public TValue this[TKey key]\n        {\n            get\n            {\n                if (_store != null)\n                {\n                    return (TValue)_store[key!]!;\n                }\n                else\n                {\n                    return Entries[key];\n                }\n            }\n            set\n            {\n                if (_store != null)\n                {\n                    _store[key!] = value;\n                }\n#if HAS_FROZEN\n                else if (_frozen != null)\n                {\n                    throw new NotSupportedException();\n                }\n#endif\n                else\n                {\n                    Entries[key] = value;\n                }\n            }\n        }\n\n        public object Backing\n        {\n            get\n            {\n                if (_store != null)\n                {\n                    return _store;\n                }\n#if HAS_FROZEN\n                else if (_frozen != null)\n                {\n                    return _frozen;\n                }\n#endif\n                else\n                {\n                    return Entries;\n                }\n            }\n        }\n\n        public void Clear() { }\n    }\n}\n")
	var got []string
	for _, s := range Symbols("Cache.cs", src) {
		got = append(got, fmt.Sprintf("%s %s <%s> %d-%d", s.Kind, s.Name, s.Parent, s.StartLine, s.EndLine))
	}
	for _, want := range []string{"class Cache <> 3-63", "property this[] <Cache> 9-39", "property Backing <Cache> 41-60", "method Clear <Cache> 62-62"} {
		if !slices.Contains(got, want) {
			t.Errorf("outline %q lacks %q", got, want)
		}
	}
}

func TestLoneMacros(t *testing.T) {
	for line, want := range map[string]bool{
		"ABSL_NAMESPACE_BEGIN": true, "  Q_OBJECT  ": true, "__BEGIN_DECLS": true, "ABSL_NAMESPACE_END\r": true,
		"FOO;": false, "Foo": false, "ABC": false, "  MAX_VALUE,": false, "DEFINE(x)": false, "": false,
	} {
		if got := loneMacros().MatchString(line); got != want {
			t.Errorf("loneMacros matches %q: %v, want %v", line, got, want)
		}
	}
}

func TestCSharpRefPartialStruct(t *testing.T) {
	src := []byte("namespace M\n{\n    public ref partial struct Reader\n    {\n        public int Read() { return 1; }\n    }\n}\n")
	kinds, parents := outline("Reader.cs", src)
	if kinds["Reader"] != "struct" || parents["Read"] != "Reader" {
		t.Errorf("kinds %v, parents %v: want struct Reader holding Read", kinds, parents)
	}
	if got := string(csharpRefStructs([]byte("ref  partial\tstruct"))); got != "partial  ref\tstruct" {
		t.Errorf("rewritten as %q", got)
	}
}

// A pointer cast failed the grammar on the whole file, so the struct
// around it was lost and its members had no parent.
func TestCSharpPointerCasts(t *testing.T) {
	src := []byte(`namespace M
{
    public ref struct Writer
    {
        private static unsafe void WriteBigEndian(float value, Span<byte> span) => WriteBigEndian(*(int*)&value, span);

        private static unsafe byte* At(byte[] a, int i) { var n = sizeof(int*); return (byte*)p + i; }

        public void WriteNil() { }
    }
}
`)
	kinds, parents := outline("Writer.cs", src)
	if kinds["Writer"] != "struct" || parents["WriteNil"] != "Writer" || parents["At"] != "Writer" {
		t.Errorf("kinds %v, parents %v: want struct Writer holding WriteBigEndian, At and WriteNil", kinds, parents)
	}
	for in, want := range map[string]string{
		"B(*(int*)&value, s)": "B(        value, s)",
		"(byte*)p + i":        "       p + i",
		"*(long*)p":           "*       p",
		"sizeof(int*) * 2":    "sizeof(int*) * 2",
		"typeof(byte*)":       "typeof(byte*)",
		"void M(byte* p)":     "void M(byte* p)",
	} {
		if got := string(csharpPointerCastsBlanked([]byte(in))); got != want {
			t.Errorf("%q blanked as %q, want %q", in, got, want)
		}
	}
}

// A dereference of a parenthesized expression opening a condition fails
// the grammar's whole file; read without its `*`, the methods around and
// after it are the class's.
func TestCSharpDereferenceInCondition(t *testing.T) {
	src := []byte("class Shelf {\n\tunsafe bool Back (byte* p)\n\t{\n\t\tif (*(p - 1) == 13) { }\n\t\treturn true;\n\t}\n\n\tvoid After ()\n\t{\n\t}\n}\n")
	kinds, parents := outline("Shelf.cs", src)
	if kinds["Shelf"] != "class" || parents["Back"] != "Shelf" || parents["After"] != "Shelf" {
		t.Errorf("kinds %v, parents %v: want class Shelf holding Back and After", kinds, parents)
	}
}

// A type inside a conditional is a declaration of the namespace around it,
// with its members, as in C and C++.
func TestCSharpTypeInsideConditional(t *testing.T) {
	src := []byte(`namespace M
{
#if !SPAN_BUILTIN
    internal static class StreamPolyfill
    {
        internal static int Read(this Stream stream, Span<byte> buffer) { return 0; }
    }
#endif
}
`)
	kinds, parents := outline("Polyfill.cs", src)
	if kinds["StreamPolyfill"] != "class" || parents["Read"] != "StreamPolyfill" {
		t.Errorf("kinds %v, parents %v: want class StreamPolyfill holding Read", kinds, parents)
	}
}

// An attribute macro that opens a declaration, before its specifiers,
// is no part of the declaration's name.
func TestCppLeadingAttributeMacros(t *testing.T) {
	src := []byte(`namespace absl {

ABSL_CONST_INIT static absl::base_internal::SpinLock arena_mu(
    base_internal::SCHEDULE_KERNEL_ONLY);
ABSL_CONST_INIT static base_internal::LowLevelAlloc::Arena* arena;

static void InitArenaIfNecessary() {
  base_internal::SpinLockHolder l(arena_mu);
}

template <typename C>
ABSL_INTERNAL_CONSTEXPR_SINCE_CXX17 ContainerIter<C> c_begin(C& c) {
  return begin(c);
}

template <typename InputSequence, typename OutputIterator>
ABSL_INTERNAL_CONSTEXPR_SINCE_CXX20 OutputIterator
c_copy(const InputSequence& input, OutputIterator output) {
  return std::copy(c_begin(input), c_end(input), output);
}

}  // namespace absl
`)
	var names []string
	for _, s := range Symbols("graphcycles.cc", src) {
		names = append(names, s.Name)
	}
	for _, want := range []string{"arena_mu", "arena", "InitArenaIfNecessary", "c_begin", "c_copy"} {
		if !slices.Contains(names, want) {
			t.Errorf("outline %q lacks %s", names, want)
		}
	}
}

// An out-of-line member after an attribute macro is parsed whole: a
// constructor with brace initializers had ended at them, leaving its
// body's calls to the namespace, and an assignment operator was a
// variable.
func TestCppLeadingMacroBeforeQualifiedMember(t *testing.T) {
	src := []byte(`namespace spdlog {
SPDLOG_INLINE log_msg_buffer::log_msg_buffer(const log_msg &orig_msg)
    : log_msg{orig_msg}
{
    update_string_views();
}

SPDLOG_INLINE log_msg_buffer &log_msg_buffer::operator=(log_msg_buffer &&other) SPDLOG_NOEXCEPT
{
    update_string_views();
    return *this;
}
} // namespace spdlog
`)
	g, _ := Analyze("log_msg_buffer-inl.h", src, Options{})
	if g.Graph == nil {
		t.Fatal("no graph")
	}
	got := map[string]string{}
	for _, d := range g.Graph.Defs {
		got[d.Name] = fmt.Sprintf("%s %d-%d", d.Kind, d.StartLine, d.EndLine)
	}
	if got["log_msg_buffer"] != "method 2-6" || got["operator="] != "method 8-12" {
		t.Errorf("declarations %v, want the constructor at 2-6 and operator= at 8-12, both methods", got)
	}
	for _, r := range g.Graph.Refs {
		if r.Name == "update_string_views" && g.Graph.Defs[r.Enclosing].Kind != "method" {
			t.Errorf("the call at line %d is in %+v, want the method around it", r.Line, g.Graph.Defs[r.Enclosing])
		}
	}
}

func TestKotlinFunInterface(t *testing.T) {
	src := []byte(`@InternalAPI
public fun interface ResponseAdapter {
    public fun adapt(data: String): String
}

public fun after(): Int = 1
`)
	kinds := map[string]string{}
	for _, s := range Symbols("HttpRequest.kt", src) {
		kinds[s.Name] = s.Kind
	}
	if kinds["ResponseAdapter"] != "interface" || kinds["after"] != "function" {
		t.Errorf("outline %v, want interface ResponseAdapter and function after", kinds)
	}
}

// A primary constructor on the line after its class's name (ktfmt's way
// of breaking a long header) is the class's: the class had ended at its
// name and its members were the file's.
func TestKotlinNextLineConstructor(t *testing.T) {
	src := []byte(`public class Ledger<T : Any>
private constructor(
  builder: Builder,
  private val owner: String = builder.owner,
) : Comparable<Ledger<T>> {
  public fun total(): Int = 0

  public class Builder @Inject
  internal constructor(internal val owner: String)
}

public class Entry
@Inject constructor(private val amount: Int) {
  fun cents(): Int = amount * 100
}
`)
	got := map[string]string{}
	for _, s := range Outline("Ledger.kt", src) {
		got[s.Name] = fmt.Sprintf("%s %s %d-%d", s.Kind, s.Parent, s.StartLine, s.EndLine)
	}
	want := map[string]string{"Ledger": "class  1-10", "owner": "property Ledger.Builder 9-9", "total": "method Ledger 6-6",
		"Builder": "class Ledger 8-9", "Entry": "class  12-15", "amount": "property Entry 13-13", "cents": "method Entry 14-14"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("outline %v, want %v", got, want)
	}
}

// Kotlin's open-ended range (`s..<r`, Kotlin 1.8) and multi-dollar
// strings (`$$"a$b"`, Kotlin 2.2) are newer than the grammar: one in a
// method of a 3,000-line class (kotlinx.coroutines' BufferedChannel) lost
// the class and everything after the method.
func TestKotlinNewerSyntax(t *testing.T) {
	src := []byte(`internal open class BufferedChannel<E>(capacity: Int) {
    fun describe(i: Long, s: Long, r: Long): String = when (i) {
        in s..<r -> "receive"
        else -> if (name == $$"java.util.concurrent.Executors$Delegated") "x" else "cont"
    }

    fun close(): Boolean = true
}

internal class ChannelSegment<E>(id: Long)
`)
	got := map[string]string{}
	for _, s := range Symbols("BufferedChannel.kt", src) {
		got[s.Name] = s.Kind + " " + s.Parent
	}
	want := map[string]string{"BufferedChannel": "class ", "describe": "method BufferedChannel", "close": "method BufferedChannel", "ChannelSegment": "class "}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("outline %v, want %v", got, want)
	}
}

// A Kotlin secondary constructor was named for its first parameter (the
// first identifier under it), and an annotated function's signature was
// its annotation line, so a change of its parameters changed nothing; an
// annotated top-level val was a var.
func TestKotlinConstructorsAndAnnotatedSignatures(t *testing.T) {
	src := []byte(`class HttpTimeoutConfig(val a: Int) {
    public constructor(requestTimeoutMillis: Long? = null) : this(1) {
        check()
    }
    constructor() : this(2)

    @InternalAPI
    public fun convert(
        timeout: Long
    ): Int = 1
}

@OptIn(InternalAPI::class)
internal val SaveBody: ClientPlugin<Unit> = createClientPlugin("SaveBody") {
}

var retries = 3
`)
	var ctors []string
	sigs, kinds := map[string]string{}, map[string]string{}
	for _, s := range Symbols("HttpTimeout.kt", src) {
		if s.Kind == "constructor" {
			ctors = append(ctors, s.Name+"@"+s.Parent)
		}
		sigs[s.Name], kinds[s.Name] = s.Signature, s.Kind
	}
	if kinds["SaveBody"] != "const" || !strings.HasSuffix(sigs["SaveBody"], "internal val SaveBody: ClientPlugin<Unit>") || kinds["retries"] != "var" {
		t.Errorf("SaveBody %s %q, retries %s: want an annotated val read as const with its declaration, a var as var", kinds["SaveBody"], sigs["SaveBody"], kinds["retries"])
	}
	if want := []string{"HttpTimeoutConfig@HttpTimeoutConfig", "HttpTimeoutConfig@HttpTimeoutConfig"}; !slices.Equal(ctors, want) {
		t.Errorf("constructors %v, want %v", ctors, want)
	}
	if _, ok := sigs["requestTimeoutMillis"]; ok {
		t.Errorf("a parameter is listed as a declaration: %v", sigs)
	}
	if sig := sigs["convert"]; !strings.Contains(sig, "fun convert(") || !strings.Contains(sig, "timeout: Long") || !strings.HasSuffix(sig, "Int") {
		t.Errorf("convert's signature %q, want its annotation, parameters and result", sig)
	}
}

// outline is the kind and parent of each name Symbols lists in the file.
func outline(file string, src []byte) (kinds, parents map[string]string) {
	kinds, parents = map[string]string{}, map[string]string{}
	for _, s := range Symbols(file, src) {
		kinds[s.Name], parents[s.Name] = s.Kind, s.Parent
	}
	return kinds, parents
}

// Attribute macros after a parameter list or a parameter, and nullability
// qualifiers, are no part of a declaration's name.
func TestCppAttributeMacrosAfterParameters(t *testing.T) {
	src := []byte(`#define ABSL_LOCKS_EXCLUDED(...) __attribute__((locks_excluded(__VA_ARGS__)))
namespace absl {

class GlobalLogSinkSet {
 public:
  void LogToSinks(const LogEntry& entry, bool only) ABSL_LOCKS_EXCLUDED(guard_) {
    Flush();
  }
  void AddLogSink(LogSink* sink) ABSL_LOCKS_EXCLUDED(guard_);

 private:
  Mutex guard_;
  int count_ ABSL_GUARDED_BY(guard_);
};

template <typename T>
constexpr Span<T> MakeSpan(T* absl_nullable ptr ABSL_ATTRIBUTE_LIFETIME_BOUND, size_t size) noexcept {
  return Span<T>(ptr, size);
}

template <typename T>
Span<T> MakeSpan(T* absl_nullable begin ABSL_ATTRIBUTE_LIFETIME_BOUND, T* absl_nullable end) noexcept {
  return Span<T>(begin, end - begin);
}

char* absl_nonnull EncodeFullU32(uint32_t n, char* absl_nonnull out) {
  if (n) ABSL_RAW_LOG(INFO, "x");
  return out;
}

}  // namespace absl
`)
	names := map[string]int{}
	parents := map[string]string{}
	for _, s := range Symbols("log_sink_set.cc", src) {
		names[s.Name]++
		parents[s.Name] = s.Parent
	}
	for name, n := range map[string]int{"LogToSinks": 1, "AddLogSink": 1, "MakeSpan": 2, "EncodeFullU32": 1, "ABSL_LOCKS_EXCLUDED": 1} {
		if names[name] != n {
			t.Errorf("%s declared %d times, want %d (outline %v)", name, names[name], n, names)
		}
	}
	if parents["LogToSinks"] != "GlobalLogSinkSet" {
		t.Errorf("LogToSinks's parent is %q", parents["LogToSinks"])
	}
	for _, bad := range []string{"ABSL_GUARDED_BY", "noexcept", "absl_nonnull EncodeFullU32"} {
		if names[bad] > 0 {
			t.Errorf("%q is declared: %v", bad, names)
		}
	}
}

// A template's forward declaration keeps the ";" that says it announces
// a type declared elsewhere, as a plain one does.
func TestCppTemplateForwardDeclarationSignature(t *testing.T) {
	src := []byte("namespace absl {\ntemplate <typename T>\nclass StatusOr;\nclass Status;\n}  // namespace absl\n")
	sigs := map[string]string{}
	for _, s := range Symbols("check_op.h", src) {
		sigs[s.Name] = s.Signature
	}
	if sigs["StatusOr"] != "template <typename T> class StatusOr;" || sigs["Status"] != "class Status;" {
		t.Errorf("signatures %q", sigs)
	}
}

// A C function whose braces balance only in one branch of a conditional
// (an `if (…) {` written in both, as jq's decNumber.c writes its subset
// arithmetic) fails the grammar from there on; when the error spans
// whole declarations, the file is parsed again with each conditional's
// first branch, so the function is declared.
func TestCFunctionBracesAcrossConditionals(t *testing.T) {
	var b strings.Builder
	b.WriteString("int scale(int x) {\n#ifdef WIDE\n  if (x > 0) {\n#else\n  if (x < 0) {\n#endif\n")
	for i := 0; i < 22; i++ {
		fmt.Fprintf(&b, "    x = x * 2 + %d;\n", i)
	}
	b.WriteString("  }\n  return x;\n}\n\n")
	for _, name := range []string{"reduce", "rescale", "quantize"} {
		fmt.Fprintf(&b, "int %s(int x) {\n  return x;\n}\n\n", name)
	}
	var got []string
	for _, s := range Symbols("decNumber.c", []byte(b.String())) {
		got = append(got, s.Name)
	}
	if want := "scale reduce rescale quantize"; strings.Join(got, " ") != want {
		t.Errorf("outline %v, want %s", got, want)
	}
}

// An `else` opened in one conditional and closed in another (jq's
// jv_dump_term) leaves the function open to the file's end, closed by a
// brace the parser invents, the functions after it its statements: the
// file is parsed again with each conditional's first branch.
func TestCElseClosedInAnotherConditional(t *testing.T) {
	var b strings.Builder
	b.WriteString("void render(int kind, double v) {\n  switch (kind) {\n  case 1: {\n    if (v != v) {\n      put(\"nan\");\n    } else {\n" +
		"#ifdef USE_LIT\n      const char *lit = literal(v);\n      if (lit) {\n        put(lit);\n      } else {\n#endif\n        double d = v;\n")
	for i := 0; i < 22; i++ {
		fmt.Fprintf(&b, "        d = d * 2 + %d;\n", i)
	}
	b.WriteString("      }\n#ifdef USE_LIT\n    }\n#endif\n    break;\n  }\n  case 2:\n    put(\"x\");\n    break;\n  }\n}\n\n")
	for _, name := range []string{"render_file", "render_string"} {
		fmt.Fprintf(&b, "void %s(int d) {\n  render(d, 0);\n}\n\n", name)
	}
	var got []string
	for _, s := range Symbols("printer.c", []byte(b.String())) {
		got = append(got, fmt.Sprintf("%s %s %d-%d", s.Name, s.Parent, s.StartLine, s.EndLine))
	}
	if want := "render  1-46, render_file  48-50, render_string  52-54"; strings.Join(got, ", ") != want {
		t.Errorf("outline %v, want %s", got, want)
	}
}

// A block comment inside a continued #define ends the grammar's macro
// body early: the macro took the next function's header for its name.
// Such comments are blanked before the parse.
func TestCommentInsideAMacro(t *testing.T) {
	src := "#define FAIL(loc, msg) \\\n  do { \\\n    location l = loc; \\\n    yyerror(&l, answer, msg); \\\n    /*YYERROR*/;          \\\n  } while (0)\n\nvoid yyerror(YYLTYPE* loc, block* answer,\n             const char *s){\n  locate(*loc, s);\n}\n"
	for _, path := range []string{"parser.c", "parser.cc"} {
		var got []string
		for _, s := range Symbols(path, []byte(src)) {
			got = append(got, s.Name+" "+s.Kind)
		}
		if strings.Join(got, ", ") != "FAIL macro, yyerror function" {
			t.Errorf("%s: outline %v, want the macro FAIL and the function yyerror", path, got)
		}
	}
}

// An export macro before a C declaration or after its storage class is
// no type, a calling convention in a function pointer's declarator no
// name, and a format attribute written as a call before a function's name
// (the name maybe on the next line) no function: what follows is declared
// by its own name, with its doc comment; the declarations after one in a
// header had been lost.
func TestCMacrosBeforeDeclarations(t *testing.T) {
	for _, tc := range []struct{ path, src, want string }{
		{"shelf.h", "#define SHELF_EXPORT extern\nstruct book;\ntypedef void(book_free_fn)(struct book *b);\n\n" +
			"/** Take a reference on a book. */\nSHELF_EXPORT struct book *book_get(struct book *b);\n\n" +
			"/** Default free function. */\nSHELF_EXPORT book_free_fn book_free_default;\n\nSHELF_EXPORT int book_copy(struct book *src);\n",
			"SHELF_EXPORT macro 1, book struct 2, book_free_fn type 3, book_get function 5, book_free_default var 8, book_copy function 11"},
		{"log.h", "#define printflike(a, b) __attribute__ ((format (printf, a, b)))\n\nvoid\tlog_open(const char *);\n" +
			"void printflike(1, 2) log_debug(const char *, ...);\nvoid printflike(2, 3)\nlog_at(int, const char *, ...);\n" +
			"void\tlog_close(void);\n",
			"printflike macro 1, log_open function 3, log_debug function 4, log_at function 5, log_close function 7"},
		{"code.h", "enum code { CODE_A, CODE_B };\n\nstatic SHELF_INLINE enum code get_code(int x) {\n    return (enum code)x;\n}\n\n" +
			"typedef BOOL(WINAPI *gen_random_fn)(HANDLE prov, DWORD len, BYTE *buffer);\n",
			"code enum 1, get_code function 3, gen_random_fn type 7"},
		// An attribute macro's call opening a typedef.
		{"out.h", "typedef SHELF_FORMAT(printf, 2, 3) int (*shelf_out_fn)(void *, const char *, ...);\ntypedef int (*shelf_in_fn)(void *);\ntypedef LIST_HEAD(books_s, book) books_t;\n",
			"shelf_out_fn type 1, shelf_in_fn type 2, books_t type 3"},
		// A #define with no body but blanks, or a comment, after its
		// parameters: the next line is no body of it.
		{"hooks.h", "#ifndef log_a\n#define log_a(tbl)   /* may log a */\n#endif\n#ifndef log_b\n#define log_b(tbl)\n#endif\n#define SPEED   \nint speed(void);\n",
			"log_a macro 2, log_b macro 5, SPEED macro 7, speed function 8"},
		{"hooks.hpp", "#define log_a(tbl)   /* may log a */\n#define log_b(tbl)\nint speed(void);\n",
			"log_a macro 1, log_b macro 2, speed function 3"},
		// Export macros with no underscore, before the type and between
		// it and the name; a type's own const after it stays.
		{"zshelf.h", "#define ZEXTERN extern\n#define ZEXPORT\n\nZEXTERN int ZEXPORT shelf_open(const char *path, int flags);\n" +
			"ZEXTERN const char * ZEXPORT shelf_version(void);\nstatic FILE *shelf_log(int level);\n\ntypedef struct {\n    BYTE const* next;\n} window_t;\n",
			"ZEXTERN macro 1, ZEXPORT macro 2, shelf_open function 4, shelf_version function 5, shelf_log function 6, window_t type 8"},
		// An upper-case attribute macro between the type and the name.
		{"log.c", "static void NORETURN PRINTFLIKE(1, 2)\nfatal(const char *fmt, ...)\n{\n\tfor (;;) ;\n}\n\nstatic int PRINTFLIKE(2, 3)\nlog_at(int level, const char *fmt, ...)\n{\n\treturn level;\n}\n",
			"fatal function 1, log_at function 7"},
		// Attribute macros alone on their lines above a definition.
		{"shelf.c", "__attribute_cold__\n__attribute_nonnull__()\nstatic book **shelf_find(book * const a) {\n    return 0;\n}\n\n" +
			"__attribute_noinline__\n__attribute_pure__\nstatic int\nshelf_hash(const char *s)\n{\n    return s[0];\n}\n",
			"shelf_find function 3, shelf_hash function 9"},
	} {
		var got []string
		for _, s := range Symbols(tc.path, []byte(tc.src)) {
			got = append(got, fmt.Sprintf("%s %s %d", s.Name, s.Kind, s.StartLine))
		}
		if strings.Join(got, ", ") != tc.want {
			t.Errorf("%s: outline %v, want %s", tc.path, got, tc.want)
		}
	}
}

// A compound assignment to a call's result (`errors.at(field) += "…"`, a
// plusAssign operator) keeps its method whole: the grammar had ended the
// method there, and its chunking read a header ending before it began.
func TestKotlinCompoundAssignmentToACall(t *testing.T) {
	src := "class Linker {\n  fun validate(fields: List<Field>) {\n    if (strict) {\n      for (f in fields) {\n        errors.at(f) += \"duplicate\"\n      }\n    }\n    val done = true\n    return\n  }\n\n  fun other() {\n  }\n}\n"
	a, err := Analyze("Linker.kt", []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range Outline("Linker.kt", []byte(src)) {
		got = append(got, fmt.Sprintf("%s %d-%d", s.Qualified(), s.StartLine, s.EndLine))
	}
	if want := "Linker 1-14, Linker.validate 2-10, Linker.other 12-13"; strings.Join(got, ", ") != want || len(a.Chunks) == 0 {
		t.Errorf("outline %v, want %s", got, want)
	}
	if s := headerText([]byte(src), 40, 20); s != "" {
		t.Errorf("a header ending before it starts reads %q", s)
	}
}

// A label a conditional holds alone is blanked for the parse, a C++
// access label is not, nor a label with a statement after it.
func TestLabelBeforeDirective(t *testing.T) {
	for in, want := range map[string]string{
		"#if FAST\n    safe_copy:\n#endif\n":       "#if FAST\n              \n#endif\n",
		"#ifdef QT\npublic:\n#else\n":              "#ifdef QT\npublic:\n#else\n",
		"#if FAST\n    done: ip++;\n#endif\n":      "#if FAST\n    done: ip++;\n#endif\n",
		"#if FAST\n    done:\n    ip++;\n#endif\n": "#if FAST\n    done:\n    ip++;\n#endif\n",
	} {
		got, _ := blankMatchesWhere(labelBeforeDirective(), 1, []byte(in), false, accessLabel)
		if string(got) != want {
			t.Errorf("%q blanked as %q, want %q", in, got, want)
		}
	}
}

// A calling convention's macro ending the line above a function's name,
// however long, is no variable, and a macro of the name (`PREFIX(name)`)
// names the function, a pointer's return type or not.
func TestCMacroAboveMacroNamedFunction(t *testing.T) {
	src := []byte("static int SHELFFASTCALL\nPREFIX(first)(const char *ptr) {\n  return 0;\n}\n\n" +
		"static const char *SHELFFASTCALL\nPREFIX(second)(const char *ptr) {\n  return ptr;\n}\n")
	kinds, _ := outline("shelf.c", src)
	if kinds["first"] != "function" || kinds["second"] != "function" || kinds["SHELFFASTCALL"] != "" || kinds["PREFIX"] != "" {
		t.Errorf("kinds %v: want functions first and second alone", kinds)
	}
}

// A conditional whose branches each open the same brace is read as its
// first branch: the function around it ends where it does, and the ones
// after it are the file's; a conditional balanced in each branch keeps
// both, so that the declarations of its #else stay.
func TestBraceSplitBranches(t *testing.T) {
	src := []byte(`static int preparse(const char *p, int n, int *out)
{
    for (int i = 0; i < n; i++) {
        switch (p[i]) {
        case 'N':
#ifdef LARGE_FLAGS
            if (parse_u64(p, i, out) != 0) {
#else
            if (parse_u32(p, i, out) != 0) {
#endif
                return -1;
            }
            break;
        }
    }
    return 0;
}

#ifdef SHELF_WIDE
typedef long shelf_t;
#else
typedef int shelf_t;
struct narrow { int x; };
#endif

void process_get(const char *key)
{
    (void)key;
}
`)
	kinds, parents := outline("proto.c", src)
	if kinds["preparse"] != "function" || kinds["process_get"] != "function" || parents["process_get"] != "" || kinds["narrow"] != "struct" {
		t.Errorf("kinds %v, parents %v: want functions preparse and process_get at the top level, and the #else's struct narrow", kinds, parents)
	}
	if kinds["i"] != "" {
		t.Errorf("kinds %v: a local of preparse is listed", kinds)
	}
}

// A merged chunk's symbol names its functions before the macros above
// them when it cannot name all: a tool's #define block above its one
// function hid the function.
func TestMergedChunkNamesItsFunctionsFirst(t *testing.T) {
	var b strings.Builder
	for i := range 6 {
		fmt.Fprintf(&b, "#define SHELF_%d %d\n", i, i)
	}
	b.WriteString("\nstatic void report_shelf(const char *name)\n{\n  (void)name;\n}\n")
	chunks := Split("tool.c", []byte(b.String()), Options{})
	if len(chunks) != 1 || !strings.HasPrefix(chunks[0].Symbol, "report_shelf, SHELF_0") || !strings.HasSuffix(chunks[0].Symbol, "…") {
		t.Errorf("chunks %+v: want one, named report_shelf first", chunks)
	}
}

// A directive inside an initializer list is read apart from it, as the
// compiler reads it: the function after the list is the file's, not a
// macro's that took the rest of the file.
func TestDirectiveInsideInitializer(t *testing.T) {
	src := []byte("static const struct shelf_node shelves[] = {\n#define OP(m) {NAME(#m), CHILD(named, x_##m)},\n    SHELF_OPS\n#undef OP\n#include \"shelf_types.h\"\n    {NULL, NULL}};\n\nstatic int\nsecond_shelf(int y) {\n\treturn y * 2;\n}\n")
	kinds, parents := outline("ctl.c", src)
	if kinds["shelves"] != "var" || kinds["second_shelf"] != "function" || parents["second_shelf"] != "" || kinds["OP"] == "function" {
		t.Errorf("kinds %v, parents %v: want var shelves and function second_shelf at the top level", kinds, parents)
	}
}

// A merged chunk's symbol names a function defined in it before the
// prototypes announcing others.
func TestMergedChunkNamesDefinitionsBeforePrototypes(t *testing.T) {
	var b strings.Builder
	for i := range 5 {
		fmt.Fprintf(&b, "static bool shelf_decay_%d(int n);\n", i)
	}
	b.WriteString("\nstatic int shelf_count = 0;\n\nstatic void shelf_report(const char *name)\n{\n  (void)name;\n}\n")
	chunks := Split("arena.c", []byte(b.String()), Options{})
	if len(chunks) != 1 || !strings.HasPrefix(chunks[0].Symbol, "shelf_report, shelf_decay_0") {
		t.Errorf("chunks %+v: want one, named shelf_report first", chunks)
	}
}

// Kotlin's assignment to an element of a call's result (`getMap(key)[id]
// = o`) and a class's delegation to a value on its header's line (`: Api
// by impl {`) keep the class whole, its members its own.
func TestKotlinIndexAssignmentAndDelegationKeepTheClass(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"class Cache {\n    fun store(key: String, id: Int, o: Any) {\n        getMap(key)[id] = o\n    }\n\n    fun remove(key: String, id: Int) {\n        getMap(key).remove(id)\n    }\n}\n",
			"Cache 1-9, Cache.store 2-4, Cache.remove 6-8"},
		{"open class Wrapper(private val impl: Api) : Any(), Api by impl {\n    val name: String = \"w\"\n\n    override fun ping(): Int {\n        return 1\n    }\n}\n\nclass Later\n",
			"Wrapper 1-7, Wrapper.impl 1-1, Wrapper.name 2-2, Wrapper.ping 4-6, Later 9-9"},
		{"class AutoInc<T>(\n    val delegate: ColumnType<T>,\n) : IColumnType<T> by delegate {\n    override fun sql(): String = \"\"\n}\n\nclass Next\n",
			"AutoInc 1-5, AutoInc.delegate 2-2, AutoInc.sql 4-4, Next 7-7"},
	} {
		var got []string
		for _, s := range Outline("Cache.kt", []byte(tc.src)) {
			got = append(got, fmt.Sprintf("%s %d-%d", s.Qualified(), s.StartLine, s.EndLine))
		}
		if strings.Join(got, ", ") != tc.want {
			t.Errorf("outline %v, want %s", got, tc.want)
		}
	}
}

// A function a macro defines, named by its first argument (Janet's
// `JANET_CORE_FN(os_exit, "(os/exit)", "Exit …") {`, the kernel's
// `SYSCALL_DEFINE3(read, unsigned int, fd, …)`, gmock's `MATCHER(IsEven,
// "…")`), is a function of that name in C and C++; a test case's macro
// is not. No function is declared in a switch's cases nor named `if`.
func TestMacroDefinedFunctionsAndMisreadStatements(t *testing.T) {
	src := "JANET_CORE_FN(os_exit,\n              \"(os/exit &opt x)\",\n              \"Exit (now).\") {\n    return 0;\n}\n\n" +
		"SYSCALL_DEFINE3(read, unsigned int, fd, char __user *, buf, size_t, count)\n{\n\treturn 0;\n}\n\n" +
		"TEST_CASE_METHOD(Fixture, \"name\", \"[tag]\") {\n    CHECK(1);\n}\n\n" +
		"#define VM_OP(op) case op:\nstatic int run_vm(int *stack, int op) {\n    switch (op) {\n    VM_OP(OP_RETURN) {\n        return stack[0];\n    }\n" +
		"    VM_OP(OP_PUSH)\n    fiber_push(stack, stack[1]);\n    break;\n    }\n#ifndef PLAN9\n    else if (S_ISFIFO(m)) str = \"fifo\";\n#endif\n    return 0;\n}\n"
	for _, path := range []string{"os.c", "os.cc"} {
		var got []string
		for _, s := range Symbols(path, []byte(src)) {
			got = append(got, fmt.Sprintf("%s %s <%s>", s.Kind, s.Name, s.Parent))
		}
		if want := "function os_exit <>, function read <>, macro VM_OP <>, function run_vm <>"; strings.Join(got, ", ") != want {
			t.Errorf("%s: symbols %v, want %s", path, got, want)
		}
	}
}
