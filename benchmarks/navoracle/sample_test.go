package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func intPools() map[string][]int {
	p := map[string][]int{}
	for i := range 100 {
		p["func"] = append(p["func"], i)
		p["method"] = append(p["method"], 1000+i)
		if i < 20 {
			p["type"] = append(p["type"], 2000+i)
		}
	}
	return p
}

func TestSampleKindsDeterministic(t *testing.T) {
	a := sampleKinds(intPools(), goKinds, goSampleShares, 50, 1)
	b := sampleKinds(intPools(), goKinds, goSampleShares, 50, 1)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("same pools and seed gave different samples")
	}
	if len(a["func"]) != 20 || len(a["method"]) != 18 || len(a["type"]) != 12 {
		t.Fatalf("shares: func %d method %d type %d, want 20/18/12", len(a["func"]), len(a["method"]), len(a["type"]))
	}
	c := sampleKinds(intPools(), goKinds, goSampleShares, 50, 2)
	if reflect.DeepEqual(a, c) {
		t.Fatal("another seed gave the same sample")
	}
	// A pool smaller than its share gives all it has.
	d := sampleKinds(intPools(), goKinds, goSampleShares, 200, 1)
	if len(d["type"]) != 20 {
		t.Fatalf("type pool of 20 gave %d", len(d["type"]))
	}
	// Golden: PCG and Shuffle are specified, so the sample must not change
	// across Go versions or machines.
	if got := fmt.Sprint(a["func"][:5], a["type"][:3]); got != goldenSample {
		t.Fatalf("seed 1 sample changed: %s (was %s)", got, goldenSample)
	}
}

const goldenSample = "[1 21 95 7 72] [2005 2008 2004]"

func TestPick(t *testing.T) {
	xs := []int{1, 2, 3, 4, 5, 6, 7, 8, 9}
	a := pick(rand.New(rand.NewPCG(1, 2)), xs, 3)
	b := pick(rand.New(rand.NewPCG(1, 2)), xs, 3)
	if !reflect.DeepEqual(a, b) || len(a) != 3 {
		t.Fatalf("pick: %v %v", a, b)
	}
	if a[0] > a[1] || a[1] > a[2] {
		t.Fatalf("pick must keep the original order: %v", a)
	}
	if got := pick(rand.New(rand.NewPCG(1, 2)), xs[:2], 3); len(got) != 2 {
		t.Fatalf("pick of more than there is: %v", got)
	}
}

const rolesSrc = `package p

import "strings"

type T struct{ U }
type U struct{}
type I interface{ M() }

func (t *T) M()          {}
func G[X any](x X) X     { return Id(x) }
func Id[X any](x X) X    { return x }

func f(i I, t *T) {
	_ = strings.Split("a", ",")
	t.M()
	i.M()
	g := t.M
	_ = g
	_ = T{U: U{}}
	_ = I(t)
	var v any = t
	_ = v.(*T)
	switch v.(type) {
	case *T:
	}
	_ = Id[int](1)
	_ = []T{}
	_ = (*T).M
}
`

