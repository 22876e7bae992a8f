package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// navDefinition is one definition in a find_definition or find_references
// answer (the tools' contract).
type navDefinition struct {
	FilePath  string `json:"file_path"`
	StartLine int    `json:"start_line"`
	EndLine   int    `json:"end_line"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	Symbol    string `json:"symbol"`
	Kind      string `json:"kind"`
	Signature string `json:"signature"`
	URI       string `json:"uri"`
	Match     string `json:"match"`
}

// defAnswer is find_definition's structuredContent.
type defAnswer struct {
	Definitions []navDefinition `json:"definitions"`
}

// navReference is one reference in a find_references answer.
type navReference struct {
	FilePath  string `json:"file_path"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	Kind      string `json:"kind"`
	Enclosing string `json:"enclosing"`
	Text      string `json:"text"`
	Match     string `json:"match"`
}

// refAnswer is find_references's structuredContent.
type refAnswer struct {
	Definition *navDefinition `json:"definition"`
	References []navReference `json:"references"`
	TotalCount int            `json:"total_count"`
}

// refOutcome compares one find_references answer with the oracle.
type refOutcome struct {
	Truth        int // oracle references in visible files
	Found        int // of those, matched by any answer (exact or name)
	FoundExact   int // of those, matched by an answer marked exact
	LineFallback int // matched by file+line only (the column differed)
	Answers      int // answers in visible files, the declaration left out
	ExactAnswers int // of those, marked exact
	ExactCorrect int // of those, matching an oracle reference
	Outside      int // answers in files the oracle does not load (not counted as false positives)
	DeclListed   bool
	Truncated    bool // total_count > len(references)
	Missed       []TruthRef
	FalseExact   []navReference
}

func posKey(file string, line, col int) string { return fmt.Sprintf("%s:%d:%d", file, line, col) }
func lineKey(file string, line int) string     { return fmt.Sprintf("%s:%d", file, line) }

// scoreRefs compares ans with the oracle's references of sym. Matching is by
// file, line and column, falling back to file and line.
func scoreRefs(sym TruthSymbol, visible map[string]bool, ans refAnswer) refOutcome {
	var o refOutcome
	o.Truncated = ans.TotalCount > len(ans.References)
	byPos := map[string][]navReference{}
	byLine := map[string][]navReference{}
	for _, a := range ans.References {
		f := cleanRel(a.FilePath)
		if f == sym.File && a.Line == sym.Line && (a.Column == 0 || a.Column == sym.Col) {
			// The declaration itself; a use on the same line (a one-line
			// method calling another Pos) is an answer like any other.
			o.DeclListed = true
			continue
		}
		if !visible[f] {
			o.Outside++
			continue
		}
		o.Answers++
		if a.Match == "exact" {
			o.ExactAnswers++
		}
		byPos[posKey(f, a.Line, a.Column)] = append(byPos[posKey(f, a.Line, a.Column)], a)
		byLine[lineKey(f, a.Line)] = append(byLine[lineKey(f, a.Line)], a)
	}
	truthPos := map[string]bool{}
	truthLine := map[string]bool{}
	for _, r := range sym.Refs {
		if !r.Visible {
			continue
		}
		o.Truth++
		truthPos[posKey(r.File, r.Line, r.Col)] = true
		truthLine[lineKey(r.File, r.Line)] = true
		as, ok := byPos[posKey(r.File, r.Line, r.Col)]
		if !ok {
			as, ok = byLine[lineKey(r.File, r.Line)]
			if ok {
				o.LineFallback++
			}
		}
		if !ok {
			o.Missed = append(o.Missed, r)
			continue
		}
		o.Found++
		for _, a := range as {
			if a.Match == "exact" {
				o.FoundExact++
				break
			}
		}
	}
	for _, as := range byPos {
		for _, a := range as {
			if a.Match != "exact" {
				continue
			}
			f := cleanRel(a.FilePath)
			if truthPos[posKey(f, a.Line, a.Column)] || truthLine[lineKey(f, a.Line)] {
				o.ExactCorrect++
			} else {
				o.FalseExact = append(o.FalseExact, a)
			}
		}
	}
	sort.Slice(o.FalseExact, func(i, j int) bool {
		a, b := o.FalseExact[i], o.FalseExact[j]
		return lessLoc(Loc{a.FilePath, a.Line, a.Column}, Loc{b.FilePath, b.Line, b.Column})
	})
	return o
}

