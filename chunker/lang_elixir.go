package chunker

import (
	"bytes"
	"strings"
)

// Elixir has no grammar here: smacker's adds 1.6 MB to a binary with
// 0.25 MB left under its size limit (docs/release.md). Its structure is
// plain to a lexer, though: blocks open with "do" or "fn" and close with
// "end", and a module's functions are the statements one block in. The
// lexer skips strings, heredocs, sigils, charlists, char literals, atoms
// and comments, so a "do" or "end" inside them counts for nothing; a
// statement starts on a new line outside brackets, unless the line before
// ends with an operator or comma or the line opens with one (a pipeline's
// "|>", a "do:" under its "def"). defmodule, defprotocol and defimpl are
// containers; def, defp, defmacro, defguard and defdelegate their
// functions, with the @doc, @spec and other attributes and comments above
// them; @type declares a type.

// exKind tells the lexer's tokens apart.
type exKind uint8

const (
	exWord    exKind = iota + 1 // identifier or alias, with a trailing ? or !
	exKey                       // keyword key: "do:" in "def f(x), do: x"
	exAtom                      // :name, :"quoted"
	exString                    // strings, heredocs, charlists, sigils, ?c
	exComment                   // # ...
	exNumber                    // 1_000, 0x1F, 1.5e3
	exPunct                     // one byte of anything else
)

// exTok is one of its tokens.
type exTok = lexTok[exKind]

// lexElixir returns the tokens of src. Each token is found by one forward
// scan from its first byte, and an unclosed string, heredoc or sigil runs
// to the end of src, so lexing is linear whatever the bytes.
func lexElixir(src []byte) []exTok {
	n := len(src)
	return lexAll(src, func(i int) (exKind, int) {
		c := src[i]
		switch {
		case c == '#':
			return exComment, lineEnd(src, i)
		case c == '"' || c == '\'':
			return exString, exQuoted(src, i)
		case c == '~' && i+1 < n && exLetter(src[i+1]):
			return exString, exSigil(src, i)
		case c == '?' && i+1 < n:
			end := i + 2
			if src[i+1] == '\\' && end < n {
				end++
			}
			return exString, end
		case c == ':' && i+1 < n && (exIdentStart(src[i+1]) || src[i+1] == '"' || src[i+1] == '\''):
			end := i + 1
			if src[end] == '"' || src[end] == '\'' {
				end = exQuoted(src, end)
			} else {
				end = exIdentEnd(src, end)
			}
			return exAtom, end
		case exIdentStart(c):
			end := exIdentEnd(src, i)
			if end+1 < n && src[end] == ':' && src[end+1] != ':' {
				return exKey, end + 1
			}
			return exWord, end
		case c >= '0' && c <= '9':
			end := i + 1
			for end < n && (exIdentChar(src[end]) || src[end] == '.' && end+1 < n && src[end+1] >= '0' && src[end+1] <= '9') {
				end++
			}
			return exNumber, end
		default:
			return exPunct, i + 1
		}
	})
}

func exLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// exIdentStart: Elixir identifiers may use any Unicode letter.
func exIdentStart(c byte) bool { return exLetter(c) || c == '_' || c >= 0x80 }

func exIdentChar(c byte) bool { return exIdentStart(c) || c >= '0' && c <= '9' }

// exIdentEnd returns the end of the identifier at i, with its ? or !.
func exIdentEnd(src []byte, i int) int {
	for i < len(src) && exIdentChar(src[i]) {
		i++
	}
	if i < len(src) && (src[i] == '?' || src[i] == '!') {
		i++
	}
	return i
}

// exQuoted returns the end of the string, charlist or heredoc opened by
// the quote at i.
func exQuoted(src []byte, i int) int {
	q := src[i]
	if i+2 < len(src) && src[i+1] == q && src[i+2] == q {
		return exHeredoc(src, i+3, q)
	}
	return exDelimited(src, i+1, q, true)
}

