package benchmarks

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/tools"
)

// stdlib is one index of the Go standard library source shared by the
// tests and benchmarks of one `go test` run.
var stdlib struct {
	once    sync.Once
	svc     *tools.Service
	dataDir string
	temp    bool // dataDir was made for this run and goes with it
	repoID  string
	src     string
	err     error
}

// stdlibIndex indexes $(go env GOROOT)/src once. Set CODESEEK_BENCH_DATA
// to keep the index between runs.
func stdlibIndex(tb testing.TB) (*tools.Service, string) {
	tb.Helper()
	src := filepath.Join(goroot(tb), "src")
	stdlib.once.Do(func() {
		stdlib.src = src
		stdlib.dataDir = os.Getenv("CODESEEK_BENCH_DATA")
		if stdlib.dataDir == "" {
			stdlib.dataDir, stdlib.err = os.MkdirTemp("", "codeseek-stdlib-")
			if stdlib.err != nil {
				return
			}
			stdlib.temp = true
		}
		var emb *embedding.BuiltinEmbedder // the default, so numbers are what users get
		if emb, stdlib.err = embedding.NewBuiltin(); stdlib.err != nil {
			return
		}
		stdlib.svc, stdlib.err = tools.New(tools.Config{DataDir: stdlib.dataDir, Embedder: emb, Ranking: rankingFromEnv(tb)})
		if stdlib.err != nil {
			return
		}
		start := time.Now()
		rep, err := stdlib.svc.IndexRepository(context.Background(), tools.IndexParams{RepoPath: src})
		stdlib.err, stdlib.repoID = err, rep.RepositoryID
		fmt.Fprintf(os.Stderr, "indexed %s: %d chunks in %s\n", src, rep.ChunksCreated, time.Since(start).Round(time.Millisecond))
	})
	if stdlib.err != nil {
		tb.Fatal(stdlib.err)
	}
	return stdlib.svc, stdlib.repoID
}

// exportedFunc is a top-level exported function of the standard library.
type exportedFunc struct {
	name       string
	path       string // relative to GOROOT/src
	start, end int    // declaration span, doc comment included
}

// exportedFuncs parses the standard library and returns its exported
// top-level functions outside tests, testdata and vendored code, and how
// many times each name is declared anywhere (methods, tests and vendored
// copies included), so that a test can tell unique names from shared ones.
func exportedFuncs(tb testing.TB, src string) ([]exportedFunc, map[string]int) {
	var out []exportedFunc
	declared := map[string]int{}
	fset := token.NewFileSet()
	filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(src, path)
		rel = filepath.ToSlash(rel)
		sample := !strings.HasSuffix(path, "_test.go") && !strings.Contains(rel, "vendor/")
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			declared[fn.Name.Name]++
			if !sample || fn.Recv != nil || !fn.Name.IsExported() || fn.Body == nil {
				continue
			}
			start := fn.Pos()
			if fn.Doc != nil {
				start = fn.Doc.Pos()
			}
			out = append(out, exportedFunc{name: fn.Name.Name, path: rel,
				start: fset.Position(start).Line, end: fset.Position(fn.End()).Line})
		}
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].path+out[i].name < out[j].path+out[j].name })
	return out, declared
}

// declaresFunc reports whether Go source text declares a function or
// method called name.
func declaresFunc(text, name string) bool {
	return regexp.MustCompile(`(?m)^func (\([^)]*\) )?` + regexp.QuoteMeta(name) + `[\[(]`).MatchString(text)
}

