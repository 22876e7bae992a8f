package chunker

import (
	"reflect"
	"strings"
	"testing"
)

const goGraphSrc = `package shop

import (
	"fmt"
	str "strings"
)

// Cart holds items.
type Cart struct {
	Items []Item
	*Owner
}

type Item struct{ Name string }

type Owner struct{}

// Pricer prices things.
type Pricer interface {
	Price(it Item) int
	fmt.Stringer
}

const Limit = 10

var Default = &Cart{}

// Add adds an item.
func (c *Cart) Add(it Item) error {
	if len(c.Items) >= Limit {
		return fmt.Errorf("full: %s", str.ToUpper(it.Name))
	}
	c.Items = append(c.Items, it)
	local := NewCart()
	local.Add(Item{Name: "x"})
	return nil
}

func NewCart() *Cart { return &Cart{} }

func describe(v any) string {
	switch x := v.(type) {
	case *Cart:
		return x.String()
	}
	for _, it := range Default.Items {
		_ = it.Name
	}
	return ""
}
`

func graphOf(t *testing.T, src string) *Graph {
	t.Helper()
	a, err := Analyze("shop.go", []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Graph == nil {
		t.Fatal("no graph")
	}
	return a.Graph
}

func findDef(g *Graph, qualified string) *Def {
	for i := range g.Defs {
		if g.Defs[i].Qualified() == qualified && g.Defs[i].Flags&DefEmbedded == 0 {
			return &g.Defs[i]
		}
	}
	return nil
}

// refsAt returns the refs to name on a line.
func refsAt(g *Graph, name string, line int) []Ref {
	var out []Ref
	for _, r := range g.Refs {
		if r.Name == name && r.Line == line {
			out = append(out, r)
		}
	}
	return out
}

func lineOf(src, needle string) int {
	i := strings.Index(src, needle)
	if i < 0 {
		panic(needle)
	}
	return strings.Count(src[:i], "\n") + 1
}

func TestGoGraphDefinitions(t *testing.T) {
	g := graphOf(t, goGraphSrc)
	if g.Package != "shop" {
		t.Errorf("package %q", g.Package)
	}
	cases := []struct {
		name, kind, typ, doc string
		flags                uint8
	}{
		{"Cart", "struct", "t:?", "Cart holds items.", 0},
		{"Cart.Items", "field", "t:[]:Item", "", 0},
		{"Pricer", "interface", "t:?", "Pricer prices things.", 0},
		{"Pricer.Price", "method", "t:func(:int)", "", DefAbstract},
		{"Limit", "const", "?", "", 0},
		{"Default", "var", "t::Cart", "", 0},
		{"Cart.Add", "method", "t:func(:error)", "Add adds an item.", 0},
		{"NewCart", "function", "t:func(:Cart)", "", 0},
	}
	for _, c := range cases {
		d := findDef(g, c.name)
		if d == nil {
			t.Errorf("no definition %s", c.name)
			continue
		}
		if d.Kind != c.kind || d.Type != c.typ || d.Doc != c.doc || d.Flags != c.flags {
			t.Errorf("%s: kind %q type %q doc %q flags %d, want %q %q %q %d", c.name, d.Kind, d.Type, d.Doc, d.Flags, c.kind, c.typ, c.doc, c.flags)
		}
	}
	add := findDef(g, "Cart.Add")
	if add.Line != lineOf(goGraphSrc, "func (c *Cart) Add") || add.StartLine != add.Line-1 || add.Signature != "func (c *Cart) Add(it Item) error" {
		t.Errorf("Cart.Add at %d [%d-%d] sig %q", add.Line, add.StartLine, add.EndLine, add.Signature)
	}
	if add.Col != strings.Index("func (c *Cart) Add", "Add")+1 {
		t.Errorf("Cart.Add column %d", add.Col)
	}
	var embedded []string
	for _, d := range g.Defs {
		if d.Flags&DefEmbedded != 0 {
			embedded = append(embedded, d.Qualified()+" "+d.Type)
		}
	}
	if strings.Join(embedded, ";") != "Cart.Owner t::Owner;Pricer.Stringer t:fmt:Stringer" {
		t.Errorf("embedded %v", embedded)
	}
}

func TestGoGraphReferences(t *testing.T) {
	g := graphOf(t, goGraphSrc)
	add := int32(-1)
	for i, d := range g.Defs {
		if d.Qualified() == "Cart.Add" {
			add = int32(i)
		}
	}
	cases := []struct {
		name, line string
		kind       RefKind
		recv       string
	}{
		{"Errorf", `fmt.Errorf("full`, RefCall, "p:fmt"},
		{"ToUpper", `fmt.Errorf("full`, RefCall, "p:strings"},
		{"Items", `if len(c.Items)`, RefOther, "t::Cart"},
		{"Limit", `if len(c.Items)`, RefOther, ""},
		{"NewCart", `local := NewCart()`, RefCall, ""},
		{"Add", `local.Add(`, RefCall, "g:NewCart ()"},
		{"Name", `local.Add(`, RefOther, "t::Item"},
		{"Item", `local.Add(`, RefType, ""},
		{"String", `return x.String()`, RefCall, "t::Cart"},
		{"Name", `_ = it.Name`, RefOther, "g:Default .Items []"},
		{"Cart", `func (c *Cart) Add`, RefType, ""},
		{"Stringer", `	fmt.Stringer`, RefInherit, "p:fmt"},
	}
	for _, c := range cases {
		rs := refsAt(g, c.name, lineOf(goGraphSrc, c.line))
		if len(rs) != 1 {
			t.Errorf("%s on %q: %d refs, want 1", c.name, c.line, len(rs))
			continue
		}
		if rs[0].Kind != c.kind || rs[0].Recv != c.recv {
			t.Errorf("%s on %q: kind %s recv %q, want %s %q", c.name, c.line, rs[0].Kind, rs[0].Recv, c.kind, c.recv)
		}
	}
	if rs := refsAt(g, "Errorf", lineOf(goGraphSrc, `fmt.Errorf("full`)); len(rs) == 1 && rs[0].Enclosing != add {
		t.Errorf("Errorf enclosed by %d, want Cart.Add (%d)", rs[0].Enclosing, add)
	}
	for _, r := range g.Refs {
		switch r.Name {
		case "local", "it", "c", "x", "v", "len", "append", "any", "string", "nil":
			t.Errorf("%s at %d:%d is a local or predeclared name, not a reference", r.Name, r.Line, r.Col)
		}
	}
}

// TestGoGraphBrokenFile: a file that does not parse completely still gets
// the graph of what did parse, and one that is not Go at all gets none.
func TestGoGraphBrokenFile(t *testing.T) {
	g := graphOf(t, "package p\n\nfunc A() { B( }\n\nfunc C() {}\n")
	if findDef(g, "A") == nil {
		t.Errorf("defs %v, want A", g.Defs)
	}
	if goGraph([]byte("this is not go")) != nil {
		t.Error("a file without a package clause has a graph")
	}
}

// TestGoGraphLineDirectives: "//line" directives (generated code, the
// shape of the Go tree's cmd/objdump/testdata/fmthello.go) rename lines
// for compilers, not for the graph, which points into the file as it is.
func TestGoGraphLineDirectives(t *testing.T) {
	src := "package main\n\n// Hello greets.\nfunc Hello() {\n//line fmthello.go:999999\n\tWorld()\n}\n\nfunc World() {}\n"
	a, err := Analyze("hello.go", []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := findDef(a.Graph, "World"); d == nil || d.Line != 9 {
		t.Errorf("World defined at %+v, want line 9 of the file", d)
	}
	for _, c := range a.Chunks {
		if c.EndLine > 9 {
			t.Errorf("chunk %s ends at line %d, past the file", c.Symbol, c.EndLine)
		}
	}
}

// GraphOf gives a Go file the graph Analyze gives it, without chunking.
func TestGraphOfMatchesAnalyze(t *testing.T) {
	a, _ := Analyze("shop.go", []byte(goGraphSrc), Options{})
	if got := GraphOf("shop.go", []byte(goGraphSrc)); !reflect.DeepEqual(got, a.Graph) {
		t.Errorf("GraphOf differs from Analyze's graph")
	}
	if GraphOf("README.md", []byte("# x\n")) != nil {
		t.Error("a document has a graph")
	}
}
