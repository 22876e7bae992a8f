package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// goPackage is the part of `go list -json` the harness uses.
type goPackage struct {
	Dir            string
	ImportPath     string
	Name           string
	GoFiles        []string
	CgoFiles       []string
	TestGoFiles    []string
	XTestGoFiles   []string
	IgnoredGoFiles []string
}

// listStd runs `go list -e -json std` in srcDir.
func listStd(srcDir string) ([]goPackage, error) {
	out, err := runCmd(5*time.Minute, srcDir, "go", "list", "-e", "-json", "std")
	if err != nil {
		return nil, err
	}
	return decodePackages(out)
}

func decodePackages(out []byte) ([]goPackage, error) {
	dec := json.NewDecoder(bytes.NewReader(out))
	var pkgs []goPackage
	for {
		var p goPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list output: %w", err)
		}
		pkgs = append(pkgs, p)
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].ImportPath < pkgs[j].ImportPath })
	return pkgs, nil
}

// visibleGoFiles are the files gopls type-checks for the linux/amd64 (the
// host's) build of std: GoFiles, CgoFiles, TestGoFiles and XTestGoFiles,
// relative to srcDir.
func visibleGoFiles(srcDir string, pkgs []goPackage) []string {
	var out []string
	for _, p := range pkgs {
		for _, list := range [][]string{p.GoFiles, p.CgoFiles, p.TestGoFiles, p.XTestGoFiles} {
			for _, f := range list {
				if rel, err := filepath.Rel(srcDir, filepath.Join(p.Dir, f)); err == nil {
					out = append(out, filepath.ToSlash(rel))
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

// goDecl is a declaration found by parsing.
type goDecl struct {
	Kind      string // func, method, type
	Name      string
	Container string // receiver base type, for methods
	Package   string // import path
	PkgName   string
	Loc       // of the declared name
	EndLine   int
	Visible   bool // in a file gopls loads (not an other-platform or ignored file)
}

// qualified is the natural name query: pkg.Name, pkg.Type.Method.
func (d goDecl) qualified() string {
	if d.Container != "" {
		return d.PkgName + "." + d.Container + "." + d.Name
	}
	return d.PkgName + "." + d.Name
}

// key identifies the same symbol across build variants of a package.
func (d goDecl) key() string { return d.Package + " " + d.Container + "." + d.Name }

// collectGoDecls parses the non-test files of every package (GoFiles and
// CgoFiles visible; IgnoredGoFiles not) and returns their exported
// top-level functions, methods of exported types and types. Exclusions are
// counted in ex.
func collectGoDecls(srcDir string, pkgs []goPackage, ex *exclusions) ([]goDecl, error) {
	var decls []goDecl
	for _, p := range pkgs {
		files := map[string]bool{}
		for _, f := range append(append([]string(nil), p.GoFiles...), p.CgoFiles...) {
			files[f] = true
		}
		var names []string
		for f := range files {
			names = append(names, f)
		}
		for _, f := range p.IgnoredGoFiles {
			if !strings.HasSuffix(f, "_test.go") {
				names = append(names, f)
			}
		}
		sort.Strings(names)
		for _, f := range names {
			path := filepath.Join(p.Dir, f)
			rel, _ := filepath.Rel(srcDir, path)
			rel = filepath.ToSlash(rel)
			src, err := os.ReadFile(path)
			if err != nil {
				return nil, err
			}
			fset := token.NewFileSet()
			af, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
			if af == nil {
				ex.add("file does not parse", rel)
				continue
			}
			if err != nil {
				ex.add("file parses with errors (declarations kept)", rel)
			}
			for _, d := range fileDecls(fset, af, rel, p) {
				d.Visible = files[f]
				decls = append(decls, d)
			}
			for _, u := range unexportedRecvMethods(af) {
				if !files[f] {
					break
				}
				ex.add("exported method of an unexported type (not sampled)", p.ImportPath+"."+u)
			}
		}
	}
	return decls, nil
}

func fileDecls(fset *token.FileSet, f *ast.File, rel string, p goPackage) []goDecl {
	var out []goDecl
	pos := func(n ast.Node) Loc {
		q := fset.Position(n.Pos())
		return Loc{rel, q.Line, q.Column}
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if !d.Name.IsExported() {
				continue
			}
			gd := goDecl{Kind: "func", Name: d.Name.Name, Package: p.ImportPath, PkgName: p.Name, Loc: pos(d.Name), EndLine: fset.Position(d.End()).Line}
			if d.Recv != nil {
				recv := recvTypeName(d)
				if recv == "" || !ast.IsExported(recv) {
					continue
				}
				gd.Kind, gd.Container = "method", recv
			}
			out = append(out, gd)
		case *ast.GenDecl:
			if d.Tok != token.TYPE {
				continue
			}
			for _, s := range d.Specs {
				ts := s.(*ast.TypeSpec)
				if !ts.Name.IsExported() {
					continue
				}
				out = append(out, goDecl{Kind: "type", Name: ts.Name.Name, Package: p.ImportPath, PkgName: p.Name, Loc: pos(ts.Name), EndLine: fset.Position(ts.End()).Line})
			}
		}
	}
	return out
}

func unexportedRecvMethods(f *ast.File) []string {
	var out []string
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil && fd.Name.IsExported() {
			if r := recvTypeName(fd); r != "" && !ast.IsExported(r) {
				out = append(out, r+"."+fd.Name.Name)
			}
		}
	}
	return out
}

// recvTypeName is the base type name of a method's receiver (T for *T,
// T[K]).
func recvTypeName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return ""
	}
	t := fd.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
			continue
		case *ast.ParenExpr:
			t = x.X
			continue
		case *ast.IndexExpr:
			t = x.X
			continue
		case *ast.IndexListExpr:
			t = x.X
			continue
		case *ast.Ident:
			return x.Name
		}
		return ""
	}
}