// cleanRel normalises a repository-relative path from an answer.
func cleanRel(p string) string {
	p = filepath.ToSlash(p)
	p = strings.TrimPrefix(p, "./")
	return p
}

// defHit tells whether a definition answer points at want: same file and
// want's line within the definition's lines (or equal to its name line).
func defHit(want Loc, d navDefinition) bool {
	if cleanRel(d.FilePath) != want.File {
		return false
	}
	if d.Line == want.Line {
		return true
	}
	return d.StartLine > 0 && d.StartLine <= want.Line && want.Line <= max(d.EndLine, d.StartLine)
}

// defRank is the 1-based rank of the first definition matching any of
// wants, or 0 when none does.
func defRank(wants []Loc, ds []navDefinition) int {
	for i, d := range ds {
		for _, w := range wants {
			if defHit(w, d) {
				return i + 1
			}
		}
	}
	return 0
}

// counter is a numerator over a denominator.
type counter struct{ N, D int }

func (c *counter) add(hit bool) {
	c.D++
	if hit {
		c.N++
	}
}

func (c counter) String() string {
	if c.D == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%s (%d/%d)", pct(ratio(c.N, c.D)), c.N, c.D)
}

// refStats sums refOutcomes (micro-averaged).
type refStats struct {
	Symbols, Errors, Truncated, DeclListed                                               int
	Truth, Found, FoundExact, LineFallback, Answers, ExactAnswers, ExactCorrect, Outside int
}

func (s *refStats) add(o refOutcome) {
	s.Symbols++
	s.Truth += o.Truth
	s.Found += o.Found
	s.FoundExact += o.FoundExact
	s.LineFallback += o.LineFallback
	s.Answers += o.Answers
	s.ExactAnswers += o.ExactAnswers
	s.ExactCorrect += o.ExactCorrect
	s.Outside += o.Outside
	if o.Truncated {
		s.Truncated++
	}
	if o.DeclListed {
		s.DeclListed++
	}
}

// missExample is one missed reference, for the report.
type missExample struct {
	Symbol string `json:"symbol"`
	Loc
	Text string `json:"text"`
}

// missTally counts misses by category with a few examples.
type missTally struct {
	Count    map[string]int
	Examples map[string][]missExample
}

func (t *missTally) add(cat string, ex missExample) {
	if t.Count == nil {
		t.Count, t.Examples = map[string]int{}, map[string][]missExample{}
	}
	t.Count[cat]++
	if len(t.Examples[cat]) < 3 {
		t.Examples[cat] = append(t.Examples[cat], ex)
	}
}

// goMissCategory names why a Go reference may be hard to find, from the
// most specific to the most general.
func goMissCategory(kind string, r TruthRef) string {
	switch {
	case r.Via == "interface":
		return "interface method call (through an interface type)"
	case r.Via == "promoted":
		return "method promoted through an embedded field"
	case r.Context == "comment":
		return "doc comment link"
	case r.Generic:
		return "reference inside a generic function"
	case r.Context == "composite-literal-key":
		return "composite-literal key"
	case kind == "type" && r.Call:
		return "conversion T(x)"
	case kind == "method" && r.Context == "value":
		return "method value or method expression (not called)"
	case kind == "func" && r.Context == "value":
		return "function value (not called)"
	case r.Context == "embedded-field":
		return "embedded field"
	case r.Context == "type-assertion" || r.Context == "case-clause":
		return "type assertion or type switch case"
	case r.Context == "type-argument":
		return "type argument"
	case r.Context == "composite-literal":
		return "composite literal T{...}"
	case r.Via == "expression":
		return "method call on an expression (receiver not a name)"
	case r.Context == "receiver":
		return "method receiver type"
	case r.Call:
		return "plain call"
	case kind == "type":
		return "plain type use (" + r.Context + ")"
	}
	return "other (" + r.Context + ")"
}

