package nav

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/store"
)

// Target is what a reference query is about: the definition resolved from
// a symbol or a position.
type Target struct {
	Definition
	// Others are the other declarations a name given without qualifier
	// or position could mean, when it does not decide between them: the
	// answer is about the first, and the user should know it picked one.
	Others []Definition
}

// ResolveTarget turns a symbol or a position into the definition a
// reference query is about (the best one).
func ResolveTarget(ix Index, symbol string, pos *Position) (Target, error) {
	var defs []Definition
	var err error
	if pos != nil {
		defs, err = DefinitionAt(ix, *pos)
	} else {
		defs, err = DefinitionsOf(ix, symbol)
	}
	if err != nil {
		return Target{}, err
	}
	t := Target{Definition: defs[0]}
	if pos == nil {
		t.Others = otherDeclarations(defs)
	}
	return t, nil
}

// otherDeclarations are the candidates after the first that are other
// declarations, not the first's overloads or its stubs (the same name in
// the same parent of the same file, both callable or neither), nor its
// prototype (a C header's, of the function a .c file defines). For a
// qualified name they are the others it names exactly: a class may
// declare a property and a method of one name (okhttp's `val code` and
// `fun code()`), whose uses are apart.
func otherDeclarations(defs []Definition) []Definition {
	var out []Definition
	first := defs[0]
	for _, d := range defs[1:] {
		overload := d.Path == first.Path && d.Def.Qualified() == first.Def.Qualified() && callable(d.Def.Kind) == callable(first.Def.Kind)
		if overload || sameDecl(d.Language, d.Path, d.Def, first.Path, first.Def) || d.Def.Kind == "test" {
			continue // a test is named for what it tests
		}
		if reopensType(d.Def.Kind) && chunker.ClassLike(first.Def.Kind) {
			continue // Swift's `extension Session`, Rust's `impl Session` add to the type
		}
		if first.Match == MatchExact && d.Match != MatchExact {
			continue
		}
		out = append(out, d)
	}
	return out
}

// RefFilter narrows references.
type RefFilter struct {
	// Kinds keeps only these kinds; empty keeps all.
	Kinds []chunker.RefKind
	// Keep, if set, keeps only the files it accepts.
	Keep func(path, language string) bool
}

func (f RefFilter) kind(k chunker.RefKind) bool {
	if len(f.Kinds) == 0 {
		return true
	}
	for _, w := range f.Kinds {
		if w == k {
			return true
		}
	}
	return false
}

// References finds the uses of a target, exact ones first: for Go every
// use resolution proves is to the target (including calls through an
// interface it implements, as gopls counts them) and, marked "name", the
// ones it cannot decide; uses it proves are to another declaration of the
// same name are left out.
func References(ix Index, t Target, f RefFilter) ([]Reference, error) {
	out, err := references(ix, t, f, map[string]bool{})
	if err != nil {
		return nil, err
	}
	sortReferences(out)
	return out, nil
}

// typeUseOfFunction reports a use that names a type where the target is
// a function, which is no type: okhttp's test helper `fun String(…)` took
// every `: String` of the project as its use. C and C++ keep them: their
// graph reads the qualifier of a qualified type (`level::level_enum`) as
// a type use, and a namespace may share a method's name, where clangd
// counts the qualifier among the method's references.
func typeUseOfFunction(r chunker.Ref, t Target) bool {
	if r.Kind != chunker.RefType && r.Kind != chunker.RefInherit || t.Language == "c" || t.Language == "cpp" {
		return false
	}
	return callable(t.Def.Kind) && !constructor(t.Def)
}

// maxExpansions bounds the macros followed from uses in their bodies to
// their own uses (a macro used by a macro used by ...), per query.
const maxExpansions = 256

