package nav

import (
	"cmp"
	"path"
	"slices"
	"strings"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/store"
)

// Resolution for the languages other than Go works from what a file says
// about itself: its imports (which module a bare or qualified name comes
// from), "self" (the class of the enclosing method), a receiver whose type
// the file states, and the file's own declarations. A receiver encoded as
// "?" (a call result, a subscript) is not resolved. See the chunker's
// tree-sitter graph rules for the receiver encoding.

// useCtx is what resolving a use needs of its file.
type useCtx struct {
	file    store.GraphFile
	imports []chunker.Import
	// enclosing returns the declaration a use is in, or nil.
	enclosing func(i int32) *chunker.Def
	// modules, when set, tells the modules the repository holds, so that
	// a member of an imported library module is no match (fromLibrary).
	modules *moduleSet
}

// resolveGeneric resolves a use when the file's imports, its own
// declarations or its receiver settle which declaration it is.
func resolveGeneric(ix Index, f store.GraphFile, r chunker.Ref) (Definition, bool) {
	g, err := ix.FileDecls(f.Path)
	if err != nil || g == nil {
		return Definition{}, false
	}
	c := useCtx{file: f, imports: g.Imports, modules: newModuleSet(ix), enclosing: func(i int32) *chunker.Def {
		if i < 0 || int(i) >= len(g.Defs) {
			return nil
		}
		return &g.Defs[i]
	}}
	d, ok := c.resolve(ix, r)
	if !ok {
		return Definition{}, false
	}
	return Definition{Path: d.Path, Language: d.Language, Def: d.Def, Match: MatchExact}, true
}

// resolve returns the declaration a use refers to when it can tell. A
// receiver is a base ("self", "n:A.B", "t:T") and member selections
// (" .items"), typed through the selected members' declared types.
func (c useCtx) resolve(ix Index, r chunker.Ref) (store.FileDef, bool) {
	cands := familyDefs(ix.DefinitionsOf(r.Name), c.file.Language)
	if len(cands) == 0 && r.Recv == "" {
		return c.resolveAlias(ix, r.Name)
	}
	if r.Kind == chunker.RefType {
		// A type's use names a type (or the namespace a qualified name
		// goes through), never a function or a variable of the name.
		cands = slices.DeleteFunc(cands, func(d store.FileDef) bool { return !declaresType(d.Def.Kind) })
	}
	if r.Recv != "" {
		// GenStage.sync_subscribe(…) is none of its defp's.
		cands = slices.DeleteFunc(cands, func(d store.FileDef) bool { return elixirPrivate(d.Language, d.Def) })
	}
	if len(cands) == 0 {
		return store.FileDef{}, false
	}
	cands = byUse(withoutExtensions(cands), r.Kind == chunker.RefCall)
	if r.Recv == "" {
		return c.resolveBare(ix, r, cands)
	}
	if r.Recv == chunker.GlobalRecv {
		return pick(cands, func(d store.FileDef) bool { return d.Def.Parent == "" })
	}
	base, sels := splitRecv(r.Recv)
	if r.Kind == chunker.RefImport && strings.HasPrefix(base, "n:") && len(sels) == 0 {
		// The name an import statement imports, from the module it
		// names: a file of the repository, as the importing file sees it
		// ('../Notification', '.message', 'email.message').
		mod := base[2:]
		if d, ok := pick(cands, func(d store.FileDef) bool { return d.Def.Parent == "" && moduleMatches(d.GraphFile, c.file, mod) }); ok {
			return d, true
		}
		if d, ok := c.viaPackage(ix, mod, cands); ok { // from flask import url_for: flask/__init__.py's
			return d, true
		}
	}
	field, typed := false, ""
	if strings.HasPrefix(base, "n:") && len(sels) == 0 {
		d, ok := c.resolveQualified(ix, base[2:], cands)
		if !ok && !strings.Contains(base, ".") {
			// A variable of a stated type (flask's `current_app:
			// FlaskProxy`), which the grammar names as it names a module.
			typed = c.valueType(ix, base[2:])
		}
		if typed == "" && (ok || !implicitThis(c.file.Language) || strings.Contains(base, ".")) {
			return d, ok
		}
		field = typed == "" // maybe a field of the enclosing class: C++'s client_.connect(), Java's out.write()
	}
	cls, fromBase := "", false
	switch {
	case typed != "":
		cls = typed
	case field:
		cls = c.memberType(ix, c.classOf(r.Enclosing), base[2:])
	case base == "self":
		cls = c.classOf(r.Enclosing)
	case base == "super":
		cls, fromBase = c.classOf(r.Enclosing), true
	case strings.HasPrefix(base, "t:"):
		cls = base[2:]
	case strings.HasPrefix(base, "v:"):
		cls = c.valueType(ix, base[2:])
	case strings.HasPrefix(base, "n:") && len(sels) > 0 && sels[0] == "()":
		cls, sels = c.resultType(ix, base[2:], r), sels[1:] // o = make(); o.b(): what make returns
	case strings.HasPrefix(base, "n:"):
		cls = lastElem(base[2:]) // Class.field.method(): the class's static member
	}
	for _, sel := range sels {
		if sel == "()" {
			continue // a method's call: its declared type is what it returns
		}
		if cls = c.memberType(ix, cls, sel); cls == "" {
			break
		}
	}
	if cls == "" {
		return store.FileDef{}, false
	}
	if !fromBase && c.file.Language == "rust" && (strings.Contains(cls, ".") || slices.ContainsFunc(c.imports, func(im chunker.Import) bool { return im.Name == cls })) {
		// A type named by its module's path (ll::Semaphore), or imported
		// by it (use crate::sync::batch_semaphore::Semaphore): the path
		// tells which of the types of the name.
		return c.resolveQualified(ix, cls, cands)
	}
	if fromBase {
		if len(sels) > 0 {
			return store.FileDef{}, false
		}
		return c.inherited(ix, cls, cands)
	}
	declared := slices.ContainsFunc(cands, func(d store.FileDef) bool { return owner(d) == lastElem(cls) })
	if !declared {
		return c.inherited(ix, cls, cands)
	}
	return pick(cands, func(d store.FileDef) bool { return d.Def.Parent == cls && d.Path == c.file.Path },
		func(d store.FileDef) bool { return owner(d) == lastElem(cls) })
}

