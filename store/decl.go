package store

import (
	"runtime"
	"slices"
	"strings"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/internal/lazyre"
	"github.com/codeseek/codeseek/internal/pathclass"
)

// Decl is a chunk that declares a queried name, with how strong a match
// the declaration is: a top-level declaration in non-test code beats a
// method or nested one, which beats any declaration in a test file.
type Decl struct {
	Chunk *Chunk
	Tier  int // 1 (weakest) to 4
}

// declKeywords are the words that introduce a declaration of the
// identifier that follows them, across the supported languages.
var declKeywords = map[string]bool{
	"func": true, "def": true, "fn": true, "function": true, "function*": true, "class": true,
	"struct": true, "interface": true, "trait": true, "enum": true, "type": true, "const": true,
	"let": true, "var": true, "val": true, "module": true, "object": true, "record": true,
	"union": true, "typedef": true, "macro_rules!": true, "sub": true, "proc": true,
	// Elixir's forms of def, and its module attributes that declare types
	// and callbacks.
	"defp": true, "defmacro": true, "defmacrop": true, "defmodule": true, "defprotocol": true,
	"defguard": true, "defguardp": true, "defdelegate": true, "@type": true, "@typep": true,
	"@opaque": true, "@callback": true, "@macrocallback": true,
}

// maxDeclScan bounds the chunks Declaring reads beyond those named after
// the name: a name used in more chunks than this (spin_lock_irqsave in the
// Linux kernel: tens of thousands) is declared in a chunk the chunker
// named after it, and reading every use cost a search at kernel scale
// hundreds of milliseconds.
const maxDeclScan = 1024

// Declaring returns the live chunks of kind k whose text declares name
// (case-sensitive), each with its tier. It reads the chunks named after
// the name and, unless the name is used in more than maxDeclScan chunks,
// every chunk that contains it as a term, so it does not depend on how the
// chunker named the chunk: merged declarations and generated files are
// found too.
func (ix *Index) Declaring(k Kind, name string) []Decl {
	if name == "" {
		return nil
	}
	defer runtime.KeepAlive(ix) // the views point into its mapped segments
	var last string
	LexTerms(name, func(t []byte) { last = string(t) }) // the whole identifier comes last
	// last's number in each view's lexicon (or -1), looked up once: the
	// uses are counted across views before any is read.
	terms := make([]int, len(ix.views[k]))
	uses := 0
	for v := range ix.views[k] {
		if terms[v] = ix.views[k][v].lex.find(last); terms[v] >= 0 {
			uses += int(ix.views[k][v].lex.DF[terms[v]])
		}
	}
	var out []Decl
	for v := range ix.views[k] {
		vw := &ix.views[k][v]
		seen := map[int32]bool{}
		check := func(i int32, _ float64) {
			if seen[i] || vw.isDead(i) {
				return
			}
			seen[i] = true
			tc := vw.transient(i) // read in place; only declarations are copied out
			if tier := declTier(&tc, name); tier > 0 {
				out = append(out, Decl{Chunk: vw.chunk(i), Tier: tier})
			}
		}
		if t := vw.syms.find(name); t >= 0 {
			vw.syms.postings(t, check)
		}
		if terms[v] >= 0 && uses <= maxDeclScan {
			vw.lex.postings(terms[v], check)
		}
	}
	if k == Code && len(out) == 0 {
		out = ix.graphDeclaring(name)
	}
	return out
}

// graphDeclaring returns the chunks holding a top-level declaration of
// name that the files' symbol graphs make, each once: a name in a group
// (Go's `var ( … )`, whose lines bear no keyword) past the few the chunk
// is named after. It is asked only when no line of text showed one, as
// decoding the graphs of a common name's files costs.
func (ix *Index) graphDeclaring(name string) []Decl {
	var found []Decl
	for _, d := range ix.DefinitionsOf(name) {
		if d.Def.Parent != "" || slices.ContainsFunc(found, func(f Decl) bool { return spans(f.Chunk, d.Path, d.Def.Line) }) {
			continue
		}
		for _, c := range ix.ChunksOf(d.Path) {
			if spans(c, d.Path, d.Def.Line) {
				found = append(found, Decl{Chunk: c, Tier: classTier(c, 3)})
				break
			}
		}
	}
	return found
}

