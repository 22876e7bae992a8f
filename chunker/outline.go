package chunker

import (
	"sort"
	"strings"
)

// memberKinds are the graph's declarations of data a type holds: fields,
// properties, enum constants, class constants and member types (a Rust
// trait's associated types, Scala's type members, C++'s nested
// typedefs). Chunking does not split at them (a struct's fields stay with
// the struct), so Symbols does not list them, but an outline that leaves
// them out hides what a type is.
var memberKinds = set("field", "property", "constant", "const", "var", "type")

// moduleVars are the languages whose graph declares a variable with no
// parent only at a module's level (Python's, in its conditionals too):
// JavaScript's declares a callback's locals so.
var moduleVars = set("python")

// cFamily are the languages of C's ways: a function declares types of
// its own only for its locals (`const union { unsigned u; … } one`), whose
// members are no members of the function, as an anonymous class's in
// Java or Scala are; an enum may have no name, its enumerators the
// file's constants; a macro is the file's wherever it is defined.
var cFamily = set("c", "cpp")

// Outline is the outline get_symbols gives: Symbols, with a declaration
// of several names (Go's const block, "const a = 1, b = 2") listed name by
// name, plus the data members the file's symbol graph declares inside its
// class-likes (Go and C struct fields, Java and C# fields, TypeScript and
// Python class attributes, Kotlin, Swift, PHP and Ruby properties, enum
// constants), each under the type that holds it as Symbols names it, and
// the named functions it declares inside functions and methods, in file
// order.
func Outline(path string, src []byte) []Symbol {
	// A file whose every declaration is inside a block Symbols' walk does
	// not enter (Ruby's `begin … rescue LoadError`) has none of its own.
	syms := Symbols(path, src)
	g := GraphOf(path, src)
	if g == nil {
		return syms
	}
	syms = splitGroups(syms, g)
	lang := Language(path, src)
	if nestedModules[lang] {
		qualifyParents(syms, g)
	}
	n := len(syms)
	// A file may declare thousands of members and constants (a generated
	// table of errors): the types and the names are looked up by index.
	var types []int
	named := map[string][]int{}
	callables := map[string]int{} // functions, methods, constructors and tests by qualified name
	for i, s := range syms {
		if ClassLike(s.Kind) || s.Kind == "type" {
			types = append(types, i)
		}
		if s.Kind == "function" || s.Kind == "method" || s.Kind == "constructor" || s.Kind == "test" {
			callables[s.Qualified()] = i
		}
		named[s.Name] = append(named[s.Name], i)
	}
	added := map[string]string{} // classes added, by the graph's qualified name: their outline's
	members := map[string]bool{} // members added, by qualified name
	topVars := moduleVars[lang]
	for _, d := range g.Defs {
		if listedAt(syms, named[d.Name], d) {
			continue
		}
		d.Parent = receiverScope(d)
		if at, local := callableOf(callables, d.Parent); local && d.Kind == "field" && cFamily[lang] && syms[at].StartLine <= d.Line && d.Line <= syms[at].EndLine {
			continue // a member of a C function's local union (`const union { unsigned u; … } one`), a local's
		}
		if at, ok := callableOf(callables, d.Parent); ok && d.Kind == "macro" && !cFamily[lang] {
			// A macro a function defines for itself (Rust's macro_rules!
			// in a function body), named in it as a nested function is.
			syms = append(syms, defSymbol(d, syms[at].Qualified()))
			continue
		}
		if parent, ok := missedParent(d, syms, callables, added, topVars); ok {
			sym := defSymbol(d, parent)
			syms = append(syms, sym)
			if ClassLike(d.Kind) {
				added[qualify(d.Parent, d.Name)] = sym.Qualified()
				types = append(types, len(syms)-1) // its fields follow
			} else if d.Kind == "function" || d.Kind == "method" {
				callables[qualify(d.Parent, d.Name)] = len(syms) - 1 // its own nested functions follow
			}
			continue
		}
		if at := typeHolding(syms, types, d); at >= 0 {
			// A class declared in a block of a class that the walk does
			// not enter (Kotlin's `init { class Builder { … } }`): the
			// class's, its members its own, not the outer class's.
			sym := defSymbol(d, syms[at].Qualified())
			syms = append(syms, sym)
			added[qualify(d.Parent, d.Name)] = sym.Qualified()
			types = append(types, len(syms)-1)
			continue
		}
		if cFamily[lang] && (d.Kind == "macro" || d.Kind == "constant" && d.Parent == "") {
			// The file's own: a #define inside a function (oniguruma's
			// REPEAT_RANGE_ALLOC in its compiler) is the file's from its
			// line on, a macro knowing no scope; an enumerator of an
			// unnamed enum at the file's level (C's `enum { LINE_CMD_EOL =
			// 0x80 };`), the way C names its constants as often as with
			// #define, has no type to hold it.
			syms = append(syms, defSymbol(d, ""))
			continue
		}
		if !memberKinds[d.Kind] && !keywordMethod(d) || d.Parent == "" {
			continue // a top-level constant is no member
		}
		if _, local := callableOf(callables, d.Parent); local && (d.Kind == "var" || d.Kind == "const") {
			continue // a function's own static (Rust's `static CACHE` in a method), none of the type around it
		}
		holder := holderOf(syms, types, d.Parent, d.Line)
		if holder < 0 {
			continue
		}
		parent := syms[holder].Qualified()
		if d.Kind == "field" && members[d.Parent] && strings.HasPrefix(d.Parent, parent+".") {
			parent = d.Parent // a field of an enum's variant (Rust's `Edge::UnchangedNode { depth: u32 }`), the variant's
		}
		syms = append(syms, defSymbol(d, parent))
		members[qualify(parent, d.Name)] = true
	}
	if len(syms) > n {
		// Stable: a type starting on its member's line stays before it.
		sort.SliceStable(syms, func(i, j int) bool { return syms[i].StartLine < syms[j].StartLine })
	}
	return syms
}

