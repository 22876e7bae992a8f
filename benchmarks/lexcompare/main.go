// Command harness compares codeseek's in-house BM25 index (package store)
// with bleve (scorch, BM25, codeseek's own tokenizer) as the lexical
// channel of search, on the same corpus, queries and terms.
//
//	cd benchmarks/lexcompare && nice go run . -corpus $(go env GOROOT)/src
//
// The parent process chunks the corpus once, writes the queries, then runs
// every measurement in a fresh child process (itself, re-executed with
// -child), alternating the two sides run after run, so that load time and
// memory are measured from a clean process state. It prints a markdown
// table and writes all raw numbers as JSON.
package main

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/codeseek/codeseek/chunker"

	"github.com/codeseek/codeseek/benchmarks/lexcompare/lex"
	"github.com/codeseek/codeseek/benchmarks/lexcompare/lexbleve"
)

var (
	corpusDir  = flag.String("corpus", "", "directory whose .go files are the corpus (e.g. $(go env GOROOT)/src)")
	workDir    = flag.String("work", filepath.Join(os.TempDir(), "codeseek-lexcompare", "work"), "scratch directory for the chunk cache and both indexes")
	queryFile  = flag.String("queries", filepath.Join(os.TempDir(), "codeseek-lexcompare", "queries.txt"), "where to write the query list")
	outJSON    = flag.String("out", filepath.Join(os.TempDir(), "codeseek-lexcompare", "results.json"), "where to write the raw results")
	outMD      = flag.String("md", filepath.Join(os.TempDir(), "codeseek-lexcompare", "results_table.md"), "where to write the markdown tables")
	runs       = flag.Int("runs", 3, "repetitions of each timed measurement (medians are reported)")
	batchSize  = flag.Int("batch", 1000, "bleve batch size")
	passes     = flag.Int("passes", 3, "timed passes over the query list in each query run (after one warm-up pass)")
	nIdent     = flag.Int("idents", 200, "number of identifier queries")
	seed       = flag.Int64("seed", 1, "math/rand seed for choosing identifier queries")
	buildCost  = flag.Bool("buildcost", true, "also measure binary sizes, dependency counts and cold build times")
	codeseekD  = flag.String("codeseek", "../..", "the codeseek module (for the size of the real binary)")
	sidesFlag  = flag.String("sides", "store,bleve,bleve-novec", "sides to measure: store (in-house), bleve (bleve's default term vectors: phrase queries work), bleve-novec (no term vectors)")
	child      = flag.String("child", "", "internal: build-store, build-bleve, query-store, query-bleve")
	childIndex = flag.String("dir", "", "internal: index directory of a child")
	profileDir = flag.String("profile", "", "with -child query-*: write load.cpu.pprof (open until first answer) and load.heap.pprof (after load) to this directory")
)

// Natural-language queries, fixed.
var nlQueries = []string{
	"parse duration string",
	"retry failed http request",
	"gzip writer flush",
	"sort slice stable",
	"read file lines",
	"parse url query parameters",
	"base64 encode string",
	"json marshal indent",
	"http server graceful shutdown",
	"context with timeout cancel",
	"tls client certificate verify",
	"compare strings case insensitive",
	"format float precision",
	"mutex lock unlock",
	"open file append mode",
	"walk directory tree",
	"split string by separator",
	"sha256 hash of bytes",
	"read environment variable",
	"random number generator seed",
	"decode utf8 rune",
	"parse time layout",
	"create temp directory",
	"copy reader to writer",
	"regexp replace all",
	"execute command and capture output",
	"tcp listener accept connection",
	"buffered channel worker pool",
	"unmarshal xml attributes",
	"gc heap profile",
	"atomic compare and swap",
	"cookie jar set cookies",
}

func main() {
	flag.Parse()
	if *child != "" {
		if err := runChild(); err != nil {
			fmt.Fprintln(os.Stderr, "child:", err)
			os.Exit(1)
		}
		return
	}
	if *corpusDir == "" {
		fmt.Fprintln(os.Stderr, "usage: harness -corpus DIR [flags]")
		os.Exit(2)
	}
	if err := runParent(); err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(1)
	}
}

// ---------------------------------------------------------------- parent

