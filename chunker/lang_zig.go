package chunker

import (
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Zig has no grammar in the binding this project uses. Its declarations
// are plain to a lexer: a container (a file, or the braces after struct,
// enum, union or opaque) holds fields and declarations, each ending at a
// ";" or "," at the container's depth or, for fn, test and comptime, at
// the "}" closing its block. The lexer skips strings, character literals,
// multiline string lines (\\) and comments, and takes "///" lines as the
// doc of the declaration below them.

// zigKind tells the lexer's tokens apart.
type zigKind uint8

const (
	zigWord    zigKind = iota + 1 // identifier or keyword, @"quoted" too
	zigString                     // "…", '…', \\… to the end of the line
	zigComment                    // //…, doc comments too
	zigBuiltin                    // @import
	zigPunct                      // one byte of anything else
)

// zigTok is one of its tokens.
type zigTok = lexTok[zigKind]

// lexZig returns the tokens of src in one forward scan; an unclosed
// string ends at its line's end, as Zig's strings cannot span lines.
func lexZig(src []byte) []zigTok {
	n := len(src)
	return lexAll(src, func(i int) (zigKind, int) {
		c := src[i]
		switch {
		case c == '/' && i+1 < n && src[i+1] == '/':
			return zigComment, lineEnd(src, i)
		case c == '\\' && i+1 < n && src[i+1] == '\\':
			return zigString, lineEnd(src, i)
		case c == '"' || c == '\'':
			return zigString, zigQuoted(src, i)
		case c == '@' && i+1 < n && src[i+1] == '"':
			return zigWord, zigQuoted(src, i+1)
		case c == '@' && i+1 < n && exIdentStart(src[i+1]):
			return zigBuiltin, zigIdentEnd(src, i+1)
		case exIdentStart(c) || c >= '0' && c <= '9':
			return zigWord, zigIdentEnd(src, i)
		default:
			return zigPunct, i + 1
		}
	})
}

// zigIdentEnd returns the end of the identifier or number at i.
func zigIdentEnd(src []byte, i int) int {
	for i < len(src) && exIdentChar(src[i]) {
		i++
	}
	return i
}

// zigQuoted returns the end of the string or character literal opened at
// i: at its closing quote, or at the end of its line.
func zigQuoted(src []byte, i int) int {
	q := src[i]
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case q:
			return j + 1
		case '\n':
			return j
		}
	}
	return len(src)
}

// zigScan is one Zig file's tokens, without comments, and its doc
// comments by the token they document.
type zigScan struct {
	s    *source
	toks []zigTok
	// docs[k] is the "///" run directly above token k.
	docs map[int][2]int
	// match[k] is the index of the bracket matching the one at k: the
	// closing one (len(toks) when none closes it) or the opening one.
	match []int
	named map[int]bool
	// self is the word naming the current instance: self, this.
	self string
	// bareFields: a name the file does not declare at its top level may
	// be a field of the instance, used without self (Dart's _parser.parse()
	// for this._parser), which resolution looks up in the enclosing
	// class; Zig always writes self.
	bareFields bool
	// fileStruct: the outline is the file's struct (outline), whose
	// members are the file's top level.
	fileStruct bool
}

func (z *zigScan) text(k int) string { return string(z.s.src[z.toks[k].start:z.toks[k].end]) }

// is reports whether token k is the punctuation or word w.
func (z *zigScan) is(k int, w string) bool {
	if k < 0 || k >= len(z.toks) {
		return false
	}
	t := z.toks[k]
	return t.end-t.start == len(w) && string(z.s.src[t.start:t.end]) == w && t.kind != zigString
}

// scanZig lexes a file, sets its doc comments apart and matches its
// brackets.
func scanZig(s *source) *zigScan {
	z := &zigScan{s: s, docs: map[int][2]int{}, named: map[int]bool{}, self: "self"}
	z.collect(lexZig(s.src), func(c string) bool {
		return strings.HasPrefix(c, "///") && !strings.HasPrefix(c, "////")
	})
	return z
}

