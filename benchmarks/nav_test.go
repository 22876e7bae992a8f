package benchmarks

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/internal/goast"
	"github.com/codeseek/codeseek/tools"
)

// navSymbol is an exported declaration of the standard library, named the
// way an agent would ask for it ("http.Client.Do").
type navSymbol struct {
	query string
	kind  string // func, method or type
}

// navSymbols draws n exported functions, methods and types of the
// standard library (non-test files, no testdata or vendored code) with a
// fixed seed: about 40% functions, 35% methods, 25% types.
func navSymbols(tb testing.TB, src string, n int) []navSymbol {
	var funcs, methods, types []navSymbol
	fset := token.NewFileSet()
	filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "vendor" || rel == "cmd") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil || f.Name.Name == "main" {
			return nil
		}
		pkg := f.Name.Name
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				if d.Recv == nil {
					funcs = append(funcs, navSymbol{pkg + "." + d.Name.Name, "func"})
				} else if recv := goast.RecvTypeName(d.Recv.List[0].Type); ast.IsExported(recv) {
					methods = append(methods, navSymbol{pkg + "." + recv + "." + d.Name.Name, "method"})
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if ts, ok := s.(*ast.TypeSpec); ok && ts.Name.IsExported() {
						types = append(types, navSymbol{pkg + "." + ts.Name.Name, "type"})
					}
				}
			}
		}
		return nil
	})
	rng := rand.New(rand.NewSource(22))
	var out []navSymbol
	for _, g := range []struct {
		syms  []navSymbol
		share int
	}{{funcs, 40}, {methods, 35}, {types, 25}} {
		sort.Slice(g.syms, func(i, j int) bool { return g.syms[i].query < g.syms[j].query })
		rng.Shuffle(len(g.syms), func(i, j int) { g.syms[i], g.syms[j] = g.syms[j], g.syms[i] })
		out = append(out, g.syms[:min(len(g.syms), n*g.share/100)]...)
	}
	return out
}

// BenchmarkNavigationStdlib measures the navigation tools on a warm
// in-process service over the standard library, rendering included:
// find_definition and find_references for 200 sampled symbols (p50 and
// p95), and code_map of net/http at its default budget.
//
//	go test ./benchmarks -run '^$' -bench NavigationStdlib -benchtime 3x
func BenchmarkNavigationStdlib(b *testing.B) {
	svc, id := stdlibIndex(b)
	ctx := context.Background()
	syms := navSymbols(b, stdlib.src, 200)
	concise := formatter.Options{Format: formatter.Compact, Detail: formatter.Concise}
	// The first query of an index builds the resolution tables and ranks
	// (once per index, as a server does on its first navigation call).
	start := time.Now()
	if _, err := svc.FindReferences(ctx, tools.NavParams{RepositoryID: id, Symbol: "io.Reader"}, "", 10); err != nil {
		b.Fatal(err)
	}
	if _, err := svc.CodeMap(ctx, tools.NavParams{RepositoryID: id}); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(time.Since(start).Seconds(), "warmup-s")
	run := func(name string, call func(s navSymbol) (string, error)) {
		b.Run(name, func(b *testing.B) {
			var lat []time.Duration
			for b.Loop() {
				for _, s := range syms {
					t0 := time.Now()
					if _, err := call(s); err != nil {
						b.Fatalf("%s %s: %v", name, s.query, err)
					}
					lat = append(lat, time.Since(t0))
				}
			}
			b.ReportMetric(ms(percentile(lat, 50)), "p50-ms")
			b.ReportMetric(ms(percentile(lat, 95)), "p95-ms")
		})
	}
	run("find_definition", func(s navSymbol) (string, error) {
		r, err := svc.FindDefinition(ctx, tools.NavParams{RepositoryID: id, Symbol: s.query}, tools.DefaultDefinitionLimit)
		if err != nil {
			return "", err
		}
		return formatter.RenderDefinitions(r, concise)
	})
	run("find_references", func(s navSymbol) (string, error) {
		r, err := svc.FindReferences(ctx, tools.NavParams{RepositoryID: id, Symbol: s.query}, "", tools.DefaultReferenceLimit)
		if err != nil {
			return "", err
		}
		return formatter.RenderReferences(r, concise)
	})
	b.Run("code_map_net_http", func(b *testing.B) {
		var lat []time.Duration
		for b.Loop() {
			t0 := time.Now()
			r, err := svc.CodeMap(ctx, tools.NavParams{RepositoryID: id, Directory: "net/http"})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := tools.RenderMap(r, formatter.Options{Format: formatter.Compact, MaxTokens: tools.DefaultMapTokens}); err != nil {
				b.Fatal(err)
			}
			lat = append(lat, time.Since(t0))
		}
		b.ReportMetric(ms(percentile(lat, 50)), "p50-ms")
	})
}

