package chunker

import (
	"slices"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
)

// decl describes one declaration found in a syntax tree.
type decl struct {
	name string // plain name ("Close")
	// names are the nodes of the declared names, in order: one for most
	// declarations, several for "const a = 1, b = 2"; nil when the
	// classifier found no name node. The symbol graph places its
	// definitions at them.
	names  []*sitter.Node
	kind   string // function, method, class, struct, interface, enum, type, const, var, ...
	parent string // qualified name of the enclosing declaration, or ""
	sig    string
	doc    string
	docA   int // lines of doc when doc != ""
	docB   int
	a, b   int          // lines, attached comments included
	node   *sitter.Node // the declaration node (unwrapped from export/decorators)
	// from is the first line of a declaration whose node begins with
	// comments that a blank line parts from it (Lua's grammar puts a
	// file's header inside the first function): those lines are a unit
	// of their own. 0 when the declaration starts with its node.
	from int
	// body holds the members of a class-like declaration; nil for others.
	body *sitter.Node
	// listed holds members the outline lists but chunking does not split
	// at: a Go interface's methods, which read best together (splitting
	// big ones cost the docstring suite's raft 0.621 → 0.616 MRR@10).
	listed *sitter.Node
	// transparent marks a namespace or module: its members are named
	// without it.
	transparent bool
	// membersAt, when set, names the members' parent in place of the
	// declaration's own name: a function whose container is a function
	// nested in it (nestedParent).
	membersAt string
	// typ is the type a lexed field states ("conn: *HTTPConn" is
	// HTTPConn), which types selections through it (self.conn.close()).
	typ string
	// imported marks a declaration that binds modules only (CommonJS's
	// `const { a } = require('./a')`): its chunk is named after what
	// the file uses, while the outline and the graph, as for an import
	// statement, declare nothing.
	imported bool
}

// membersParent is the parent d's members are named under: d itself, or,
// for a transparent namespace or module, what d is named under.
func (d *decl) membersParent() string {
	if d.transparent {
		return d.parent
	}
	if d.membersAt != "" {
		return d.membersAt
	}
	return d.qualified()
}

// qualified is the name shown as a chunk's symbol: "Server.Close" for a
// method, "Close" for a function.
func (d *decl) qualified() string {
	if d.parent == "" {
		return d.name
	}
	return d.parent + "." + d.name
}

// unit is a run of whole lines holding one top-level or member item: a
// declaration with its doc comment, or loose code and comments.
type unit struct {
	a, b  int
	nodes []*sitter.Node
	ds    []*decl
	// inner are the declarations in the branches of a branching
	// statement: they name the unit's chunk, but the unit is no
	// declaration of its own.
	inner []*decl
	// parent is what the container's members are named under
	// (membersParent): a wrapper found inside the unit (big) names its
	// declarations so too.
	parent  string
	imports bool
	header  bool // the head of a split class: only loose members join it
	// opened marks the head lines of a container already split into its
	// members: it is chunked as it is, never split again, or a head that
	// still holds the container's declaration would split it forever.
	opened bool
}

// coder chunks one parsed file.
type coder struct {
	*source
	spec   *langSpec
	budget int
	out    []span
	limits
	// memo and containers, when not nil, keep the items found in each
	// container and the wrapper found in each unit (findContainer), so
	// that the symbol graph's walk over the declarations reuses what
	// chunking found instead of classifying every item again.
	memo       map[unitsKey][]unit
	containers map[containerKey]container
	// functionScopes are the parents that are functions wrapping
	// declarations (wrapperParent): a function inside one is no method.
	functionScopes map[string]bool
}

// openFunction records that the declarations found under parent are a
// function's own.
func (c *coder) openFunction(parent string) {
	if c.functionScopes == nil {
		c.functionScopes = map[string]bool{}
	}
	c.functionScopes[parent] = true
}

// container is a node findContainer found, with the class whose body it
// is, when the search went into one (a Python class under `if c:`).
type container struct {
	node  *sitter.Node
	owner *decl
	// via are the functions the search went into below the unit's own
	// declaration, outermost first (`function main() { function
	// start(argv) { function a… function b… function c… } }`): the
	// container is the last one's, its declarations main.start.a.
	via []*decl
}

// containerKey names a unit by its main node and lines, all that
// findContainer looks at.
type containerKey struct {
	main *sitter.Node
	a, b int
}

// unitsKey names the items of one container under one parent.
type unitsKey struct {
	container *sitter.Node
	parent    string
}

// rows returns the 0-based line range of a node. A node ending at column 0
// ends on the previous line.
func (c *coder) rows(n *sitter.Node) (int, int) {
	sp, ep := n.StartPoint(), n.EndPoint()
	a, b := int(sp.Row), int(ep.Row)
	// Some grammars (Lua) start nodes at the end of the previous line and
	// let them swallow trailing white space; count only the text.
	sb, eb := int(n.StartByte()), int(n.EndByte())
	if eb > len(c.src) {
		eb = len(c.src)
	}
	from := sb
	for sb < eb && isSpace(c.src[sb]) {
		if c.src[sb] == '\n' {
			a++
		}
		sb++
	}
	c.work += (sb - from) / 64
	if sb < eb {
		for eb > sb && isSpace(c.src[eb-1]) {
			if c.src[eb-1] == '\n' && !(ep.Column == 0 && eb == int(n.EndByte())) {
				b--
			}
			eb--
		}
	}
	if ep.Column == 0 && b > a {
		b--
	}
	if b >= c.n {
		b = c.n - 1
	}
	if a > b {
		a = b
	}
	if a < 0 {
		a = 0
	}
	return a, b
}

func isSpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == '\v'
}

func (c *coder) content(n *sitter.Node) string {
	return string(c.src[n.StartByte():n.EndByte()])
}

// items returns container's named children, with the children of the
// language's passthrough nodes in their place: YAML wraps a file's keys
// in a document, a block node and a mapping, and the keys are its items.
func (c *coder) items(container *sitter.Node) []*sitter.Node {
	var out []*sitter.Node
	var add func(n *sitter.Node, depth int)
	add = func(n *sitter.Node, depth int) {
		// Inside a passthrough node its own tokens are items too (a
		// conditional's "#endif" line), so that every line is in a unit.
		for ch := range children(n, depth == 0) {
			if depth < maxPassthrough && c.spec.passthrough[ch.Type()] {
				add(ch, depth+1)
				continue
			}
			out = append(out, ch)
		}
	}
	out = append(out, c.leadingComments(container)...)
	add(container, 0)
	return out
}

// leadingComments are the comments right before a declaration's body that
// the grammar leaves to the declaration node (Ruby's `(module name:
// (constant) (comment) (comment) body: (body_statement (class …)))`):
// they are above the body's first item, whose doc they are, not part of
// the declaration's head line.
func (c *coder) leadingComments(body *sitter.Node) []*sitter.Node {
	decl := body.Parent()
	if decl == nil {
		return nil
	}
	head, _ := c.rows(decl)
	var out []*sitter.Node
	for s := body.PrevSibling(); s != nil && c.spec.comments[s.Type()]; s = s.PrevSibling() {
		if a, _ := c.rows(s); a <= head {
			break
		}
		out = append(out, s)
	}
	slices.Reverse(out)
	return out
}

// maxPassthrough bounds the passthrough nodes opened inside each other.
const maxPassthrough = 4

// units lists the items of a container node (the file, a class body).
func (c *coder) units(container *sitter.Node, parent string) []unit {
	key := unitsKey{container, parent}
	if us, ok := c.memo[key]; ok {
		return slices.Clone(us)
	}
	var out []unit
	var pending []*sitter.Node // comments and attributes waiting for a declaration
	flushPending := func() {
		for _, p := range pending {
			a, b := c.rows(p)
			out = c.addUnit(out, unit{a: a, b: b, nodes: []*sitter.Node{p}})
		}
		pending = pending[:0]
	}
	for _, ch := range c.items(container) {
		if !c.spend(1) {
			break
		}
		a, b := c.rows(ch)
		if c.spec.attach(ch) {
			if len(pending) == 0 && len(out) > 0 && a <= out[len(out)-1].b {
				// A trailing comment on the line where an item ends.
				out = c.addUnit(out, unit{a: a, b: b, nodes: []*sitter.Node{ch}})
				continue
			}
			if len(pending) > 0 {
				_, pb := c.rows(pending[len(pending)-1])
				if a > pb+1 {
					flushPending()
				}
			}
			pending = append(pending, ch)
			continue
		}
		u := unit{a: a, b: b, nodes: []*sitter.Node{ch}, imports: c.spec.imports[ch.Type()]}
		if !u.imports && c.spec.isImport != nil {
			u.imports = c.spec.isImport(c, ch)
		}
		d := c.spec.decl(c, ch, parent)
		if d == nil && c.spec.branching[ch.Type()] {
			u.inner = c.branchDecls(ch, parent, 0)
		}
		if d != nil && d.from > a {
			out, u = c.detachLead(out, u, d.from, flushPending)
			a = u.a
		}
		// Attach the comments and attributes that end right above.
		k := len(pending)
		next := a
		for k > 0 {
			pa, pb := c.rows(pending[k-1])
			if pb+1 < next {
				break
			}
			k--
			next = pa
		}
		attached := pending[k:]
		pending = pending[:k]
		flushPending()
		if len(attached) > 0 {
			u.a, _ = c.rows(attached[0])
			u.nodes = append(append([]*sitter.Node{}, attached...), ch)
		}
		if d != nil && len(attached) == 0 && len(out) > 0 {
			out, u = c.stealDoc(out, u)
		}
		if d != nil {
			d.a, d.b = u.a, u.b
			if d.doc == "" {
				c.docFromComments(d, u.nodes[:len(u.nodes)-1])
			}
			u.ds = []*decl{d}
		}
		out = c.addUnit(out, u)
	}
	flushPending()
	for i := range out {
		out[i].parent = parent
	}
	if c.memo != nil && !c.exhausted() {
		// Items cut short by the work budget are not kept: another walk
		// with budget left must see them all.
		c.memo[key] = slices.Clone(out)
	}
	return out
}