// collect keeps the tokens that are not comments, each run of doc
// comments (isDoc) as the doc of the token after it, and matches the
// brackets.
func (z *zigScan) collect(toks []zigTok, isDoc func(comment string) bool) {
	docStart := -1
	var doc [2]int
	for _, t := range toks {
		if t.kind == zigComment {
			if isDoc(string(z.s.src[t.start:min(t.end, t.start+4)])) {
				if docStart < 0 {
					docStart = t.start
				}
				doc = [2]int{docStart, t.end}
			} else {
				docStart = -1
			}
			continue
		}
		if docStart >= 0 {
			z.docs[len(z.toks)] = doc
			docStart = -1
		}
		z.toks = append(z.toks, t)
	}
	z.match = make([]int, len(z.toks))
	var open []int
	for k, t := range z.toks {
		z.match[k] = -1
		if t.kind != zigPunct {
			continue
		}
		switch z.s.src[t.start] {
		case '(', '[', '{':
			open = append(open, k)
		case ')', ']', '}':
			if len(open) > 0 {
				o := open[len(open)-1]
				z.match[o], z.match[k] = k, o
				open = open[:len(open)-1]
			}
		}
	}
	for _, k := range open {
		z.match[k] = len(z.toks)
	}
}

// zigModifiers may stand before a declaration.
var zigModifiers = map[string]bool{
	"pub": true, "export": true, "extern": true, "inline": true, "noinline": true, "threadlocal": true,
}

// zigContainers open a container's braces after "const X =".
var zigContainers = map[string]string{"struct": "struct", "enum": "enum", "union": "union", "opaque": "type"}

// level builds the items of the container whose body is tokens [i, end):
// its declarations, fields and loose statements.
func (z *zigScan) level(i, end int, parent string, prevB int, depth int) []*outlineItem {
	return z.items(i, end, prevB, func(i int) (int, *outlineItem) { return z.item(i, end, parent, depth) })
}

// items reads the items of a body from token i to end with next, which
// returns the token after the item starting at its argument, and places
// each on its lines, the first after line prevB, with its doc.
func (z *zigScan) items(i, end, prevB int, next func(i int) (int, *outlineItem)) []*outlineItem {
	var items []*outlineItem
	for i < end {
		start := i
		after, it := next(i)
		i = max(after, i+1)
		last := min(i, len(z.toks)) - 1
		it.a = min(z.s.nextCode(prevB), z.s.lineAt(z.toks[start].start))
		it.b = z.s.lineAt(z.toks[last].end - 1)
		prevB = it.b
		if it.d != nil {
			// The item's lines run from the previous item's end, the
			// declaration's from its doc or first token: a licence
			// comment above is the chunk's, not the declaration's.
			it.d.a, it.d.b = z.s.lineAt(z.toks[start].start), it.b
			if doc, ok := z.docs[start]; ok {
				it.d.doc = strings.TrimSpace(string(z.s.src[doc[0]:doc[1]]))
				it.d.docA, it.d.docB = z.s.lineAt(doc[0]), z.s.lineAt(doc[1]-1)
				it.d.a = it.d.docA
			}
		}
		items = append(items, it)
	}
	return items
}

// item reads the statement starting at token i of a container body
// ending at end, and returns the token after it.
func (z *zigScan) item(i, end int, parent string, depth int) (int, *outlineItem) {
	it := &outlineItem{}
	k := i
	for k < end && zigModifiers[z.text(k)] {
		k++
		if k < end && z.toks[k].kind == zigString { // extern "c"
			k++
		}
	}
	if k >= end {
		return end, it
	}
	switch w := z.text(k); {
	case w == "fn" && k+1 < end && z.toks[k+1].kind == zigWord:
		it.d, it.at = z.decl(i, k+1, "function", parent)
		stop := z.blockEnd(k, end)
		if open := z.returnedContainer(stop - 1); open >= 0 && it.d != nil && depth < maxSymbolDepth {
			// A generic type: fn List(comptime T: type) type { return struct {…}; }
			it.members = z.level(open+1, z.match[open], it.d.qualified(), z.s.lineAt(z.toks[open].start), depth+1)
		}
		return stop, it
	case (w == "test" || w == "comptime") && k+1 < end:
		if w == "test" && k+2 < end && (z.toks[k+1].kind == zigString || z.toks[k+1].kind == zigWord) && z.is(k+2, "{") {
			it.d, it.at = z.decl(i, k+1, "test", parent)
		}
		return z.blockEnd(k, end), it
	case (w == "const" || w == "var") && k+1 < end && z.toks[k+1].kind == zigWord:
		it.d, it.at = z.decl(i, k+1, w, parent)
		stop := z.statementEnd(k, end, ";")
		if it.d != nil && (depth == 0 || z.fileStruct && depth == 1) {
			if _, ok := zigImportPath(it.d.sig); ok {
				it.imports = true // const std = @import("std");
				return stop, it
			}
		}
		if body := z.containerBody(k+2, stop); body >= 0 && it.d != nil {
			it.d.kind = zigContainers[z.text(body)]
			if open := z.openBrace(body, stop); open >= 0 && depth < maxSymbolDepth {
				it.members = z.level(open+1, z.match[open], it.d.qualified(), z.s.lineAt(z.toks[open].start), depth+1)
			}
		}
		return stop, it
	case z.toks[k].kind == zigWord && parent != "" && (z.is(k+1, ":") || z.is(k+1, ",") || z.is(k+1, "=") || k+1 == end):
		// A field ("len: usize = 0,") or an enum's value ("red,").
		it.d, it.at = z.decl(i, k, "field", parent)
		stop := z.statementEnd(k, end, ",")
		if it.d != nil && z.is(k+1, ":") {
			if t := z.typeAt(k+2, stop); t == "Self" {
				it.d.typ = lastSegment(parent) // next: ?*Self
			} else {
				it.d.typ = t
			}
		}
		return stop, it
	}
	return z.statementEnd(k, end, ";,"), it
}