// exclusions counts reasons, keeping a few examples of each, in the order
// they were first seen.
type exclusions struct {
	order []string
	m     map[string]*Exclusion
}

func (e *exclusions) add(reason, example string) { e.addN(reason, 1, example) }

func (e *exclusions) addN(reason string, n int, example string) {
	if e.m == nil {
		e.m = map[string]*Exclusion{}
	}
	x, ok := e.m[reason]
	if !ok {
		x = &Exclusion{Reason: reason}
		e.m[reason] = x
		e.order = append(e.order, reason)
	}
	x.Count += n
	if example != "" && len(x.Examples) < 5 {
		x.Examples = append(x.Examples, example)
	}
}

func (e *exclusions) list() []Exclusion {
	out := make([]Exclusion, 0, len(e.order))
	for _, r := range e.order {
		out = append(out, *e.m[r])
	}
	return out
}

// goSampleShares is the mix of kinds, weighted like real code.
var goSampleShares = map[string]float64{"func": 0.40, "method": 0.35, "type": 0.25}

// goKinds is the order kinds are drawn in (types take the remainder).
var goKinds = []string{"func", "method", "type"}

// sampleGoDecls draws n declarations from the visible decls outside vendor/
// with the seed, and returns them with their pools' sizes.
func sampleGoDecls(decls []goDecl, n int, seed uint64, ex *exclusions) ([]goDecl, map[string]int) {
	pools := map[string][]goDecl{}
	for _, d := range decls {
		switch {
		case !d.Visible:
			ex.add("declared only in a file gopls does not load (other platform or build tag; not sampled)", d.File+": "+d.qualified())
		case d.Package == "unsafe":
			ex.add("declared in package unsafe (the compiler's builtins: gopls has no objects for them; not sampled)", d.qualified())
		case strings.HasPrefix(d.Package, "vendor/"):
			ex.add("declared in a vendored package (std's vendor/; not sampled)", d.Package+"."+d.Name)
		default:
			pools[d.Kind] = append(pools[d.Kind], d)
		}
	}
	sizes := map[string]int{}
	for k, v := range pools {
		sizes[k] = len(v)
	}
	got := sampleKinds(pools, goKinds, goSampleShares, n, seed)
	var out []goDecl
	for _, k := range goKinds {
		out = append(out, got[k]...)
	}
	return out, sizes
}
