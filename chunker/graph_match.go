package chunker

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
)

// The graph's per-language rules are tree-sitter query patterns, matched
// here against a flat tree (graph_capture.go) with tree-sitter's
// semantics for the part of the query language they use: nested nodes,
// fields, the wildcard (_), alternations [...] of nodes with or without
// fields, captures, negated fields (!alias), anchors (. before a child
// pattern: it matches the next named child, or the first; . before the
// closing parenthesis: the last child pattern matches the last named
// child), the quantifiers + and * on a child pattern without children of
// its own (the longest run of consecutive named children that matches), groups
// ((node) (#predicate ...)) and the predicates #eq?, #any-of? and
// #match? and their #not- forms. Child patterns match in order, one
// match per combination, as with a QueryCursor. Anonymous nodes ("string"
// literals) and the ? quantifier are not supported and fail the
// compilation, as do node types and fields the grammar does not have.
// (sitter.NewQuery is not used to check patterns: tree-sitter's analysis
// of a two-child Swift function pattern alone takes a minute.)

// pnode is one node of a compiled pattern.
type pnode struct {
	syms  []uint16 // the node's symbols; nil for the wildcard
	field uint16   // the field it must be in its parent; 0 for any
	not   []uint16 // fields the node must not have
	last  bool     // the last child pattern matches the last named child
	next  bool     // matches the named child right after the previous child pattern's
	quant byte     // '+' or '*' on a childless child pattern, or 0
	caps  []uint32 // capture ids
	kids  []*pnode
	alts  []*pnode // an alternation's members; syms and kids unused
}

// pattern is one compiled top-level pattern.
type pattern struct {
	root  *pnode
	preds []predicate
	// fallback marks a lone-node pattern whose captures yield to any
	// other capture of the node (set by the pattern set's user).
	fallback bool
}

// patternSet is a language's compiled patterns, indexed by the symbol
// their root matches.
type patternSet struct {
	patterns []pattern
	byRoot   [][]int // symbol -> patterns whose root has it
	anyRoot  []int   // patterns whose root is the wildcard
	capNames []string
	// symbols and fields are the grammar's named node types and fields.
	symbols map[string][]uint16
	fields  map[string]uint16
}

// queryParser reads a query's text.
type queryParser struct {
	src     string
	pos     int
	syms    map[string][]uint16
	fields  map[string]uint16
	capIDs  map[string]uint32
	capList []string
}

// errorSymbol is tree-sitter's symbol of an ERROR node.
const errorSymbol = 1<<16 - 1

// compilePatterns compiles a query for a language.
func compilePatterns(query string, lang *sitter.Language) (*patternSet, error) {
	p := &queryParser{src: query, syms: map[string][]uint16{}, fields: map[string]uint16{}, capIDs: map[string]uint32{}}
	count := lang.SymbolCount()
	for s := uint32(0); s < count; s++ {
		if lang.SymbolType(sitter.Symbol(s)) == sitter.SymbolTypeRegular {
			name := lang.SymbolName(sitter.Symbol(s))
			p.syms[name] = append(p.syms[name], uint16(s))
		}
	}
	// An ERROR node, where the parser's recovery put what it could not
	// parse, may be matched below a pattern's root.
	p.syms["ERROR"] = []uint16{errorSymbol}
	for f := 1; f < 1<<16; f++ {
		name := lang.FieldName(f)
		if name == "" {
			break
		}
		p.fields[name] = uint16(f)
	}
	ps := &patternSet{byRoot: make([][]int, count)}
	for {
		p.skip()
		if p.pos >= len(p.src) {
			break
		}
		pat := pattern{}
		root, err := p.node(&pat)
		if err != nil {
			return nil, fmt.Errorf("query offset %d: %w", p.pos, err)
		}
		pat.root = root
		i := len(ps.patterns)
		ps.patterns = append(ps.patterns, pat)
		if root.syms == nil {
			ps.anyRoot = append(ps.anyRoot, i)
		}
		for _, s := range root.syms {
			if int(s) >= len(ps.byRoot) {
				return nil, fmt.Errorf("query offset %d: a pattern's root cannot be an ERROR", p.pos)
			}
			ps.byRoot[s] = append(ps.byRoot[s], i)
		}
	}
	ps.capNames, ps.symbols, ps.fields = p.capList, p.syms, p.fields
	return ps, nil
}