// spans reports whether c is a chunk of path holding line.
func spans(c *Chunk, path string, line int) bool {
	return c.FilePath == path && c.StartLine <= line && line <= c.EndLine
}

// declTier scans the lines of c that contain name for a declaration of it
// and returns the strongest tier found, or 0.
func declTier(c *Chunk, name string) int {
	best := 0
	named := 0
	if !chunker.PackageKind(c.SymbolKind) {
		named = symbolTier(c.Symbol, name)
	}
	lang := chunker.Language(c.FilePath, nil) // chunks read in place carry no language
	cDefs := cFamily(lang)
	js := jsFamily(lang)
	text := c.Full().Content
	nameSites(text, name, func(line string, pos, at int) bool {
		if strings.TrimSpace(line[pos+len(name):]) == ";" && cDefs {
			return true // "class AnyInvocable;": a forward declaration, the definition is elsewhere
		}
		if lang == "zig" && strings.Contains(line[pos+len(name):], "@import(") {
			return true // const Config = @import("Config.zig"): an import, the file is the declaration
		}
		if js && requireBinding().MatchString(line[pos+len(name):]) {
			return true // const { Request } = require('./request'): CommonJS's import
		}
		best = max(best, lineDeclTier(line, pos, name))
		if js {
			best = max(best, jsFunctionValue(line, pos, name))
		}
		if named > best && declaredAt(line, pos, name, named == 2) {
			best = named
			if cDefs && paramsFollow(line, pos, name) && (endsStatement(line) || prototypeFollows(text[at+len(name):])) {
				best = min(best, 1) // a prototype: the definition, with its body, comes first, as a test's would
			}
		}
		if cDefs && best < 3 && cDefinition(line, pos, name) && !prototypeFollows(text[at+len(name):]) {
			best = 3
		}
		if lang == "haskell" {
			best = max(best, haskellDeclTier(line, pos, name))
		}
		return true
	})
	if best == 0 {
		return 0
	}
	return classTier(c, best)
}

// classTier is the tier of a declaration of tier best in chunk c, by the
// class of its file: 1 in a test, one less in a vendored copy, which
// yields to the project's own.
func classTier(c *Chunk, best int) int {
	switch class := pathclass.Of(c.FilePath); {
	case class&pathclass.Test != 0, c.SymbolKind == "test":
		return 1
	case class&pathclass.Vendored != 0:
		return max(1, best-1)
	}
	return best
}

// requireBinding matches what follows a name a CommonJS import binds
// (` = require('./x')`, ` } = await import('./x')`).
var requireBinding = lazyre.New(`^[^=;(]*=\s*(?:await\s+)?(?:require|import)\s*\(`)

// symbolTier is the tier of name among the declarations the chunker named
// the chunk after ("Buffer.append, Buffer.drain"): 3 for a top-level one,
// 2 for a member, 0 when it is not named. The parser's own declarations
// settle what a line's syntax leaves open to a scan of the text: a C
// function's or a Java, C# or Kotlin method's return type is no keyword
// ("int buffer_append(", "public String toString("), and a C function's
// type may stand on the line before its name.
//
// The later pieces of a split declaration carry its name too, so the
// name must also stand in the text as a declaration would (declaredAt).
func symbolTier(symbol, name string) int {
	best := 0
	for _, s := range strings.Split(symbol, ", ") {
		switch {
		case s == name:
			return 3
		case strings.HasSuffix(s, name) && strings.HasSuffix(s[:len(s)-len(name)], "."):
			best = 2
		}
	}
	return best
}

