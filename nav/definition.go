package nav

import (
	"errors"
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/internal/pathclass"
	"github.com/codeseek/codeseek/store"
)

// ErrNoSymbol is wrapped by errors for a symbol or position that names no
// declaration the index knows.
var ErrNoSymbol = errors.New("no such symbol")

// ErrNoPosition is wrapped by errors for a position that holds no name:
// on no declaration or use.
var ErrNoPosition = errors.New("no name at the position")

// ErrPastTheEnd is wrapped by errors for a line past the file's indexed
// lines: a mistake in the question, not a position without a name.
var ErrPastTheEnd = errors.New("no such line")

// ErrNotAName is wrapped by errors for a symbol argument that is no name
// at all ("foo bar"): a mistake in the question, not a name the index
// lacks.
var ErrNotAName = errors.New("not a name")

// ErrNoGraph is wrapped by errors for a file without a symbol graph: not
// indexed, a document, or a language without graph rules.
var ErrNoGraph = errors.New("no symbol graph")

// Position is a place in a file of the repository.
type Position struct {
	Path string // repository-relative, '/'-separated
	Line int    // 1-based
	Col  int    // 1-based, in bytes; 0 for "anywhere on the line"
}

// DefinitionsOf finds the declarations a symbol names, best first: a
// qualified name that matches exactly, then partly, then the bare name;
// within each, the project's code before what pathclass sets aside (tests,
// type stubs, …) and vendored copies last, declarations of types and
// functions before fields and variables.
func DefinitionsOf(ix Index, symbol string) ([]Definition, error) {
	q, ok := parseSymbol(symbol)
	if !ok {
		return nil, fmt.Errorf("%w: %q is no identifier: pass one such as ParseDuration, Client.Do or http.Client", ErrNotAName, symbol)
	}
	defs := ix.DefinitionsOf(q.name)
	if macro, ok := strings.CutSuffix(q.name, "!"); ok && len(defs) == 0 && macro != "" {
		// A Rust macro as its uses write it (cfg_rt!); Ruby's save! is
		// declared with its "!".
		q.name, defs = macro, ix.DefinitionsOf(macro)
	}
	if bare := strings.ReplaceAll(q.name, "$", ""); len(defs) == 0 && bare != q.name {
		// PHP's and shell's $name is declared as name; JavaScript's
		// $patch with its "$".
		q.name, defs = bare, ix.DefinitionsOf(bare)
	}
	if len(defs) == 0 && !strings.HasPrefix(q.name, "#") {
		// A JavaScript class's private member is declared as #name.
		if private := ix.DefinitionsOf("#" + q.name); len(private) > 0 {
			q.name, defs = "#"+q.name, private
		}
	}
	if len(defs) == 0 {
		return nil, fmt.Errorf("%w: nothing named %s is declared in the index", ErrNoSymbol, q.name)
	}
	q.reexported = reexports(ix, defs, q.quals)
	return rankDefinitions(defs, q, nil), nil
}

// reexports lists the top-level declarations that the package the
// qualifiers name imports as its own (packageFile, reexportedBy):
// flask's `src/flask/__init__.py` says `from .helpers import url_for`, so
// flask.url_for is helpers.url_for, not the method Flask.url_for.
func reexports(ix Index, defs []store.FileDef, quals []string) map[store.FileDef]bool {
	packaged := func(d store.FileDef) bool { return d.Language == "python" || sameFamily(d.Language, "javascript") }
	if len(quals) == 0 || !slices.ContainsFunc(defs, packaged) {
		return nil
	}
	pkg := newModuleSet(ix).packageFile(defs[0].GraphFile, strings.Join(quals, "."))
	if pkg == nil {
		return nil
	}
	reexported := reexportedBy(ix, *pkg, defs[0].Def.Name)
	if reexported == nil {
		return nil
	}
	out := map[store.FileDef]bool{}
	for _, d := range defs {
		if reexported(d) {
			out[d] = true
		}
	}
	return out
}

