package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"sync"
)

// identRole is what the harness learns about one identifier by parsing its
// file: the syntactic context of a reference.
type identRole struct {
	Call    bool   // callee of a call expression (possibly selected, instantiated or parenthesised)
	Context string // call, composite-literal, composite-literal-key, type-assertion, case-clause, embedded-field, receiver, type-use, type-argument, value, declaration
	Generic bool   // inside a generic function or a method of a generic type
	// Selected is set when the identifier is the Sel of a selector x.Sel;
	// XPos is then the position of the last identifier of x (zero when x
	// is not an identifier or a selector).
	Selected bool
	XPos     token.Position
}

// goFileInfo is the parsed view of one Go file.
type goFileInfo struct {
	roles      map[[2]int]identRole // by 1-based line and byte column
	comments   [][2]token.Position  // comment spans
	interfaces map[[2]int]bool      // positions of the names of interface type specs
}

// role returns the role of the identifier at line:col; comment says the
// position lies in a comment instead.
func (fi *goFileInfo) role(line, col int) (r identRole, ok, comment bool) {
	r, ok = fi.roles[[2]int{line, col}]
	if ok {
		return r, true, false
	}
	for _, c := range fi.comments {
		if (line > c[0].Line || line == c[0].Line && col >= c[0].Column) && (line < c[1].Line || line == c[1].Line && col <= c[1].Column) {
			return r, false, true
		}
	}
	return r, false, false
}

// parseGoRoles parses src (named path) and classifies every identifier.
func parseGoRoles(path string, src []byte) (*goFileInfo, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
	if f == nil {
		return nil, err
	}
	fi := &goFileInfo{roles: map[[2]int]identRole{}, interfaces: map[[2]int]bool{}}
	for _, cg := range f.Comments {
		fi.comments = append(fi.comments, [2]token.Position{fset.Position(cg.Pos()), fset.Position(cg.End())})
	}
	var stack []ast.Node
	generic := 0 // depth of generic enclosing declarations
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if fd, ok := top.(*ast.FuncDecl); ok && isGenericFunc(fd) {
				generic--
			}
			return true
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.FuncDecl:
			if isGenericFunc(n) {
				generic++
			}
		case *ast.TypeSpec:
			if _, ok := n.Type.(*ast.InterfaceType); ok {
				p := fset.Position(n.Name.Pos())
				fi.interfaces[[2]int{p.Line, p.Column}] = true
			}
		case *ast.Ident:
			r := classifyIdent(stack, fset)
			r.Generic = generic > 0
			p := fset.Position(n.Pos())
			fi.roles[[2]int{p.Line, p.Column}] = r
		}
		return true
	})
	return fi, err
}

func isGenericFunc(fd *ast.FuncDecl) bool {
	if fd.Type.TypeParams != nil && len(fd.Type.TypeParams.List) > 0 {
		return true
	}
	if fd.Recv != nil && len(fd.Recv.List) > 0 {
		t := fd.Recv.List[0].Type
		if s, ok := t.(*ast.StarExpr); ok {
			t = s.X
		}
		switch t.(type) {
		case *ast.IndexExpr, *ast.IndexListExpr:
			return true
		}
	}
	return false
}

// classifyIdent classifies the identifier at the top of stack (its
// ancestors below it).
func classifyIdent(stack []ast.Node, fset *token.FileSet) identRole {
	var r identRole
	i := len(stack) - 1
	node := stack[i]
	parent := func() ast.Node {
		if i > 0 {
			return stack[i-1]
		}
		return nil
	}
	if sel, ok := parent().(*ast.SelectorExpr); ok && sel.Sel == node {
		r.Selected = true
		switch x := sel.X.(type) {
		case *ast.Ident:
			r.XPos = fset.Position(x.Pos())
		case *ast.SelectorExpr:
			r.XPos = fset.Position(x.Sel.Pos())
		}
		i--
		node = stack[i]
	}
	// Climb through instantiation, parentheses and pointer types.
	for {
		switch p := parent().(type) {
		case *ast.IndexExpr:
			if p.X == node {
				i--
				node = stack[i]
				continue
			}
		case *ast.IndexListExpr:
			if p.X == node {
				i--
				node = stack[i]
				continue
			}
		case *ast.ParenExpr, *ast.StarExpr:
			i--
			node = stack[i]
			continue
		}
		break
	}
	switch p := parent().(type) {
	case *ast.CallExpr:
		if p.Fun == node {
			r.Call, r.Context = true, "call"
		} else {
			r.Context = "value"
		}
	case *ast.CompositeLit:
		if p.Type == node {
			r.Context = "composite-literal"
		} else {
			r.Context = "value"
		}
	case *ast.KeyValueExpr:
		if p.Key == node && i >= 2 {
			if _, ok := stack[i-2].(*ast.CompositeLit); ok {
				r.Context = "composite-literal-key"
				break
			}
		}
		r.Context = "value"
	case *ast.TypeAssertExpr:
		if p.Type == node {
			r.Context = "type-assertion"
		} else {
			r.Context = "value"
		}
	case *ast.CaseClause:
		r.Context = "case-clause"
	case *ast.Field:
		switch {
		case len(p.Names) == 0 && i >= 3 && isStructOrInterface(stack[i-3]):
			r.Context = "embedded-field"
		case i >= 3 && isRecv(stack[i-2], stack[i-3]):
			r.Context = "receiver"
		case p.Type == node:
			r.Context = "type-use"
		default:
			r.Context = "declaration"
		}
	case *ast.IndexExpr, *ast.IndexListExpr:
		r.Context = "type-argument"
	case *ast.ArrayType, *ast.MapType, *ast.ChanType, *ast.Ellipsis:
		r.Context = "type-use"
	case *ast.ValueSpec:
		if p.Type == node {
			r.Context = "type-use"
		} else if isName(p.Names, node) {
			r.Context = "declaration"
		} else {
			r.Context = "value"
		}
	case *ast.TypeSpec:
		if p.Name == node {
			r.Context = "declaration"
		} else {
			r.Context = "type-use"
		}
	case *ast.FuncDecl:
		r.Context = "declaration"
	case *ast.ImportSpec:
		r.Context = "import"
	default:
		r.Context = "value"
	}
	return r
}

func isName(names []*ast.Ident, n ast.Node) bool {
	for _, id := range names {
		if ast.Node(id) == n {
			return true
		}
	}
	return false
}

func isStructOrInterface(n ast.Node) bool {
	switch n.(type) {
	case *ast.StructType, *ast.InterfaceType:
		return true
	}
	return false
}

func isRecv(fieldList, decl ast.Node) bool {
	fd, ok := decl.(*ast.FuncDecl)
	return ok && fd.Recv != nil && ast.Node(fd.Recv) == fieldList
}

// goFileCache parses Go files once each (bounded).
type goFileCache struct {
	mu sync.Mutex
	m  map[string]*goFileInfo
}

func (c *goFileCache) get(path string, read func(string) ([]byte, error)) (*goFileInfo, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string]*goFileInfo{}
	}
	if fi, ok := c.m[path]; ok {
		return fi, nil
	}
	src, err := read(path)
	if err != nil {
		return nil, err
	}
	fi, err := parseGoRoles(path, src)
	if fi == nil {
		return nil, err
	}
	if len(c.m) > 3000 {
		c.m = map[string]*goFileInfo{}
	}
	c.m[path] = fi
	return fi, nil
}
