package chunker

import (
	"bytes"
	"slices"
	"sort"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
)

// pendingDef is a definition before the file's definitions are ordered
// and their parents known.
type pendingDef struct {
	Def
	span      defSpan
	nameStart uint32
	// qualifier is the part of the parent the declaration itself states
	// ("Foo" of "void Foo::bar()", "M" of Lua's "function M.f()", "A"
	// of Ruby's "class A::B"); the enclosing declarations make the rest.
	qualifier string
	// fromQuery marks a declaration only the query found: a function in
	// a class-like is a method.
	fromQuery bool
}

// classLikeKinds are the declarations whose functions are methods.
var classLikeKinds = set("class", "struct", "interface", "trait", "impl", "object", "enum", "record",
	"protocol", "extension", "actor", "union", "module")

// ClassLike reports whether kind, a chunk's or a declaration's kind,
// is a class-like declaration: one whose functions are methods.
func ClassLike(kind string) bool { return classLikeKinds[kind] }

// typeKinds are the declarations of types, and valueKinds those of
// values: a type declared in a value's declaration ("typedef struct foo
// {...} foo_t;", "const A = class B {}") is not its member, though the
// fields of an anonymous one are.
var (
	typeKinds  = set("class", "struct", "union", "enum", "interface", "trait", "record", "protocol")
	valueKinds = set("type", "var", "const", "field", "property")
)

// namespaceKinds are the declarations that are transparent in parents
// when they are the file's package (a C# or PHP namespace block).
var namespaceKinds = set("namespace", "package", "module")

// buildDefs makes the file's definitions: the outline's declarations,
// one per declared name, then the declarations only the query found,
// ordered by position, with their parents from the declarations around
// them.
func (b *graphBuilder) buildDefs() {
	c := newCoder(b.s, b.spec, DefaultMaxTokens)
	if b.chunked != nil {
		c.memo, c.containers = b.chunked.memo, b.chunked.containers
	}
	b.moduleWrappers(c)
	var defs []pendingDef
	seen := map[uint32]bool{} // declared names, by start byte
	sort.SliceStable(b.cands, func(i, j int) bool { return b.cands[i].node.start < b.cands[j].node.start })
	c.walkDecls(b.root, b.mayHold, func(d *decl, parent string) {
		qualifier := ""
		if d.parent != parent {
			qualifier = d.parent // the classifier's own ("Foo" of "Foo::bar")
		}
		names, end, repaired := d.names, uint32(0), false
		if b.gl.repair != nil {
			var nm *sitter.Node
			if nm, end = b.gl.repair(b, d); nm != nil {
				// The classifier named the declaration after what the
				// parse left in the name's place, which is no name the
				// query may declare either.
				for _, old := range d.names {
					seen[b.skipSpace(old.StartByte(), old.EndByte())] = true
				}
				names, qualifier, repaired = []*sitter.Node{nm}, "", true
			}
		}
		if len(names) == 0 {
			if p, ok := b.outlineDef(d, nil, qualifier, parent, end); ok && len(defs) < maxGraphRefs {
				defs = append(defs, p)
				// A name the query finds where the declaration starts is
				// the word the outline named it past (gtest's TEST of
				// TEST(Suite, Name)), no declaration of its own.
				seen[p.span.start] = true
			}
			return
		}
		for i, nm := range names {
			if p, ok := b.outlineDef(d, nm, qualifier, parent, end); ok && len(defs) < maxGraphRefs {
				if i > 0 {
					b.ownLines(d, nm, &p)
				}
				if repaired && p.Kind == "var" {
					p.Kind = "function" // a prototype, declaring what the repair found
				}
				if repaired && p.qualifier != "" && p.Kind == "function" {
					p.Kind = "method" // "Foo::Foo" repaired, as the classifier makes it
				}
				seen[b.skipSpace(nm.StartByte(), nm.EndByte())], seen[p.nameStart] = true, true
				defs = append(defs, p)
			}
		}
	})
	for i := range b.cands {
		cd := &b.cands[i]
		if seen[cd.name.start] || len(defs) >= maxGraphRefs {
			continue
		}
		seen[cd.name.start] = true
		if p, ok := b.queryDef(cd); ok {
			defs = append(defs, p)
		}
	}
	sort.SliceStable(defs, func(i, j int) bool {
		if defs[i].span.start != defs[j].span.start {
			return defs[i].span.start < defs[j].span.start
		}
		return defs[i].span.end > defs[j].span.end
	})
	b.setParents(defs)
	defs = instanceMembers(defs)
	b.g.Defs = make([]Def, len(defs))
	b.spans = make([]defSpan, len(defs))
	for i := range defs {
		b.g.Defs[i] = defs[i].Def
		b.spans[i] = defs[i].span
		b.masked = append(b.masked, defs[i].nameStart)
	}
	b.setScopes()
}

