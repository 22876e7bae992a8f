package chunker

import (
	"cmp"
	"slices"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
)

// The graph of a file in a tree-sitter language comes from two sources.
// Its definitions are the declarations the chunker's outline finds
// (walkDecls, as get_symbols lists them), plus the declarations the
// outline leaves out (nested functions and classes, fields) that the
// language's query captures. Its references, imports and package come
// from the query alone: one file per language (graph_python.go, ...)
// holds the query, in tree-sitter's query syntax; graph_match.go matches
// it over a flat copy of the tree (graph_capture.go, which says why not
// with tree-sitter's QueryCursor), and this file turns the captures into
// the graph.
//
// Capture names (graph_query.go lists them): @call, @type, @inherit,
// @import and @ref capture the name node of a reference of that kind;
// @recv, in the same pattern, what the name is selected from. @name
// captures a declared name (on the declaration's own node, the word the
// declaration starts with: TypeScript's construct signature "new (...): T"
// is named new), @def.KIND the declaration around it when the
// outline may not list it, @declared its declared type, @abstract the
// name of a method without a body, @parent the type an extension function
// extends (its parent), @doc its docstring. @local captures a name bound in a
// function (a parameter, an assignment's target) with @local.type its
// declared type; @member a member of the current instance an assignment
// binds (self.x in a method), with @member.type the type it is declared
// or constructed with, or @member.value a name of the function whose type
// it takes; @doclinks a comment whose {@link X} tags are references to
// X; @macro.body a C macro's body, whose names are references, with
// @macro.params its parameters, which are not; @skip a name that is no
// reference at all. The @import.*
// captures make the file's imports and @package its package. A node
// captured several ways counts once: an import before an inheritance
// before a call before a type use before any other reference, a selected
// name before a bare one, and a declared, local or skipped name is no
// reference. Below its root, a pattern may match an ERROR node, where the
// parser's recovery put what it could not parse (a C++ header broken by a
// macro it does not know).
//
// Receivers (Ref.Recv) are encoded the same way for every tree-sitter
// language, for navigation to resolve at query time:
//
//	""          a bare name, resolved through the file's scopes and imports
//	"self"      selected from the current instance: self., this., $this->,
//	            Ruby's @ivar and Rust's Self:: and self.
//	"super"     selected from the base class: super., super()., parent::, base.
//	"n:A.B"     selected from a name that is not a local variable: a module,
//	            class or namespace, possibly qualified, every separator
//	            (::, \, ->) written "." (os.path.join: "n:os.path")
//	"t:T"       selected from a value of type T, as the file states it:
//	            new T(), a local or parameter declared with type T, a
//	            member of the instance its class's methods assign a T
//	            (self.parser = Parser() makes self.parser.parse()'s "t:Parser")
//	"?"         selected from anything else: a call's result, a subscript,
//	            an untyped local
//	"v:NAME"    selected from a value bound to what NAME is bound to, whose
//	            type the file may not state (Python's policy=compat32 with
//	            compat32 imported): NAME's declaration's Def.Type types it
//	"g:"        qualified by the global scope alone (C++'s ::connect()),
//	            which no member or namespaced declaration answers
//
// A base may be followed by member selections, each " .NAME", as in the
// Go graph's encoding: self.items.append() selects append from
// "self .items", and navigation types it through the Def.Type of the field
// items. Def.Type, where the language states it cheaply, is "t:T" with T
// the plain type name (generics and qualifiers dropped).

// maxRawCaptures bounds the references collected from one file before
// duplicates are dropped; past it the matching stops.
const maxRawCaptures = 4 * maxGraphRefs

// maxRecvText bounds the receiver text that is parsed into a receiver;
// longer ones are "?".
const maxRecvText = 256

// maxSelections bounds the member selections after a receiver's base.
const maxSelections = 4

// treeGraph extracts the graph of a file in a language with tree-sitter
// rules, from the tree the chunker parsed and what its chunking found
// (chunked, whose memos the walk over the declarations reuses); nil for a
// language without rules.
func treeGraph(s *source, lang string, spec *langSpec, root *sitter.Node, chunked *coder) *Graph {
	gl := graphLangs[lang]
	if gl == nil || root == nil {
		return nil
	}
	gq, err := gl.compile(lang)
	if err != nil {
		return nil
	}
	buf, flat := flatten(root, len(s.src), gl.keepAnonymous)
	if buf == nil {
		return nil
	}
	b := newGraphBuilder(s, gl, gq, spec, root, chunked, flat)
	(&matcher{ps: gq.ps, src: s.src, flat: flat, emit: b.match, skip: b.isCaptured}).run()
	b.findWrappers()
	b.buildImports()
	b.buildDefs()
	b.flat = nil
	release(buf)
	if gl.pathsInTokens {
		b.pathsInTokens()
	}
	b.buildRefs()
	if gl.classNamedMembers {
		b.classUsesOfConstructors()
	}
	return b.g
}

