package chunker

import (
	"bytes"
	"iter"
	"slices"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
)

// langSpec holds the chunking rules of one language.
type langSpec struct {
	// comments are the comment node types.
	comments map[string]bool
	// attachments are non-comment nodes that belong to the declaration
	// below them (attributes, decorators); isAttachment marks those the
	// type alone does not identify.
	attachments  map[string]bool
	isAttachment func(n *sitter.Node) bool
	// docPrefixes mark comments that are documentation; empty means every
	// comment directly above a declaration documents it.
	docPrefixes []string
	// noCommentDocs: the language documents with docstrings (Python), so a
	// comment above a declaration stays in its chunk but is not its Doc.
	noCommentDocs bool
	// directives are machine-read comments ("//go:noinline") that are not
	// documentation even when they sit in a doc comment block.
	directives []string
	// imports are node types that form the file's header.
	imports map[string]bool
	// isImport marks header nodes that the type alone does not identify
	// (Ruby's require calls).
	isImport func(c *coder, n *sitter.Node) bool
	// classify returns the declaration a node holds, or nil.
	classify func(c *coder, n *sitter.Node, parent string) *decl
	// passthrough are wrapper node types whose children count as items
	// of the container holding them (coder.items).
	passthrough map[string]bool
	// moduleBody returns the body of a module format's wrapper (AMD's
	// `define([…], function (…) {…})`), whose statements are the
	// module's top level however few declarations it holds, or nil.
	moduleBody func(c *coder, n *sitter.Node) *sitter.Node
	// branching are statements whose branches declare at the statement's
	// own level (Python's `if sys.version_info >= …: def …`, `try: …
	// except ImportError: def …`, `with suppress(ImportError): …`): their
	// declarations name the unit holding them.
	branching map[string]bool
}

func (s *langSpec) attach(n *sitter.Node) bool {
	t := n.Type()
	return s.comments[t] || s.attachments[t] || s.isAttachment != nil && s.isAttachment(n)
}

func (s *langSpec) isDoc(comment string) bool {
	if s.noCommentDocs {
		return false
	}
	if len(s.docPrefixes) == 0 {
		return true
	}
	for _, p := range s.docPrefixes {
		if strings.HasPrefix(comment, p) {
			return true
		}
	}
	return false
}

func (s *langSpec) decl(c *coder, n *sitter.Node, parent string) *decl {
	if s.classify == nil {
		return nil
	}
	d := s.classify(c, n, parent)
	if d == nil {
		return nil
	}
	if d.node == nil {
		d.node = n
	}
	if d.parent == "" {
		d.parent = parent
	}
	if d.kind == "function" && d.parent != "" && !c.functionScopes[d.parent] {
		d.kind = "method"
	}
	return d
}

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

func (s *langSpec) isDirective(comment string) bool {
	for _, p := range s.directives {
		if strings.HasPrefix(comment, p) {
			return true
		}
	}
	return false
}

// specs maps language names to their chunking rules.
var specs = map[string]*langSpec{}

// field returns the named child of n, tolerating a nil n.
func field(n *sitter.Node, name string) *sitter.Node {
	if n == nil {
		return nil
	}
	return n.ChildByFieldName(name)
}

// childOfType returns the first named child of n whose type is one of types.
func childOfType(n *sitter.Node, types ...string) *sitter.Node {
	if n == nil {
		return nil
	}
	for ch := range children(n, true) {
		if slices.Contains(types, ch.Type()) {
			return ch
		}
	}
	return nil
}

// findType returns the first node of one of types in n's subtree, searching
// breadth-first up to depth levels.
func findType(n *sitter.Node, depth int, types ...string) *sitter.Node {
	if n == nil {
		return nil
	}
	level := []*sitter.Node{n}
	for d := 0; d <= depth && len(level) > 0; d++ {
		var next []*sitter.Node
		for _, x := range level {
			for _, t := range types {
				if x.Type() == t {
					return x
				}
			}
			for ch := range children(x, true) {
				next = append(next, ch)
			}
		}
		level = next
	}
	return nil
}

// nameOf returns the text of n's "name" field, or of the first identifier
// found by fallbacks.
func (c *coder) nameOf(n *sitter.Node, fallbacks ...string) string {
	name, _ := c.named(c.nameNode(n, fallbacks...))
	return name
}

// nameNode returns n's "name" field, or the first node of the fallback
// types in its subtree, or nil.
func (c *coder) nameNode(n *sitter.Node, fallbacks ...string) *sitter.Node {
	if nm := field(n, "name"); nm != nil {
		return nm
	}
	if len(fallbacks) > 0 {
		return findType(n, 3, fallbacks...)
	}
	return nil
}

// named returns the text of a declaration's name node and the node as the
// declaration's names; "" and nil for no node.
func (c *coder) named(nm *sitter.Node) (string, []*sitter.Node) {
	if nm == nil {
		return "", nil
	}
	return unquotedName(oneLine(c.content(nm))), []*sitter.Node{nm}
}

