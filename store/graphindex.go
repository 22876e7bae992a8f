package store

import (
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/internal/varint"
)

// GraphReader is a Searcher that holds the symbol graph, as the embedded
// store does. Everything it returns is a copy: nothing points into mapped
// segments.
type GraphReader interface {
	// GraphFiles lists every live file with a symbol graph, sorted by path.
	GraphFiles() []GraphFile
	// FileGraph returns the graph of the file at path, or nil when it has
	// none.
	FileGraph(path string) (*chunker.Graph, error)
	// FileDecls is FileGraph without the references: the package, imports
	// and declarations, which is what resolving names needs of a file.
	FileDecls(path string) (*chunker.Graph, error)
	// FileImports is the imports of the file at path.
	FileImports(path string) []chunker.Import
	// DefinitionsOf returns every declaration named name (embedded fields
	// left out), in path order.
	DefinitionsOf(name string) []FileDef
	// ReferencesTo returns, per file in path order, the uses of name.
	ReferencesTo(name string) []FileRefs
	// NameUses reads from the name index, without decoding any graph, how
	// many files use name and how many times in all.
	NameUses(name string) (files, uses int)
	// ChunksOf returns the live chunks of the file at path in line order.
	ChunksOf(path string) []*Chunk
	// Lines returns the indexed text of the given lines of the file at
	// path (lines no chunk holds, blank ones, are missing), without
	// loading its chunks.
	Lines(path string, lines []int) map[int]string
	// EachName calls fn for every name the live files declare or use,
	// read from the name indexes without decoding any graph: the
	// reference graph of the whole repository, by name.
	EachName(fn func(name string, n NameUse))
	// Memo returns the value stored under key for this committed index,
	// building it with build the first time. Navigation keeps what it
	// derives from the whole graph here (package tables, ranks), so it is
	// built once per index and dropped with it.
	Memo(key any, build func() any) any
}

// GraphFile is a live file with a symbol graph.
type GraphFile struct {
	Path     string
	Language string
	Package  string // chunker.Graph.Package
	Build    string // chunker.Graph.Build
}

// NameFile is a file that declares or uses a name, and how many times.
type NameFile struct {
	Path  string
	Count int
}

// NameUse is where a name is declared and used: all of it, and the part
// that is members (declared in a type or class, used selected from a
// value), so that a use can be linked to declarations of its sort.
type NameUse struct {
	Defs, Uses             []NameFile
	MemberDefs, MemberUses []NameFile
}

// FileDef is one declaration with its file.
type FileDef struct {
	GraphFile
	Index int32 // in the file's Defs
	Def   chunker.Def
}

// FileRefs are the uses of a name in one file, with what resolving them
// needs: the file's imports and the declarations that enclose the uses.
type FileRefs struct {
	GraphFile
	Imports []chunker.Import
	Refs    []chunker.Ref
	// Enclosing maps each Ref.Enclosing to its declaration.
	Enclosing map[int32]chunker.Def
}

// memo is an index's store of derived values (GraphReader.Memo).
type memo struct {
	mu   sync.Mutex
	vals map[any]*memoEntry
}

type memoEntry struct {
	once sync.Once
	val  any
}

// Memo returns the value stored under key, building it once. Concurrent
// callers of one key wait for the first build; other keys do not wait.
func (ix *Index) Memo(key any, build func() any) any {
	ix.memo.mu.Lock()
	if ix.memo.vals == nil {
		ix.memo.vals = map[any]*memoEntry{}
	}
	e := ix.memo.vals[key]
	if e == nil {
		e = &memoEntry{}
		ix.memo.vals[key] = e
	}
	ix.memo.mu.Unlock()
	e.once.Do(func() { e.val = build() })
	return e.val
}

// fileLoc is where a live file is: a view of a segment part and the
// file's number in its file list.
type fileLoc struct {
	v    *view
	file int32
}

// locate indexes the live files of ix by path.
func (ix *Index) locate() {
	n := 0
	for k := range ix.views {
		for _, v := range ix.views[k] {
			n += len(v.files)
		}
	}
	ix.locs = make(map[string]fileLoc, n)
	for k := range ix.views {
		for i := range ix.views[k] {
			v := &ix.views[k][i]
			for f, fs := range v.files {
				if !v.isDead(fs.lo) {
					ix.locs[fs.path] = fileLoc{v: v, file: int32(f)}
				}
			}
		}
	}
}

// graphFile describes the file at loc, whose graph's package and build
// constraint are pkg and build (copies).
func (loc fileLoc) graphFile(pkg, build string) GraphFile {
	fs := loc.v.files[loc.file]
	return GraphFile{Path: fs.path, Language: loc.v.language(fs.lo), Package: pkg, Build: build}
}