// classUsesOfConstructors makes the name of each constructor and
// destructor a use of its class, where no other capture made it one: the
// name is the class's, written again.
func (b *graphBuilder) classUsesOfConstructors() {
	for i, d := range b.g.Defs {
		name, dtor := strings.CutPrefix(d.Name, "~")
		if d.Kind != "method" || d.Parent == "" || name != d.Parent[strings.LastIndexByte(d.Parent, '.')+1:] {
			continue
		}
		col := d.Col
		if dtor {
			col++
		}
		at, found := slices.BinarySearchFunc(b.g.Refs, [2]int{d.Line, col}, func(r Ref, pos [2]int) int {
			return cmp.Or(cmp.Compare(r.Line, pos[0]), cmp.Compare(r.Col, pos[1]))
		})
		switch {
		case found && b.g.Refs[at].Name == name && b.g.Refs[at].Kind == RefOther:
			b.g.Refs[at].Kind = RefType // ~tcp_sink, read as any name
		case !found && len(b.g.Refs) < maxGraphRefs:
			b.g.Refs = slices.Insert(b.g.Refs, at, Ref{Name: name, Line: d.Line, Col: col, Kind: RefType, Enclosing: int32(i)})
		}
	}
}

// pathsInTokens reads what a macro's token tree hides from the grammar
// around a bare name: "PATH::" before it makes PATH its receiver, "RECV."
// (a name, or names joined by ".") a member selected from RECV, and "("
// after it a call. Outside token trees the grammar gave such names their
// receivers and kinds already.
func (b *graphBuilder) pathsInTokens() {
	src := b.s.src
	for i := range b.refs {
		r := &b.refs[i]
		if r.hasRecv || int(r.end) > len(src) {
			continue
		}
		if start, end, ok := selectorBefore(src, int(r.start)); ok {
			r.hasRecv, r.recv = true, [2]uint32{uint32(start), uint32(end)}
		}
		next := int(r.end)
		for next < len(src) && src[next] == ' ' {
			next++
		}
		if r.kind == RefOther && next < len(src) && src[next] == '(' {
			r.kind = RefCall
		}
	}
}

// selectorBefore finds the receiver written before a name at i: PATH in
// "PATH::name" (ident(::ident)*) or RECV in "RECV.name" (ident(.ident)*),
// as the byte range [start, end).
func selectorBefore(src []byte, i int) (start, end int, ok bool) {
	end = i
	for end > 0 && src[end-1] == ' ' {
		end--
	}
	sep := ""
	switch {
	case end >= 3 && src[end-1] == ':' && src[end-2] == ':':
		sep = "::"
	case end >= 2 && src[end-1] == '.' && src[end-2] != '.':
		sep = "."
	default:
		return 0, 0, false
	}
	end -= len(sep)
	start, at := end, end
	for {
		j := at
		for j > 0 && src[j-1] == ' ' {
			j--
		}
		k := j
		for k > 0 && isNameByte(src[k-1]) {
			k--
		}
		if k == j || src[k] >= '0' && src[k] <= '9' {
			break // no name, or a number ("1.0")
		}
		start = k
		if k < len(sep) || string(src[k-len(sep):k]) != sep {
			break
		}
		at = k - len(sep)
	}
	return start, end, start < end
}

// newGraphBuilder prepares the graph of one file whose tree was copied
// into flat.
func newGraphBuilder(s *source, gl *graphLang, gq *graphQuery, spec *langSpec, root *sitter.Node, chunked *coder, flat []flatNode) *graphBuilder {
	return &graphBuilder{s: s, gl: gl, gq: gq, spec: spec, root: root, chunked: chunked, g: &Graph{}, flat: flat,
		nameTypes: map[uint32]string{}, abstract: map[uint32]bool{}, parents: map[uint32]string{},
		docs: map[uint32]string{}, names: map[string]string{}, importRecv: map[uint32]string{},
		refs: make([]rawRef, 0, len(flat)/8), captured: make([]uint64, len(flat)/64+1)}
}

// graphBuilder collects one file's captures and makes its graph.
type graphBuilder struct {
	s    *source
	gl   *graphLang
	gq   *graphQuery
	spec *langSpec
	root *sitter.Node
	// chunked is the coder that chunked the file, whose memos the walk
	// over the declarations shares.
	chunked *coder
	g       *Graph
	// resultDepth counts the calls receiver is following (resultOf).
	resultDepth int

	flat      []flatNode // until the definitions are made
	refs      []rawRef
	captured  []uint64          // bit set of the flat tree's nodes captured as a reference or name
	names     map[string]string // see name
	imports   []placedImport
	masked    []uint32 // start bytes of names that are no reference, sorted in buildRefs
	locals    []rawLocal
	cands     []rawDef          // declarations the query found
	wrappers  []uint32          // starts of the nodes that may be wrappers of declarations (see mayHold)
	nameTypes map[uint32]string // declared types, by the start of the declared name
	abstract  map[uint32]bool   // abstract declarations, by the start of the name
	parents   map[uint32]string // the types declarations extend, by the start of the name
	docs      map[uint32]string // docstrings, by the start of the name
	// importRecv holds the receivers of the imported names, by start.
	importRecv map[uint32]string
	spans      []defSpan // of g.Defs, index for index
	// scope is, for each definition, the innermost function-like
	// definition at or around it, and outerScope the one strictly
	// around it; -1 for none.
	scope, outerScope []int32
}