// branchDecls returns the functions and classes in the branches of a
// branching statement n, through its blocks and clauses and the
// branching statements nested in them. Variables are left out: a branch
// assigns a fallback (`yaml = None`) or a script's locals (`if __name__
// == "__main__": args = …`) more often than it declares a name.
func (c *coder) branchDecls(n *sitter.Node, parent string, depth int) []*decl {
	if depth >= maxBranchDepth || !c.spend(int(n.NamedChildCount())) {
		return nil
	}
	var out []*decl
	for ch := range children(n, true) {
		if d := c.spec.decl(c, ch, parent); d != nil {
			if d.kind != "var" && d.kind != "const" {
				d.a, d.b = c.rows(ch)
				out = append(out, d)
			}
			continue
		}
		if t := ch.Type(); t == "block" || strings.HasSuffix(t, "_clause") || c.spec.branching[t] {
			out = append(out, c.branchDecls(ch, parent, depth+1)...)
		}
	}
	return out
}

// maxBranchDepth bounds the blocks and clauses branchDecls goes through.
const maxBranchDepth = 8

// stealDoc handles grammars (Kotlin) that put a comment directly above a
// declaration inside the previous node: when the previous unit ends with a
// comment on lines of its own right above u, that comment moves to u.
func (c *coder) stealDoc(out []unit, u unit) ([]unit, unit) {
	p := &out[len(out)-1]
	if len(p.nodes) == 0 || p.b != u.a-1 {
		return out, u
	}
	n := p.nodes[len(p.nodes)-1]
	for depth := 0; depth < 6; depth++ {
		k := int(n.ChildCount())
		if k == 0 {
			break
		}
		n = n.Child(k - 1)
		if !c.spec.comments[n.Type()] {
			continue
		}
		a, b := c.rows(n)
		if b != u.a-1 || a <= p.a || !c.lineStartsAt(a, n.StartByte()) {
			return out, u
		}
		p.b = a - 1
		for p.b > p.a && c.blank(p.b) {
			p.b--
		}
		u.a = a
		u.nodes = append([]*sitter.Node{n}, u.nodes...)
		return out, u
	}
	return out, u
}

// detachLead makes the lines of u before from, comments its node begins
// with, a unit of their own ahead of u; the comments pending above them
// go first.
func (c *coder) detachLead(out []unit, u unit, from int, flushPending func()) ([]unit, unit) {
	flushPending()
	n := u.nodes[0]
	var lead, rest []*sitter.Node
	for ch := range children(n, false) {
		if a, _ := c.rows(ch); a < from {
			lead = append(lead, ch)
		} else {
			rest = append(rest, ch)
		}
	}
	b := from - 1
	for b > u.a && c.blank(b) {
		b--
	}
	out = c.addUnit(out, unit{a: u.a, b: b, nodes: lead})
	u.a, u.nodes = from, rest
	return out, u
}

// lineStartsAt reports whether only white space precedes byte off on line i.
func (c *coder) lineStartsAt(i int, off uint32) bool {
	for j := c.start[i]; j < int(off) && j < len(c.src); j++ {
		if !isSpace(c.src[j]) {
			return false
		}
	}
	return true
}

// addUnit appends u, folding it into the previous unit when they share a
// line so that units never overlap.
func (c *coder) addUnit(out []unit, u unit) []unit {
	if len(out) > 0 {
		p := &out[len(out)-1]
		if u.a <= p.b {
			if u.b > p.b {
				p.b = u.b
			}
			p.nodes = append(p.nodes, u.nodes...)
			p.ds = append(p.ds, u.ds...)
			p.inner = append(p.inner, u.inner...)
			p.imports = p.imports || u.imports
			return out
		}
	}
	return append(out, u)
}

// docFromComments sets d's doc to the run of doc comments closest above the
// declaration.
func (c *coder) docFromComments(d *decl, attached []*sitter.Node) {
	first, last := docRun(len(attached), func(i int) bool {
		n := attached[i]
		if !c.spec.comments[n.Type()] {
			return false
		}
		text := c.content(n)
		return c.spec.isDoc(text) && !c.spec.isDirective(text)
	})
	if last < 0 {
		return
	}
	d.doc = strings.TrimSpace(string(c.src[attached[first].StartByte():attached[last].EndByte()]))
	d.docA, _ = c.rows(attached[first])
	_, d.docB = c.rows(attached[last])
}

// docRun finds, among the n items attached above a declaration, the run
// of doc comments closest to it: items that are not (isDoc false) are
// passed over below the run and end it above, so directives
// ("//go:noinline") between a doc and its declaration are skipped. It
// returns -1, -1 when there is none.
func docRun(n int, isDoc func(i int) bool) (first, last int) {
	first, last = -1, -1
	for i := n - 1; i >= 0; i-- {
		if !isDoc(i) {
			if last >= 0 {
				break
			}
			continue
		}
		if last < 0 {
			last = i
		}
		first = i
	}
	return first, last
}

// emit chunks a list of units: neighbours merge while the chunk stays
// within the budget, oversized class-likes split into a header and
// members, other oversized units split at statement boundaries. The head
// of a split class merges only with loose members (fields, comments), so
// that its chunk stays the class's own.
func (c *coder) emit(units []unit) {
	var cur []unit
	flush := func() {
		if len(cur) > 0 {
			c.out = append(c.out, c.groupSpan(cur))
		}
		cur = cur[:0]
	}
	for _, u := range units {
		if c.exhausted() {
			break
		}
		if c.tokens(u.a, u.b) > c.budget {
			if c.loneComments(cur) && !c.commentsOnly(u.nodes) {
				// A magic comment or two above a big block (Ruby's `#
				// frozen_string_literal: true`) opens its first piece
				// rather than making a chunk of a line.
				u.a, u.nodes = cur[0].a, append(nodesOf(cur), u.nodes...)
				cur = cur[:0]
			}
			flush()
			c.big(u)
			continue
		}
		ok := len(cur) > 0 && c.tokens(cur[0].a, u.b) <= c.budget
		if ok && len(u.ds) > 0 && (cur[0].header || u.header) {
			ok = false
		}
		if !ok {
			flush()
		}
		cur = append(cur, u)
	}
	flush()
}