// setScopes finds, for each definition, the function-like definitions
// whose locals it sees.
func (b *graphBuilder) setScopes() {
	n := len(b.g.Defs)
	b.scope, b.outerScope = make([]int32, n), make([]int32, n)
	var stack []int32
	for i := range b.g.Defs {
		for len(stack) > 0 && !encloses(b.spans[stack[len(stack)-1]], b.spans[i]) {
			stack = stack[:len(stack)-1]
		}
		outer := int32(-1)
		if len(stack) > 0 {
			outer = b.scope[stack[len(stack)-1]]
		}
		b.outerScope[i], b.scope[i] = outer, outer
		if scopeKinds[b.g.Defs[i].Kind] {
			b.scope[i] = int32(i)
		}
		stack = append(stack, int32(i))
	}
}

// mayHold reports whether a wrapper of declarations may start between two
// byte offsets (see walkDecls and findWrappers).
func (b *graphBuilder) mayHold(start, end uint32) bool {
	i := sort.Search(len(b.wrappers), func(i int) bool { return b.wrappers[i] >= start })
	return i < len(b.wrappers) && b.wrappers[i] < end
}

// wrapperLevels is how far above a declaration the node it counts for as
// a wrapper's member may be: its parent, or the parent of the export,
// decorator or declaration list around it.
const wrapperLevels = 3

// findWrappers lists the nodes that may be wrappers of declarations: the
// chunker counts a wrapper's members among its children, each of which
// holds the declaration the query found within wrapperLevels, so a node
// with fewer of them is none. The query's declarations include every kind
// the chunker's classifiers count (functions, classes; not variables,
// fields or constants).
func (b *graphBuilder) findWrappers() {
	flat := b.flat
	counts := map[uint32]int{}
	for i := range b.cands {
		if valueOnlyKinds[b.cands[i].kind] {
			continue
		}
		p := uint32(flat[b.cands[i].node.node].parent)
		for level := 0; level < wrapperLevels && p != noNode; level++ {
			if counts[p]++; counts[p] == containerMinDecls {
				b.wrappers = append(b.wrappers, uint32(flat[p].start))
			}
			p = uint32(flat[p].parent)
		}
	}
	slices.Sort(b.wrappers)
}

// moduleWrappers adds the bodies of the file's module-format wrappers
// (langSpec.moduleBody), which the chunker walks into whatever they
// hold, to the wrappers mayHold knows.
func (b *graphBuilder) moduleWrappers(c *coder) {
	if b.spec.moduleBody == nil {
		return
	}
	for ch := range children(b.root, true) {
		if body := b.spec.moduleBody(c, ch); body != nil {
			b.wrappers = append(b.wrappers, body.StartByte())
		}
	}
	slices.Sort(b.wrappers)
}

// valueOnlyKinds are the query's kinds of declaration that the chunker
// does not count when it looks for a wrapper of declarations.
var valueOnlyKinds = set("field", "constant", "const", "var")

