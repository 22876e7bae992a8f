package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/codeseek/codeseek/formatter"
)

// tokenRow is one symbol of the token comparison.
type tokenRow struct {
	Symbol        string  `json:"symbol"`
	Name          string  `json:"name"`
	OracleCalls   int     `json:"oracle_calls"`  // gopls call sites in visible files
	Covered       int     `json:"covered"`       // of those, in codeseek's answer (file+line)
	CoverageFrom  string  `json:"coverage_from"` // "compact" (its structuredContent) or "json" (a second call)
	CodeseekTok   int     `json:"codeseek_tokens"`
	RgTok         int     `json:"rg_tokens"`
	RgLines       int     `json:"rg_lines"`
	Ratio         float64 `json:"ratio"` // codeseek / rg
	Error         string  `json:"error,omitempty"`
	CodeseekBytes int     `json:"codeseek_bytes"`
}

// tokenReport is the result of go-tokens.
type tokenReport struct {
	Binary      string     `json:"binary"`
	Created     string     `json:"created"`
	Seed        uint64     `json:"seed"`
	Pool        int        `json:"pool"` // sampled symbols with at least one call site
	Rows        []tokenRow `json:"rows"`
	MedianRatio float64    `json:"median_ratio"`
	SumCodeseek int        `json:"sum_codeseek_tokens"`
	SumRg       int        `json:"sum_rg_tokens"`
	Coverage    counter    `json:"coverage"`
	FromCompact int        `json:"coverage_from_compact"` // rows whose coverage came from the compact answer itself
	ToolErrors  int        `json:"tool_errors"`           // rows left out of the median ratio
	Complete    int        `json:"symbols_fully_covered"`
}

func runGoTokens(args []string, stdout io.Writer) error {
	fs := newFlags("go-tokens")
	sf := addScoreFlags(fs, "index-go")
	n := fs.Int("n", 50, "symbols with callers to compare")
	seed := fs.Uint64("seed", 1, "seed of the choice among the sampled symbols")
	limit := fs.Int("limit", 1000, "find_references limit")
	if err := fs.Parse(args); err != nil {
		return err
	}
	rg, err := lookTool("rg")
	if err != nil {
		return err
	}
	run, err := sf.run("index-go")
	if err != nil {
		return err
	}
	t, err := loadTruth(filepath.Join(*sf.cache, "go-truth.json"), "go-truth")
	if err != nil {
		return err
	}
	pool := symbolsWithCalls(t)
	chosen := pick(rand.New(rand.NewPCG(*seed, 0x746f6b656e73)), pool, *n) // "tokens"
	m, repoID, _, err := ensureIndexed(run, t.Root, *sf.indexTimeout, *sf.callTimeout)
	if err != nil {
		return err
	}
	defer m.close()
	if err := m.requireTools("find_references"); err != nil {
		return err
	}
	rep := &tokenReport{Binary: run.Bin, Created: time.Now().UTC().Format(time.RFC3339), Seed: *seed, Pool: len(pool)}
	var ratios []float64
	for _, s := range chosen {
		row := tokenRow{Symbol: s.Qualified, Name: s.Name}
		args := map[string]any{"repository_id": repoID, "file_path": s.File, "line": s.Line, "column": s.Col,
			"kind": "call", "response_format": "compact", "detail_level": "concise", "limit": *limit}
		r, _, err := m.call("find_references", args)
		if err != nil {
			return err
		}
		text := r.text()
		row.CodeseekBytes = len(text)
		if row.CodeseekTok, err = formatter.CountTokens(text); err != nil {
			return err
		}
		if r.IsError {
			row.Error = clip(text, 200)
		}
		rgOut, err := rgWords(rg, t.Root, s.Name)
		if err != nil {
			return err
		}
		row.RgLines = countLines(rgOut)
		if row.RgTok, err = formatter.CountTokens(rgOut); err != nil {
			return err
		}
		if row.RgTok > 0 && !r.IsError { // no ratio for a tool error or when rg finds nothing
			row.Ratio = ratio(row.CodeseekTok, row.RgTok)
			ratios = append(ratios, row.Ratio)
		}

		// Coverage of gopls's call sites (file+line).
		var ra refAnswer
		row.CoverageFrom = "compact"
		if r.IsError || json.Unmarshal(r.StructuredContent, &ra) != nil || (ra.References == nil && ra.TotalCount == 0) {
			row.CoverageFrom = "json"
			delete(args, "response_format")
			delete(args, "detail_level")
			r2, _, err := m.call("find_references", args)
			if err != nil {
				return err
			}
			ra = refAnswer{}
			_ = json.Unmarshal(r2.StructuredContent, &ra)
		}
		lines := map[string]bool{}
		for _, a := range ra.References {
			lines[lineKey(cleanRel(a.FilePath), a.Line)] = true
		}
		for _, c := range s.Refs {
			if c.Visible && c.Call {
				row.OracleCalls++
				if lines[lineKey(c.File, c.Line)] {
					row.Covered++
				}
			}
		}
		if row.CoverageFrom == "compact" {
			rep.FromCompact++
		}
		if row.Error != "" {
			rep.ToolErrors++
		}
		rep.Coverage.N += row.Covered
		rep.Coverage.D += row.OracleCalls
		if row.Covered == row.OracleCalls {
			rep.Complete++
		}
		rep.SumCodeseek += row.CodeseekTok
		rep.SumRg += row.RgTok
		rep.Rows = append(rep.Rows, row)
	}
	rep.MedianRatio = median(ratios)
	printTokenReport(stdout, rep)
	out := filepath.Join(*sf.cache, "go-tokens.json")
	if err := writeJSON(out, rep); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\nresults: %s\n", out)
	return nil
}

