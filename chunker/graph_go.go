package chunker

import (
	"bytes"
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"strconv"
	"strings"

	"github.com/codeseek/codeseek/internal/goast"
)

// Go files get their graph from the standard library's parser rather than
// tree-sitter: go/parser resolves local scopes (every local variable knows
// its declaration), which is what lets a selector's receiver be typed
// without type-checking the whole program, and its positions are the ones
// gopls reports.
//
// Encodings, resolved at query time against the definitions of every file
// (package nav):
//
// A type is written without spaces: "pkgpath:Name" for a named type of an
// imported package, ":Name" for one of the file's own package (or a
// predeclared one), "[]T" for slices and arrays, "map[K]V", "<-T" for
// channels, "func(R1,R2)" for a function type with its results, "?" when
// unknown. Pointers are dropped: a method set is looked up the same way
// through T and *T.
//
// A value (Ref.Recv, and Def.Type of functions, variables and fields) is
// a postfix program of space-separated tokens: "p:PATH" pushes an imported
// package, "t:TYPE" a value of a type, "g:NAME" the package-level object
// NAME of the file's package; ".NAME" selects a field or method, "()"
// calls (result 0), "()N" takes result N of a call, "[]" indexes (the
// element of a slice, map, array or channel) and "[k]" is a map's key.
// "?" is a value nothing is known of. A type definition's Def.Type is
// "t:" and its underlying type ("?" for structs and interfaces, whose
// members are Defs).

// goGraph builds the graph of a Go file. It returns nil when the file
// does not parse at all (no package clause).
func goGraph(src []byte) *Graph {
	fset := token.NewFileSet()
	// Comments are not parsed (a sixth of the parse): doc comments and the
	// build line are read from the source lines themselves.
	f, _ := parser.ParseFile(fset, "", src, 0)
	if f == nil || f.Name == nil || !f.Package.IsValid() || f.Name.Name == "_" {
		return nil
	}
	w := &goWalker{fset: fset, src: src, f: f, g: &Graph{Package: f.Name.Name, Build: goBuildLine(src)},
		imports: map[string]string{}, memo: map[*ast.Object]string{}, busy: map[*ast.Object]bool{},
		override: map[*ast.Object]string{}, encl: -1}
	for _, imp := range f.Imports {
		w.addImport(imp)
	}
	for _, d := range f.Decls {
		w.decl(d)
	}
	// In a broken file go/parser can end a declaration before what it
	// holds ("func A\nA" ends at its name, its result type on the next
	// line): a declaration spans at least its references.
	for _, r := range w.g.Refs {
		if r.Enclosing >= 0 {
			d := &w.g.Defs[r.Enclosing]
			d.StartLine, d.EndLine = min(d.StartLine, r.Line), max(d.EndLine, r.Line)
		}
	}
	return w.g
}

// goBuildLine is the expression of a file's //go:build line, or "": a
// line of the header, before the package clause.
func goBuildLine(src []byte) string {
	for len(src) > 0 {
		line := src
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i], src[i+1:]
		} else {
			src = nil
		}
		t := strings.TrimSpace(string(line))
		switch {
		case constraint.IsGoBuild(t):
			return strings.TrimSpace(strings.TrimPrefix(t, "//go:build"))
		case strings.HasPrefix(t, "package "):
			return ""
		}
	}
	return ""
}

type goWalker struct {
	fset    *token.FileSet
	src     []byte
	f       *ast.File
	g       *Graph
	imports map[string]string // local name -> import path
	encl    int32             // index of the enclosing Def, or -1
	// memo holds the encoded values of local variables; busy guards
	// against a variable defined through itself.
	memo map[*ast.Object]string
	busy map[*ast.Object]bool
	// override gives a type switch's variable the type of the clause
	// being walked.
	override map[*ast.Object]string
}

// pos is p's line and column in the file as it is, not as //line
// directives rename it: the graph points into this file's text (a
// generated file's "//line x.go:999999" would otherwise point past its end).
func (w *goWalker) pos(p token.Pos) (int, int) {
	ps := w.fset.PositionFor(p, false)
	return ps.Line, ps.Column
}

func (w *goWalker) addImport(imp *ast.ImportSpec) {
	path, err := strconv.Unquote(imp.Path.Value)
	if err != nil || path == "" {
		return
	}
	name := GoPackageName(path)
	if imp.Name != nil {
		name = imp.Name.Name
	}
	line, _ := w.pos(imp.Pos())
	w.g.Imports = append(w.g.Imports, Import{Name: name, Path: path, Line: line})
	if name != "_" && name != "." {
		w.imports[name] = path
	}
}