// references finds the uses of t, unordered, and in C and C++ the uses
// of the macros whose bodies use it: lua_newtable(L) uses
// lua_createtable, which "#define lua_newtable(L) lua_createtable(L, 0,
// 0)" expands to, as clangd counts it. seen holds the macros followed.
func references(ix Index, t Target, f RefFilter, seen map[string]bool) ([]Reference, error) {
	var out []Reference
	var macros []expansion
	classify, err := classifier(ix, t)
	if err != nil {
		return nil, err
	}
	files := ix.ReferencesTo(t.Def.Name)
	for _, fr := range append(files, aliasUses(ix, files, t.Def.Name)...) {
		if !sameFamily(fr.Language, t.Language) || (f.Keep != nil && !f.Keep(fr.Path, fr.Language)) {
			continue
		}
		var lines []int
		start := len(out)
		for _, r := range fr.Refs {
			if r.Kind == chunker.RefOther && callsWithoutParens(fr.Language) && callable(t.Def.Kind) {
				r.Kind = chunker.RefCall // Scala's Show.fromToString[Int]: a parameterless method's call
			}
			if !f.kind(r.Kind) || typeUseOfFunction(r, t) {
				continue
			}
			if fr.Path == t.Path && r.Line == t.Def.Line && r.Col == t.Def.Col {
				continue // the declaration itself
			}
			m := classify(fr, r)
			if m == "" {
				continue
			}
			ref := Reference{Path: fr.Path, Line: r.Line, Col: r.Col, Kind: r.Kind, Match: m, EnclosingIndex: -1}
			if e, ok := fr.Enclosing[r.Enclosing]; ok {
				ref.Enclosing, ref.EnclosingLine, ref.EnclosingIndex = e.Qualified(), e.Line, r.Enclosing
				if e.Kind == "macro" && (fr.Language == "c" || fr.Language == "cpp") {
					macros = append(macros, expansion{Target{Definition: Definition{Path: fr.Path, Language: fr.Language, Def: e}}, m})
				}
			}
			out = append(out, ref)
			lines = append(lines, r.Line)
		}
		if len(lines) > 0 {
			texts := lineTexts(ix, fr.Path, lines)
			for i := start; i < len(out); i++ {
				out[i].Text = texts[out[i].Line]
			}
		}
	}
	for _, x := range macros {
		key := x.macro.Path + ":" + x.macro.Def.Name
		if seen[key] || len(seen) >= maxExpansions {
			continue
		}
		seen[key] = true
		uses, err := references(ix, x.macro, f, seen)
		if err != nil {
			continue
		}
		for _, u := range uses {
			if strings.HasPrefix(u.Text, "#") {
				// "#if defined(M)", "#undef M", another macro's body: no
				// expansion of M (the uses of a macro using M are followed
				// on their own).
				continue
			}
			if u.Via == "" {
				u.Via = x.macro.Def.Name
			}
			if x.match != MatchExact {
				u.Match = MatchName
			}
			out = append(out, u)
		}
	}
	return out, nil
}

// expansion is a macro whose body uses a target, with how that use
// matched.
type expansion struct {
	macro Target
	match string
}

// aliasUses are the uses of the names the files (those that use name)
// import name as: `import { resolveConfig as resolveVitestConfig }`, then
// resolveVitestConfig(…), or Python's `from a import b as c`. The import
// statement names name itself, so such a file is among files; each use
// of the alias is classified as a use of name would be, through the
// import that binds it (useCtx.resolve).
func aliasUses(ix Index, files []store.FileRefs, name string) []store.FileRefs {
	var out []store.FileRefs
	for _, fr := range files {
		for _, alias := range importAliases(fr.GraphFile, fr.Imports, name) {
			for _, ar := range ix.ReferencesTo(alias) {
				if ar.Path == fr.Path {
					out = append(out, ar)
				}
			}
		}
	}
	return out
}

// importAliases are the local names other than name that imports bind
// to a symbol called name.
func importAliases(f store.GraphFile, imports []chunker.Import, name string) []string {
	var out []string
	for _, im := range imports {
		if im.Name == name || im.Name == "." || im.Name == "_" {
			continue
		}
		if sym, ok := importedSymbol(f, im); ok && sym == name && !slices.Contains(out, im.Name) {
			out = append(out, im.Name)
		}
	}
	return out
}

