package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"sort"
	"strings"
	"sync"
	"time"
)

// helperProc is an oracle's helper program (jedi_oracle.py,
// ts_oracle.js), spoken to in JSON-RPC, one message per line.
type helperProc struct {
	name    string
	proc    *rpcProc
	timeout time.Duration
	once    sync.Once // stops it
}

// startHelper starts argv (the interpreter, the script and its arguments)
// with env added to the environment; install is the command that
// installs the interpreter, for the error when it cannot start.
func startHelper(name string, argv, env []string, install string, timeout time.Duration) (*helperProc, error) {
	p, err := startRPCProc("", append(os.Environ(), env...), "line", argv[0], argv[1:]...)
	if err != nil {
		return nil, fmt.Errorf("%w (install: %s)", err, install)
	}
	p.conn.start()
	return &helperProc{name: name, proc: p, timeout: timeout}, nil
}

// errHelperTimeout is returned when the helper does not answer in time;
// the helper is then stopped and must be restarted.
var errHelperTimeout = errors.New("oracle helper timed out")

// ask calls method with params and decodes the result into out. An error
// the helper answers is returned as it is; a helper that exits or does
// not answer in time is reported with the end of its standard error.
func (h *helperProc) ask(method string, params map[string]any, out any) error {
	ctx, cancel := context.WithTimeout(context.Background(), h.timeout)
	defer cancel()
	err := h.proc.conn.call(ctx, method, params, out)
	var answered *rpcError
	switch {
	case err == nil || errors.As(err, &answered):
		return err
	case errors.Is(err, context.DeadlineExceeded):
		h.end(0) // a helper that does not answer will not read its input either
		return errHelperTimeout
	}
	return fmt.Errorf("%s helper failed: %w (stderr: %s)", h.name, err, tail(h.proc.stderr.String(), 600))
}

// stop ends the helper, giving it five seconds to exit after its input
// closes.
func (h *helperProc) stop() { h.end(5 * time.Second) }

func (h *helperProc) end(grace time.Duration) { h.once.Do(func() { h.proc.stop(grace) }) }

// helperDecl is a declaration listed by a helper.
type helperDecl struct {
	Kind      string `json:"kind"`
	Name      string `json:"name"`
	Container string `json:"container"`
	Package   string `json:"package"`
	Qualified string `json:"qualified"`
	File      string `json:"file"`
	Line      int    `json:"line"`
	Col       int    `json:"col"`
	EndLine   int    `json:"end_line"`
}

// helperRef is a reference as a helper reports it.
type helperRef struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Call    bool   `json:"call"`
	Context string `json:"context"`
	Via     string `json:"via"`
	Visible bool   `json:"visible"`
}

// helperKinds and helperShares are the sample's mix, as in real code.
var helperKinds = []string{"function", "method", "class"}
var helperShares = map[string]float64{"function": 0.40, "method": 0.35, "class": 0.25}

// helperTruth is what one helper-based truth command (py-truth, ts-truth)
// needs beyond the common flags.
type helperTruth struct {
	name     string // the command: "py-truth"; the truth is CACHE/NAME.json
	language string // Truth.Language
	root     string // the corpus the helper and codeseek are given
	argv     []string
	env      []string
	install  string // the command that installs the helper's oracle
	// oracle names the oracle from the helper's version answer.
	oracle func(version map[string]string) string
}

// helperTruthFlags are the flags every helper-based truth command takes.
type helperTruthFlags struct {
	n, defSites *int
	seed        *uint64
	cache       *string
	timeout     *time.Duration
	fresh       *bool
}

func addHelperTruthFlags(fs *flag.FlagSet, oracle string) helperTruthFlags {
	return helperTruthFlags{
		n:        fs.Int("n", 120, "symbols to sample (40% functions, 35% methods, 25% classes)"),
		seed:     fs.Uint64("seed", 1, "sampling seed"),
		cache:    fs.String("cache", defaultCacheDir(), "cache directory"),
		defSites: fs.Int("def-sites", 3, "reference sites per symbol at which to ask "+oracle+" for the definition"),
		timeout:  fs.Duration("timeout", 5*time.Minute, "timeout of one "+oracle+" request"),
		fresh:    fs.Bool("fresh", false, "discard cached partial results"),
	}
}