// declaredAt reports whether the occurrence of name at byte pos of line
// could be where a chunk named after it declares it: not in a comment,
// not selected from something else (gen.WaitIterator, Foo::bar, x->bar;
// a member, which C++ defines as Class::name, may follow "::"), not
// quoted, and followed by what follows a declared name: parameters,
// type parameters, a body, a type or a value. A "#define" declares its
// macro whatever follows.
func declaredAt(line string, pos int, name string, member bool) bool {
	if definesMacro(line, pos) {
		return true
	}
	if CommentLine(strings.TrimLeft(line, " \t")) {
		return false
	}
	before := line[:pos]
	extension := strings.HasSuffix(before, ".") && slices.Contains(strings.Fields(before), "fun") // Kotlin's fun <T> Flow<T>.flatMapConcat(
	switch {
	case strings.HasSuffix(before, "::"):
		if !member {
			return false
		}
	case extension:
	case strings.HasSuffix(before, "."), strings.HasSuffix(before, "->"), strings.HasSuffix(before, "`"),
		strings.HasSuffix(before, `"`), strings.HasSuffix(before, "'"):
		return false
	}
	if prev := strings.TrimRight(before, " \t"); prev != "" && !extension && !strings.HasSuffix(prev, "::") {
		// A declared name follows its type, a keyword or a modifier
		// (int, fun, public, *, &, >, ]), or starts the line (a C
		// function whose type stands on the line before); after "=",
		// "(", "new" or "return" it is used.
		c := prev[len(prev)-1]
		if c == '?' && len(prev) > 1 && (isIdentByte(prev[len(prev)-2]) || strings.IndexByte(">]", prev[len(prev)-2]) >= 0) {
			c = prev[len(prev)-2] // a nullable type (C#'s `object?`, Kotlin's `String?`), not a conditional's `?`
		}
		fields := strings.Fields(prev)
		last := fields[len(fields)-1]
		if !(isIdentByte(c) || strings.IndexByte("*&>]", c) >= 0 || wrappedType(prev)) || usingWords[last] || namespaceWords[last] {
			return false
		}
	}
	rest := strings.TrimLeft(line[pos+len(name):], " \t")
	return rest == "" || strings.ContainsRune("(<{:=", rune(rest[0]))
}

// wrappedType reports text ending with a return type a C export macro
// wraps (cJSON's `CJSON_PUBLIC(cJSON *)`, CPython's `PyAPI_FUNC(int)`):
// a capitalised name with an underscore, and its one argument.
func wrappedType(text string) bool {
	open := strings.LastIndexByte(text, '(')
	if open < 0 || !strings.HasSuffix(text, ")") || strings.ContainsAny(text[open+1:len(text)-1], "(,") {
		return false
	}
	start := open
	for start > 0 && isIdentByte(text[start-1]) {
		start--
	}
	macro := text[start:open]
	return macro != "" && 'A' <= macro[0] && macro[0] <= 'Z' && strings.Contains(macro, "_")
}

// cDefinition reports a C or C++ line that defines name at the top
// level: a function or a macro, which no keyword introduces ("static int
// foo(void)", "#define FOO 1"), where a merged chunk's symbol list may
// have left the name out. A line that ends the statement with ";" is a
// prototype or a variable, and an indented one is inside a body.
func cDefinition(line string, pos int, name string) bool {
	if line == "" || line[0] == ' ' || line[0] == '\t' || endsStatement(line) {
		return false
	}
	return definesMacro(line, pos) || declaredAt(line, pos, name, false) && paramsFollow(line, pos, name)
}

// prototypeFollows reports whether rest, the text after a C or C++
// function's name, is a prototype's: its parameters, over as many lines
// as they take (`int uv_spawn(uv_loop_t* loop,` / `…options);`), and
// qualifiers (`const`, `noexcept`, `= 0`) end with ";" before any body.
func prototypeFollows(rest string) bool {
	rest = strings.TrimLeft(rest, " \t")
	if !strings.HasPrefix(rest, "(") {
		return false
	}
	depth := 0
	for i := 0; i < len(rest) && i < maxPrototypeBytes; i++ {
		switch rest[i] {
		case '(':
			depth++
		case ')':
			depth--
		case '{':
			return false
		case ';':
			return depth == 0
		}
	}
	return false
}