// decodedFile is graphFile for a file whose graph d is decoded.
func (loc fileLoc) decodedFile(d *chunker.GraphDecoder) GraphFile {
	return loc.graphFile(clone(d.Package()), clone(d.Build()))
}

// language is chunk r's language, read from its record.
func (p *part) language(r int32) string {
	mr := varint.Reader{B: record(p.meta, &p.metaEnd, r)}
	mr.Uint()
	mr.Uint()
	mr.Bytes() // ID
	return readWord(&mr)
}

// blob decodes the file's graph in place, or returns nil.
func (loc fileLoc) blob() *chunker.GraphDecoder { return openBlob(loc.v.graphOf(loc.file)) }

// GraphFiles lists every live file with a symbol graph, sorted by path.
func (ix *Index) GraphFiles() []GraphFile {
	defer runtime.KeepAlive(ix)
	var out []GraphFile
	for _, loc := range ix.locs {
		if pkg, build, ok := loc.v.graphHeadOf(loc.file); ok { // no graph inflated
			out = append(out, loc.graphFile(pkg, build))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// FileGraph returns a copy of the graph of the file at path, or nil.
func (ix *Index) FileGraph(path string) (*chunker.Graph, error) {
	defer runtime.KeepAlive(ix)
	loc, ok := ix.locs[path]
	if !ok {
		return nil, nil
	}
	return decodeGraph(loc.v.graphOf(loc.file), true)
}

// FileImports is the imports of the file at path.
func (ix *Index) FileImports(path string) []chunker.Import {
	defer runtime.KeepAlive(ix)
	loc, ok := ix.locs[path]
	if !ok {
		return nil
	}
	d := loc.blob()
	if d == nil {
		return nil
	}
	var out []chunker.Import
	d.Imports(func(im chunker.Import) { out = append(out, cloneImport(im)) })
	return out
}

// FileDecls is FileGraph without the references.
func (ix *Index) FileDecls(path string) (*chunker.Graph, error) {
	defer runtime.KeepAlive(ix)
	loc, ok := ix.locs[path]
	if !ok {
		return nil, nil
	}
	return decodeGraph(loc.v.graphOf(loc.file), false)
}

// filesWith calls fn for each live file that name index k of each part
// lists for name, in path order.
func (ix *Index) filesWith(name string, k int, fn func(loc fileLoc, tf int)) {
	type hit struct {
		loc fileLoc
		tf  int
	}
	var hits []hit
	for i := range ix.views[Code] {
		v := &ix.views[Code][i]
		lx := v.gnames[k]
		if lx == nil {
			continue
		}
		t := lx.find(name)
		if t < 0 {
			continue
		}
		lx.postings(t, func(f int32, tf float64) {
			if int(f) < len(v.files) && !v.isDead(v.files[f].lo) {
				hits = append(hits, hit{fileLoc{v: v, file: f}, int(tf)})
			}
		})
	}
	sort.Slice(hits, func(i, j int) bool {
		return hits[i].loc.v.files[hits[i].loc.file].path < hits[j].loc.v.files[hits[j].loc.file].path
	})
	for _, h := range hits {
		fn(h.loc, h.tf)
	}
}

// DefinitionsOf returns every declaration named name (embedded fields
// left out), in path and line order.
func (ix *Index) DefinitionsOf(name string) []FileDef {
	defer runtime.KeepAlive(ix)
	var out []FileDef
	ix.filesWith(name, nameDefs, func(loc fileLoc, _ int) {
		d := loc.blob()
		if d == nil {
			return
		}
		gf := loc.decodedFile(d)
		d.Defs(func(i int32, def chunker.Def) {
			if def.Name == name && def.Flags&chunker.DefEmbedded == 0 {
				out = append(out, FileDef{GraphFile: gf, Index: i, Def: cloneDef(def)})
			}
		})
	})
	return out
}

// ReferencesTo returns, per file in path order, the uses of name.
func (ix *Index) ReferencesTo(name string) []FileRefs {
	defer runtime.KeepAlive(ix)
	var out []FileRefs
	ix.filesWith(name, nameUses, func(loc fileLoc, _ int) {
		d := loc.blob()
		if d == nil {
			return
		}
		fr := FileRefs{GraphFile: loc.decodedFile(d)}
		enclosing := map[int32]bool{}
		d.RefsNamed(name, func(r chunker.Ref) {
			r.Name = name // the caller's string, not a view
			fr.Refs = append(fr.Refs, cloneRef(r))
			enclosing[r.Enclosing] = true
		})
		if len(fr.Refs) == 0 {
			return
		}
		d.Imports(func(im chunker.Import) { fr.Imports = append(fr.Imports, cloneImport(im)) })
		fr.Enclosing = map[int32]chunker.Def{}
		d.Defs(func(i int32, def chunker.Def) {
			if enclosing[i] {
				fr.Enclosing[i] = cloneDef(def)
			}
		})
		out = append(out, fr)
	})
	return out
}

// NameUses counts, from the name index, the files using name and the uses.
func (ix *Index) NameUses(name string) (files, uses int) {
	defer runtime.KeepAlive(ix)
	ix.filesWith(name, nameUses, func(_ fileLoc, tf int) {
		files++
		uses += tf
	})
	return files, uses
}

// NameFiles counts the files declaring and the files using name from the
// name indexes' document frequencies, reading no posting, so a search can
// ask it for every candidate. Files deleted since their segment was
// written still count: a ranking prior can bear that, an answer could not.
func (ix *Index) NameFiles(name string) (declaring, using int) {
	if n, ok := ix.names.get(name); ok {
		return n[0], n[1]
	}
	defer runtime.KeepAlive(ix)
	for i := range ix.views[Code] {
		v := &ix.views[Code][i]
		declaring += v.gnames[nameDefs].df(name)
		using += v.gnames[nameUses].df(name)
	}
	ix.names.put(name, [2]int{declaring, using})
	return declaring, using
}

// nameCounts remembers NameFiles' answers: a search asks for each
// candidate's names, and the same names come back query after query.
// Bounded by starting over at maxNameCounts names.
type nameCounts struct {
	mu sync.Mutex
	m  map[string][2]int
}

const maxNameCounts = 1 << 16

func (c *nameCounts) get(name string) ([2]int, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n, ok := c.m[name]
	return n, ok
}

func (c *nameCounts) put(name string, n [2]int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxNameCounts {
		c.m = map[string][2]int{}
	}
	c.m[strings.Clone(name)] = n
}

// ChunksOf returns the live chunks of the file at path in line order.
func (ix *Index) ChunksOf(path string) []*Chunk {
	defer runtime.KeepAlive(ix)
	loc, ok := ix.locs[path]
	if !ok {
		return nil
	}
	fs := loc.v.files[loc.file]
	out := make([]*Chunk, 0, fs.hi-fs.lo)
	for r := fs.lo; r < fs.hi; r++ {
		out = append(out, loc.v.chunk(r))
	}
	return out
}

// EachName calls fn for every name the live files declare or use.
func (ix *Index) EachName(fn func(name string, n NameUse)) {
	defer runtime.KeepAlive(ix)
	names := map[string]*NameUse{}
	for i := range ix.views[Code] {
		v := &ix.views[Code][i]
		for k, lx := range v.gnames {
			if lx == nil {
				continue
			}
			for t := range lx.TermEnd {
				var e *NameUse
				lx.postings(t, func(f int32, tf float64) {
					if int(f) >= len(v.files) || v.isDead(v.files[f].lo) {
						return
					}
					if e == nil {
						name := string(lx.term(t))
						if e = names[name]; e == nil {
							e = &NameUse{}
							names[name] = e
						}
					}
					nf := NameFile{Path: v.files[f].path, Count: int(tf)}
					switch k {
					case nameDefs:
						e.Defs = append(e.Defs, nf)
					case nameUses:
						e.Uses = append(e.Uses, nf)
					case nameMemberDefs:
						e.MemberDefs = append(e.MemberDefs, nf)
					case nameMemberUses:
						e.MemberUses = append(e.MemberUses, nf)
					}
				})
			}
		}
	}
	for name, e := range names {
		fn(name, *e)
	}
}

// Lines returns the indexed text of some lines of the file at path.
func (ix *Index) Lines(path string, lines []int) map[int]string {
	defer runtime.KeepAlive(ix)
	out := make(map[int]string, len(lines))
	loc, ok := ix.locs[path]
	if !ok || len(lines) == 0 {
		return out
	}
	want := make(map[int]bool, len(lines))
	for _, l := range lines {
		want[l] = true
	}
	fs := loc.v.files[loc.file]
	for r := fs.lo; r < fs.hi && len(out) < len(want); r++ {
		c := loc.v.transient(r) // read in place; only the wanted lines are copied
		l := c.StartLine
		for text := range strings.SplitSeq(c.Content, "\n") {
			if want[l] {
				out[l] = strings.Clone(text)
			}
			l++
		}
	}
	return out
}