// withoutExtensions drops Swift's extensions and Rust's impls of a type
// the candidates declare: a use of the name is the type's
// (Alamofire's `Session`, declared once and extended in four files).
func withoutExtensions(cands []store.FileDef) []store.FileDef {
	typed := slices.ContainsFunc(cands, func(d store.FileDef) bool {
		return chunker.ClassLike(d.Def.Kind) && !reopensType(d.Def.Kind)
	})
	if !typed {
		return cands
	}
	return slices.DeleteFunc(slices.Clone(cands), func(d store.FileDef) bool { return reopensType(d.Def.Kind) })
}

// reopensType reports a declaration that adds to a type declared
// elsewhere: Swift's extension, Rust's impl block. It names the type but
// is not its declaration.
func reopensType(kind string) bool { return kind == "extension" || kind == "impl" }

// byUse drops, where one class declares a property and a method of one
// name (okhttp's `val code` and its deprecated `fun code()`), the one a
// use is not: a call calls the method, any other use reads the property.
// Either alone stays, since a property may hold a function to call.
func byUse(cands []store.FileDef, call bool) []store.FileDef {
	type member struct{ path, parent string }
	kinds := map[member][2]bool{} // has a callable, has a value
	for _, d := range cands {
		m := member{d.Path, d.Def.Parent}
		k := kinds[m]
		k[falseFirst(!callable(d.Def.Kind))] = true
		kinds[m] = k
	}
	return slices.DeleteFunc(slices.Clone(cands), func(d store.FileDef) bool {
		k := kinds[member{d.Path, d.Def.Parent}]
		return d.Def.Parent != "" && k[0] && k[1] && callable(d.Def.Kind) != call
	})
}

// extendsAcrossFiles reports a language whose classes take members
// declared in other files: extensions (Swift, Kotlin), partial classes
// (C#).
func extendsAcrossFiles(lang string) bool {
	return lang == "swift" || lang == "kotlin" || lang == "csharp"
}

// owner is the class whose member d is, by its last name, as its uses
// qualify it (classParent).
func owner(d store.FileDef) string {
	return lastElem(classParent(d.Language, d.Def.Parent))
}