// maxPrototypeBytes bounds the text read for a prototype's end.
const maxPrototypeBytes = 2000

// paramsFollow reports whether parameters follow the name at byte pos of
// line: a function's declaration, not a variable's or a type alias's.
func paramsFollow(line string, pos int, name string) bool {
	return strings.HasPrefix(strings.TrimLeft(line[pos+len(name):], " \t"), "(")
}

// CommentLine reports a line (its indentation trimmed) that starts as a
// comment does in one of the languages: //, #, /*, *, -- or ;.
func CommentLine(trimmed string) bool {
	for _, c := range []string{"//", "#", "/*", "*", "--", ";"} {
		if strings.HasPrefix(trimmed, c) {
			return true
		}
	}
	return false
}

// endsStatement reports a C or C++ line that ends with ";": a prototype
// or a variable, not a definition with a body.
func endsStatement(line string) bool {
	return strings.HasSuffix(strings.TrimSpace(line), ";")
}

// definesMacro reports a "#define" of the name at byte pos of line.
func definesMacro(line string, pos int) bool {
	return strings.TrimSpace(line[:pos]) == "#define"
}

// usingWords are the words after which a name is used, not declared.
var usingWords = map[string]bool{
	"new": true, "return": true, "await": true, "yield": true, "throw": true, "in": true, "is": true,
	"as": true, "case": true, "else": true, "sizeof": true, "typeof": true, "delete": true, "go": true,
	"defer": true, "not": true, "and": true, "or": true, "if": true, "while": true, "instanceof": true,
}

// namespaceWords open a namespace, which every file of it declares: a
// chunk the chunker merged from a namespace's opening and its first
// members lists the namespace among its names, and is no declaration of
// it.
var namespaceWords = map[string]bool{"namespace": true, "package": true}

// jsFunctionValue is the tier of a JavaScript or TypeScript line that
// gives name a function as its value, as the language declares functions
// and methods outside its declaration syntax: "jQuery.holdReady =
// function( hold ) {", "addProp: function( name, hook ) {", a var list's
// "stopPropagationCallback = function( e ) {", "exports.parse = (s) =>",
// and a binding's "var access = function(": an indented binding of a
// function is a nested function, not a local value (bindingKeywords). 3
// for a name that starts an unindented line or binding, 2 for a member or
// an indented name, 0 when the line is no such declaration of it.
func jsFunctionValue(line string, pos int, name string) int {
	trimmed := strings.TrimLeft(line, " \t")
	if CommentLine(trimmed) {
		return 0
	}
	before := strings.TrimSpace(line[:pos])
	bound := bindingKeywords[before] || strings.HasPrefix(before, "export ") && bindingKeywords[strings.TrimSpace(before[len("export "):])]
	if before != "" && !strings.HasSuffix(before, ".") && !bound {
		return 0
	}
	rest := strings.TrimLeft(line[pos+len(name):], " \t")
	switch {
	case strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, "=="), strings.HasPrefix(rest, ":"):
		rest = strings.TrimLeft(rest[1:], " \t")
	default:
		return 0
	}
	rest = strings.TrimPrefix(rest, "async ")
	arrow := strings.Contains(rest, "=>") && rest != "" && (rest[0] == '(' || isIdentByte(rest[0]))
	if !strings.HasPrefix(rest, "function") && !arrow {
		return 0
	}
	if (before == "" || bound) && len(trimmed) == len(line) {
		return 3
	}
	return 2
}

// jsFamily reports JavaScript or TypeScript.
func jsFamily(lang string) bool {
	return lang == "javascript" || lang == "typescript" || lang == "tsx"
}

