package chunker

import (
	"cmp"
	"slices"
	"strings"
)

// importParts are the texts one import pattern captured.
type importParts struct {
	from, path, module, file, sym, alias, def string
	star                                      bool
	pathCap, symCap, defCap                   *capture
	line                                      uint32 // 1-based
	start                                     uint32 // byte offset of the first capture
	key                                       uint32 // of the first binding capture: orders one statement's imports
	parts                                     [roleImportDefault - roleImportFrom + 1]*capture
}

// placedImport is an import with where it starts, to order a file's
// imports as they appear.
type placedImport struct {
	start uint32
	Import
}

// importPart files one capture of an import pattern. A part captured on
// several nodes (the identifiers of Scala's "import a.b.c") spans them.
func (b *graphBuilder) importPart(imp *importParts, role capRole, c *capture) {
	if prev := imp.parts[role-roleImportFrom]; prev != nil {
		span := *prev
		span.start, span.end = min(span.start, c.start), max(span.end, c.end)
		if c.start < prev.start {
			span.row, span.col = c.row, c.col
		}
		c = &span
	}
	imp.parts[role-roleImportFrom] = c
	text := b.text(c.start, c.end)
	if imp.line == 0 || c.start < imp.start {
		imp.line, imp.start = c.row+1, c.start
	}
	if role != roleImportFrom && (imp.key == 0 || c.start < imp.key) {
		imp.key = c.start
	}
	switch role {
	case roleImportFrom:
		imp.from = text
	case roleImportPath:
		imp.path, imp.pathCap = text, c
	case roleImportModule:
		imp.module, imp.pathCap = text, c
	case roleImportFile:
		imp.file = text
	case roleImportSym:
		imp.sym, imp.symCap = text, c
	case roleImportAlias:
		imp.alias = text
	case roleImportStar:
		imp.star = true
	case roleImportDefault:
		imp.def, imp.defCap = text, c
	}
}

// addImport makes the import of one match (see Import for the notation)
// and the reference to the symbol it imports.
func (b *graphBuilder) addImport(imp *importParts) {
	sep := b.gl.symSep
	if sep == "" {
		sep = "."
	}
	from := modulePath(imp.from)
	var in Import
	switch {
	case imp.file != "":
		in = Import{Name: orDefault(imp.alias, "."), Path: unquote(imp.file)}
	case from != "" && imp.sym != "":
		sym := qualifiedName(imp.sym)
		in = Import{Name: orDefault(imp.alias, lastSegment(sym)), Path: joinModule(from, sym, sep)}
		b.importRef(imp.symCap, from)
	case from != "" && imp.def != "":
		in = Import{Name: imp.def, Path: from + sep + "default"}
		// Mostly named as the module names its default export
		// (`export default function isNetworkError`): a use of it.
		b.importRef(imp.defCap, from)
	case from != "" && imp.star:
		in = Import{Name: ".", Path: from}
	case from != "":
		in = Import{Name: orDefault(imp.alias, "_"), Path: from}
	case imp.path != "":
		p := qualifiedName(imp.path)
		in = Import{Name: orDefault(imp.alias, lastSegment(p)), Path: p}
		if imp.star {
			in.Name = "."
		} else {
			b.importRef(imp.pathCap, "")
		}
	case imp.module != "":
		// Python's "import a.b" binds a.
		first, _, _ := strings.Cut(qualifiedName(imp.module), ".")
		in = Import{Name: first, Path: first}
		b.importRef(imp.pathCap, "")
	}
	if in.Path == "" || in.Name == "" || len(b.imports) >= maxGraphRefs {
		return
	}
	in.Line = int(imp.line)
	b.imports = append(b.imports, placedImport{max(imp.key, imp.start), in})
}

// buildImports orders the imports as they appear in the file.
func (b *graphBuilder) buildImports() {
	slices.SortStableFunc(b.imports, func(x, y placedImport) int { return cmp.Compare(x.start, y.start) })
	for _, im := range b.imports {
		b.g.Imports = append(b.g.Imports, im.Import)
	}
}

// importRef records a reference of kind import to the last name of an
// imported symbol's node, selected from the module it is imported from
// or from the qualifier before it in the node.
func (b *graphBuilder) importRef(c *capture, from string) {
	if c == nil {
		return
	}
	text := b.text(c.start, c.end)
	j := len(text)
	for j > 0 && isNameByte(text[j-1]) {
		j--
	}
	if j == len(text) {
		return
	}
	r := b.refIn(c, text, j, len(text), RefImport)
	if from == "" {
		from = qualifiedName(text[:j])
	}
	if from != "" {
		b.importRecv[r.start] = "n:" + from
	}
	b.refs = append(b.refs, r)
}

// modulePath is the module an import names: a string's content, or a
// qualified name in dotted notation that keeps Python's leading dots of
// a relative import.
func modulePath(text string) string {
	text = strings.TrimSpace(text)
	if text == "" {
		return ""
	}
	if text[0] == '"' || text[0] == '\'' || text[0] == '`' {
		return unquote(text)
	}
	dots := len(text) - len(strings.TrimLeft(text, "."))
	return text[:dots] + qualifiedName(text[dots:])
}

// joinModule joins a module and a symbol imported from it; a relative
// module of dots only ("." of "from . import x") takes the symbol
// without another separator.
func joinModule(from, sym, sep string) string {
	if strings.Trim(from, ".") == "" {
		return from + sym
	}
	return from + sep + sym
}

// unquote strips the quotes of a string literal's text.
func unquote(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'' || s[0] == '`' || s[0] == '<') {
		return s[1 : len(s)-1]
	}
	return s
}

// lastSegment is the last element of a dotted name ("Foo" of "pkg.Foo").
func lastSegment(p string) string {
	return p[strings.LastIndexByte(p, '.')+1:]
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