// classifier returns how a use relates to the target: MatchExact,
// MatchName, or "" for a use of another declaration.
func classifier(ix Index, t Target) (func(store.FileRefs, chunker.Ref) string, error) {
	if t.Language == "go" {
		w := goWorldOf(ix)
		tf := store.GraphFile{Path: t.Path, Language: t.Language, Package: packageOf(ix, t.Path)}
		target := w.declOf(tf, defIndex(ix, t.Definition))
		if target == nil {
			return nil, fmt.Errorf("%w: %s is not a package-level declaration or member of one", ErrNoSymbol, t.Symbol())
		}
		return func(fr store.FileRefs, r chunker.Ref) string {
			got := w.resolveRef(fr.GraphFile, r)
			_, qualified := packageQualifier(r.Recv)
			switch {
			case got == nil && (w.fromOtherPackage(fr.GraphFile, r, tf) || w.ofOtherPackageType(fr.GraphFile, r, tf)):
				return ""
			case got == nil && t.Def.Parent == "" && r.Recv != "" && !qualified:
				// A package-level name selected from a value (req.Header,
				// http.NewRequest().Header for binding.Header).
				return ""
			case got == nil:
				return MatchName
			case w.refersTo(got, target, w.pkgOfFile(fr.GraphFile)):
				return MatchExact
			}
			return ""
		}, nil
	}
	modules := newModuleSet(ix)
	set := overloadSet(ix, t.Definition)
	overloaded := len(set) > 1
	// A qualified call sees an Elixir module's public functions alone.
	publicOverloaded := len(qualifiedView(set)) > 1
	private := elixirPrivate(t.Language, t.Def)
	componentOwn := componentLocal(t.Definition)
	return func(fr store.FileRefs, r chunker.Ref) string {
		if private && r.Recv != "" {
			return ""
		}
		c := useCtx{file: fr.GraphFile, imports: fr.Imports, modules: modules, enclosing: func(i int32) *chunker.Def {
			if d, ok := fr.Enclosing[i]; ok {
				return &d
			}
			return nil
		}}
		if d, ok := c.resolve(ix, r); ok {
			same := sameDecl(d.Language, d.Path, d.Def, t.Path, t.Def)
			overloaded := overloaded && (r.Recv == "" || t.Language != "elixir" || publicOverloaded)
			switch {
			case overloaded && (same || overloads(d.Language, d.Path, d.Def, t.Path, t.Def)):
				return MatchName // one of the member's overloads, which the argument types would tell
			case same, c.traitRequires(ix, d, t):
				return MatchExact
			}
			return ""
		}
		if impossible(t.Definition, fr.Language, r) || c.fromLibrary(ix, r) || c.selectedFromValue(t.Definition, r) || componentOwn && fr.Path != t.Path {
			return ""
		}
		return MatchName
	}, nil
}

// traitRequires reports a use resolved to an abstract method of a PHP
// trait that the target's class uses and implements: guzzle's
// ClientTrait::getAsync calls $this->requestAsync(), which runs on
// Client, whose requestAsync the trait requires.
func (c useCtx) traitRequires(ix Index, d store.FileDef, t Target) bool {
	if d.Language != "php" || d.Def.Flags&chunker.DefAbstract == 0 || t.Def.Flags&chunker.DefAbstract != 0 || d.Def.Name != t.Def.Name || t.Def.Parent == "" {
		return false
	}
	trait, ok := classDef(ix, owner(d), d.Language, d.Path)
	if !ok || trait.Def.Kind != "trait" {
		return false
	}
	at := useCtx{file: store.GraphFile{Path: t.Path, Language: t.Language}, modules: c.modules}
	return slices.Contains(at.ancestors(ix, t.Def.Parent), trait.Def.Name)
}

// componentLocal reports a declaration a Vue or Svelte component's script
// makes without exporting it: the component's own (a <script setup>
// binding, a Svelte local), seen by no other file.
func componentLocal(d Definition) bool {
	return chunker.ScriptHost(d.Path) && d.Def.Parent == "" && !strings.HasPrefix(d.Def.Signature, "export")
}

// selectedFromValue reports a JavaScript use selected from a value
// (state.counter, this.x, f().y) of a name the target declares at the top
// of a module: such a declaration is reached bare, or through a binding
// of its module (import * as m, require), never as a value's property.
// pinia's `const counter = useCounter()` in a component had 90 name
// matches, every store's and test's .counter.
func (c useCtx) selectedFromValue(t Definition, r chunker.Ref) bool {
	if !sameFamily(t.Language, "javascript") || !sameFamily(c.file.Language, "javascript") || t.Def.Parent != "" || r.Recv == "" || r.Kind == chunker.RefImport {
		return false
	}
	base, sels := splitRecv(r.Recv)
	name, ok := strings.CutPrefix(base, "n:")
	if !ok || len(sels) > 0 {
		return true
	}
	first, _, _ := strings.Cut(name, ".")
	return !slices.ContainsFunc(c.imports, func(im chunker.Import) bool { return im.Name == first })
}