// TestIdentifierLookupStdlib queries the bare names of 200 randomly chosen
// exported functions of the standard library. A name declared once in the
// whole tree must bring back its own declaration first; a name declared in
// several places (New, String, Setsid in every syscall_GOOS file…) must
// bring back one of its declarations first.
//
//	CODESEEK_STDLIB=1 go test ./benchmarks -run IdentifierLookup -v
func TestIdentifierLookupStdlib(t *testing.T) {
	if os.Getenv("CODESEEK_STDLIB") == "" {
		t.Skip("set CODESEEK_STDLIB=1 to index the Go standard library (about a minute)")
	}
	svc, id := stdlibIndex(t)
	funcs, declared := exportedFuncs(t, stdlib.src)
	rng := rand.New(rand.NewSource(1))
	rng.Shuffle(len(funcs), func(i, j int) { funcs[i], funcs[j] = funcs[j], funcs[i] })
	sample := funcs[:200]
	var own, unique, ownUnique, named int
	for _, f := range sample {
		resp, err := svc.Search(context.Background(), tools.SearchParams{Query: f.name, RepositoryID: id, Limit: 1})
		if err != nil {
			t.Fatal(err)
		}
		if len(resp.Results) == 0 {
			t.Logf("miss %s (%s): no result", f.name, f.path)
			continue
		}
		top := resp.Results[0]
		isOwn := top.FilePath == f.path && top.StartLine <= f.end && top.EndLine >= f.start
		isNamed := isOwn || declaresFunc(top.Content, f.name)
		if isOwn {
			own++
		}
		if isNamed {
			named++
		} else {
			t.Logf("miss %s (%s:%d): got %s:%d-%d %q", f.name, f.path, f.start, top.FilePath, top.StartLine, top.EndLine, top.Symbol)
		}
		if declared[f.name] == 1 {
			unique++
			if isOwn {
				ownUnique++
			}
		}
	}
	t.Logf("200 exported functions: a declaration of the name first %d/200 (%.1f%%); its own declaration first %d/200; names declared once: own declaration first %d/%d (%.1f%%)",
		named, float64(named)/2, own, ownUnique, unique, 100*float64(ownUnique)/float64(unique))
	if float64(named) < 0.95*200 {
		t.Errorf("a declaration of the queried name came first for %d/200, want >= 95%%", named)
	}
	if float64(ownUnique) < 0.95*float64(unique) {
		t.Errorf("unique names found their own declaration first %d/%d, want >= 95%%", ownUnique, unique)
	}
}

// searchQueries mixes words and names, as agents ask.
var searchQueries = append(append([]string{}, tokenQueries...),
	"ParseDuration", "http.Client", "ErrUnexpectedEOF", "NewReader", "json.Marshal")

// BenchmarkSearchStdlib measures in-process query latency over the Go
// standard library index, formatting included, for hybrid and vector-only
// search, and reports p50 and p95.
//
//	go test ./benchmarks -run '^$' -bench SearchStdlib -benchtime 3x
func BenchmarkSearchStdlib(b *testing.B) {
	svc, id := stdlibIndex(b)
	ctx := context.Background()
	for _, mode := range []string{tools.ModeHybrid, tools.ModeVector, tools.ModeLexical} {
		b.Run(mode, func(b *testing.B) {
			var lat []time.Duration
			for i := 0; i < b.N; i++ {
				for _, q := range searchQueries {
					start := time.Now()
					resp, err := svc.Search(ctx, tools.SearchParams{Query: q, RepositoryID: id, Limit: 10, Mode: mode, WithContext: true})
					if err != nil {
						b.Fatal(err)
					}
					if _, err := formatter.RenderSearch(resp, formatter.Options{Format: formatter.JSON, Detail: formatter.Detailed}); err != nil {
						b.Fatal(err)
					}
					lat = append(lat, time.Since(start))
				}
			}
			sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(lat[len(lat)*95/100].Microseconds())/1000, "p95-ms")
		})
	}
}