// outlineDef makes the definition of one name of an outline declaration
// classified under parent; nm is nil when the classifier found no name
// node. A scopeEnd other than 0 is where the declaration really ends (see
// graphLang.repair).
func (b *graphBuilder) outlineDef(d *decl, nm *sitter.Node, qualifier, parent string, scopeEnd uint32) (pendingDef, bool) {
	end := d.node.EndByte()
	p := pendingDef{span: defSpan{b.skipSpace(d.node.StartByte(), end), end}, qualifier: qualifier}
	p.Kind, p.Signature, p.Doc = d.kind, d.sig, docLine(d.doc)
	p.StartLine, p.EndLine = d.a+1, d.b+1
	if scopeEnd > end {
		p.span.end = scopeEnd
		p.EndLine, _ = b.position(scopeEnd - 1)
	}
	if nm == nil {
		p.Name = d.name
		p.nameStart = b.findName(p.span.start, d.name)
		p.Line, p.Col = b.position(p.nameStart)
	} else {
		leaf, prefix, typed := b.nameLeaf(nm)
		sp := leaf.StartPoint()
		c := capture{start: leaf.StartByte(), end: leaf.EndByte(), row: sp.Row, col: sp.Column}
		b.trimSpace(&c)
		p.Name, p.nameStart = b.text(c.start, c.end), c.start
		p.Line, p.Col = int(c.row)+1, int(c.col)+1
		if typed && prefix == "" && p.qualifier != "" && parent == "" && p.Kind == "method" {
			p.Kind = "function" // a method only of the qualifier the type made
		}
		if p.qualifier == "" || typed {
			p.qualifier = prefix
		}
	}
	p.Name = operatorName(unquotedName(p.Name))
	if !b.validDefName(p.Name) {
		return p, false
	}
	if p.qualifier == "" {
		p.qualifier = b.parents[p.nameStart]
	}
	p.Type = b.nameTypes[p.nameStart]
	if b.abstract[p.nameStart] {
		p.Flags |= DefAbstract
	}
	return p, true
}

// ownLines narrows p, the definition of a later name of a declaration of
// several, to the lines of the name's own declarator where it starts a
// line of its own (`var alpha = [],` / `    beta = alpha.slice,`): its
// lines and signature are its own, not the first name's.
func (b *graphBuilder) ownLines(d *decl, nm *sitter.Node, p *pendingDef) {
	own := nm
	for own.Parent() != nil && !own.Parent().Equal(d.node) {
		own = own.Parent()
	}
	if own.Parent() == nil {
		return // the name is no part of the declaration's node
	}
	start, end := own.StartPoint(), own.EndPoint()
	if int(start.Row) <= d.a {
		return // on the first name's line: the statement's signature tells it
	}
	p.StartLine, p.EndLine = int(start.Row)+1, int(end.Row)+1
	line := b.text(own.StartByte(), own.EndByte())
	if i := strings.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	p.Signature = strings.TrimSpace(line)
}

// queryDef makes the definition of a declaration only the query found,
// from its node in the flat tree: no cgo call per declaration, of which a
// generated file can have a hundred thousand.
func (b *graphBuilder) queryDef(cd *rawDef) (pendingDef, bool) {
	p := pendingDef{span: defSpan{cd.node.start, cd.node.end}, nameStart: cd.name.start, fromQuery: true}
	if isInstanceMember(cd.kind) {
		// Its statement is the method's (self.parser = make_parser() is
		// a call __init__ makes): it encloses its name only.
		p.span = defSpan{cd.name.start, cd.name.end}
	}
	p.Name = b.text(cd.name.start, cd.name.end)
	if cd.name.node == cd.node.node {
		// A declaration named by the keyword it starts with (TypeScript's
		// construct signature "new (x: T): U" is named new).
		n := 0
		for n < len(p.Name) && isNameByte(p.Name[n]) {
			n++
		}
		p.Name = p.Name[:n]
	}
	p.Line, p.Col = int(cd.name.row)+1, int(cd.name.col)+1
	if sym, ok := strings.CutPrefix(p.Name, ":"); ok { // Ruby's attr_reader :name
		p.Name, p.Col, p.nameStart = sym, p.Col+1, p.nameStart+1
	} else if ivar, ok := strings.CutPrefix(p.Name, "@"); ok && isInstanceMember(cd.kind) {
		// Ruby's @name: a reference to it starts at the sigil, which
		// nameStart keeps so that the declaring one is masked.
		p.Name, p.Col = ivar, p.Col+1
	}
	if i := strings.LastIndex(p.Name, "operator"); i > 0 && separatorBefore(p.Name[:i]) {
		// C++'s "Foo::operator=": the operator's qualifier is its parent.
		p.qualifier = p.Name[:i]
		p.Col += i
		p.nameStart += uint32(i)
		p.Name = p.Name[i:]
	} else if segs, ok := splitQualified(stripTypeArgs(p.Name)); ok && len(segs) > 1 && !strings.ContainsAny(p.Name, "\n") &&
		strings.HasSuffix(p.Name, segs[len(segs)-1]) {
		// A qualified name ("obj.method = function", "Foo.prototype.bar
		// = ...", C++'s "Foo<T>::Foo"): the qualifier is the parent, a
		// prototype is its constructor.
		last := segs[len(segs)-1]
		segs = slices.DeleteFunc(segs[:len(segs)-1], func(s string) bool { return s == "prototype" })
		p.qualifier = strings.Join(segs, ".")
		skip := len(p.Name) - len(last)
		p.Col += skip
		p.nameStart += uint32(skip)
		p.Name = last
	}
	p.Name = operatorName(unquotedName(p.Name))
	if !b.validDefName(p.Name) {
		return p, false
	}
	p.Kind = cd.kind
	if p.qualifier == "" {
		p.qualifier = b.parents[cd.name.start]
	}
	p.Type = b.nameTypes[cd.name.start]
	if b.abstract[cd.name.start] {
		p.Flags |= DefAbstract
	}
	p.StartLine, _ = b.position(cd.node.start)
	p.EndLine, _ = b.position(max(cd.node.start, cd.node.end-1))
	p.Signature = headerText(b.s.src, cd.node.start, b.headerEnd(cd.node.node))
	p.Doc = b.docs[cd.name.start]
	if p.Doc == "" {
		if doc, line := b.docAbove(cd.node.node); doc != "" {
			p.Doc, p.StartLine = doc, line
		}
	}
	return p, true
}