// skip passes white space and ; comments.
func (p *queryParser) skip() {
	for p.pos < len(p.src) {
		switch c := p.src[p.pos]; {
		case c == ';':
			for p.pos < len(p.src) && p.src[p.pos] != '\n' {
				p.pos++
			}
		case isSpace(c):
			p.pos++
		default:
			return
		}
	}
}

func (p *queryParser) peek() byte {
	p.skip()
	if p.pos >= len(p.src) {
		return 0
	}
	return p.src[p.pos]
}

// ident reads a node, field, capture or predicate name.
func (p *queryParser) ident() string {
	p.skip()
	start := p.pos
	for p.pos < len(p.src) && isIdentByte(p.src[p.pos]) {
		p.pos++
	}
	return p.src[start:p.pos]
}

// isIdentByte reports whether c can be part of a name in a query: node
// types, fields, captures ("import.from") and predicates ("not-eq?").
func isIdentByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '_' || c == '.' || c == '-' || c == '?' || c == '!'
}

// node reads "(type children...) @captures".
func (p *queryParser) node(pat *pattern) (*pnode, error) {
	if p.peek() != '(' {
		return nil, fmt.Errorf("want (")
	}
	p.pos++
	if p.peek() == '(' {
		return p.group(pat)
	}
	n := &pnode{}
	name := p.ident()
	switch {
	case name == "_":
	case name == "":
		return nil, fmt.Errorf("want a node type")
	default:
		syms, ok := p.syms[name]
		if !ok {
			return nil, fmt.Errorf("no named node type %q", name)
		}
		n.syms = syms
	}
	anchored := false
	add := func(kid *pnode) {
		kid.next, anchored = anchored, false
		n.kids = append(n.kids, kid)
	}
	for {
		switch c := p.peek(); {
		case c == ')':
			if anchored {
				return nil, fmt.Errorf("an anchor before ) needs a child pattern before it")
			}
			p.pos++
			return n, p.captures(n)
		case c == '(' && p.pos+1 < len(p.src) && p.src[p.pos+1] == '#':
			pr, err := p.predicate()
			if err != nil {
				return nil, err
			}
			pat.preds = append(pat.preds, pr)
		case c == '.':
			p.pos++
			if p.peek() == ')' && len(n.kids) > 0 {
				n.last = true
			} else {
				anchored = true
			}
		case c == '!':
			p.pos++
			f, ok := p.fields[p.ident()]
			if !ok {
				return nil, fmt.Errorf("unknown negated field")
			}
			n.not = append(n.not, f)
		case c == '(' || c == '[':
			kid, err := p.child(pat, 0)
			if err != nil {
				return nil, err
			}
			add(kid)
		case isIdentByte(c):
			field, err := p.field()
			if err != nil {
				return nil, err
			}
			kid, err := p.child(pat, field)
			if err != nil {
				return nil, err
			}
			add(kid)
		default:
			return nil, fmt.Errorf("unsupported query syntax %q", c)
		}
	}
}

// group reads the rest of "((node) @capture (#predicate...))", which lets
// a predicate test the outermost node.
func (p *queryParser) group(pat *pattern) (*pnode, error) {
	n, err := p.node(pat)
	if err != nil {
		return nil, err
	}
	for p.peek() == '(' && p.pos+1 < len(p.src) && p.src[p.pos+1] == '#' {
		pr, err := p.predicate()
		if err != nil {
			return nil, err
		}
		pat.preds = append(pat.preds, pr)
	}
	if p.peek() != ')' {
		return nil, fmt.Errorf("want ) after a group")
	}
	p.pos++
	return n, p.captures(n)
}

// field reads "name:".
func (p *queryParser) field() (uint16, error) {
	name := p.ident()
	if p.peek() != ':' {
		return 0, fmt.Errorf("want : after %q", name)
	}
	p.pos++
	f, ok := p.fields[name]
	if !ok {
		return 0, fmt.Errorf("no field %q", name)
	}
	return f, nil
}