// splitRecv splits a receiver into its base and member selections.
func splitRecv(recv string) (string, []string) {
	parts := strings.Fields(recv)
	if len(parts) == 0 {
		return "", nil
	}
	var sels []string
	for _, p := range parts[1:] {
		sels = append(sels, strings.TrimPrefix(p, "."))
	}
	return parts[0], sels
}

// memberType is the declared type of member name of class cls, when one
// declaration of the family says it ("t:T"); "" otherwise.
//
// A field and the method that returns it may share a name and a type
// (Rust's `grid: Grid<Cell>` and `fn grid(&self) -> &Grid<Cell>`): the
// type is the one they agree on.
func (c useCtx) memberType(ix Index, cls, name string) string {
	if cls == "" {
		return ""
	}
	typ := ""
	for _, d := range familyDefs(ix.DefinitionsOf(name), c.file.Language) {
		if owner(d) != lastElem(cls) {
			continue
		}
		if !strings.HasPrefix(d.Def.Type, "t:") || typ != "" && typ != d.Def.Type[2:] {
			return ""
		}
		typ = d.Def.Type[2:]
	}
	return typ
}

// resultType is the type a call of the bare name returns, the name
// resolved as the use r sees it (a function, or in Kotlin or Java a
// method of the class around the use): its declaration's "t:T".
func (c useCtx) resultType(ix Index, name string, r chunker.Ref) string {
	if strings.Contains(name, ".") {
		return ""
	}
	d, ok := c.resolve(ix, chunker.Ref{Name: name, Kind: chunker.RefCall, Line: r.Line, Enclosing: r.Enclosing})
	if !ok || !strings.HasPrefix(d.Def.Type, "t:") {
		return ""
	}
	return d.Def.Type[2:]
}

// valueType is the type of the value a name the file sees is bound to:
// the Def.Type of its declaration, in the file or imported ("" when that
// is no "t:T").
func (c useCtx) valueType(ix Index, name string) string {
	cands := familyDefs(ix.DefinitionsOf(name), c.file.Language)
	d, ok := c.resolveBare(ix, chunker.Ref{Name: name, Enclosing: -1}, cands)
	if !ok || !strings.HasPrefix(d.Def.Type, "t:") {
		return ""
	}
	return d.Def.Type[2:]
}

// resolveAlias resolves a name only an import declares, under another
// name than the symbol's own (resolveVitestConfig for `import {
// resolveConfig as resolveVitestConfig } from '../config/resolveConfig'`,
// Python's `from a import b as c`): the symbol, in the module the import
// names.
func (c useCtx) resolveAlias(ix Index, name string) (store.FileDef, bool) {
	for _, im := range c.imports {
		if im.Name != name {
			continue
		}
		sym, ok := importedSymbol(c.file, im)
		if !ok || sym == name {
			return store.FileDef{}, false
		}
		mod, _ := splitImport(c.file, im.Path, name)
		return pick(familyDefs(ix.DefinitionsOf(sym), c.file.Language), func(d store.FileDef) bool {
			return d.Def.Parent == "" && moduleMatches(d.GraphFile, c.file, mod)
		})
	}
	return store.FileDef{}, false
}

// importedSymbol is the name of the symbol an import binds: the part
// after "#" of a JavaScript named import, the last element of Python's
// and the JVM languages' dotted paths. A JavaScript import of a whole
// module (`import * as m`, `require('./m')`) binds no symbol.
func importedSymbol(f store.GraphFile, im chunker.Import) (string, bool) {
	if !strings.Contains(im.Path, "#") && sameFamily(f.Language, "javascript") {
		return "", false
	}
	_, sym := splitImport(f, im.Path, im.Name)
	return sym, sym != ""
}

