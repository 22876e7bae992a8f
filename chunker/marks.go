package chunker

import (
	"bytes"
	"path/filepath"
	"strings"

	"github.com/codeseek/codeseek/internal/lazyre"
)

// Marks are what a file says about itself, in its own language's way,
// that a reader of search results needs to know: kept per file in the
// index, so ranking can weigh such files as it weighs the ones their
// names give away.
type Marks uint8

// The marks.
const (
	// MarkStub is a definition file: declarations for tools and editors,
	// not the code that runs. Lua says so with `---@meta` on its first
	// line (the Lua language server's annotation); .d.ts and .pyi files
	// say it by name, which the ranker reads from the path.
	MarkStub Marks = 1 << iota
	// MarkCode is a file whose name makes it a package's re-export barrel
	// (index.js, __init__.py) that declares functions or types of its
	// own: the package's code, which its name alone does not say.
	MarkCode
	// MarkBuilt is a bundler's, a compiler's or a generator's output: a
	// JavaScript or CSS file that ends by naming its source map (`//#
	// sourceMappingURL=axios.js.map`), a copy of the sources beside it,
	// or any file that says a program wrote it (generated).
	MarkBuilt
	// MarkCompletion is a shell's completion script (zsh's `#compdef`,
	// fish's `complete -c` lines, bash's `complete -F` with COMPREPLY,
	// nushell's `extern`, PowerShell's argument completer): the command's
	// flags and help texts again, written for a shell to offer, and so
	// the best match of every question about an option, not the code
	// behind it. Often generated, as often not saying so.
	MarkCompletion
	// MarkTests is a file whose declarations are a test framework's
	// blocks (`describe(…)`, `it(…)`), but for a helper or two, though
	// its name does not say test: date-fns' src/clamp/test.ts beside the
	// index.ts it tests, where a package's test.ts may be its code
	// (vitest's runners/test.ts).
	MarkTests
)

// codeMarks returns MarkCode for a barrel-named file whose chunks declare
// a function or a type, and MarkTests for a file of test blocks.
func codeMarks(path string, chunks []Chunk) Marks {
	var m Marks
	barrel := BarrelName(path)
	tests, named := 0, 0
	for _, c := range chunks {
		if barrel && (c.SymbolKind == "function" || c.SymbolKind == "method" || classLikeKinds[c.SymbolKind]) {
			m |= MarkCode
		}
		switch c.SymbolKind {
		case "", "imports", "section":
		case "test":
			tests++
			named++
		default:
			named++
		}
	}
	if other := named - tests; tests > other && other <= maxOtherDecls && !inlineTests[filepath.Ext(path)] {
		m |= MarkTests
	}
	return m
}

// maxOtherDecls is the most declarations a file of test blocks holds
// besides them, fewer than its blocks (a test's helpers, a suite's
// setup): a module with tests beside its code is its code.
const maxOtherDecls = 2

// inlineTests are the extensions of languages whose tests live in the
// file they test (Rust's #[cfg(test)] module, Zig's test blocks): regex's
// ast/parse.rs, more tests than code, is the parser.
var inlineTests = map[string]bool{".rs": true, ".zig": true}

// BarrelName reports a file named as its package's entry point, which in
// many projects only re-exports the package's modules.
func BarrelName(path string) bool {
	switch strings.ToLower(filepath.Base(path)) {
	case "__init__.py", "index.js", "index.ts", "index.mjs", "package-info.java":
		return true
	}
	return false
}

// FileMarks returns the marks of a file of language lang.
func FileMarks(lang string, src []byte) Marks {
	switch {
	case lang == "lua" && luaMeta(src):
		return MarkStub
	case (lang == "javascript" || lang == "typescript" || lang == "css") && mapsSource(src), generated(src),
		(lang == "javascript" || lang == "typescript") && bundled(src):
		return MarkBuilt
	case lang == "text" && apiDump(src):
		return MarkBuilt
	case (lang == "bash" || lang == "text") && completionScript(src):
		// Only a script: a program writing one (ripgrep's complete/bash.rs)
		// is the code behind it.
		return MarkCompletion
	}
	return 0
}