// GoPackageName guesses the name a package is imported under from its
// path: the last element, skipping a major-version suffix ("yaml.v3",
// "rand/v2") and a "go-" prefix, as the Go convention names packages.
func GoPackageName(path string) string {
	elems := strings.Split(path, "/")
	name := elems[len(elems)-1]
	if len(elems) > 1 && len(name) > 1 && name[0] == 'v' && allDigits(name[1:]) {
		name = elems[len(elems)-2]
	}
	if i := strings.Index(name, ".v"); i > 0 && allDigits(name[i+2:]) {
		name = name[:i]
	}
	name = strings.TrimPrefix(name, "go-")
	name = strings.TrimSuffix(name, "-go")
	return strings.ReplaceAll(name, "-", "_")
}

func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// def appends a declaration and returns its index.
func (w *goWalker) def(name *ast.Ident, kind, parent string, node ast.Node, sig, typ string, flags uint8) int32 {
	if len(w.g.Defs) >= maxGraphRefs || name.Name == "_" {
		// The blank name declares nothing anyone looks up; go/parser
		// also gives it to a "func" cut off before its name.
		return w.encl
	}
	line, col := w.pos(name.Pos())
	sl, _ := w.pos(node.Pos())
	doc, docStart := w.docAbove(sl)
	el, _ := w.pos(node.End())
	el = max(el, line) // a declaration cut off by the end of the file
	w.g.Defs = append(w.g.Defs, Def{Name: name.Name, Kind: kind, Parent: parent, Line: line, Col: col,
		StartLine: docStart, EndLine: el, Signature: sig, Doc: doc, Type: typ, Flags: flags})
	return int32(len(w.g.Defs) - 1)
}

// docAbove reads the doc comment of a declaration starting on line: the
// run of // lines right above it, as go/doc takes it. It returns the
// comment's first line of text (directives such as //go:noinline left
// out) and the line the declaration starts on with its doc.
func (w *goWalker) docAbove(line int) (string, int) {
	tf := w.fset.File(w.f.Package)
	start, first := line, ""
	for l := line - 1; l >= 1; l-- {
		a := tf.Offset(tf.LineStart(l))
		b := len(w.src)
		if l < tf.LineCount() {
			b = tf.Offset(tf.LineStart(l + 1))
		}
		t := strings.TrimSpace(string(w.src[a:b]))
		if !strings.HasPrefix(t, "//") {
			break
		}
		start = l
		text := strings.TrimSpace(t[2:])
		if directive(t) || text == "" {
			continue
		}
		first = text
	}
	return first, start
}

// directive reports a machine-read comment line ("//go:noinline",
// "//line x.go:1", "//export F"), which is not documentation.
func directive(line string) bool {
	rest := line[2:]
	if strings.HasPrefix(rest, "line ") || strings.HasPrefix(rest, "export ") || strings.HasPrefix(rest, "extern ") {
		return true
	}
	i := strings.IndexByte(rest, ':')
	return i > 0 && !strings.ContainsAny(rest[:i], " \t") && i+1 < len(rest) && rest[i+1] != ' '
}

// sigText is the source from a to b on one line, capped like signatures.
func (w *goWalker) sigText(a, b token.Pos) string {
	ta, tb := w.fset.PositionFor(a, false).Offset, w.fset.PositionFor(b, false).Offset
	if ta < 0 || tb > len(w.src) || ta >= tb {
		return ""
	}
	if tb-ta > maxSignatureScan {
		tb = ta + maxSignatureScan
	}
	s := oneLine(string(w.src[ta:tb]))
	s = strings.TrimRight(s, " {")
	if len(s) > maxSignature {
		s = truncateUTF8(s, maxSignature) + "…"
	}
	return s
}

// truncateUTF8 cuts s to at most n bytes without splitting a character.
func truncateUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n]
}

// lineEnd is the end of the line holding p.
func (w *goWalker) lineEnd(p token.Pos) token.Pos {
	tf := w.fset.File(p)
	off := tf.Offset(p)
	for off < len(w.src) && w.src[off] != '\n' {
		off++
	}
	return tf.Pos(off)
}

