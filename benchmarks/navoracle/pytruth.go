package main

import (
	"bufio"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

//go:embed jedi_oracle.py
var jediOracleScript []byte

// jediProc is the Python helper (jedi_oracle.py): one JSON request per
// line, one JSON answer per line.
type jediProc struct {
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan []byte
	stderr  *tailBuffer
	timeout time.Duration
}

func startJedi(python, script, root string, timeout time.Duration) (*jediProc, error) {
	cmd := exec.Command(python, script, root)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	tb := &tailBuffer{max: 8 << 10}
	cmd.Stderr = tb
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w (install: %s)", python, err, installHints["python3"])
	}
	j := &jediProc{cmd: cmd, stdin: stdin, lines: make(chan []byte, 1), stderr: tb, timeout: timeout}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 512<<20)
		for sc.Scan() {
			j.lines <- append([]byte(nil), sc.Bytes()...)
		}
		close(j.lines)
	}()
	return j, nil
}

// errJediTimeout is returned when the helper does not answer in time; the
// helper is then stopped and must be restarted.
var errJediTimeout = errors.New("jedi helper timed out")

func (j *jediProc) ask(req map[string]any, out any) error {
	b, err := json.Marshal(req)
	if err != nil {
		return err
	}
	if _, err := j.stdin.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("jedi helper: %w (stderr: %s)", err, tail(j.stderr.String(), 600))
	}
	select {
	case line, ok := <-j.lines:
		if !ok {
			return fmt.Errorf("jedi helper exited (stderr: %s)", tail(j.stderr.String(), 600))
		}
		var e struct {
			Error string `json:"error"`
		}
		if json.Unmarshal(line, &e) == nil && e.Error != "" {
			return errors.New(e.Error)
		}
		return json.Unmarshal(line, out)
	case <-time.After(j.timeout):
		j.stop()
		return errJediTimeout
	}
}

func (j *jediProc) stop() {
	_ = j.stdin.Close()
	done := make(chan struct{})
	go func() { _ = j.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		_ = j.cmd.Process.Kill()
		<-done
	}
}