// exHeredoc returns the end of a heredoc whose opening quotes end at i:
// three quotes first on a later line.
func exHeredoc(src []byte, i int, q byte) int {
	closer := []byte{q, q, q}
	for {
		j := bytes.Index(src[i:], closer)
		if j < 0 {
			return len(src)
		}
		at := i + j
		k := at - 1
		for k >= 0 && (src[k] == ' ' || src[k] == '\t') {
			k--
		}
		if k >= 0 && src[k] == '\n' {
			return at + 3
		}
		i = at + 1
	}
}

// exDelimited returns the end of a literal whose body starts at i and
// ends at close: backslashes escape, and with interp "#{…}" may hold
// code, strings included, up to its matching brace.
func exDelimited(src []byte, i int, close byte, interp bool) int {
	for n := len(src); i < n; i++ {
		switch c := src[i]; {
		case c == '\\':
			i++
		case c == close:
			return i + 1
		case interp && c == '#' && i+1 < n && src[i+1] == '{':
			i = exInterpolation(src, i+2) - 1
		}
	}
	return len(src)
}

// exInterpolation returns the end of an interpolation whose code starts
// at i, after its closing brace. Strings inside are skipped without
// interpolations of their own.
func exInterpolation(src []byte, i int) int {
	depth := 1
	for n := len(src); i < n; i++ {
		switch src[i] {
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return i + 1
			}
		case '"':
			i = exDelimited(src, i+1, '"', false) - 1
		}
	}
	return len(src)
}

// exSigilClosers pairs each sigil delimiter with its closer.
var exSigilClosers = map[byte]byte{'/': '/', '|': '|', '"': '"', '\'': '\'', '(': ')', '[': ']', '{': '}', '<': '>'}

// exSigil returns the end of the sigil at i ("~r/a+/i", `~S"""…"""`),
// modifiers included; a "~" without a delimiter after its letters is an
// operator.
func exSigil(src []byte, i int) int {
	j := i + 1
	for j < len(src) && exLetter(src[j]) {
		j++
	}
	if j >= len(src) {
		return i + 1
	}
	closer, ok := exSigilClosers[src[j]]
	if !ok {
		return i + 1
	}
	var end int
	if (src[j] == '"' || src[j] == '\'') && j+2 < len(src) && src[j+1] == src[j] && src[j+2] == src[j] {
		end = exHeredoc(src, j+3, src[j])
	} else {
		end = exDelimited(src, j+1, closer, src[i+1] >= 'a' && src[i+1] <= 'z')
	}
	for end < len(src) && exLetter(src[end]) {
		end++
	}
	return end
}

// exScan is one Elixir file's tokens and statements.
type exScan struct {
	s    *source
	toks []exTok
	// stmts are the statements, by their first token, in file order;
	// depth is the number of blocks open before it.
	stmts []exStmt
	// named holds the tokens that name declarations, once outlined.
	named map[int]bool
}

// exStmt is a statement: its first token, its block depth, the line of
// its last token, and the index of the next statement at its depth or
// shallower (len(stmts) for none).
type exStmt struct {
	tok   int
	depth int
	last  int
	next  int
}

func (x *exScan) text(t exTok) string { return string(x.s.src[t.start:t.end]) }

// word reports whether token k is the word w.
func (x *exScan) word(k int, w string) bool {
	t := x.toks[k]
	return t.kind == exWord && t.end-t.start == len(w) && string(x.s.src[t.start:t.end]) == w
}

// punct reports whether token k is the byte c.
func (x *exScan) punct(k int, c byte) bool {
	return k >= 0 && k < len(x.toks) && x.toks[k].kind == exPunct && x.s.src[x.toks[k].start] == c
}

// selected reports whether token k follows a "." (foo.end, Map.do), which
// makes a keyword a name.
func (x *exScan) selected(k int) bool {
	return k > 0 && x.punct(k-1, '.') && x.toks[k-1].end == x.toks[k].start
}

// exContinuationWords carry a statement over to the next line.
var exContinuationWords = map[string]bool{"and": true, "or": true, "when": true, "in": true, "not": true}

