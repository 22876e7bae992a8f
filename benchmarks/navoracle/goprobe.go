package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// goProbes are ubiquitous std declarations used to check, file by file,
// that gopls really reports references from every file `go list` says it
// type-checks: a file that uses a probe as pkg.Name but does not appear in
// gopls's references of that probe is not indexed by gopls, and is taken
// out of the file set the scorer compares in.
var goProbes = [][2]string{
	{"fmt", "Errorf"}, {"fmt", "Sprintf"}, {"errors", "New"}, {"strings", "Contains"},
	{"time", "Now"}, {"time", "Duration"}, {"testing", "T"}, {"sync", "Mutex"},
	{"bytes", "Equal"}, {"strconv", "Itoa"}, {"os", "Getenv"}, {"reflect", "TypeOf"},
	{"context", "Context"}, {"io", "Reader"},
}

// probeUses returns, for one parsed file, the probes it uses as
// importname.Name (not through a dot import, not in strings or comments).
func probeUses(f *ast.File) map[[2]string]bool {
	names := map[string]string{} // local name -> import path
	for _, im := range f.Imports {
		p, err := strconv.Unquote(im.Path.Value)
		if err != nil {
			continue
		}
		local := filepath.Base(p)
		if im.Name != nil {
			local = im.Name.Name
		}
		names[local] = p
	}
	want := map[[2]string]bool{}
	for _, pr := range goProbes {
		want[pr] = true
	}
	out := map[[2]string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if x, ok := sel.X.(*ast.Ident); ok {
			if p, ok := names[x.Name]; ok && want[[2]string{p, sel.Sel.Name}] {
				out[[2]string{p, sel.Sel.Name}] = true
			}
		}
		return true
	})
	return out
}

// probeResult is what the probe found.
type probeResult struct {
	Confirmed   int      // files of a package (or a package's tests) from which gopls reported a probe's use
	Unprobed    int      // files of packages using no probe (kept: nothing says gopls skips them)
	NotIndexed  []string // files gopls gave no reference from, though they use a probe
	ProbeErrors []string
}

// probeFiles asks gopls for the references of every probe and checks each
// file of visible against them.
func (q *goQuerier) probeFiles(visible []string, decls []goDecl) probeResult {
	var res probeResult
	declOf := map[[2]string]goDecl{}
	for _, d := range decls {
		if d.Visible && (d.Kind == "func" || d.Kind == "type") {
			declOf[[2]string{d.Package, d.Name}] = d
		}
	}
	refFiles := map[[2]string]map[string]bool{}
	for _, pr := range goProbes {
		d, ok := declOf[pr]
		if !ok {
			res.ProbeErrors = append(res.ProbeErrors, pr[0]+"."+pr[1]+": declaration not found")
			continue
		}
		locs, err := q.ask("textDocument/references", filepath.Join(q.srcDir, filepath.FromSlash(d.File)), d.Line, d.Col)
		if err != nil {
			res.ProbeErrors = append(res.ProbeErrors, pr[0]+"."+pr[1]+": "+err.Error())
			continue
		}
		set := map[string]bool{}
		for _, l := range locs {
			set[q.rel(l.Path)] = true
		}
		refFiles[pr] = set
	}
	// gopls indexes whole packages: a package's non-test files together,
	// its test files together. A group with a confirmed file is indexed; a
	// group with only denials is not, files using no probe included.
	group := func(f string) string {
		if strings.HasSuffix(f, "_test.go") {
			return filepath.Dir(f) + " test"
		}
		return filepath.Dir(f)
	}
	state := map[string]int{} // 1 confirmed, -1 denied only
	for _, f := range visible {
		src, err := os.ReadFile(filepath.Join(q.srcDir, filepath.FromSlash(f)))
		if err != nil {
			continue
		}
		af, _ := parser.ParseFile(token.NewFileSet(), f, src, parser.SkipObjectResolution)
		if af == nil {
			continue
		}
		for pr := range probeUses(af) {
			set, ok := refFiles[pr]
			if !ok {
				continue
			}
			g := group(f)
			if set[f] {
				state[g] = 1
			} else if state[g] == 0 {
				state[g] = -1
			}
		}
	}
	for _, f := range visible {
		switch state[group(f)] {
		case 1:
			res.Confirmed++
		case -1:
			res.NotIndexed = append(res.NotIndexed, f)
		default:
			res.Unprobed++
		}
	}
	sort.Strings(res.NotIndexed)
	return res
}