// loneComments reports whether units us are comments alone, a few
// lines of them (under budget/bareHeaderDivisor tokens), and no header.
func (c *coder) loneComments(us []unit) bool {
	if len(us) == 0 || us[0].header || c.tokens(us[0].a, us[len(us)-1].b) >= c.budget/bareHeaderDivisor {
		return false
	}
	for _, u := range us {
		if len(u.ds) > 0 || len(u.inner) > 0 || u.imports || !c.commentsOnly(u.nodes) {
			return false
		}
	}
	return true
}

// commentsOnly reports whether nodes are comments, and some.
func (c *coder) commentsOnly(nodes []*sitter.Node) bool {
	for _, n := range nodes {
		if !c.spec.comments[n.Type()] {
			return false
		}
	}
	return len(nodes) > 0
}

// nodesOf returns the nodes of units us, in order.
func nodesOf(us []unit) []*sitter.Node {
	var out []*sitter.Node
	for _, u := range us {
		out = append(out, u.nodes...)
	}
	return out
}

func hasDecls(us []unit) bool {
	for _, u := range us {
		if len(u.ds) > 0 || len(u.inner) > 0 {
			return true
		}
	}
	return false
}

// maxMergedNames caps the names listed in the symbol of a merged chunk.
const maxMergedNames = 4

// groupSpan describes merged units as one span.
func (c *coder) groupSpan(us []unit) span {
	s := span{a: us[0].a, b: us[len(us)-1].b, meta: meta{}}
	var ds []*decl
	imports := false
	for _, u := range us {
		ds = append(append(ds, u.ds...), u.inner...)
		imports = imports || u.imports
	}
	ds = withoutNamespaces(ds)
	if u, ok := onlyDeclaring(us); ok && !u.opened {
		// The units declaring nothing beside it (a `# frozen_string_literal`
		// comment, imports) name nothing.
		if inner := c.wrapped(ds, 0); len(inner) > 0 {
			ds = inner
		}
	}
	switch len(ds) {
	case 0:
		if imports {
			s.kind = "imports"
		}
	case 1:
		s.meta = ds[0].meta()
	default:
		// A name declared twice (overloads, a getter and its setter) is
		// listed once.
		var names []string
		s.kind, s.parent = ds[0].kind, ds[0].parent
		for _, d := range ds {
			if q := d.qualified(); !slices.Contains(names, q) && !blankName(d.name) {
				names = append(names, q)
			}
			if d.kind != s.kind {
				s.kind = "mixed"
			}
			if d.parent != s.parent {
				s.parent = ""
			}
		}
		s.symbol = strings.Join(mergedNames(names, ds), ", ")
		s.sig = ds[0].sig
	}
	return s
}

// mergedNames returns the names a merged chunk's symbol lists, of the
// distinct names its declarations ds declare in file order: all of them,
// or, past maxMergedNames, its functions and types first (definitions,
// not prototypes), then "…". A block of macros and variables above a
// small function (a tool's #include and #define lines) would otherwise
// hide the function's name.
func mergedNames(names []string, ds []*decl) []string {
	if len(names) <= maxMergedNames {
		return names
	}
	primary := map[string]bool{}
	for _, d := range ds {
		// A C prototype (its signature ends with the ";" that tells it
		// from the definition) announces a function defined elsewhere.
		if (ClassLike(d.kind) || d.kind == "function" || d.kind == "method" || d.kind == "type") && !strings.HasSuffix(d.sig, ";") {
			primary[d.qualified()] = true
		}
	}
	out := make([]string, 0, maxMergedNames+1)
	for _, first := range []bool{true, false} {
		for _, n := range names {
			if primary[n] == first && len(out) < maxMergedNames {
				out = append(out, n)
			}
		}
	}
	return append(out, "…")
}

// onlyDeclaring returns the one unit of us that declares something, if
// one alone does.
func onlyDeclaring(us []unit) (unit, bool) {
	var found unit
	n := 0
	for _, u := range us {
		if len(u.ds) > 0 {
			found, n = u, n+1
		}
	}
	return found, n == 1
}

// wrapped returns the class inside a chunk's one declaration when that
// is a namespace or a module around one class, unsplit (a small file's
// `namespace Demo.Util { class Padder … }`, Ruby's `module Rack; module
// Protection; class ReferrerPolicy`): the chunk is about it, and is named
// after it rather than the namespace every file of it opens.
func (c *coder) wrapped(ds []*decl, depth int) []*decl {
	if len(ds) != 1 || ds[0].body == nil || !ds[0].transparent && !PackageKind(ds[0].kind) || depth >= maxWrapDepth {
		return nil
	}
	var inner []*decl
	for _, u := range c.units(ds[0].body, ds[0].membersParent()) {
		inner = append(inner, u.ds...)
	}
	if deeper := c.wrapped(inner, depth+1); len(deeper) > 0 {
		return deeper
	}
	if len(inner) != 1 || !ClassLike(inner[0].kind) || inner[0].name == "" {
		// A namespace of functions, a Rust `mod tests`, a Ruby module
		// whose one class is its own singleton (`class << self`): named
		// as it is.
		return nil
	}
	return inner
}