// navScoreOptions are the knobs of scoreNav.
type navScoreOptions struct {
	Limit    int                                  // find_references limit
	Category func(kind string, r TruthRef) string // miss category
	Verbose  bool
}

// symbolResult is what codeseek answered for one symbol (kept in the
// results file for inspection).
type symbolResult struct {
	ID         int            `json:"id"`
	Qualified  string         `json:"qualified"`
	Kind       string         `json:"kind"`
	RefsError  string         `json:"refs_error,omitempty"`
	Truth      int            `json:"truth"`
	Found      int            `json:"found"`
	FoundExact int            `json:"found_exact"`
	Exact      int            `json:"exact_answers"`
	ExactOK    int            `json:"exact_correct"`
	Outside    int            `json:"outside"`
	Resolved   *bool          `json:"definition_resolved,omitempty"`
	NameRank   int            `json:"name_rank"`
	NameTop    *navDefinition `json:"name_top,omitempty"`
	NameError  string         `json:"name_error,omitempty"`
	SiteRanks  []int          `json:"site_ranks"`
	FalseExact []navReference `json:"false_exact,omitempty"`
}

// navReport is the result of scoring codeseek against a Truth.
type navReport struct {
	Oracle      string                    `json:"oracle"`
	Language    string                    `json:"language"`
	Binary      string                    `json:"binary"`
	Created     string                    `json:"created"`
	IndexSecs   float64                   `json:"index_seconds"`
	Skipped     int                       `json:"skipped_oracle_errors"`
	Refs        map[string]*refStats      `json:"refs"` // by kind and "all"
	PosDef      map[string]*counter       `json:"position_definition"`
	NameDef     map[string]*counter       `json:"name_definition"`
	NameDefAlt  map[string]*counter       `json:"name_definition_any_variant"`
	NameDefUniq map[string]*counter       `json:"name_definition_unambiguous"`
	PosDefErrs  int                       `json:"position_definition_errors"`
	NameDefErrs int                       `json:"name_definition_errors"`
	Resolved    counter                   `json:"references_definition_resolved"`
	Misses      missTally                 `json:"misses"`
	MissesName  missTally                 `json:"name_definition_misses"`
	FalseExact  []missExample             `json:"false_exact_examples"`
	ToolErrors  map[string][]string       `json:"tool_errors"`
	Latency     map[string]latencySummary `json:"latency"`
	Symbols     []symbolResult            `json:"symbols"`
	latencies   map[string][]float64
}

// latencySummary is p50/p95 of one tool as the client saw it.
type latencySummary struct {
	Calls int     `json:"calls"`
	P50ms float64 `json:"p50_ms"`
	P95ms float64 `json:"p95_ms"`
}

func newNavReport(t *Truth) *navReport {
	return &navReport{
		Oracle: t.Oracle, Language: t.Language, Created: time.Now().UTC().Format(time.RFC3339),
		Refs: map[string]*refStats{}, PosDef: map[string]*counter{}, NameDef: map[string]*counter{},
		NameDefAlt: map[string]*counter{}, NameDefUniq: map[string]*counter{},
		ToolErrors: map[string][]string{}, Latency: map[string]latencySummary{}, latencies: map[string][]float64{},
	}
}

func (r *navReport) toolError(tool, msg string) {
	if len(r.ToolErrors[tool]) < 10 {
		r.ToolErrors[tool] = append(r.ToolErrors[tool], msg)
	}
}

func bump[T any](m map[string]*T, keys ...string) []*T {
	out := make([]*T, len(keys))
	for i, k := range keys {
		if m[k] == nil {
			m[k] = new(T)
		}
		out[i] = m[k]
	}
	return out
}

// toolCaller is what scoreNav needs of an MCP session (an interface, so the
// scorer runs in tests on canned answers).
type toolCaller interface {
	call(name string, args map[string]any) (toolResult, time.Duration, error)
}