// unquotedName returns a name without the backticks that let Swift,
// Kotlin and Scala declare a keyword's name (Swift's static let
// 'default' in backticks), or the quotes a JavaScript key is written in
// (typedoc's "source-order"(a, b) method), as its uses write it
// (.default, sorts["source-order"]).
func unquotedName(s string) string {
	if len(s) > 2 && (s[0] == '`' || s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}

// oneLine collapses white space so that names and signatures fit a line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// fieldTexts returns the texts of all children of n in field name.
func (c *coder) fieldTexts(n *sitter.Node, name string) []string {
	var out []string
	for _, ch := range fieldChildren(n, name) {
		out = append(out, oneLine(c.content(ch)))
	}
	return out
}

// maxSignature caps the length of a one-line signature.
const maxSignature = 240

// maxSignatureScan caps the header bytes read for a signature: far more
// than maxSignature characters even when white space collapses, and a
// bound on the work per declaration.
const maxSignatureScan = 16 * maxSignature

// signature is the declaration's header on one line: the text from the
// node's start to its body (or its first line), white space collapsed.
func (c *coder) signature(n, body *sitter.Node) string {
	if n == nil {
		return ""
	}
	end := n.EndByte()
	if body != nil && body.StartByte() > n.StartByte() {
		end = body.StartByte()
	} else {
		end = n.StartByte() + firstCodeLineEnd(c.src[n.StartByte():end])
	}
	return headerText(c.src, n.StartByte(), c.beforeComment(n, end))
}

// firstCodeLineEnd is where the header of a declaration without a body
// ends in its text: at the end of its first line, or of the first line
// after the annotations and attributes on lines of their own
// (`@Throws(IOException::class)` above `fun execute(): Response`,
// C#'s `[CLSCompliant(false)]`, an `@Deprecated(` whose arguments take
// lines), which say little without it.
func firstCodeLineEnd(text []byte) uint32 {
	if len(text) > maxSignatureScan {
		text = text[:maxSignatureScan]
	}
	off := 0
	for {
		indent := len(text[off:]) - len(bytes.TrimLeft(text[off:], " \t"))
		end := off + indent + len(leadingAnnotation(string(text[off+indent:])))
		nl := bytes.IndexByte(text[end:], '\n')
		if end == off+indent || nl < 0 || len(bytes.TrimSpace(text[end:end+nl])) > 0 ||
			len(bytes.TrimSpace(text[end+nl:])) == 0 {
			return uint32(off) + codeLineEnd(text[off:])
		}
		off = end + nl + 1
	}
}

// codeLineEnd is where a declaration's first code line ends in its text:
// at its end, or where the parameter list it opens closes.
func codeLineEnd(text []byte) uint32 {
	off, depth := 0, 0
	for {
		i := bytes.IndexByte(text[off:], '\n')
		if i < 0 {
			return uint32(len(text))
		}
		line := bytes.TrimSpace(text[off : off+i])
		if !bytes.HasSuffix(line, []byte(" (")) { // Go's `const (` opens a group, no parameters
			depth += bytes.Count(line, []byte("(")) - bytes.Count(line, []byte(")"))
		}
		if depth <= 0 || len(bytes.TrimSpace(text[off+i:])) == 0 {
			return uint32(off + i)
		}
		off += i + 1
	}
}

// headerText is the signature made of the header between two byte
// offsets: white space collapsed, an opening brace or colon dropped,
// capped at maxSignature.
func headerText(src []byte, start, end uint32) string {
	end = min(end, uint32(len(src)))
	if end <= start {
		return "" // a broken parse's body before its header
	}
	if end-start > maxSignatureScan {
		// A header of megabytes (one giant parameter list) is collapsed
		// only as far as the signature can show.
		end = start + maxSignatureScan
	}
	s := strings.Join(strings.Fields(withoutComments(string(src[start:end]))), " ")
	s = strings.TrimRight(s, " {:")
	for len(s) > maxSignature {
		// Annotations that would push the declaration itself past the
		// cap (okhttp's four-line @Deprecated(…) above `fun request()`)
		// give way to it.
		rest, ok := strings.CutPrefix(s, leadingAnnotation(s))
		if !ok || rest == s {
			break
		}
		s = strings.TrimSpace(rest)
	}
	if len(s) > maxSignature {
		s = s[:maxSignature]
		for len(s) > 0 && s[len(s)-1]&0xC0 == 0x80 {
			s = s[:len(s)-1]
		}
		if len(s) > 0 && s[len(s)-1] >= 0xC0 {
			s = s[:len(s)-1]
		}
		s += "…"
	}
	return s
}

// leadingAnnotation is the annotation or attribute s starts with
// (`@Deprecated(…)`, `@get:JvmName("code")`, C#'s `[Obsolete(…)]`,
// Rust's `#[…]`), or "".
func leadingAnnotation(s string) string {
	i := 0
	switch {
	case strings.HasPrefix(s, "@"):
		i = 1
		for i < len(s) && (isIdentByte(s[i]) || s[i] == '.' || s[i] == ':') {
			i++
		}
		if i == len(s) || s[i] != '(' {
			return s[:i]
		}
	case strings.HasPrefix(s, "#["):
		i = 1
	case strings.HasPrefix(s, "["):
	default:
		return ""
	}
	depth := 0
	for ; i < len(s); i++ {
		switch s[i] {
		case '(', '[':
			depth++
		case ')', ']':
			if depth--; depth == 0 {
				return s[:i+1]
			}
		}
	}
	return ""
}

// withoutComments drops the comments inside a declaration's header: a
// Kotlin primary constructor's parameters carry their KDoc (`class
// Response internal constructor( /** The request that initiated … */`),
// which filled the signature. A comment marker inside a string literal
// (`@Deprecated("see http://…")`) is kept.
func withoutComments(h string) string {
	if !strings.Contains(h, "/*") && !strings.Contains(h, "//") {
		return h
	}
	var b strings.Builder
	quote := byte(0)
	for i := 0; i < len(h); i++ {
		c := h[i]
		switch {
		case quote != 0:
			if c == '\\' && i+1 < len(h) {
				b.WriteByte(c)
				i++
				c = h[i]
			} else if c == quote || c == '\n' {
				quote = 0
			}
		case c == '"' || c == '\'' || c == '`':
			quote = c
		case c == '/' && i+1 < len(h) && h[i+1] == '*':
			if end := strings.Index(h[i+2:], "*/"); end >= 0 {
				i += 2 + end + 1
				b.WriteByte(' ')
				continue
			}
		case c == '/' && i+1 < len(h) && h[i+1] == '/' && (i == 0 || h[i-1] == ' ' || h[i-1] == '\t' || h[i-1] == ',' || h[i-1] == '('):
			for i < len(h) && h[i] != '\n' {
				i++
			}
			b.WriteByte(' ')
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// beforeComment returns where the first comment among n's children
// before byte end starts, or end. tree-sitter-ruby keeps a module's doc
// comment between its name and its body; it is not part of the signature.
func (c *coder) beforeComment(n *sitter.Node, end uint32) uint32 {
	count := int(n.ChildCount())
	for i := 0; i < count; i++ {
		ch := n.Child(i)
		if ch == nil || ch.StartByte() >= end {
			break
		}
		if ch.StartByte() > n.StartByte() && c.spec.comments[ch.Type()] {
			return ch.StartByte()
		}
	}
	return end
}

// joinNames joins declared names, capped like merged symbols.
func joinNames(names []string) string {
	if len(names) > maxMergedNames {
		names = append(names[:maxMergedNames:maxMergedNames], "…")
	}
	return strings.Join(names, ", ")
}

// cursorMinChildren is the child count from which children walks a
// node's children with a tree cursor instead of fetching them by index:
// tree-sitter finds child i by walking from the first, so a loop over
// Child(i) is quadratic in the count (a Python file of 64k comment lines
// took 45 s to chunk), while a cursor costs an allocation that small
// nodes do not repay.
const cursorMinChildren = 32

// children yields n's children in order, or only its named ones, in one
// pass.
func children(n *sitter.Node, namedOnly bool) iter.Seq[*sitter.Node] {
	return func(yield func(*sitter.Node) bool) {
		if n == nil {
			return
		}
		wanted := func(ch *sitter.Node) bool { return ch != nil && (!namedOnly || ch.IsNamed()) }
		if count := int(n.ChildCount()); count < cursorMinChildren {
			for i := 0; i < count; i++ {
				if ch := n.Child(i); wanted(ch) && !yield(ch) {
					return
				}
			}
			return
		}
		cur := sitter.NewTreeCursor(n)
		defer cur.Close()
		for ok := cur.GoToFirstChild(); ok; ok = cur.GoToNextSibling() {
			if ch := cur.CurrentNode(); wanted(ch) && !yield(ch) {
				return
			}
		}
	}
}

// fieldChildren returns n's children in field name, in one pass:
// FieldNameForChild(i), like Child(i), walks from the first child.
func fieldChildren(n *sitter.Node, name string) []*sitter.Node {
	var out []*sitter.Node
	if count := int(n.ChildCount()); count < cursorMinChildren {
		for i := 0; i < count; i++ {
			if n.FieldNameForChild(i) == name {
				out = append(out, n.Child(i))
			}
		}
		return out
	}
	cur := sitter.NewTreeCursor(n)
	defer cur.Close()
	for ok := cur.GoToFirstChild(); ok; ok = cur.GoToNextSibling() {
		if cur.CurrentFieldName() == name {
			out = append(out, cur.CurrentNode())
		}
	}
	return out
}