// BenchmarkAffectedStdlib measures affected_by_diff on a ten-file change
// of the standard library: a git copy of GOROOT/src is indexed, ten files
// get an exported function's signature changed, and the call is timed.
//
//	CODESEEK_STDLIB=1 go test ./benchmarks -run '^$' -bench AffectedStdlib -benchtime 3x
func BenchmarkAffectedStdlib(b *testing.B) {
	if os.Getenv("CODESEEK_STDLIB") == "" {
		b.Skip("set CODESEEK_STDLIB=1 to copy and index the Go standard library (about two minutes)")
	}
	if _, err := exec.LookPath("git"); err != nil {
		b.Skip("git is not installed")
	}
	root := filepath.Join(b.TempDir(), "src")
	for _, args := range [][]string{
		{"cp", "-r", filepath.Join(goroot(b), "src"), root},
		{"git", "-C", root, "init", "-q"},
		{"git", "-C", root, "add", "-A"},
		{"git", "-C", root, "-c", "user.name=b", "-c", "user.email=b@e", "commit", "-qm", "base"},
	} {
		if out, err := exec.Command(args[0], args[1:]...).CombinedOutput(); err != nil {
			b.Fatalf("%v: %v %s", args, err, out)
		}
	}
	emb, err := embedding.NewBuiltin()
	if err != nil {
		b.Fatal(err)
	}
	svc, err := tools.New(tools.Config{DataDir: b.TempDir(), Embedder: emb})
	if err != nil {
		b.Fatal(err)
	}
	rep, err := svc.IndexRepository(context.Background(), tools.IndexParams{RepoPath: root})
	if err != nil {
		b.Fatal(err)
	}
	edited := 0
	for _, f := range []string{"strings/strings.go", "bytes/bytes.go", "time/format.go", "net/url/url.go", "encoding/json/encode.go",
		"io/io.go", "os/file.go", "fmt/print.go", "sort/sort.go", "strconv/number.go"} {
		p := filepath.Join(root, f)
		src, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		// The first exported function gets one more parameter.
		i := strings.Index(string(src), "\nfunc ")
		for i >= 0 && !ast.IsExported(string(src[i+6:i+7])) {
			j := strings.Index(string(src[i+1:]), "\nfunc ")
			if j < 0 {
				i = -1
				break
			}
			i += j + 1
		}
		open := strings.Index(string(src[i:]), "(")
		if i < 0 || open < 0 {
			b.Fatalf("no exported function in %s", f)
		}
		src = append(src[:i+open+1:i+open+1], append([]byte("extra int, "), src[i+open+1:]...)...)
		if err := os.WriteFile(p, src, 0o644); err != nil {
			b.Fatal(err)
		}
		edited++
	}
	ctx := context.Background()
	var lat []time.Duration
	changes, high := 0, 0
	for b.Loop() {
		t0 := time.Now()
		r, err := svc.AffectedByDiff(ctx, tools.NavParams{RepositoryID: rep.RepositoryID}, "")
		if err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(t0))
		changes, high = len(r.Changes), 0
		for _, c := range r.Changes {
			if c.Risk == "high" {
				high++
			}
		}
	}
	b.ReportMetric(float64(edited), "files")
	b.ReportMetric(float64(changes), "changes")
	b.ReportMetric(float64(high), "high")
	b.ReportMetric(ms(percentile(lat, 50)), "p50-ms")
}