// decl makes the declaration named by token name of the statement whose
// signature starts at token i.
func (z *zigScan) decl(i, name int, kind, parent string) (*decl, int) {
	z.named[name] = true
	n := z.text(name)
	if z.toks[name].kind == zigString || strings.HasPrefix(n, `@"`) {
		n = strings.Trim(strings.TrimPrefix(n, "@"), `"`)
	}
	if strings.TrimSpace(n) == "" {
		return nil, 0 // test "" or @"": nothing to name
	}
	start := z.toks[i].start
	end := start + int(codeLineEnd(z.s.src[start:min(len(z.s.src), start+maxSignatureScan)])) // `pub fn parse(` and its parameters' lines
	sig := strings.TrimRight(headerText(z.s.src, uint32(start), uint32(end)), " {;=")
	at := z.toks[name].start
	if n != z.text(name) {
		at = strings.Index(string(z.s.src[at:z.toks[name].end]), n) + at // inside the quotes
	}
	return &decl{name: n, kind: kind, parent: parent, sig: sig}, at
}

// statementEnd returns the token after the statement starting at k: after
// the first of ends (";" or ",") at the container's depth, skipping
// bracketed parts, or end.
func (z *zigScan) statementEnd(k, end int, ends string) int {
	for k < end {
		t := z.toks[k]
		if t.kind == zigPunct {
			c := z.s.src[t.start]
			if strings.IndexByte(ends, c) >= 0 {
				return k + 1
			}
			if c == '(' || c == '[' || c == '{' {
				k = z.match[k] + 1
				continue
			}
		}
		k++
	}
	return end
}

// blockEnd returns the token after a fn, test or comptime statement
// starting at k: after the "}" of its first block, or its ";" when it has
// none (an extern prototype).
func (z *zigScan) blockEnd(k, end int) int {
	for k < end {
		t := z.toks[k]
		if t.kind == zigPunct {
			switch z.s.src[t.start] {
			case ';':
				return k + 1
			case '{':
				if z.is(k-1, "error") || zigContainers[z.text(k-1)] != "" {
					k = z.match[k] + 1 // a return type: error{OutOfMemory}!void
					continue
				}
				return min(z.match[k]+1, end)
			case '(', '[':
				k = z.match[k] + 1
				continue
			}
		}
		k++
	}
	return end
}

// returnedContainer returns the "{" of the container a function body
// returns ("return struct {"), when it returns one at its top level; close
// is the body's closing brace. Otherwise -1.
func (z *zigScan) returnedContainer(close int) int {
	if close < 0 || close >= len(z.toks) || !z.is(close, "}") || z.match[close] < 0 {
		return -1
	}
	open := z.match[close]
	for k := open + 1; k < close; k++ {
		if z.toks[k].kind == zigPunct && strings.IndexByte("([{", z.s.src[z.toks[k].start]) >= 0 {
			k = z.match[k]
			continue
		}
		if z.is(k, "return") {
			body := k + 1
			for body < close && (z.is(body, "extern") || z.is(body, "packed")) {
				body++
			}
			if body < close && zigContainers[z.text(body)] != "" {
				return z.openBrace(body, close)
			}
		}
	}
	return -1
}