func (w *goWalker) decl(d ast.Decl) {
	switch d := d.(type) {
	case *ast.FuncDecl:
		w.funcDecl(d)
	case *ast.GenDecl:
		for _, s := range d.Specs {
			var node ast.Node = s
			if !d.Lparen.IsValid() {
				node = d
			}
			switch s := s.(type) {
			case *ast.TypeSpec:
				w.typeSpec(s, node)
			case *ast.ValueSpec:
				w.valueSpec(d.Tok, s, node)
			}
		}
	}
}

func (w *goWalker) funcDecl(d *ast.FuncDecl) {
	kind, parent := "function", ""
	if d.Recv != nil && len(d.Recv.List) > 0 {
		kind = "method"
		parent = goast.RecvTypeName(d.Recv.List[0].Type)
	}
	end := d.End()
	if d.Body != nil {
		end = d.Body.Lbrace
	}
	typ := "t:" + w.funcType(d.Type)
	outer := w.encl
	w.encl = w.def(d.Name, kind, parent, d, w.sigText(d.Pos(), end), typ, 0)
	if d.Recv != nil {
		w.fields(d.Recv, RefType)
	}
	w.expr(d.Type, RefType)
	if d.Body != nil {
		w.stmt(d.Body)
	}
	w.encl = outer
}

func (w *goWalker) typeSpec(s *ast.TypeSpec, node ast.Node) {
	kind, typ := "type", "t:"+w.typ(s.Type)
	var flags uint8
	switch s.Type.(type) {
	case *ast.StructType:
		kind, typ = "struct", "t:?"
	case *ast.InterfaceType:
		kind, typ = "interface", "t:?"
	}
	if s.Assign.IsValid() {
		flags |= DefAlias
	}
	sigEnd := w.lineEnd(node.Pos())
	if st, ok := s.Type.(*ast.StructType); ok && st.Fields != nil && st.Fields.Opening.IsValid() {
		sigEnd = st.Fields.Opening
	} else if it, ok := s.Type.(*ast.InterfaceType); ok && it.Methods != nil && it.Methods.Opening.IsValid() {
		sigEnd = it.Methods.Opening
	}
	outer := w.encl
	sig := w.sigText(node.Pos(), sigEnd)
	if node == ast.Node(s) {
		sig = "type " + sig
	}
	w.encl = w.def(s.Name, kind, "", node, sig, typ, flags)
	self := w.encl
	if s.TypeParams != nil {
		w.fields(s.TypeParams, RefType)
	}
	switch t := s.Type.(type) {
	case *ast.StructType:
		w.structMembers(s.Name.Name, t, self)
	case *ast.InterfaceType:
		w.interfaceMembers(s.Name.Name, t, self)
	default:
		w.expr(s.Type, RefType)
	}
	w.encl = outer
}

func (w *goWalker) structMembers(parent string, t *ast.StructType, self int32) {
	if t.Fields == nil {
		return
	}
	for _, f := range t.Fields.List {
		typ := "t:" + w.typ(f.Type)
		if len(f.Names) == 0 { // embedded
			name := goast.BaseIdent(f.Type)
			if name != nil {
				w.encl = w.def(name, "field", parent, f, w.sigText(f.Pos(), f.End()), typ, DefEmbedded)
			}
			w.expr(f.Type, RefInherit)
			w.encl = self
			continue
		}
		for _, n := range f.Names {
			w.encl = w.def(n, "field", parent, f, w.sigText(f.Pos(), f.End()), typ, 0)
		}
		w.expr(f.Type, RefType)
		w.encl = self
	}
}

func (w *goWalker) interfaceMembers(parent string, t *ast.InterfaceType, self int32) {
	if t.Methods == nil {
		return
	}
	for _, m := range t.Methods.List {
		if ft, ok := m.Type.(*ast.FuncType); ok && len(m.Names) > 0 {
			for _, n := range m.Names {
				w.encl = w.def(n, "method", parent, m, w.sigText(m.Pos(), m.End()), "t:"+w.funcType(ft), DefAbstract)
			}
			w.expr(ft, RefType)
			w.encl = self
			continue
		}
		// An embedded interface, or a type set term of a constraint.
		if name := goast.BaseIdent(m.Type); name != nil {
			w.encl = w.def(name, "field", parent, m, w.sigText(m.Pos(), m.End()), "t:"+w.typ(m.Type), DefEmbedded)
		}
		w.expr(m.Type, RefInherit)
		w.encl = self
	}
}