// headerEnd is where the header of the declaration at flat node i ends:
// at its body, or at the end of its first line.
func (b *graphBuilder) headerEnd(i uint32) uint32 {
	n := &b.flat[i]
	start, end := uint32(n.start), min(uint32(n.end), uint32(len(b.s.src)))
	for ch := uint32(n.first); ch != noNode && b.gq.bodyField != 0; ch = uint32(b.flat[ch].next) {
		if uint16(b.flat[ch].field) == b.gq.bodyField && uint32(b.flat[ch].start) > start {
			return uint32(b.flat[ch].start)
		}
	}
	// The first line, and the next after a line of annotations alone
	// (`@JvmField` above `internal var size = 0`, Java's `@JsonProperty
	// ("id")` above its field), which say nothing of what is declared.
	from := start
	for range maxAnnotationLines {
		nl := bytes.IndexByte(b.s.src[from:end], '\n')
		if nl < 0 {
			return end
		}
		if !annotationsOnly(b.s.src[from : from+uint32(nl)]) {
			return from + uint32(nl)
		}
		from += uint32(nl) + 1
	}
	return from
}

// maxAnnotationLines bounds the annotation lines a header reads past.
const maxAnnotationLines = 4

// annotationsOnly reports a line of annotations alone: every word opens
// with "@" (an annotation's arguments in parentheses, without spaces).
func annotationsOnly(line []byte) bool {
	words := bytes.Fields(line)
	for _, w := range words {
		if w[0] != '@' {
			return false
		}
	}
	return len(words) > 0
}

// setParents sets each definition's parent from the definitions around
// it, defs being ordered by position with the outer of two nested
// declarations first.
func (b *graphBuilder) setParents(defs []pendingDef) {
	type open struct {
		i     int
		scope string // the parent of its members
	}
	var stack []open
	for i := range defs {
		d := &defs[i]
		for len(stack) > 0 && !encloses(defs[stack[len(stack)-1].i].span, d.span) {
			stack = stack[:len(stack)-1]
		}
		scope := ""
		if isInstanceMember(d.Kind) {
			scope = noHolder
			for k := len(stack) - 1; k >= 0; k-- {
				if classLikeKinds[defs[stack[k].i].Kind] {
					scope = stack[k].scope
					break
				}
			}
		} else if len(stack) > 0 {
			top := stack[len(stack)-1]
			scope = top.scope
			if typeKinds[d.Kind] && valueKinds[defs[top.i].Kind] {
				scope = defs[top.i].Parent
			}
			if d.fromQuery && d.Kind == "function" && classLikeKinds[defs[top.i].Kind] {
				d.Kind = "method"
			}
		}
		d.Parent = joinQualified(scope, qualifiedName(d.qualifier))
		members := d.Qualified()
		if namespaceKinds[d.Kind] && members == b.g.Package {
			members = scope // the package is not repeated in its members' parents
		}
		stack = append(stack, open{i, members})
	}
}