// rawRef is a captured reference before duplicates, declared names and
// locals are dropped.
type rawRef struct {
	start, end uint32
	row, col   uint32
	kind       RefKind
	hasRecv    bool
	recv       [2]uint32 // byte range of the receiver
}

// refIn is a reference of kind to the name at text[from:to], where text
// is capture c's: its position counted from the capture's, across the
// lines text may span (an import's dotted name, a comment, a macro body).
func (b *graphBuilder) refIn(c *capture, text string, from, to int, kind RefKind) rawRef {
	r := rawRef{start: c.start + uint32(from), end: c.start + uint32(to), row: c.row, col: c.col + uint32(from), kind: kind}
	if nl := strings.LastIndexByte(text[:from], '\n'); nl >= 0 {
		r.row += uint32(strings.Count(text[:from], "\n"))
		r.col = uint32(from - nl - 1)
	}
	return r
}

// rawLocal is a name bound in a function, with its declared type; or,
// with member set, a member of the current instance bound in a method,
// with its type or the name of the function whose type it takes (value).
type rawLocal struct {
	start  uint32
	name   string
	typ    string
	value  string
	result string // the callee whose result it is bound to
	member bool
}

// rawDef is a declaration the query found: its node and its name's.
type rawDef struct {
	kind       string
	node, name capture
}

// defSpan is the byte range of a definition's declaration.
type defSpan struct {
	start, end uint32
}

// text returns the source between two byte offsets, clamped to the file.
func (b *graphBuilder) text(start, end uint32) string {
	n := uint32(len(b.s.src))
	end = min(end, n)
	if start >= end {
		return ""
	}
	return string(b.s.src[start:end])
}

// name returns the text of a name, one string for all its uses in the
// file: a file names the same few hundred things thousands of times.
func (b *graphBuilder) name(start, end uint32) string {
	end = min(end, uint32(len(b.s.src)))
	if start >= end {
		return ""
	}
	bs := b.s.src[start:end]
	if s, ok := b.names[string(bs)]; ok {
		return s
	}
	s := string(bs)
	b.names[s] = s
	return s
}

// match files the captures of one match.
func (b *graphBuilder) match(m []capture) bool {
	var recv, local, localType, localValue, localResult, member, memberType, memberValue, macroBody, macroParams, name, def, defType, parent, doc *capture
	var defKind string
	var imp *importParts
	refs := len(b.refs)
	for i := range m {
		c := &m[i]
		b.trimSpace(c)
		info := b.gq.caps[c.index]
		switch info.role {
		case roleRef, roleSkip, roleLocal, roleName, roleAbstract:
			b.captured[c.node/64] |= 1 << (c.node % 64)
		}
		switch info.role {
		case roleRef:
			b.refs = append(b.refs, rawRef{start: c.start, end: c.end, row: c.row, col: c.col, kind: info.kind})
		case roleRecv:
			if recv != nil { // a receiver captured on several nodes spans them
				span := *recv
				span.start, span.end = min(span.start, c.start), max(span.end, c.end)
				c = &span
			}
			recv = c
		case roleSkip:
			b.masked = append(b.masked, c.start)
		case roleLocal:
			local = c
			b.masked = append(b.masked, c.start)
		case roleLocalType:
			localType = c
		case roleLocalValue:
			localValue = c
		case roleLocalResult:
			localResult = c
		case roleMember:
			member = c
		case roleMemberType:
			memberType = c
		case roleMemberValue:
			memberValue = c
		case roleDocLinks:
			b.addDocLinks(c)
		case roleMacroBody:
			macroBody = c
		case roleMacroParams:
			macroParams = c
		case roleName:
			name = c // masked as the definition's name once definitions are known
		case roleDef:
			def, defKind = c, info.defKind
		case roleDefType:
			defType = c
		case roleParent:
			parent = c
		case roleDoc:
			doc = c
		case roleAbstract:
			b.abstract[c.start] = true
			b.masked = append(b.masked, c.start)
		case rolePackage:
			if b.g.Package == "" {
				b.g.Package = qualifiedName(b.text(c.start, c.end))
			}
		default:
			if info.role >= roleImportFrom && info.role <= roleImportDefault {
				if imp == nil {
					imp = &importParts{}
				}
				b.importPart(imp, info.role, c)
			}
		}
	}
	if recv != nil {
		for i := refs; i < len(b.refs); i++ {
			b.refs[i].hasRecv, b.refs[i].recv = true, [2]uint32{recv.start, recv.end}
		}
	}
	if local != nil {
		l := rawLocal{start: local.start, name: b.name(local.start, local.end)}
		if localType != nil {
			l.typ = b.localType(b.text(localType.start, localType.end))
		}
		if localValue != nil {
			l.value = b.name(localValue.start, localValue.end)
		}
		if localResult != nil {
			l.result = b.text(localResult.start, localResult.end)
		}
		b.locals = append(b.locals, l)
	}
	if member != nil {
		b.addMember(member, memberType, memberValue)
	}
	if macroBody != nil {
		b.addMacroBody(macroBody, macroParams)
	}
	if name != nil && defType != nil {
		if t := plainTypeName(b.text(defType.start, defType.end), b.gl.inferred); t != "" {
			if b.gl.qualifiedTypes {
				t = qualifiedTypeName(b.text(defType.start, defType.end), t)
			}
			b.nameTypes[name.start] = "t:" + t
		}
	}
	if name != nil && doc != nil {
		b.docs[name.start] = docLine(b.text(doc.start, min(doc.end, doc.start+maxDocScan)))
	}
	if name != nil && parent != nil {
		b.parents[name.start] = qualifiedName(b.text(parent.start, parent.end))
	}
	if def != nil && name != nil {
		b.cands = append(b.cands, rawDef{kind: defKind, node: *def, name: *name})
	}
	if imp != nil {
		b.addImport(imp)
	}
	return len(b.refs) < maxRawCaptures
}

