package main

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// ctagsLangResult is one language's score.
type ctagsLangResult struct {
	Lang      string              `json:"language"`
	Root      string              `json:"root"`
	Skipped   string              `json:"skipped,omitempty"`
	IndexSecs float64             `json:"index_seconds"`
	Top1      counter             `json:"top1"`
	Top5      counter             `json:"top5"`
	ByGroup   map[string]*counter `json:"by_group"`
	Misses    missTally           `json:"misses"` // by "kind: failure"
	Calls     int                 `json:"answered_calls"`
	P50ms     float64             `json:"p50_ms"`
	P95ms     float64             `json:"p95_ms"`
	Answers   []ctagsAnswer       `json:"answers"`
}

// ctagsAnswer is codeseek's top answer for one sampled tag.
type ctagsAnswer struct {
	Symbol string         `json:"symbol"`
	Want   Loc            `json:"want"`
	Rank   int            `json:"rank"`
	Top    *navDefinition `json:"top,omitempty"`
	Error  string         `json:"error,omitempty"`
}

// ctagsFailure names how a definition lookup missed.
func ctagsFailure(want Loc, rank int, defs []navDefinition, toolErr string) string {
	switch {
	case toolErr != "":
		return "tool error"
	case len(defs) == 0:
		return "no definition returned"
	case rank > 1:
		return "right definition ranked below the first"
	case cleanRel(defs[0].FilePath) == want.File:
		return "right file, other lines"
	}
	return "other file"
}

// scoreCtagsCorpus asks find_definition for every sample of c.
func scoreCtagsCorpus(c CtagsCorpus, m toolCaller, repoID string) ctagsLangResult {
	res := ctagsLangResult{Lang: c.Lang, Root: c.Root, ByGroup: map[string]*counter{}}
	var lat []float64
	for _, s := range c.Samples {
		want := Loc{File: s.File, Line: s.Line}
		a := ctagsAnswer{Symbol: s.Symbol, Want: want}
		r, d, err := m.call("find_definition", map[string]any{"symbol": s.Symbol, "repository_id": repoID})
		var da defAnswer
		switch {
		case err != nil:
			a.Error = err.Error()
		case r.IsError:
			a.Error = r.text()
		default:
			lat = append(lat, float64(d.Microseconds())/1000)
			if jerr := json.Unmarshal(r.StructuredContent, &da); jerr != nil {
				a.Error = "structuredContent: " + jerr.Error()
			}
		}
		a.Rank = defRank([]Loc{want}, da.Definitions)
		if len(da.Definitions) > 0 {
			a.Top = &da.Definitions[0]
		}
		res.Top1.add(a.Rank == 1)
		res.Top5.add(a.Rank >= 1 && a.Rank <= 5)
		bump(res.ByGroup, s.Group)[0].add(a.Rank == 1)
		if a.Rank != 1 {
			ex := missExample{Symbol: s.Symbol, Loc: want}
			if a.Top != nil {
				ex.Text = fmt.Sprintf("got %s:%d-%d %s", a.Top.FilePath, a.Top.StartLine, a.Top.EndLine, a.Top.Symbol)
			} else if a.Error != "" {
				ex.Text = clip(a.Error, 120)
			}
			res.Misses.add(s.Kind+": "+ctagsFailure(want, a.Rank, da.Definitions, a.Error), ex)
		}
		res.Answers = append(res.Answers, a)
	}
	res.Calls, res.P50ms, res.P95ms = len(lat), percentile(lat, 50), percentile(lat, 95)
	return res
}

// ctagsReport is the output of ctags-score.
type ctagsReport struct {
	Ctags   string              `json:"ctags"`
	Binary  string              `json:"binary"`
	Created string              `json:"created"`
	Top1    counter             `json:"top1"`
	ByGroup map[string]*counter `json:"by_group"`
	Langs   []ctagsLangResult   `json:"languages"`
}