// instanceMemberKind is the query's kind (@def.member, or
// @def.member.KIND for a declaration of kind KIND rather than a field) of
// a member of the instance declared inside a method: Python's self.x = ...,
// which declares x as the class's attribute, JavaScript's this.x, Ruby's
// @x, TypeScript's parameter property, PHP's promoted constructor
// parameter. It is a member of the class around the method, unless the
// class declares the name itself (a class attribute, a property, Ruby's
// attr_reader) or a method of it assigned the member before.
const instanceMemberKind = "member"

// isInstanceMember reports whether kind is instanceMemberKind's.
func isInstanceMember(kind string) bool {
	return kind == instanceMemberKind || strings.HasPrefix(kind, instanceMemberKind+".")
}

// instanceMembers makes the instance members declarations of the class
// that holds them, once each, and drops the rest (see instanceMemberKind).
func instanceMembers(defs []pendingDef) []pendingDef {
	if !slices.ContainsFunc(defs, func(d pendingDef) bool { return isInstanceMember(d.Kind) }) {
		return defs
	}
	declared := map[string]bool{} // by qualified name
	data := map[string]bool{}     // those declared as data, not called
	for i := range defs {
		if !isInstanceMember(defs[i].Kind) {
			declared[defs[i].Qualified()] = true
			data[defs[i].Qualified()] = !scopeKinds[defs[i].Kind] // a function, method or constructor is called
		}
	}
	out := defs[:0]
	for _, d := range defs {
		if isInstanceMember(d.Kind) {
			// A member of an explicit kind (PHP's promoted property) is in
			// a namespace of its own, apart from the class's methods: a
			// method x() leaves property $x declared.
			taken := declared
			if strings.Contains(d.Kind, ".") {
				taken = data
			}
			if d.Parent == noHolder || taken[d.Qualified()] {
				continue
			}
			declared[d.Qualified()], data[d.Qualified()] = true, true
			if _, kind, ok := strings.Cut(d.Kind, "."); ok {
				d.Kind = kind
			} else {
				d.Kind = "field"
			}
		}
		out = append(out, d)
	}
	return out
}

// noHolder is the parent of an instance member outside any class, which
// instanceMembers drops.
const noHolder = "\x00"

// encloses reports whether the declaration spanning outer contains the
// one spanning inner; the names of one declaration ("const a = 1, b = 2")
// share a span and enclose each other not.
func encloses(outer, inner defSpan) bool {
	return outer.start <= inner.start && inner.end <= outer.end && outer != inner
}

// joinQualified joins two parts of a qualified name, either may be empty.
func joinQualified(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "." + b
}

// nameLeaf returns the simple name inside a declared name node ("bar" of
// "ns::Foo::bar", "Foo" of "Foo<T>::bar", "f" of Lua's "M.f") and the
// qualifier before it; typed reports a name whose parse took the type
// before it for a qualifier, so that what the classifier made of that
// qualifier is no parent either.
func (b *graphBuilder) nameLeaf(nm *sitter.Node) (leaf *sitter.Node, prefix string, typed bool) {
	leaf = nm
	for i := 0; i < 4 && leaf.NamedChildCount() > 1; i++ {
		next := field(leaf, "name")
		if next == nil {
			next = field(leaf, "field")
		}
		if next == nil {
			next = field(leaf, "method")
		}
		if next == nil {
			// Lua's "M.f" is a run of names: the last one is declared.
			if last := leaf.NamedChild(int(leaf.NamedChildCount()) - 1); last != nil && last.ChildCount() == 0 {
				next = last
			}
		}
		if next == nil {
			break
		}
		leaf = next
	}
	if leaf == nm {
		return leaf, "", false
	}
	prefix, typed = cutAtGap(stripTypeArgs(strings.TrimSpace(b.text(nm.StartByte(), leaf.StartByte()))))
	if _, ok := splitQualified(strings.TrimRight(prefix, ".:\\>-")); !ok && prefix != "" {
		return nm, "", false // not a qualified name ("(a, b)" of a pattern)
	}
	return leaf, prefix, typed
}