// Results is everything one harness run measured, as written to the JSON file.
type Results struct {
	Started    string
	LoadBefore string // /proc/loadavg at start
	LoadAfter  string
	Uptime     []string // `uptime` at the start of each phase
	GoVersion  string
	GOMAXPROCS int
	NumCPU     int
	Bleve      string
	Scoring    string
	BatchSize  int
	Runs       int

	Corpus CorpusInfo
	Build  map[string][]BuildOut // by side
	Query  map[string][]QueryOut
	Sanity map[string]Sanity
	Agree  map[string]Agreement // store vs each bleve side
	Cost   *BuildCost           `json:",omitempty"`
}

// CorpusInfo describes the chunked corpus both sides index.
type CorpusInfo struct {
	Dir          string
	Files        int
	Unreadable   int
	Bytes        int64
	Chunks       int
	ChunkSeconds float64
	TermsChecked int     // docs whose bleve tokens were checked equal to store.LexTerms
	AvgTerms     float64 // mean number of terms of a doc (content + path + symbol): BM25's avgdl
	Idents       int
	NLQueries    int
	Candidates   int // exported top-level function names to choose from
}

var sides []string

// sideNames are the column titles of the report.
var sideNames = map[string]string{"store": "in-house store", "bleve": "bleve", "bleve-novec": "bleve, no term vectors"}

// identCount is the number of identifier queries at the head of the query
// file, passed to query children.
var identCount int

func runParent() error {
	res := &Results{
		Started: time.Now().Format(time.RFC3339), LoadBefore: loadavg(),
		GoVersion: runtime.Version(), GOMAXPROCS: runtime.GOMAXPROCS(0), NumCPU: runtime.NumCPU(),
		Bleve: moduleVersion("github.com/blevesearch/bleve/v2"), Scoring: lexbleve.ScoringModel,
		BatchSize: *batchSize, Runs: *runs,
		Build: map[string][]BuildOut{}, Query: map[string][]QueryOut{}, Sanity: map[string]Sanity{},
		Agree: map[string]Agreement{},
	}
	sides = strings.Split(*sidesFlag, ",")
	if sides[0] != "store" {
		return fmt.Errorf("-sides must start with store (the baseline)")
	}
	res.Uptime = append(res.Uptime, "start: "+uptime())
	if err := os.MkdirAll(*workDir, 0o755); err != nil {
		return err
	}
	abs, _ := filepath.Abs(*corpusDir)
	res.Corpus.Dir = abs

	// Corpus.
	logf("chunking %s", abs)
	docs, err := loadCorpus(abs, &res.Corpus)
	if err != nil {
		return err
	}
	logf("%d files, %d chunks in %.1fs", res.Corpus.Files, len(docs), res.Corpus.ChunkSeconds)
	res.Corpus.TermsChecked, res.Corpus.AvgTerms, err = checkTokenizer(docs)
	if err != nil {
		return err
	}
	cache := filepath.Join(*workDir, "chunks.gob")
	if err := writeGob(cache, docs); err != nil {
		return err
	}

	// Queries.
	idents, cands, err := identQueries(abs, *nIdent, *seed)
	if err != nil {
		return err
	}
	res.Corpus.Idents, res.Corpus.Candidates, res.Corpus.NLQueries = len(idents), cands, len(nlQueries)
	identCount = len(idents)
	queries := append(slices.Clone(idents), nlQueries...)
	if err := os.WriteFile(*queryFile, []byte(strings.Join(queries, "\n")+"\n"), 0o644); err != nil {
		return err
	}
	logf("%d queries written to %s", len(queries), *queryFile)

	// Build: alternate the order run after run.
	res.Uptime = append(res.Uptime, "build: "+uptime())
	dirs := map[string]string{}
	for _, side := range sides {
		dirs[side] = filepath.Join(*workDir, side)
	}
	for r := 0; r < *runs; r++ {
		for _, side := range order(r) {
			if err := os.RemoveAll(dirs[side]); err != nil {
				return err
			}
			var out BuildOut
			if err := spawn(&out, "build-"+side, dirs[side], cache); err != nil {
				return err
			}
			logf("build %s run %d: %.2fs, %s on disk", side, r, out.Seconds, mb(out.DiskBytes))
			res.Build[side] = append(res.Build[side], out)
		}
	}

	// Load and query: alternate as well.
	res.Uptime = append(res.Uptime, "query: "+uptime())
	for r := 0; r < *runs; r++ {
		for _, side := range order(r) {
			var out QueryOut
			if err := spawn(&out, "query-"+side, dirs[side], *queryFile); err != nil {
				return err
			}
			logf("query %s run %d: load %.0fms, p50 %.0fµs p95 %.0fµs, heap %s rss %s", side, r,
				out.LoadSeconds*1e3, pct(out.LatMicros, 50), pct(out.LatMicros, 95), mb(int64(out.HeapInuse)), mb(out.VmRSS))
			if r > 0 && !slices.EqualFunc(out.Top, res.Query[side][0].Top, slices.Equal) {
				logf("warning: %s results differ between runs", side)
			}
			res.Query[side] = append(res.Query[side], out)
		}
	}
	for _, side := range sides {
		res.Sanity[side] = sanity(docs, idents, res.Query[side][0].Top)
	}
	for _, side := range sides[1:] {
		res.Agree[side] = agreement(res.Query["store"][0].Top, res.Query[side][0].Top, len(idents))
	}

	if *buildCost {
		res.Uptime = append(res.Uptime, "buildcost: "+uptime())
		c, err := measureBuildCost(*runs)
		if err != nil {
			return err
		}
		res.Cost = c
	}
	res.Uptime = append(res.Uptime, "end: "+uptime())
	res.LoadAfter = loadavg()

	js, _ := json.MarshalIndent(res, "", "  ")
	if err := os.WriteFile(*outJSON, js, 0o644); err != nil {
		return err
	}
	md := markdown(res)
	if err := os.WriteFile(*outMD, []byte(md), 0o644); err != nil {
		return err
	}
	fmt.Print(md)
	return nil
}

