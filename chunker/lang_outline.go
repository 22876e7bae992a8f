package chunker

// Some languages are chunked by a lexer of their own instead of a
// tree-sitter grammar: SQL and Elixir, whose grammars do not fit the
// binary (docs/release.md), and Zig, Haskell, Dart and Perl, which the
// binding has none for. A lexer finds the file's items (declarations with their
// doc, and loose code) and, for containers such as modules, their
// members: an outline. The coder then merges and splits the outline's
// items as it does a tree's.

// lexedLang chunks and outlines the files of one lexed language.
type lexedLang struct {
	// split chunks a file and, with withGraph, extracts its graph.
	split func(s *source, budget int, withGraph bool) ([]span, *Graph)
	// symbols lists the file's declarations in file order.
	symbols func(s *source) []Symbol
}

// lexedLanguages are the languages chunked without a grammar.
var lexedLanguages = map[string]lexedLang{
	"sql":     {split: splitSQL, symbols: sqlSymbols},
	"elixir":  outlined(func(s *source) outliner { return scanElixir(s) }),
	"zig":     outlined(func(s *source) outliner { return scanZig(s) }),
	"haskell": outlined(func(s *source) outliner { return scanHaskell(s) }),
	"dart":    outlined(func(s *source) outliner { return scanDart(s) }),
	"perl":    outlined(func(s *source) outliner { return scanPerl(s) }),
}

// outliner is a lexed file that outlines itself and makes its graph.
type outliner interface {
	outline() []*outlineItem
	graph(items []*outlineItem) *Graph
}

// outlined is the language whose files scan reads: chunked by their
// outline, and listed by its declarations.
func outlined(scan func(s *source) outliner) lexedLang {
	return lexedLang{
		split: func(s *source, budget int, withGraph bool) ([]span, *Graph) {
			o := scan(s)
			items := o.outline()
			c := newCoder(s, lexedSpec, budget)
			c.emitOutline(items)
			if !withGraph {
				return c.out, nil
			}
			return c.out, o.graph(items)
		},
		symbols: func(s *source) []Symbol { return outlineSymbols(scan(s).outline()) },
	}
}

// lexTok is a lexer's token: its kind and bytes [start, end).
type lexTok[K ~uint8] struct {
	kind       K
	start, end int
}

// lexAll returns the tokens of src, white space skipped: next reads the
// token at i, which is not white space, and returns its kind and end. An
// end not past i is taken as i+1, so the scan always moves on.
func lexAll[K ~uint8](src []byte, next func(i int) (K, int)) []lexTok[K] {
	var toks []lexTok[K]
	for i := 0; i < len(src); {
		switch src[i] {
		case ' ', '\t', '\r', '\n':
			i++
			continue
		}
		kind, end := next(i)
		end = max(end, i+1)
		toks = append(toks, lexTok[K]{kind, i, end})
		i = end
	}
	return toks
}

// nestedComment returns the end of the block comment at i that opens
// with opener and closes with closer ("{-" and "-}" in Haskell, "/*" and
// "*/" in Dart), each two bytes, and nests.
func nestedComment(src []byte, i int, opener, closer string) int {
	depth := 0
	for j := i; j+1 < len(src); j++ {
		switch {
		case src[j] == opener[0] && src[j+1] == opener[1]:
			depth++
			j++
		case src[j] == closer[0] && src[j+1] == closer[1]:
			depth--
			j++
			if depth == 0 {
				return j + 1
			}
		}
	}
	return len(src)
}

// lexedSpec is the spec of the outline languages, whose chunks need
// nothing of a grammar's.
var lexedSpec = &langSpec{}

// outlineItem is one item of a lexed file: a declaration and the lines it
// spans with its doc, or loose code (d nil). A container's members are its
// items one level in.
type outlineItem struct {
	a, b    int   // lines, 0-based and inclusive
	d       *decl // nil for loose code
	at      int   // byte offset of the declared name, for the graph
	members []*outlineItem
	// imports marks an import that a language writes as a declaration
	// (Zig's const std = @import("std")): d names what it binds, for the
	// graph's imports, but it is no declaration of the file's own.
	imports bool
}

// emitOutline chunks a list of items at one level: small items merge
// with their neighbours as a tree's do, and a container over the budget
// is opened into its head and members.
func (c *coder) emitOutline(items []*outlineItem) {
	c.emitMembers(nil, items)
}