// resolveBare resolves a name used without a receiver: a declaration of
// the file itself, a name an import binds, or (in the class-based
// languages, where a bare call may be to the class's own method) a member
// of the enclosing class.
func (c useCtx) resolveBare(ix Index, r chunker.Ref, cands []store.FileDef) (store.FileDef, bool) {
	if d, ok := pick(cands, func(d store.FileDef) bool { return d.Path == c.file.Path && d.Def.Parent == "" }); ok {
		return d, true
	}
	if implicitThis(c.file.Language) {
		if cls := c.classOf(r.Enclosing); cls != "" {
			if d, ok := pick(cands, func(d store.FileDef) bool { return d.Def.Parent == cls && d.Path == c.file.Path }); ok {
				return d, true
			}
			if extendsAcrossFiles(c.file.Language) {
				// Swift's and Kotlin's extensions, C#'s partial classes:
				// the class's members are written in other files too
				// (RxSwift's ObservableType.flatMap in Merge.swift, called
				// bare in Filter.swift's extension).
				if d, ok := pick(cands, func(d store.FileDef) bool { return d.Def.Parent == cls }); ok {
					return d, true
				}
			}
		}
	}
	for _, im := range c.imports {
		if im.Name != r.Name {
			continue
		}
		mod, sym := splitImport(c.file, im.Path, r.Name)
		if d, ok := pick(cands, func(d store.FileDef) bool {
			return d.Def.Parent == "" && d.Def.Name == sym && moduleMatches(d.GraphFile, c.file, mod)
		}); ok || sym != r.Name {
			return d, ok
		}
		return c.viaPackage(ix, mod, cands) // the package's own name for what one of its modules declares
	}
	if c.file.Language == "cpp" {
		return c.inScopes(ix, r, cands)
	}
	if implicitThis(c.file.Language) {
		if cls := c.classOf(r.Enclosing); cls != "" {
			if d, ok := c.inherited(ix, cls, cands); ok {
				return d, true
			}
		}
	}
	if d, ok := c.inPackageOrStar(cands); ok {
		return d, true
	}
	if c.file.Language == "elixir" {
		// A module's name is global: `Buffer` after `alias
		// GenStage.Buffer` is the one module whose name ends so.
		if d, ok := pick(cands, func(d store.FileDef) bool { return d.Def.Kind == "module" }); ok {
			return d, true
		}
	}
	if c.file.Language == "swift" {
		// A Swift module's files share one scope, and a repository is
		// most often one module: a name no import qualifies is its one
		// top-level declaration (Alamofire's `Session`).
		return pick(cands, func(d store.FileDef) bool { return d.Def.Parent == "" })
	}
	if c.file.Language == "c" {
		// C has one global scope: a name the file does not declare is the
		// program's only declaration of it with external linkage (a
		// function another file defines, a struct a header declares); a
		// static one is its own file's.
		return pick(cands, func(d store.FileDef) bool {
			return d.Def.Parent == "" && !strings.HasPrefix(d.Def.Signature, "static ")
		})
	}
	return store.FileDef{}, false
}

// inPackageOrStar resolves a bare name to a top-level declaration of the
// file's own package or of a package a star import brings in (Kotlin's,
// Java's and Scala's `import io.ktor.client.utils.*`, Python's `from m
// import *`, Elixir's `import Plug.Conn`), when exactly one declaration
// there has the name.
func (c useCtx) inPackageOrStar(cands []store.FileDef) (store.FileDef, bool) {
	var mods []string
	if c.file.Package != "" {
		mods = append(mods, c.file.Package)
	}
	for _, im := range c.imports {
		if im.Name == "." && im.Path != "" {
			mods = append(mods, im.Path)
		}
	}
	if len(mods) == 0 {
		return store.FileDef{}, false
	}
	return pick(cands, func(d store.FileDef) bool {
		if d.Language == "elixir" {
			return slices.Contains(mods, d.Def.Parent) // `import Plug.Conn`: the module's functions
		}
		return d.Def.Parent == "" && slices.ContainsFunc(mods, func(m string) bool {
			return d.Package == m || d.Package == "" && moduleMatches(d.GraphFile, c.file, m)
		})
	})
}

// inScopes resolves a bare C++ name as unqualified lookup does: in the
// scopes around the use, innermost first (the function, its class and
// the class's bases, the namespaces around, the global scope), across
// files, since a class's members are defined out of it and a namespace is
// reopened in every header; the first scope that declares the name
// decides, and two declarations there leave it undecided, but for a
// member's overloads (overloads).
func (c useCtx) inScopes(ix Index, r chunker.Ref, cands []store.FileDef) (store.FileDef, bool) {
	scope, cls := "", c.classOf(r.Enclosing)
	if d := c.enclosing(r.Enclosing); d != nil {
		scope = d.Qualified()
	}
	for {
		in := slices.DeleteFunc(slices.Clone(cands), func(d store.FileDef) bool { return d.Def.Parent != scope })
		if len(in) > 0 {
			return pick(in, func(store.FileDef) bool { return true })
		}
		if scope == cls && cls != "" {
			if d, ok := c.inherited(ix, cls, cands); ok {
				return d, true
			}
		}
		if scope == "" {
			return store.FileDef{}, false
		}
		scope = scope[:max(strings.LastIndexByte(scope, '.'), 0)]
	}
}