// continues reports whether the token cur, first on its line, continues
// the statement whose last token was prev rather than starting one.
func (x *exScan) continues(prev, cur int) bool {
	if prev < 0 {
		return false
	}
	p, t := x.toks[prev], x.toks[cur]
	switch {
	case p.kind == exPunct && strings.IndexByte(")]}", x.s.src[p.start]) < 0,
		p.kind == exKey,
		p.kind == exWord && exContinuationWords[x.text(p)]:
		return true
	case t.kind == exPunct && strings.IndexByte("|.+-*/<>=!^\\", x.s.src[t.start]) >= 0,
		t.kind == exKey,
		t.kind == exWord && exContinuationWords[x.text(t)]:
		return true
	}
	return false
}

// scanElixir lexes a file and finds its statements.
func scanElixir(s *source) *exScan {
	x := &exScan{s: s, toks: lexElixir(s.src)}
	depth, brackets, line, prev, prevLine := 0, 0, 0, -1, -1
	for k, t := range x.toks {
		if t.kind == exComment {
			continue
		}
		for s.start[line+1] <= t.start {
			line++
		}
		if line != prevLine && brackets == 0 && !x.continues(prev, k) {
			x.stmts = append(x.stmts, exStmt{tok: k, depth: depth})
		}
		end := line
		if bytes.IndexByte(s.src[t.start:t.end], '\n') >= 0 {
			end = s.lineAt(t.end - 1) // a heredoc: what follows on its last line continues
		}
		if n := len(x.stmts); n > 0 {
			x.stmts[n-1].last = end
		}
		switch {
		case t.kind == exWord && !x.selected(k) && (x.word(k, "do") || x.word(k, "fn")):
			depth++
		case t.kind == exWord && !x.selected(k) && x.word(k, "end"):
			depth = max(0, depth-1)
		case t.kind == exPunct && strings.IndexByte("([{", s.src[t.start]) >= 0:
			brackets++
		case t.kind == exPunct && strings.IndexByte(")]}", s.src[t.start]) >= 0:
			brackets = max(0, brackets-1)
		}
		prev, prevLine = k, end
	}
	x.spanStatements()
	return x
}

// spanStatements extends each statement's last line over the statements
// nested in it: a statement runs until the next one at its depth or
// shallower, so it ends where the statement before that one ends.
func (x *exScan) spanStatements() {
	var open []int
	close := func(depth, before int) {
		for len(open) > 0 && x.stmts[open[len(open)-1]].depth >= depth {
			o := open[len(open)-1]
			x.stmts[o].last = max(x.stmts[o].last, x.stmts[before].last)
			x.stmts[o].next = before + 1
			open = open[:len(open)-1]
		}
	}
	for i, st := range x.stmts {
		if i > 0 {
			close(st.depth, i-1)
		}
		open = append(open, i)
	}
	if len(x.stmts) > 0 {
		close(0, len(x.stmts)-1)
	}
}

// exContainers are the declarations whose blocks hold declarations.
var exContainers = map[string]string{"defmodule": "module", "defprotocol": "protocol", "defimpl": "impl"}

// exFunctions are the declarations of functions and macros.
var exFunctions = map[string]string{
	"def": "function", "defp": "function", "defdelegate": "function",
	"defmacro": "macro", "defmacrop": "macro", "defguard": "macro", "defguardp": "macro",
}

// exTypeAttrs are the attributes that declare a type.
var exTypeAttrs = map[string]bool{"type": true, "typep": true, "opaque": true}

// exItemAttrs are the attributes that describe the function below them
// and belong in its chunk.
var exItemAttrs = map[string]bool{
	"doc": true, "spec": true, "impl": true, "deprecated": true, "since": true, "decorate": true,
	"dialyzer": true, "tag": true, "describetag": true,
}

// outline builds the file's items, and notes the tokens that name its
// declarations (which are no references).
func (x *exScan) outline() []*outlineItem {
	x.named = map[int]bool{}
	items, _ := x.level(0, len(x.stmts), "", -1, 0)
	return items
}