// isCaptured reports whether a node of the flat tree is captured as a
// reference or a name already, so that a bare "(identifier) @ref", which
// yields to any of those, need not be.
func (b *graphBuilder) isCaptured(node uint32) bool {
	return b.captured[node/64]&(1<<(node%64)) != 0
}

// trimSpace moves a capture's start past leading white space: the Lua
// grammar starts nodes at the end of the previous line.
func (b *graphBuilder) trimSpace(c *capture) {
	for c.start < c.end && int(c.start) < len(b.s.src) && isSpace(b.s.src[c.start]) {
		if b.s.src[c.start] == '\n' {
			c.row, c.col = c.row+1, 0
		} else {
			c.col++
		}
		c.start++
	}
}

// skipSpace returns the first byte at or after start, before end, that is
// not white space.
func (b *graphBuilder) skipSpace(start, end uint32) uint32 {
	for start < end && int(start) < len(b.s.src) && isSpace(b.s.src[start]) {
		start++
	}
	return start
}

// buildRefs orders the collected references, keeps one per name node,
// drops the names that are declarations or locals, and sets their
// enclosing declarations and receivers.
func (b *graphBuilder) buildRefs() {
	slices.SortFunc(b.refs, func(ri, rj rawRef) int {
		if ri.start != rj.start {
			return cmp.Compare(ri.start, rj.start)
		}
		return cmp.Compare(refRank(&rj), refRank(&ri))
	})
	slices.SortStableFunc(b.locals, func(a, b rawLocal) int { return cmp.Compare(a.start, b.start) })
	locals := map[localKey]string{}
	sw := newDefSweeper(b)
	for _, l := range b.locals {
		_, fn := sw.at(l.start)
		if l.member {
			b.bindMember(locals, l, fn, sw.instance())
			continue
		}
		if fn < 0 {
			// A top-level binding is a global, and its uses are
			// references; the type it states or constructs (x = Foo())
			// still types what is selected from it, kept under
			// globalScope.
			bindOneType(locals, localKey{globalScope, l.name}, l.typ)
			continue
		}
		k := localKey{fn, l.name}
		typ := l.typ
		if typ == "" && l.value != "" {
			typ = valueOf(l.value) // policy=compat32: the type of what compat32 is bound to
		}
		if typ == "" && l.result != "" {
			typ = resultMark + l.result // resp = self.send(req): the type send returns
		}
		if t, ok := locals[k]; !ok || t == "" || strings.HasPrefix(t, resultMark) && typ != "" && !strings.HasPrefix(typ, resultMark) {
			locals[k] = typ // a stated type over what a call returns (const r: Rect = this.make<Rect>())
		}
	}
	b.typeGlobals(locals)
	slices.Sort(b.masked)
	mask := 0 // b.masked[mask] is the first mask at or after the reference
	sw = newDefSweeper(b)
	last := uint32(1<<32 - 1)
	for i := range b.refs {
		r := &b.refs[i]
		if r.start == last {
			continue // a lower-ranked capture of the same name
		}
		last = r.start
		if len(b.g.Refs) >= maxGraphRefs {
			break
		}
		for mask < len(b.masked) && b.masked[mask] < r.start {
			mask++
		}
		if r.kind != RefImport && mask < len(b.masked) && b.masked[mask] == r.start {
			continue
		}
		name := b.name(r.start, r.end)
		// Ruby's sigils: a :symbol names a method, an @ivar a member of
		// the instance.
		sigil := len(name) - len(strings.TrimLeft(name, ":@"))
		self := strings.HasPrefix(name, "@")
		name = name[sigil:]
		if name == "" || b.gl.inferred[name] {
			continue // "var x = ...", Rust's Self: no type is named
		}
		encl, fn := sw.at(r.start)
		kind := r.kind
		if kind == RefOther && !r.hasRecv && !self {
			if _, local := b.local(locals, fn, name); local {
				continue
			}
			if b.gl.bareCalls && sigil == 0 && (name[0] == '_' || name[0] >= 'a' && name[0] <= 'z') {
				kind = RefCall
			}
		}
		ref := Ref{Name: name, Line: int(r.row) + 1, Col: int(r.col) + 1 + sigil, Kind: kind, Enclosing: encl}
		if self {
			ref.Recv = "self"
		} else if recv, ok := b.importRecv[r.start]; ok && r.kind == RefImport {
			ref.Recv = recv
		} else if r.hasRecv {
			ref.Recv = b.receiver(b.text(r.recv[0], r.recv[1]), b.arrowAfter(r.recv[1]), site{encl, fn, sw.instance()}, locals)
		} else if b.globallyQualified(r.start) {
			ref.Recv = GlobalRecv
		}
		b.g.Refs = append(b.g.Refs, ref)
	}
}