// resolveQualified resolves "mod.name" or "Class.name": the first element
// an import binds, else a class of that name.
func (c useCtx) resolveQualified(ix Index, qual string, cands []store.FileDef) (store.FileDef, bool) {
	first, rest, _ := strings.Cut(qual, ".")
	for _, im := range c.imports {
		if im.Name != first || im.Name == "." {
			continue
		}
		mod := im.Path
		if rest != "" {
			mod += "." + rest
		}
		if d, ok := pick(cands, func(d store.FileDef) bool { return moduleMatches(d.GraphFile, c.file, mod) && d.Def.Parent == "" }); ok {
			return d, true
		}
		if c.file.Language == "lua" {
			// A Lua module is the table its file returns (local M = {},
			// function M.root_pattern(…), return M): its fields are what
			// `local util = require 'lspconfig.util'` selects.
			if d, ok := pick(cands, func(d store.FileDef) bool {
				return moduleMatches(d.GraphFile, c.file, mod) && d.Def.Parent != "" && !strings.Contains(d.Def.Parent, ".")
			}); ok {
				return d, true
			}
		}
		if d, ok := c.viaPackage(ix, mod, cands); ok {
			return d, true
		}
		// An imported class: "from m import C" then C.method; or a
		// module's class, "ll::Semaphore" after `use … as ll`.
		cls := lastElem(mod)
		if d, ok := pick(cands, func(d store.FileDef) bool {
			return owner(d) == cls && moduleMatches(d.GraphFile, c.file, strings.TrimSuffix(mod, "."+cls))
		}); ok {
			return d, true
		}
		return pick(cands, func(d store.FileDef) bool { return owner(d) == cls })
	}
	cls := lastElem(qual)
	return pick(cands, func(d store.FileDef) bool { return d.Def.Parent == qual || owner(d) == cls })
}

// classOf is the class a use inside declaration i is in.
func (c useCtx) classOf(i int32) string {
	d := c.enclosing(i)
	if d == nil {
		return ""
	}
	switch d.Kind {
	case "class", "struct", "interface", "trait", "enum", "object", "module", "impl", "protocol", "record":
		return d.Qualified()
	}
	return d.Parent
}

// implicitThis reports whether a bare name inside a method may be a member
// of its class, or inside a function a member of its module or container
// (an Elixir module's functions, a Zig struct's declarations).
func implicitThis(lang string) bool {
	switch lang {
	case "java", "csharp", "kotlin", "scala", "swift", "cpp", "ruby", "dart", "elixir", "zig":
		return true
	}
	return false
}

// pick returns the only candidate the first test that matches any keeps;
// several matches are ambiguous and settle nothing, unless they are one
// declaration written several times (see sameDecl): then the first.
func pick(cands []store.FileDef, tests ...func(store.FileDef) bool) (store.FileDef, bool) {
	for _, test := range tests {
		var found []store.FileDef
		for _, d := range cands {
			if test(d) {
				found = append(found, d)
			}
		}
		if len(found) == 0 {
			continue
		}
		// One declaration written several times is its definition (not
		// a prototype), else its first.
		best := slices.MinFunc(found, func(a, b store.FileDef) int {
			return cmp.Or(cmp.Compare(falseFirst(prototype(a.Language, a.Def)), falseFirst(prototype(b.Language, b.Def))),
				strings.Compare(a.Path, b.Path), cmp.Compare(a.Def.Line, b.Def.Line))
		})
		for _, d := range found {
			if !sameDecl(d.Language, d.Path, d.Def, best.Path, best.Def) && !overloads(d.Language, d.Path, d.Def, best.Path, best.Def) {
				return store.FileDef{}, false
			}
		}
		return best, true
	}
	return store.FileDef{}, false
}