// defSymbol is the outline's symbol for graph definition d under parent.
func defSymbol(d Def, parent string) Symbol {
	return Symbol{Name: d.Name, Kind: d.Kind, Parent: parent, Signature: d.Signature, StartLine: d.StartLine, EndLine: d.EndLine, Doc: d.Doc}
}

// missedParent returns the outline's parent for a declaration the graph
// makes that Symbols' walk does not reach, and whether it is one: a
// function or class declared with its keyword, or a variable where the
// graph declares only the module's (topVars), at the top level inside a
// conditional (Python's `if TYPE_CHECKING:` class, its
// `try:`/`except ImportError:` fallback, `if sys.platform == "win32":
// preferred_clock = …`, Ruby's modules in a `begin` block), or a function
// or class inside a function, or a method or class inside such a class.
// ok is false for anything else.
func missedParent(d Def, syms []Symbol, callables map[string]int, added map[string]string, topVars bool) (string, bool) {
	declared := nestedFunction(d) || keywordClass(d)
	// A member of an anonymous class a function makes (Scala's, Java's
	// `new Visitor { var state … }`, PHP's `new class { … }`) is the
	// function's, not the type's around it.
	member := d.Kind == "method" || d.Kind == "field" || d.Kind == "property"
	if at, ok := callableOf(callables, d.Parent); ok && (declared || member) {
		return syms[at].Qualified(), true
	}
	if q, ok := added[d.Parent]; ok && (d.Kind == "method" || keywordClass(d)) {
		return q, true // a member of a class added, or a class inside it
	}
	if d.Kind == "method" {
		return "", false
	}
	return "", (declared || topVars && d.Kind == "var") && d.Parent == ""
}

// callableOf looks up the function or method the graph names parent in
// callables, by the symbols' qualified names: as it is, or without the
// namespaces leading it that Symbols leaves out of a qualified
// definition's parent (C++'s `Status DB::Recover` inside `namespace
// leveldb` is DB.Recover there, leveldb.DB.Recover in the graph). Two
// names at least are kept, so that a namesake elsewhere is not taken.
func callableOf(callables map[string]int, parent string) (int, bool) {
	for {
		if at, ok := callables[parent]; ok {
			return at, true
		}
		dot := strings.IndexByte(parent, '.')
		if dot < 0 || !strings.Contains(parent[dot+1:], ".") {
			return 0, false
		}
		parent = parent[dot+1:]
	}
}