// maxWrapDepth bounds the namespaces wrapped looks through.
const maxWrapDepth = 4

// withoutNamespaces drops the namespaces from a merged chunk's
// declarations when it has others: its opening lines merged with the
// first members ("namespace MessagePack {" and the struct after it) are
// the file's package (PackageKind), and the chunk is about its members.
func withoutNamespaces(ds []*decl) []*decl {
	var kept []*decl
	for _, d := range ds {
		if !PackageKind(d.kind) {
			kept = append(kept, d)
		}
	}
	if len(kept) == 0 {
		return ds
	}
	return kept
}

// PackageKind reports a declaration kind that every file of the unit
// declares, a C#, C++ or PHP namespace or a package, so that declaring it
// says nothing about a chunk. A Ruby or Elixir module is a declaration of
// its own.
func PackageKind(kind string) bool { return kind == "namespace" || kind == "package" }

func (d *decl) meta() meta {
	return meta{symbol: d.qualified(), kind: d.kind, parent: d.parent, sig: d.sig,
		doc: d.doc, docA: d.docA, docB: d.docB}
}

// blankName reports a name that names nothing: none (Ruby's `class <<
// self`), or Go's blank identifier (`var _ IRouter = …`, `_, _`).
func blankName(name string) bool {
	return strings.Trim(name, "_, ") == ""
}

// wrapperParent is the parent of the declarations inside d when d wraps
// them: a named function's are its own (createStore.patch, as the symbol
// graph names them), a variable's (`var lib = (function(){…})()`) are
// d's neighbours'.
func (d *decl) wrapperParent() string {
	if d.kind == "function" || d.kind == "method" {
		return d.qualified()
	}
	return d.parent
}

// containerParent is the parent of the declarations in container, the
// wrapper d holds: an object literal's members are the variable's
// (`export const handlers = { open() {…}, message() {…} }`: handlers.open,
// as the symbol graph names them), however many, but a CommonJS module's
// exports object's (`module.exports = { get message() … }`, koa's `const
// proto = module.exports = { … }`), which are the module's own; any other
// wrapper's are as wrapperParent says.
func (c *coder) containerParent(d *decl, container *sitter.Node) string {
	if objectLiteral(container) && d.name != "module.exports" && d.name != "exports" && !c.exportsObject(container) {
		return d.qualified()
	}
	return d.wrapperParent()
}

// nestedParent returns the parent of a container's declarations found
// through the functions via below the wrapper, the wrapper's own
// (parent) when there are none, calling visit, when not nil, with each
// of them as declared under the one before. A function the search went
// into that is the wrapper itself (a branch's function, innerOwner) is
// passed over.
func (c *coder) nestedParent(via []*decl, wrapper *decl, parent string, visit func(*decl, string)) string {
	for _, f := range via {
		if sameNode(f.node, wrapper.node) {
			continue
		}
		cp := *f
		cp.parent = parent
		if visit != nil {
			visit(&cp, parent)
		}
		parent = cp.qualified()
		c.openFunction(parent)
	}
	return parent
}

// sameNode reports whether two nodes are one: the binding makes a new
// Node for each lookup.
func sameNode(a, b *sitter.Node) bool {
	return a != nil && b != nil && a.StartByte() == b.StartByte() && a.EndByte() == b.EndByte()
}

// objectLiteral reports a JavaScript or TypeScript object literal, whose
// functions are its methods, not functions of a scope.
func objectLiteral(n *sitter.Node) bool { return n != nil && n.Type() == "object" }

// big chunks a unit over the budget. Containers nested deeper than
// maxSplitDepth are packed like any statement.
func (c *coder) big(u unit) {
	split := !u.opened && c.depth < maxSplitDepth
	if split && len(u.ds) == 1 && u.ds[0].body != nil {
		if c.splitClass(u, u.ds[0]) {
			return
		}
	}
	if split && len(u.ds) <= 1 && (len(u.ds) == 0 || u.ds[0].body == nil) {
		// A wrapper full of declarations (a JavaScript IIFE or UMD bundle,
		// a module-pattern function, a C #ifdef block) is split at those
		// declarations like a namespace.
		if found := c.findContainer(u); found.node != nil {
			body := found.node
			d := &decl{transparent: true, node: body, body: body, parent: u.parent}
			if len(u.ds) == 0 && found.owner != nil {
				// A class inside a block (Python's `if has_inotify:`
				// class): split as a class, its members its own.
				cp := *found.owner
				cp.body = body
				u.ds = []*decl{&cp}
				if c.splitClass(u, &cp) {
					return
				}
				u.ds = nil
			}
			wrapper := c.innerOwner(u, body)
			if len(u.ds) == 1 {
				wrapper = u.ds[0]
			}
			if wrapper != nil {
				cp := *wrapper
				d = &cp
				d.transparent, d.body = c.containerParent(d, body) == d.parent, body
				if !d.transparent && !objectLiteral(body) {
					c.openFunction(d.qualified())
					d.membersAt = c.nestedParent(found.via, wrapper, d.qualified(), nil)
				}
			}
			if c.splitClass(u, d) {
				return
			}
		}
	}
	m := meta{}
	if len(u.ds) == 1 {
		m = u.ds[0].meta()
	} else if len(u.ds) > 1 {
		m = c.groupSpan([]unit{u}).meta
	}
	first := len(c.out)
	c.pack([]atom{{a: u.a, b: u.b, nodes: u.nodes}}, m)
	if len(u.ds) == 0 {
		c.nameByInner(first, u.inner)
	}
}