// emitMembers is emitOutline after a container's head, which the loose
// items after it join.
func (c *coder) emitMembers(head *unit, items []*outlineItem) {
	var run []unit
	if head != nil {
		run = append(run, *head)
	}
	for _, it := range items {
		if c.exhausted() {
			return
		}
		if len(it.members) > 0 && c.tokens(it.a, it.b) > c.budget {
			c.emit(run)
			run = run[:0]
			c.emitContainer(it)
			continue
		}
		run = append(run, it.unit())
	}
	c.emit(run)
}

// unit is the item as one unit of chunking. Loose code holding
// declarations is described by them.
func (it *outlineItem) unit() unit {
	u := unit{a: it.a, b: it.b, imports: it.imports}
	if it.imports {
		return u
	}
	if it.d != nil {
		u.ds = []*decl{it.d}
		return u
	}
	for _, m := range it.members {
		if m.d != nil {
			u.ds = append(u.ds, m.d)
		}
	}
	return u
}

// emitContainer chunks a container over the budget: its head (the lines
// before its first member, which loose members such as a module's doc
// join) keeps a chunk of its own, each member is chunked as an item, and
// finishMembers places the closing lines and names the loose chunks, as
// for a tree's class. Loose code holding
// declarations is opened the same way, its head merging like any code.
func (c *coder) emitContainer(it *outlineItem) {
	first := len(c.out)
	members := it.members
	head := unit{a: it.a, b: members[0].a - 1, opened: true}
	if it.d != nil {
		head.ds, head.header = []*decl{it.d}, true
	}
	for head.b > head.a && c.blank(head.b) {
		head.b--
	}
	if head.b < head.a || (it.d != nil && members[0].d != nil && c.tokens(head.a, head.b) < c.budget/bareHeaderDivisor) {
		// A bare "defmodule X do" line opens the first member's chunk (a
		// module's doc is a member, below the line).
		m := *members[0]
		m.a = it.a
		c.emitMembers(nil, append([]*outlineItem{&m}, members[1:]...))
	} else {
		c.emitMembers(&head, members)
	}
	d := it.d
	if d == nil {
		d = &decl{} // no name to give the loose chunks
	}
	c.finishMembers(unit{a: it.a, b: it.b}, d, first)
}

// lastItem is the last of items, or nil.
func lastItem(items []*outlineItem) *outlineItem {
	if len(items) == 0 {
		return nil
	}
	return items[len(items)-1]
}

// walkOutline calls visit for every declaration of items, members after
// their container, in file order.
func walkOutline(items []*outlineItem, visit func(it *outlineItem)) {
	for _, it := range items {
		if it.d != nil && !it.imports {
			visit(it)
		}
		walkOutline(it.members, visit)
	}
}

// outlineSymbols lists the declarations of an outline.
func outlineSymbols(items []*outlineItem) []Symbol {
	var out []Symbol
	walkOutline(items, func(it *outlineItem) { out = append(out, it.d.symbol()) })
	return out
}

// outlineDefs returns the graph's definitions of an outline, and for each
// the lines it spans, so that references can find their enclosing one.
func outlineDefs(s *source, items []*outlineItem) []Def {
	var defs []Def
	walkOutline(items, func(it *outlineItem) { defs = append(defs, it.d.graphDef(s, it.at)) })
	return defs
}

// graphDef is a lexed declaration as the graph's definition, its name at
// byte offset at.
func (d *decl) graphDef(s *source, at int) Def {
	line, col := s.position(at)
	def := Def{Name: d.name, Kind: d.kind, Parent: d.parent, Line: line, Col: col,
		StartLine: d.a + 1, EndLine: d.b + 1, Signature: d.sig, Doc: docLine(d.doc)}
	if d.typ != "" {
		def.Type = "t:" + d.typ
	}
	return def
}

// enclosingDef returns a function giving, for lines in increasing order,
// the index in defs of the innermost definition spanning the line, or -1.
// defs are in file order with members after their container, so nested
// spans form a stack.
func enclosingDef(defs []Def) func(line int) int32 {
	var stack []int32
	next := 0
	return func(line int) int32 {
		for next < len(defs) && defs[next].StartLine <= line {
			for len(stack) > 0 && defs[stack[len(stack)-1]].EndLine < defs[next].StartLine {
				stack = stack[:len(stack)-1]
			}
			stack = append(stack, int32(next))
			next++
		}
		for len(stack) > 0 && defs[stack[len(stack)-1]].EndLine < line {
			stack = stack[:len(stack)-1]
		}
		if len(stack) == 0 {
			return -1
		}
		return stack[len(stack)-1]
	}
}
