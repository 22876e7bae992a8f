package chunker

import (
	"encoding/binary"
	"errors"
	"sort"
)

// A Graph's binary form is what the index stores per file and what
// indexing holds in memory between chunking and commit: a file's graph
// takes about seven bytes a reference this way, a tenth of the structs.
// All integers are uvarints:
//
//	version | string count, strings (length, bytes) | package (string id)
//	| import count, imports (name, path, line)
//	| def count, defs (name, kind, parent, line, col, start, end, signature,
//	  doc, type, flags)
//	| ref count, refs (name, line delta, col, kind, enclosing+1, receiver)
//
// Strings are ids into the graph's own string table, so a name used a
// hundred times in a file is stored once; refs are sorted by position.
const graphCodecVersion = 1

// ErrBadGraph reports an encoded graph that does not decode.
var ErrBadGraph = errors.New("damaged symbol graph")

// Encode returns g's binary form; nil for a nil graph.
func (g *Graph) Encode() []byte {
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
	n := func(v int) { u(uint64(max(v, 0))) }
	u(sid(g.Package))
	n(len(g.Imports))
	for _, im := range g.Imports {
		u(sid(im.Name))
		u(sid(im.Path))
		n(im.Line)
	}
	n(len(g.Defs))
	for _, d := range g.Defs {
		u(sid(d.Name))
		u(sid(d.Kind))
		u(sid(d.Parent))
		n(d.Line)
		n(d.Col)
		n(d.StartLine)
		n(d.EndLine)
		u(sid(d.Signature))
		u(sid(d.Doc))
		u(sid(d.Type))
		u(uint64(d.Flags))
	}
	refs := make([]Ref, len(g.Refs))
	copy(refs, g.Refs)
	sort.SliceStable(refs, func(i, j int) bool {
		if refs[i].Line != refs[j].Line {
			return refs[i].Line < refs[j].Line
		}
		return refs[i].Col < refs[j].Col
	})
	n(len(refs))
	line := 0
	for _, r := range refs {
		u(sid(r.Name))
		l := max(r.Line, line)
		n(l - line)
		line = l
		n(r.Col)
		u(uint64(r.Kind))
		n(int(r.Enclosing) + 1)
		u(sid(r.Recv))
	}
	out := binary.AppendUvarint(nil, graphCodecVersion)
	out = binary.AppendUvarint(out, uint64(len(strs)))
	for _, s := range strs {
		out = append(binary.AppendUvarint(out, uint64(len(s))), s...)
	}
	return append(out, body...)
}

// GraphDecoder reads an encoded graph section by section, in any order,
// without decoding what it is not asked for. Its strings are made by the
// function it was opened with: copies, or (for the store) views of memory
// the caller keeps alive.
type GraphDecoder struct {
	strs                []string
	pkg                 string
	imports, defs, refs []byte // each section, from its count on
}

// DecodeGraph decodes a whole graph onto the heap; nil for an empty blob.
func DecodeGraph(b []byte) (*Graph, error) {
	if len(b) == 0 {
		return nil, nil
	}
	d, err := OpenGraph(b, func(b []byte) string { return string(b) })
	if err != nil {
		return nil, err
	}
	g := &Graph{Package: d.Package()}
	err = errors.Join(
		d.Imports(func(im Import) { g.Imports = append(g.Imports, im) }),
		d.Defs(func(_ int32, def Def) { g.Defs = append(g.Defs, def) }),
		d.Refs(func(r Ref) { g.Refs = append(g.Refs, r) }))
	return g, err
}

// OpenGraph parses an encoded graph's string table and finds its
// sections. str turns the bytes of a string into a string.
func OpenGraph(b []byte, str func([]byte) string) (*GraphDecoder, error) {
	r := reader{b: b}
	if r.uint() != graphCodecVersion {
		return nil, ErrBadGraph
	}
	n := r.uint()
	if r.bad || n > len(b) {
		return nil, ErrBadGraph
	}
	d := &GraphDecoder{strs: make([]string, n)}
	for i := range d.strs {
		d.strs[i] = str(r.bytes())
	}
	d.pkg = d.str(&r)
	// Each section is kept from its count on; the counts are read after
	// the slice is taken (Go leaves the order of a field read and a call
	// in one assignment unspecified).
	d.imports = r.b
	r.skip(3 * r.uint())
	d.defs = r.b
	r.skip(11 * r.uint())
	d.refs = r.b
	if r.uint(); r.bad {
		return nil, ErrBadGraph
	}
	return d, nil
}

func (d *GraphDecoder) str(r *reader) string {
	i := r.uint()
	if i >= len(d.strs) {
		r.bad = true
		return ""
	}
	return d.strs[i]
}

// Package is the graph's Package.
func (d *GraphDecoder) Package() string { return d.pkg }

// Imports calls fn for each import.
func (d *GraphDecoder) Imports(fn func(Import)) error {
	r := reader{b: d.imports}
	for i, n := 0, r.uint(); i < n && !r.bad; i++ {
		im := Import{Name: d.str(&r), Path: d.str(&r), Line: r.uint()}
		if !r.bad {
			fn(im)
		}
	}
	return r.err()
}

// Defs calls fn for each definition with its index.
func (d *GraphDecoder) Defs(fn func(i int32, def Def)) error {
	r := reader{b: d.defs}
	for i, n := 0, r.uint(); i < n && !r.bad; i++ {
		def := Def{Name: d.str(&r), Kind: d.str(&r), Parent: d.str(&r)}
		def.Line, def.Col, def.StartLine, def.EndLine = r.uint(), r.uint(), r.uint(), r.uint()
		def.Signature, def.Doc, def.Type = d.str(&r), d.str(&r), d.str(&r)
		def.Flags = uint8(r.uint())
		if !r.bad {
			fn(int32(i), def)
		}
	}
	return r.err()
}

// Refs calls fn for each reference, in position order.
func (d *GraphDecoder) Refs(fn func(Ref)) error {
	r := reader{b: d.refs}
	line := 0
	for i, n := 0, r.uint(); i < n && !r.bad; i++ {
		name := d.str(&r)
		line += r.uint()
		ref := Ref{Name: name, Line: line, Col: r.uint(), Kind: RefKind(r.uint()), Enclosing: int32(r.uint()) - 1, Recv: d.str(&r)}
		if !r.bad {
			fn(ref)
		}
	}
	return r.err()
}

// reader decodes uvarints; after a malformed value it returns zeros and
// sets bad, never panicking.
type reader struct {
	b   []byte
	bad bool
}

func (r *reader) uint() int {
	v, n := binary.Uvarint(r.b)
	if n <= 0 || v > 1<<40 {
		r.b, r.bad = nil, true
		return 0
	}
	r.b = r.b[n:]
	return int(v)
}

func (r *reader) bytes() []byte {
	l := r.uint()
	if l > len(r.b) {
		r.b, r.bad = nil, true
		return nil
	}
	out := r.b[:l]
	r.b = r.b[l:]
	return out
}

// skip passes over n uvarints.
func (r *reader) skip(n int) {
	for i := 0; i < n && !r.bad; i++ {
		r.uint()
	}
}

func (r *reader) err() error {
	if r.bad {
		return ErrBadGraph
	}
	return nil
}
