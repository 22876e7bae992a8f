// Package goast holds the small go/ast helpers that the chunker, the
// trainer and the benchmarks share.
package goast

import "go/ast"

// BaseIdent is the identifier that names the type in a receiver or an
// embedded field: through pointers, parentheses, type arguments and a
// package qualifier ("*pkg.List[T]" gives List); nil for anything else.
func BaseIdent(e ast.Expr) *ast.Ident {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.SelectorExpr:
			return x.Sel
		case *ast.Ident:
			return x
		default:
			return nil
		}
	}
}

// RecvTypeName is the type name of a method receiver ("Client" for
// "*Client" and "List[T]"), or "".
func RecvTypeName(e ast.Expr) string {
	if id := BaseIdent(e); id != nil {
		return id.Name
	}
	return ""
}