// child reads a node or an alternation in a field (0 for none).
func (p *queryParser) child(pat *pattern, field uint16) (*pnode, error) {
	if p.peek() != '[' {
		n, err := p.node(pat)
		if n != nil {
			n.field = field
		}
		return n, err
	}
	p.pos++
	alt := &pnode{}
	for p.peek() != ']' {
		f := field
		if c := p.peek(); isIdentByte(c) {
			var err error
			if f, err = p.field(); err != nil {
				return nil, err
			}
		}
		n, err := p.node(pat)
		if err != nil {
			return nil, err
		}
		n.field = f
		alt.alts = append(alt.alts, n)
	}
	p.pos++
	if len(alt.alts) == 0 {
		return nil, fmt.Errorf("empty alternation")
	}
	return alt, p.captures(alt)
}

// captures reads the "@name"s after a node.
func (p *queryParser) captures(n *pnode) error {
	for p.peek() == '@' {
		p.pos++
		name := p.ident()
		if name == "" {
			return fmt.Errorf("want a capture name")
		}
		n.caps = append(n.caps, p.capture(name))
	}
	switch c := p.peek(); c {
	case '*', '+':
		if len(n.kids) > 0 || n.alts != nil {
			return fmt.Errorf("a quantifier is supported only on a node without children")
		}
		p.pos++
		n.quant = c
		return p.captures(n)
	case '?':
		return fmt.Errorf("the ? quantifier is not supported")
	}
	return nil
}

func (p *queryParser) capture(name string) uint32 {
	id, ok := p.capIDs[name]
	if !ok {
		id = uint32(len(p.capList))
		p.capIDs[name] = id
		p.capList = append(p.capList, name)
	}
	return id
}

// predicate reads "(#op? @capture "value"...)".
func (p *queryParser) predicate() (predicate, error) {
	var pr predicate
	p.pos += 2 // "(#"
	op := p.ident()
	if p.peek() != '@' {
		return pr, fmt.Errorf("#%s needs a capture first", op)
	}
	p.pos++
	pr.capture = p.capture(p.ident())
	for p.peek() == '"' {
		s, err := p.str()
		if err != nil {
			return pr, err
		}
		pr.values = append(pr.values, s)
	}
	if p.peek() != ')' {
		return pr, fmt.Errorf("#%s compares a capture with strings only", op)
	}
	p.pos++
	return pr, pr.compile(op)
}

// str reads a double-quoted string with Go's escapes.
func (p *queryParser) str() (string, error) {
	start := p.pos
	p.pos++
	for p.pos < len(p.src) && p.src[p.pos] != '"' {
		if p.src[p.pos] == '\\' {
			p.pos++
		}
		p.pos++
	}
	if p.pos >= len(p.src) {
		return "", fmt.Errorf("unterminated string")
	}
	p.pos++
	return strconv.Unquote(p.src[start:p.pos])
}

// matcher finds the matches of a pattern set in a flat tree.
type matcher struct {
	ps    *patternSet
	src   []byte
	flat  []flatNode
	caps  []capture // captures of the match being built
	conts []cont    // what is left to match, innermost last
	pat   int
	found int // matches of the current root
	emit  func(m []capture) bool
	// skip, when not nil, tells a lone-node pattern whose captures all
	// yield to others (a bare "(identifier) @ref") to pass over a node
	// captured already.
	skip func(node uint32) bool
	stop bool
	// steps counts the children looked at, which patterns with several
	// children could make quadratic; past maxSteps the file's matching
	// stops with the matches so far.
	steps, maxSteps int
}

// cont is a pattern node whose children kids[ki:] are still to match,
// among the children of node from child onwards.
type cont struct {
	p           *pnode
	node, child uint32
	ki          int
}

// maxMatchesPerRoot bounds the matches of one pattern at one node (one
// per parameter of "(parameters (identifier) @local)").
const maxMatchesPerRoot = 1 << 14