// level builds the items of the statements from i up to end that are one
// level in a container named parent (or the file's top level), the first
// of them after line prevB, depth containers in. It also returns the
// container's @moduledoc statement, or -1. A block of loose code that
// holds declarations ("if Code.ensure_loaded?(Jason) do defimpl …") is
// opened like a container of no name of its own.
func (x *exScan) level(i, end int, parent string, prevB int, depth int) ([]*outlineItem, int) {
	var items []*outlineItem
	moduleDoc := -1
	var pending []int // first tokens of the attribute items ending items, for a function to come
	for ; i < end; i = x.stmts[i].next {
		st := x.stmts[i]
		k := st.tok
		if x.word(k, "end") {
			continue // the container's closing line, its tail
		}
		head := x.s.lineAt(x.toks[k].start)
		it := &outlineItem{a: min(x.s.nextCode(prevB), head), b: st.last}
		prevB = it.b
		attr := x.attribute(k)
		switch w := x.text(x.toks[k]); {
		case exContainers[w] != "":
			it.d, it.at = x.container(k, x.limit(i), w, parent)
			switch {
			case it.d != nil && depth < maxSymbolDepth:
				var doc int
				it.members, doc = x.level(i+1, st.next, it.d.qualified(), head, depth+1)
				if doc >= 0 {
					x.setDoc(it.d, x.stmts[doc].tok)
				}
			case depth < maxSymbolDepth && x.holdsDecls(i):
				// A name made at compile time ("defimpl encoder, for: …"):
				// its functions are found as in loose code.
				it.members, _ = x.level(i+1, st.next, parent, head, depth+1)
			}
		case exFunctions[w] != "":
			it.d, it.at = x.function(k, x.limit(i), exFunctions[w], parent)
			if it.d != nil && depth < maxSymbolDepth {
				it.members = x.injected(i, parent, depth+1)
			}
		case exTypeAttrs[attr]:
			it.d, it.at = x.typeDecl(k, x.limit(i), parent)
		case attr == "callback" || attr == "macrocallback":
			// A behaviour's callback: what its implementations define
			// (GenStage's handle_demand).
			if it.d, it.at = x.typeDecl(k, x.limit(i), parent); it.d != nil {
				it.d.kind = "callback"
			}
		case attr == "moduledoc":
			moduleDoc = i
		case exItemAttrs[attr]:
			items = append(items, it)
			pending = append(pending, k)
			continue
		case attr == "" && depth < maxSymbolDepth && x.holdsDecls(i):
			it.members, _ = x.level(i+1, st.next, parent, head, depth+1)
		}
		if it.d != nil && (exFunctions[x.text(x.toks[k])] != "" || it.d.kind == "callback") {
			if len(pending) > 0 {
				it.a = items[len(items)-len(pending)].a
				items = items[:len(items)-len(pending)]
				for _, at := range pending {
					if x.attribute(at) == "doc" {
						x.setDoc(it.d, at)
					}
				}
			} else if prev := lastItem(items); prev != nil && prev.d != nil && prev.d.name == it.d.name &&
				prev.d.kind == it.d.kind && prev.d.parent == it.d.parent && ElixirArity(prev.d.sig) == ElixirArity(it.d.sig) {
				prev.b, prev.d.b = it.b, it.b // another clause of the same function
				continue
			}
		}
		pending = pending[:0]
		if it.d != nil {
			it.d.a, it.d.b = it.a, it.b
			if it.d.doc == "" {
				x.commentDoc(it.d, k)
			}
		}
		items = append(items, it)
	}
	return items, moduleDoc
}

