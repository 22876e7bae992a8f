package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

func runGoTruth(args []string, stdout io.Writer) error {
	fs := newFlags("go-truth")
	n := fs.Int("n", 240, "symbols to sample (40% funcs, 35% methods, 25% types)")
	seed := fs.Uint64("seed", 1, "sampling seed")
	cache := fs.String("cache", defaultCacheDir(), "cache directory")
	goplsBin := fs.String("gopls", "", "gopls binary (default: PATH, then $(go env GOPATH)/bin)")
	defSites := fs.Int("def-sites", 3, "reference sites per symbol at which to ask for the definition")
	classify := fs.Int("classify", 1000, "method references per symbol whose receiver type is asked of gopls (typeDefinition) to tell direct, interface and promoted calls")
	reqTimeout := fs.Duration("timeout", 3*time.Minute, "timeout of one gopls request")
	loadTimeout := fs.Duration("load-timeout", 30*time.Minute, "timeout of the first request (gopls loads std)")
	fresh := fs.Bool("fresh", false, "discard cached partial results and start again")
	cgo := fs.String("cgo", "0", "CGO_ENABLED for go list and gopls: with cgo on, gopls v0.23.0 reports no references from cgo packages (net, os/user: time.Now has 347 references instead of 450)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := os.Setenv("CGO_ENABLED", *cgo); err != nil {
		return err
	}
	if _, err := lookTool("go"); err != nil {
		return err
	}
	gp := *goplsBin
	if gp == "" {
		var err error
		if gp, err = lookTool("gopls"); err != nil {
			return err
		}
	}
	verOut, err := runCmd(time.Minute, "", gp, "version")
	if err != nil {
		return fmt.Errorf("gopls version: %w (install: %s)", err, installHints["gopls"])
	}
	oracle := "gopls " + goplsVersion(string(verOut)) + " (CGO_ENABLED=" + *cgo + ")"
	goVer, err := runCmd(time.Minute, "", "go", "env", "GOVERSION", "GOROOT", "GOOS", "GOARCH", "CGO_ENABLED")
	if err != nil {
		return err
	}
	env := strings.Fields(string(goVer))
	if len(env) < 5 {
		return fmt.Errorf("go env: unexpected output %q", goVer)
	}
	goroot := env[1]
	srcDir := filepath.Join(goroot, "src")
	logf("go-truth: %s, %s %s/%s cgo=%s, GOROOT/src=%s", oracle, env[0], env[2], env[3], env[4], srcDir)

	start := time.Now()
	pkgs, err := listStd(srcDir)
	if err != nil {
		return err
	}
	visible := visibleGoFiles(srcDir, pkgs)
	visibleSet := map[string]bool{}
	for _, f := range visible {
		visibleSet[f] = true
	}
	var ex exclusions
	ex.add("module cmd and everything outside the std module (not sampled; gopls loads std only)", "")
	decls, err := collectGoDecls(srcDir, pkgs, &ex)
	if err != nil {
		return err
	}
	sample, sizes := sampleGoDecls(decls, *n, *seed, &ex)
	logf("go-truth: %d packages, %d visible files, %d declarations, pools %v, sample %d (%.1fs)", len(pkgs), len(visible), len(decls), sizes, len(sample), time.Since(start).Seconds())

	// Receiver type declarations (for telling how a method is reached)
	// and ambiguity of the natural names.
	typeLoc := map[string]Loc{}
	byQualified := map[string]map[string]bool{}
	byKey := map[string][]goDecl{}
	for _, d := range decls {
		if d.Kind == "type" && d.Visible {
			typeLoc[d.Package+" "+d.Name] = d.Loc
		}
		if byQualified[d.qualified()] == nil {
			byQualified[d.qualified()] = map[string]bool{}
		}
		byQualified[d.qualified()][d.Package] = true
		byKey[d.key()] = append(byKey[d.key()], d)
	}

	done, app, err := resumePartial(*cache, "go-truth", truthMeta{Seed: *seed, N: *n, DefSites: *defSites, Classify: *classify, Oracle: oracle, Corpus: env[0], Cgo: *cgo}, *fresh)
	if err != nil {
		return err
	}
	defer app.close()
	truth := &Truth{
		Oracle: oracle, Language: "go", Root: srcDir, Seed: *seed, Requested: *n,
		Created: time.Now().UTC().Format(time.RFC3339), VisibleFiles: visible, Candidates: sizes,
	}
	var todo []int
	syms := make([]TruthSymbol, len(sample))
	for i, d := range sample {
		s := TruthSymbol{
			ID: i + 1, Kind: d.Kind, Name: d.Name, Container: d.Container, Package: d.Package,
			Qualified: d.qualified(), Loc: d.Loc, EndLine: d.EndLine, Ambiguous: len(byQualified[d.qualified()]),
		}
		for _, o := range byKey[d.key()] {
			if !o.Visible {
				s.AltDecls = append(s.AltDecls, o.Loc)
			}
		}
		if prev, ok := done[s.ID]; ok && prev.Qualified == s.Qualified && prev.Loc == s.Loc {
			syms[i] = prev
			continue
		}
		syms[i] = s
		todo = append(todo, i)
	}
	logf("go-truth: %d symbols to ask gopls", len(todo))

	t0 := time.Now()
	cl, err := startLSP(srcDir, *loadTimeout, gp, "serve")
	if err != nil {
		return err
	}
	defer cl.shutdown()
	q := &goQuerier{cl: cl, srcDir: srcDir, visible: visibleSet, typeLoc: typeLoc, reqTimeout: *reqTimeout, loadTimeout: *loadTimeout, classify: *classify, defSites: *defSites, seed: *seed}

	// Check the file set against gopls itself before trusting it.
	probe := q.probeFiles(visible, decls)
	truth.Timing.LoadSeconds = q.firstAnswer.Sub(t0).Seconds()
	for _, e := range probe.ProbeErrors {
		logf("go-truth: probe %s", e)
	}
	logf("go-truth: file probe: %d files confirmed, %d use no probe symbol, %d not indexed by gopls", probe.Confirmed, probe.Unprobed, len(probe.NotIndexed))
	for k, i := range todo {
		s := syms[i]
		st := time.Now()
		if err := q.fill(&s); err != nil {
			if strings.Contains(err.Error(), "connection closed") {
				return fmt.Errorf("gopls exited: %w (stderr: %s)", err, tail(cl.proc.stderr.String(), 1000))
			}
			s.Err = err.Error()
			logf("go-truth: %s: %v", s.Qualified, err)
		}
		s.Seconds = time.Since(st).Seconds()
		syms[i] = s
		if err := app.add(s); err != nil {
			return err
		}
		if (k+1)%20 == 0 || k == len(todo)-1 {
			logf("go-truth: %d/%d symbols (%s: %d refs, %.1fs)", k+1, len(todo), s.Qualified, len(s.Refs), s.Seconds)
		}
		cl.closeAll()
	}
	lat := q.latencies

	// The file set scored in: go list's, less the files gopls does not
	// index, plus any file gopls did report a reference from.
	notIndexed := map[string]bool{}
	for _, f := range probe.NotIndexed {
		notIndexed[f] = true
	}
	inRefs := map[string]bool{}
	for _, s := range syms {
		for _, r := range s.Refs {
			inRefs[r.File] = true
		}
	}
	var final []string
	for _, f := range visible {
		if !notIndexed[f] || inRefs[f] {
			final = append(final, f)
		} else {
			ex.add("file in go list's set that gopls does not index: its package (or its package's tests) uses probe symbols (fmt.Errorf, time.Now, testing.T, ...) and gopls reports none of those uses (not scored)", f)
		}
	}
	finalSet := map[string]bool{}
	for _, f := range final {
		finalSet[f] = true
	}
	for i := range syms {
		for j := range syms[i].Refs {
			syms[i].Refs[j].Visible = finalSet[syms[i].Refs[j].File]
		}
	}
	truth.VisibleFiles = final
	truth.Symbols = syms
	truth.Exclusions = ex.list()
	setTiming(truth, lat)
	truth.Timing.TotalSeconds = time.Since(start).Seconds()
	if len(todo) == 0 { // every answer came from the cache: keep that run's timing
		var prev Truth
		if readJSON(filepath.Join(*cache, "go-truth.json"), &prev) == nil && prev.Oracle == oracle && prev.Timing.Requests > len(lat) {
			truth.Timing = prev.Timing
		}
	}
	out := filepath.Join(*cache, "go-truth.json")
	if err := writeJSON(out, truth); err != nil {
		return err
	}
	printTruthSummary(stdout, truth, out)
	return nil
}