// rankedDef is a candidate with its sort keys.
type rankedDef struct {
	def   store.FileDef
	qual  int
	near  int // closeness to the place the name was used (position lookups)
	build int // 0 for a Go file this machine builds (or another language), 1 for another platform's
	proto int // 1 for a C or C++ prototype, whose definition is elsewhere
	stub  int // 1 for a shorter writing of a declaration the file writes again (an @overload stub)
	local int // 0 for code, 1 for tests, 2 for vendored code
	kind  int // 0 for types and functions, 1 for variables, 2 for fields
	file  int // 0 for a declaration its file is named for (resolveConfig in resolveConfig.ts), 1 for another
}

// rankDefinitions orders candidates for a query; near, when set, scores
// how close a candidate is to where the name was used.
func rankDefinitions(defs []store.FileDef, q symQuery, near func(store.FileDef) int) []Definition {
	rs := make([]rankedDef, 0, len(defs))
	for _, d := range defs {
		r := rankedDef{def: d, qual: qualMatch(q.quals, scopeOf(d.GraphFile, d.Def.Parent), d.Def.Parent), kind: kindRank(d.Def.Kind), file: 1}
		if q.reexported[d] {
			r.qual = qualExact
		}
		if namedFor(d.Path, d.Def) {
			r.file = 0
		}
		if near != nil {
			r.near = near(d)
		}
		if d.Language == "go" && !host.builds(d.Path, d.Build) {
			r.build = 1
		}
		if prototype(d.Language, d.Def) {
			r.proto = 1
		}
		if stub(d, defs) {
			r.stub = 1
		}
		switch class := pathclass.Of(d.Path); {
		case class&pathclass.Vendored != 0:
			r.local = 2
		case class&pathclass.Aside != 0:
			r.local = 1
		}
		rs = append(rs, r)
	}
	sort.SliceStable(rs, func(i, j int) bool {
		a, b := rs[i], rs[j]
		switch {
		case a.qual != b.qual:
			return a.qual > b.qual
		case a.near != b.near:
			return a.near > b.near
		case a.build != b.build:
			return a.build < b.build
		case a.proto != b.proto:
			return a.proto < b.proto
		case a.stub != b.stub:
			return a.stub < b.stub
		case a.local != b.local:
			return a.local < b.local
		case a.kind != b.kind:
			return a.kind < b.kind
		case a.file != b.file:
			return a.file < b.file
		}
		da, db := strings.Count(a.def.Path, "/"), strings.Count(b.def.Path, "/")
		if da != db {
			return da < db
		}
		if a.def.Path != b.def.Path {
			return a.def.Path < b.def.Path
		}
		return a.def.Def.Line < b.def.Def.Line
	})
	out := make([]Definition, 0, len(rs))
	for _, r := range rs {
		m := MatchName
		if r.qual == qualExact && (len(q.quals) > 0 || len(rs) == 1) {
			m = MatchExact
		}
		out = append(out, Definition{Path: r.def.Path, Language: r.def.Language, Def: r.def.Def, Match: m})
	}
	return out
}

// namedFor reports a top-level declaration whose file is named for it,
// separators and case aside (resolveConfig in resolveConfig.ts,
// parse_config in parse-config.py): where a name several files declare is
// most likely the one meant, before a helper of the same name elsewhere.
func namedFor(path string, d chunker.Def) bool {
	if d.Parent != "" {
		return false
	}
	stem := path[strings.LastIndexByte(path, '/')+1:]
	if i := strings.LastIndexByte(stem, '.'); i > 0 {
		stem = stem[:i]
	}
	return strings.EqualFold(separators.Replace(stem), separators.Replace(d.Name))
}

// separators are left out when a file's name is compared with a
// declaration's.
var separators = strings.NewReplacer("_", "", "-", "")

