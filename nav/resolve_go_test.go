package nav

import (
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
)

// goWorldRepo exercises what Go resolution must get right: methods
// through embedding, interfaces a type implements, a same-named method of
// another type, build variants, anonymous structs, error.Error, and a
// package imported under another name.
var goWorldRepo = map[string]string{
	"go.mod": "module example.com/m\n",
	"store/store.go": `package store

import "sync"

// Store keeps values.
type Store struct {
	mu sync.Mutex
	m  map[string]int
}

// Get returns a value.
func (s *Store) Get(k string) int { return s.m[k] }

// Getter gets.
type Getter interface{ Get(k string) int }

// Cache wraps a store.
type Cache struct{ *Store }

// Other has a Get too.
type Other struct{}

// Get is another method.
func (Other) Get(k string) int { return 0 }

// Open returns a store.
func Open() *Store { return &Store{} }

var shared struct {
	sync.Mutex
	s *Store
}
`,
	"store/open_linux.go":   "package store\n\n// Path is where the store lives.\nfunc Path() string { return \"/var\" }\n",
	"store/open_windows.go": "package store\n\n// Path is where the store lives.\nfunc Path() string { return \"C:\" }\n",
	"store/errs.go": `package store

// NotFound is an error.
type NotFound struct{}

func (NotFound) Error() string { return "not found" }

func wrap(err error) string { return "store: " + err.Error() }
`,
	"app/app.go": `package app

import (
	db "example.com/m/store"
	"fmt"
)

func direct() int { return db.Open().Get("a") }

func viaVar() int {
	s := db.Open()
	return s.Get("b")
}

func viaEmbed(c db.Cache) int { return c.Get("c") }

func viaInterface(g db.Getter) int { return g.Get("d") }

func other(o db.Other) int { return o.Get("e") }

func unknown(x interface{ Get(string) int }) int { return x.Get("f") }

func where() string { return db.Path() }

func table() {
	tests := []struct {
		s   *db.Store
		key string
	}{{db.Open(), "k"}}
	for _, tt := range tests {
		fmt.Println(tt.s.Get(tt.key))
	}
}

func describe(err error) string { return err.Error() }
`,
}

func TestGoReferencesResolveThroughTypes(t *testing.T) {
	ix := testIndex(t, goWorldRepo)
	// An import alias is not the package's name: only the name matches.
	if tg, err := ResolveTarget(ix, "db.Store.Get", nil); err != nil || tg.Match != MatchName {
		t.Fatalf("db.Store.Get: %v %+v", err, tg)
	}
	tg, err := ResolveTarget(ix, "store.Store.Get", nil)
	if err != nil || tg.Match != MatchExact {
		t.Fatal(err, tg)
	}
	refs, err := References(ix, tg, RefFilter{})
	if err != nil {
		t.Fatal(err)
	}
	line := func(needle string) string { return "app/app.go:" + itoaT(lineOf(t, goWorldRepo, "app/app.go", needle)) }
	want := []string{
		line("db.Open().Get") + " exact",    // the result of a function
		line("s.Get(\"b\")") + " exact",     // a variable from a call
		line("c.Get(\"c\")") + " exact",     // promoted through *Store embedded in Cache
		line("g.Get(\"d\")") + " exact",     // through the Getter interface Store implements
		line("x.Get(\"f\")") + " name",      // an anonymous interface: unknown, kept by name
		line("tt.s.Get(tt.key)") + " exact", // a field of an anonymous struct in a table test
	}
	if got := refSet(refs); !reflect.DeepEqual(got, sortedT(want)) {
		t.Errorf("references of Store.Get:\n got %q\nwant %q (Other.Get at o.Get is another method)", got, sortedT(want))
	}
}

func TestGoBuildVariantsAreOneObject(t *testing.T) {
	ix := testIndex(t, goWorldRepo)
	for _, variant := range []string{"store/open_linux.go", "store/open_windows.go"} {
		refs, err := References(ix, Target{Definition: mustDef(t, ix, variant, "Path")}, RefFilter{})
		if err != nil {
			t.Fatal(err)
		}
		if len(refs) != 1 || refs[0].Match != MatchExact || refs[0].Enclosing != "where" {
			t.Errorf("references of Path in %s: %+v", variant, refs)
		}
	}
}