// goplsVersion extracts "v0.23.0" from `gopls version` output.
func goplsVersion(s string) string {
	for _, f := range strings.Fields(s) {
		if strings.HasPrefix(f, "v0.") || strings.HasPrefix(f, "v1.") {
			return f
		}
	}
	return strings.TrimSpace(s)
}

// goQuerier asks gopls about one symbol at a time.
type goQuerier struct {
	cl          *lspClient
	srcDir      string
	visible     map[string]bool
	typeLoc     map[string]Loc
	files       goFileCache
	reqTimeout  time.Duration
	loadTimeout time.Duration
	classify    int
	defSites    int
	seed        uint64
	latencies   []float64
	firstAnswer time.Time
}

func (q *goQuerier) ask(method, path string, line, col int) ([]filePos, error) {
	timeout := q.reqTimeout
	if q.firstAnswer.IsZero() {
		timeout = q.loadTimeout
	}
	st := time.Now()
	locs, err := q.cl.locations(timeout, method, path, line, col)
	if err == nil {
		q.latencies = append(q.latencies, float64(time.Since(st).Microseconds())/1000)
		if q.firstAnswer.IsZero() {
			q.firstAnswer = time.Now()
		}
	}
	return locs, err
}

func (q *goQuerier) rel(p string) string {
	r, err := filepath.Rel(q.srcDir, p)
	if err != nil {
		return filepath.ToSlash(p)
	}
	return filepath.ToSlash(r)
}