// order is the order of the sides in run number run: rotated, so that no
// side always goes first.
func order(run int) []string {
	k := run % len(sides)
	return append(slices.Clone(sides[k:]), sides[:k]...)
}

// spawn runs this program as a child in mode with dir and arg, and decodes
// its JSON output into out.
func spawn(out any, mode, dir, arg string) error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	cmd := exec.Command(exe, "-child", mode, "-dir", dir, "-batch", strconv.Itoa(*batchSize),
		"-passes", strconv.Itoa(*passes), "-idents", strconv.Itoa(identCount), arg)
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("%s: %w", mode, err)
	}
	return json.Unmarshal(b, out)
}

// loadCorpus chunks every .go file under dir with codeseek's chunker.
func loadCorpus(dir string, info *CorpusInfo) ([]lex.Doc, error) {
	start := time.Now()
	var docs []lex.Doc
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			info.Unreadable++
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || !d.Type().IsRegular() {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			info.Unreadable++
			return nil
		}
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		info.Files++
		info.Bytes += int64(len(src))
		for _, c := range chunker.Split(rel, src, chunker.Options{}) {
			docs = append(docs, lex.Doc{
				ID:       lex.ChunkID(rel, c.StartLine, c.EndLine, c.Content),
				FilePath: rel, Symbol: c.Symbol, StartLine: c.StartLine, EndLine: c.EndLine, Content: c.Content,
			})
		}
		return nil
	})
	info.Chunks = len(docs)
	info.ChunkSeconds = time.Since(start).Seconds()
	seen := make(map[string]bool, len(docs))
	for _, d := range docs {
		if seen[d.ID] {
			return nil, fmt.Errorf("duplicate chunk ID %s (%s:%d)", d.ID, d.FilePath, d.StartLine)
		}
		seen[d.ID] = true
	}
	return docs, err
}

// checkTokenizer verifies that the bleve tokenizer emits exactly
// store.LexTerms' terms for every field of every doc.
func checkTokenizer(docs []lex.Doc) (int, float64, error) {
	var want, got []string
	total := 0
	for _, d := range docs {
		for _, text := range []string{d.Content, d.FilePath, d.Symbol} {
			want, got = want[:0], got[:0]
			lex.Terms(text, func(t []byte) { want = append(want, string(t)) })
			for _, tok := range (lexbleve.Tokenizer{}).Tokenize([]byte(text)) {
				got = append(got, string(tok.Term))
			}
			if !slices.Equal(want, got) {
				return 0, 0, fmt.Errorf("tokenizer differs from store.LexTerms on %s:%d", d.FilePath, d.StartLine)
			}
			total += len(want)
		}
	}
	return len(docs), float64(total) / float64(max(1, len(docs))), nil
}