// innerOwner returns the function among a branching statement's
// declarations (u.inner) that holds container, or nil: Python's `if
// __name__ == "__main__":` block defining `async def handle` with its
// helpers nested in it, which are handle's, as they are when the block
// fits one chunk.
func (c *coder) innerOwner(u unit, container *sitter.Node) *decl {
	a, b := c.rows(container)
	for _, d := range u.inner {
		if (d.kind == "function" || d.kind == "method") && d.a <= a && b <= d.b {
			return d
		}
	}
	return nil
}

// nameByInner names each piece c.out[first:] of a branching statement
// after the declarations of its branches that the piece overlaps: the
// statement as a whole declares nothing.
func (c *coder) nameByInner(first int, inner []*decl) {
	for i := first; i < len(c.out) && len(inner) > 0; i++ {
		s := &c.out[i]
		var ds []*decl
		for _, d := range inner {
			if d.a <= s.b && d.b >= s.a {
				ds = append(ds, d)
			}
		}
		if len(ds) > 0 {
			s.meta = c.groupSpan([]unit{{a: s.a, b: s.b, inner: ds}}).meta
		}
	}
}

// containerMinDecls is how many function or class declarations make a
// wrapper worth splitting at them.
const containerMinDecls = 3

// findContainer looks inside an oversized unit that is not itself a
// class-like for a node holding several function or class declarations,
// following the child that spans most of the lines. Its node is nil when
// there is none.
func (c *coder) findContainer(u unit) container {
	x := c.mainNode(u)
	if x == nil {
		return container{}
	}
	key := containerKey{x, u.a, u.b}
	if found, ok := c.containers[key]; ok {
		return found
	}
	fn := len(u.ds) == 1 && (u.ds[0].kind == "function" || u.ds[0].kind == "method")
	var found container
	if c.spec.moduleBody != nil && len(u.ds) == 0 {
		found.node = c.spec.moduleBody(c, x)
	}
	if found.node == nil {
		found = c.searchContainer(x, u.b-u.a+1, fn)
	}
	if c.containers != nil && !c.exhausted() {
		c.containers[key] = found
	}
	return found
}

// searchContainer is findContainer's search from x, the main node of a
// unit of the given number of lines; fn tells a function's unit.
func (c *coder) searchContainer(x *sitter.Node, lines int, fn bool) container {
	var owner *decl // the class the search went into last
	var via []*decl // the functions it went into, until a class
	viaClass := false
	for depth := 0; depth < 12 && x != nil; depth++ {
		if !c.spend(int(x.NamedChildCount())) {
			return container{}
		}
		decls := 0
		var best *sitter.Node
		var bestDecl *decl
		bestLines := 0
		for ch := range children(x, true) {
			d := c.spec.decl(c, ch, "")
			if d != nil && d.kind != "var" && d.kind != "const" {
				decls++
			}
			a, b := c.rows(ch)
			if b-a+1 > bestLines {
				best, bestDecl, bestLines = ch, d, b-a+1
			}
		}
		if decls >= containerMinDecls || c.branches(x) >= 2 {
			return container{x, owner, via}
		}
		if fn && depth > 0 && bestDecl != nil && ClassLike(bestDecl.kind) && 2*bestLines >= lines {
			// A class that fills a function (a test's fake transport) is
			// the function's member, and its methods are its own: the
			// function is split around the class, not inside it.
			return container{node: x}
		}
		if best == nil || 2*bestLines < lines || strings.Contains(best.Type(), "parameter") {
			// A parameter list holds no members, whatever type a parameter
			// names (C's `struct ssh *` in a prototype over two lines).
			return container{}
		}
		if bestDecl != nil && ClassLike(bestDecl.kind) && !fn {
			owner = bestDecl
			owner.a, owner.b = c.rows(best)
		} else if bestDecl != nil {
			owner = nil // a function's body is no class's
			switch {
			case ClassLike(bestDecl.kind):
				// A class inside a function names no chain of functions
				// the walk would give its members.
				via, viaClass = nil, true
			case (bestDecl.kind == "function" || bestDecl.kind == "method") && !viaClass:
				bestDecl.a, bestDecl.b = c.rows(best)
				via = append(via, bestDecl)
			}
		}
		x = best
	}
	return container{}
}

// declCount counts the function and class declarations among n's named
// children.
func (c *coder) declCount(n *sitter.Node) int {
	if !c.spend(int(n.NamedChildCount())) {
		return 0
	}
	decls := 0
	for ch := range children(n, true) {
		if d := c.spec.decl(c, ch, ""); d != nil && d.kind != "var" && d.kind != "const" {
			decls++
		}
	}
	return decls
}