// stub reports a Python declaration that its file writes again at greater
// length: an @overload stub, whose implementation follows (sameDecl). At
// run time the last def is the function, where the code is and what a
// call hierarchy starts from. TypeScript is left as its language service
// answers: an overload signature is what callers see, and the
// implementation's own signature is not callable.
func stub(d store.FileDef, defs []store.FileDef) bool {
	if d.Language != "python" {
		return false
	}
	for _, o := range defs {
		if o.Path == d.Path && o.Def.Line != d.Def.Line && sameDecl(d.Language, d.Path, d.Def, o.Path, o.Def) &&
			o.Def.EndLine-o.Def.Line > d.Def.EndLine-d.Def.Line {
			return true
		}
	}
	return false
}

// prototype reports a C or C++ declaration that only announces a
// definition made elsewhere (a function prototype, a method declared in
// its class and defined out of it, `class Status;`): its signature ends
// the statement. A pure virtual method is the definition there is, and so
// is a type alias (`using memory_buffer = basic_memory_buffer<char>;`),
// a variable or a constant.
func prototype(lang string, d chunker.Def) bool {
	announces := callable(d.Kind) || chunker.ClassLike(d.Kind)
	return (lang == "c" || lang == "cpp") && announces && d.Flags&chunker.DefAbstract == 0 && strings.HasSuffix(strings.TrimSpace(d.Signature), ";")
}

func kindRank(kind string) int {
	switch kind {
	case "field", "property":
		return 2
	case "var", "const", "let", "variable", "constant":
		return 1
	case "impl", "extension":
		// Rust's `impl Debug for Regex` and Swift's `extension Regex`
		// add to a type declared elsewhere: the type comes first.
		return 1
	case "test":
		// A test named for what it tests (gtest's TEST(StatusErrno,
		// ErrnoToStatusCode), Zig's test "…") is no declaration of it.
		return 3
	}
	return 0
}

// At returns what is at a position: the declaration whose name is there,
// else the reference there (with a column) or on the line (without one:
// the first call, else the first reference).
type At struct {
	File store.GraphFile
	// Def is set when the position is on a declaration's name.
	Def *chunker.Def
	// DefIndex is Def's index in the file's graph.
	DefIndex int32
	// Ref is set when the position is on a use.
	Ref *chunker.Ref
}

// SymbolAt finds what is at a position.
func SymbolAt(ix Index, pos Position) (At, *chunker.Graph, error) {
	f, g, err := fileGraph(ix, pos.Path)
	if err != nil {
		return At{}, nil, err
	}
	at := At{File: f}
	if chunks := ix.ChunksOf(pos.Path); len(chunks) > 0 && pos.Line > chunks[len(chunks)-1].EndLine {
		return at, g, fmt.Errorf("%w: line %d is outside %s's indexed lines 1-%d", ErrPastTheEnd, pos.Line, pos.Path, chunks[len(chunks)-1].EndLine)
	}
	within := func(line, col int, name string) bool {
		return line == pos.Line && (pos.Col == 0 || pos.Col >= col && pos.Col < col+max(len(name), 1))
	}
	for i := range g.Defs {
		d := &g.Defs[i]
		if d.Flags&chunker.DefEmbedded == 0 && within(d.Line, d.Col, d.Name) {
			at.Def, at.DefIndex = d, int32(i)
			return at, g, nil
		}
	}
	for i := range g.Refs {
		r := &g.Refs[i]
		if !within(r.Line, r.Col, r.Name) {
			continue
		}
		if at.Ref == nil || pos.Col == 0 && r.Kind == chunker.RefCall && at.Ref.Kind != chunker.RefCall {
			at.Ref = r
		}
		if pos.Col != 0 {
			break
		}
	}
	if at.Ref == nil {
		where := fmt.Sprintf("%s:%d", pos.Path, pos.Line)
		if pos.Col == 0 {
			return at, g, fmt.Errorf("%w: no declaration or use of a name at %s (get_symbols lists the file's declarations)", ErrNoPosition, where)
		}
		where += fmt.Sprintf(":%d", pos.Col)
		word := wordAt(ix.Lines(pos.Path, []int{pos.Line})[pos.Line], pos.Col)
		for _, im := range g.Imports {
			if word != "" && im.Name == word {
				return at, g, fmt.Errorf("%w: %s at %s is the module the file imports from %q (line %d); find_definition takes the name after it", ErrNoPosition, word, where, im.Path, im.Line)
			}
		}
		if word != "" {
			return at, g, fmt.Errorf("%w: %s at %s is no declaration the index keeps nor a use of one: a local variable or a parameter? (get_symbols lists the file's declarations)", ErrNoPosition, word, where)
		}
		return at, g, fmt.Errorf("%w: no declaration or use of a name at %s (get_symbols lists the file's declarations)", ErrNoPosition, where)
	}
	return at, g, nil
}