// symbolsWithCalls are the truth's symbols with at least one call site in
// a visible file, in truth order.
func symbolsWithCalls(t *Truth) []TruthSymbol {
	var out []TruthSymbol
	for _, s := range t.Symbols {
		if s.Err != "" {
			continue
		}
		for _, r := range s.Refs {
			if r.Visible && r.Call {
				out = append(out, s)
				break
			}
		}
	}
	return out
}

// rgWords runs `rg -n -w NAME` in dir, the way an agent without navigation
// tools would look for callers; no match is an empty output.
func rgWords(rg, dir, name string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, rg, "-n", "-w", name)
	cmd.Dir = dir
	out, err := cmd.Output()
	if ctx.Err() != nil {
		return "", fmt.Errorf("rg -n -w %s: timed out", name)
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) && ee.ExitCode() == 1 {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("rg -n -w %s: %w", name, err)
	}
	return string(out), nil
}

func countLines(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			n++
		}
	}
	return n
}

func printTokenReport(w io.Writer, r *tokenReport) {
	fmt.Fprintf(w, "## tokens: find_references (kind call, compact, concise) vs `rg -n -w NAME` over GOROOT/src\n\n")
	fmt.Fprintf(w, "%d symbols (seed %d) of %d sampled symbols with call sites; o200k_base tokens (formatter.CountTokens)\n\n", len(r.Rows), r.Seed, r.Pool)
	fmt.Fprintln(w, "| symbol | gopls calls | covered | codeseek tokens | rg lines | rg tokens | ratio |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|")
	for _, x := range r.Rows {
		note := ""
		if x.Error != "" {
			note = " (tool error: " + x.Error + ")"
		}
		fmt.Fprintf(w, "| %s%s | %d | %d | %d | %d | %d | %.3f |\n", x.Symbol, note, x.OracleCalls, x.Covered, x.CodeseekTok, x.RgLines, x.RgTok, x.Ratio)
	}
	fmt.Fprintf(w, "\nmedian ratio codeseek/rg: %.3f (over %d symbols; %d tool errors left out); total tokens codeseek %d vs rg %d (%.3f)\n", r.MedianRatio, len(r.Rows)-r.ToolErrors, r.ToolErrors, r.SumCodeseek, r.SumRg, ratio(r.SumCodeseek, r.SumRg))
	fmt.Fprintf(w, "gopls call sites present in codeseek's answer (file+line): %s; symbols with every call site: %d/%d; checked on the compact answer's structuredContent for %d symbols, on a second JSON call for the rest\n", r.Coverage, r.Complete, len(r.Rows), r.FromCompact)
}