func (q *goQuerier) fill(s *TruthSymbol) error {
	abs := filepath.Join(q.srcDir, filepath.FromSlash(s.File))
	locs, err := q.ask("textDocument/references", abs, s.Line, s.Col)
	if err != nil {
		return err
	}
	s.Refs = []TruthRef{}
	for _, l := range locs {
		r := TruthRef{Loc: Loc{q.rel(l.Path), l.Line, l.Col}}
		r.Visible = q.visible[r.File]
		r.Test = strings.HasSuffix(r.File, "_test.go")
		if r.Loc == s.Loc {
			continue // the declaration itself (includeDeclaration=false should have left it out)
		}
		fi, ferr := q.files.get(l.Path, os.ReadFile)
		if ferr != nil {
			r.Context = "unparsed"
		} else if role, ok, comment := fi.role(l.Line, l.Col); ok {
			r.Call, r.Context, r.Generic = role.Call, role.Context, role.Generic
		} else if comment {
			r.Context = "comment"
		} else {
			r.Context = "unparsed"
		}
		s.Refs = append(s.Refs, r)
	}
	sort.Slice(s.Refs, func(i, j int) bool { return lessLoc(s.Refs[i].Loc, s.Refs[j].Loc) })

	if s.Kind == "method" {
		want, hasType := q.typeLoc[s.Package+" "+s.Container]
		asked := 0
		for i := range s.Refs {
			r := &s.Refs[i]
			path := filepath.Join(q.srcDir, filepath.FromSlash(r.File))
			fi, ferr := q.files.get(path, os.ReadFile)
			if ferr != nil {
				r.Via = "unknown"
				continue
			}
			role, ok, _ := fi.role(r.Line, r.Col)
			switch {
			case !ok || !role.Selected:
				r.Via = "unknown"
			case role.XPos.Line == 0:
				r.Via = "expression"
			case asked >= q.classify || !hasType:
				r.Via = "unclassified"
			default:
				asked++
				tl, err := q.ask("textDocument/typeDefinition", path, role.XPos.Line, role.XPos.Column)
				if err != nil || len(tl) == 0 {
					r.Via = "unknown"
					continue
				}
				got := Loc{q.rel(tl[0].Path), tl[0].Line, tl[0].Col}
				switch {
				case got == want:
					r.Via = "direct"
				case q.isInterface(got):
					r.Via = "interface"
				default:
					r.Via = "promoted"
				}
			}
		}
	}

	rng := rand.New(rand.NewPCG(q.seed, uint64(s.ID)))
	var cands []TruthRef
	for _, r := range s.Refs {
		if r.Visible && r.Context != "comment" {
			cands = append(cands, r)
		}
	}
	s.DefSites = []DefSite{}
	for _, r := range pick(rng, cands, q.defSites) {
		path := filepath.Join(q.srcDir, filepath.FromSlash(r.File))
		dl, err := q.ask("textDocument/definition", path, r.Line, r.Col)
		if err != nil {
			return fmt.Errorf("definition at %s:%d:%d: %w", r.File, r.Line, r.Col, err)
		}
		ds := DefSite{Loc: r.Loc, Want: []Loc{}}
		for _, l := range dl {
			ds.Want = append(ds.Want, Loc{q.rel(l.Path), l.Line, l.Col})
		}
		s.DefSites = append(s.DefSites, ds)
	}
	return nil
}

func (q *goQuerier) isInterface(l Loc) bool {
	fi, err := q.files.get(filepath.Join(q.srcDir, filepath.FromSlash(l.File)), os.ReadFile)
	return err == nil && fi.interfaces[[2]int{l.Line, l.Col}]
}

func lessLoc(a, b Loc) bool {
	if a.File != b.File {
		return a.File < b.File
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	return a.Col < b.Col
}

// printTruthSummary prints what a truth run produced.
func printTruthSummary(w io.Writer, t *Truth, path string) {
	kinds := map[string]int{}
	refs, calls, errs, sites := 0, 0, 0, 0
	for _, s := range t.Symbols {
		kinds[s.Kind]++
		refs += len(s.Refs)
		for _, r := range s.Refs {
			if r.Call {
				calls++
			}
		}
		sites += len(s.DefSites)
		if s.Err != "" {
			errs++
		}
	}
	fmt.Fprintf(w, "%s truth (%s): %d symbols %v, %d references (%d calls), %d definition sites, %d errors\n",
		t.Language, t.Oracle, len(t.Symbols), kinds, refs, calls, sites, errs)
	fmt.Fprintf(w, "pools %v; visible files %d\n", t.Candidates, len(t.VisibleFiles))
	fmt.Fprintf(w, "timing: load %.1fs, total %.1fs, per-symbol sum %.1fs, %d requests p50 %.1f ms p95 %.1f ms\n",
		t.Timing.LoadSeconds, t.Timing.TotalSeconds, t.Timing.RunSeconds, t.Timing.Requests, t.Timing.RequestP50ms, t.Timing.RequestP95ms)
	for _, e := range t.Exclusions {
		fmt.Fprintf(w, "excluded: %d × %s %v\n", e.Count, e.Reason, e.Examples)
	}
	fmt.Fprintf(w, "written: %s\n", path)
}
