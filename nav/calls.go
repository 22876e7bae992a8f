package nav

import (
	"slices"
	"sort"

	"github.com/codeseek/codeseek/chunker"
)

// CallOptions shapes a call hierarchy.
type CallOptions struct {
	// Outgoing lists what the target calls; otherwise who calls it.
	Outgoing bool
	// Depth is how many levels to follow (at least 1).
	Depth int
	// MaxNodes bounds the whole tree; DefaultMaxCallNodes when 0.
	MaxNodes int
	// Keep, if set, keeps only callers in the files it accepts.
	Keep func(path, language string) bool
}

// DefaultMaxCallNodes bounds a call hierarchy when CallOptions does not:
// enough for three levels of a well-used function, small enough to answer
// in milliseconds.
const DefaultMaxCallNodes = 200

// CallNode is a caller or callee with the lines of its calls.
type CallNode struct {
	Definition
	// CallLines are where the calls are: in the caller's file (incoming)
	// or in the parent's file (outgoing).
	CallLines []int
	Calls     []CallNode
}

// CallHierarchy returns who calls the target (or what it calls), to a
// depth, and whether the tree was cut at MaxNodes.
func CallHierarchy(ix Index, t Target, o CallOptions) ([]CallNode, int, bool, error) {
	o.Depth = max(o.Depth, 1)
	if o.MaxNodes <= 0 {
		o.MaxNodes = DefaultMaxCallNodes
	}
	b := &callBuilder{ix: ix, o: o, seen: map[defKey]bool{defKeyOf(t.Definition): true}, modules: newModuleSet(ix)}
	nodes, err := b.level(t.Definition, 1)
	return nodes, b.count, b.cut, err
}

type defKey struct {
	path string
	line int
	name string
}

func defKeyOf(d Definition) defKey { return defKey{d.Path, d.Def.Line, d.Def.Name} }

type callBuilder struct {
	ix   Index
	o    CallOptions
	seen map[defKey]bool // on the current path, against recursion
	// modules tells a library's members from the repository's.
	modules *moduleSet
	count   int
	cut     bool
}

func (b *callBuilder) level(d Definition, depth int) ([]CallNode, error) {
	var nodes []CallNode
	var err error
	if b.o.Outgoing {
		nodes, err = b.callees(d)
	} else {
		nodes, err = b.callers(d)
	}
	if err != nil {
		return nil, err
	}
	out := nodes[:0]
	expanded := map[defKey]bool{} // a callee listed twice (exact, and by name) is followed once
	for _, n := range nodes {
		if b.count >= b.o.MaxNodes {
			b.cut = true
			break
		}
		b.count++
		k := defKeyOf(n.Definition)
		if depth < b.o.Depth && callable(n.Def.Kind) && !b.seen[k] && !expanded[k] {
			b.seen[k], expanded[k] = true, true
			n.Calls, err = b.level(n.Definition, depth+1)
			delete(b.seen, k)
			if err != nil {
				return nil, err
			}
		}
		out = append(out, n)
	}
	return out, nil
}

func callable(kind string) bool {
	switch kind {
	case "function", "method", "constructor", "func", "macro", "test":
		return true
	}
	return false
}

// callers groups the calls of d by the declaration they are in.
func (b *callBuilder) callers(d Definition) ([]CallNode, error) {
	refs, err := References(b.ix, Target{Definition: d}, RefFilter{Kinds: []chunker.RefKind{chunker.RefCall}, Keep: b.o.Keep})
	if err != nil {
		return nil, err
	}
	type group struct {
		node CallNode
		key  defKey
	}
	var groups []*group
	byKey := map[defKey]*group{}
	for _, r := range refs {
		k := defKey{r.Path, r.EnclosingLine, r.Enclosing}
		g := byKey[k]
		if g == nil {
			caller, ok := Definition{}, false
			if r.EnclosingIndex >= 0 {
				caller, ok = loadDefinition(b.ix, r.Path, r.EnclosingIndex, r.Match)
			}
			if !ok { // top-level code
				caller = Definition{Path: r.Path, Def: chunker.Def{Name: "", Kind: "file"}, Match: r.Match}
			}
			g = &group{node: CallNode{Definition: caller}, key: k}
			byKey[k] = g
			groups = append(groups, g)
		}
		if first := len(g.node.CallLines) == 0; first || r.Match == MatchExact {
			// One call resolved to the target proves the caller calls it.
			g.node.Match = r.Match
		}
		g.node.CallLines = append(g.node.CallLines, r.Line)
	}
	out := make([]CallNode, len(groups))
	for i, g := range groups {
		out[i] = g.node
		slices.Sort(out[i].CallLines)
	}
	sortNodes(out)
	return out, nil
}

// callees resolves the calls made inside d's declaration.
func (b *callBuilder) callees(d Definition) ([]CallNode, error) {
	f, g, err := fileGraph(b.ix, d.Path)
	if err != nil {
		return nil, err
	}
	var nodes []CallNode
	// Calls resolved to a callee and calls that only share its name are
	// nodes apart: the latter may call another declaration of the name.
	type calleeKey struct {
		defKey
		match string
	}
	byKey := map[calleeKey]int{}
	for _, r := range g.Refs {
		bare := r.Kind == chunker.RefOther && callsWithoutParens(f.Language)
		if r.Kind != chunker.RefCall && !bare || r.Line < d.Def.StartLine || r.Line > d.Def.EndLine || !inside(g, r.Enclosing, d.Def) {
			continue
		}
		defs, err := resolveUse(b.ix, f, g.Imports, r, b.modules)
		if err != nil || len(defs) == 0 || !sameFamily(defs[0].Language, f.Language) {
			continue // a library or builtin function
		}
		if bare && !callable(defs[0].Def.Kind) {
			continue // a value, not a parameterless method
		}
		callee := defs[0]
		if callee.Match != MatchExact && len(defs) > 1 {
			callee.Match = MatchName
		}
		k := calleeKey{defKeyOf(callee), callee.Match}
		if i, ok := byKey[k]; ok {
			nodes[i].CallLines = append(nodes[i].CallLines, r.Line)
			continue
		}
		byKey[k] = len(nodes)
		nodes = append(nodes, CallNode{Definition: callee, CallLines: []int{r.Line}})
	}
	sortNodes(nodes)
	return nodes, nil
}

// callsWithoutParens reports a language whose parameterless methods are
// called by their name alone (Scala's `Show.fromToString[Int]`, `xs.size`),
// so that a use of a function that is no call by its syntax is one.
func callsWithoutParens(lang string) bool { return lang == "scala" }

// inside reports whether declaration i of g is d or nested in it.
func inside(g *chunker.Graph, i int32, d chunker.Def) bool {
	if i < 0 || int(i) >= len(g.Defs) {
		return false
	}
	e := g.Defs[i]
	return e.Line == d.Line && e.Name == d.Name || e.StartLine >= d.StartLine && e.EndLine <= d.EndLine
}

// sortNodes orders calls by place (exact first, tests last).
func sortNodes(ns []CallNode) {
	aside := asidePaths{}
	at := func(n CallNode) place { return place{n.Match == MatchExact, aside.of(n.Path), n.Path, n.Def.Line, 0} }
	sort.SliceStable(ns, func(i, j int) bool { return at(ns[i]).before(at(ns[j])) })
}
