package nav

import (
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/store"
)

// Go resolution types the receivers the chunker encoded (see
// chunker/graph_go.go for the encodings) against the definitions of the
// whole index: packages are found from import paths through the
// repository's go.mod files and vendor directories, a selection is looked
// up among a type's fields and methods and those it embeds, and a call
// takes its function's declared result. It is what go/types does, on the
// declarations alone and without the types of expressions nobody named,
// so it either proves a use refers to a declaration or says it cannot
// tell.

// goWorld is what Go resolution knows of one index; it is built once per
// index and fills its package tables on first use.
type goWorld struct {
	ix    Index
	byDir map[string][]store.GraphFile // Go files by directory
	dirs  map[string][]string          // last path element -> directories
	mods  []goModule                   // longest directory first

	mu      sync.Mutex
	pkgs    map[pkgKey]*goPkg
	imports map[[2]string]string // (import path, module dir) -> directory
	methods map[*goDecl]map[string]bool
	impls   map[[2]*goDecl]bool
}

type pkgKey struct{ dir, name string }

// goModule maps a module path to the directory holding its go.mod.
type goModule struct{ dir, path string }

// goPkg holds one package's declarations.
type goPkg struct {
	key     pkgKey
	once    sync.Once
	objs    map[string]*goDecl            // package-level declarations
	members map[string]map[string]*goDecl // type -> its methods and fields
	embeds  map[string][]*goDecl          // type -> its embedded fields and interfaces
	dots    map[string][]string           // file -> dot-imported paths
	// variants holds the declarations that a name's first one shadows in
	// the tables above: the same function in foo_linux.go and
	// foo_windows.go, of which a build sees one.
	variants []*goDecl
}

// goDecl is one declaration as resolution needs it; signatures and docs
// are read again from the file when an answer shows them.
type goDecl struct {
	name, kind, parent, typ string
	flags                   uint8
	path                    string // file
	idx                     int32  // in the file's Defs
	line                    int
	pkg                     *goPkg
	onHost                  bool // its file is part of this machine's build
}

func (d *goDecl) isType() bool {
	switch d.kind {
	case "struct", "interface", "type":
		return d.parent == ""
	}
	return false
}

func (d *goDecl) abstract() bool { return d.flags&chunker.DefAbstract != 0 }

// The predeclared error interface, which resolution meets in every
// err.Error() and which every Error method implements.
var (
	universe      = &goPkg{key: pkgKey{name: "builtin"}}
	universeError = &goDecl{name: "error", kind: "interface", typ: "t:?", pkg: universe, idx: -1}
	errorMethod   = &goDecl{name: "Error", kind: "method", parent: "error", typ: "t:func(:string)", flags: chunker.DefAbstract, pkg: universe, idx: -2}
)

func init() {
	universe.once.Do(func() {})
	universe.objs = map[string]*goDecl{"error": universeError}
	universe.members = map[string]map[string]*goDecl{"error": {"Error": errorMethod}}
}

type goWorldKey struct{}

// goWorldOf returns the Go resolution state of ix, built once per index.
func goWorldOf(ix Index) *goWorld {
	return ix.Memo(goWorldKey{}, func() any { return newGoWorld(ix) }).(*goWorld)
}

func newGoWorld(ix Index) *goWorld {
	w := &goWorld{ix: ix, byDir: map[string][]store.GraphFile{}, dirs: map[string][]string{},
		pkgs: map[pkgKey]*goPkg{}, imports: map[[2]string]string{},
		methods: map[*goDecl]map[string]bool{}, impls: map[[2]*goDecl]bool{}}
	for _, f := range graphFiles(ix) {
		if f.Language != "go" {
			continue
		}
		dir := path.Dir(f.Path)
		if len(w.byDir[dir]) == 0 {
			w.dirs[path.Base(dir)] = append(w.dirs[path.Base(dir)], dir)
		}
		w.byDir[dir] = append(w.byDir[dir], f)
	}
	for _, f := range ix.Manifest().Files {
		if path.Base(f.Path) == "go.mod" {
			if mp := modulePath(ix, f.Path); mp != "" {
				w.mods = append(w.mods, goModule{dir: path.Dir(f.Path), path: mp})
			}
		}
	}
	sort.Slice(w.mods, func(i, j int) bool { return len(w.mods[i].dir) > len(w.mods[j].dir) })
	return w
}