// containerBody returns the struct, enum, union or opaque keyword right
// after "const X =" (with extern, packed or a type before it), or -1.
func (z *zigScan) containerBody(k, end int) int {
	if !z.is(k, "=") {
		if !z.is(k, ":") {
			return -1
		}
		for k < end && !z.is(k, "=") { // const X: type = struct {…}
			k++
		}
	}
	for k++; k < end && (z.is(k, "extern") || z.is(k, "packed")); k++ {
	}
	if k < end && zigContainers[z.text(k)] != "" && z.toks[k].kind == zigWord {
		return k
	}
	return -1
}

// openBrace returns the "{" opening the container at keyword k (after an
// enum's tag type or a union's "(enum)"), or -1.
func (z *zigScan) openBrace(k, end int) int {
	k++
	if z.is(k, "(") {
		k = z.match[k] + 1
	}
	if k < end && z.is(k, "{") {
		return k
	}
	return -1
}

// outline builds the file's items.
func (z *zigScan) outline() []*outlineItem {
	name := strings.TrimSuffix(path.Base(filepath.ToSlash(z.s.path)), ".zig")
	if !z.topLevelFields() || !validName(name) {
		return z.level(0, len(z.toks), "", -1, 0)
	}
	// A file is a struct, named by the file where it is imported
	// (const Config = @import("Config.zig")); one with fields at its
	// top level is used as one, and its functions are its methods.
	z.fileStruct = true
	last := z.s.n - 1
	for last > 0 && z.s.blank(last) {
		last--
	}
	d := &decl{name: name, kind: "struct", sig: name + ".zig", a: 0, b: last, doc: z.fileDoc()}
	return []*outlineItem{{a: 0, b: last, d: d, members: z.level(0, len(z.toks), name, -1, 1)}}
}

// topLevelFields reports a file declaring fields at its top level
// (Config.zig's `zig_exe_path: ?[]const u8 = null,`), which only a
// struct holds: a statement that opens with a name and a colon.
func (z *zigScan) topLevelFields() bool {
	start := true
	for k := 0; k < len(z.toks); k++ {
		if start && z.toks[k].kind == zigWord && !zigModifiers[z.text(k)] && z.is(k+1, ":") {
			return true
		}
		switch {
		case z.is(k, "{"):
			k = z.match[k] // a body: the statement after it starts afresh
			start = true
			continue
		case z.is(k, "(") || z.is(k, "["):
			k = z.match[k]
		}
		start = z.is(k, ";") || z.is(k, ",")
	}
	return false
}

// fileDoc is the run of //! comments opening a file: its doc, as the
// struct the file is.
func (z *zigScan) fileDoc() string {
	var lines []string
	for i := 0; i < z.s.n; i++ {
		l := strings.TrimSpace(string(z.s.line(i)))
		if !strings.HasPrefix(l, "//!") {
			if len(lines) > 0 || l != "" {
				break
			}
			continue
		}
		lines = append(lines, l)
	}
	return strings.Join(lines, "\n")
}

// zigNotCalls look like calls but are keywords.
var zigNotCalls = map[string]bool{
	"if": true, "while": true, "for": true, "switch": true, "fn": true, "return": true, "catch": true,
	"orelse": true, "try": true, "and": true, "or": true, "struct": true, "union": true, "enum": true,
}

// graph is the file's graph: its declarations and the functions it calls,
// bare or selected: from self ("self"), from a name the file declares at
// top level, such as an import ("n:std.mem" for std.mem.eql(…)), from a
// value of a type its declaration states ("t:Request"), or from another
// value ("?").
func (z *zigScan) graph(items []*outlineItem) *Graph {
	return z.graphWith(items, z.typedScopes())
}