// Lines by which a shell's completion script declares what it completes.
var (
	zshCompdef         = lazyre.New(`\A\s*#compdef\s`)
	bashCompletion     = lazyre.New(`(?m)^\s*complete\s+(?:-\S+\s+(?:\S+\s+)?)*-F\s`)
	fishCompletion     = lazyre.New(`(?m)^\s*complete\s+(?:-c|--command)\s`)
	nushellExtern      = lazyre.New(`(?m)^\s*(?:export\s+)?extern\s+"[^"\n]+"\s*\[`)
	powershellComplete = lazyre.New(`\bRegister-ArgumentCompleter\b`)
)

// minFishCompletions is how many `complete -c` lines make a completion
// script: a fish function file may register one for itself.
const minFishCompletions = 3

// completionScript reports a shell's completion script by the lines that
// declare what it completes, read in its first maxCompletionBytes.
// Each pattern runs only on a file holding its word, which every file is
// searched for.
func completionScript(src []byte) bool {
	head := src[:min(len(src), maxCompletionBytes)]
	has := func(s string) bool { return bytes.Contains(head, []byte(s)) }
	return zshCompdef().Match(head) ||
		has("Register-ArgumentCompleter") && powershellComplete().Match(head) ||
		has(`extern "`) && nushellExtern().Match(head) ||
		has("COMPREPLY") && bashCompletion().Match(head) ||
		has("complete -") && len(fishCompletion().FindAllIndex(head, minFishCompletions)) >= minFishCompletions
}

// maxCompletionBytes bounds what completionScript reads.
const maxCompletionBytes = 64 << 10

// mapsSource reports a file whose last line names its source map, as
// bundlers and compilers end what they write.
func mapsSource(src []byte) bool {
	tail := bytes.TrimRight(src[max(0, len(src)-maxSourceMapLine):], " \t\r\n")
	line := tail[bytes.LastIndexByte(tail, '\n')+1:]
	return bytes.Contains(line, []byte("# sourceMappingURL="))
}

// maxSourceMapLine bounds the tail read for a source map's line (an
// inline map is a data URL of any length, and is no less a bundle's).
const maxSourceMapLine = 4096

// moduleMarker matches the comment esbuild writes above each module it
// bundles, the module's path (`// js/phoenix_live_view/view.ts`,
// `// node_modules/morphdom/dist/morphdom-esm.js`).
var moduleMarker = lazyre.New(`^[ \t]*// (?:[\w@.-]+/)+[\w.-]+\.(?:[cm]?[jt]sx?|vue|svelte|json)\r?$`)

// minModuleMarkers is how many module markers make a file a bundle: a
// hand-written file may name a path or two in comments of its own (none
// of 6,388 JavaScript and TypeScript files of the QA repositories has
// three; esbuild's bundles have one per module).
const minModuleMarkers = 3

// bundled reports a bundler's output that does not name its source map
// (an IIFE build beside the ESM build that does): modules marked by
// their paths.
func bundled(src []byte) bool {
	n := 0
	for line := range bytes.Lines(src) {
		if t := bytes.TrimLeft(line, " \t"); bytes.HasPrefix(t, []byte("// ")) && moduleMarker().Match(bytes.TrimRight(line, "\n")) {
			if n++; n >= minModuleMarkers {
				return true
			}
		}
	}
	return false
}

// apiDumpLine matches the first line of a JVM library's public API as
// Kotlin's binary-compatibility validator dumps it (`api/*.api`): a class
// named by its JVM internal name, `public final class org/acme/Bucket {`,
// or a Kotlin/Native ABI dump's header. The dump names every public
// declaration once more, beside its source, and would outrank it for
// any query naming one.
var apiDumpLine = lazyre.New(`^(?:// Klib ABI Dump\b|(?:public|protected)(?: [a-z]+)* (?:class|interface) [\w$]+(?:/[\w$]+)+ )`)

// apiDump reports a file whose first non-blank line opens an API dump.
func apiDump(src []byte) bool {
	src = bytes.TrimLeft(src, " \t\r\n")
	return apiDumpLine().Match(src[:min(len(src), 512)])
}

// luaMeta reports whether the first non-blank line is a `---@meta`
// annotation, with or without a name.
func luaMeta(src []byte) bool {
	src = bytes.TrimLeft(bytes.TrimPrefix(src, []byte("\xef\xbb\xbf")), " \t\r\n")
	rest, ok := bytes.CutPrefix(src, []byte("---@meta"))
	return ok && (len(rest) == 0 || rest[0] == ' ' || rest[0] == '\t' || rest[0] == '\r' || rest[0] == '\n')
}