// sameDecl reports whether two declarations are one declaration written
// several times: in a file, a Python @overload stack, a property's getter
// and setter, TypeScript's overload signatures, a function defined in
// each branch of a conditional; across files, a C or C++ prototype and the
// definition. A use of one is a use of all; the code map lists them once
// for the same reason. Where a language overloads by
// signature (Java's f(int) and f(String) are two methods), two
// declarations are two, and a use the graph cannot tell between them
// stays undecided.
func sameDecl(lang, pathA string, a chunker.Def, pathB string, b chunker.Def) bool {
	if a.Name != b.Name || a.Parent != b.Parent || a.Kind != b.Kind {
		return false
	}
	if pathA != pathB {
		// A C or C++ prototype (in a header) declares the function
		// another file defines.
		return prototype(lang, a) != prototype(lang, b)
	}
	return a.Line == b.Line || !overloadsBySignature(lang) || lang == "elixir" && chunker.ElixirArity(a.Signature) == chunker.ElixirArity(b.Signature)
}

// overloads reports whether two declarations are overloads of one
// member: in a language that tells them apart by their parameters, the
// same name, parent and kind in one file. A use's argument types are not
// known here, so a use resolved to the member (jackson's
// ObjectMapper.readValue, 27 overloads) is one of theirs, and of no other
// declaration of the name: a match by name among the member's overloads,
// not among every class's readValue.
func overloads(lang, pathA string, a chunker.Def, pathB string, b chunker.Def) bool {
	return overloadsBySignature(lang) && pathA == pathB && a.Name == b.Name && a.Parent == b.Parent && a.Kind == b.Kind && !constructor(a) &&
		(lang != "elixir" || chunker.ElixirArity(a.Signature) != chunker.ElixirArity(b.Signature))
}

// elixirPrivate reports an Elixir defp or defmacrop, which only its own
// module calls, by its bare name.
func elixirPrivate(lang string, d chunker.Def) bool {
	return lang == "elixir" && (strings.HasPrefix(d.Signature, "defp ") || strings.HasPrefix(d.Signature, "defmacrop "))
}

// qualifiedView is what a qualified call (`GenStage.sync_subscribe(…)`)
// can see of a set of overloads: Elixir's private functions left out.
func qualifiedView(set []Definition) []Definition {
	return slices.DeleteFunc(slices.Clone(set), func(d Definition) bool { return elixirPrivate(d.Language, d.Def) })
}

// constructor reports a declaration named for its class: a use of the
// name may be the class's (`: public spdlog_ex`), which the class's
// rules resolve, not one of the constructor's overloads.
func constructor(d chunker.Def) bool {
	return d.Kind == "constructor" || d.Name == lastElem(d.Parent)
}

// Overloads counts the target's overloads, itself among them: more than
// one means a use resolved to its member is a name match, as the use's
// argument types would pick the overload.
func Overloads(ix Index, t Target) int { return len(overloadSet(ix, t.Definition)) }

// overloadSet returns d's overloads (overloads), d among them, in file
// order; a declaration without overloads is alone in it.
func overloadSet(ix Index, d Definition) []Definition {
	if !overloadsBySignature(d.Language) {
		return []Definition{d}
	}
	var out []Definition
	for _, o := range ix.DefinitionsOf(d.Def.Name) {
		if o.Def.Line == d.Def.Line && o.Path == d.Path || overloads(d.Language, d.Path, d.Def, o.Path, o.Def) {
			out = append(out, Definition{Path: o.Path, Language: o.Language, Def: o.Def, Match: d.Match})
		}
	}
	if len(out) == 0 {
		return []Definition{d}
	}
	slices.SortFunc(out, func(a, b Definition) int { return cmp.Compare(a.Def.Line, b.Def.Line) })
	return out
}

// declaresType reports whether a declaration of kind declares a type, or
// a namespace a qualified type name goes through.
func declaresType(kind string) bool {
	switch kind {
	case "type", "typedef", "alias", "namespace", "package":
		return true
	}
	return chunker.ClassLike(kind)
}

// falseFirst orders false before true.
func falseFirst(b bool) int {
	if b {
		return 1
	}
	return 0
}

// overloadsBySignature reports whether a language tells methods of one
// name apart by their parameters.
func overloadsBySignature(lang string) bool {
	switch lang {
	case "java", "csharp", "cpp", "kotlin", "scala", "swift", "dart", "elixir": // Elixir by arity
		return true
	}
	return false
}

