package chunker

import (
	"encoding/binary"
	"errors"
	"sort"

	"github.com/codeseek/codeseek/internal/varint"
)

// A Graph's binary form is what the index stores per file and what
// indexing holds in memory between chunking and commit: a file's graph
// takes about seven bytes a reference this way, a tenth of the structs.
// All integers are uvarints:
//
//	version | string count, strings (length, bytes) | package (string id)
//	| build constraint (string id) | import count, imports (name, path, line)
//	| def count, defs (name, kind, parent, line, col, start, end, signature,
//	  doc, type, flags)
//	| ref count, refs (name, line delta, col, kind, enclosing+1, receiver)
//
// Strings are ids into the graph's own string table, so a name used a
// hundred times in a file is stored once; refs are sorted by position.
const graphCodecVersion = 2

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
	u(sid(g.Build))
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
	table               []byte   // the string table's bytes
	ends                []uint32 // string i is table[ends[i-1]:ends[i]] (the lengths stripped)
	starts              []uint32
	made                []string // strings made so far (made[i] valid when set[i])
	set                 []bool
	mk                  func([]byte) string
	pkg, build          string
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
	g := &Graph{Package: d.Package(), Build: d.Build()}
	err = errors.Join(
		d.Imports(func(im Import) { g.Imports = append(g.Imports, im) }),
		d.Defs(func(_ int32, def Def) { g.Defs = append(g.Defs, def) }),
		d.Refs(func(r Ref) { g.Refs = append(g.Refs, r) }))
	return g, err
}

// OpenGraph parses an encoded graph's string table and finds its
// sections. str turns the bytes of a string into a string.
func OpenGraph(b []byte, str func([]byte) string) (*GraphDecoder, error) {
	r := varint.Reader{B: b}
	if r.Uint() != graphCodecVersion {
		return nil, ErrBadGraph
	}
	n := r.Uint()
	if r.Bad || n > len(b) {
		return nil, ErrBadGraph
	}
	// Strings are located now and made when first asked for: a query for
	// one name decodes a file's references without making the others.
	d := &GraphDecoder{table: b, starts: make([]uint32, n), ends: make([]uint32, n), made: make([]string, n), set: make([]bool, n), mk: str}
	for i := 0; i < n && !r.Bad; i++ {
		s := r.Bytes()
		end := len(b) - len(r.B)
		d.starts[i], d.ends[i] = uint32(end-len(s)), uint32(end)
	}
	d.pkg = d.str(&r)
	d.build = d.str(&r)
	// Each section is kept from its count on; the counts are read after
	// the slice is taken (Go leaves the order of a field read and a call
	// in one assignment unspecified).
	d.imports = r.B
	r.Skip(3 * r.Uint())
	d.defs = r.B
	r.Skip(11 * r.Uint())
	d.refs = r.B
	if r.Uint(); r.Bad {
		return nil, ErrBadGraph
	}
	return d, nil
}

func (d *GraphDecoder) str(r *varint.Reader) string {
	i := r.Uint()
	if i >= len(d.starts) {
		r.Bad = true
		return ""
	}
	return d.string(i)
}

func (d *GraphDecoder) string(i int) string {
	if !d.set[i] {
		d.made[i], d.set[i] = d.mk(d.table[d.starts[i]:d.ends[i]]), true
	}
	return d.made[i]
}

// id returns the string id of s, or -1 when the graph has no such string.
func (d *GraphDecoder) id(s string) int {
	for i := range d.starts {
		if string(d.table[d.starts[i]:d.ends[i]]) == s { // compiled without a copy
			return i
		}
	}
	return -1
}

// RefsNamed calls fn for each reference to name, in position order,
// making no string of the other references.
func (d *GraphDecoder) RefsNamed(name string, fn func(Ref)) error {
	want := d.id(name)
	if want < 0 {
		return nil
	}
	r := varint.Reader{B: d.refs}
	line := 0
	for i, n := 0, r.Uint(); i < n && !r.Bad; i++ {
		nameID := r.Uint()
		line += r.Uint()
		col, kind, encl, recv := r.Uint(), r.Uint(), r.Uint(), r.Uint()
		if nameID != want || r.Bad {
			continue
		}
		if recv >= len(d.starts) {
			r.Bad = true
			break
		}
		fn(Ref{Name: name, Line: line, Col: col, Kind: RefKind(kind), Enclosing: int32(encl) - 1, Recv: d.string(recv)})
	}
	return errOf(&r)
}

// Package is the graph's Package.
func (d *GraphDecoder) Package() string { return d.pkg }

// Build is the graph's Build.
func (d *GraphDecoder) Build() string { return d.build }

// Imports calls fn for each import.
func (d *GraphDecoder) Imports(fn func(Import)) error {
	r := varint.Reader{B: d.imports}
	for i, n := 0, r.Uint(); i < n && !r.Bad; i++ {
		im := Import{Name: d.str(&r), Path: d.str(&r), Line: r.Uint()}
		if !r.Bad {
			fn(im)
		}
	}
	return errOf(&r)
}

// Defs calls fn for each definition with its index.
func (d *GraphDecoder) Defs(fn func(i int32, def Def)) error {
	r := varint.Reader{B: d.defs}
	for i, n := 0, r.Uint(); i < n && !r.Bad; i++ {
		def := Def{Name: d.str(&r), Kind: d.str(&r), Parent: d.str(&r)}
		def.Line, def.Col, def.StartLine, def.EndLine = r.Uint(), r.Uint(), r.Uint(), r.Uint()
		def.Signature, def.Doc, def.Type = d.str(&r), d.str(&r), d.str(&r)
		def.Flags = uint8(r.Uint())
		if !r.Bad {
			fn(int32(i), def)
		}
	}
	return errOf(&r)
}

// Refs calls fn for each reference, in position order.
func (d *GraphDecoder) Refs(fn func(Ref)) error {
	r := varint.Reader{B: d.refs}
	line := 0
	for i, n := 0, r.Uint(); i < n && !r.Bad; i++ {
		name := d.str(&r)
		line += r.Uint()
		ref := Ref{Name: name, Line: line, Col: r.Uint(), Kind: RefKind(r.Uint()), Enclosing: int32(r.Uint()) - 1, Recv: d.str(&r)}
		if !r.Bad {
			fn(ref)
		}
	}
	return errOf(&r)
}

func errOf(r *varint.Reader) error {
	if r.Bad {
		return ErrBadGraph
	}
	return nil
}
