package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// The C oracle is clangd: its background index of the corpus (every .c
// file compiled as the compilation database says) answers references and
// definitions as an editor's "find references" does.

var cKinds = []string{"function", "struct"}
var cShares = map[string]float64{"function": 0.7, "struct": 0.3}

func runCTruth(args []string, stdout io.Writer) error {
	fs := newFlags("c-truth")
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
	spec, ok := corpusOf("C")
	if !ok {
		return errors.New("no C corpus among ctags-truth's")
	}
	root, source, err := prepareCorpus(spec, *f.cache, *mirrors, "")
	if err != nil {
		return err
	}
	files, units, err := cFiles(root)
	if err != nil {
		return err
	}
	dbDir := filepath.Join(*f.cache, "clangd-c")
	if err := writeCompileDB(dbDir, root, units); err != nil {
		return err
	}
	ctags, err := lookTool("ctags")
	if err != nil {
		return err
	}
	tags, err := runCtags(ctags, root, "C")
	if err != nil {
		return err
	}
	var ex exclusions
	pools := map[string][]cDecl{}
	byName := map[string]int{}
	for _, t := range tags {
		if t.Kind != "function" && t.Kind != "struct" {
			continue
		}
		if strings.HasPrefix(t.Name, "__anon") {
			ex.add("anonymous struct", t.Path+":"+fmt.Sprint(t.Line))
			continue
		}
		col := nameColumn(strings.TrimSuffix(strings.TrimPrefix(t.Pattern, "/^"), "$/"), t.Name)
		if col == 0 {
			ex.add("name not on its tag's line", t.Path+":"+t.Name)
			continue
		}
		pools[t.Kind] = append(pools[t.Kind], cDecl{t, col})
		byName[t.Name]++
	}
	sizes := map[string]int{}
	for k, v := range pools {
		sizes[k] = len(v)
	}
	got := sampleKinds(pools, cKinds, cShares, *f.n, *f.seed)
	var sample []cDecl
	for _, k := range cKinds {
		sample = append(sample, got[k]...)
	}

	c, err := startLSP(root, *f.timeout, *clangd, "--compile-commands-dir="+dbDir, "--background-index", "-j=2", "--log=error")
	if err != nil {
		return err
	}
	defer c.shutdown()
	c.languageID = "c"
	// clangd reads the compilation database, and starts indexing it, when
	// a file of it is opened.
	if err := c.didOpen(filepath.Join(root, filepath.FromSlash(units[0]))); err != nil {
		return err
	}
	if err := waitForIndex(filepath.Join(dbDir, ".cache", "clangd", "index"), len(units), 10*time.Minute); err != nil {
		return err
	}
	out, _ := runCmd(time.Minute, "", *clangd, "--version")
	oracle := strings.TrimSpace(strings.SplitN(string(out), "\n", 2)[0])
	logf("c-truth: %s, corpus %s (%s): %d files, %d declarations %v, sample %d", oracle, root, source, len(files), len(pools["function"])+len(pools["struct"]), sizes, len(sample))

	syms := make([]TruthSymbol, len(sample))
	for i, d := range sample {
		syms[i] = TruthSymbol{ID: i + 1, Kind: d.Kind, Name: d.Name, Package: filepath.ToSlash(filepath.Dir(d.Path)), Qualified: d.Name,
			Loc: Loc{d.Path, d.Line, d.col}, EndLine: max(d.End, d.Line), Ambiguous: byName[d.Name]}
	}
	var lat []float64
	meta := truthMeta{Seed: *f.seed, N: *f.n, DefSites: *f.defSites, Oracle: oracle, Corpus: root}
	if err := askTruth(*f.cache, "c-truth", meta, *f.fresh, syms, func(s *TruthSymbol) error {
		return cFill(c, root, s, *f.seed, *f.defSites, *f.timeout, &lat)
	}); err != nil {
		return err
	}
	truth := &Truth{Oracle: oracle, Language: "c", Root: root, Seed: *f.seed, Requested: *f.n,
		Created: time.Now().UTC().Format(time.RFC3339), VisibleFiles: files, Candidates: sizes,
		Exclusions: ex.list(), Symbols: syms}
	return finishTruth(*f.cache, "c-truth", truth, start, lat, stdout)
}

// cDecl is a sampled C declaration: a ctags tag and its name's column.
type cDecl struct {
	ctagsTag
	col int
}

// cFiles lists the corpus's C files (relative, '/'-separated) and the .c
// files among them, the translation units.
func cFiles(root string) (files, units []string, err error) {
	err = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		switch filepath.Ext(p) {
		case ".c":
			units = append(units, rel)
			files = append(files, rel)
		case ".h":
			files = append(files, rel)
		}
		return nil
	})
	sort.Strings(files)
	sort.Strings(units)
	return files, units, err
}

// writeCompileDB writes a compilation database for the units into dir:
// each compiled on its own with the corpus root on the include path, as
// Lua's test build compiles them.
func writeCompileDB(dir, root string, units []string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	type entry struct {
		Directory string   `json:"directory"`
		File      string   `json:"file"`
		Arguments []string `json:"arguments"`
	}
	db := make([]entry, len(units))
	for i, u := range units {
		file := filepath.Join(root, filepath.FromSlash(u))
		// Lua's test build (ltests.h), so that ltests.c and the
		// assertions are code the index sees, not text it skips.
		db[i] = entry{Directory: root, File: file, Arguments: []string{"cc", "-std=gnu99", "-I" + root, `-DLUA_USER_H="ltests.h"`, "-c", file}}
	}
	b, err := json.MarshalIndent(db, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "compile_commands.json"), b, 0o644)
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
				logf("c-truth: clangd's index holds %d shards", len(shards))
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

func runCScore(args []string, stdout io.Writer) error {
	fs := newFlags("c-score")
	sf := addScoreFlags(fs, "index-c")
	limit := fs.Int("limit", 1000, "find_references limit")
	if err := fs.Parse(args); err != nil {
		return err
	}
	return scoreTruthCommand(sf, "c-truth", "c-truth.json", "index-c", "c-score", *limit, helperMissCategory, stdout)
}