func TestParseGoRoles(t *testing.T) {
	fi, err := parseGoRoles("p.go", []byte(rolesSrc))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(rolesSrc, "\n")
	// at finds the n-th (0-based) occurrence of word on the line holding
	// marker and returns its role.
	at := func(marker, word string, n int) identRole {
		t.Helper()
		for i, l := range lines {
			if strings.Contains(l, marker) {
				idx := -1
				for k := 0; k <= n; k++ {
					j := strings.Index(l[idx+1:], word)
					if j < 0 {
						t.Fatalf("%q not on %q", word, l)
					}
					idx += 1 + j
				}
				r, ok, _ := fi.role(i+1, idx+1)
				if !ok {
					t.Fatalf("no role for %q at %d:%d", word, i+1, idx+1)
				}
				return r
			}
		}
		t.Fatalf("no line with %q", marker)
		return identRole{}
	}
	check := func(name string, r identRole, ctx string, call bool) {
		t.Helper()
		if r.Context != ctx || r.Call != call {
			t.Errorf("%s: got %s call=%v, want %s call=%v", name, r.Context, r.Call, ctx, call)
		}
	}
	check("strings.Split", at("strings.Split", "Split", 0), "call", true)
	if r := at("strings.Split", "Split", 0); !r.Selected || r.XPos.Line == 0 {
		t.Errorf("Split: selector X not recorded: %+v", r)
	}
	check("t.M()", at("\tt.M()", "M", 0), "call", true)
	check("method value", at("g := t.M", "M", 0), "value", false)
	check("composite literal", at("_ = T{U: U{}}", "T", 0), "composite-literal", false)
	check("composite-literal key", at("_ = T{U: U{}}", "U", 0), "composite-literal-key", false)
	check("conversion", at("_ = I(t)", "I", 0), "call", true)
	check("type assertion", at("_ = v.(*T)", "T", 0), "type-assertion", false)
	check("case clause", at("case *T:", "T", 0), "case-clause", false)
	check("instantiated call", at("_ = Id[int](1)", "Id", 0), "call", true)
	check("array of T", at("_ = []T{}", "T", 0), "type-use", false)
	check("method expression", at("_ = (*T).M", "M", 0), "value", false)
	check("embedded field", at("type T struct{ U }", "U", 0), "embedded-field", false)
	check("receiver", at("func (t *T) M()", "T", 0), "receiver", false)
	check("param type", at("func f(i I, t *T)", "T", 0), "type-use", false)
	if r := at("func G[X any]", "Id", 0); !r.Generic || !r.Call {
		t.Errorf("call inside a generic function: %+v", r)
	}
	if r := at("\tt.M()", "M", 0); r.Generic {
		t.Errorf("not generic: %+v", r)
	}
	if !fi.interfaces[[2]int{7, 6}] {
		t.Errorf("interface I not recorded: %v", fi.interfaces)
	}
}