// refRank orders the captures of one name node: the most telling kind
// first, and a selected name before the same name captured bare.
func refRank(r *rawRef) int {
	rank := 0
	switch r.kind {
	case RefImport:
		rank = 5
	case RefInherit:
		rank = 4
	case RefCall:
		rank = 3
	case RefType:
		rank = 2
	case RefOther:
		rank = 1
	}
	rank *= 2
	if r.hasRecv {
		rank++
	}
	return rank
}

// site is where a receiver is read: the innermost declaration around it,
// the function whose locals it sees, and the class whose instance self
// is there (see defSweeper.instance).
type site struct {
	encl, fn, cls int32
}

// localKey names what a scope binds, for its type: a local of the
// function g.Defs[fn]; a member of the instances of the class g.Defs[fn]
// (the key's fn is then a class, never in a function's scope chain); or,
// with fn globalScope, a top-level binding.
type localKey struct {
	fn   int32
	name string
}

// addMember files a binding of a member of the current instance (self.x
// = ..., this.x = ..., Ruby's @x = ..., TypeScript's constructor(private
// x: T) and a class field's x = new T()): member is the member bound, typ
// the type stated or constructed, value the name assigned.
func (b *graphBuilder) addMember(member, typ, value *capture) {
	segs, ok := splitQualified(b.text(member.start, member.end))
	l := rawLocal{start: member.start, member: true}
	switch {
	case !ok:
		return
	case len(segs) == 2 && wordIn(segs[0], b.gl.self):
		l.name = segs[1]
	case len(segs) == 1 && strings.HasPrefix(segs[0], "@"):
		if strings.HasPrefix(segs[0], "@@") {
			return
		}
		l.name = segs[0][1:] // Ruby's @ivar
	case len(segs) == 1:
		// A member declared by name: a parameter property (PHP's $name),
		// a field's initializer.
		l.name = strings.TrimPrefix(segs[0], "$")
	default:
		return
	}
	switch {
	case typ != nil:
		l.typ = plainTypeName(b.text(typ.start, typ.end), b.gl.inferred)
	case value != nil:
		l.value = b.name(value.start, value.end)
	}
	if l.typ != "" || l.value != "" {
		b.locals = append(b.locals, l)
	}
}

// bindMember types a member of the instances of class cls from one of
// its methods' assignments (fn is the method or a function in it): the
// type stated or constructed, or the type of the function's name it
// assigns (see bindOneType).
func (b *graphBuilder) bindMember(locals map[localKey]string, l rawLocal, fn, cls int32) {
	if cls < 0 {
		return
	}
	typ := l.typ
	if typ == "" {
		typ, _ = b.local(locals, fn, l.value)
	}
	bindOneType(locals, localKey{cls, l.name}, typ)
}

// bindOneType records a binding of k, a global or a member, to typ: a
// name bound to one type throughout keeps it, one bound to two types has
// neither (""), and a binding of no known type (x = {}) says nothing.
func bindOneType(locals map[localKey]string, k localKey, typ string) {
	if typ == "" {
		return
	}
	if t, seen := locals[k]; !seen || t == typ {
		locals[k] = typ
	} else {
		locals[k] = ""
	}
}

// globalScope is localKey's fn for top-level bindings; local's walk up the
// scopes stops before it, so a global is never taken for a local.
const globalScope = -1

// scopeKinds are the definitions whose bodies bind locals.
var scopeKinds = set("function", "method", "constructor")

// defSweeper answers, for positions in increasing order, which
// definitions contain them: the spans of a file's definitions are nested
// or disjoint, so a stack of the open ones is enough.
type defSweeper struct {
	b     *graphBuilder
	next  int
	stack []int32 // open definitions, outermost first
}

func newDefSweeper(b *graphBuilder) *defSweeper { return &defSweeper{b: b} }

// at returns the innermost definition containing pos and the innermost
// function-like one, or -1.
func (sw *defSweeper) at(pos uint32) (encl, fn int32) {
	spans := sw.b.spans
	for sw.next < len(spans) && spans[sw.next].start <= pos {
		sw.pop(spans[sw.next].start)
		sw.stack = append(sw.stack, int32(sw.next))
		sw.next++
	}
	sw.pop(pos)
	if len(sw.stack) == 0 {
		return -1, -1
	}
	encl = sw.stack[len(sw.stack)-1]
	return encl, sw.b.scope[encl]
}

