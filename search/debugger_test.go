package search

import (
	"slices"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/store"
)

// A gdb backtrace names its functions without their files: the innermost
// outside the C library's is the name the report asks about (sdscatlen),
// while its memory addresses, whose pieces match hex tables, are no words
// of it.
func TestDebuggerBacktraceNamesItsFunctions(t *testing.T) {
	text := "Segfault in string concatenation when building very large commands\n\n```\n" +
		"Program received signal SIGSEGV, Segmentation fault.\n" +
		"0x00007ffff7f8a2c3 in __memmove_avx_unaligned_erms () from /lib/x86_64-linux-gnu/libc.so.6\n" +
		"(gdb) bt\n#0  __memmove_avx_unaligned_erms () from /lib/x86_64-linux-gnu/libc.so.6\n" +
		"#1  0x00007ffff7fb51e0 in sdscatlen (s=0x0, t=0x7ffff0a00010, len=4294967296)\n" +
		"#2  0x00007ffff7fb9a4d in redisFormatSdsCommandArgv (target=0x7fffffffd9b8, argc=3)\n" +
		"#3  main () at example.c:12\n```\n"
	q := ParseQuery(text)
	if q.frameFunc != "sdscatlen" || len(q.Names) == 0 || q.Names[0] != "sdscatlen" {
		t.Errorf("frame function %q, names %q; want sdscatlen, first", q.frameFunc, q.Names)
	}
	if slices.Contains(q.Names, "__memmove_avx_unaligned_erms") {
		t.Errorf("names %q hold the C library's internal function", q.Names)
	}
	for _, term := range q.Terms {
		if strings.Contains(term, "7fff") {
			t.Errorf("term %q is a memory address's", term)
		}
	}
}

// The file defining a backtrace's function is named by it, as a stack
// trace's file is: its candidates gain the mention, the definition's
// chunk is at the frame, and a header's prototype of lower tier is not.
func TestBacktraceFunctionNamesItsFile(t *testing.T) {
	ix := newIx()
	def := cand(ix, "sds.c", 376, 0.2, 1)
	other := cand(ix, "sds.c", 900, 0.3, 2)
	proto := cand(ix, "sds.h", 230, 0.2, 1)
	caller := cand(ix, "hiredis.c", 587, 0.6, 6)
	decls := []store.Decl{{Chunk: def.chunk, Tier: 3}, {Chunk: proto.chunk, Tier: 1}}
	framedFunction(decls, "", []*candidate{def, other, proto, caller})
	if def.mention != 1 || other.mention != 1 || def.atFrame != framedAt(innermost) || other.atFrame != 0 {
		t.Errorf("sds.c: mention %v / %v, at frame %v / %v; want 1, 1, the innermost, none", def.mention, other.mention, def.atFrame, other.atFrame)
	}
	if proto.mention != 0 || caller.mention != 0 {
		t.Errorf("mentions of sds.h %v and hiredis.c %v, want 0", proto.mention, caller.mention)
	}
}

// glibc's backtrace_symbols names a frame's function in the binary's
// parentheses; the C library's frames, and a static function's, none.
func TestGlibcBacktraceNamesItsFunction(t *testing.T) {
	q := ParseQuery("A signal 11 (Segmentation fault) was received.\n\nBacktrace information:\n" +
		"shelf(+0x2c1a4)[0x5626c1a2c1a4]\n/lib/x86_64-linux-gnu/libc.so.6(raise+0x42)[0x7f2b1c442520]\n" +
		"shelf(Shelf_sendSignal+0x12)[0x5626c1a31e02]\nshelf(Action_kill+0x88)[0x5626c1a25a18]\n")
	if q.frameFunc != "Shelf_sendSignal" {
		t.Errorf("frame function %q, want Shelf_sendSignal", q.frameFunc)
	}
	// A server that retitles its process prints the title as the binary.
	q = ParseQuery("------ STACK TRACE ------\nEIP:\n/usr/local/bin/shelf-server *:6379(shelfReplaceEntry+0x6a)[0x55d3c1a2b4ea]\n\n" +
		"Backtrace:\n/lib/x86_64-linux-gnu/libc.so.6(+0x42520)[0x7f3a3a442520]\n/usr/local/bin/shelf-server *:6379(lsetCommand+0x10b)[0x55d3c1a6f1cb]\n")
	if q.frameFunc != "shelfReplaceEntry" {
		t.Errorf("frame function %q, want shelfReplaceEntry", q.frameFunc)
	}
}