// runHelperTruth samples the helper's declarations and records its
// references and definitions for each (resumably), then writes the truth.
func runHelperTruth(ht helperTruth, f helperTruthFlags, stdout io.Writer) error {
	start := time.Now()
	h, err := startHelper(ht.name, ht.argv, ht.env, ht.install, *f.timeout)
	if err != nil {
		return err
	}
	defer func() { h.stop() }()
	var ver map[string]string
	if err := h.ask("version", nil, &ver); err != nil {
		return fmt.Errorf("%v (install: %s)", err, ht.install)
	}
	oracle := ht.oracle(ver)
	var list struct {
		Decls    []helperDecl `json:"decls"`
		Excluded map[string]struct {
			Count    int      `json:"count"`
			Examples []string `json:"examples"`
		} `json:"excluded"`
		Files []string `json:"files"`
	}
	if err := h.ask("list", nil, &list); err != nil {
		return err
	}
	var ex exclusions
	var reasons []string
	for r := range list.Excluded {
		reasons = append(reasons, r)
	}
	sort.Strings(reasons)
	for _, r := range reasons {
		e := list.Excluded[r]
		ex.addN(r, e.Count, "")
		ex.m[r].Examples = e.Examples
	}
	pools := map[string][]helperDecl{}
	byQ := map[string]int{}
	for _, d := range list.Decls {
		pools[d.Kind] = append(pools[d.Kind], d)
		byQ[d.Qualified]++
	}
	sizes := map[string]int{}
	for k, v := range pools {
		sizes[k] = len(v)
	}
	got := sampleKinds(pools, helperKinds, helperShares, *f.n, *f.seed)
	var sample []helperDecl
	for _, k := range helperKinds {
		sample = append(sample, got[k]...)
	}
	logf("%s: %s, corpus %s: %d files, %d declarations %v, sample %d", ht.name, oracle, ht.root, len(list.Files), len(list.Decls), sizes, len(sample))

	visible := map[string]bool{}
	for _, f := range list.Files {
		visible[f] = true
	}
	syms := make([]TruthSymbol, len(sample))
	for i, d := range sample {
		syms[i] = TruthSymbol{ID: i + 1, Kind: d.Kind, Name: d.Name, Container: d.Container, Package: d.Package,
			Qualified: d.Qualified, Loc: Loc{d.File, d.Line, d.Col}, EndLine: d.EndLine, Ambiguous: byQ[d.Qualified]}
	}
	var lat []float64
	meta := truthMeta{Seed: *f.seed, N: *f.n, DefSites: *f.defSites, Oracle: oracle, Corpus: ht.root}
	err = askTruth(*f.cache, ht.name, meta, *f.fresh, syms, func(s *TruthSymbol) error {
		err := helperFill(h, s, *f.seed, *f.defSites, visible, &lat)
		if errors.Is(err, errHelperTimeout) {
			logf("%s: %s: %v; restarting the helper", ht.name, s.Qualified, err)
			if h2, serr := startHelper(ht.name, ht.argv, ht.env, ht.install, *f.timeout); serr == nil {
				h = h2
			}
		}
		return err
	})
	if err != nil {
		return err
	}
	truth := &Truth{Oracle: oracle, Language: ht.language, Root: ht.root, Seed: *f.seed, Requested: *f.n,
		Created: time.Now().UTC().Format(time.RFC3339), VisibleFiles: list.Files, Candidates: sizes,
		Exclusions: ex.list(), Symbols: syms}
	return finishTruth(*f.cache, ht.name, truth, start, lat, stdout)
}

// helperFill asks the helper for one symbol's references and, at up to
// defSites of them (seeded), for the definition there.
func helperFill(h *helperProc, s *TruthSymbol, seed uint64, defSites int, visible map[string]bool, lat *[]float64) error {
	timed := func(method string, params map[string]any, out any) error {
		st := time.Now()
		err := h.ask(method, params, out)
		if err == nil {
			*lat = append(*lat, float64(time.Since(st).Microseconds())/1000)
		}
		return err
	}
	var rr struct {
		Refs []helperRef `json:"refs"`
	}
	if err := timed("refs", map[string]any{"file": s.File, "line": s.Line, "col": s.Col}, &rr); err != nil {
		return err
	}
	s.Refs = []TruthRef{}
	for _, r := range rr.Refs {
		l := Loc{r.File, r.Line, r.Col}
		if l == s.Loc {
			continue
		}
		s.Refs = append(s.Refs, TruthRef{Loc: l, Call: r.Call, Context: r.Context, Via: r.Via, Visible: r.Visible && visible[r.File],
			Test: strings.Contains(r.File, "test")})
	}
	sort.Slice(s.Refs, func(a, b int) bool { return lessLoc(s.Refs[a].Loc, s.Refs[b].Loc) })
	var cands []TruthRef
	for _, r := range s.Refs {
		if r.Visible && r.Context != "unparsed" {
			cands = append(cands, r)
		}
	}
	s.DefSites = []DefSite{}
	rng := rand.New(rand.NewPCG(seed, uint64(s.ID)))
	for _, r := range pick(rng, cands, defSites) {
		var g struct {
			Defs []Loc `json:"defs"`
		}
		if err := timed("goto", map[string]any{"file": r.File, "line": r.Line, "col": r.Col}, &g); err != nil {
			return fmt.Errorf("goto at %s:%d:%d: %w", r.File, r.Line, r.Col, err)
		}
		ds := DefSite{Loc: r.Loc, Want: []Loc{}}
		ds.Want = append(ds.Want, g.Defs...)
		s.DefSites = append(s.DefSites, ds)
	}
	return nil
}

// helperMissCategory names why a Python or TypeScript reference may be
// hard to find.
func helperMissCategory(kind string, r TruthRef) string {
	switch {
	case r.Context == "import":
		return "import statement"
	case r.Context == "inherit":
		return "base class in a class statement"
	case r.Context == "decorator":
		return "decorator"
	case r.Context == "type-annotation":
		return "type annotation"
	case r.Via == "self" && r.Call:
		return "call through self/this"
	case r.Via == "self":
		return "attribute through self/this, not called"
	case r.Via == "name" && r.Call:
		return "call on another name (obj.f(), module.f())"
	case r.Via == "expression" && r.Call:
		return "call on an expression result"
	case r.Call:
		return "bare-name call"
	case r.Context == "assignment":
		return "assignment target"
	case r.Context == "unparsed":
		return "not a name in the parse tree (string, comment, docstring)"
	case r.Via != "":
		return "attribute read, not called"
	}
	return "bare name, not called"
}