// modulePath reads the module path of a go.mod from the index's text.
func modulePath(ix Index, gomod string) string {
	for _, c := range ix.ChunksOf(gomod) {
		for _, line := range strings.Split(c.Full().Content, "\n") {
			f := strings.Fields(line)
			if len(f) >= 2 && f[0] == "module" {
				return strings.Trim(f[1], `"`)
			}
		}
	}
	return ""
}

// pkg returns the package of dir with the given name, its tables filled.
func (w *goWorld) pkg(dir, name string) *goPkg {
	key := pkgKey{dir, name}
	w.mu.Lock()
	p := w.pkgs[key]
	if p == nil {
		p = &goPkg{key: key}
		w.pkgs[key] = p
	}
	w.mu.Unlock()
	p.once.Do(func() { w.fill(p) })
	return p
}

// fill decodes the declarations of a package's files.
func (w *goWorld) fill(p *goPkg) {
	p.objs, p.members, p.embeds, p.dots = map[string]*goDecl{}, map[string]map[string]*goDecl{}, map[string][]*goDecl{}, map[string][]string{}
	for _, f := range w.byDir[p.key.dir] {
		if f.Package != p.key.name {
			continue
		}
		onHost := host.builds(f.Path, f.Build)
		g, err := w.ix.FileDecls(f.Path)
		if err != nil || g == nil {
			continue
		}
		for _, im := range g.Imports {
			if im.Name == "." {
				p.dots[f.Path] = append(p.dots[f.Path], im.Path)
			}
		}
		for i, d := range g.Defs {
			gd := &goDecl{name: d.Name, kind: d.Kind, parent: d.Parent, typ: d.Type, flags: d.Flags,
				path: f.Path, idx: int32(i), line: d.Line, pkg: p, onHost: onHost}
			switch {
			case d.Flags&chunker.DefEmbedded != 0:
				p.embeds[d.Parent] = append(p.embeds[d.Parent], gd)
			case d.Parent != "":
				m := p.members[d.Parent]
				if m == nil {
					m = map[string]*goDecl{}
					p.members[d.Parent] = m
				}
				m[d.Name] = p.keep(m[d.Name], gd)
			default:
				p.objs[d.Name] = p.keep(p.objs[d.Name], gd)
			}
		}
	}
}

// keep returns which of two declarations of one name a table holds: the
// one this machine builds, else the first; the other is kept as a variant.
func (p *goPkg) keep(have, d *goDecl) *goDecl {
	switch {
	case have == nil:
		return d
	case d.onHost && !have.onHost:
		p.variants = append(p.variants, have)
		return d
	}
	p.variants = append(p.variants, d)
	return have
}

// pkgOfFile returns the package a file belongs to.
func (w *goWorld) pkgOfFile(f store.GraphFile) *goPkg {
	return w.pkg(path.Dir(f.Path), f.Package)
}

// importPkg returns the package an import path names, seen from the file
// at from, or nil when it is not in the index.
func (w *goWorld) importPkg(importPath, from string) *goPkg {
	dir, ok := w.importDir(importPath, from)
	if !ok {
		return nil
	}
	files := w.byDir[dir]
	want := goPackageName(importPath)
	name := ""
	for _, f := range files {
		switch {
		case strings.HasSuffix(f.Package, "_test"):
		case f.Package == want:
			name = f.Package
		case name == "" || name == "main" && f.Package != "main":
			name = f.Package
		}
	}
	if name == "" {
		return nil
	}
	return w.pkg(dir, name)
}

// importDir finds the directory of an import path: a vendor directory
// above the importing file, the module whose path prefixes it, the
// directory of the same name, or one whose path ends like it.
func (w *goWorld) importDir(importPath, from string) (string, bool) {
	mod := w.moduleOf(from)
	key := [2]string{importPath, mod.dir}
	w.mu.Lock()
	dir, ok := w.imports[key]
	w.mu.Unlock()
	if ok {
		return dir, dir != ""
	}
	dir = w.findImportDir(importPath, from, mod)
	w.mu.Lock()
	w.imports[key] = dir
	w.mu.Unlock()
	return dir, dir != ""
}

func (w *goWorld) moduleOf(file string) goModule {
	for _, m := range w.mods {
		if m.dir == "." || file == m.dir || strings.HasPrefix(file, m.dir+"/") {
			return m
		}
	}
	return goModule{}
}