// scoreNav asks codeseek about every symbol of t and compares.
func scoreNav(t *Truth, m toolCaller, repoID string, opt navScoreOptions) (*navReport, error) {
	rep := newNavReport(t)
	visible := map[string]bool{}
	for _, f := range t.VisibleFiles {
		visible[f] = true
	}
	var lines fileLines
	text := func(l Loc) string {
		return strings.TrimSpace(lines.line(filepath.Join(t.Root, filepath.FromSlash(l.File)), l.Line))
	}
	call := func(tool string, args map[string]any) (toolResult, error) {
		args["repository_id"] = repoID
		r, d, err := m.call(tool, args)
		if err != nil {
			return r, err
		}
		rep.latencies[tool] = append(rep.latencies[tool], float64(d.Microseconds())/1000)
		return r, nil
	}
	for i, s := range t.Symbols {
		if s.Err != "" {
			rep.Skipped++
			continue
		}
		if opt.Verbose || (i+1)%25 == 0 {
			logf("%s: %d/%d %s", t.Language, i+1, len(t.Symbols), s.Qualified)
		}
		res := symbolResult{ID: s.ID, Qualified: s.Qualified, Kind: s.Kind}
		// find_references by position of the declaring identifier.
		r, err := call("find_references", map[string]any{"file_path": s.File, "line": s.Line, "column": s.Col, "limit": opt.Limit})
		if err != nil {
			return nil, fmt.Errorf("find_references %s: %w", s.Qualified, err)
		}
		var ra refAnswer
		if r.IsError {
			res.RefsError = r.text()
			rep.toolError("find_references", s.Qualified+": "+r.text())
		} else if err := json.Unmarshal(r.StructuredContent, &ra); err != nil {
			res.RefsError = "structuredContent: " + err.Error()
			rep.toolError("find_references", s.Qualified+": "+res.RefsError)
		}
		o := scoreRefs(s, visible, ra)
		for _, st := range bump(rep.Refs, s.Kind, "all") {
			st.add(o)
			if res.RefsError != "" {
				st.Errors++
			}
		}
		res.Truth, res.Found, res.FoundExact, res.Exact, res.ExactOK, res.Outside = o.Truth, o.Found, o.FoundExact, o.ExactAnswers, o.ExactCorrect, o.Outside
		if ra.Definition != nil {
			ok := defHit(s.Loc, *ra.Definition)
			res.Resolved = &ok
			rep.Resolved.add(ok)
		} else if res.RefsError == "" {
			rep.Resolved.add(false)
		}
		for _, mr := range o.Missed {
			cat := opt.Category(s.Kind, mr)
			if res.RefsError != "" {
				cat = "no answer: the tool failed on the symbol"
			}
			rep.Misses.add(cat, missExample{Symbol: s.Qualified, Loc: mr.Loc, Text: text(mr.Loc)})
		}
		if len(o.FalseExact) > 0 {
			res.FalseExact = o.FalseExact[:min(len(o.FalseExact), 5)]
			if len(rep.FalseExact) < 15 {
				a := o.FalseExact[0]
				l := Loc{cleanRel(a.FilePath), a.Line, a.Column}
				rep.FalseExact = append(rep.FalseExact, missExample{Symbol: s.Qualified, Loc: l, Text: text(l)})
			}
		}

		// find_definition at the recorded reference sites.
		for _, ds := range s.DefSites {
			if len(ds.Want) == 0 {
				continue
			}
			r, err := call("find_definition", map[string]any{"file_path": ds.File, "line": ds.Line, "column": ds.Col})
			if err != nil {
				return nil, fmt.Errorf("find_definition %s:%d:%d: %w", ds.File, ds.Line, ds.Col, err)
			}
			var da defAnswer
			if r.IsError {
				rep.PosDefErrs++
				rep.toolError("find_definition(position)", posKey(ds.File, ds.Line, ds.Col)+": "+r.text())
			} else if err := json.Unmarshal(r.StructuredContent, &da); err != nil {
				rep.PosDefErrs++
				rep.toolError("find_definition(position)", "structuredContent: "+err.Error())
			}
			rank := defRank(ds.Want[:1], da.Definitions)
			res.SiteRanks = append(res.SiteRanks, rank)
			for _, c := range bump(rep.PosDef, s.Kind, "all") {
				c.add(rank == 1)
			}
		}

		// find_definition by the natural qualified name.
		r, err = call("find_definition", map[string]any{"symbol": s.Qualified})
		if err != nil {
			return nil, fmt.Errorf("find_definition %s: %w", s.Qualified, err)
		}
		var da defAnswer
		if r.IsError {
			rep.NameDefErrs++
			res.NameError = r.text()
			rep.toolError("find_definition(name)", s.Qualified+": "+r.text())
		} else if err := json.Unmarshal(r.StructuredContent, &da); err != nil {
			rep.NameDefErrs++
			res.NameError = "structuredContent: " + err.Error()
		}
		res.NameRank = defRank([]Loc{s.Loc}, da.Definitions)
		if len(da.Definitions) > 0 {
			res.NameTop = &da.Definitions[0]
		}
		altRank := defRank(append([]Loc{s.Loc}, s.AltDecls...), da.Definitions)
		for _, c := range bump(rep.NameDef, s.Kind, "all") {
			c.add(res.NameRank == 1)
		}
		for _, c := range bump(rep.NameDefAlt, s.Kind, "all") {
			c.add(altRank == 1)
		}
		if s.Ambiguous <= 1 {
			for _, c := range bump(rep.NameDefUniq, s.Kind, "all") {
				c.add(res.NameRank == 1)
			}
		}
		if res.NameRank != 1 {
			cat := "no definition returned"
			switch {
			case res.NameError != "":
				cat = "tool error"
			case len(da.Definitions) > 0 && altRank == 1:
				cat = "another build variant of the same declaration first (other platform)"
			case len(da.Definitions) > 0 && s.Ambiguous > 1:
				cat = "name shared by several packages: another one first"
			case res.NameRank > 1:
				cat = "right declaration ranked below the first"
			case len(da.Definitions) > 0:
				cat = "wrong declaration"
			}
			ex := missExample{Symbol: s.Qualified, Loc: s.Loc}
			if res.NameTop != nil {
				ex.Text = fmt.Sprintf("got %s:%d %s", res.NameTop.FilePath, res.NameTop.Line, res.NameTop.Symbol)
			}
			rep.MissesName.add(cat, ex)
		}
		rep.Symbols = append(rep.Symbols, res)
	}
	for tool, ls := range rep.latencies {
		rep.Latency[tool] = latencySummary{Calls: len(ls), P50ms: percentile(ls, 50), P95ms: percentile(ls, 95)}
	}
	return rep, nil
}