// fromLibrary reports a use selected from a module or class of the
// language's library or a dependency, whose member is none of the
// repository's declarations: a name an import binds to a module the
// repository does not hold (Python's sys.exit, JavaScript's fs.readFile
// after `import fs from 'fs'`), or a capitalized name that nothing in the
// repository declares and no import of the file binds (Elixir's
// Keyword.get, Java's Math.max, C#'s Console.WriteLine, JavaScript's
// Object.keys). Any other lower-case name may be a local the graph did
// not record, and stays a match by name. So is a member of a value whose
// stated type the repository does not declare (flask's `_cv_app:
// ContextVar[AppContext]`, whose `get` is the library's), unless the
// language extends types it does not declare (extendsTypes).
func (c useCtx) fromLibrary(ix Index, r chunker.Ref) bool {
	if r.Recv == "" {
		return c.importedOutside(r.Name) // import { resolveConfig as resolveViteConfig } from 'vite'
	}
	base, sels := splitRecv(r.Recv)
	if len(sels) == 0 && !extendsTypes(c.file.Language) && (strings.HasPrefix(base, "v:") || strings.HasPrefix(base, "t:")) {
		cls := base[2:]
		if base[0] == 'v' {
			cls = c.valueType(ix, cls)
		}
		if plainName(cls) && len(ix.DefinitionsOf(lastElem(cls))) == 0 {
			return true
		}
	}
	q, ok := strings.CutPrefix(base, "n:")
	if !ok || q == "" {
		return false
	}
	if r.Kind == chunker.RefImport && c.modules != nil {
		return !c.modules.holds(q, c.file.Language) // the import statement itself, from 'vite'
	}
	first, _, _ := strings.Cut(q, ".")
	if c.importedOutside(first) || strings.HasPrefix(q, ":") { // Elixir's :inet: an Erlang module
		return true
	}
	if q[0] < 'A' || q[0] > 'Z' {
		return false
	}
	if slices.ContainsFunc(c.imports, func(im chunker.Import) bool {
		return im.Name == first || im.Name == q || strings.HasPrefix(q, im.Name+".") // Haskell's Data.Map.insert
	}) {
		return false
	}
	return len(ix.DefinitionsOf(first)) == 0 && len(ix.DefinitionsOf(lastElem(q))) == 0
}

// extendsTypes reports a language whose code adds members to types it
// does not declare (Kotlin's `fun Socket.closeQuietly()`, Swift's and C#'s
// extensions, Rust's trait impls, Scala's implicits, Dart's extensions):
// a library type's value may call the repository's member.
func extendsTypes(lang string) bool {
	switch lang {
	case "kotlin", "swift", "csharp", "rust", "scala", "dart":
		return true
	}
	return false
}

// plainName reports a type written as a capitalized name (ContextVar,
// http.Client), not as an expression the graph keeps whole (`typeof
// Action`, `new this.ctor()`'s ctor).
func plainName(s string) bool {
	last := lastElem(s)
	return last != "" && last[0] >= 'A' && last[0] <= 'Z' && !strings.ContainsFunc(s, func(r rune) bool {
		return r != '.' && r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// impossible reports uses that cannot be of the target whatever they
// resolve to: a name the global scope qualifies (::f) is no member's or
// namespaced declaration's; in a language where members are always
// selected (self.f, this.f, $this->f), a bare name is not a method or
// field, and a name selected from self is not a top-level function.
func impossible(t Definition, lang string, r chunker.Ref) bool {
	if r.Recv == chunker.GlobalRecv {
		return t.Def.Parent != "" // ::connect() is no member's and no namespace's
	}
	if implicitThis(lang) || r.Kind == chunker.RefImport {
		return false
	}
	member := t.Def.Parent != "" && (t.Def.Kind == "method" || t.Def.Kind == "field" || t.Def.Kind == "property")
	switch {
	case member && r.Recv == "":
		return true
	case !member && (r.Recv == "self" || strings.HasPrefix(r.Recv, "self ")):
		return true
	}
	return false
}

// packageOf is the package clause of a file's graph.
func packageOf(ix Index, p string) string {
	g, err := ix.FileDecls(p)
	if err != nil || g == nil {
		return ""
	}
	return g.Package
}

// defIndex finds a definition's index in its file's graph.
func defIndex(ix Index, d Definition) int32 {
	g, err := ix.FileDecls(d.Path)
	if err != nil || g == nil {
		return -1
	}
	for i, x := range g.Defs {
		if x.Line == d.Def.Line && x.Col == d.Def.Col && x.Name == d.Def.Name {
			return int32(i)
		}
	}
	return -1
}