// wordAt is the identifier a 1-based byte column of a line falls in, or
// "".
func wordAt(line string, col int) string {
	i := col - 1
	if i < 0 || i >= len(line) || !isWordByte(line[i]) {
		return ""
	}
	a, b := i, i
	for a > 0 && isWordByte(line[a-1]) {
		a--
	}
	for b < len(line) && isWordByte(line[b]) {
		b++
	}
	return line[a:b]
}

func isWordByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// fileGraph returns the graph of the file at path with its description.
func fileGraph(ix Index, p string) (store.GraphFile, *chunker.Graph, error) {
	g, err := ix.FileGraph(p)
	if err != nil {
		return store.GraphFile{}, nil, err
	}
	if g == nil {
		return store.GraphFile{}, nil, fmt.Errorf("%w for %s: it is not indexed, or is documentation or in a language without navigation rules", ErrNoGraph, p)
	}
	f := store.GraphFile{Path: p, Package: g.Package}
	for _, c := range ix.ChunksOf(p) {
		f.Language = c.Language
		break
	}
	return f, g, nil
}

// DefinitionAt finds the declaration of the symbol at a position: the
// declaration itself when the position is on one, else the declaration
// the use there resolves to (match exact), else the declarations of its
// name nearest to the use (match name).
func DefinitionAt(ix Index, pos Position) ([]Definition, error) {
	at, g, err := SymbolAt(ix, pos)
	if err != nil {
		return nil, err
	}
	if at.Def != nil {
		return []Definition{{Path: at.File.Path, Language: at.File.Language, Def: *at.Def, Match: MatchExact}}, nil
	}
	return resolveUse(ix, at.File, g.Imports, *at.Ref, newModuleSet(ix))
}

// resolveUse finds the declarations a use in file f, whose imports the
// caller has read, refers to.
func resolveUse(ix Index, f store.GraphFile, imports []chunker.Import, r chunker.Ref, modules *moduleSet) ([]Definition, error) {
	if d, ok := resolveExactly(ix, f, r); ok {
		set := overloadSet(ix, d)
		if r.Recv != "" {
			set = qualifiedView(set)
		}
		if len(set) > 1 {
			for i := range set {
				set[i].Match = MatchName // which one, the argument types would tell
			}
		}
		return set, nil
	}
	if f.Language != "go" {
		c := useCtx{file: f, imports: imports, modules: modules}
		if c.fromLibrary(ix, r) {
			return nil, fmt.Errorf("%w: %s at %s:%d is a library's (a member of a module or class outside the repository, or imported from one)", ErrNoSymbol, r.Name, f.Path, r.Line)
		}
	}
	defs := ix.DefinitionsOf(r.Name)
	if r.Recv != "" && len(defs) > 0 {
		// A member selected in one language is no field of another's
		// (a Python j.name is no Java field name), though a call may
		// reach a function of another (a C extension's).
		defs = slices.DeleteFunc(defs, func(d store.FileDef) bool {
			return dataMemberKinds[d.Def.Kind] && !sameFamily(d.Language, f.Language)
		})
		if len(defs) == 0 {
			return nil, fmt.Errorf("%w: %s is used at %s:%d, and only other languages' files declare a field of that name (a library's, or one set where the index does not see it?)", ErrNoSymbol, r.Name, f.Path, r.Line)
		}
	}
	if len(defs) == 0 {
		return nil, fmt.Errorf("%w: %s is used at %s:%d but declared nowhere in the index (a library or builtin name?)", ErrNoSymbol, r.Name, f.Path, r.Line)
	}
	out := rankDefinitions(defs, symQuery{name: r.Name}, nearness(ix, f, r))
	for i := range out {
		out[i].Match = MatchName // the use did not resolve: its name is all that matches, however few share it
	}
	return out, nil
}