// keywordMethod reports a method the graph declares with its keyword
// (`def ext`) that Symbols' walk did not reach: inside a block call, a
// `begin`/`rescue` or an `if` in a class body (Rake's `String#ext`, in
// `rake_extension("ext") do … end`), or a Ruby method's other name
// (`alias_method :options, :method_options`, `alias opts options`).
func keywordMethod(d Def) bool {
	return d.Kind == "method" && (keywordSignature(d.Signature) ||
		strings.HasPrefix(d.Signature, "alias ") || strings.HasPrefix(d.Signature, "alias_method "))
}

// keywordClass reports a class-like declaration the graph makes with its
// keyword first (`class Logging(base)`), as a function's with def.
func keywordClass(d Def) bool {
	return ClassLike(d.Kind) && strings.HasPrefix(d.Signature, d.Kind+" ")
}

// qualify joins a parent's qualified name and a name.
func qualify(parent, name string) string {
	if parent == "" {
		return name
	}
	return parent + "." + name
}

// nestedFunction reports a function the graph declares inside another
// with a function's own keyword (Python's `def pop_style` in `render`,
// JavaScript's `function inner`): a named helper a reader looks for in
// the outline. A closure bound to a variable (`const onClick = () => …`)
// is the function's local, and lambdas are no declarations.
func nestedFunction(d Def) bool {
	return d.Kind == "function" && keywordSignature(d.Signature)
}

// keywordSignature reports a signature that opens with a function's
// keyword (`def`, `function`, `fn`, `func`, `fun`, `sub`), past its
// modifiers (async, Rust's `unsafe`, `const`, `extern "C"`, Kotlin's
// `private inline`).
func keywordSignature(sig string) bool {
	for {
		word, rest, ok := strings.Cut(sig, " ")
		if !ok || !functionModifiers[word] && !strings.HasPrefix(word, `"`) && !strings.HasPrefix(word, "pub(") {
			break
		}
		sig = rest
	}
	for _, k := range []string{"def ", "function ", "function* ", "fn ", "func ", "fun ", "sub "} {
		if strings.HasPrefix(sig, k) {
			return true
		}
	}
	return false
}

// functionModifiers are the words a nested function's signature may open
// with before its keyword.
var functionModifiers = set("async", "unsafe", "const", "extern", "pub", "private", "internal", "inline", "suspend", "tailrec")

// splitGroups replaces each symbol naming several declarations, which
// Symbols names by the first few ("Red, Green, Blue, Cyan, …"), with the
// graph's declarations of those names inside its lines, each with its
// own lines, signature and doc, so that none is hidden behind the "…":
// a group of types (Go's `type ( … )`) with each type's kind, members
// and methods.
func splitGroups(syms []Symbol, g *Graph) []Symbol {
	var out []Symbol
	for i, s := range syms {
		if !strings.Contains(s.Name, ", ") {
			if out != nil {
				out = append(out, s)
			}
			continue
		}
		var names []Symbol
		types := map[string]bool{} // the group's types, by qualified name
		for _, d := range g.Defs {
			if d.Line < s.StartLine || d.Line > s.EndLine {
				continue
			}
			grouped := d.Parent == s.Parent && (d.Kind == s.Kind || s.Kind == "type" && ClassLike(d.Kind))
			if grouped || types[d.Parent] {
				names = append(names, defSymbol(d, d.Parent))
			}
			if grouped && s.Kind == "type" {
				types[qualify(d.Parent, d.Name)] = true
			}
		}
		if len(names) == 0 {
			names = []Symbol{s} // the graph did not declare them: the group as Symbols gives it
		}
		if out == nil {
			out = append([]Symbol(nil), syms[:i]...)
		}
		out = append(out, names...)
	}
	if out == nil {
		return syms
	}
	return out
}