// identQueries returns n exported top-level function names (no methods) of
// the non-test, non-testdata, non-vendor files under dir, chosen with a
// fixed seed from the sorted list of distinct names, and the list's size.
func identQueries(dir string, n int, seed int64) ([]string, int, error) {
	names := map[string]bool{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if d.Name() == "testdata" || d.Name() == "vendor" {
				return fs.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil
		}
		for _, decl := range f.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.IsExported() {
				names[fd.Name.Name] = true
			}
		}
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	all := make([]string, 0, len(names))
	for name := range names {
		all = append(all, name)
	}
	sort.Strings(all)
	rng := rand.New(rand.NewSource(seed))
	perm := rng.Perm(len(all))
	out := make([]string, 0, n)
	for _, i := range perm[:min(n, len(perm))] {
		out = append(out, all[i])
	}
	return out, len(all), nil
}

// Sanity counts how often a side ranks the declaring chunk of an identifier
// query first or in the top 10, to show the setups are comparable.
type Sanity struct {
	Names            int
	Declared         int // names with at least one chunk whose Symbol equals the name
	DeclaredAny      int // names with at least one chunk whose symbol list contains the name
	Top1, Top10      int // Symbol == name
	Top1Decl, Top10D int // the chunk's symbol list ("A, B") contains the name
}

func sanity(docs []lex.Doc, idents []string, top [][]string) Sanity {
	sym := make(map[string]string, len(docs))
	declared, declaredAny := map[string]bool{}, map[string]bool{}
	for _, d := range docs {
		sym[d.ID] = d.Symbol
		declared[d.Symbol] = true
		for _, s := range strings.Split(d.Symbol, ",") {
			declaredAny[strings.TrimSpace(s)] = true
		}
	}
	declares := func(symbol, name string) bool {
		for _, s := range strings.Split(symbol, ",") {
			if strings.TrimSpace(s) == name {
				return true
			}
		}
		return false
	}
	s := Sanity{Names: len(idents)}
	for qi, name := range idents {
		s.Declared += b2i(declared[name])
		s.DeclaredAny += b2i(declaredAny[name])
		hit1, hit10, hit1d, hit10d := false, false, false, false
		for rank, id := range top[qi] {
			if sym[id] == name {
				hit10 = true
				hit1 = hit1 || rank == 0
			}
			if declares(sym[id], name) {
				hit10d = true
				hit1d = hit1d || rank == 0
			}
		}
		s.Top1 += b2i(hit1)
		s.Top10 += b2i(hit10)
		s.Top1Decl += b2i(hit1d)
		s.Top10D += b2i(hit10d)
	}
	return s
}

// Agreement compares the top hits of two sides query by query.
type Agreement struct {
	Top1Ident, Top1NL           float64 // fraction of queries whose first hit is the same chunk
	Overlap10Ident, Overlap10NL float64 // mean |A∩B|/10 of the top-10 sets
}

func agreement(a, b [][]string, nIdent int) Agreement {
	var g Agreement
	var nI, nN float64
	for q := range a {
		same1 := len(a[q]) > 0 && len(b[q]) > 0 && a[q][0] == b[q][0]
		inter := 0
		for _, id := range a[q] {
			if slices.Contains(b[q], id) {
				inter++
			}
		}
		ov := float64(inter) / 10
		if q < nIdent {
			nI++
			g.Top1Ident += float64(b2i(same1))
			g.Overlap10Ident += ov
		} else {
			nN++
			g.Top1NL += float64(b2i(same1))
			g.Overlap10NL += ov
		}
	}
	g.Top1Ident /= nI
	g.Overlap10Ident /= nI
	g.Top1NL /= nN
	g.Overlap10NL /= nN
	return g
}

// ---------------------------------------------------------------- children

// BuildOut is what one build child reports.
type BuildOut struct {
	Seconds   float64 // build + persist
	DiskBytes int64
	DiskFiles int
	Segments  int // bleve: *.zap files
	PeakRSS   int64
	HeapAfter uint64 // HeapInuse after build, after GC, index still referenced
	PeakReset bool   // whether VmHWM could be reset after loading the input
}

// QueryOut is what one query child reports.
type QueryOut struct {
	LoadSeconds  float64 // open + load + first query answered
	FirstQuery   float64 // the first query alone
	LatMicros    []float64
	IdentMicros  []float64
	NLMicros     []float64
	HeapInuse    uint64 // after GC, index loaded and queried
	HeapSys      uint64
	VmRSS        int64
	VmHWM        int64
	RssAnon      int64 // VmRSS = RssAnon + RssFile (mmapped index files, binary) + RssShmem
	RssFile      int64
	Top          [][]string // top-10 IDs per query (last pass)
	NumQueries   int
	TimedQueries int
}