// A numbered line that is no frame names no function.
func TestNumberedLinesAreNoFrames(t *testing.T) {
	for _, text := range []string{"Changes:\n#12 fix (the crash on close)\n#13 docs (typos)\n", "#0  main () at main.c:5\n"} {
		q := ParseQuery(text)
		want := map[bool]string{true: "main", false: ""}[strings.Contains(text, "main.c")]
		if q.frameFunc != want {
			t.Errorf("%q: frame function %q, want %q", text, q.frameFunc, want)
		}
	}
}

// A Rust release build's backtrace names its frames' functions by path
// alone: the innermost outside the runtime is the function, of the type
// before it, whatever the generics, trait casts, closures and hashes
// around it; one numbered line of a path is a list's, no trace.
func TestRustBacktraceFunc(t *testing.T) {
	trace := "thread 'tokio-runtime-worker' panicked at 'You must supply a timer.'\nstack backtrace:\n" +
		"   0: rust_begin_unwind\n   1: core::panicking::panic_fmt\n" +
		"   2: hyper::common::time::Time::sleep::h3b1c2d4e5f6a7b8c\n" +
		"   3: hyper::proto::h1::conn::Conn<I,B,T>::poll_read_body\n"
	for text, want := range map[string][2]string{
		trace: {"sleep", "Time"},
		"stack backtrace:\n   0: std::panicking::begin_panic\n   1: <hyper::server::conn::Connection<I,S,E> as core::future::future::Future>::poll::{{closure}}\n": {"poll", "Connection"},
		"stack backtrace:\n   0: rust_begin_unwind\n   1: mycrate::run\n":                                                                                          {"run", ""},
		"Steps:\n1: cargo::build\n": {"", ""},
		// A debug build's frames too, under which their files are written.
		"stack backtrace:\n   3: core::result::Result<T,E>::unwrap\n   4: myapp::dump_state\n             at ./src/main.rs:14:48\n": {"dump_state", ""},
	} {
		fn, owner := backtraceFunc(text)
		if got := [2]string{fn, owner}; got != want {
			t.Errorf("backtraceFunc(%q) = %q, want %q", text, got, want)
		}
	}
	if q := ParseQuery(trace); len(q.Names) == 0 || q.Names[0] != "sleep" || q.frameOwner != "Time" {
		t.Errorf("names %q, owner %q: want sleep first, of Time", q.Names, q.frameOwner)
	}
	// The frame's function, maybe the reporter's own and declared nowhere,
	// is looked up beside the names a report gives, not in one's place.
	if got := ParseQuery(trace).namedLookups(); got != maxNamed+1 {
		t.Errorf("a backtrace's query looks %d names up, want %d", got, maxNamed+1)
	}
	if got := ParseQuery("how does to_string_pretty indent maps").namedLookups(); got != maxNamed {
		t.Errorf("a question looks %d names up, want %d", got, maxNamed)
	}
	// Of the files declaring sleep, the one of Time's.
	ix := newIx()
	timer, other := cand(ix, "src/common/time.rs", 1, 0.2, 1), cand(ix, "src/rt/sleep.rs", 1, 0.2, 1)
	timer.chunk.Symbol, other.chunk.Symbol = "Time, Time.sleep", "Sleep.sleep"
	framedFunction([]store.Decl{{Chunk: timer.chunk, Tier: 3}, {Chunk: other.chunk, Tier: 3}}, "Time", []*candidate{timer, other})
	if timer.mention != 1 || other.mention != 0 {
		t.Errorf("mentions: Time's %v, Sleep's %v; want 1 and 0", timer.mention, other.mention)
	}
}