// kindOrder is the order kinds are printed in.
func kindOrder(m map[string]*refStats) []string {
	var ks []string
	for k := range m {
		if k != "all" {
			ks = append(ks, k)
		}
	}
	sort.Strings(ks)
	return append(ks, "all")
}

// printNavReport prints the tables of a navReport.
func printNavReport(w io.Writer, rep *navReport) {
	fmt.Fprintf(w, "## %s: codeseek vs %s\n\n", rep.Language, rep.Oracle)
	if rep.IndexSecs > 0 {
		fmt.Fprintf(w, "indexed in %.0f s; ", rep.IndexSecs)
	}
	fmt.Fprintf(w, "symbols skipped because the oracle failed on them: %d\n\n", rep.Skipped)
	fmt.Fprintln(w, "### find_references (by position of the declaring name)")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| kind | symbols | oracle refs | recall (exact+name) | found as exact | precision of exact | line-only matches | outside oracle files | declaration listed | truncated | tool errors |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|")
	for _, k := range kindOrder(rep.Refs) {
		s := rep.Refs[k]
		fmt.Fprintf(w, "| %s | %d | %d | %s | %s | %s | %d | %d | %d | %d | %d |\n", k, s.Symbols, s.Truth,
			counter{s.Found, s.Truth}, counter{s.FoundExact, s.Truth}, counter{s.ExactCorrect, s.ExactAnswers},
			s.LineFallback, s.Outside, s.DeclListed, s.Truncated, s.Errors)
	}
	fmt.Fprintf(w, "\nthe answer's `definition` is the sampled declaration: %s\n", rep.Resolved)
	fmt.Fprintln(w, "\n### find_definition (top-1)")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| kind | by position (reference sites) | by name | by name, any build variant | by name, unambiguous names only |")
	fmt.Fprintln(w, "|---|---|---|---|---|")
	keys := map[string]*refStats{}
	for k := range rep.NameDef {
		keys[k] = nil
	}
	for _, k := range kindOrder(keys) {
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n", k, deref(rep.PosDef[k]), deref(rep.NameDef[k]), deref(rep.NameDefAlt[k]), deref(rep.NameDefUniq[k]))
	}
	fmt.Fprintf(w, "\ntool errors: position %d, name %d\n", rep.PosDefErrs, rep.NameDefErrs)
	printTally(w, "find_references misses by category", rep.Misses)
	printTally(w, "find_definition by name: misses", rep.MissesName)
	if len(rep.FalseExact) > 0 {
		fmt.Fprintln(w, "\n### exact answers the oracle does not list (examples)")
		fmt.Fprintln(w)
		for _, e := range rep.FalseExact {
			fmt.Fprintf(w, "- %s: %s:%d:%d `%s`\n", e.Symbol, e.File, e.Line, e.Col, clip(e.Text, 100))
		}
	}
	if len(rep.ToolErrors) > 0 {
		fmt.Fprintln(w, "\n### tool errors (first ones)")
		fmt.Fprintln(w)
		for tool, es := range rep.ToolErrors {
			for _, e := range es {
				fmt.Fprintf(w, "- %s: %s\n", tool, clip(e, 200))
			}
		}
	}
	fmt.Fprintln(w, "\n### latency as seen by the client")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| tool | calls | p50 ms | p95 ms |")
	fmt.Fprintln(w, "|---|---|---|---|")
	var tools []string
	for t := range rep.Latency {
		tools = append(tools, t)
	}
	sort.Strings(tools)
	for _, t := range tools {
		l := rep.Latency[t]
		fmt.Fprintf(w, "| %s | %d | %.1f | %.1f |\n", t, l.Calls, l.P50ms, l.P95ms)
	}
}