func familyDefs(defs []store.FileDef, lang string) []store.FileDef {
	out := defs[:0:0]
	for _, d := range defs {
		// A test (gtest's TEST(Suite, Name), Zig's test "…") is named
		// for what it tests and called by no code.
		if sameFamily(d.Language, lang) && d.Def.Kind != "test" {
			out = append(out, d)
		}
	}
	return out
}

func lastElem(s string) string { return s[strings.LastIndexByte(s, '.')+1:] }

// splitImport splits an import's path into the module and the symbol the
// name stands for: "a.b.c" → a.b, c for Python's from-imports;
// "./m#f" → ./m, f for JavaScript's named imports.
func splitImport(f store.GraphFile, p, name string) (mod, sym string) {
	if m, s, ok := strings.Cut(p, "#"); ok {
		if s == "default" {
			s = name
		}
		return m, s
	}
	if i := strings.LastIndexByte(p, '.'); i >= 0 && !strings.HasSuffix(p, ".") {
		return p[:i], p[i+1:]
	}
	return p, name
}

// scriptExtensions are the extensions a JavaScript or TypeScript import
// may name its module's file with.
var scriptExtensions = map[string]bool{".js": true, ".mjs": true, ".cjs": true, ".jsx": true, ".ts": true, ".mts": true, ".cts": true, ".tsx": true}

// moduleMatches reports whether the file d declares the module an import
// names, as seen from the importing file.
func moduleMatches(d, from store.GraphFile, mod string) bool {
	switch {
	case mod == "":
		return false
	case strings.HasPrefix(mod, "./"), strings.HasPrefix(mod, "../"):
		base := strings.TrimSuffix(d.Path, path.Ext(d.Path))
		want := path.Join(path.Dir(from.Path), mod)
		if scriptExtensions[path.Ext(want)] {
			// An ES module names the file with its extension
			// ('./core/access.js'), and TypeScript names a .ts file by
			// the .js it compiles to.
			want = strings.TrimSuffix(want, path.Ext(want))
		}
		return base == want || base == want+"/index"
	case strings.HasPrefix(mod, "."): // a relative Python import
		dots := len(mod) - len(strings.TrimLeft(mod, "."))
		dir := path.Dir(from.Path)
		for i := 1; i < dots; i++ {
			dir = path.Dir(dir)
		}
		want := path.Join(dir, strings.ReplaceAll(strings.TrimLeft(mod, "."), ".", "/"))
		base := strings.TrimSuffix(d.Path, path.Ext(d.Path))
		return base == want || base == want+"/__init__"
	}
	if d.Package != "" { // a declared package or namespace
		if d.Package == mod || strings.HasSuffix(mod, "."+d.Package) {
			return true
		}
		stem := strings.TrimSuffix(path.Base(d.Path), path.Ext(d.Path))
		return d.Package+"."+stem == mod
	}
	dotted := strings.ReplaceAll(strings.TrimSuffix(d.Path, path.Ext(d.Path)), "/", ".")
	dotted = strings.TrimSuffix(strings.TrimSuffix(dotted, ".__init__"), ".index")
	if from.Language == "rust" {
		// crate::, self:: and super:: start a path inside the crate,
		// whose root the file's path does not say: the rest is matched
		// at the end of it, and a directory's module is its mod.rs.
		for _, p := range []string{"crate.", "self.", "super."} {
			for strings.HasPrefix(mod, p) {
				mod = mod[len(p):]
			}
		}
		dotted = strings.TrimSuffix(dotted, ".mod")
		if crate := workspaceCratePath(dotted); crate != "" && (crate == mod || strings.HasSuffix(crate, "."+mod)) {
			return true
		}
	}
	return dotted == mod || strings.HasSuffix(dotted, "."+mod)
}

// workspaceCratePath is the path another crate of a Rust workspace names
// a module file by: `alacritty_terminal::grid` for
// alacritty_terminal/src/grid/mod.rs (the crate's directory, its name's
// hyphens made underscores, then the module's path under src/; lib.rs
// and main.rs are the crate's root); "" for a file outside a src/.
func workspaceCratePath(dotted string) string {
	i := strings.Index(dotted, ".src.")
	if i < 0 {
		return ""
	}
	crate := strings.ReplaceAll(dotted[:i], "-", "_")
	rest := dotted[i+len(".src."):]
	if rest == "lib" || rest == "main" {
		return crate
	}
	return crate + "." + rest
}