func (w *goWorld) findImportDir(importPath, from string, mod goModule) string {
	has := func(d string) bool { return len(w.byDir[d]) > 0 }
	for d := path.Dir(from); ; d = path.Dir(d) {
		if v := path.Join(d, "vendor", importPath); has(v) {
			return v
		}
		if d == "." || d == "/" || d == "" {
			break
		}
	}
	for _, m := range append([]goModule{mod}, w.mods...) {
		switch {
		case m.path == "":
		case m.path == "std" && !strings.Contains(strings.Split(importPath, "/")[0], "."):
			if d := path.Join(m.dir, importPath); has(d) {
				return d
			}
		case importPath == m.path:
			if has(m.dir) {
				return m.dir
			}
		case strings.HasPrefix(importPath, m.path+"/"):
			if d := path.Join(m.dir, importPath[len(m.path)+1:]); has(d) {
				return d
			}
		}
	}
	if has(importPath) {
		return importPath
	}
	best := ""
	for _, d := range w.dirs[path.Base(importPath)] {
		if strings.HasSuffix(importPath, "/"+d) && len(d) > len(best) {
			best = d
		}
	}
	return best
}

// goPackageName is the name a package is imported under by default.
func goPackageName(importPath string) string {
	elems := strings.Split(importPath, "/")
	name := elems[len(elems)-1]
	if len(elems) > 1 && len(name) > 1 && name[0] == 'v' && isDigits(name[1:]) {
		name = elems[len(elems)-2]
	}
	if i := strings.Index(name, ".v"); i > 0 && isDigits(name[i+2:]) {
		name = name[:i]
	}
	return strings.ReplaceAll(strings.TrimSuffix(strings.TrimPrefix(name, "go-"), "-go"), "-", "_")
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// ectx is where an encoding was written: the package its unqualified
// names belong to and the file whose module and vendor directories its
// import paths are looked up from.
type ectx struct {
	pkg  *goPkg
	file string
}

func ctxOf(d *goDecl) ectx { return ectx{pkg: d.pkg, file: d.path} }

// gval is a value on the evaluation stack.
type gval struct {
	pkg  *goPkg  // an imported package
	decl *goDecl // a declared object: function, method, type, variable, field
	typ  string  // otherwise a value of this type, in ctx
	ctx  ectx
}

func (v gval) known() bool { return v.pkg != nil || v.decl != nil || (v.typ != "" && v.typ != "?") }

// maxResolveDepth bounds the chains resolution follows: variables defined
// through other variables, embedded fields, named types over named types.
const maxResolveDepth = 10

// eval runs a value program.
func (w *goWorld) eval(prog string, c ectx, depth int) gval {
	if depth > maxResolveDepth || prog == "" || prog == "?" {
		return gval{}
	}
	var v gval
	for tok := range strings.FieldsSeq(prog) {
		switch {
		case strings.HasPrefix(tok, "p:"):
			v = gval{pkg: w.importPkg(tok[2:], c.file)}
		case strings.HasPrefix(tok, "t:"):
			v = gval{typ: tok[2:], ctx: c}
		case strings.HasPrefix(tok, "g:"):
			v = gval{decl: w.global(c, tok[2:])}
		case tok[0] == '.':
			v = w.selectName(v, tok[1:], depth)
		case strings.HasPrefix(tok, "()"):
			n, _ := strconv.Atoi(tok[2:])
			v = w.call(v, n, depth)
		case tok == "[]":
			v = w.index(v, false, depth)
		case tok == "[k]":
			v = w.index(v, true, depth)
		default:
			return gval{}
		}
		if !v.known() {
			return gval{}
		}
	}
	return v
}

// global looks up a package-level name as the file at c sees it: its
// package, then its dot imports, then the universe.
func (w *goWorld) global(c ectx, name string) *goDecl {
	if c.pkg == nil {
		return nil
	}
	if d := c.pkg.objs[name]; d != nil {
		return d
	}
	for _, p := range c.pkg.dots[c.file] {
		if ip := w.importPkg(p, c.file); ip != nil {
			if d := ip.objs[name]; d != nil {
				return d
			}
		}
	}
	return universe.objs[name]
}

// value turns a declared variable, constant or field into its value.
func (w *goWorld) value(v gval, depth int) gval {
	if v.decl == nil {
		return v
	}
	d := v.decl
	switch {
	case d.isType(), d.kind == "function", d.kind == "method":
		return v
	}
	return w.eval(d.typ, ctxOf(d), depth+1)
}

// selectName applies ".name" to v: a package's member, or a field or
// method of v's type (a method expression for a type name).
func (w *goWorld) selectName(v gval, name string, depth int) gval {
	if v.pkg != nil {
		return gval{decl: v.pkg.objs[name]}
	}
	if v.decl != nil && v.decl.isType() {
		return gval{decl: w.member(v.decl, name, depth)}
	}
	v = w.value(v, depth)
	t, ok := w.named(v, depth)
	if !ok {
		return w.structField(v, name, depth)
	}
	return gval{decl: w.member(t, name, depth)}
}

// structField selects a field of a value of an anonymous struct type
// ("struct{name=T;=E}"), or a member promoted through its embedded
// fields. Its fields have no declarations, so the result is a value.
func (w *goWorld) structField(v gval, name string, depth int) gval {
	if v.typ == "" || depth > maxResolveDepth {
		return gval{}
	}
	t, c := w.underlying(v.typ, v.ctx, depth)
	fields, ok := chunker.GoStructFields(t)
	if !ok {
		return gval{}
	}
	for _, f := range fields {
		if f[0] == name || f[0] == "" && f[1][strings.LastIndexByte(f[1], ':')+1:] == name {
			return gval{typ: f[1], ctx: c}
		}
	}
	for _, f := range fields {
		if f[0] != "" {
			continue
		}
		if got := w.selectName(gval{typ: f[1], ctx: c}, name, depth+1); got.known() {
			return got
		}
	}
	return gval{}
}

// call applies "()n": result n of a function, or a conversion.
func (w *goWorld) call(v gval, n, depth int) gval {
	if v.decl != nil && v.decl.isType() {
		return gval{typ: ":" + v.decl.name, ctx: ctxOf(v.decl)}
	}
	fn := w.value(v, depth)
	var t string
	var c ectx
	switch {
	case fn.decl != nil: // a function or method
		t, c = strings.TrimPrefix(fn.decl.typ, "t:"), ctxOf(fn.decl)
	default:
		t, c = w.underlying(fn.typ, fn.ctx, depth)
	}
	results, ok := chunker.GoFuncResults(t)
	if !ok || n >= len(results) {
		return gval{}
	}
	return gval{typ: results[n], ctx: c}
}

// index applies "[]" (an element) or "[k]" (a map's key).
func (w *goWorld) index(v gval, key bool, depth int) gval {
	v = w.value(v, depth)
	if v.typ == "" {
		return gval{}
	}
	t, c := w.underlying(v.typ, v.ctx, depth)
	switch {
	case strings.HasPrefix(t, "[]") && !key:
		return gval{typ: t[2:], ctx: c}
	case strings.HasPrefix(t, "<-") && !key:
		return gval{typ: t[2:], ctx: c}
	case strings.HasPrefix(t, "map["):
		k, val, ok := chunker.GoMapTypes(t)
		if !ok {
			return gval{}
		}
		if key {
			return gval{typ: k, ctx: c}
		}
		return gval{typ: val, ctx: c}
	}
	return gval{}
}

// underlying follows named types to a structural type encoding.
func (w *goWorld) underlying(t string, c ectx, depth int) (string, ectx) {
	for i := 0; i < maxResolveDepth && t != "" && t != "?"; i++ {
		if !isNamedType(t) {
			return t, c
		}
		d := w.typeDecl(t, c)
		if d == nil || d.pkg == universe {
			return "?", c
		}
		t, c = strings.TrimPrefix(d.typ, "t:"), ctxOf(d)
	}
	return "?", c
}

// isNamedType reports whether a type encoding names a type ("pkg:Name",
// ":Name") rather than spelling one out.
func isNamedType(t string) bool {
	return t != "" && !strings.HasPrefix(t, "[]") && !strings.HasPrefix(t, "map[") && !strings.HasPrefix(t, "struct{") &&
		!strings.HasPrefix(t, "<-") && !strings.HasPrefix(t, "func(") && strings.Contains(t, ":")
}

// typeDecl returns the declaration of a named type encoding.
func (w *goWorld) typeDecl(t string, c ectx) *goDecl {
	i := strings.LastIndexByte(t, ':')
	if i < 0 {
		return nil
	}
	name := t[i+1:]
	var d *goDecl
	if i == 0 {
		d = w.global(c, name)
	} else if p := w.importPkg(t[:i], c.file); p != nil {
		d = p.objs[name]
	}
	if d == nil || !d.isType() {
		return nil
	}
	return d
}

// named returns the declaration of the named type of a value.
func (w *goWorld) named(v gval, depth int) (*goDecl, bool) {
	if v.typ == "" || !isNamedType(v.typ) {
		return nil, false
	}
	d := w.typeDecl(v.typ, v.ctx)
	return d, d != nil
}

// member finds a field or method of type t, through its embedded fields
// and, for a type defined from another named type or an alias, through
// that type.
func (w *goWorld) member(t *goDecl, name string, depth int) *goDecl {
	if t == nil || depth > maxResolveDepth {
		return nil
	}
	if m := t.pkg.members[t.name][name]; m != nil {
		return m
	}
	for _, e := range t.pkg.embeds[t.name] {
		if e.name == name { // an embedded field, selected by its type's name
			return e
		}
	}
	for _, e := range t.pkg.embeds[t.name] {
		if et := w.typeDecl(strings.TrimPrefix(e.typ, "t:"), ctxOf(e)); et != nil {
			if m := w.member(et, name, depth+1); m != nil {
				return m
			}
		}
	}
	if t.kind == "type" {
		if u := strings.TrimPrefix(t.typ, "t:"); isNamedType(u) {
			return w.member(w.typeDecl(u, ctxOf(t)), name, depth+1)
		}
	}
	return nil
}

// methodSet lists the method names of a type, promoted ones included.
func (w *goWorld) methodSet(t *goDecl) map[string]bool {
	w.mu.Lock()
	ms, ok := w.methods[t]
	w.mu.Unlock()
	if ok {
		return ms
	}
	ms = map[string]bool{}
	w.addMethods(t, ms, 0)
	w.mu.Lock()
	w.methods[t] = ms
	w.mu.Unlock()
	return ms
}

func (w *goWorld) addMethods(t *goDecl, ms map[string]bool, depth int) {
	if t == nil || depth > maxResolveDepth {
		return
	}
	for name, m := range t.pkg.members[t.name] {
		if m.kind == "method" {
			ms[name] = true
		}
	}
	for _, e := range t.pkg.embeds[t.name] {
		w.addMethods(w.typeDecl(strings.TrimPrefix(e.typ, "t:"), ctxOf(e)), ms, depth+1)
	}
	if t.kind == "type" {
		if u := strings.TrimPrefix(t.typ, "t:"); isNamedType(u) {
			w.addMethods(w.typeDecl(u, ctxOf(t)), ms, depth+1)
		}
	}
}

// implements reports whether type t has every method of interface i.
func (w *goWorld) implements(t, i *goDecl) bool {
	key := [2]*goDecl{t, i}
	w.mu.Lock()
	ok, seen := w.impls[key]
	w.mu.Unlock()
	if seen {
		return ok
	}
	have, need := w.methodSet(t), w.methodSet(i)
	ok = len(need) > 0
	for m := range need {
		if !have[m] {
			ok = false
			break
		}
	}
	w.mu.Lock()
	w.impls[key] = ok
	w.mu.Unlock()
	return ok
}

// parentType is the type declaring a method or field.
func (w *goWorld) parentType(d *goDecl) *goDecl {
	if d.parent == "" {
		return nil
	}
	if d.pkg == universe {
		return universe.objs[d.parent]
	}
	t := d.pkg.objs[d.parent]
	if t == nil || !t.isType() {
		return nil
	}
	return t
}

// builtin returns the declaration of a predeclared object in the
// index's "builtin" package (the documentation GOROOT/src/builtin holds),
// or nil when the index has none.
func (w *goWorld) builtin(d *goDecl) *goDecl {
	if len(w.byDir["builtin"]) == 0 {
		return nil
	}
	p := w.pkg("builtin", "builtin")
	if d.parent != "" {
		return p.members[d.parent][d.name]
	}
	return p.objs[d.name]
}

// resolveRef returns the declaration a reference in file f is to, or nil
// when resolution cannot tell.
func (w *goWorld) resolveRef(f store.GraphFile, r chunker.Ref) *goDecl {
	c := ectx{pkg: w.pkgOfFile(f), file: f.Path}
	if r.Recv == "" {
		return w.global(c, r.Name)
	}
	v := w.eval(r.Recv, c, 0)
	if !v.known() {
		return nil
	}
	return w.selectName(v, r.Name, 0).decl
}

// fromOtherPackage reports a use selected from an imported package the
// index does not hold (flag.Parse, a dependency's goversion.Parse) that is
// named otherwise than the target's package: no use of frame.Parse. One
// named like it stays a match by name, in case its import failed to map.
func (w *goWorld) fromOtherPackage(f store.GraphFile, r chunker.Ref, target store.GraphFile) bool {
	imp, ok := packageQualifier(r.Recv)
	if !ok || w.importPkg(imp, f.Path) != nil {
		return false
	}
	name := path.Base(imp)
	return name != target.Package && name != path.Base(path.Dir(target.Path))
}

// ofOtherPackageType reports a use selected from a value whose type an
// imported package the index does not hold declares (`u.String()` for a
// `u *url.URL`, `q.Get` for a `url.Values`, an element of a
// `[]*url.URL`): a method or field of that type, which only its own
// package can declare, so no use of the target. A package named like the
// target's stays a match by name, as in fromOtherPackage.
func (w *goWorld) ofOtherPackageType(f store.GraphFile, r chunker.Ref, target store.GraphFile) bool {
	toks := strings.Fields(r.Recv)
	if len(toks) == 0 {
		return false
	}
	t, ok := strings.CutPrefix(toks[0], "t:")
	if !ok {
		return false
	}
	depth := 0
	for ; strings.HasPrefix(t, "[]"); depth++ {
		t = t[2:]
	}
	for _, tok := range toks[1:] {
		if tok != "[]" {
			return false
		}
		depth--
	}
	i := strings.LastIndexByte(t, ':')
	if depth != 0 || i <= 0 || strings.ContainsAny(t[:i], "[]()<>? ") || w.importPkg(t[:i], f.Path) != nil {
		return false
	}
	name := path.Base(t[:i])
	return name != target.Package && name != path.Base(path.Dir(target.Path))
}

// packageQualifier is the import path a Go use is qualified by
// (`binding.Header` is "p:…/binding"), when it is selected from a package
// and nothing else (not `http.NewRequest().Header`).
func packageQualifier(recv string) (string, bool) {
	imp, ok := strings.CutPrefix(recv, "p:")
	return imp, ok && !strings.Contains(imp, " ")
}

// declOf returns the resolution table's entry for a definition.
func (w *goWorld) declOf(f store.GraphFile, idx int32) *goDecl {
	p := w.pkgOfFile(f)
	for _, d := range p.objs {
		if d.path == f.Path && d.idx == idx {
			return d
		}
	}
	for _, m := range p.members {
		for _, d := range m {
			if d.path == f.Path && d.idx == idx {
				return d
			}
		}
	}
	for _, d := range p.variants {
		if d.path == f.Path && d.idx == idx {
			return d
		}
	}
	return nil
}

// refersTo decides whether a use in package at, resolved to got, refers
// to target, as gopls counts references: the same declaration (or a build
// variant of it), or a method and an interface method it corresponds to
// through interface satisfaction, either way round. The predeclared
// error's Error corresponds only within the package declaring the target
// (gopls searches there for every method of the name on a mutually
// assignable receiver): elsewhere err.Error() is error.Error's alone.
func (w *goWorld) refersTo(got, target *goDecl, at *goPkg) bool {
	if got == target || sameObject(got, target) {
		return true
	}
	if got == errorMethod {
		return target.name == "Error" && target.kind == "method" && !target.abstract() && at == target.pkg
	}
	if got.pkg == universe || target.pkg == universe || got.name != target.name || got.kind != "method" || target.kind != "method" {
		return false
	}
	gt, tt := w.parentType(got), w.parentType(target)
	switch {
	case gt == nil || tt == nil:
		return false
	case got.abstract() && target.abstract():
		return w.implements(gt, tt) || w.implements(tt, gt)
	case got.abstract():
		return w.implements(tt, gt)
	case target.abstract():
		return w.implements(gt, tt)
	}
	return false
}

// sameObject reports whether two declarations are build variants of one
// object: the same name, kind and parent in one package.
func sameObject(a, b *goDecl) bool {
	return a.pkg == b.pkg && a.name == b.name && a.parent == b.parent && a.kind == b.kind
}