func deref(c *counter) string {
	if c == nil {
		return "n/a"
	}
	return c.String()
}

func printTally(w io.Writer, title string, t missTally) {
	if len(t.Count) == 0 {
		return
	}
	fmt.Fprintf(w, "\n### %s\n\n", title)
	type kv struct {
		k string
		n int
	}
	var kvs []kv
	total := 0
	for k, n := range t.Count {
		kvs = append(kvs, kv{k, n})
		total += n
	}
	sort.Slice(kvs, func(i, j int) bool {
		if kvs[i].n != kvs[j].n {
			return kvs[i].n > kvs[j].n
		}
		return kvs[i].k < kvs[j].k
	})
	for _, x := range kvs {
		fmt.Fprintf(w, "- **%s**: %d (%s)\n", x.k, x.n, pct(ratio(x.n, total)))
		for _, e := range t.Examples[x.k] {
			fmt.Fprintf(w, "  - %s — %s:%d:%d `%s`\n", e.Symbol, e.File, e.Line, e.Col, clip(e.Text, 100))
		}
	}
}

func clip(s string, n int) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// loadTruth reads a truth file and says which command makes it when it is
// missing.
func loadTruth(path, command string) (*Truth, error) {
	var t Truth
	if err := readJSON(path, &t); err != nil {
		if os.IsNotExist(err) {
			return nil, fmt.Errorf("%s not found: run `navoracle %s` first", path, command)
		}
		return nil, err
	}
	return &t, nil
}
