package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// The C and C++ oracle is clangd: its background index of the corpus
// (every unit compiled as the compilation database says) answers
// references and definitions as an editor's "find references" does.

// clangdLang is what the clangd truth of one language needs.
type clangdLang struct {
	cmd      string // the command, "c-truth"; its truth is CACHE/CMD.json
	language string // Truth.Language and the document language: "c", "cpp"
	corpus   string // ctags-truth's corpus of the language: "C", "C++"
	ctags    string // ctags --languages
	kinds    []string
	shares   map[string]float64
	// kindOf is a tag's kind in the sample, "" for a tag not sampled.
	kindOf func(t ctagsTag) string
	// units lists the corpus's files and writes the compilation database
	// of its translation units into dbDir; it returns the files and how
	// many units there are.
	units func(root, dbDir string) (files []string, units int, err error)
}

var clangdC = clangdLang{cmd: "c-truth", language: "c", corpus: "C", ctags: "C",
	kinds: []string{"function", "struct"}, shares: map[string]float64{"function": 0.7, "struct": 0.3},
	kindOf: func(t ctagsTag) string {
		if t.Kind == "function" || t.Kind == "struct" {
			return t.Kind
		}
		return ""
	},
	units: cUnits,
}

var clangdCPP = clangdLang{cmd: "cpp-truth", language: "cpp", corpus: "C++", ctags: "C++",
	kinds: helperKinds, shares: helperShares,
	kindOf: func(t ctagsTag) string {
		switch {
		case t.Kind == "function" && (t.ScopeKind == "class" || t.ScopeKind == "struct"):
			return "method"
		case t.Kind == "function":
			return "function"
		case t.Kind == "class" || t.Kind == "struct":
			return "class"
		}
		return ""
	},
	units: cppHeaderUnits,
}

func runCTruth(args []string, stdout io.Writer) error { return runClangdTruth(clangdC, args, stdout) }
func runCPPTruth(args []string, stdout io.Writer) error {
	return runClangdTruth(clangdCPP, args, stdout)
}

