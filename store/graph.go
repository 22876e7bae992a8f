package store

import (
	"encoding/binary"
	"errors"
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
// The blobs are chunker's binary form of a Graph (chunker.Graph.Encode),
// read in place with chunker.OpenGraph.

const (
	secGraph    = "graph"
	secGraphEnd = "graph_end"
)

// The graph's name indexes of a part, by what they list.
const (
	nameDefs       = iota // declared name -> files declaring it
	nameUses              // used name -> files using it, with the number of uses
	nameMemberDefs        // the declarations that are members of a type or class
	nameMemberUses        // the uses selected from a value (x.name, self.name)
	nameIndexes
)

// nameIndexPrefix names each name index's sections.
var nameIndexPrefix = [nameIndexes]string{"gdef.", "gref.", "gmdef.", "gmref."}

// openBlob decodes a file's graph blob in place: its strings are views of
// b, which must not leave the store (the copy helpers below make copies).
// It returns nil for a file without a graph or a damaged blob.
func openBlob(b []byte) *chunker.GraphDecoder {
	if len(b) == 0 {
		return nil
	}
	d, err := chunker.OpenGraph(b, stringOf)
	if err != nil {
		return nil
	}
	return d
}

// names counts the names a blob declares and uses, for each name index.
func names(d *chunker.GraphDecoder, counts *[nameIndexes]map[string]uint32) {
	d.Defs(func(_ int32, def chunker.Def) {
		if def.Flags&chunker.DefEmbedded == 0 {
			counts[nameDefs][def.Name]++
			if def.Parent != "" {
				counts[nameMemberDefs][def.Name]++
			}
		}
	})
	d.Refs(func(r chunker.Ref) {
		counts[nameUses][r.Name]++
		if memberSelection(r.Recv) {
			counts[nameMemberUses][r.Name]++
		}
	})
}

// memberSelection reports whether a receiver is a value (x.name,
// self.name) or a type (`Vec::new()`, `Math.max`, Elixir's
// `Plug.Conn.put_resp_header`: a capitalized name) rather than nothing, a
// package, a module or the global scope ("p:", a lower-case "n:", C++'s
// ::name): what is selected is a member, no top-level declaration of
// the name (alacritty's map gave its tty module's `fn new` 358 uses, every
// `X::new()` of the repository).
func memberSelection(recv string) bool {
	if recv == "" || recv == chunker.GlobalRecv || strings.HasPrefix(recv, "p:") {
		return false
	}
	q, ok := strings.CutPrefix(recv, "n:")
	if !ok || strings.Contains(q, " ") {
		return true
	}
	last := q[strings.LastIndexAny(q, ".:")+1:]
	return last != "" && last[0] >= 'A' && last[0] <= 'Z'
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

func cloneImport(im chunker.Import) chunker.Import {
	im.Name, im.Path = clone(im.Name), clone(im.Path)
	return im
}

// decodeGraph copies a blob onto the heap, with its references or not.
func decodeGraph(b []byte, withRefs bool) (*chunker.Graph, error) {
	if len(b) == 0 {
		return nil, nil
	}
	d := openBlob(b)
	if d == nil {
		return nil, fmt.Errorf("%w: symbol graph", ErrCorrupt)
	}
	g := &chunker.Graph{Package: clone(d.Package()), Build: clone(d.Build())}
	err := errors.Join(
		d.Imports(func(im chunker.Import) { g.Imports = append(g.Imports, cloneImport(im)) }),
		d.Defs(func(_ int32, def chunker.Def) { g.Defs = append(g.Defs, cloneDef(def)) }))
	if withRefs {
		err = errors.Join(err, d.Refs(func(r chunker.Ref) { g.Refs = append(g.Refs, cloneRef(r)) }))
	}
	if err != nil {
		return nil, fmt.Errorf("%w: symbol graph", ErrCorrupt)
	}
	return g, nil
}

// buildGraphIndexes builds the name indexes of a part's files from their
// blobs (nil for a file without a graph).
func buildGraphIndexes(blobs [][]byte) [nameIndexes]*lexicon {
	var rows [nameIndexes]map[string][]posting
	var counts [nameIndexes]map[string]uint32
	for k := range rows {
		rows[k], counts[k] = map[string][]posting{}, map[string]uint32{}
	}
	for i, b := range blobs {
		gd := openBlob(b)
		if gd == nil {
			continue
		}
		for k := range counts {
			clear(counts[k])
		}
		names(gd, &counts)
		for k := range counts {
			for name, n := range counts[k] {
				rows[k][name] = append(rows[k][name], posting{doc: int32(i), tf: n})
			}
		}
	}
	var out [nameIndexes]*lexicon
	for k := range out {
		out[k] = nameLexicon(rows[k], len(blobs))
	}
	return out
}

// nameLexicon lays out name -> rows postings as a lexicon over n rows.
func nameLexicon(rows map[string][]posting, n int) *lexicon {
	names := make([]string, 0, len(rows))
	for name := range rows {
		names = append(names, strings.Clone(name))
	}
	sort.Strings(names)
	lx := &lexicon{Rows: n}
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
		lx.PostEnd.add(uint64(len(lx.Post)))
	}
	return lx
}
