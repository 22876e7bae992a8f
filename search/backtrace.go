package search

import (
	"strings"

	"github.com/codeseek/codeseek/internal/lazyre"
	"github.com/codeseek/codeseek/store"
)

// A backtrace of a program built without debug information names its
// frames' functions without their files: gdb's and lldb's `#1 0x… in
// sdscatlen (s=0x0, …)`, glibc's `htop(Action_kill+0x88)[0x…]`, a .NET
// release build's `at Autofac.Core.Disposer.DisposeAsync()`, a Rust
// release build's `2: hyper::common::time::Time::sleep`. The innermost frame outside the language's runtime is where
// it failed (a backtrace prints it first), which says more than the
// callers every command passes through, and whose body calls it too: the
// files declaring that function count as the trace's named files
// (framedFunction).

// debuggerFrame matches a frame of a gdb or lldb backtrace, `#1
// 0x00007ffff7fb51e0 in sdscatlen (s=0x0, …)` (group 1 the function) or
// `#0  main () at main.c:5` (group 2), which names its function without
// its file when the program has no debug information; "#12 fix (x)" in
// a list of changes is none. Its name is a
// plain word (sdscatlen), which the code-shaped names a phrase holds
// (embeddedIdentifier) leave out.
var debuggerFrame = lazyre.New(`(?m)^\s*(?:frame )?#\d+\s+(?:(?:0x[0-9a-fA-F]+\s+)?in\s+([A-Za-z_][\w:~]*)\s*\(|([A-Za-z_][\w:~]*)\s*\([^\n]*\)\s+(?:at|from)\s)`)

// rustFrame matches a frame of a Rust backtrace, `  2: hyper::common::
// time::Time::sleep` (older releases: `2: 0x55d4… - hyper::…`), its
// function's path alone on the line; group 1 is the path.
var rustFrame = lazyre.New(`(?m)^[ \t]*\d+:[ \t]+(?:0x[0-9a-fA-F]+[ \t]+-[ \t]+)?([A-Za-z_<][^\n]*::[^\n]*?)[ \t]*$`)

// glibcFrame matches a frame as glibc's backtrace_symbols prints it,
// `htop(Process_rowSendSignal+0x12)[0x5626c1a31e02]`: group 1 the binary,
// as the process names itself (redis's `redis-server *:6379`), group 2
// the function (none in `htop(+0x2c1a4)`, a static function's). The
// address after it is not read: QueryText drops such noise.
var glibcFrame = lazyre.New(`(?m)^[ \t]*([^\s()][^()\n]*?)\(([A-Za-z_]\w*)\+0x[0-9a-fA-F]+\)`)

// managedFrame matches a .NET or JVM frame printed without its file (a
// release build without symbols, Java's `Unknown Source`): `at
// Autofac.Core.Disposer.DisposeAsync(Boolean disposing)` alone on its
// line, its parentheses holding typed parameters (`Type name, …`), none
// or `Unknown Source`, not a file (`Buffer.kt`, `Stocker.java:41`) nor
// followed by one (` in path:line 41`); group 1 is the type's path,
// group 2 the method, past which .NET prints a generic method's type
// parameters (`RunCore[T](Processor`1 processor, T value)`).
var managedFrame = lazyre.New(`(?m)^[ \t]*at[ \t]+((?:[\w$+` + "`" + `]+\.)+)([\w$]+)(?:\[[\w, ]+\])?\((?:|Unknown Source|` + managedParam + `(?:, ?` + managedParam + `)*)\)[ \t]*\r?$`)

// managedParam is a parameter as .NET prints it in a frame: its type and
// its name (Action`1 next, String[] args, ref Int32 count).
const managedParam = `[^()\n:/\\, ]+(?: [^()\n:/\\, ]+)+`

// managedRuntime are the namespaces of the runtimes' and their standard
// libraries' frames, which a trace passes through around the code that
// failed.
var managedRuntime = []string{"System.", "Microsoft.", "java.", "javax.", "jdk.", "sun.", "kotlin.", "kotlinx.", "scala.", "android.", "dalvik.", "com.android."}

// maxDebuggerFrames bounds the frames read from one query for its
// innermost one.
const maxDebuggerFrames = 32

// rustRuntime are the crates whose frames a Rust panic passes through
// before the code that failed.
var rustRuntime = []string{"std::", "core::", "alloc::", "rust_begin_unwind", "__rust", "<std::", "<core::", "<alloc::"}