func runClangdTruth(cl clangdLang, args []string, stdout io.Writer) error {
	fs := newFlags(cl.cmd)
	f := addHelperTruthFlags(fs, "clangd")
	clangd := fs.String("clangd", "clangd", "clangd binary (Debian: apt-get install -y clangd)")
	mirrors := fs.String("mirror-root", envOr("CODESEEK_MIRRORS", "/work/.mirror"), "where the search tool's fetch puts bare snapshots (OWNER+NAME/repo)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	start := time.Now()
	if _, err := lookTool(*clangd); err != nil {
		return fmt.Errorf("%w (install: %s)", err, installHints["clangd"])
	}
	spec, ok := corpusOf(cl.corpus)
	if !ok {
		return fmt.Errorf("no %s corpus among ctags-truth's", cl.corpus)
	}
	root, source, err := prepareCorpus(spec, *f.cache, *mirrors, "")
	if err != nil {
		return err
	}
	dbDir := filepath.Join(*f.cache, "clangd-"+cl.language)
	files, units, err := cl.units(root, dbDir)
	if err != nil {
		return err
	}
	ctags, err := lookTool("ctags")
	if err != nil {
		return err
	}
	tags, err := runCtags(ctags, root, cl.ctags)
	if err != nil {
		return err
	}
	var ex exclusions
	pools := map[string][]cDecl{}
	byName := map[string]int{}
	for _, t := range tags {
		kind := cl.kindOf(t)
		if kind == "" {
			continue
		}
		if strings.HasPrefix(t.Name, "__anon") {
			ex.add("anonymous struct", t.Path+":"+fmt.Sprint(t.Line))
			continue
		}
		if kind == "method" && (t.Name == t.Scope[strings.LastIndex(t.Scope, ":")+1:] || strings.HasPrefix(t.Name, "~") || strings.HasPrefix(t.Name, "operator")) {
			// clangd answers a constructor's references with its class's
			// uses; destructors and operators are rarely named.
			ex.add("constructor, destructor or operator", t.Path+":"+t.Scope+"::"+t.Name)
			continue
		}
		col := nameColumn(strings.TrimSuffix(strings.TrimPrefix(t.Pattern, "/^"), "$/"), t.Name)
		if col == 0 {
			ex.add("name not on its tag's line", t.Path+":"+t.Name)
			continue
		}
		d := cDecl{t, kind, col}
		pools[kind] = append(pools[kind], d)
		byName[d.qualified()]++
	}
	sizes := map[string]int{}
	for k, v := range pools {
		sizes[k] = len(v)
	}
	got := sampleKinds(pools, cl.kinds, cl.shares, *f.n, *f.seed)
	var sample []cDecl
	for _, k := range cl.kinds {
		sample = append(sample, got[k]...)
	}

	c, err := startLSP(root, *f.timeout, *clangd, "--compile-commands-dir="+dbDir, "--background-index", "-j=2", "--log=error")
	if err != nil {
		return err
	}
	defer c.shutdown()
	c.languageID = cl.language
	// clangd reads the compilation database, and starts indexing it, when
	// a file of it is opened.
	if err := c.didOpen(filepath.Join(root, filepath.FromSlash(files[0]))); err != nil {
		return err
	}
	if err := waitForIndex(filepath.Join(dbDir, ".cache", "clangd", "index"), units, 20*time.Minute); err != nil {
		return err
	}
	out, _ := runCmd(time.Minute, "", *clangd, "--version")
	oracle := strings.TrimSpace(strings.SplitN(string(out), "\n", 2)[0])
	logf("%s: %s, corpus %s (%s): %d files, %d units, declarations %v, sample %d", cl.cmd, oracle, root, source, len(files), units, sizes, len(sample))

	syms := make([]TruthSymbol, len(sample))
	for i, d := range sample {
		q := d.qualified()
		syms[i] = TruthSymbol{ID: i + 1, Kind: d.kind, Name: d.Name, Container: d.container(), Package: filepath.ToSlash(filepath.Dir(d.Path)),
			Qualified: q, Loc: Loc{d.Path, d.Line, d.col}, EndLine: max(d.End, d.Line), Ambiguous: byName[q]}
	}
	var lat []float64
	meta := truthMeta{Seed: *f.seed, N: *f.n, DefSites: *f.defSites, Oracle: oracle, Corpus: root}
	if err := askTruth(*f.cache, cl.cmd, meta, *f.fresh, syms, func(s *TruthSymbol) error {
		return cFill(c, root, s, *f.seed, *f.defSites, *f.timeout, &lat)
	}); err != nil {
		return err
	}
	truth := &Truth{Oracle: oracle, Language: cl.language, Root: root, Seed: *f.seed, Requested: *f.n,
		Created: time.Now().UTC().Format(time.RFC3339), VisibleFiles: files, Candidates: sizes,
		Exclusions: ex.list(), Symbols: syms}
	return finishTruth(*f.cache, cl.cmd, truth, start, lat, stdout)
}

// cDecl is a sampled declaration: a ctags tag, its kind in the sample and
// its name's column.
type cDecl struct {
	ctagsTag
	kind string
	col  int
}

// container is the class a method is declared in (the last name of its
// ctags scope), "" for the rest.
func (d cDecl) container() string {
	if d.kind != "method" {
		return ""
	}
	return d.Scope[strings.LastIndex(d.Scope, ":")+1:]
}

// qualified is the name a user asks for: Class.method, or the bare name.
func (d cDecl) qualified() string {
	if c := d.container(); c != "" {
		return c + "." + d.Name
	}
	return d.Name
}

// corpusFiles lists the files under root with one of the extensions,
// relative and '/'-separated, sorted.
func corpusFiles(root string, exts ...string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		for _, e := range exts {
			if strings.HasSuffix(p, e) {
				rel, _ := filepath.Rel(root, p)
				files = append(files, filepath.ToSlash(rel))
				break
			}
		}
		return nil
	})
	sort.Strings(files)
	return files, err
}

// compileEntry is one unit of a compilation database.
type compileEntry struct {
	Directory string   `json:"directory"`
	File      string   `json:"file"`
	Arguments []string `json:"arguments"`
}

func writeCompileDB(dir string, db []compileEntry) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	b, err := json.MarshalIndent(db, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "compile_commands.json"), b, 0o644)
}

// cUnits: the corpus's .c files are its units, each compiled alone with
// the corpus root on the include path, as Lua's test build compiles them
// (ltests.h), so that ltests.c and the assertions are code the index
// sees, not text it skips.
func cUnits(root, dbDir string) ([]string, int, error) {
	files, err := corpusFiles(root, ".c", ".h")
	if err != nil || len(files) == 0 {
		return nil, 0, cmp.Or(err, fmt.Errorf("no C files under %s", root))
	}
	var db []compileEntry
	for _, f := range files {
		if strings.HasSuffix(f, ".c") {
			file := filepath.Join(root, filepath.FromSlash(f))
			db = append(db, compileEntry{root, file, []string{"cc", "-std=gnu99", "-I" + root, `-DLUA_USER_H="ltests.h"`, "-c", file}})
		}
	}
	return files, len(db), writeCompileDB(dbDir, db)
}

