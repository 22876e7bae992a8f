package store

import (
	"encoding/binary"
	"fmt"
	"sort"
	"strings"

	"github.com/codeseek/codeseek/chunker"
)

// A file's part of the symbol graph is stored as one blob per file, in the
// part's file order (section graph, offsets in graph_end), with two name
// indexes in the lexicon layout whose rows are the part's files: gdef.
// (name -> files declaring it) and gref. (name -> files using it, with
// the number of uses as the term frequency). A query reads the name
// indexes, then decodes only the blobs of the files they list.
//
// Blob layout, all integers uvarints:
//
//	version | string count, strings (length, bytes) | package (string id)
//	| import count, imports (name, path, line)
//	| def count, defs (name, kind, parent, line, col, start, end, signature,
//	  doc, type, flags)
//	| ref count, refs (name, line delta, col, kind, enclosing+1, receiver)
//
// Strings are ids into the blob's own string table, so a name used a
// hundred times in a file is stored once; refs are sorted by position.
const graphVersion = 1

const (
	secGraph    = "graph"
	secGraphEnd = "graph_end"
	gdefPrefix  = "gdef."
	grefPrefix  = "gref."
)

// encodeGraph encodes g as a blob; nil for a file without a graph.
func encodeGraph(g *chunker.Graph) []byte {
	if g == nil {
		return nil
	}
	ids := map[string]uint64{"": 0}
	strs := []string{""}
	sid := func(s string) uint64 {
		if id, ok := ids[s]; ok {
			return id
		}
		id := uint64(len(strs))
		ids[s] = id
		strs = append(strs, s)
		return id
	}
	var body []byte
	u := func(v uint64) { body = binary.AppendUvarint(body, v) }
	u(sid(g.Package))
	u(uint64(len(g.Imports)))
	for _, im := range g.Imports {
		u(sid(im.Name))
		u(sid(im.Path))
		u(uint64(max(im.Line, 0)))
	}
	u(uint64(len(g.Defs)))
	for _, d := range g.Defs {
		u(sid(d.Name))
		u(sid(d.Kind))
		u(sid(d.Parent))
		for _, n := range []int{d.Line, d.Col, d.StartLine, d.EndLine} {
			u(uint64(max(n, 0)))
		}
		u(sid(d.Signature))
		u(sid(d.Doc))
		u(sid(d.Type))
		u(uint64(d.Flags))
	}
	refs := make([]chunker.Ref, len(g.Refs))
	copy(refs, g.Refs)
	sort.SliceStable(refs, func(i, j int) bool {
		if refs[i].Line != refs[j].Line {
			return refs[i].Line < refs[j].Line
		}
		return refs[i].Col < refs[j].Col
	})
	u(uint64(len(refs)))
	line := 0
	for _, r := range refs {
		u(sid(r.Name))
		l := max(r.Line, line)
		u(uint64(l - line))
		line = l
		u(uint64(max(r.Col, 0)))
		u(uint64(r.Kind))
		u(uint64(max(r.Enclosing+1, 0)))
		u(sid(r.Recv))
	}
	out := binary.AppendUvarint(nil, graphVersion)
	out = binary.AppendUvarint(out, uint64(len(strs)))
	for _, s := range strs {
		out = appendString(out, s)
	}
	return append(out, body...)
}

// graphBlob is a decoded view of one blob: its strings point into the
// mapping (or the writer's buffer) and must not leave the store; the copy
// methods hand out heap copies.
type graphBlob struct {
	strs []string
	pkg  string
	r    metaReader // positioned at the imports
}

// openGraph parses a blob's string table and package. It returns false
// for an empty blob (a file without a graph) or a damaged one.
func openGraph(b []byte) (graphBlob, bool) {
	if len(b) == 0 {
		return graphBlob{}, false
	}
	r := metaReader{b: b}
	if r.uint() != graphVersion {
		return graphBlob{}, false
	}
	n := r.uint()
	if r.bad || n > len(b) {
		return graphBlob{}, false
	}
	strs := make([]string, n)
	for i := range strs {
		strs[i] = stringOf(r.bytes())
	}
	g := graphBlob{strs: strs}
	g.pkg = g.str(&r)
	g.r = r
	return g, !r.bad
}

func (g *graphBlob) str(r *metaReader) string {
	i := r.uint()
	if i >= len(g.strs) {
		r.bad = true
		return ""
	}
	return g.strs[i]
}

// graphCursor walks a blob's sections in order.
type graphCursor struct {
	g *graphBlob
	r metaReader
}

func (g *graphBlob) cursor() *graphCursor { return &graphCursor{g: g, r: g.r} }

func (c *graphCursor) imports(fn func(chunker.Import)) {
	n := c.r.uint()
	for i := 0; i < n && !c.r.bad; i++ {
		im := chunker.Import{Name: c.g.str(&c.r), Path: c.g.str(&c.r), Line: c.r.uint()}
		if fn != nil {
			fn(im)
		}
	}
}