// instance is the class whose instance the current instance (self,
// this) is at the position at last asked for: the innermost class open,
// around a method, a function in one or a field's initializer; -1 outside
// classes.
func (sw *defSweeper) instance() int32 {
	for i := len(sw.stack) - 1; i >= 0; i-- {
		if ClassLike(sw.b.g.Defs[sw.stack[i]].Kind) {
			return sw.stack[i]
		}
	}
	return -1
}

// pop closes the open definitions that end at or before pos.
func (sw *defSweeper) pop(pos uint32) {
	for len(sw.stack) > 0 && sw.b.spans[sw.stack[len(sw.stack)-1]].end <= pos {
		sw.stack = sw.stack[:len(sw.stack)-1]
	}
}

// maxScopeChain bounds the enclosing functions searched for a local.
const maxScopeChain = 16

// local reports whether name is bound in function fn or a function
// around it (a closure's variable), and its declared type.
func (b *graphBuilder) local(locals map[localKey]string, fn int32, name string) (string, bool) {
	for i := 0; fn >= 0 && i < maxScopeChain; i++ {
		if t, ok := locals[localKey{fn, name}]; ok {
			return t, true
		}
		fn = b.outerScope[fn]
	}
	return "", false
}

// receiver encodes what a name was selected from (see the top of this
// file) from the receiver's source text; arrow tells that "->" selects
// it.
func (b *graphBuilder) receiver(text string, arrow bool, at site, locals map[localKey]string) string {
	fn, cls := at.fn, at.cls
	if len(text) > maxRecvText {
		return "?"
	}
	text = strings.TrimSpace(text)
	for i := 0; i < 3 && strings.HasPrefix(text, "(") && strings.HasSuffix(text, ")"); i++ {
		text = strings.TrimSpace(text[1 : len(text)-1])
	}
	if strings.HasPrefix(text, "\\") || strings.HasPrefix(text, "::") {
		text = strings.TrimSpace(text[separatorLen(text):]) // a fully qualified name
		if text == "" {
			return "" // PHP's \Countable: the global namespace
		}
	}
	if rest, ok := strings.CutPrefix(text, "new"); ok && rest != "" && isSpace(rest[0]) {
		if t := plainTypeName(rest, b.gl.inferred); t != "" {
			return "t:" + t
		}
		return "?"
	}
	if t := b.constructed(text); t != "" {
		return "t:" + t
	}
	base := ""
	for _, w := range b.gl.super {
		if call, ok := strings.CutSuffix(w, "("); ok && strings.HasPrefix(text, w) {
			// super(...) is the base, whatever its arguments.
			if end := strings.IndexByte(text, ')'); end >= len(call) {
				base, text = "super", strings.TrimSpace(text[end+1:])
				text = text[separatorLen(text):]
				break
			}
		}
	}
	segs, ok := splitQualified(text)
	if !ok {
		return "?"
	}
	if base == "" {
		if len(segs) == 0 {
			return "?"
		}
		first := segs[0]
		segs = segs[1:]
		switch {
		case wordIn(first, b.gl.self):
			base = "self"
		case wordIn(first, b.gl.super):
			base = "super"
		case b.gl.inferred[first]:
			return "?" // Kotlin's it
		case strings.HasPrefix(first, "@") && strings.TrimLeft(first, "@") != "":
			// Ruby's @ivar and @@cvar: a member of the instance or class.
			base = "self"
			segs = append([]string{strings.TrimLeft(first, "@")}, segs...)
		default:
			t, local := b.local(locals, fn, first)
			if !local {
				t = locals[localKey{globalScope, first}]
			}
			if callee, ok := strings.CutPrefix(t, resultMark); ok {
				t = ""
				if inner := b.resultOf(callee, at, locals); inner != "" {
					base = inner
					break
				}
			}
			if len(segs) > 0 {
				arrow = strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(text, first)), "->")
			}
			if pointee, ok := strings.CutPrefix(t, pointerMark); ok {
				if t = ""; arrow {
					t = pointee // p->log(): the object's; p.reset(): the smart pointer's own
				}
			}
			switch {
			case t != "":
				base = typedBase(t)
			case local:
				return "?"
			default:
				return "n:" + strings.Join(append([]string{first}, segs...), ".")
			}
		}
	}
	if base == "self" && len(segs) > 0 && cls >= 0 && locals[localKey{cls, segs[0]}] != "" {
		base, segs = typedBase(locals[localKey{cls, segs[0]}]), segs[1:]
	}
	if base == "self" && b.gl.lexicalSelf && cls >= 0 && at.encl >= 0 && scopeKinds[b.g.Defs[at.encl].Kind] && b.outerScope[at.encl] >= 0 {
		// self in a function inside a method (a closure's self, an arrow
		// function's this) is the method's: named by its class, since
		// the function around the use is no member of it.
		base = "t:" + b.g.Defs[cls].Qualified()
	}
	if len(segs) > maxSelections {
		return "?"
	}
	for _, s := range segs {
		base += " ." + s
	}
	return base
}

// resultMark marks the type of a local bound to a call's result (`resp =
// self.send(req)`): the callee follows it, and the receivers the local
// types are the callee's receiver with " ()" (`self .send ()`), which
// navigation resolves through the callee's declared result type.
const resultMark = "()"