func (w *goWalker) valueSpec(tok token.Token, s *ast.ValueSpec, node ast.Node) {
	kind := "var"
	if tok == token.CONST {
		kind = "const"
	}
	outer := w.encl
	first := int32(-1)
	for i, n := range s.Names {
		if n.Name == "_" {
			continue
		}
		typ := "?"
		switch {
		case s.Type != nil:
			typ = "t:" + w.typ(s.Type)
		case len(s.Values) == len(s.Names):
			typ = w.enc(s.Values[i], 0)
		case len(s.Values) == 1:
			typ = w.result(w.enc(s.Values[0], 0), i)
		}
		sig := w.sigText(node.Pos(), w.lineEnd(node.Pos()))
		if node == ast.Node(s) {
			sig = kind + " " + sig
		}
		idx := w.def(n, kind, "", node, sig, typ, 0)
		if first < 0 {
			first = idx
		}
	}
	if first >= 0 {
		w.encl = first
	}
	if s.Type != nil {
		w.expr(s.Type, RefType)
	}
	for _, v := range s.Values {
		w.expr(v, RefOther)
	}
	w.encl = outer
}

// result selects result i of a call's encoding.
func (w *goWalker) result(call string, i int) string {
	if call == "?" || !strings.HasSuffix(call, " ()") {
		return "?"
	}
	if i == 0 {
		return call
	}
	return call + strconv.Itoa(i)
}

// fields walks the types of a field list (parameters, results, type
// parameters, receivers).
func (w *goWalker) fields(fl *ast.FieldList, kind RefKind) {
	if fl == nil {
		return
	}
	for _, f := range fl.List {
		w.expr(f.Type, kind)
	}
}

// ref records a use of id.
func (w *goWalker) ref(id *ast.Ident, kind RefKind, recv string) {
	if len(w.g.Refs) >= maxGraphRefs || id.Name == "_" {
		return
	}
	line, col := w.pos(id.Pos())
	w.g.Refs = append(w.g.Refs, Ref{Name: id.Name, Line: line, Col: col, Kind: kind, Enclosing: w.encl, Recv: recv})
}

// packageLevel reports whether a resolved identifier names a declaration
// at the top of this file.
func (w *goWalker) packageLevel(id *ast.Ident) bool {
	return id.Obj != nil && w.f.Scope != nil && w.f.Scope.Objects[id.Name] == id.Obj
}

// predeclared names that are never worth a reference: the universe's
// types, constants and the builtins nobody redefines (min, max and clear
// are kept: packages written before Go 1.21 declare their own).
var goPredeclared = set("bool", "byte", "complex64", "complex128", "error", "float32", "float64",
	"int", "int8", "int16", "int32", "int64", "rune", "string", "uint", "uint8", "uint16", "uint32",
	"uint64", "uintptr", "any", "comparable", "true", "false", "iota", "nil", "append", "cap",
	"close", "complex", "copy", "delete", "imag", "len", "make", "new", "panic", "print",
	"println", "real", "recover")

// ident records a bare identifier: a package-level name (of this file or
// another file of the package); locals are not references anyone asks for.
func (w *goWalker) ident(id *ast.Ident, kind RefKind) {
	switch {
	case id.Obj != nil:
		if w.packageLevel(id) {
			w.ref(id, kind, "")
		}
	case goPredeclared[id.Name]:
	default:
		w.ref(id, kind, "")
	}
}

// importOf returns the import path when e is an imported package's name.
func (w *goWalker) importOf(e ast.Expr) (string, bool) {
	id, ok := e.(*ast.Ident)
	if !ok || id.Obj != nil {
		return "", false
	}
	path, ok := w.imports[id.Name]
	return path, ok
}