// holderOf is the index of the type that holds a member the graph
// declares under parent on line, or -1: of the types (the indexes in syms
// of class-likes and type aliases of a struct or object type, C's typedef,
// TypeScript's type) whose lines hold the line, the one the graph names
// (its qualified name is parent, or ends it where a namespace the outline
// leaves out leads it: Ruby's Demo.Job is the outline's Job), else the
// narrowest.
func holderOf(syms []Symbol, types []int, parent string, line int) int {
	best, named := -1, -1
	for _, i := range types {
		s := syms[i]
		if line < s.StartLine || line > s.EndLine {
			continue
		}
		if q := s.Qualified(); q == parent || strings.HasSuffix(parent, "."+q) {
			named = i
		}
		if best < 0 || s.EndLine-s.StartLine <= syms[best].EndLine-syms[best].StartLine {
			best = i
		}
	}
	if named >= 0 {
		return named
	}
	return best
}

// receiverScope returns the parent of an extension function the graph
// qualifies by its receiver type (Kotlin's `fun List<String>.firstLong()`
// inside `handle`, Outer.handle.List): the scope it is declared in,
// Outer.handle, where the outline lists it. Any other declaration's
// parent is returned as it is.
func receiverScope(d Def) string {
	dot := strings.LastIndexByte(d.Parent, '.')
	if dot < 0 || d.Kind != "function" && d.Kind != "method" {
		return d.Parent
	}
	_, sig, ok := strings.Cut(d.Signature, "fun ")
	if !ok {
		return d.Parent
	}
	if strings.HasPrefix(sig, "<") { // fun <T> List<T>.second()
		if end := strings.IndexByte(sig, '>'); end > 0 {
			sig = strings.TrimSpace(sig[end+1:])
		}
	}
	recv := d.Parent[dot+1:]
	if rest, ok := strings.CutPrefix(sig, recv); ok && (strings.HasPrefix(rest, ".") || strings.HasPrefix(rest, "<") || strings.HasPrefix(rest, "?.")) {
		return d.Parent[:dot]
	}
	return d.Parent
}

// typeHolding returns the index in syms of the type a keyword class d
// the walk did not list is declared in, by the graph's parent and the
// lines, or -1.
func typeHolding(syms []Symbol, types []int, d Def) int {
	if !keywordClass(d) || d.Parent == "" {
		return -1
	}
	at := holderOf(syms, types, d.Parent, d.Line)
	if at < 0 {
		return -1
	}
	if q := syms[at].Qualified(); q != d.Parent && !strings.HasSuffix(d.Parent, "."+q) {
		return -1
	}
	return at
}

// nestedModules are the languages whose modules Symbols passes through
// as wrappers of what they hold, naming it without them (Ruby's `module
// Outer; module Middle; module Inner`, Inner's parent "", Rust's `mod
// tests { fn … }`), while the graph qualifies it.
var nestedModules = set("ruby", "rust")

// qualifyParents gives a declaration the parent the graph gives it where
// that is the outline's parent qualified further (nestedModules), so that
// the outline names Inner Outer.Middle.Inner as the graph and def do.
func qualifyParents(syms []Symbol, g *Graph) {
	type at struct {
		name string
		line int
	}
	parents := map[at]string{}
	for _, d := range g.Defs {
		parents[at{d.Name, d.StartLine}] = d.Parent
	}
	for i, s := range syms {
		p, ok := parents[at{s.Name, s.StartLine}]
		if ok && len(p) > len(s.Parent) && subpath(strings.Split(s.Parent, "."), strings.Split(p, ".")) {
			syms[i].Parent = p
		}
	}
}

// subpath reports whether the names of short are those of long in order,
// some of long's left out: the modules an outline passes through
// (Outer.Leaf for Outer.Inner.Leaf, where a class holds a module).
func subpath(short, long []string) bool {
	j := 0
	for _, n := range long {
		if j < len(short) && (short[j] == n || short[j] == "") {
			j++
		}
	}
	return j == len(short)
}

// listedAt reports whether one of the symbols of d's name (their
// indexes in syms) already spans its line (a C# property or a Swift
// computed property is a declaration of its own): the same declaration,
// unless the graph declares d inside that symbol (Alembic's `def
// upgrade` nested in the command `upgrade`).
func listedAt(syms []Symbol, same []int, d Def) bool {
	for _, i := range same {
		q := syms[i].Qualified()
		inside := d.Parent == q || strings.HasSuffix(d.Parent, "."+q)
		if d.Line >= syms[i].StartLine && d.Line <= syms[i].EndLine && !inside {
			return true
		}
	}
	return false
}