// ElixirArity is the number of parameters of the clause whose head sig
// is ("defp decode_map([row | data], mapper, decoded) do": 3): a clause
// of another arity is another function in Elixir (decode_map/2 beside
// decode_map/3), which the outline does not merge into the one before it
// and navigation tells apart.
func ElixirArity(sig string) int {
	open := strings.IndexByte(sig, '(')
	if open < 0 {
		return 0
	}
	n, depth, seen := 0, 0, false
	for _, c := range sig[open:] {
		switch c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth--; depth == 0 {
				if seen {
					n++
				}
				return n
			}
		case ',':
			if depth == 1 {
				n++
			}
		case ' ':
		default:
			if depth >= 1 {
				seen = true
			}
		}
	}
	return n
}

// limit is the first token after statement i's own: the next
// statement's, nested or not.
func (x *exScan) limit(i int) int {
	if i+1 < len(x.stmts) {
		return x.stmts[i+1].tok
	}
	return len(x.toks)
}

// injected returns the declarations a function's quote blocks hold
// ("defmacro __using__(_) do quote do def broadcast(…) … end end"): the
// functions a module gets by "use", members of the module that injects
// them, as Elixir's tools list them.
func (x *exScan) injected(i int, parent string, depth int) []*outlineItem {
	var out []*outlineItem
	for j := i + 1; j < x.stmts[i].next; j = x.stmts[j].next {
		if x.word(x.stmts[j].tok, "quote") && x.holdsDecls(j) {
			items, _ := x.level(j+1, x.stmts[j].next, parent, x.s.lineAt(x.toks[x.stmts[j].tok].start), depth)
			out = append(out, items...)
		}
	}
	return out
}

// holdsDecls reports whether a statement directly holds a declaration:
// a container or function one block in.
func (x *exScan) holdsDecls(i int) bool {
	for j := i + 1; j < x.stmts[i].next; j = x.stmts[j].next {
		w := x.text(x.toks[x.stmts[j].tok])
		if exContainers[w] != "" || exFunctions[w] != "" {
			return true
		}
	}
	return false
}

// attribute returns the name of the attribute statement starting at token
// k ("doc" for "@doc …"), or "".
func (x *exScan) attribute(k int) string {
	if x.punct(k, '@') && k+1 < len(x.toks) && x.toks[k+1].start == x.toks[k].end && x.toks[k+1].kind == exWord {
		return x.text(x.toks[k+1])
	}
	return ""
}

// setDoc sets d's doc to the text of the @doc or @moduledoc attribute
// statement starting at token k; "@doc false" leaves it empty.
func (x *exScan) setDoc(d *decl, k int) {
	if k+2 >= len(x.toks) || x.toks[k+2].kind != exString {
		return
	}
	t := x.toks[k+2]
	d.doc = exStringText(x.s.src[t.start:t.end])
	d.docA, d.docB = x.s.lineAt(x.toks[k].start), x.s.lineAt(t.end-1)
}

// exQuotes open string literals, longest first.
var exQuotes = []string{`"""`, `'''`, `"`, `'`}