func runCtagsScore(args []string, stdout io.Writer) error {
	fs := newFlags("ctags-score")
	sf := addScoreFlags(fs, "index-ctags-LANG (index-go for Go, index-py for Python)")
	var only listFlag
	fs.Var(&only, "lang", "only these languages (repeatable or comma-separated)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var truth CtagsTruth
	path := filepath.Join(*sf.cache, "ctags-truth.json")
	if err := readJSON(path, &truth); err != nil {
		return fmt.Errorf("%v: run `navoracle ctags-truth` first", err)
	}
	rep := &ctagsReport{Ctags: truth.Ctags, Created: time.Now().UTC().Format(time.RFC3339), ByGroup: map[string]*counter{}}
	for _, c := range truth.Corpora {
		if len(only) > 0 && !contains(only, c.Lang) {
			continue
		}
		if c.Missing != "" || len(c.Samples) == 0 {
			rep.Langs = append(rep.Langs, ctagsLangResult{Lang: c.Lang, Skipped: "no corpus: " + c.Missing})
			continue
		}
		dataName := "index-ctags-" + safeName(c.Lang)
		switch c.Lang {
		case "Go":
			dataName = "index-go"
		case "Python":
			dataName = "index-py"
		}
		run, err := sf.run(dataName)
		if err != nil {
			return err
		}
		rep.Binary = run.Bin + " " + strings.Join(run.Extra, " ")
		m, repoID, took, err := ensureIndexed(run, c.Root, *sf.indexTimeout, *sf.callTimeout)
		if err != nil {
			return fmt.Errorf("%s: %w", c.Lang, err)
		}
		if err := m.requireTools("find_definition"); err != nil {
			m.close()
			return err
		}
		res := scoreCtagsCorpus(c, m, repoID)
		m.close()
		res.IndexSecs = took.Seconds()
		rep.Top1.N += res.Top1.N
		rep.Top1.D += res.Top1.D
		for g, x := range res.ByGroup {
			t := bump(rep.ByGroup, g)[0]
			t.N += x.N
			t.D += x.D
		}
		logf("ctags-score: %s top-1 %s", c.Lang, res.Top1)
		rep.Langs = append(rep.Langs, res)
	}
	printCtagsReport(stdout, rep)
	out := filepath.Join(*sf.cache, "ctags-score.json")
	if err := writeJSON(out, rep); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\nresults: %s\n", out)
	return nil
}

func printCtagsReport(w io.Writer, rep *ctagsReport) {
	fmt.Fprintf(w, "## find_definition by symbol vs %s\n\n", rep.Ctags)
	fmt.Fprintln(w, "| language | top-1 | in top 5 | function | method | type | p50 ms | p95 ms | indexed in |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|")
	for _, l := range rep.Langs {
		if l.Skipped != "" {
			fmt.Fprintf(w, "| %s | skipped: %s | | | | | | | |\n", l.Lang, clip(l.Skipped, 120))
			continue
		}
		p50, p95 := "n/a", "n/a"
		if l.Calls > 0 {
			p50, p95 = fmt.Sprintf("%.1f", l.P50ms), fmt.Sprintf("%.1f", l.P95ms)
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %s | %.0f s |\n", l.Lang, l.Top1, l.Top5,
			deref(l.ByGroup["function"]), deref(l.ByGroup["method"]), deref(l.ByGroup["type"]), p50, p95, l.IndexSecs)
	}
	fmt.Fprintf(w, "| **all** | %s | | %s | %s | %s | | | |\n", rep.Top1, deref(rep.ByGroup["function"]), deref(rep.ByGroup["method"]), deref(rep.ByGroup["type"]))
	// Misses by kind over all languages.
	if rep.Top1.N < rep.Top1.D {
		fmt.Fprintln(w, "\n### misses by language, ctags kind and failure")
		fmt.Fprintln(w)
		for _, l := range rep.Langs {
			for _, k := range sortedKeys(l.Misses.Count) {
				fmt.Fprintf(w, "- %s %s: %d", l.Lang, k, l.Misses.Count[k])
				var exs []string
				for _, e := range l.Misses.Examples[k] {
					exs = append(exs, fmt.Sprintf("`%s` (%s:%d; %s)", e.Symbol, e.File, e.Line, clip(e.Text, 90)))
				}
				fmt.Fprintf(w, " — %s\n", strings.Join(exs, "; "))
			}
		}
	}
}

func sortedKeys(m map[string]int) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool {
		if m[ks[i]] != m[ks[j]] {
			return m[ks[i]] > m[ks[j]]
		}
		return ks[i] < ks[j]
	})
	return ks
}