// branches counts the children of n (or their largest child: the block of
// an else clause) that hold several declarations, as the branches of
// "if windows: def ... else: def ..." do.
func (c *coder) branches(n *sitter.Node) int {
	if !c.spend(int(n.NamedChildCount())) {
		return 0
	}
	found := 0
	for ch := range children(n, true) {
		if a, b := c.rows(ch); b-a < 3 {
			continue
		}
		if c.declCount(ch) >= containerMinDecls {
			found++
			continue
		}
		var best *sitter.Node
		bestLines := -1
		if !c.spend(int(ch.NamedChildCount())) {
			return found
		}
		for g := range children(ch, true) {
			if a, b := c.rows(g); b-a > bestLines {
				best, bestLines = g, b-a
			}
		}
		if best != nil && c.declCount(best) >= containerMinDecls {
			found++
		}
	}
	return found
}

// mainNode returns the node spanning most lines of a unit (the
// declaration, not its comments), or nil.
func (c *coder) mainNode(u unit) *sitter.Node {
	var best *sitter.Node
	bestLines := -1
	for _, n := range u.nodes {
		if a, b := c.rows(n); b-a > bestLines {
			best, bestLines = n, b-a
		}
	}
	return best
}

// nodesFrom returns the nodes of n's subtree that together cover its lines
// from line on: whole children that start there or later, and the parts of
// a child that straddles the line.
func (c *coder) nodesFrom(n *sitter.Node, line int) []*sitter.Node {
	var out []*sitter.Node
	var walk func(x *sitter.Node, depth int)
	walk = func(x *sitter.Node, depth int) {
		if !c.spend(1) {
			return
		}
		a, b := c.rows(x)
		switch {
		case b < line:
			return
		case a >= line || x.ChildCount() == 0 || depth > maxNodesFromDepth:
			out = append(out, x)
			return
		}
		for ch := range children(x, false) {
			walk(ch, depth+1)
		}
	}
	walk(n, 0)
	return out
}

// maxNodesFromDepth bounds the descent of nodesFrom; a deeper node that
// straddles the line is taken whole.
const maxNodesFromDepth = 64

// splitClass emits a class-like declaration as a header chunk (signature,
// doc, fields) followed by its members. It reports false when the body has
// no members to split at.
func (c *coder) splitClass(u unit, d *decl) bool {
	c.depth++
	defer func() { c.depth-- }()
	headEnd, _ := c.rows(d.node)
	if d.node == d.body || d.kind == "function" || d.kind == "method" {
		headEnd, _ = c.rows(d.body)
	}
	parent := d.membersParent()
	members := c.units(d.body, parent)
	i := 0
	// Skip what shares the head's line (a Ruby class's name), but not a
	// declaration: a Python block starts on its first statement.
	for i < len(members) && members[i].a <= headEnd && len(members[i].ds) == 0 {
		i++
	}
	members = members[i:]
	if len(members) == 0 || (!hasDecls(members) && d.node != d.body) {
		return false
	}
	first := len(c.out)
	if members[0].a <= u.a {
		c.emit(members) // no head lines of its own
		c.finishMembers(u, d, first)
		return true
	}
	// A namespace's head merges like any unit; a class's head keeps its
	// own chunk.
	head := unit{a: u.a, b: members[0].a - 1, ds: u.ds, header: !d.transparent, opened: true}
	for head.b > head.a && c.blank(head.b) {
		head.b--
	}
	if d.doc == "" && c.tokens(head.a, head.b) < c.budget/bareHeaderDivisor && len(members[0].ds) > 0 {
		// A bare "class Foo {" or "namespace X {" line makes a useless chunk;
		// it opens the first member's chunk instead.
		members[0].a = head.a
		c.emit(members)
		c.joinLoneHead(first, head)
	} else {
		c.emit(append([]unit{head}, members...))
	}
	c.finishMembers(u, d, first)
	return true
}

// joinLoneHead gives the head lines a split first member's pieces left
// out (`class Binder {` above a method split into pieces, which would
// be a chunk of no declaration) to its first piece.
func (c *coder) joinLoneHead(first int, head unit) {
	if first < len(c.out) && c.out[first].a > head.a && c.out[first].a <= head.b+1 {
		c.out[first].a = head.a
	}
}

// finishMembers completes a split container whose members were emitted as
// c.out[first:]: it places the lines after the last member and names the
// loose chunks after the container.
func (c *coder) finishMembers(u unit, d *decl, first int) {
	// The closing lines ("}", "end") stay with the last member; anything
	// larger after the members (the else branch of an if whose then branch
	// held them) is chunked on its own.
	if last := len(c.out) - 1; last >= first && c.out[last].b < u.b {
		tailA := c.out[last].b + 1
		if c.tokens(tailA, u.b) <= c.budget/bareHeaderDivisor || c.tokens(c.out[last].a, u.b) <= c.budget {
			c.out[last].b = u.b
		} else if main := c.mainNode(u); main != nil {
			var tail []unit
			for _, n := range c.nodesFrom(main, tailA) {
				a, b := c.rows(n)
				if a < tailA {
					a = tailA
				}
				tail = c.addUnit(tail, unit{a: a, b: b, nodes: []*sitter.Node{n}})
			}
			c.emit(tail)
		} else {
			// A lexed container has no nodes to split its tail at.
			c.out = append(c.out, c.windows(tailA, u.b, c.budget, meta{})...)
		}
	}
	if d.name != "" {
		// Fields, comments and statements between or after the members
		// belong to the container.
		for i := first; i < len(c.out); i++ {
			if c.out[i].symbol == "" && c.out[i].kind == "" {
				m := d.meta()
				m.doc = ""
				c.out[i].meta = m
			}
		}
	}
}