// maxResultDepth bounds the calls a receiver follows through locals
// bound to results (`a = f()`, `b = a.g()`, `b.h()`), and the recursion
// of one bound to its own result (`node = node.next()`).
const maxResultDepth = 2

// resultOf is the receiver of the result of calling callee at a site:
// the callee's own receiver and " ()", or "" when it is unknown.
func (b *graphBuilder) resultOf(callee string, at site, locals map[localKey]string) string {
	if b.resultDepth >= maxResultDepth {
		return ""
	}
	b.resultDepth++
	defer func() { b.resultDepth-- }()
	r := b.receiver(callee, false, at, locals)
	if r == "" || r == "?" || strings.Count(r, " ") >= maxSelections {
		return ""
	}
	return r + " ()"
}

// valueMark marks the type of a local bound to a name's value whose type
// the file may not know (a parameter's default, compat32, imported from
// another module): the receivers it types are "v:NAME", which navigation
// resolves through NAME's declaration and its Def.Type.
const valueMark = "="

// valueOf is the type of a local bound to the value of name.
func valueOf(name string) string { return valueMark + name }

// typeGlobals gives a top-level variable the type the file constructs it
// with (compat32 = Compat32()) as its Def.Type, for the "v:" receivers of
// other files to resolve through.
func (b *graphBuilder) typeGlobals(locals map[localKey]string) {
	for i := range b.g.Defs {
		d := &b.g.Defs[i]
		if d.Parent != "" || d.Type != "" || d.Kind != "var" {
			continue
		}
		if t := locals[localKey{globalScope, d.Name}]; t != "" && !strings.HasPrefix(t, valueMark) && !strings.HasPrefix(t, resultMark) {
			d.Type = "t:" + t
		}
	}
}

// typedBase is the receiver base of a value of type t (a locals entry).
func typedBase(t string) string {
	if name, ok := strings.CutPrefix(t, valueMark); ok {
		return "v:" + name
	}
	return "t:" + t
}

// GlobalRecv is the receiver of a name qualified by the global scope
// alone (graphLang.globalScope): ::connect() in a tcp_client method calls
// the C library's connect, not the method.
const GlobalRecv = "g:"

// globallyQualified reports a name at start that the language's global
// scope qualifier opens, with nothing qualifying it further ("::connect",
// not "std::connect" or "a::b::connect").
func (b *graphBuilder) globallyQualified(start uint32) bool {
	q := b.gl.globalScope
	n := uint32(len(q))
	if q == "" || start < n || start > uint32(len(b.s.src)) || string(b.s.src[start-n:start]) != q {
		return false
	}
	if start == n {
		return true
	}
	c := b.s.src[start-n-1]
	return !(isNameByte(c) || c == '>' || c == ':') // a name, a template's arguments or a longer qualifier before it
}

// pointerMark marks the type of a local that is a smart pointer
// (graphLang.pointers) to an object of the type after it.
const pointerMark = "*"

// localType is the plain name of a local's declared type, or for a smart
// pointer its object's, marked (pointerMark).
func (b *graphBuilder) localType(text string) string {
	t := plainTypeName(text, b.gl.inferred)
	if !b.gl.pointers[t] {
		return t
	}
	open := strings.IndexByte(text, '<')
	if open < 0 {
		return ""
	}
	arg := text[open+1:]
	if end := strings.IndexAny(arg, ",>"); end >= 0 {
		arg = arg[:end]
	}
	if p := plainTypeName(arg, b.gl.inferred); p != "" {
		return pointerMark + p
	}
	return ""
}

// arrowAfter reports whether "->" follows byte offset end (a receiver's),
// white space skipped.
func (b *graphBuilder) arrowAfter(end uint32) bool {
	rest := b.text(end, end+64)
	return strings.HasPrefix(strings.TrimLeft(rest, " \t\r\n"), "->")
}

func wordIn(w string, words []string) bool {
	for _, x := range words {
		if x == w {
			return true
		}
	}
	return false
}

// constructed is the class a receiver that is a constructor call
// ("Parser(*args)", "mod.Parser()") makes, in the languages where a call
// of a capitalized name does (ctorCalls); "" otherwise.
func (b *graphBuilder) constructed(text string) string {
	open := strings.IndexByte(text, '(')
	if !b.gl.ctorCalls || open <= 0 || !strings.HasSuffix(text, ")") || closing(text, open) != len(text)-1 {
		return ""
	}
	segs, ok := splitQualified(strings.TrimSpace(text[:open]))
	if !ok || len(segs) == 0 {
		return ""
	}
	name := segs[len(segs)-1]
	if !titled(strings.TrimLeft(name, "_")) {
		return "" // a function; a private class (_Foo) is a class
	}
	return name
}