// backtraceFunc returns the innermost function a backtrace names without
// its file, outside the C library's internals (`__memmove…`) or Rust's
// runtime, and the type it is a method of, if the frame says.
func backtraceFunc(text string) (fn, owner string) {
	for _, m := range debuggerFrame().FindAllStringSubmatch(text, maxDebuggerFrames) {
		if m[1] == "" {
			m[1] = m[2] // `#0  main () at main.c:5`: no address, no "in"
		}
		if !strings.HasPrefix(m[1], "__") {
			return m[1], ""
		}
	}
	for _, m := range glibcFrame().FindAllStringSubmatch(text, maxDebuggerFrames) {
		if !strings.Contains(m[1], ".so") && !strings.HasPrefix(m[2], "__") {
			return m[2], "" // a shared library's frame is the C library's
		}
	}
	for _, m := range managedFrame().FindAllStringSubmatch(text, maxDebuggerFrames) {
		if !hasAnyPrefix(m[1], managedRuntime) && !entryPoint(m[2]) {
			typ := strings.TrimSuffix(m[1], ".")
			typ = typ[strings.LastIndexAny(typ, ".+")+1:]
			if i := strings.IndexByte(typ, '`'); i > 0 {
				typ = typ[:i] // AccessorCache`1, a generic type's arity
			}
			return m[2], typ
		}
	}
	frames := rustFrame().FindAllStringSubmatch(text, maxDebuggerFrames)
	if len(frames) < 2 && !strings.Contains(text, "stack backtrace:") {
		return "", "" // one line `1: a::b` is a list's, not a trace's
	}
	for _, m := range frames {
		if hasAnyPrefix(m[1], rustRuntime) {
			continue
		}
		if fn, owner := rustFunc(m[1]); !entryPoint(fn) {
			return fn, owner
		}
	}
	return "", ""
}

// entryPoint reports whether a qualified frame's function is a program's
// entry point (`myapp::main`, `MyApp.Program.Main`): the reporter's own
// program, which every run passes through, rather than the library a
// report is about (whose build script's `main` it had named). A C frame
// says no program, and a crash in main (`#0 main () at main.c:5`) stays.
func entryPoint(fn string) bool { return fn == "main" || fn == "Main" }

// rustFunc returns the function a Rust frame's path names and the type
// it is a method of: `Conn<I,B,T>::poll_read_body` is poll_read_body of
// Conn, `<Connection<I,S> as Future>::poll` poll of Connection, a
// closure's frame its function's, a symbol's hash (`::h3b1c…`) no part.
func rustFunc(p string) (fn, owner string) {
	if strings.HasPrefix(p, "<") {
		// `<T as Trait>::method`: the method of T.
		if i := strings.Index(p, " as "); i > 0 {
			if j := strings.Index(p[i:], ">::"); j > 0 {
				p = p[1:i] + p[i+j+1:]
			}
		}
	}
	var parts []string
	for _, c := range strings.Split(withoutGenerics(p), "::") {
		if c == "" || c == "{{closure}}" || len(c) == 17 && c[0] == 'h' && strings.Trim(c[1:], "0123456789abcdef") == "" {
			continue
		}
		parts = append(parts, c)
	}
	if len(parts) == 0 {
		return "", ""
	}
	fn = parts[len(parts)-1]
	if len(parts) > 1 {
		if o := parts[len(parts)-2]; o != "" && o[0] >= 'A' && o[0] <= 'Z' {
			owner = o
		}
	}
	return fn, owner
}

// withoutGenerics returns p without its generic arguments (`<I,B,T>`).
func withoutGenerics(p string) string {
	var b strings.Builder
	depth := 0
	for _, r := range p {
		switch {
		case r == '<':
			depth++
		case r == '>' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// hasAnyPrefix reports whether s starts with one of prefixes.
func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// framedFunction marks, for the function a backtrace names without its
// file, the candidates of the files defining it as a stack trace's named
// file is marked (mention, the definition's chunk at the frame): its best
// declarations, a definition over a header's prototype, shared among the
// files that hold them; of the type the frame names it a method of
// (owner), when a declaration is that type's.
func framedFunction(decls []store.Decl, owner string, order []*candidate) {
	if owned := ownedBy(decls, owner); len(owned) > 0 {
		decls = owned
	}
	best := 0
	for _, d := range decls {
		best = max(best, d.Tier)
	}
	files := map[string]bool{}
	type place struct {
		path string
		line int
	}
	at := map[place]bool{}
	for _, d := range decls {
		if d.Tier == best {
			files[d.Chunk.FilePath] = true
			at[place{d.Chunk.FilePath, d.Chunk.StartLine}] = true
		}
	}
	if len(files) == 0 || len(files) > maxFramedFiles {
		return
	}
	share := 1 / float64(len(files))
	for _, cd := range order {
		if files[cd.chunk.FilePath] {
			cd.mention = max(cd.mention, share)
			if at[place{cd.chunk.FilePath, cd.chunk.StartLine}] {
				cd.atFrame = max(cd.atFrame, framedAt(innermost))
			}
		}
	}
}

// maxFramedFiles bounds the files a backtrace's function may name: a
// name many files define (main) names none in particular.
const maxFramedFiles = 3

// ownedBy returns the declarations among decls in a chunk naming owner
// (`Time`, `Time.sleep`, `time.Time`); none when owner is "".
func ownedBy(decls []store.Decl, owner string) []store.Decl {
	if owner == "" {
		return nil
	}
	var out []store.Decl
	for _, d := range decls {
		for _, n := range strings.Split(d.Chunk.Symbol, ", ") {
			if n == owner || strings.HasPrefix(n, owner+".") || strings.HasSuffix(n, "."+owner) || strings.Contains(n, "."+owner+".") {
				out = append(out, d)
				break
			}
		}
	}
	return out
}