func (w *goWalker) expr(e ast.Expr, kind RefKind) {
	switch x := e.(type) {
	case nil:
	case *ast.Ident:
		w.ident(x, kind)
	case *ast.SelectorExpr:
		if path, ok := w.importOf(x.X); ok {
			w.ref(x.Sel, kind, "p:"+path)
			return
		}
		w.ref(x.Sel, kind, w.enc(x.X, 0))
		w.expr(x.X, RefOther)
	case *ast.CallExpr:
		w.expr(x.Fun, RefCall)
		for _, a := range x.Args {
			w.expr(a, RefOther)
		}
	case *ast.CompositeLit:
		w.composite(x, "")
	case *ast.FuncLit:
		w.expr(x.Type, RefType)
		w.stmt(x.Body)
	case *ast.StarExpr:
		w.expr(x.X, kind)
	case *ast.UnaryExpr:
		w.expr(x.X, RefOther)
	case *ast.BinaryExpr:
		w.expr(x.X, RefOther)
		w.expr(x.Y, RefOther)
	case *ast.ParenExpr:
		w.expr(x.X, kind)
	case *ast.IndexExpr:
		w.expr(x.X, kind)
		w.expr(x.Index, RefOther)
	case *ast.IndexListExpr:
		w.expr(x.X, kind)
		for _, i := range x.Indices {
			w.expr(i, RefType)
		}
	case *ast.SliceExpr:
		w.expr(x.X, RefOther)
		w.expr(x.Low, RefOther)
		w.expr(x.High, RefOther)
		w.expr(x.Max, RefOther)
	case *ast.TypeAssertExpr:
		w.expr(x.X, RefOther)
		w.expr(x.Type, RefType)
	case *ast.KeyValueExpr:
		w.expr(x.Key, RefOther)
		w.expr(x.Value, RefOther)
	case *ast.ArrayType:
		w.expr(x.Len, RefOther)
		w.expr(x.Elt, RefType)
	case *ast.MapType:
		w.expr(x.Key, RefType)
		w.expr(x.Value, RefType)
	case *ast.ChanType:
		w.expr(x.Value, RefType)
	case *ast.Ellipsis:
		w.expr(x.Elt, RefType)
	case *ast.FuncType:
		w.fields(x.TypeParams, RefType)
		w.fields(x.Params, RefType)
		w.fields(x.Results, RefType)
	case *ast.StructType:
		if x.Fields != nil {
			for _, f := range x.Fields.List {
				k := RefType
				if len(f.Names) == 0 {
					k = RefInherit
				}
				w.expr(f.Type, k)
			}
		}
	case *ast.InterfaceType:
		if x.Methods != nil {
			for _, m := range x.Methods.List {
				k := RefType
				if len(m.Names) == 0 {
					k = RefInherit
				}
				w.expr(m.Type, k)
			}
		}
	}
}

// composite walks a composite literal; elem is the type its elements
// have when they leave theirs out ([]T{{A: 1}}).
func (w *goWalker) composite(x *ast.CompositeLit, elem string) {
	typ := elem
	if x.Type != nil {
		w.expr(x.Type, RefType)
		typ = w.typ(x.Type)
	}
	inner := "?"
	keyed := !(strings.HasPrefix(typ, "[]") || strings.HasPrefix(typ, "map["))
	switch {
	case strings.HasPrefix(typ, "[]"):
		inner = typ[2:]
	case strings.HasPrefix(typ, "map["):
		if _, v, ok := GoMapTypes(typ); ok {
			inner = v
		}
	}
	for _, el := range x.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			w.element(el, inner)
			continue
		}
		if id, isID := kv.Key.(*ast.Ident); isID && keyed && typ != "" {
			// A struct field key, whatever the parser resolved the name
			// to: it cannot tell a field from a variable of that name.
			w.ref(id, RefOther, "t:"+typ)
		} else {
			w.element(kv.Key, inner)
		}
		w.element(kv.Value, inner)
	}
}

func (w *goWalker) element(e ast.Expr, elem string) {
	if cl, ok := e.(*ast.CompositeLit); ok && cl.Type == nil {
		w.composite(cl, elem)
		return
	}
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		if cl, ok := u.X.(*ast.CompositeLit); ok && cl.Type == nil {
			w.composite(cl, elem)
			return
		}
	}
	w.expr(e, RefOther)
}

// stmt walks a statement: its expressions, with the type switch variable
// typed per clause.
func (w *goWalker) stmt(s ast.Stmt) {
	ast.Inspect(s, func(n ast.Node) bool {
		switch x := n.(type) {
		case nil:
			return false
		case ast.Expr:
			w.expr(x, RefOther)
			return false
		case *ast.BranchStmt, *ast.LabeledStmt:
			if l, ok := x.(*ast.LabeledStmt); ok {
				w.stmt(l.Stmt)
			}
			return false
		case *ast.TypeSwitchStmt:
			w.typeSwitch(x)
			return false
		case *ast.DeclStmt:
			if gd, ok := x.Decl.(*ast.GenDecl); ok {
				for _, sp := range gd.Specs {
					switch sp := sp.(type) {
					case *ast.ValueSpec:
						w.expr(sp.Type, RefType)
						for _, v := range sp.Values {
							w.expr(v, RefOther)
						}
					case *ast.TypeSpec:
						w.expr(sp.Type, RefType)
					}
				}
			}
			return false
		}
		return true
	})
}