// Matching work allowed per file: stepsBase plus stepsPerNode children
// looked at for each node of the flat tree. Real patterns look at a few
// children per node.
const (
	stepsBase    = 1 << 20
	stepsPerNode = 64
)

// run calls emit with the captures of every match, in the order of the
// matches' roots in the tree, until emit returns false.
func (m *matcher) run() {
	m.maxSteps = stepsBase + stepsPerNode*len(m.flat)
	for i := range m.flat {
		if s := int(m.flat[i].symbol); s < len(m.ps.byRoot) {
			m.matchRoots(m.ps.byRoot[s], uint32(i))
		}
		m.matchRoots(m.ps.anyRoot, uint32(i))
		if m.stop {
			return
		}
	}
}

func (m *matcher) matchRoots(patterns []int, i uint32) {
	for _, pi := range patterns {
		m.pat, m.found, m.caps = pi, 0, m.caps[:0]
		root := m.ps.patterns[pi].root
		if root.kids == nil && root.not == nil && m.ps.patterns[pi].preds == nil {
			// A lone node ("(identifier) @ref"), most matches: no
			// continuation to run.
			if m.ps.patterns[pi].fallback && m.skip != nil && m.skip(i) {
				continue
			}
			for _, c := range root.caps {
				m.caps = append(m.caps, m.capture(c, i))
			}
			if !m.emit(m.caps) {
				m.stop = true
			}
			continue
		}
		m.matchAt(root, i)
	}
}

// matchAt matches pattern node p at flat node i and goes on with the
// continuation stack.
func (m *matcher) matchAt(p *pnode, i uint32) {
	f := &m.flat[i]
	if p.syms != nil && !hasSymbol(p.syms, uint16(f.symbol)) || len(p.not) > 0 && m.hasField(i, p.not) {
		return
	}
	mark := len(m.caps)
	for _, c := range p.caps {
		m.caps = append(m.caps, m.capture(c, i))
	}
	m.conts = append(m.conts, cont{p: p, node: i, child: uint32(f.first)})
	m.next()
	m.conts = m.conts[:len(m.conts)-1]
	m.caps = m.caps[:mark]
}

// next matches the next child pattern of the innermost open pattern
// node, or closes it and goes on with its parent's; with nothing left
// open, the match is complete.
func (m *matcher) next() {
	if m.stop || m.found >= maxMatchesPerRoot {
		return
	}
	if len(m.conts) == 0 {
		m.found++
		if m.holds() && !m.emit(m.caps) {
			m.stop = true
		}
		return
	}
	top := len(m.conts) - 1
	c := m.conts[top]
	if c.ki == len(c.p.kids) {
		if c.p.last && c.child != noNode {
			return // the last child pattern did not match the last child
		}
		m.conts = m.conts[:top]
		m.next()
		m.conts = append(m.conts, c)
		return
	}
	kid := c.p.kids[c.ki]
	if kid.quant != 0 {
		m.repeat(kid, c)
		m.conts[top] = c
		return
	}
	for ch := c.child; ch != noNode && !m.stop; ch = uint32(m.flat[ch].next) {
		if m.steps++; m.steps > m.maxSteps {
			m.stop = true
			break
		}
		if kid.next && m.flat[ch].named == 0 {
			continue // an anchored child pattern skips anonymous nodes only
		}
		m.conts[top] = cont{p: c.p, node: c.node, child: uint32(m.flat[ch].next), ki: c.ki + 1}
		if kid.alts == nil && (kid.field == 0 || uint16(m.flat[ch].field) == kid.field) {
			m.matchAt(kid, ch)
		}
		for _, alt := range kid.alts {
			if alt.field != 0 && uint16(m.flat[ch].field) != alt.field {
				continue
			}
			mark := len(m.caps)
			for _, cp := range kid.caps {
				m.caps = append(m.caps, m.capture(cp, ch))
			}
			m.matchAt(alt, ch)
			m.caps = m.caps[:mark]
		}
		if kid.next {
			break
		}
	}
	m.conts[top] = c
}