// cutAtGap drops from a qualifier what comes before a missing separator,
// two names with only white space between them: tree-sitter's error
// recovery makes a type or macro before a declared name part of its
// qualifier ("time_point " of "SPDLOG_INLINE log_clock::time_point now()",
// "SPDLOG_INLINE " of "void SPDLOG_INLINE Foo::bar()").
func cutAtGap(prefix string) (string, bool) {
	cut := -1
	for i := 1; i < len(prefix); i++ {
		if isSpace(prefix[i]) && isNameByte(prefix[i-1]) {
			j := i
			for j < len(prefix) && isSpace(prefix[j]) {
				j++
			}
			if j == len(prefix) || isNameByte(prefix[j]) {
				cut = j
			}
			i = j
		}
	}
	if len(prefix) > 0 && isNameByte(prefix[len(prefix)-1]) {
		cut = len(prefix) // no separator between the qualifier and the name
	}
	if cut < 0 {
		return prefix, false
	}
	return prefix[cut:], true
}

// validName reports whether a declared name is a name, not a pattern
// ("{ a, b }" of a destructuring declaration) or an empty one.
func validName(name string) bool {
	if name == "" || len(name) > maxSignature {
		return false
	}
	if strings.HasPrefix(name, "operator") {
		return true // C++'s operator() and operator[]
	}
	// Ruby's setter "def pos=(value)" is named pos=.
	return !strings.ContainsAny(strings.TrimSuffix(name, "="), " \t\r\n{}()[],;=\"'")
}

// validDefName reports whether a declared name is a name in the file's
// language: validName's, or one of the operators it names methods by.
func (b *graphBuilder) validDefName(name string) bool {
	if b.gl.operatorNames != "" && name != "" && len(name) <= 3 && strings.Trim(name, b.gl.operatorNames) == "" {
		return true
	}
	return validName(name)
}

// operatorName writes a C++ operator's name the one way people and ctags
// look it up: "operator =" and "operator ()" are "operator=" and
// "operator()"; a space stays only between two words ("operator new",
// "operator const char*"); a conversion operator's parameters and
// qualifiers ("operator bool() const") are no part of it.
func operatorName(name string) string {
	if !strings.HasPrefix(name, "operator") {
		return name
	}
	if strings.ContainsAny(name, " \t\r\n") {
		name = squeezeOperator(name)
	}
	if i := strings.IndexByte(name, '('); i > 0 && !strings.HasPrefix(name, "operator()") {
		name = name[:i]
	}
	return name
}

// squeezeOperator removes the white space of an operator's name but
// between two words.
func squeezeOperator(name string) string {
	var out strings.Builder
	for i := 0; i < len(name); i++ {
		if !isSpace(name[i]) {
			out.WriteByte(name[i])
			continue
		}
		j := i
		for j < len(name) && isSpace(name[j]) {
			j++
		}
		if j < len(name) && isNameByte(name[j]) && isNameByte(name[i-1]) {
			out.WriteByte(' ')
		}
		i = j - 1
	}
	return out.String()
}

// separatorBefore reports whether text ends with a qualifier's separator.
func separatorBefore(text string) bool {
	text = strings.TrimRight(text, " \t")
	return strings.HasSuffix(text, "::") || strings.HasSuffix(text, ".")
}

// findName returns where name first occurs in the declaration starting at
// start, or start.
func (b *graphBuilder) findName(start uint32, name string) uint32 {
	end := min(int(start)+maxSignatureScan, len(b.s.src))
	if name != "" && int(start) < end {
		if i := strings.Index(string(b.s.src[start:end]), name); i >= 0 {
			return start + uint32(i)
		}
	}
	return start
}