func TestCollectGoDecls(t *testing.T) {
	dir := t.TempDir()
	pkg := filepath.Join(dir, "a", "b")
	_ = os.MkdirAll(pkg, 0o755)
	files := map[string]string{
		"b.go":         "package b\n\n// F is exported.\nfunc F() {}\nfunc g() {}\n\ntype T struct{}\n\nfunc (T) M() {}\nfunc (*t) N() {}\n\ntype t int\ntype G[K any] struct{}\n\nfunc (G[K]) Get() {}\n",
		"b_windows.go": "package b\n\nfunc F() {}\nfunc W() {}\n",
	}
	for n, s := range files {
		_ = os.WriteFile(filepath.Join(pkg, n), []byte(s), 0o644)
	}
	pkgs := []goPackage{{Dir: pkg, ImportPath: "a/b", Name: "b", GoFiles: []string{"b.go"}, IgnoredGoFiles: []string{"b_windows.go"}}}
	var ex exclusions
	decls, err := collectGoDecls(dir, pkgs, &ex)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range decls {
		got = append(got, fmt.Sprintf("%s %s %s:%d:%d %v", d.Kind, d.qualified(), d.File, d.Line, d.Col, d.Visible))
	}
	want := []string{
		"func b.F a/b/b.go:4:6 true", "type b.T a/b/b.go:7:6 true", "method b.T.M a/b/b.go:9:10 true",
		"type b.G a/b/b.go:13:6 true", "method b.G.Get a/b/b.go:15:13 true",
		"func b.F a/b/b_windows.go:3:6 false", "func b.W a/b/b_windows.go:4:6 false",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("decls:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if e := ex.list(); len(e) != 1 || e[0].Count != 1 || e[0].Examples[0] != "a/b.t.N" {
		t.Fatalf("exclusions: %+v", e)
	}
	sample, sizes := sampleGoDecls(decls, 10, 1, &ex)
	if sizes["func"] != 1 || sizes["method"] != 2 || sizes["type"] != 2 || len(sample) != 5 {
		t.Fatalf("sizes %v, sample %d", sizes, len(sample))
	}
	vis := visibleGoFiles(dir, []goPackage{{Dir: pkg, GoFiles: []string{"b.go"}, TestGoFiles: []string{"b_test.go"}, XTestGoFiles: []string{"x_test.go"}}})
	if !reflect.DeepEqual(vis, []string{"a/b/b.go", "a/b/b_test.go", "a/b/x_test.go"}) {
		t.Fatalf("visible: %v", vis)
	}
}

func TestDecodePackages(t *testing.T) {
	out := []byte(`{"ImportPath":"b","Dir":"/x/b","GoFiles":["b.go"]}
{"ImportPath":"a","Dir":"/x/a","Name":"a"}`)
	pkgs, err := decodePackages(out)
	if err != nil || len(pkgs) != 2 || pkgs[0].ImportPath != "a" || pkgs[1].GoFiles[0] != "b.go" {
		t.Fatalf("%+v %v", pkgs, err)
	}
}

func TestCtagsSelection(t *testing.T) {
	out := []byte(`{"_type": "ptag", "name": "JSON_OUTPUT_VERSION"}
{"_type": "tag", "name": "M", "path": "./a.go", "line": 5, "kind": "func", "scope": "p.T", "scopeKind": "struct"}
{"_type": "tag", "name": "F", "path": "a.go", "line": 7, "kind": "func", "scope": "p", "scopeKind": "package"}
{"_type": "tag", "name": "F", "path": "b.go", "line": 3, "kind": "func", "scope": "p", "scopeKind": "package"}
{"_type": "tag", "name": "f", "path": "a.cpp", "line": 1, "kind": "function", "scope": "ns::K", "scopeKind": "class"}
{"_type": "tag", "name": "M.foo", "path": "a.lua", "line": 2, "kind": "function"}
{"_type": "tag", "name": "__anon1", "path": "a.c", "line": 2, "kind": "struct"}
{"_type": "tag", "name": "x", "path": "a.go", "line": 9, "kind": "var", "scope": "p"}`)
	tags, err := parseCtagsJSON(out)
	if err != nil || len(tags) != 7 {
		t.Fatalf("%d tags, %v", len(tags), err)
	}
	if tags[0].Path != "a.go" {
		t.Fatalf("path not cleaned: %q", tags[0].Path)
	}
	if q := qualifiedTag(tags[3]); q != "ns.K.f" {
		t.Fatalf("C++ qualified name: %q", q)
	}
	if q := qualifiedTag(ctagsTag{Name: "m", Scope: `A\B\C`}); q != "A.B.C.m" {
		t.Fatalf("PHP qualified name: %q", q)
	}
	if q := qualifiedTag(ctagsTag{Name: "M:bar"}); q != "M.bar" {
		t.Fatalf("Lua method name: %q", q)
	}
	groups := []string{kindGroup(tags[0]), kindGroup(tags[1]), kindGroup(tags[3]), kindGroup(tags[4]), kindGroup(ctagsTag{Kind: "class"})}
	if !reflect.DeepEqual(groups, []string{"method", "function", "method", "method", "type"}) {
		t.Fatalf("groups: %v", groups)
	}
	var ex exclusions
	el := selectTags(tags, corpusSpec{Kinds: []string{"func", "function", "struct"}}, &ex)
	var names []string
	for _, t := range el {
		names = append(names, qualifiedTag(t))
	}
	if !reflect.DeepEqual(names, []string{"ns.K.f", "p.T.M", "M.foo"}) {
		t.Fatalf("eligible: %v", names)
	}
	counts := map[string]int{}
	for _, e := range ex.list() {
		counts[e.Reason] = e.Count
	}
	if counts["qualified name not unique among the sampled kinds"] != 2 || counts["anonymous name made up by ctags"] != 1 || counts["kind not sampled (var)"] != 1 {
		t.Fatalf("exclusions: %v", counts)
	}
	a := sampleTags(el, 2, 1, "Go")
	b := sampleTags(el, 2, 1, "Go")
	if !reflect.DeepEqual(a, b) || len(a) != 2 {
		t.Fatal("tag sample not deterministic")
	}
}

func TestPercentileMedian(t *testing.T) {
	xs := []float64{5, 1, 4, 2, 3}
	if percentile(xs, 50) != 3 || percentile(xs, 95) != 5 || percentile(xs, 0) != 1 || median(xs) != 3 || median([]float64{1, 2, 3, 4}) != 2.5 || percentile(nil, 50) != 0 || median(nil) != 0 {
		t.Fatal("percentile/median")
	}
}