// cFamily reports C or C++.
func cFamily(lang string) bool {
	return lang == "c" || lang == "cpp"
}

// NameLines calls fn with each line of text where name stands as a whole
// identifier, and the byte position of name in that line, until fn
// returns false. It is how declarations and re-exports of a name are found
// in a chunk's text.
func NameLines(text, name string, fn func(line string, pos int) bool) {
	nameSites(text, name, func(line string, pos, _ int) bool { return fn(line, pos) })
}

// nameSites is NameLines that also gives the name's offset in text.
func nameSites(text, name string, fn func(line string, pos, at int) bool) {
	if name == "" {
		return
	}
	for off := 0; ; {
		i := strings.Index(text[off:], name)
		if i < 0 {
			return
		}
		i += off
		off = i + len(name)
		if i > 0 && isIdentByte(text[i-1]) || off < len(text) && isIdentByte(text[off]) {
			continue
		}
		lineStart := strings.LastIndexByte(text[:i], '\n') + 1
		lineEnd := strings.IndexByte(text[i:], '\n')
		if lineEnd < 0 {
			lineEnd = len(text)
		} else {
			lineEnd += i
		}
		if !fn(text[lineStart:lineEnd], i-lineStart, i) {
			return
		}
	}
}

// lineDeclTier decides whether the occurrence of name at byte pos of line
// is what the line declares: 3 for a top-level declaration, 2 for a
// method or nested one, 0 for a use.
func lineDeclTier(line string, pos int, name string) int {
	if pos > 0 && isIdentByte(line[pos-1]) {
		return 0
	}
	if end := pos + len(name); end < len(line) && isIdentByte(line[end]) {
		return 0
	}
	trimmed := strings.TrimLeft(line, " \t")
	indented := len(trimmed) < len(line)
	if CommentLine(trimmed) { // a declaration quoted in a comment is not one
		return 0
	}
	prefix := strings.TrimSpace(line[:pos])
	rest := strings.TrimSpace(line[pos+len(name):])
	fields := strings.Fields(prefix)
	for len(fields) > 0 && modifier(fields[0]) {
		fields = fields[1:]
	}
	fields = dropAttributeMacros(fields)
	if n := len(fields); n >= 2 && qualifier(fields[n-1], fields[n-2]) {
		// "defmodule Postgrex.Extensions.TimestampTZ", "module Data.Map.Strict",
		// Ruby's "def self.create": the keyword declares the path's last name.
		fields = fields[:n-1]
	}
	switch {
	case len(fields) == 0:
		// "name(args) {" as a method in a class body (JavaScript, Java…),
		// not a call a switch's prong matches (Zig's `asUint("GET ") => {`).
		if indented && strings.HasPrefix(rest, "(") && strings.HasSuffix(rest, "{") && !strings.Contains(rest, "=>") {
			return 2
		}
		return 0
	case strings.HasPrefix(prefix, "func (") || strings.HasPrefix(prefix, "func("): // Go method receiver
		if strings.HasSuffix(prefix, ")") {
			return 2
		}
		return 0
	case fields[len(fields)-1] == "const" && cppTypeFollows(rest):
		return 0 // "const Mutex::MuHow k", "const Mutex& mu": a C++ type, not a constant
	case declKeywords[fields[len(fields)-1]] || (len(fields) >= 2 && declKeywords[fields[len(fields)-2]] && strings.HasSuffix(fields[len(fields)-1], "*")):
		binding := bindingKeywords[fields[len(fields)-1]]
		switch {
		case binding && Aliases(rest, name):
			return 0
		case !indented:
			return 3
		case binding && !typeValue(rest):
			return 1
		}
		return 2
	}
	return 0
}

