package benchmarks

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/tokens"
	"github.com/codeseek/codeseek/tools"
)

// Tokens to the answer: how much an agent reads before it reaches a file
// that answers its question, over the file-level dev set (semble's
// annotations in ../shared/eval/filelevel, the corpora its run.py
// prepares). Per query, codeseek's agent reads the search_code answer in
// compact, concise form result by result and, at a result in a relevant
// file, that hit's lines; the grep agent runs ripgrep for the query's
// words and reads the matching files whole, most matches first (it cannot
// tell a relevant file before reading it). Both are
// also scored by the share of relevant files reached within 1k, 2k and 4k
// tokens.
//
//	python3 ../shared/eval/filelevel/run.py --prepare-only --mirror-root DIR
//	go test ./benchmarks -run '^$' -bench TokensToAnswer -benchtime 1x -timeout 60m

// answerBudgets are the reading budgets recall is measured at.
var answerBudgets = []int{1000, 2000, 4000}

// answerLimit is how many results the search asks for: enough that the
// budgets, not the page, end the reading.
const answerLimit = 50

type fileLevelRepo struct {
	Name          string            `json:"name"`
	BenchmarkRoot string            `json:"benchmark_root"`
	PathMap       map[string]string `json:"path_map"`
}

type fileLevelQuery struct {
	Query    string            `json:"query"`
	Relevant []json.RawMessage `json:"relevant"`
}

// targetPath reads an annotation target: a path, or an object with one.
func targetPath(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var o struct {
		Path string `json:"path"`
	}
	json.Unmarshal(raw, &o)
	return o.Path
}

// pathMatches is semble's rule: equal, or one a suffix of the other at a
// path boundary.
func pathMatches(a, b string) bool {
	return a == b || strings.HasSuffix(a, "/"+b) || strings.HasSuffix(b, "/"+a)
}

// reading is one agent's walk down its ranked files for one query.
type reading struct {
	toFirst int         // tokens read until the first relevant file; -1 when never reached
	within  map[int]int // budget -> relevant files reached within it
	wanted  int
}

// read walks items in order, counting what each costs to read.
func read(items []readItem, relevant []string) reading {
	r := reading{toFirst: -1, within: map[int]int{}, wanted: len(relevant)}
	seen := map[string]bool{}
	spent := 0
	for _, it := range items {
		spent += it.tokens
		for _, want := range relevant {
			if seen[want] || !pathMatches(it.path, want) {
				continue
			}
			seen[want] = true
			spent += it.open
			if r.toFirst < 0 {
				r.toFirst = spent
			}
			for _, b := range answerBudgets {
				if spent <= b {
					r.within[b]++
				}
			}
		}
	}
	return r
}

// readItem is one entry of what an agent reads: a file, the tokens of
// its entry, and the tokens it reads more when the entry proves relevant.
type readItem struct {
	path   string
	tokens int
	open   int
}

func countTokens(b *testing.B, s string) int {
	n, err := tokens.Count(s)
	if err != nil {
		b.Fatal(err)
	}
	return n
}

// codeseekReading is what the search agent reads: each result's share of
// the compact, concise answer and, to open, the hit's lines.
func codeseekReading(b *testing.B, svc *tools.Service, repoID, root, query string) []readItem {
	resp, err := svc.Search(context.Background(), tools.SearchParams{Query: query, RepositoryID: repoID, Limit: answerLimit})
	if err != nil {
		b.Fatal(err)
	}
	opt := formatter.Options{Format: formatter.Compact, Detail: formatter.Concise}
	var items []readItem
	prev := 0
	for i, hit := range resp.Results {
		part := resp
		part.Results = resp.Results[:i+1]
		out, err := formatter.RenderSearch(part, opt)
		if err != nil {
			b.Fatal(err)
		}
		n := countTokens(b, out)
		items = append(items, readItem{path: joinRoot(root, hit.FilePath), tokens: n - prev, open: countTokens(b, hit.Content)})
		prev = n
	}
	return items
}

// grepReading is what the grep agent reads: ripgrep's list of matching
// files with counts, then the files whole, most matches first.
func grepReading(b *testing.B, dir, root, query string) []readItem {
	args := []string{"-c", "-i", "-F"}
	for _, w := range queryWords(query) {
		args = append(args, "-e", w)
	}
	if len(args) == 3 {
		return nil
	}
	cmd := exec.Command("rg", append(args, ".")...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		if e, ok := err.(*exec.ExitError); !ok || e.ExitCode() != 1 {
			b.Fatalf("rg: %v", err)
		}
	}
	type match struct {
		path  string
		count int
	}
	var ms []match
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		i := strings.LastIndexByte(line, ':')
		if i < 0 {
			continue
		}
		var n int
		fmt.Sscan(line[i+1:], &n)
		ms = append(ms, match{strings.TrimPrefix(line[:i], "./"), n})
	}
	sort.SliceStable(ms, func(i, j int) bool {
		if ms[i].count != ms[j].count {
			return ms[i].count > ms[j].count
		}
		return ms[i].path < ms[j].path
	})
	listing := countTokens(b, string(out)) // the agent reads rg's answer first
	var items []readItem
	for i, m := range ms {
		src, err := os.ReadFile(filepath.Join(dir, m.path))
		if err != nil {
			continue
		}
		n := countTokens(b, string(src))
		if i == 0 {
			n += listing
		}
		items = append(items, readItem{path: joinRoot(root, m.path), tokens: n})
	}
	return items
}