// closing is the index of the parenthesis that closes the one at open,
// -1 when none does.
func closing(text string, open int) int {
	depth := 0
	for i := open; i < len(text); i++ {
		switch text[i] {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return -1
}

// splitQualified splits a receiver's text at its separators (. :: -> \ ?.
// &. and Lua's :) into names; ok is false when a part is not a plain
// name (a call, a subscript, a literal).
func splitQualified(text string) (segs []string, ok bool) {
	i := 0
	for i < len(text) {
		for i < len(text) && isSpace(text[i]) {
			i++
		}
		j := i
		for j < len(text) && isNameByte(text[j]) {
			j++
		}
		if j == i {
			return nil, false
		}
		segs = append(segs, text[i:j])
		i = j
		for i < len(text) && isSpace(text[i]) {
			i++
		}
		if i == len(text) {
			break
		}
		n := separatorLen(text[i:])
		if n == 0 {
			return nil, false
		}
		i += n
	}
	return segs, true
}

// separatorLen is the length of the qualifier separator text starts
// with, or 0.
func separatorLen(text string) int {
	for _, sep := range []string{"::", "->", "?.", "&.", "!!.", ".", "\\", ":"} {
		if strings.HasPrefix(text, sep) {
			return len(sep)
		}
	}
	return 0
}

// isNameByte reports whether b can be part of a name: letters, digits,
// "_", "$" (PHP variables, JavaScript), "@" (Ruby instance variables)
// and any byte of a non-ASCII character.
func isNameByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_' || b == '$' || b == '@' || b >= 0x80
}

// titled reports a name starting with an ASCII upper-case letter, as
// most languages write their classes and types by convention (a
// constructor call Foo(), Zig's, Dart's and Haskell's types and modules).
func titled(s string) bool {
	return s != "" && s[0] >= 'A' && s[0] <= 'Z'
}

// qualifiedName writes a qualified name with "." separators ("std::io"
// and "Foo\Bar" become "std.io" and "Foo.Bar"); text that is no plain
// qualified name is returned with its white space removed.
func qualifiedName(text string) string {
	text = strings.TrimLeft(strings.TrimSpace(stripTypeArgs(text)), "\\:.")
	if segs, ok := splitQualified(text); ok {
		return strings.Join(segs, ".")
	}
	return strings.Join(strings.Fields(text), "")
}

// stripTypeArgs removes the type arguments from a qualified name: a
// C++ class template's members are defined as "Foo<T>::bar", and their
// parent is Foo. A name whose angle brackets do not balance ("->" aside)
// is returned as it is.
func stripTypeArgs(text string) string {
	if strings.IndexByte(text, '<') < 0 {
		return text
	}
	out := make([]byte, 0, len(text))
	depth := 0
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '<':
			depth++
		case c == '>' && depth > 0:
			depth--
		case depth == 0:
			out = append(out, c)
		}
	}
	if depth != 0 {
		return text
	}
	return string(out)
}

// typeModifiers are words and sigils before a type's name that are not
// part of it.
var typeModifiers = []string{"const ", "volatile ", "mut ", "dyn ", "impl ", "struct ", "class ", "enum ",
	"union ", "typename ", "final ", "readonly ", "ref ", "in ", "out ", "unsigned ", "signed ", "&", "*", "?", "^", "\""}

// qualifiedTypeName is a declared type's name with the path written
// before it ("ll.Semaphore" for `ll::Semaphore`), given its plain name:
// the path tells which of several types of the name it is.
func qualifiedTypeName(t, plain string) string {
	t = strings.TrimSpace(t)
	for _, m := range []string{"&", "mut ", "*", "const "} {
		t = strings.TrimSpace(strings.TrimPrefix(t, m))
	}
	path, _, ok := strings.Cut(t, "::"+plain)
	if !ok || path == "" || strings.ContainsAny(path, "<>(),[] &'") {
		return plain
	}
	return strings.ReplaceAll(path, "::", ".") + "." + plain
}

// plainTypeName is the plain name of the type a type expression names:
// modifiers, qualifiers and type arguments dropped ("const std::vector<int>&"
// is "vector"), Python's Optional[T] is T. It is "" for a type that names
// nothing (inferred, a function type, a tuple).
func plainTypeName(t string, inferred map[string]bool) string {
	if len(t) > maxRecvText {
		t = t[:maxRecvText]
	}
	for range 8 {
		t = strings.TrimLeft(strings.TrimSpace(t), "\\:")
		trimmed := false
		for _, m := range typeModifiers {
			if strings.HasPrefix(t, m) {
				t, trimmed = t[len(m):], true
			}
		}
		if lifetime, ok := strings.CutPrefix(t, "'"); ok { // Rust's &'a T
			if sp := strings.IndexByte(lifetime, ' '); sp > 0 {
				t, trimmed = lifetime[sp:], true
			}
		}
		if !trimmed {
			break
		}
	}
	end := 0
	for end < len(t) && (isNameByte(t[end]) || separatorLen(t[end:]) > 0 && t[end] != '?') {
		end += max(1, separatorLen(t[end:]))
	}
	segs, ok := splitQualified(strings.TrimRight(t[:end], ".:\\"))
	if !ok || len(segs) == 0 {
		return ""
	}
	name := segs[len(segs)-1]
	if name == "Optional" && end < len(t) && t[end] == '[' {
		return plainTypeName(t[end+1:], inferred)
	}
	if inferred[name] || strings.HasPrefix(name, "$") || strings.HasPrefix(name, "@") {
		return ""
	}
	return name
}