// exStringText is a string literal's text without its quotes or sigil.
func exStringText(lit []byte) string {
	t := string(lit)
	if strings.HasPrefix(t, "~") && len(t) > 2 {
		t = strings.TrimLeft(t[1:], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
	}
	for _, q := range exQuotes {
		if strings.HasPrefix(t, q) {
			t = strings.TrimPrefix(t, q)
			if i := strings.LastIndex(t, q); i >= 0 {
				t = t[:i]
			}
			break
		}
	}
	return strings.TrimSpace(t)
}

// commentDoc sets d's doc to the comment lines directly above the
// statement starting at token k, each alone on its line.
func (x *exScan) commentDoc(d *decl, k int) {
	line := x.s.lineAt(x.toks[k].start)
	first := k
	for j := k - 1; j >= 0 && x.toks[j].kind == exComment && x.s.lineAt(x.toks[j].start) == line-1; j-- {
		if j > 0 && x.toks[j-1].end > x.s.start[line-1] {
			break // a comment after code documents that code
		}
		first, line = j, line-1
	}
	if first == k {
		return
	}
	d.doc = strings.TrimSpace(string(x.s.src[x.toks[first].start:x.toks[k-1].end]))
	d.docA, d.docB = x.s.lineAt(x.toks[first].start), x.s.lineAt(x.toks[k-1].start)
}

// aliasAt reads the alias at token k ("Foo.Bar.Baz": capitalized words
// joined by dots), with declare marking its words as declared names
// (x.named). It returns the alias and the token after it.
func (x *exScan) aliasAt(k int, declare bool) (string, int) {
	var b strings.Builder
	for k < len(x.toks) && x.isAlias(k) {
		if declare {
			x.named[k] = true
		}
		b.WriteString(x.text(x.toks[k]))
		if !x.punct(k+1, '.') || k+2 >= len(x.toks) || x.toks[k+1].start != x.toks[k].end ||
			x.toks[k+2].start != x.toks[k+1].end || !x.isAlias(k+2) {
			return b.String(), k + 1
		}
		b.WriteByte('.')
		k += 2
	}
	return b.String(), k
}

// splitAlias splits "A.B.C" under parent P into the parent "P.A.B" and
// the name "C".
func splitAlias(parent, alias string) (string, string) {
	i := strings.LastIndexByte(alias, '.')
	if i < 0 {
		return parent, alias
	}
	if parent == "" {
		return alias[:i], alias[i+1:]
	}
	return parent + "." + alias[:i], alias[i+1:]
}

// container reads a defmodule, defprotocol or defimpl starting at token
// k. An implementation is named as the module Elixir makes of it: the
// protocol, then the type it is for ("Inspect.User" for "defimpl Inspect,
// for: User"; the enclosing module without for:).
func (x *exScan) container(k, limit int, kw, parent string) (*decl, int) {
	if k+1 >= limit || !x.isAlias(k+1) {
		return nil, 0
	}
	alias, next := x.aliasAt(k+1, true)
	at := x.toks[next-1].start // the name is the alias's last word
	if kw == "defimpl" {
		if next+2 < limit && x.punct(next, ',') && x.toks[next+1].kind == exKey &&
			x.text(x.toks[next+1]) == "for:" && x.isAlias(next+2) {
			// Named by the type it is for under its protocol
			// (`MyApp.Money` under `String.Chars`): the module Elixir
			// makes, String.Chars.MyApp.Money, is no child of a MyApp.
			target, _ := x.aliasAt(next+2, true)
			return &decl{name: target, kind: exContainers[kw], parent: alias, sig: x.signature(k, limit)}, x.toks[next+2].start
		}
		if parent == "" {
			return nil, 0
		}
		alias, parent = alias+"."+parent, "" // inside the type's own module
	}
	p, name := splitAlias(parent, alias)
	return &decl{name: name, kind: exContainers[kw], parent: p, sig: x.signature(k, limit)}, at
}

// function reads a def, defp, defmacro, defguard or defdelegate starting
// at token k. A name made at compile time ("def unquote(name)()") is no
// declaration a search can name; an operator's definition is named by the
// operator.
func (x *exScan) function(k, limit int, kind, parent string) (*decl, int) {
	if k+1 >= limit || x.toks[k+1].kind != exWord || x.word(k+1, "unquote") {
		return nil, 0
	}
	if op := x.operator(k+2, limit); op != "" {
		// An operator's definition: "def left == right".
		return &decl{name: op, kind: kind, parent: parent, sig: x.signature(k, limit)}, x.toks[k+2].start
	}
	x.named[k+1] = true
	return &decl{name: x.text(x.toks[k+1]), kind: kind, parent: parent, sig: x.signature(k, limit)}, x.toks[k+1].start
}

// exWordOperators are the operators written as words.
var exWordOperators = map[string]bool{"and": true, "or": true, "in": true}

// operator returns the operator at token k when it stands between two
// operands ("==" in "left == right"), or "".
func (x *exScan) operator(k, limit int) string {
	if k+1 < limit && exWordOperators[x.text(x.toks[k])] && x.toks[k].kind == exWord && x.toks[k+1].kind == exWord {
		return x.text(x.toks[k])
	}
	j := k
	for j < limit && x.toks[j].kind == exPunct && strings.IndexByte("(),[]{}", x.s.src[x.toks[j].start]) < 0 &&
		(j == k || x.toks[j].start == x.toks[j-1].end) {
		j++
	}
	if j == k || j >= limit || x.toks[j].kind != exWord {
		return ""
	}
	return string(x.s.src[x.toks[k].start:x.toks[j-1].end])
}

// typeDecl reads an @type, @typep or @opaque attribute starting at token
// k; limit is the next statement's first token, as for the others.
func (x *exScan) typeDecl(k, limit int, parent string) (*decl, int) {
	if k+2 >= limit || x.toks[k+2].kind != exWord {
		return nil, 0
	}
	x.named[k+2] = true
	end := lineEnd(x.s.src, x.toks[k].start)
	sig := headerText(x.s.src, uint32(x.toks[k].start), uint32(end))
	return &decl{name: x.text(x.toks[k+2]), kind: "type", parent: parent, sig: sig}, x.toks[k+2].start
}

// maxSignatureTokens bounds the tokens read for a head that never
// reaches its "do".
const maxSignatureTokens = 256

// signature is the head of the declaration starting at token k, up to its
// "do" or "do:" ("def get(id) when is_integer(id)"), or its first line.
// limit is the next statement's first token.
func (x *exScan) signature(k, limit int) string {
	src := x.s.src
	start := x.toks[k].start
	end := lineEnd(src, start)
	brackets := 0
	for j := k + 1; j < limit && j <= k+maxSignatureTokens; j++ {
		t := x.toks[j]
		switch {
		case t.kind == exPunct && strings.IndexByte("([{", src[t.start]) >= 0:
			brackets++
		case t.kind == exPunct && strings.IndexByte(")]}", src[t.start]) >= 0:
			brackets--
		}
		if brackets == 0 && (x.word(j, "do") || t.kind == exKey && x.text(t) == "do:") {
			end = t.start
			break
		}
	}
	return strings.TrimRight(headerText(src, uint32(start), uint32(end)), " ,")
}

// exReserved are the special forms and keywords that look like calls
// ("if(x, do: y)") but name nothing a file declares.
var exReserved = map[string]bool{
	"if": true, "unless": true, "case": true, "cond": true, "with": true, "for": true, "receive": true,
	"try": true, "quote": true, "unquote": true, "unquote_splicing": true, "fn": true, "do": true,
	"end": true, "and": true, "or": true, "not": true, "in": true, "when": true, "super": true,
	"import": true, "alias": true, "require": true, "use": true, "__MODULE__": true,
}

// exImports are the statements whose aliases are imports.
var exImports = map[string]bool{"alias": true, "import": true, "require": true, "use": true}

// graph is the file's graph: its outline's declarations, the functions
// it calls with parentheses (bare, or selected from an alias: "n:Repo"
// for Repo.get(…)), and the modules it names, as imports after alias,
// import, require and use, as types in a struct literal (%User{}).
func (x *exScan) graph(items []*outlineItem) *Graph {
	g := &Graph{Defs: outlineDefs(x.s, items)}
	enclosing := enclosingDef(g.Defs)
	line, stmt := 0, 0
	stmtWord := ""
	for k := 0; k < len(x.toks) && len(g.Refs) < maxGraphRefs; k++ {
		t := x.toks[k]
		if t.kind != exWord || x.named[k] {
			continue
		}
		for stmt < len(x.stmts) && x.stmts[stmt].tok <= k {
			stmtWord = x.text(x.toks[x.stmts[stmt].tok])
			stmt++
		}
		for x.s.start[line+1] <= t.start {
			line++
		}
		ref := Ref{Line: line + 1, Col: t.start - x.s.start[line] + 1}
		switch {
		case x.isAlias(k) && !x.selected(k):
			alias, next := x.aliasAt(k, false)
			last := next - 1
			// A remote call's receiver (Buffer.store_temporary(…)) is a
			// use of the module too; the call is a reference of its own.
			ref.Recv, ref.Name = splitAlias("", alias)
			if ref.Recv != "" {
				ref.Recv = "n:" + ref.Recv
			}
			ref.Line, ref.Col = x.s.position(x.toks[last].start)
			switch {
			case exImports[stmtWord]:
				ref.Kind = RefImport
				if as, ok := x.aliasAs(next); ok && stmtWord == "alias" {
					g.Imports = append(g.Imports, Import{Name: as, Path: alias, Line: ref.Line})
				}
				if stmtWord == "import" {
					// `import Plug.Conn` makes the module's functions
					// callable bare, as a star import does.
					g.Imports = append(g.Imports, Import{Name: ".", Path: alias, Line: ref.Line})
				}
			case x.punct(k-1, '%') && x.toks[k-1].end == t.start:
				ref.Kind = RefType
			}
			k = last
		case x.punct(k+1, '(') && x.toks[k+1].start == t.end && !exReserved[x.text(t)]:
			ref.Name, ref.Kind = x.text(t), RefCall
			if x.selected(k) {
				ref.Recv = x.receiver(k)
			}
			if attr := x.attribute(x.stmts[stmt-1].tok); attr != "" {
				// A typespec: "@spec get(id()) :: User.t()" names its
				// function first, then types.
				if k == x.stmts[stmt-1].tok+2 {
					continue
				}
				ref.Kind = RefType
			}
		default:
			continue
		}
		ref.Enclosing = enclosing(ref.Line)
		g.Refs = append(g.Refs, ref)
	}
	return g
}

// aliasAs reads the name ", as: Name" gives the alias that ends before
// token k. Only such a name is an import of the file's: an alias without
// it is called by its own last word, which names the module wherever it
// is declared.
func (x *exScan) aliasAs(k int) (string, bool) {
	if !x.punct(k, ',') || k+2 >= len(x.toks) || x.toks[k+1].kind != exKey || x.text(x.toks[k+1]) != "as:" || !x.isAlias(k+2) {
		return "", false
	}
	as, _ := x.aliasAt(k+2, false)
	return as, true
}

// currentModule reports a receiver ending at token j that names the
// module it is written in: __MODULE__ or unquote(__MODULE__).
func (x *exScan) currentModule(j int) bool {
	word := func(i int, w string) bool {
		return i >= 0 && i < len(x.toks) && x.toks[i].kind == exWord && x.text(x.toks[i]) == w
	}
	return word(j, "__MODULE__") ||
		x.punct(j, ')') && word(j-1, "__MODULE__") && x.punct(j-2, '(') && word(j-3, "unquote")
}

// isAlias reports whether token k is a capitalized word.
func (x *exScan) isAlias(k int) bool {
	if k < 0 || k >= len(x.toks) || x.toks[k].kind != exWord {
		return false
	}
	c := x.s.src[x.toks[k].start]
	return c >= 'A' && c <= 'Z'
}

// receiver encodes what the call at token k, after a ".", selects from:
// "n:A.B" for an alias, "self" for the module the call is in
// (__MODULE__, and unquote(__MODULE__) in a quoted block), "?" for a
// value.
func (x *exScan) receiver(k int) string {
	j := k - 2 // the last word of the receiver
	if x.currentModule(j) {
		return "self"
	}
	if j >= 0 && x.toks[j].end == x.toks[k-1].start {
		if t := x.text(x.toks[j]); len(t) > 1 && t[0] == ':' && t[1] >= 'a' && t[1] <= 'z' {
			return "n:" + t // an Erlang module (:inet.port_number()), never the repository's
		}
	}
	if j < 0 || !x.isAlias(j) || x.toks[j].end != x.toks[k-1].start {
		return "?"
	}
	for j >= 2 && x.punct(j-1, '.') && x.isAlias(j-2) &&
		x.toks[j-1].end == x.toks[j].start && x.toks[j-2].end == x.toks[j-1].start {
		j -= 2
	}
	alias, _ := x.aliasAt(j, false)
	return "n:" + alias
}