func (w *goWalker) typeSwitch(x *ast.TypeSwitchStmt) {
	if x.Init != nil {
		w.stmt(x.Init)
	}
	var bound *ast.Object
	switch a := x.Assign.(type) {
	case *ast.AssignStmt:
		if len(a.Lhs) == 1 {
			if id, ok := a.Lhs[0].(*ast.Ident); ok {
				bound = id.Obj
			}
		}
		for _, r := range a.Rhs {
			w.expr(r, RefOther)
		}
	case *ast.ExprStmt:
		w.expr(a.X, RefOther)
	}
	for _, c := range x.Body.List {
		cc, ok := c.(*ast.CaseClause)
		if !ok {
			continue
		}
		for _, t := range cc.List {
			w.expr(t, RefType)
		}
		if bound != nil && len(cc.List) == 1 {
			w.override[bound] = "t:" + w.typ(cc.List[0])
		}
		for _, s := range cc.Body {
			w.stmt(s)
		}
		delete(w.override, bound)
	}
}

// maxEncodeDepth bounds how far a value's encoding follows variables
// defined through other variables.
const maxEncodeDepth = 12

// enc encodes the value of e (see the package comment of this file).
func (w *goWalker) enc(e ast.Expr, depth int) string {
	if depth > maxEncodeDepth {
		return "?"
	}
	switch x := e.(type) {
	case *ast.ParenExpr:
		return w.enc(x.X, depth+1)
	case *ast.StarExpr:
		return w.enc(x.X, depth+1)
	case *ast.UnaryExpr:
		switch x.Op {
		case token.AND:
			return w.enc(x.X, depth+1)
		case token.ARROW:
			return then(w.enc(x.X, depth+1), "[]")
		}
		return "?"
	case *ast.Ident:
		switch {
		case x.Obj == nil && goPredeclared[x.Name]:
			return "?"
		case x.Obj == nil, w.packageLevel(x):
			return "g:" + x.Name
		}
		return w.local(x.Obj, depth+1)
	case *ast.SelectorExpr:
		if path, ok := w.importOf(x.X); ok {
			return "p:" + path + " ." + x.Sel.Name
		}
		return then(w.enc(x.X, depth+1), "."+x.Sel.Name)
	case *ast.CallExpr:
		return w.encCall(x, depth)
	case *ast.CompositeLit:
		if x.Type == nil {
			return "?"
		}
		return "t:" + w.typ(x.Type)
	case *ast.IndexExpr:
		return then(w.enc(x.X, depth+1), "[]")
	case *ast.SliceExpr:
		return w.enc(x.X, depth+1)
	case *ast.TypeAssertExpr:
		if x.Type == nil {
			return w.enc(x.X, depth+1)
		}
		return "t:" + w.typ(x.Type)
	case *ast.FuncLit:
		return "t:" + w.funcType(x.Type)
	}
	return "?"
}

// then appends an operation to a value, keeping unknown values unknown.
func then(v, op string) string {
	if v == "?" {
		return "?"
	}
	return v + " " + op
}

func (w *goWalker) encCall(x *ast.CallExpr, depth int) string {
	fun := ast.Unparen(x.Fun)
	switch f := fun.(type) {
	case *ast.IndexExpr: // an instantiated generic function
		fun = f.X
	case *ast.IndexListExpr:
		fun = f.X
	}
	if id, ok := fun.(*ast.Ident); ok && id.Obj == nil {
		switch id.Name {
		case "new", "make":
			if len(x.Args) > 0 {
				return "t:" + w.typ(x.Args[0])
			}
			return "?"
		case "append":
			if len(x.Args) > 0 {
				return w.enc(x.Args[0], depth+1)
			}
			return "?"
		}
	}
	switch fun.(type) {
	case *ast.ArrayType, *ast.MapType, *ast.ChanType, *ast.FuncType, *ast.InterfaceType, *ast.StructType:
		return "t:" + w.typ(fun) // a conversion
	}
	return then(w.enc(fun, depth+1), "()")
}