func (c *graphCursor) defs(fn func(i int32, d chunker.Def)) {
	n := c.r.uint()
	for i := 0; i < n && !c.r.bad; i++ {
		d := chunker.Def{Name: c.g.str(&c.r), Kind: c.g.str(&c.r), Parent: c.g.str(&c.r)}
		d.Line, d.Col, d.StartLine, d.EndLine = c.r.uint(), c.r.uint(), c.r.uint(), c.r.uint()
		d.Signature, d.Doc, d.Type = c.g.str(&c.r), c.g.str(&c.r), c.g.str(&c.r)
		d.Flags = uint8(c.r.uint())
		if fn != nil && !c.r.bad {
			fn(int32(i), d)
		}
	}
}

func (c *graphCursor) refs(fn func(r chunker.Ref)) {
	n := c.r.uint()
	line := 0
	for i := 0; i < n && !c.r.bad; i++ {
		name := c.g.str(&c.r)
		line += c.r.uint()
		r := chunker.Ref{Name: name, Line: line, Col: c.r.uint(), Kind: chunker.RefKind(c.r.uint()),
			Enclosing: int32(c.r.uint()) - 1, Recv: c.g.str(&c.r)}
		if !c.r.bad {
			fn(r)
		}
	}
}

// names counts the names a blob declares and uses, for the name indexes.
func (g *graphBlob) names(defs, refs map[string]uint32) {
	c := g.cursor()
	c.imports(nil)
	c.defs(func(_ int32, d chunker.Def) {
		if d.Flags&chunker.DefEmbedded == 0 {
			defs[d.Name]++
		}
	})
	c.refs(func(r chunker.Ref) { refs[r.Name]++ })
}

// clone copies a string out of the mapping.
func clone(s string) string { return strings.Clone(s) }

func cloneDef(d chunker.Def) chunker.Def {
	d.Name, d.Kind, d.Parent = clone(d.Name), clone(d.Kind), clone(d.Parent)
	d.Signature, d.Doc, d.Type = clone(d.Signature), clone(d.Doc), clone(d.Type)
	return d
}

func cloneRef(r chunker.Ref) chunker.Ref {
	r.Name, r.Recv = clone(r.Name), clone(r.Recv)
	return r
}

// decodeGraph copies a blob onto the heap, with its references or not.
func decodeGraph(b []byte, withRefs bool) (*chunker.Graph, error) {
	gb, ok := openGraph(b)
	if !ok {
		if len(b) == 0 {
			return nil, nil
		}
		return nil, fmt.Errorf("%w: symbol graph", ErrCorrupt)
	}
	g := &chunker.Graph{Package: clone(gb.pkg)}
	c := gb.cursor()
	c.imports(func(im chunker.Import) {
		g.Imports = append(g.Imports, chunker.Import{Name: clone(im.Name), Path: clone(im.Path), Line: im.Line})
	})
	c.defs(func(_ int32, d chunker.Def) { g.Defs = append(g.Defs, cloneDef(d)) })
	if withRefs {
		c.refs(func(r chunker.Ref) { g.Refs = append(g.Refs, cloneRef(r)) })
	}
	if c.r.bad {
		return nil, fmt.Errorf("%w: symbol graph", ErrCorrupt)
	}
	return g, nil
}

// buildGraphIndexes builds the name indexes of a part's files from their
// blobs (nil for a file without a graph).
func buildGraphIndexes(blobs [][]byte) (defs, refs *lexicon) {
	defRows, refRows := map[string][]posting{}, map[string][]posting{}
	d, r := map[string]uint32{}, map[string]uint32{}
	for i, b := range blobs {
		gb, ok := openGraph(b)
		if !ok {
			continue
		}
		clear(d)
		clear(r)
		gb.names(d, r)
		for name, n := range d {
			defRows[name] = append(defRows[name], posting{doc: int32(i), tf: n})
		}
		for name, n := range r {
			refRows[name] = append(refRows[name], posting{doc: int32(i), tf: n})
		}
	}
	return nameLexicon(defRows, len(blobs)), nameLexicon(refRows, len(blobs))
}

// nameLexicon lays out name -> rows postings as a lexicon over n rows.
func nameLexicon(rows map[string][]posting, n int) *lexicon {
	names := make([]string, 0, len(rows))
	for name := range rows {
		names = append(names, strings.Clone(name))
	}
	sort.Strings(names)
	lx := &lexicon{DocLen: make([]uint32, n)}
	for _, name := range names {
		ps := rows[name]
		sort.Slice(ps, func(i, j int) bool { return ps[i].doc < ps[j].doc })
		lx.Terms = append(lx.Terms, name...)
		lx.TermEnd = append(lx.TermEnd, uint32(len(lx.Terms)))
		prev := int32(0)
		for _, p := range ps {
			lx.Post = binary.AppendUvarint(binary.AppendUvarint(lx.Post, uint64(p.doc-prev)), uint64(p.tf))
			prev = p.doc
		}
		lx.DF = append(lx.DF, uint32(len(ps)))
		lx.PostEnd = append(lx.PostEnd, uint64(len(lx.Post)))
	}
	return lx
}