// reportQueries are bug reports about the standard library, as an agent
// pastes them: a title and a body of several lines.
var reportQueries = []string{
	"time: ParseDuration accepts a lone sign\n\nParseDuration(\"-\") returns 0 and no error, where \"\" is rejected.\n" +
		"A duration string needs at least one number and unit; the sign alone should fail with\n" +
		"the same invalid duration error as an empty string. Found while fuzzing a config parser.",
	"net/http: client keeps idle connections after the server closes them\n\nWith keep-alives on, " +
		"a server that closes an idle connection leaves the Transport holding it in the pool. The next\n" +
		"request on that connection fails with EOF instead of dialing again, and RoundTrip returns the error\n" +
		"to the caller although the request was never written. Retrying idempotent requests would hide it.",
	"encoding/json: Unmarshal into an embedded pointer struct panics\n\nA struct that embeds *Inner with an " +
		"exported field, unmarshaled from an object that sets that field, panics with a nil pointer\n" +
		"dereference when the embedded pointer is unexported. It should report an error instead, as the\n" +
		"decoder does for other fields it cannot set.",
	"archive/zip: reader accepts a file whose compressed size overflows\n\nOpening an archive whose central " +
		"directory gives a compressed size larger than the file makes Open succeed and Read fail later\n" +
		"with an unexpected EOF. The directory record should be checked against the archive's size when\n" +
		"the reader is created, so a truncated download is reported at once.",
	"bufio: Scanner stops on a token longer than the buffer without saying why\n\nScan returns false and " +
		"Err returns ErrTooLong only after the caller asks; a line longer than the maximum token size ends\n" +
		"the loop silently in most programs. The documentation should say so, and the split function's\n" +
		"buffer growth should stop at the maximum the caller set with Buffer.",
}

// BenchmarkSearchStdlibReports measures hybrid search for bug reports
// over the standard library index: a report also ranks whole files by
// BM25 (FileLexical), which CODESEEK_RANK=off=filelex leaves out.
//
//	go test ./benchmarks -run '^$' -bench SearchStdlibReports -benchtime 5x
func BenchmarkSearchStdlibReports(b *testing.B) {
	hybridLatency(b, reportQueries)
}

// descriptionQueries say what one function does, as a docstring's first
// sentence does: the queries whose merged chunks are read through their
// files' declarations (members and every name of a merge).
var descriptionQueries = []string{
	"returns the number of bytes of the unread portion of the buffer.",
	"reports whether the string s begins with prefix.",
	"closes the file, rendering it unusable for I/O.",
	"parses a formatted string and returns the time value it represents.",
	"decodes the base64 encoded string into bytes.",
	"reads until the first occurrence of delim in the input.",
	"waits for all goroutines in the group to finish.",
	"returns the directory part of the path.",
	"cancels the context and releases its resources.",
	"splits the string around each instance of the separator.",
}

// BenchmarkSearchStdlibDescriptions measures hybrid search for
// descriptions over the standard library index.
//
//	go test ./benchmarks -run '^$' -bench SearchStdlibDescriptions -benchtime 5x
func BenchmarkSearchStdlibDescriptions(b *testing.B) {
	hybridLatency(b, descriptionQueries)
}

// hybridLatency runs queries over the standard library index b.N times
// and reports their p50 and p95.
func hybridLatency(b *testing.B, queries []string) {
	svc, id := stdlibIndex(b)
	ctx := context.Background()
	var lat []time.Duration
	for i := 0; i < b.N; i++ {
		for _, q := range queries {
			start := time.Now()
			if _, err := svc.Search(ctx, tools.SearchParams{Query: q, RepositoryID: id, Limit: 10}); err != nil {
				b.Fatal(err)
			}
			lat = append(lat, time.Since(start))
		}
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*95/100].Microseconds())/1000, "p95-ms")
}

// BenchmarkServeRSS starts `codeseek serve` on the standard library index,
// makes it load the index with one search, and reports its resident memory.
//
//	go test ./benchmarks -run '^$' -bench ServeRSS -benchtime 1x
func BenchmarkServeRSS(b *testing.B) {
	_, id := stdlibIndex(b)
	bin := buildCodeseek(b)
	for i := 0; i < b.N; i++ {
		s := startServer(b, bin, stdlib.dataDir, "--root", stdlib.src) // the index lies outside the working directory
		start := time.Now()
		s.call(b, "search_code", map[string]any{"query": "parse a duration", "repository_id": id})
		firstSearch := time.Since(start)
		rss, peak := s.memoryMB()
		b.ReportMetric(rss, "rss-MB")
		b.ReportMetric(peak, "hwm-MB")
		b.ReportMetric(firstSearch.Seconds(), "load+first-search-s")
		s.close()
	}
}