// dataMemberKinds are the declarations of the data a type holds.
var dataMemberKinds = map[string]bool{"field": true, "property": true, "constant": true}

// resolveExactly resolves a use to its one declaration when the
// language's rules can.
func resolveExactly(ix Index, f store.GraphFile, r chunker.Ref) (Definition, bool) {
	if f.Language != "go" {
		return resolveGeneric(ix, f, r)
	}
	w := goWorldOf(ix)
	d := w.resolveRef(f, r)
	if d != nil && d.pkg == universe {
		d = w.builtin(d) // the repository may hold the builtin package's documentation (GOROOT does)
	}
	if d == nil {
		return Definition{}, false
	}
	return loadDefinition(ix, d.path, d.idx, MatchExact)
}

// loadDefinition reads a declaration whole from its file's graph.
func loadDefinition(ix Index, p string, idx int32, match string) (Definition, bool) {
	g, err := ix.FileDecls(p)
	if err != nil || g == nil || idx < 0 || int(idx) >= len(g.Defs) {
		return Definition{}, false
	}
	lang := ""
	for _, c := range ix.ChunksOf(p) {
		lang = c.Language
		break
	}
	return Definition{Path: p, Language: lang, Def: g.Defs[idx], Match: match}, true
}

// nearness scores candidates for a use the resolver could not settle:
// the same file, then the same directory, then a file the use's file
// imports, in the same language family.
func nearness(ix Index, f store.GraphFile, r chunker.Ref) func(store.FileDef) int {
	dir := path.Dir(f.Path)
	selected := r.Recv != ""
	imports := ix.FileImports(f.Path)
	imported := func(d store.FileDef) bool {
		if f.Language == "go" {
			w := goWorldOf(ix)
			for _, im := range imports {
				if id, ok := w.importDir(im.Path, f.Path); ok && id == path.Dir(d.Path) {
					return true
				}
			}
			return false
		}
		for _, im := range imports {
			if mod, _ := splitImport(f, im.Path, ""); moduleMatches(d.GraphFile, f, mod) || moduleMatches(d.GraphFile, f, im.Path) {
				return true
			}
		}
		return false
	}
	// importsName reports an import of the name itself from d's module
	// (Kotlin's `import okhttp3.internal.closeQuietly`): the file says
	// which declaration the name is, over a same-named method nearby.
	importsName := func(d store.FileDef) bool {
		if f.Language == "go" {
			return false
		}
		for _, im := range imports {
			if mod, sym := splitImport(f, im.Path, im.Name); im.Name == d.Def.Name && sym == d.Def.Name && moduleMatches(d.GraphFile, f, mod) {
				return true
			}
		}
		return false
	}
	return func(d store.FileDef) int {
		score := 0
		switch {
		case d.Path == f.Path:
			score = 6
		case importsName(d):
			score = 5
		case path.Dir(d.Path) == dir:
			score = 4
		case imported(d):
			score = 2
		}
		if !sameFamily(d.Language, f.Language) {
			score -= 8
		}
		// A selected name is a member; a bare one a top-level declaration
		// (or, in the class-based languages, a member of the enclosing class).
		if selected == (d.Def.Parent != "") {
			score++
		}
		return score
	}
}

// sameFamily reports whether two languages can refer to each other's
// declarations by name.
func sameFamily(a, b string) bool {
	fam := func(l string) string {
		switch l {
		case "c", "cpp":
			return "c"
		case "javascript", "typescript", "tsx", "vue", "svelte":
			return "js"
		case "java", "kotlin", "scala":
			return "jvm"
		}
		return l
	}
	return fam(a) == fam(b)
}