// pyDecl is a declaration listed by the helper.
type pyDecl struct {
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

// pyRef is a reference as the helper reports it.
type pyRef struct {
	File       string `json:"file"`
	Line       int    `json:"line"`
	Col        int    `json:"col"`
	Call       bool   `json:"call"`
	Context    string `json:"context"`
	Via        string `json:"via"`
	Definition bool   `json:"definition"`
	Visible    bool   `json:"visible"`
}

var pyKinds = []string{"function", "method", "class"}
var pyShares = map[string]float64{"function": 0.40, "method": 0.35, "class": 0.25}

// defaultPython prefers Debian's interpreter, where python3-jedi lives.
func defaultPython() string {
	if _, err := os.Stat("/usr/bin/python3"); err == nil {
		return "/usr/bin/python3"
	}
	return "python3"
}

func runPyTruth(args []string, stdout io.Writer) error {
	fs := newFlags("py-truth")
	n := fs.Int("n", 120, "symbols to sample (40% functions, 35% methods, 25% classes)")
	seed := fs.Uint64("seed", 1, "sampling seed")
	cache := fs.String("cache", defaultCacheDir(), "cache directory")
	python := fs.String("python", defaultPython(), "Python interpreter that imports jedi (Debian: apt-get install -y python3-jedi)")
	pkg := fs.String("package", "email", "standard-library package to use as the corpus (copied to CACHE/corpora/py-PACKAGE/PACKAGE)")
	defSites := fs.Int("def-sites", 3, "reference sites per symbol at which to ask jedi's goto")
	timeout := fs.Duration("timeout", 5*time.Minute, "timeout of one jedi request")
	fresh := fs.Bool("fresh", false, "discard cached partial results")
	if err := fs.Parse(args); err != nil {
		return err
	}
	start := time.Now()
	out, err := runCmd(time.Minute, "", *python, "-c", "import sysconfig;print(sysconfig.get_paths()['stdlib'])")
	if err != nil {
		return fmt.Errorf("%w (install: %s)", err, installHints["python3"])
	}
	stdlib := strings.TrimSpace(string(out))
	root, err := preparePyCorpus(stdlib, *pkg, filepath.Join(*cache, "corpora", "py-"+*pkg))
	if err != nil {
		return err
	}
	script := filepath.Join(*cache, "jedi_oracle.py")
	if err := os.WriteFile(script, jediOracleScript, 0o644); err != nil {
		return err
	}
	j, err := startJedi(*python, script, root, *timeout)
	if err != nil {
		return err
	}
	defer func() { j.stop() }()
	var ver struct {
		Jedi   string `json:"jedi"`
		Python string `json:"python"`
	}
	if err := j.ask(map[string]any{"op": "version"}, &ver); err != nil {
		return fmt.Errorf("%v (install: %s)", err, installHints["python3"])
	}
	oracle := "jedi " + ver.Jedi + " (Python " + ver.Python + ")"
	var list struct {
		Decls    []pyDecl `json:"decls"`
		Excluded map[string]struct {
			Count    int      `json:"count"`
			Examples []string `json:"examples"`
		} `json:"excluded"`
		Files []string `json:"files"`
	}
	if err := j.ask(map[string]any{"op": "list"}, &list); err != nil {
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
	pools := map[string][]pyDecl{}
	byQ := map[string]int{}
	for _, d := range list.Decls {
		pools[d.Kind] = append(pools[d.Kind], d)
		byQ[d.Qualified]++
	}
	sizes := map[string]int{}
	for k, v := range pools {
		sizes[k] = len(v)
	}
	got := sampleKinds(pools, pyKinds, pyShares, *n, *seed)
	var sample []pyDecl
	for _, k := range pyKinds {
		sample = append(sample, got[k]...)
	}
	logf("py-truth: %s, corpus %s: %d files, %d declarations %v, sample %d", oracle, root, len(list.Files), len(list.Decls), sizes, len(sample))

	done, app, err := resumePartial(*cache, "py-truth", truthMeta{Seed: *seed, N: *n, DefSites: *defSites, Oracle: oracle, Corpus: root}, *fresh)
	if err != nil {
		return err
	}
	defer app.close()
	visible := map[string]bool{}
	for _, f := range list.Files {
		visible[f] = true
	}
	var lat []float64
	syms := make([]TruthSymbol, len(sample))
	for i, d := range sample {
		s := TruthSymbol{ID: i + 1, Kind: d.Kind, Name: d.Name, Container: d.Container, Package: d.Package,
			Qualified: d.Qualified, Loc: Loc{d.File, d.Line, d.Col}, EndLine: d.EndLine, Ambiguous: byQ[d.Qualified]}
		if prev, ok := done[s.ID]; ok && prev.Qualified == s.Qualified && prev.Loc == s.Loc {
			syms[i] = prev
			continue
		}
		st := time.Now()
		err := pyFill(j, &s, *seed, *defSites, visible, &lat)
		if errors.Is(err, errJediTimeout) {
			logf("py-truth: %s: %v; restarting the helper", s.Qualified, err)
			if j, err = startJedi(*python, script, root, *timeout); err != nil {
				return err
			}
			err = errJediTimeout
		}
		if err != nil {
			s.Err = err.Error()
		}
		s.Seconds = time.Since(st).Seconds()
		syms[i] = s
		if err := app.add(s); err != nil {
			return err
		}
		if (i+1)%20 == 0 || i == len(sample)-1 {
			logf("py-truth: %d/%d (%s: %d refs, %.1fs)", i+1, len(sample), s.Qualified, len(s.Refs), s.Seconds)
		}
	}
	truth := &Truth{Oracle: oracle, Language: "python", Root: root, Seed: *seed, Requested: *n,
		Created: time.Now().UTC().Format(time.RFC3339), VisibleFiles: list.Files, Candidates: sizes,
		Exclusions: ex.list(), Symbols: syms}
	setTiming(truth, lat)
	truth.Timing.TotalSeconds = time.Since(start).Seconds()
	path := filepath.Join(*cache, "py-truth.json")
	if err := writeJSON(path, truth); err != nil {
		return err
	}
	printTruthSummary(stdout, truth, path)
	return nil
}

func pyFill(j *jediProc, s *TruthSymbol, seed uint64, defSites int, visible map[string]bool, lat *[]float64) error {
	timed := func(req map[string]any, out any) error {
		st := time.Now()
		err := j.ask(req, out)
		if err == nil {
			*lat = append(*lat, float64(time.Since(st).Microseconds())/1000)
		}
		return err
	}
	var rr struct {
		Refs []pyRef `json:"refs"`
	}
	if err := timed(map[string]any{"op": "refs", "file": s.File, "line": s.Line, "col": s.Col}, &rr); err != nil {
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
		if err := timed(map[string]any{"op": "goto", "file": r.File, "line": r.Line, "col": r.Col}, &g); err != nil {
			return fmt.Errorf("goto at %s:%d:%d: %w", r.File, r.Line, r.Col, err)
		}
		ds := DefSite{Loc: r.Loc, Want: []Loc{}}
		ds.Want = append(ds.Want, g.Defs...)
		s.DefSites = append(s.DefSites, ds)
	}
	return nil
}

// preparePyCorpus copies stdlib/pkg (without __pycache__) to dst/pkg once
// and returns dst, the directory jedi and codeseek treat as the project.
func preparePyCorpus(stdlib, pkg, dst string) (string, error) {
	src := filepath.Join(stdlib, pkg)
	if st, err := os.Stat(src); err != nil || !st.IsDir() {
		return "", fmt.Errorf("%s is not a package directory of the Python standard library", src)
	}
	marker := filepath.Join(dst, ".prepared")
	if b, err := os.ReadFile(marker); err == nil && strings.TrimSpace(string(b)) == src {
		return dst, nil
	}
	_ = os.RemoveAll(dst)
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() && (d.Name() == "__pycache__" || d.Name() == "test" || d.Name() == "tests") {
			return filepath.SkipDir
		}
		target := filepath.Join(dst, pkg, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
	if err != nil {
		return "", err
	}
	return dst, os.WriteFile(marker, []byte(src+"\n"), 0o644)
}

// pyMissCategory names why a Python reference may be hard to find.
func pyMissCategory(kind string, r TruthRef) string {
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
		return "call through self/cls"
	case r.Via == "self":
		return "attribute through self/cls, not called"
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

func runPyScore(args []string, stdout io.Writer) error {
	fs := newFlags("py-score")
	sf := addScoreFlags(fs, "index-py")
	limit := fs.Int("limit", 1000, "find_references limit")
	if err := fs.Parse(args); err != nil {
		return err
	}
	return scoreTruthCommand(sf, "py-truth", "py-truth.json", "index-py", "py-score", *limit, pyMissCategory, stdout)
}