// local encodes the value of a local variable from its declaration.
func (w *goWalker) local(obj *ast.Object, depth int) string {
	if v, ok := w.override[obj]; ok {
		return v
	}
	if v, ok := w.memo[obj]; ok {
		return v
	}
	if w.busy[obj] || depth > maxEncodeDepth {
		return "?"
	}
	w.busy[obj] = true
	v := w.localDecl(obj, depth)
	delete(w.busy, obj)
	w.memo[obj] = v
	return v
}

func (w *goWalker) localDecl(obj *ast.Object, depth int) string {
	switch d := obj.Decl.(type) {
	case *ast.Field:
		if _, variadic := d.Type.(*ast.Ellipsis); variadic {
			return "t:" + w.typ(d.Type)
		}
		return "t:" + w.typ(d.Type)
	case *ast.ValueSpec:
		i := identIndex(d.Names, obj)
		switch {
		case i < 0:
			return "?"
		case d.Type != nil:
			return "t:" + w.typ(d.Type)
		case len(d.Values) == len(d.Names):
			return w.enc(d.Values[i], depth)
		case len(d.Values) == 1:
			return w.result(w.enc(d.Values[0], depth), i)
		}
	case *ast.AssignStmt:
		i := -1
		for j, l := range d.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Obj == obj {
				i = j
			}
		}
		if i < 0 || len(d.Rhs) == 0 {
			return "?"
		}
		if u, ok := d.Rhs[0].(*ast.UnaryExpr); ok && u.Op == token.RANGE {
			if i == 0 {
				return then(w.enc(u.X, depth), "[k]")
			}
			return then(w.enc(u.X, depth), "[]")
		}
		if len(d.Rhs) == len(d.Lhs) {
			return w.enc(d.Rhs[i], depth)
		}
		if len(d.Rhs) == 1 {
			r := ast.Unparen(d.Rhs[0])
			if _, isCall := r.(*ast.CallExpr); isCall {
				return w.result(w.enc(r, depth), i)
			}
			if i == 0 { // v, ok := m[k] / x.(T) / <-ch
				return w.enc(r, depth)
			}
		}
	}
	return "?"
}

func identIndex(names []*ast.Ident, obj *ast.Object) int {
	for i, n := range names {
		if n.Obj == obj {
			return i
		}
	}
	return -1
}

// typ encodes a type expression.
func (w *goWalker) typ(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.Ident:
		return ":" + x.Name
	case *ast.SelectorExpr:
		if path, ok := w.importOf(x.X); ok {
			return path + ":" + x.Sel.Name
		}
	case *ast.StarExpr:
		return w.typ(x.X)
	case *ast.ParenExpr:
		return w.typ(x.X)
	case *ast.ArrayType:
		return "[]" + w.typ(x.Elt)
	case *ast.Ellipsis:
		return "[]" + w.typ(x.Elt)
	case *ast.MapType:
		return "map[" + w.typ(x.Key) + "]" + w.typ(x.Value)
	case *ast.ChanType:
		return "<-" + w.typ(x.Value)
	case *ast.FuncType:
		return w.funcType(x)
	case *ast.IndexExpr:
		return w.typ(x.X)
	case *ast.IndexListExpr:
		return w.typ(x.X)
	case *ast.StructType:
		return w.structType(x)
	}
	return "?"
}

// maxStructType bounds the encoding of an anonymous struct type.
const maxStructType = 1024

// structType encodes an anonymous struct type by its fields,
// "struct{name=T;=E}" (an embedded field has no name), so selections
// through a variable of such a type (var state struct{ sync.Mutex; n int })
// resolve like those through a named one.
func (w *goWalker) structType(st *ast.StructType) string {
	var fs []string
	if st.Fields != nil {
		for _, f := range st.Fields.List {
			t := w.typ(f.Type)
			if len(f.Names) == 0 {
				fs = append(fs, "="+t)
			}
			for _, n := range f.Names {
				fs = append(fs, n.Name+"="+t)
			}
		}
	}
	out := "struct{" + strings.Join(fs, ";") + "}"
	if len(out) > maxStructType {
		return "?"
	}
	return out
}

// funcType encodes a function type by its results.
func (w *goWalker) funcType(ft *ast.FuncType) string {
	var rs []string
	if ft.Results != nil {
		for _, f := range ft.Results.List {
			t := w.typ(f.Type)
			n := max(1, len(f.Names))
			for range n {
				rs = append(rs, t)
			}
		}
	}
	return "func(" + strings.Join(rs, ",") + ")"
}
