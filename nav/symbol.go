package nav

import (
	"path"
	"slices"
	"strings"

	"github.com/codeseek/codeseek/store"
)

// symQuery is a symbol as people write it ("ParseDuration", "Client.Do",
// "(*Client).Do", "http.Client", "net/http.Client.Do", "os.path.join",
// "Net::HTTP", "Foo#bar", "Foo->bar()"), split into its name and the
// qualifiers before it, outermost first.
type symQuery struct {
	quals []string
	name  string
	// reexported are the declarations a package file the qualifiers
	// name imports as its own (reexports).
	reexported map[store.FileDef]bool
}

// parseSymbol splits a symbol; ok is false when nothing is left of it.
func parseSymbol(s string) (symQuery, bool) {
	s = strings.TrimSpace(s)
	if s == "." {
		return symQuery{}, false
	}
	if operatorChars(s) {
		return symQuery{name: s}, true // Haskell's <*>, Scala's ++, Ruby's <=>: the name is all of it
	}
	if head, op, ok := cppOperator(s); ok {
		q, ok := parseSymbol(head + "operator")
		q.name = op
		return q, ok
	}
	s = strings.TrimSuffix(s, "()")
	// A JavaScript private name (#retry, Ky.#retry) keeps its "#", which
	// between two names separates a Ruby method from its class (Foo#bar).
	if strings.HasPrefix(s, "#") {
		s = "\x00" + s[1:]
	}
	s = privateMark.Replace(s)
	for _, sep := range []string{"::", "#", "->", "\\"} {
		s = strings.ReplaceAll(s, sep, ".")
	}
	s = strings.ReplaceAll(s, "\x00", "#")
	s = strings.NewReplacer("(*", "", "*", "", "(", "", ")", "").Replace(s)
	s = strings.Trim(s, ". ")
	s = operatorName(s)
	if s == "" || strings.ContainsAny(strings.Replace(s, "operator ", "operator_", 1), " \t\n") {
		return symQuery{}, false
	}
	var q symQuery
	// A Go import path qualifier keeps its slashes: "net/http.Client.Do".
	if slash := strings.LastIndexByte(s, '/'); slash >= 0 {
		dot := strings.IndexByte(s[slash:], '.')
		if dot < 0 {
			return symQuery{}, false
		}
		q.quals = append(q.quals, s[:slash+dot])
		s = s[slash+dot+1:]
	}
	parts := strings.Split(s, ".")
	for _, p := range parts[:len(parts)-1] {
		if p = strings.ReplaceAll(p, "$", ""); p != "" {
			q.quals = append(q.quals, p) // PHP's $this->x
		}
	}
	q.name = parts[len(parts)-1]
	return q, strings.Trim(q.name, "$") != ""
}

// privateMark hides the "#" of a private name after a qualifier's dot
// from the separators; parseSymbol puts it back. A leading one is
// handled there too.
var privateMark = strings.NewReplacer(".#", ".\x00")

// operatorChars reports a name made of operator characters only: an
// operator a language lets code declare (Haskell's <*>, >>=, Scala's ++,
// Ruby's <=>, Swift's ==), which the qualifier and pointer rules below
// would take apart.
func operatorChars(s string) bool {
	return s != "" && strings.Trim(s, "!#$%&*+-./<=>?@\\^|~:") == ""
}

// cppOperator splits a C++ operator function whose symbol is written
// with characters the other rules strip ("operator*", "Span::operator()",
// "operator[]"): the qualifiers before it and its name as the chunker
// writes it.
func cppOperator(s string) (head, name string, ok bool) {
	i := strings.LastIndex(s, "operator")
	if i < 0 || i > 0 && s[i-1] != '.' && s[i-1] != ':' {
		return "", "", false
	}
	tail := strings.TrimSpace(s[i+len("operator"):])
	if tail == "" || tail != "()" && tail != "[]" && !operatorChars(tail) {
		return "", "", false
	}
	return s[:i], "operator" + tail, true
}

// operatorName writes a C++ operator as the chunker names it: "operator="
// for "operator =", while a conversion keeps its space ("operator bool").
func operatorName(s string) string {
	i := strings.Index(s, "operator ")
	if i < 0 || i > 0 && s[i-1] != '.' {
		return s
	}
	rest := strings.TrimLeft(s[i+len("operator "):], " ")
	if rest == "" {
		return s
	}
	if c := rest[0]; c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
		return s[:i] + "operator " + rest
	}
	return s[:i] + "operator" + rest
}