// Aliases reports a binding's value (rest, the text after the bound name)
// that selects the bound name from another module ("= worker.HTTPConn;",
// `= @import("url.zig").asUint;`): the name is declared there, and this
// is an import of it.
func Aliases(rest, name string) bool {
	value, ok := strings.CutPrefix(rest, "=")
	if !ok || strings.HasPrefix(value, "=") {
		return false
	}
	value = strings.TrimSuffix(strings.TrimSpace(value), ";")
	return strings.HasSuffix(value, "."+name) && !strings.ContainsAny(value, " \t")
}

// typeValue reports a binding whose value is a type (Zig's "= struct {",
// "= enum(u8) {", "= error{…}", JavaScript's "= class {"): an indented
// one is a nested type, not a function's local.
func typeValue(rest string) bool {
	value, ok := strings.CutPrefix(rest, "=")
	if !ok {
		return false
	}
	value = strings.TrimSpace(value)
	for _, w := range []string{"extern ", "packed "} {
		value = strings.TrimPrefix(value, w)
	}
	for _, t := range []string{"struct", "enum", "union", "opaque", "error", "class"} {
		if after, ok := strings.CutPrefix(value, t); ok && (after == "" || !isIdentByte(after[0])) {
			return true
		}
	}
	return false
}

// bindingKeywords bind a variable. Indented, such a binding is most often
// a function's local ("let bottommost_line = dims.bottommost_line();"),
// which a look-up of the name does not mean: it ranks below the methods
// and nested types declared with the other keywords.
var bindingKeywords = map[string]bool{"let": true, "var": true, "val": true, "const": true}

// dropAttributeMacros removes the export and attribute macros C and C++
// put between a type keyword and the type's name ("class ABSL_LOCKABLE
// Mutex", "class Q_CORE_EXPORT QString", "struct PROTOBUF_EXPORT Arena"),
// so the keyword is seen to declare the name. Only type keywords qualify:
// in "var X Y" the capitalised X is a variable, not a macro.
func dropAttributeMacros(fields []string) []string {
	n := len(fields)
	for n > 1 && isMacroName(fields[n-1]) {
		n--
	}
	if n == len(fields) {
		return fields
	}
	switch fields[n-1] {
	case "class", "struct", "union", "enum":
		return fields[:n]
	}
	return fields
}

// isMacroName reports an all-capitals identifier of at least three bytes
// with an underscore or digit in it, as macros are spelled.
func isMacroName(w string) bool {
	if len(w) < 3 || !strings.ContainsAny(w, "_0123456789") {
		return false
	}
	for i := 0; i < len(w); i++ {
		if c := w[i]; !('A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// cppTypeFollows reports whether the text after a name shows the name is a
// C or C++ type: a scope, a pointer, a reference or template arguments.
func cppTypeFollows(rest string) bool {
	for _, p := range []string{"::", "*", "&", "<"} {
		if strings.HasPrefix(rest, p) {
			return true
		}
	}
	return false
}

// modifier reports words that may precede a declaration keyword.
func modifier(w string) bool {
	switch w {
	case "export", "default", "pub", "pub(crate)", "public", "private", "protected", "internal",
		"static", "async", "abstract", "final", "override", "open", "inline", "extern", "unsafe", "declare":
		return true
	}
	return false
}

// qualifier reports a path of names that ends where a selected name
// follows ("Postgrex.Extensions.", "self.", "Net::"); after Lua's
// "function", also a table's method ("M:"). Elsewhere a name and a colon
// is a typed binding ("state: StateFlow<T>") and declares no type.
func qualifier(w, keyword string) bool {
	path, ok := strings.CutSuffix(w, ".")
	if !ok {
		path, ok = strings.CutSuffix(w, "::")
	}
	if !ok && keyword == "function" {
		path, ok = strings.CutSuffix(w, ":")
	}
	if !ok || path == "" {
		return false
	}
	for i := 0; i < len(path); i++ {
		if !isIdentByte(path[i]) && path[i] != '.' && path[i] != ':' {
			return false
		}
	}
	return true
}

func isIdentByte(b byte) bool {
	return b == '_' || b == '$' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b >= 0x80
}