// err.Error() calls the predeclared error's method, not the Error method
// of every type in the repository (as gopls counts it): only in the
// package declaring the method does it count as one of its uses.
func TestGoErrorErrorIsNotEveryErrorMethod(t *testing.T) {
	ix := testIndex(t, goWorldRepo)
	refs, err := References(ix, Target{Definition: mustDef(t, ix, "store/errs.go", "Error")}, RefFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(refs) != 1 || refs[0].Enclosing != "wrap" || refs[0].Match != MatchExact {
		t.Errorf("references of NotFound.Error: %+v, want wrap's only (not app's describe)", refs)
	}
}

// An interface method's references include the calls through the types
// that implement it, and through interfaces with the same method.
func TestGoInterfaceMethodReferences(t *testing.T) {
	ix := testIndex(t, goWorldRepo)
	tg, err := ResolveTarget(ix, "store.Getter.Get", nil)
	if err != nil {
		t.Fatal(err)
	}
	refs, err := References(ix, tg, RefFilter{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, r := range refs {
		got[r.Enclosing] = r.Match
	}
	// viaVar, direct, viaEmbed and table call it on a *Store, which
	// implements Getter; viaInterface on the Getter; Other.Get implements
	// Getter too; x.Get is on an anonymous interface (unknown).
	want := map[string]string{"direct": "exact", "viaVar": "exact", "viaEmbed": "exact", "viaInterface": "exact",
		"other": "exact", "table": "exact", "unknown": "name"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("references of Getter.Get by caller: %v, want %v", got, want)
	}
}

func TestGoDefinitionAtPosition(t *testing.T) {
	ix := testIndex(t, goWorldRepo)
	cases := []struct{ needle, symbol, file string }{
		{"c.Get(\"c\")", "Store.Get", "store/store.go"},
		{"o.Get(\"e\")", "Other.Get", "store/store.go"},
		{"db.Path()", "Path", "store/open_linux.go"},
	}
	for _, c := range cases {
		l := lineOf(t, goWorldRepo, "app/app.go", c.needle)
		col := strings.Index(strings.Split(goWorldRepo["app/app.go"], "\n")[l-1], c.needle) + strings.Index(c.needle, ".") + 2
		defs, err := DefinitionAt(ix, Position{Path: "app/app.go", Line: l, Col: col})
		if err != nil {
			t.Fatalf("%s: %v", c.needle, err)
		}
		if defs[0].Symbol() != c.symbol || defs[0].Path != c.file || defs[0].Match != MatchExact {
			t.Errorf("definition at %q: %s %s %s, want %s in %s", c.needle, defs[0].Symbol(), defs[0].Path, defs[0].Match, c.symbol, c.file)
		}
	}
}

func mustDef(t *testing.T, ix Index, path, name string) Definition {
	t.Helper()
	for _, d := range ix.DefinitionsOf(name) {
		if d.Path == path {
			return Definition{Path: d.Path, Language: d.Language, Def: d.Def, Match: MatchExact}
		}
	}
	t.Fatalf("no %s in %s", name, path)
	return Definition{}
}

// Queries share the index's resolution tables, filled as they go: many at
// once must agree with one at a time (and pass the race detector).
func TestGoResolutionConcurrent(t *testing.T) {
	ix := testIndex(t, goWorldRepo)
	symbols := []string{"store.Store.Get", "store.Getter.Get", "store.Open", "store.Path", "store.Cache", "store.NotFound.Error"}
	want := map[string][]string{}
	serial := testIndex(t, goWorldRepo)
	for _, s := range symbols {
		tg, err := ResolveTarget(serial, s, nil)
		if err != nil {
			t.Fatal(err)
		}
		refs, _ := References(serial, tg, RefFilter{})
		want[s] = refSet(refs)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for range 4 {
		for _, s := range symbols {
			wg.Add(1)
			go func() {
				defer wg.Done()
				tg, err := ResolveTarget(ix, s, nil)
				if err != nil {
					errs <- err.Error()
					return
				}
				refs, _ := References(ix, tg, RefFilter{})
				if got := refSet(refs); !reflect.DeepEqual(got, want[s]) {
					errs <- s + ": " + strings.Join(got, ",")
				}
				CodeMap(ix, "", nil)
			}()
		}
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// A name selected from a package the index does not hold is that
// package's: flag.Parse and a dependency's goversion.Parse are no uses of
// frame.Parse.
func TestGoUsesFromPackagesOutsideTheIndex(t *testing.T) {
	repo := map[string]string{
		"go.mod":          "module example.com/m\n",
		"frame/parser.go": "package frame\n\n// Parse reads frames.\nfunc Parse(b []byte) int { return len(b) }\n",
		"cmd/main.go":     "package main\n\nimport (\n\t\"flag\"\n\n\t\"example.com/m/frame\"\n\t\"example.org/x/goversion\"\n)\n\nfunc main() {\n\tflag.Parse()\n\tframe.Parse(nil)\n\tgoversion.Parse(\"go1\")\n}\n",
	}
	ix := testIndex(t, repo)
	tg, err := ResolveTarget(ix, "frame.Parse", nil)
	if err != nil {
		t.Fatal(err)
	}
	refs, err := References(ix, tg, RefFilter{})
	if err != nil {
		t.Fatal(err)
	}
	line := func(needle string) string { return "cmd/main.go:" + itoaT(lineOf(t, repo, "cmd/main.go", needle)) }
	want := sortedT([]string{line("frame.Parse(nil)") + " exact"})
	if got := refSet(refs); !reflect.DeepEqual(got, want) {
		t.Errorf("references of frame.Parse:\n got %q\nwant %q (flag.Parse is the standard library's)", got, want)
	}
}

// A method selected from a value of a type a package outside the index
// declares (`u.String()` of a `*url.URL`, an element of a `[]*url.URL`,
// `q.Get` of a `url.Values`) is that type's: no use of the repository's
// Collector.String, which a value of unknown type may still call.
func TestGoMethodsOfTypesFromPackagesOutsideTheIndex(t *testing.T) {
	repo := map[string]string{
		"go.mod":   "module example.com/m\n",
		"crawl.go": "package crawl\n\ntype Collector struct{ n int }\n\n// String names the collector.\nfunc (c *Collector) String() string { return \"c\" }\n",
		"visit.go": "package crawl\n\nimport \"net/url\"\n\nfunc visit(u *url.URL, all []*url.URL, q url.Values, c *Collector, v any) []string {\n\treturn []string{\n" +
			"\t\tu.String(),\n\t\tall[0].String(),\n\t\tq.Encode(),\n\t\tc.String(),\n\t\tv.(interface{ String() string }).String(),\n\t}\n}\n",
	}
	ix := testIndex(t, repo)
	tg, err := ResolveTarget(ix, "Collector.String", nil)
	if err != nil {
		t.Fatal(err)
	}
	refs, err := References(ix, tg, RefFilter{})
	if err != nil {
		t.Fatal(err)
	}
	line := func(needle string) string { return "visit.go:" + itoaT(lineOf(t, repo, "visit.go", needle)) }
	for _, r := range refSet(refs) {
		if strings.HasPrefix(r, line("u.String()")+" ") || strings.HasPrefix(r, line("all[0].String()")+" ") {
			t.Errorf("references of Collector.String: %s is url.URL's", r)
		}
	}
	if got := refSet(refs); !slices.Contains(got, line("c.String()")+" exact") {
		t.Errorf("references of Collector.String: %q, want c.String() exact", got)
	}
}

// A package-level declaration is named bare in its package or through
// the package's name elsewhere, never selected from a value: gin's
// `binding.Header` var had 299 name matches in `req.Header` and
// `w.Header()`, of which none can be it.
func TestGoPackageLevelNamesAreNotSelectedFromValues(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"go.mod":             "module example.com/m\n",
		"binding/binding.go": "package binding\n\ntype Binding interface{ Name() string }\n\nvar Header Binding\n\nfunc use() Binding { return Header }\n",
		"app/app.go":         "package app\n\nimport (\n\t\"net/http\"\n\n\t\"example.com/m/binding\"\n)\n\nfunc f(req *http.Request, w http.ResponseWriter) {\n\t_ = req.Header.Get(\"x\")\n\tw.Header().Set(\"a\", \"b\")\n\t_ = binding.Header\n\tr, _ := http.NewRequest(\"GET\", \"/\", nil)\n\t_ = r\n\thttp.NewRequest(\"GET\", \"/\", nil).Header.Get(\"y\")\n}\n",
	})
	tg, err := ResolveTarget(ix, "binding.Header", nil)
	if err != nil {
		t.Fatal(err)
	}
	refs, err := References(ix, tg, RefFilter{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"app/app.go:12 exact", "binding/binding.go:7 exact"}
	if got := refSet(refs); !reflect.DeepEqual(got, sortedT(want)) {
		t.Errorf("references of binding.Header:\n got %q\nwant %q", got, sortedT(want))
	}
}