// bareHeaderDivisor: a class head under budget/8 tokens without a doc
// comment is a bare "class Foo {" line.
const bareHeaderDivisor = 8

// minFillDivisor: a piece of a split declaration under budget/3 tokens is
// filled with the beginning of the next statement rather than closed,
// which keeps a signature from ending up alone in a chunk.
const minFillDivisor = 3

// atom is a run of lines holding whole syntax nodes; oversized atoms expand
// into the atoms of their children.
type atom struct {
	a, b  int
	nodes []*sitter.Node
}

// pack greedily fills chunks of at most budget tokens with atoms, expanding
// an atom that does not fit into its children so that cuts fall between
// statements. Every resulting span carries m.
func (c *coder) pack(queue []atom, m meta) {
	curA, curB := -1, -1
	// cuts are the places between the current chunk's atoms where it could
	// have ended; prev is the chunk flushed before it, which a thin last
	// chunk takes some of them back from (balanceTail).
	var cuts, prevCuts []cut
	prev := -1
	flush := func() {
		if curA >= 0 {
			prev, prevCuts = len(c.out), cuts
			c.out = append(c.out, span{a: curA, b: curB, meta: m})
		}
		curA, curB, cuts = -1, -1, nil
	}
	// stack holds the atoms still to place, the next one last, so that
	// expanding deeply nested code stays linear.
	stack := make([]atom, 0, len(queue))
	for i := len(queue) - 1; i >= 0; i-- {
		stack = append(stack, queue[i])
	}
	for len(stack) > 0 && c.spend(1) {
		at := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if curA >= 0 && c.tokens(curA, at.b) <= c.budget {
			cuts = append(cuts, cut{end: curB, next: at.a})
			curB = at.b
			continue
		}
		fits := c.tokens(at.a, at.b) <= c.budget
		if fits && (curA < 0 || c.tokens(curA, curB) >= c.budget/minFillDivisor) {
			flush()
			curA, curB = at.a, at.b
			continue
		}
		// The atom is too big for a chunk of its own, or the current chunk
		// is still nearly empty: open the atom up so that the cut falls
		// inside it, between its statements.
		if kids := c.expand(at); kids != nil {
			for i := len(kids) - 1; i >= 0; i-- {
				stack = append(stack, kids[i])
			}
			continue
		}
		if fits {
			flush()
			curA, curB = at.a, at.b
			continue
		}
		flush()
		ws := c.windows(at.a, at.b, c.budget, m)
		if len(ws) > 0 {
			c.out = append(c.out, ws[:len(ws)-1]...)
			curA, curB = ws[len(ws)-1].a, ws[len(ws)-1].b
			prev = -1 // a line window's cuts are not kept
		}
	}
	if curA >= 0 && prev >= 0 && prev == len(c.out)-1 {
		curA = c.balanceTail(&c.out[prev], prevCuts, curA, curB)
	}
	flush()
}

// cut is a place a chunk can end between two atoms: after line end, with
// the next chunk starting at line next.
type cut struct{ end, next int }

// thinTailDivisor: the last piece of a split declaration under
// budget/thinTailDivisor tokens is its closing lines alone.
const thinTailDivisor = 16

// balanceTail moves the cut between a split declaration's last two pieces
// back when the last one would be thin: a closing "return nil }" alone in
// a chunk means nothing of its own, yet it carries the declaration's
// signature and so outranks the body for the declaration's name. The cut
// moves to the one of prev's that leaves both pieces within the budget and
// the smaller of them largest. It returns the last piece's new first line.
func (c *coder) balanceTail(prev *span, cuts []cut, a, b int) int {
	if c.tokens(a, b) >= c.budget/thinTailDivisor {
		return a
	}
	best, bestMin := -1, c.tokens(a, b)
	for i := len(cuts) - 1; i >= 0; i-- {
		k := cuts[i]
		tail := c.tokens(k.next, b)
		if tail > c.budget {
			break
		}
		if m := min(c.tokens(prev.a, k.end), tail); m > bestMin {
			best, bestMin = i, m
		}
	}
	if best < 0 {
		return a
	}
	prev.b = cuts[best].end
	return cuts[best].next
}

// expand splits an atom into the atoms of its nodes' children, or returns
// nil when it cannot be split further.
func (c *coder) expand(at atom) []atom {
	if at.a == at.b {
		return nil
	}
	var kids []atom
	progress := false
	add := func(n *sitter.Node) {
		a, b := c.rows(n)
		if k := len(kids); k > 0 && a <= kids[k-1].b {
			if b > kids[k-1].b {
				kids[k-1].b = b
			}
			kids[k-1].nodes = append(kids[k-1].nodes, n)
			return
		}
		kids = append(kids, atom{a: a, b: b, nodes: []*sitter.Node{n}})
	}
	for _, n := range at.nodes {
		count := int(n.ChildCount())
		if !c.spend(count) {
			return nil
		}
		if count == 0 {
			add(n)
			continue
		}
		progress = true
		for ch := range children(n, false) {
			add(ch)
		}
	}
	if !progress {
		return nil
	}
	return kids
}