// scopeOf lists the names a definition can be qualified by, outermost
// first: its package or module path, then its enclosing types.
func scopeOf(f store.GraphFile, parent string) []string {
	var out []string
	dir, base := path.Split(f.Path)
	dir = strings.TrimSuffix(dir, "/")
	stem := strings.TrimSuffix(base, path.Ext(base))
	switch f.Language {
	case "go":
		if dir != "" {
			out = append(out, strings.Split(dir, "/")...)
		}
		if f.Package != "" && (len(out) == 0 || out[len(out)-1] != f.Package) {
			out = append(out, strings.TrimSuffix(f.Package, "_test"))
		}
	case "java", "kotlin", "scala", "csharp", "php":
		if f.Package != "" {
			out = append(out, strings.Split(f.Package, ".")...)
		} else if dir != "" {
			out = append(out, strings.Split(dir, "/")...)
		}
		out = append(out, stem)
	case "rust":
		if dir != "" {
			out = append(out, strings.Split(dir, "/")...)
		}
		switch i := slices.Index(out, "src"); {
		case i == 0:
			out[i] = crateRoot
		case i > 0: // a workspace's crate, in a directory of its name
			out[i-1] = strings.ReplaceAll(out[i-1], "-", "_")
			out = slices.Delete(out, i, i+1)
		}
		if stem != "mod" && stem != "lib" && stem != "main" {
			out = append(out, stem)
		}
	default:
		if dir != "" {
			out = append(out, strings.Split(dir, "/")...)
		}
		if stem != "__init__" && stem != "index" && stem != "mod" {
			out = append(out, stem)
		}
	}
	if parent = classParent(f.Language, parent); parent != "" {
		for _, p := range strings.Split(parent, ".") {
			out = append(out, typeName(p))
		}
	}
	return out
}

// crateRoot stands in a Rust scope for the root crate's `src/`: paths
// name it by the crate's name, which only its manifest knows
// (`hyper::common::time::Time` for src/common/time.rs). A workspace's
// crate is its directory's name, as paths write it (`regex_syntax` for
// regex-syntax/src/).
const crateRoot = "*"

// classParent is a member's parent as its uses qualify it: a Kotlin
// companion object's members are the class's
// (HttpTimeoutConfig.INFINITE_TIMEOUT_MS for HttpTimeoutConfig.Companion's).
func classParent(lang, parent string) string {
	if lang != "kotlin" {
		return parent
	}
	return strings.TrimSuffix(parent, ".Companion")
}

// typeName is the name in a parent written as a type: "str" for Rust's
// "&'a str", "Vec" for "Vec<T>", "Map" for "Map[K, V]".
func typeName(s string) string {
	if i := strings.IndexAny(s, "<["); i > 0 {
		s = s[:i]
	}
	s = strings.TrimSpace(s)
	if i := strings.LastIndexAny(s, " &*'"); i >= 0 {
		s = s[i+1:]
	}
	return s
}

// The levels of agreement between a query's qualifiers and a scope.
const (
	qualNone    = iota // some qualifier is not in the scope
	qualPartial        // all are, in order, but not right before the name
	qualExact          // they end the scope (the parent, then its outer names)
)

// qualMatch grades how a query's qualifiers fit a definition's scope. A
// qualifier with slashes (a Go import path) matches as a run of path
// elements.
func qualMatch(quals, scope []string, parent string) int {
	if len(quals) == 0 {
		return qualExact
	}
	var want []string
	for _, q := range quals {
		want = append(want, strings.Split(strings.ReplaceAll(q, "/", "."), ".")...)
	}
	if len(want) > 1 && want[0] == "crate" {
		want = want[1:] // Rust's path from the crate's root
	}
	// Contiguous at the end of the scope, or right before the parent chain
	// when the query leaves the parent out ("http.Get" for Client.Get is
	// not exact, "http.Client.Get" is).
	if endsWith(scope, want) {
		return qualExact
	}
	if parent == "" {
		// A package qualifier may skip inner directories' names: the Go
		// package name "rand" for math/rand/v2. Its case counts: Rust's
		// Hir::literal is the type's method, not the module hir's
		// submodule literal.
		if len(want) == 1 && len(scope) > 0 && scope[len(scope)-1] == want[0] {
			return qualExact
		}
	}
	i := 0
	for _, s := range scope {
		if i < len(want) && (strings.EqualFold(s, want[i]) || i == 0 && s == crateRoot) {
			i++
		}
	}
	if i == len(want) {
		return qualPartial
	}
	return qualNone
}

func endsWith(scope, want []string) bool {
	if len(want) > len(scope) {
		return false
	}
	tail := scope[len(scope)-len(want):]
	for i := range want {
		if tail[i] != want[i] && (i > 0 || tail[i] != crateRoot) {
			return false
		}
	}
	return true
}