// graphWith is the file's graph with the names scopes type.
func (z *zigScan) graphWith(items []*outlineItem, scopes []zigScope) *Graph {
	g := &Graph{Defs: outlineDefs(z.s, items)}
	top := map[string]bool{}
	if z.fileStruct && len(items) == 1 {
		items = items[0].members
	}
	for _, it := range items {
		if it.d != nil {
			top[it.d.name] = true
			if p, ok := zigImportPath(it.d.sig); ok {
				g.Imports = append(g.Imports, Import{Name: it.d.name, Path: p, Line: it.d.a + 1})
			}
		}
	}
	enclosing := enclosingDef(g.Defs)
	typed := &scopeStack{scopes: scopes}
	for k := range z.toks {
		if len(g.Refs) == maxGraphRefs {
			break
		}
		t := z.toks[k]
		if t.kind != zigWord || z.named[k] || zigNotCalls[z.text(k)] || z.text(k)[0] <= '9' {
			continue
		}
		kind, ok := z.refKind(k, top)
		if !ok {
			continue
		}
		line, col := z.s.position(t.start)
		ref := Ref{Name: z.text(k), Line: line, Col: col, Kind: kind}
		if z.is(k-1, ".") {
			ref.Recv = z.receiver(k, top, typed)
		}
		ref.Enclosing = enclosing(line)
		g.Refs = append(g.Refs, ref)
	}
	return g
}

// zigImportPath is the module a top-level `const clap = @import("clap")`
// binds: a package by its name ("std", "clap"), or a file relative to the
// importing one ("clap/parsers.zig" is "./clap/parsers").
func zigImportPath(sig string) (string, bool) {
	_, rest, ok := strings.Cut(sig, "= @import(\"")
	if !ok {
		return "", false
	}
	p, tail, ok := strings.Cut(rest, "\")")
	if !ok || strings.TrimSpace(tail) != "" || p == "" {
		return "", false
	}
	if base, ok := strings.CutSuffix(p, ".zig"); ok {
		if !strings.HasPrefix(base, "./") && !strings.HasPrefix(base, "../") {
			base = "./" + base
		}
		return base, true
	}
	return p, true
}

// refKind tells what the word at token k uses, if it uses anything the
// lexer can tell: a call before "(", a type (a capitalized name: Dart's
// and Zig's types are; one after extends, implements or with is a base),
// or a top-level name of the file passed as a value (key_value.zig's
// strHash). Any other lower-case word may be a local the lexer does not
// scope, and is left out.
func (z *zigScan) refKind(k int, top map[string]bool) (RefKind, bool) {
	w := z.text(k)
	switch {
	case z.is(k+1, "("):
		return RefCall, true
	case w[0] >= 'A' && w[0] <= 'Z':
		if z.baseListed(k) {
			return RefInherit, true
		}
		return RefType, true
	case top[w] && !z.is(k-1, "."):
		return RefOther, true
	}
	return 0, false
}

// baseListed reports whether the name at token k is a class's base: the
// one after extends, or one of an implements or with list (class A
// implements B, C).
func (z *zigScan) baseListed(k int) bool {
	j := k - 1
	for j >= 1 && k-j < 32 && z.is(j, ",") && z.toks[j-1].kind == zigWord {
		j -= 2
	}
	return z.is(j, "implements") || z.is(j, "with") || j == k-1 && z.is(j, "extends")
}

// maxReceiverWords bounds the selections read back from a call.
const maxReceiverWords = 16

// receiver encodes what the call at token k, after a ".", selects from:
// "self", a top-level name ("n:std.mem"), a value of a type a parameter
// or local states ("t:Request", with the members selected on the way:
// "t:Server .router"), or "?".
func (z *zigScan) receiver(k int, top map[string]bool, typed *scopeStack) string {
	var chain []string // last first
	for j := k - 2; j >= 0 && z.toks[j].kind == zigWord && len(chain) < maxReceiverWords; j -= 2 {
		chain = append(chain, z.text(j))
		if !z.is(j-1, ".") {
			break
		}
	}
	slices.Reverse(chain)
	if len(chain) == 0 {
		return "?"
	}
	var base string
	switch t := typed.typeOf(k, chain[0]); { // a parameter or local shadows a top-level name
	case t == "Self" || t == "" && chain[0] == z.self:
		base = "self"
	case t != "":
		base = "t:" + t
	case top[chain[0]] || z.bareFields && len(chain) == 1:
		return "n:" + strings.Join(chain, ".")
	default:
		return "?"
	}
	for _, sel := range chain[1:] {
		base += " ." + sel // self.router.dispatch(): "self .router"
	}
	return base
}