// repeat matches a quantified child pattern, which has no children of its
// own, against a run of consecutive named children that fit it (anonymous
// nodes between them are passed over), going on after the run's last
// child: the longest run that completes a match, and no shorter one.
func (m *matcher) repeat(kid *pnode, c cont) {
	var run []uint32
	for ch := c.child; ch != noNode && len(run) < maxRepeat; ch = uint32(m.flat[ch].next) {
		m.steps++
		f := &m.flat[ch]
		if (kid.field == 0 || uint16(f.field) == kid.field) && (kid.syms == nil || hasSymbol(kid.syms, uint16(f.symbol))) {
			run = append(run, ch)
		} else if f.named != 0 && (len(run) > 0 || kid.next) {
			break // the run ends at a named child that does not fit
		}
	}
	least := 1
	if kid.quant == '*' {
		least = 0
	}
	top := len(m.conts) - 1
	for k := len(run); k >= least && !m.stop; k-- {
		mark := len(m.caps)
		after := c.child
		for _, ch := range run[:k] {
			for _, cp := range kid.caps {
				m.caps = append(m.caps, m.capture(cp, ch))
			}
			after = uint32(m.flat[ch].next)
		}
		m.conts[top] = cont{p: c.p, node: c.node, child: after, ki: c.ki + 1}
		found := m.found
		m.next()
		m.caps = m.caps[:mark]
		if m.found > found {
			return // the longest run that matches, only
		}
	}
}

// maxRepeat bounds the children one quantified pattern matches.
const maxRepeat = 64

// hasField reports whether node i has a child in one of fields.
func (m *matcher) hasField(i uint32, fields []uint16) bool {
	for ch := uint32(m.flat[i].first); ch != noNode; ch = uint32(m.flat[ch].next) {
		m.steps++
		for _, f := range fields {
			if uint16(m.flat[ch].field) == f {
				return true
			}
		}
	}
	return false
}

func hasSymbol(syms []uint16, s uint16) bool {
	for _, x := range syms {
		if x == s {
			return true
		}
	}
	return false
}

func (m *matcher) capture(id, i uint32) capture {
	f := &m.flat[i]
	return capture{index: id, pattern: uint32(m.pat), node: i, start: uint32(f.start), end: uint32(f.end),
		row: uint32(f.row), col: uint32(f.col)}
}

// holds checks the predicates of the pattern being matched.
func (m *matcher) holds() bool {
	for _, pr := range m.ps.patterns[m.pat].preds {
		if !pr.holds(m.caps, m.src) {
			return false
		}
	}
	return true
}

// capture is one captured node of a match. Rows and columns are 0-based,
// columns in bytes.
type capture struct {
	index, pattern uint32
	node           uint32 // index in the flat tree
	start, end     uint32 // bytes
	row, col       uint32 // of start
}

// predicate is a #eq?, #any-of? or #match? condition (or its #not-
// form) on the text of one capture.
type predicate struct {
	capture uint32
	values  []string
	re      *regexp.Regexp
	negate  bool
}

func (pr *predicate) compile(op string) error {
	pr.negate = strings.HasPrefix(op, "not-")
	switch strings.TrimPrefix(op, "not-") {
	case "eq?", "any-of?":
		if len(pr.values) == 0 {
			return fmt.Errorf("#%s needs a value", op)
		}
	case "match?":
		if len(pr.values) != 1 {
			return fmt.Errorf("#%s takes one pattern", op)
		}
		re, err := regexp.Compile(pr.values[0])
		if err != nil {
			return err
		}
		pr.re = re
	default:
		return fmt.Errorf("unsupported predicate #%s", op)
	}
	return nil
}

// holds reports whether the captures of a match satisfy the predicate.
func (pr *predicate) holds(caps []capture, src []byte) bool {
	for i := range caps {
		if caps[i].index != pr.capture {
			continue
		}
		text := src[min(int(caps[i].start), len(src)):min(int(caps[i].end), len(src))]
		ok := false
		if pr.re != nil {
			ok = pr.re.Match(text)
		} else {
			for _, v := range pr.values {
				if string(text) == v {
					ok = true
					break
				}
			}
		}
		if ok == pr.negate {
			return false
		}
	}
	return true
}