func runChild() error {
	side := (*child)[strings.IndexByte(*child, '-')+1:]
	switch {
	case strings.HasPrefix(*child, "build-"):
		var docs []lex.Doc
		if err := readGob(flag.Arg(0), &docs); err != nil {
			return err
		}
		runtime.GC()
		debug.FreeOSMemory()
		reset := resetPeak()
		start := time.Now()
		var keep any
		switch side {
		case "store":
			s, err := lex.BuildStore(*childIndex, docs)
			if err != nil {
				return err
			}
			keep = s
		case "bleve", "bleve-novec":
			if err := lexbleve.Build(*childIndex, docs, *batchSize, side == "bleve"); err != nil {
				return err
			}
		default:
			return fmt.Errorf("unknown side %q", side)
		}
		out := BuildOut{Seconds: time.Since(start).Seconds(), PeakReset: reset}
		out.PeakRSS = procStatus("VmHWM")
		docs = nil
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		out.HeapAfter = ms.HeapInuse
		runtime.KeepAlive(keep)
		out.DiskBytes, out.DiskFiles, out.Segments = dirSize(*childIndex)
		return json.NewEncoder(os.Stdout).Encode(out)

	case strings.HasPrefix(*child, "query-"):
		b, err := os.ReadFile(flag.Arg(0))
		if err != nil {
			return err
		}
		queries := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
		nIdent := *nIdent
		runtime.GC()
		debug.FreeOSMemory()
		resetPeak()
		var stopProfile func()
		if *profileDir != "" {
			stopProfile, err = startCPUProfile(filepath.Join(*profileDir, side+".load.cpu.pprof"))
			if err != nil {
				return err
			}
		}
		start := time.Now()
		var s lex.Searcher
		switch side {
		case "store":
			s, err = lex.OpenStore(*childIndex)
		case "bleve", "bleve-novec":
			s, err = lexbleve.Open(*childIndex)
		default:
			err = fmt.Errorf("unknown side %q", side)
		}
		if err != nil {
			return err
		}
		q0 := time.Now()
		if _, err := s.Search(queries[0], 10); err != nil {
			return err
		}
		out := QueryOut{LoadSeconds: time.Since(start).Seconds(), FirstQuery: time.Since(q0).Seconds(), NumQueries: len(queries)}
		if stopProfile != nil {
			stopProfile()
			if err := writeHeapProfile(filepath.Join(*profileDir, side+".load.heap.pprof")); err != nil {
				return err
			}
		}
		out.Top = make([][]string, len(queries))
		for pass := 0; pass <= *passes; pass++ { // pass 0 warms up
			for qi, q := range queries {
				t := time.Now()
				ids, err := s.Search(q, 10)
				if err != nil {
					return err
				}
				us := float64(time.Since(t).Nanoseconds()) / 1e3
				if pass == 0 {
					continue
				}
				out.LatMicros = append(out.LatMicros, us)
				if qi < nIdent {
					out.IdentMicros = append(out.IdentMicros, us)
				} else {
					out.NLMicros = append(out.NLMicros, us)
				}
				out.Top[qi] = ids
			}
		}
		out.TimedQueries = len(out.LatMicros)
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		out.HeapInuse, out.HeapSys = ms.HeapInuse, ms.HeapSys
		out.VmRSS, out.VmHWM = procStatus("VmRSS"), procStatus("VmHWM")
		out.RssAnon, out.RssFile = procStatus("RssAnon"), procStatus("RssFile")
		runtime.KeepAlive(s)
		if err := s.Close(); err != nil {
			return err
		}
		return json.NewEncoder(os.Stdout).Encode(out)
	}
	return fmt.Errorf("unknown child mode %q", *child)
}

// ---------------------------------------------------------------- build cost

// BuildCost is the binary-size and build-time comparison.
type BuildCost struct {
	DepsStore, DepsBleve   int   // go list -deps | wc -l
	SizeStore, SizeBleve   int64 // default build
	SizeStoreS, SizeBleveS int64 // -trimpath -ldflags=-s -w
	SizeCodeseek           int64
	SizeCodeseekS          int64
	ColdStore, ColdBleve   []float64 // seconds, empty GOCACHE each time
	Commands               []string
}