// position is the 1-based line and byte column of a byte offset.
func (b *graphBuilder) position(off uint32) (int, int) {
	line := sort.Search(b.s.n, func(i int) bool { return b.s.start[i+1] > int(off) })
	if line >= b.s.n {
		line = max(b.s.n-1, 0)
	}
	return line + 1, int(off) - b.s.start[line] + 1
}

// maxDocComments bounds the comments looked at above a declaration.
const maxDocComments = 64

// docAbove returns the first line of the doc comment right above the
// declaration at flat node i and the line where that comment starts.
func (b *graphBuilder) docAbove(i uint32) (string, int) {
	if b.spec.noCommentDocs {
		return "", 0
	}
	line, _ := b.position(uint32(b.flat[i].start))
	first, last := noNode, noNode
	p := uint32(b.flat[i].prev)
	for k := 0; k < maxDocComments && p != noNode && b.gq.comments[uint16(b.flat[p].symbol)]; k++ {
		c := &b.flat[p]
		a, _ := b.position(uint32(c.start))
		e, _ := b.position(max(uint32(c.start), uint32(c.end)-1))
		text := b.text(uint32(c.start), uint32(c.end))
		if e+1 < line || !b.spec.isDoc(text) || b.spec.isDirective(text) || b.trailing(p, a) {
			break
		}
		if last == noNode {
			last = p
		}
		first, line = p, a
		p = uint32(c.prev)
	}
	if first == noNode {
		return "", 0
	}
	return docLine(b.text(uint32(b.flat[first].start), uint32(b.flat[last].end))), line
}

// trailing reports whether the comment at flat node c, starting on line
// a, ends the line of the code before it (`int depth; /* … */`): it
// speaks of that code, not of the declaration on the next line.
func (b *graphBuilder) trailing(c uint32, a int) bool {
	q := uint32(b.flat[c].prev)
	if q == noNode || b.gq.comments[uint16(b.flat[q].symbol)] {
		return false
	}
	end, _ := b.position(max(uint32(b.flat[q].start), uint32(b.flat[q].end)-1))
	return end == a
}

// maxDocScan bounds the bytes of a doc comment searched for its first
// line.
const maxDocScan = 4096

// docLine is the first non-blank line of a doc comment or docstring,
// with the comment markers and quotes stripped.
func docLine(doc string) string {
	if len(doc) > maxDocScan {
		doc = doc[:maxDocScan]
	}
	for doc != "" {
		line := doc
		if i := strings.IndexByte(doc, '\n'); i >= 0 {
			line, doc = doc[:i], doc[i+1:]
		} else {
			doc = ""
		}
		if l := stripDocMarkers(line); l != "" {
			return l
		}
	}
	return ""
}

// docOpeners and docClosers are the comment and string markers around
// a doc line, longest first.
var (
	docOpeners = []string{"--[==[", "--[=[", "--[[", "/**", "/*!", "/*", "///", "//!", "//", "#'", "#", "---", "--",
		`r"""`, `u"""`, `"""`, `r'''`, `'''`, `"`, `'`, "*"}
	docClosers = []string{"*/", "]==]", "]=]", "]]", `"""`, `'''`, `"`, `'`}
)

func stripDocMarkers(line string) string {
	line = strings.TrimSpace(line)
	for _, m := range docOpeners {
		if strings.HasPrefix(line, m) {
			line = strings.TrimSpace(line[len(m):])
			break
		}
	}
	for _, m := range docClosers {
		if strings.HasSuffix(line, m) {
			line = strings.TrimSpace(line[:len(line)-len(m)])
			break
		}
	}
	line = strings.TrimSpace(trimXMLTag(line))
	if strings.Trim(line, "*-=#/ ") == "" {
		return "" // a rule of stars or dashes
	}
	return line
}

// trimXMLTag strips the element tags around a C# XML doc line
// ("<summary>Adds.</summary>").
func trimXMLTag(line string) string {
	if strings.HasPrefix(line, "<") {
		if end := strings.IndexByte(line, '>'); end > 0 && !strings.ContainsAny(line[1:end], " =\"") {
			line = line[end+1:]
		}
	}
	if i := strings.LastIndex(line, "</"); i >= 0 && strings.HasSuffix(line, ">") && !strings.ContainsAny(line[i:], " =") {
		line = line[:i]
	}
	return line
}