// queryWords are the words an agent would grep for: the query's words of
// three letters or more, common English words left out.
func queryWords(q string) []string {
	stop := map[string]bool{"the": true, "and": true, "for": true, "how": true, "are": true, "with": true,
		"from": true, "into": true, "what": true, "when": true, "where": true, "which": true, "that": true,
		"this": true, "does": true, "its": true, "their": true, "between": true, "work": true, "works": true}
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(q), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_')
	}) {
		if len(w) >= 3 && !stop[w] {
			out = append(out, w)
		}
	}
	return out
}

func joinRoot(root, p string) string {
	if root == "" {
		return p
	}
	return root + "/" + p
}

// BenchmarkTokensToAnswer reports, for codeseek and for ripgrep plus
// reading, the median tokens read until the first relevant file and the
// share of relevant files reached within each budget.
func BenchmarkTokensToAnswer(b *testing.B) {
	if _, err := exec.LookPath("rg"); err != nil {
		b.Skip("ripgrep (rg) is not installed: apt-get install ripgrep")
	}
	shared := os.Getenv("CODESEEK_SHARED")
	if shared == "" {
		shared = filepath.Join("..", "..", "shared")
	}
	corpora := os.Getenv("CODESEEK_FILELEVEL_CORPORA")
	if corpora == "" {
		corpora = filepath.Join(os.TempDir(), "codeseek-filelevel", "corpora")
	}
	var spec struct {
		Repos []fileLevelRepo `json:"repos"`
	}
	raw, err := os.ReadFile(filepath.Join(shared, "eval", "filelevel", "corpora.json"))
	if err == nil {
		err = json.Unmarshal(raw, &spec)
	}
	if err != nil {
		b.Skipf("no file-level dev set at %s (set CODESEEK_SHARED): %v", shared, err)
	}
	if _, err := os.Stat(corpora); err != nil {
		b.Skipf("no prepared corpora at %s: run python3 ../shared/eval/filelevel/run.py --prepare-only --mirror-root DIR", corpora)
	}
	emb, err := embedding.NewBuiltin()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		svc, err := tools.New(tools.Config{DataDir: b.TempDir(), Embedder: emb})
		if err != nil {
			b.Fatal(err)
		}
		var seek, grep []reading
		for _, repo := range spec.Repos {
			var qs []fileLevelQuery
			raw, err := os.ReadFile(filepath.Join(shared, "eval", "filelevel", "annotations", repo.Name+".json"))
			if err != nil || json.Unmarshal(raw, &qs) != nil {
				b.Fatalf("annotations of %s: %v", repo.Name, err)
			}
			dir := filepath.Join(corpora, repo.Name, repo.BenchmarkRoot)
			rep, err := svc.IndexRepository(context.Background(), tools.IndexParams{RepoPath: dir})
			if err != nil {
				b.Fatalf("index %s: %v", dir, err)
			}
			for _, q := range qs {
				var rel []string
				for _, t := range q.Relevant {
					p := targetPath(t)
					if m, ok := repo.PathMap[p]; ok {
						p = m
					}
					if _, err := os.Stat(filepath.Join(corpora, repo.Name, p)); err == nil {
						rel = append(rel, p)
					}
				}
				if len(rel) == 0 || len(rel) != len(q.Relevant) {
					continue // a relevant file is missing from the corpus: run.py drops these too
				}
				seek = append(seek, read(codeseekReading(b, svc, rep.RepositoryID, repo.BenchmarkRoot, q.Query), rel))
				grep = append(grep, read(grepReading(b, dir, repo.BenchmarkRoot, q.Query), rel))
			}
		}
		report := func(name string, rs []reading) {
			var first []int
			found := map[int]int{}
			wanted := 0
			for _, r := range rs {
				if r.toFirst >= 0 {
					first = append(first, r.toFirst)
				} else {
					first = append(first, 1<<30) // never reached: sorts last
				}
				for _, bud := range answerBudgets {
					found[bud] += r.within[bud]
				}
				wanted += r.wanted
			}
			sort.Ints(first)
			b.ReportMetric(float64(first[len(first)/2]), name+"-median-tokens-to-first")
			for _, bud := range answerBudgets {
				b.ReportMetric(float64(found[bud])/float64(wanted), fmt.Sprintf("%s-recall@%dk", name, bud/1000))
			}
		}
		report("codeseek", seek)
		report("rg", grep)
		b.ReportMetric(float64(len(seek)), "queries")
	}
}

// TestReadCountsTokensToTheAnswer pins the reading model: entries are paid
// for in order, a relevant entry's lines on top, budgets counted inclusive.
func TestReadCountsTokensToTheAnswer(t *testing.T) {
	items := []readItem{{"a.go", 100, 500}, {"src/b.go", 100, 300}, {"c.go", 900, 50}, {"src/b.go", 100, 300}}
	r := read(items, []string{"b.go", "c.go"})
	if r.toFirst != 500 { // 100 + 100 + b's 300 lines
		t.Errorf("tokens to the first relevant file %d, want 500", r.toFirst)
	}
	if r.within[1000] != 1 || r.within[2000] != 2 || r.wanted != 2 { // c.go is reached at 1,450
		t.Errorf("within %v of %d, want b.go within 1k and both within 2k", r.within, r.wanted)
	}
	if r := read(items, []string{"d.go"}); r.toFirst != -1 || r.within[4000] != 0 {
		t.Errorf("a file never listed: %+v", r)
	}
}