func measureBuildCost(runs int) (*BuildCost, error) {
	c := &BuildCost{}
	tmp, err := os.MkdirTemp("", "bleve-bench-bin")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	run := func(dir string, env []string, args ...string) (string, error) {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), env...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return "", fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
		}
		c.Commands = append(c.Commands, strings.TrimSpace(strings.Join(env, " ")+" go "+strings.Join(args, " "))+"   # in "+dir)
		return string(out), nil
	}
	size := func(p string) int64 {
		fi, err := os.Stat(p)
		if err != nil {
			return -1
		}
		return fi.Size()
	}
	here, _ := os.Getwd()
	for _, p := range []struct {
		pkg  string
		deps *int
	}{{"./cmd/tinystore", &c.DepsStore}, {"./cmd/tinybleve", &c.DepsBleve}} {
		out, err := run(here, nil, "list", "-deps", p.pkg)
		if err != nil {
			return nil, err
		}
		*p.deps = strings.Count(out, "\n")
	}
	for _, b := range []struct {
		pkg   string
		dst   *int64
		flags []string
	}{
		{"./cmd/tinystore", &c.SizeStore, nil},
		{"./cmd/tinybleve", &c.SizeBleve, nil},
		{"./cmd/tinystore", &c.SizeStoreS, []string{"-trimpath", "-ldflags=-s -w"}},
		{"./cmd/tinybleve", &c.SizeBleveS, []string{"-trimpath", "-ldflags=-s -w"}},
	} {
		bin := filepath.Join(tmp, "bin")
		args := append([]string{"build", "-o", bin}, b.flags...)
		if _, err := run(here, nil, append(args, b.pkg)...); err != nil {
			return nil, err
		}
		*b.dst = size(bin)
	}
	if cs, err := filepath.Abs(*codeseekD); err == nil {
		bin := filepath.Join(tmp, "cs")
		if _, err := run(cs, nil, "build", "-o", bin, "./cmd/codeseek"); err != nil {
			return nil, err
		}
		c.SizeCodeseek = size(bin)
		if _, err := run(cs, nil, "build", "-o", bin, "-trimpath", "-ldflags=-s -w", "./cmd/codeseek"); err != nil {
			return nil, err
		}
		c.SizeCodeseekS = size(bin)
	}
	for r := 0; r < runs; r++ {
		pkgs := []string{"./cmd/tinystore", "./cmd/tinybleve"}
		if r%2 == 1 {
			pkgs = []string{"./cmd/tinybleve", "./cmd/tinystore"}
		}
		for _, pkg := range pkgs {
			cache, err := os.MkdirTemp("", "gocache")
			if err != nil {
				return nil, err
			}
			start := time.Now()
			_, err = run(here, []string{"GOCACHE=" + cache}, "build", "-o", filepath.Join(tmp, "cold"), pkg)
			secs := time.Since(start).Seconds()
			os.RemoveAll(cache)
			if err != nil {
				return nil, err
			}
			logf("cold build %s: %.1fs", pkg, secs)
			if pkg == "./cmd/tinystore" {
				c.ColdStore = append(c.ColdStore, secs)
			} else {
				c.ColdBleve = append(c.ColdBleve, secs)
			}
		}
	}
	return c, nil
}

// ---------------------------------------------------------------- report