// cppHeaderUnits: a library of headers (spdlog's) has no units of its
// own; each header gets one that includes it, written into dbDir, so
// that every header is code the index sees.
func cppHeaderUnits(root, dbDir string) ([]string, int, error) {
	files, err := corpusFiles(root, ".h", ".hpp", ".cc", ".cpp")
	if err != nil || len(files) == 0 {
		return nil, 0, cmp.Or(err, fmt.Errorf("no C++ files under %s", root))
	}
	tuDir := filepath.Join(dbDir, "units")
	if err := os.MkdirAll(tuDir, 0o755); err != nil {
		return nil, 0, err
	}
	var db []compileEntry
	for i, f := range files {
		file := filepath.Join(root, filepath.FromSlash(f))
		unit := filepath.Join(tuDir, fmt.Sprintf("u%03d.cpp", i))
		if err := os.WriteFile(unit, []byte("#include \""+file+"\"\n"), 0o644); err != nil {
			return nil, 0, err
		}
		db = append(db, compileEntry{tuDir, unit, []string{"c++", "-std=c++17", "-I" + root, "-c", unit}})
	}
	return files, len(db), writeCompileDB(dbDir, db)
}

// waitForIndex waits until clangd's background index holds a shard for
// at least every unit and has stopped growing for a few seconds.
func waitForIndex(dir string, units int, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	last, stable := -1, 0
	for time.Now().Before(deadline) {
		shards, _ := filepath.Glob(filepath.Join(dir, "*.idx"))
		if len(shards) == last && len(shards) >= units {
			if stable++; stable >= 3 {
				logf("clangd's index holds %d shards", len(shards))
				return nil
			}
		} else {
			stable = 0
		}
		last = len(shards)
		time.Sleep(time.Second)
	}
	return fmt.Errorf("clangd's background index in %s did not cover the %d units in %s", dir, units, timeout)
}

// cFill asks clangd for one symbol's references and, at up to defSites of
// them (seeded), for the definition there.
func cFill(c *lspClient, root string, s *TruthSymbol, seed uint64, defSites int, timeout time.Duration, lat *[]float64) error {
	abs := func(rel string) string { return filepath.Join(root, filepath.FromSlash(rel)) }
	timed := func(method string, l Loc) ([]filePos, error) {
		st := time.Now()
		locs, err := c.locations(timeout, method, abs(l.File), l.Line, l.Col)
		if err == nil {
			*lat = append(*lat, float64(time.Since(st).Microseconds())/1000)
		}
		return locs, err
	}
	refs, err := timed("textDocument/references", s.Loc)
	if err != nil {
		return err
	}
	s.Refs = []TruthRef{}
	for _, r := range refs {
		rel, err := filepath.Rel(root, r.Path)
		if err != nil || strings.HasPrefix(rel, "..") {
			continue
		}
		l := Loc{filepath.ToSlash(rel), r.Line, r.Col}
		if l == s.Loc {
			continue
		}
		text := c.lines.line(r.Path, r.Line)
		call := calledAt(text, r.Col, len(s.Name))
		ctx := "value"
		if call {
			ctx = "call"
		}
		s.Refs = append(s.Refs, TruthRef{Loc: l, Call: call, Context: ctx, Visible: true})
	}
	sort.Slice(s.Refs, func(a, b int) bool { return lessLoc(s.Refs[a].Loc, s.Refs[b].Loc) })
	s.DefSites = []DefSite{}
	rng := rand.New(rand.NewPCG(seed, uint64(s.ID)))
	for _, r := range pick(rng, s.Refs, defSites) {
		defs, err := timed("textDocument/definition", r.Loc)
		if err != nil {
			return fmt.Errorf("definition at %s:%d:%d: %w", r.File, r.Line, r.Col, err)
		}
		ds := DefSite{Loc: r.Loc, Want: []Loc{}}
		for _, d := range defs {
			if rel, err := filepath.Rel(root, d.Path); err == nil && !strings.HasPrefix(rel, "..") {
				ds.Want = append(ds.Want, Loc{filepath.ToSlash(rel), d.Line, d.Col})
			}
		}
		s.DefSites = append(s.DefSites, ds)
	}
	return nil
}

// calledAt reports whether the name at byte column col (1-based) of a
// line is followed by an opening parenthesis: a call.
func calledAt(line string, col, nameLen int) bool {
	i := col - 1 + nameLen
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	return i < len(line) && line[i] == '('
}

// nameColumn is the 1-based byte column of name as a whole word in line,
// 0 when it is not there.
func nameColumn(line, name string) int {
	for off := 0; ; {
		i := strings.Index(line[off:], name)
		if i < 0 {
			return 0
		}
		i += off
		end := i + len(name)
		if (i == 0 || !isIdentByte(line[i-1])) && (end == len(line) || !isIdentByte(line[end])) {
			return i + 1
		}
		off = i + 1
	}
}

func isIdentByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}