// A .NET or JVM frame printed without its file names its method as a
// debugger's does: the innermost outside the runtime's namespaces and
// the reporter's entry point, of the type before it; a frame with its
// file is a stack trace's, read by its path.
func TestManagedFramesWithoutFiles(t *testing.T) {
	for text, want := range map[string][2]string{
		"Shelf.Core.ShelfException: An exception was thrown while stocking Shop.Item.\n" +
			"   at System.Linq.Enumerable.First(IEnumerable`1 source)\n" +
			"   at Shelf.Core.Stocking.Stocker.PlaceOnShelf(StockRequest request, Action`1 next)\n" +
			"   at Shelf.Core.Pipeline.Step.Run(StockRequest request)\n" +
			"   at Shop.Program.Main(String[] args)\n": {"PlaceOnShelf", "Stocker"},
		"   at Shelf.Core.Stocking.Stocker+Slot.Fill()\n":                                                          {"Fill", "Slot"},
		"   at Shelf.Engine.RunCore[T](Processor`1 processor, T value)\n   at Shelf.Facade.Compute(Int32 value)\n": {"RunCore", "Engine"},
		"   at Shelf.Cache.Put[TKey, TValue](TKey key, TValue value)\n":                                            {"Put", "Cache"},
		"   at Shop.Program.Main(String[] args)\n":                                                                 {"", ""},
		"\tat org.shelf.Stocker.place(Unknown Source)\n":                                                           {"place", "Stocker"},
		"\tat org.shelf.Stocker.place(Stocker.java:41)\n":                                                          {"", ""},
		"   at Shelf.Stocker.Place() in /src/Shelf/Stocker.cs:line 41\n":                                           {"", ""},
		"stack backtrace:\n   0: rust_begin_unwind\n   3: shop::main\n":                                            {"", ""},
		"stack backtrace:\n   2: shelf::stock::place\n   3: shop::main\n":                                          {"place", ""},
		"Steps: call it at Shelf.Stocker.Place(x) and see the error below\n":                                       {"", ""},
	} {
		fn, owner := backtraceFunc(withSourceMethods(text))
		if got := [2]string{fn, owner}; got != want {
			t.Errorf("backtraceFunc(%q) = %q, want %q", text, got, want)
		}
	}
}

// The methods a compiler writes for lambdas, async methods and local
// functions are read as the source methods holding them.
func TestCompilerWrittenMethodsReadAsTheirSource(t *testing.T) {
	for text, want := range map[string]string{
		"at Shelf.Stocker.<>c__DisplayClass14_0.<PlaceOnShelf>b__0(Request r)": "at Shelf.Stocker.PlaceOnShelf(Request r)",
		"at Shelf.Stocker.<>c.<PlaceOnShelf>b__3_0(Request r)":                 "at Shelf.Stocker.PlaceOnShelf(Request r)",
		"at Shelf.Disposer.<DisposeAsync>d__9.MoveNext()":                      "at Shelf.Disposer.DisposeAsync()",
		"at Shelf.Stocker.<Fill>g__Count|5_0(Int32 n)":                         "at Shelf.Stocker.Fill(Int32 n)",
		"at org.shelf.Stocker.lambda$place$0(Stocker.java:41)":                 "at org.shelf.Stocker.place(Stocker.java:41)",
		"at org.shelf.Stocker.place$lambda$2(Stocker.kt:12)":                   "at org.shelf.Stocker.place(Stocker.kt:12)",
		"a __init__ method and a lambda expression":                            "a __init__ method and a lambda expression",
	} {
		if got := withSourceMethods(text); got != want {
			t.Errorf("withSourceMethods(%q) = %q, want %q", text, got, want)
		}
	}
}