func markdown(r *Results) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("Corpus: %d .go files (%s) under %s → %d chunks (chunking took %.1fs, not part of any timing); %d queries (%d identifiers of %d candidates, %d natural-language); tokenizer check: bleve tokens == store.LexTerms on all %d chunks; a chunk has %.0f terms on average (content + path + symbol).\n\n",
		r.Corpus.Files, mb(r.Corpus.Bytes), r.Corpus.Dir, r.Corpus.Chunks, r.Corpus.ChunkSeconds,
		r.Corpus.Idents+r.Corpus.NLQueries, r.Corpus.Idents, r.Corpus.Candidates, r.Corpus.NLQueries, r.Corpus.TermsChecked, r.Corpus.AvgTerms)
	w("%s, GOMAXPROCS %d, bleve %s (scorch, scoring model %q, batch %d), %d runs per timing: median [min–max] over runs.\n\n",
		r.GoVersion, r.GOMAXPROCS, r.Bleve, r.Scoring, r.BatchSize, r.Runs)

	w("| measure |")
	for _, side := range sides {
		w(" %s |", sideNames[side])
	}
	for _, side := range sides[1:] {
		w(" %s / store |", sideNames[side])
	}
	w("\n|---|")
	for range len(sides)*2 - 1 {
		w("---:|")
	}
	w("\n")
	// row prints one measure per side (median [min-max] over runs) and the
	// ratios of the medians.
	row := func(name string, dec int, f func(side string) []float64) {
		w("| %s |", name)
		for _, side := range sides {
			w(" %s |", fmtRange(f(side), "", dec))
		}
		for _, side := range sides[1:] {
			w(" %.2f× |", median(f(side))/median(f("store")))
		}
		w("\n")
	}
	bf := func(g func(BuildOut) float64) func(string) []float64 {
		return func(side string) []float64 { return mapf(r.Build[side], g) }
	}
	qf := func(g func(QueryOut) float64) func(string) []float64 {
		return func(side string) []float64 { return mapf(r.Query[side], g) }
	}
	lat := func(p float64, sel func(QueryOut) []float64) func(string) []float64 {
		return qf(func(x QueryOut) float64 { return pct(sel(x), p) })
	}
	all := func(x QueryOut) []float64 { return x.LatMicros }
	id := func(x QueryOut) []float64 { return x.IdentMicros }
	nl := func(x QueryOut) []float64 { return x.NLMicros }
	last := func(side string) BuildOut { o := r.Build[side]; return o[len(o)-1] }

	row("1. build + persist (s)", 2, bf(func(x BuildOut) float64 { return x.Seconds }))
	row("1. on-disk size (MB)", 1, bf(func(x BuildOut) float64 { return float64(x.DiskBytes) / 1e6 }))
	w("| 1. files on disk |")
	for _, side := range sides {
		if o := last(side); o.Segments > 0 {
			w(" %d (%d zap segments) |", o.DiskFiles, o.Segments)
		} else {
			w(" %d |", o.DiskFiles)
		}
	}
	w("%s\n", strings.Repeat(" |", len(sides)-1))
	row("1. peak RSS while building (MB)", 0, bf(func(x BuildOut) float64 { return float64(x.PeakRSS) / 1e6 }))
	row("2. open/load until first answer (ms)", 1, qf(func(x QueryOut) float64 { return x.LoadSeconds * 1e3 }))
	row("3. query p50, all queries (µs)", 0, lat(50, all))
	row("3. query p95, all queries (µs)", 0, lat(95, all))
	row("3. query p50, identifier queries (µs)", 0, lat(50, id))
	row("3. query p95, identifier queries (µs)", 0, lat(95, id))
	row("3. query p50, natural-language queries (µs)", 0, lat(50, nl))
	row("3. query p95, natural-language queries (µs)", 0, lat(95, nl))
	row("4. HeapInuse after load + queries, after GC (MB)", 1, qf(func(x QueryOut) float64 { return float64(x.HeapInuse) / 1e6 }))
	row("4. VmRSS after load + queries (MB)", 1, qf(func(x QueryOut) float64 { return float64(x.VmRSS) / 1e6 }))
	row("4. …of which RssFile: mapped files (index segments, binary) (MB)", 1, qf(func(x QueryOut) float64 { return float64(x.RssFile) / 1e6 }))
	row("4. VmHWM, peak RSS of the load + query process (MB)", 1, qf(func(x QueryOut) float64 { return float64(x.VmHWM) / 1e6 }))
	frac := func(n, d int) string { return fmt.Sprintf("%d/%d (%.0f%%)", n, d, 100*float64(n)/float64(d)) }
	srow := func(name string, f func(Sanity) string) {
		w("| %s |", name)
		for _, side := range sides {
			w(" %s |", f(r.Sanity[side]))
		}
		w("%s\n", strings.Repeat(" |", len(sides)-1))
	}
	srow("5. identifier queries: a chunk with Symbol == name in top 1", func(s Sanity) string { return frac(s.Top1, s.Names) })
	srow("5. identifier queries: a chunk with Symbol == name in top 10", func(s Sanity) string { return frac(s.Top10, s.Names) })
	srow("5. …counting merged chunks (Symbol \"A, B, Name\"): top 1", func(s Sanity) string { return frac(s.Top1Decl, s.Names) })
	srow("5. …counting merged chunks: top 10", func(s Sanity) string { return frac(s.Top10D, s.Names) })
	ss := r.Sanity["store"]
	w("\nOf the %d names, %d have a chunk whose Symbol is exactly the name and %d a chunk that declares it (the chunker merges small neighbouring declarations into one chunk, Symbol \"A, B, C\").",
		ss.Names, ss.Declared, ss.DeclaredAny)
	for _, side := range sides[1:] {
		a := r.Agree[side]
		w(" Store vs %s: same top-1 chunk for %.0f%% of identifier and %.0f%% of natural-language queries; mean top-10 overlap %.0f%% and %.0f%%.",
			sideNames[side], 100*a.Top1Ident, 100*a.Top1NL, 100*a.Overlap10Ident, 100*a.Overlap10NL)
	}
	w("\n")
	if c := r.Cost; c != nil {
		w("\n| 6./7. binary and build | store only (cmd/tinystore) | store + bleve (cmd/tinybleve) | delta |\n|---|---:|---:|---:|\n")
		w("| binary size, `go build` | %s | %s | +%s (+%.0f%%) |\n", mb(c.SizeStore), mb(c.SizeBleve), mb(c.SizeBleve-c.SizeStore), 100*float64(c.SizeBleve-c.SizeStore)/float64(c.SizeStore))
		w("| binary size, `go build -trimpath -ldflags=\"-s -w\"` | %s | %s | +%s (+%.0f%%) |\n", mb(c.SizeStoreS), mb(c.SizeBleveS), mb(c.SizeBleveS-c.SizeStoreS), 100*float64(c.SizeBleveS-c.SizeStoreS)/float64(c.SizeStoreS))
		w("| packages, `go list -deps \\| wc -l` (incl. std) | %d | %d | +%d |\n", c.DepsStore, c.DepsBleve, c.DepsBleve-c.DepsStore)
		w("| cold build, empty GOCACHE (s) | %s | %s | +%.1f |\n", fmtRange(c.ColdStore, "", 1), fmtRange(c.ColdBleve, "", 1), median(c.ColdBleve)-median(c.ColdStore))
		w("\nFor context, the real codeseek binary (`go build -o /tmp/cs ./cmd/codeseek`): %s; with `-trimpath -ldflags=\"-s -w\"`: %s.\n", mb(c.SizeCodeseek), mb(c.SizeCodeseekS))
	}
	w("\nMachine load (`uptime`) at the start of each phase:\n\n")
	for _, u := range r.Uptime {
		w("    %s\n", u)
	}
	return b.String()
}

