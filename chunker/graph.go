package chunker

// RefKind says how a reference uses the name it mentions.
type RefKind uint8

// The reference kinds.
const (
	// RefOther is any use that is not one of the kinds below: a value
	// read or assigned, a function passed as a value, a field key.
	RefOther RefKind = iota
	// RefCall calls the name (or converts to it, for a type).
	RefCall
	// RefType names a type: a declaration's type, a composite literal, a
	// receiver, a type assertion.
	RefType
	// RefImport names the symbol in an import statement.
	RefImport
	// RefInherit names a base class, an implemented interface, an
	// embedded type or an included module.
	RefInherit
)

var refKindNames = [...]string{"other", "call", "type", "import", "inherit"}

// String is the kind's name as tools report it.
func (k RefKind) String() string {
	if int(k) < len(refKindNames) {
		return refKindNames[k]
	}
	return "other"
}

// ParseRefKind is the inverse of RefKind.String.
func ParseRefKind(s string) (RefKind, bool) {
	for i, n := range refKindNames {
		if n == s {
			return RefKind(i), true
		}
	}
	return 0, false
}

// Graph is one file's part of the symbol graph: the names it declares
// (Defs), the names it uses (Refs) and the imports that say where used
// names come from. Navigation resolves the references of all files
// against the definitions of all files at query time, so a file's Graph
// depends on its own content only and is re-made with its chunks.
type Graph struct {
	// Package is the namespace the file's top-level declarations belong
	// to, as the language names it: the Go package clause ("http",
	// "http_test"), the Java, Kotlin or Scala package, the C# or PHP
	// namespace; empty where the path alone decides (Python modules,
	// JavaScript files) or one scope is shared (C, Bash, Lua).
	Package string
	// Build is a Go file's build constraint (the expression of its
	// //go:build line), so that of a declaration's variants for several
	// platforms the one for this platform can be preferred; empty for
	// files without one and other languages.
	Build   string
	Imports []Import
	Defs    []Def
	Refs    []Ref
}

// Import is a name an import statement binds in the file.
type Import struct {
	// Name is the local name ("http", "np", "join"); "." for an import
	// whose names are used unqualified (Go's dot import, Python's
	// star import), "_" for an import that binds nothing.
	Name string
	// Path is what the name stands for, in the language's notation: a Go
	// import path, a Python dotted module or module.symbol, a JavaScript
	// module specifier plus "#symbol" for a named import.
	Path string
	Line int
}

// Def flags.
const (
	// DefEmbedded marks a Go embedded field or embedded interface: it is
	// structure (what a type's method set includes), not a declaration
	// anyone looks up by name.
	DefEmbedded uint8 = 1 << iota
	// DefAbstract marks a method without a body of its own: an interface
	// method, an abstract or protocol method.
	DefAbstract
	// DefAlias marks a type alias (Go's "type A = B").
	DefAlias
)

// Def is one declaration.
type Def struct {
	Name string
	// Kind is "function", "method", "class", "struct", "interface",
	// "type", "enum", "const", "var", "field", "module" and so on, as in
	// Symbol.Kind.
	Kind string
	// Parent is the enclosing type or class, qualified ("Outer.Inner"),
	// or empty for a top-level declaration.
	Parent string
	// Line and Col are where the declared name is (1-based; Col counts
	// bytes), so a position can be matched to the declaration.
	Line, Col int
	// StartLine and EndLine span the declaration with its doc comment,
	// as in Symbol.
	StartLine, EndLine int
	Signature          string
	// Doc is the first line of the declaration's documentation.
	Doc string
	// Type describes the declaration's value for resolving selections
	// through it (see graph_go.go, and graph_tree.go for the tree-sitter
	// languages): a function's results, a variable's or field's type, a
	// type's underlying type. Empty when the language gives none.
	Type  string
	Flags uint8
}

// Qualified is the name with its parent ("Client.Do").
func (d *Def) Qualified() string {
	if d.Parent == "" {
		return d.Name
	}
	return d.Parent + "." + d.Name
}

// Ref is one use of a name.
type Ref struct {
	Name      string
	Line, Col int // of the name, as in Def
	Kind      RefKind
	// Enclosing is the index in Defs of the innermost declaration the
	// reference is in (the calling function, for a call), or -1.
	Enclosing int32
	// Recv says what the name was selected from, in the language's
	// encoding (see graph_go.go, and graph_tree.go for the tree-sitter
	// languages); empty for a bare name, which the file's scopes and
	// imports resolve.
	Recv string
}

// maxGraphRefs bounds the references kept of one file, so a generated
// file of megabytes of tables cannot make the graph larger than its text.
const maxGraphRefs = 1 << 17

// GraphOf extracts a file's symbol graph alone, for comparing two
// versions of a file (a diff) where chunks are not wanted: a Go file is
// not chunked at all. It is Analyze's graph, or nil.
func GraphOf(path string, src []byte) *Graph {
	if len(src) == 0 || IsDoc(path) {
		return nil
	}
	if Language(path, src) == "go" {
		if minified(newSource(src, nil)) {
			return nil
		}
		return goGraph(src)
	}
	a, _ := Analyze(path, src, Options{})
	return a.Graph
}