// ---------------------------------------------------------------- helpers

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, time.Now().Format("15:04:05 ")+format+"\n", args...)
}

func mb(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func mapf[T any](xs []T, f func(T) float64) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}

func median(xs []float64) float64 { return pct(xs, 50) }

// pct is the p-th percentile (nearest rank on the sorted samples; the
// median of an even count is the mean of the middle two).
func pct(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	sort.Float64s(s)
	if p == 50 && len(s)%2 == 0 {
		return (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	i := int(math.Ceil(p/100*float64(len(s)))) - 1
	return s[max(0, min(i, len(s)-1))]
}

func fmtRange(xs []float64, unit string, dec int) string {
	lo, hi := slices.Min(xs), slices.Max(xs)
	return fmt.Sprintf("%.*f%s [%.*f–%.*f]", dec, median(xs), unit, dec, lo, dec, hi)
}

func dirSize(dir string) (bytes int64, files, segments int) {
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if fi, err := d.Info(); err == nil {
			bytes += fi.Size()
			files++
			if strings.HasSuffix(path, ".zap") {
				segments++
			}
		}
		return nil
	})
	return
}

// procStatus reads a kB field of /proc/self/status, in bytes.
func procStatus(field string) int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return -1
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			f := strings.Fields(rest)
			if len(f) > 0 {
				n, _ := strconv.ParseInt(f[0], 10, 64)
				return n * 1024
			}
		}
	}
	return -1
}

// resetPeak resets VmHWM to the current RSS (Linux >= 4.0).
func resetPeak() bool {
	return os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) == nil
}

func startCPUProfile(path string) (func(), error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

func writeHeapProfile(path string) error {
	runtime.GC()
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return pprof.Lookup("heap").WriteTo(f, 0)
}

func loadavg() string {
	b, _ := os.ReadFile("/proc/loadavg")
	return strings.TrimSpace(string(b))
}

func uptime() string {
	out, err := exec.Command("uptime").Output()
	if err != nil {
		return "load average: " + loadavg()
	}
	return strings.TrimSpace(string(out))
}

func moduleVersion(path string) string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, m := range bi.Deps {
			if m.Path == path {
				return m.Version
			}
		}
	}
	return "?"
}

func writeGob(path string, v any) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := gob.NewEncoder(f).Encode(v); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func readGob(path string, v any) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return gob.NewDecoder(f).Decode(v)
}
