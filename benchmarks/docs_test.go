package benchmarks

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/search"
	"github.com/codeseek/codeseek/tools"
)

// Documentation search: search_docs against Okapi BM25 over the same
// sections, on a hand-written dev set of questions over five Go modules'
// Markdown documentation (benchmarks/testdata/docs-dev.json). Each question
// names the section(s) that answer it; a result counts as a section when
// most of its lines lie inside it. The modules are read from the module
// cache, so the benchmark needs no network once they are downloaded:
//
//	go mod download google.golang.org/grpc@v1.85.0 ...   (the skip message lists them)
//	go test ./benchmarks -run '^$' -bench DocsSearch -benchtime 1x -timeout 30m

// docsDevSet is the dev set file.
const docsDevSet = "testdata/docs-dev.json"

// docsCutoff is the rank NDCG, recall and MRR are measured at; search_docs
// is asked for this many results.
const docsCutoff = 10

type docsSet struct {
	Projects []docsProject `json:"projects"`
}

type docsProject struct {
	Name    string `json:"name"`
	Module  string `json:"module"`
	Version string `json:"version"`
	// Docs is the folder, relative to the module root, that is indexed.
	Docs      string         `json:"docs"`
	Questions []docsQuestion `json:"questions"`
}

type docsQuestion struct {
	Query string `json:"query"`
	// Kind is howto, concept, config or troubleshoot.
	Kind     string        `json:"kind"`
	Relevant []docsSection `json:"relevant"`
}

// docsSection names an answering section: a file relative to the module
// root and its heading as written (without the #s), or the tail of its
// heading path ("Parent > Child") when the title repeats in the file.
type docsSection struct {
	File    string `json:"file"`
	Heading string `json:"heading"`
	Grade   int    `json:"grade"` // 2 answers the question, 1 helps
	// Subsections makes the section's subsections part of it; without it
	// the section ends at the next heading of any level.
	Subsections bool `json:"subsections,omitempty"`
}

// mdSection is one leaf section of a Markdown file: its heading line up
// to the line before the next heading of any level (1-based, inclusive).
// SpanEnd is where the section ends with its subsections, for an answer
// that names them (docsSection.Subsections).
type mdSection struct {
	File       string
	Path       string // heading path, "Install > Linux"; "" for text before the first heading
	Level      int    // 0 for the text before the first heading
	Start, End int
	SpanEnd    int // end of the section with its subsections
	Text       string
}

// parseSections cuts a Markdown file into leaf sections at ATX headings
// and setext headings ("===", "---" under a line of text), skipping fenced
// code and a leading front matter block (---/+++), whose closing line
// would otherwise read as a setext underline.
func parseSections(file, text string) []mdSection {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	type head struct {
		line, level int
		title       string
	}
	var heads []head
	i := 0
	if len(lines) > 0 && (lines[0] == "---" || lines[0] == "+++") {
		for j := 1; j < len(lines); j++ {
			if lines[j] == lines[0] {
				i = j + 1
				break
			}
		}
	}
	fence := ""
	for ; i < len(lines); i++ {
		raw := lines[i]
		t := strings.TrimSpace(raw)
		if fence != "" {
			if strings.HasPrefix(t, fence) {
				fence = ""
			}
			continue
		}
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fence = t[:3]
			continue
		}
		indented := raw != strings.TrimLeft(raw, " \t")
		if n := strings.IndexFunc(t, func(r rune) bool { return r != '#' }); !indented && n >= 1 && n <= 6 && (t[n] == ' ' || t[n] == '\t') {
			if title := strings.TrimSpace(strings.TrimRight(t[n:], "# ")); title != "" {
				heads = append(heads, head{i, n, title})
				continue
			}
		}
		if !indented && t != "" && i+1 < len(lines) && (i == 0 || strings.TrimSpace(lines[i-1]) == "") {
			u := strings.TrimSpace(lines[i+1])
			if len(u) >= 3 && (strings.Count(u, "=") == len(u) || strings.Count(u, "-") == len(u)) &&
				!strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "*") && !strings.HasPrefix(t, "|") && !strings.HasPrefix(t, "<") {
				lvl := 1
				if u[0] == '-' {
					lvl = 2
				}
				heads = append(heads, head{i, lvl, t})
				i++
			}
		}
	}
	var out []mdSection
	add := func(from, to, level int, path string) {
		if to < from {
			return
		}
		body := strings.Join(lines[from:to+1], "\n")
		if level == 0 && strings.TrimSpace(body) == "" {
			return
		}
		out = append(out, mdSection{File: file, Path: path, Level: level, Start: from + 1, End: to + 1, Text: body})
	}
	if len(heads) == 0 || heads[0].line > 0 {
		end := len(lines) - 1
		if len(heads) > 0 {
			end = heads[0].line - 1
		}
		add(0, end, 0, "")
	}
	var path []string
	for k, h := range heads {
		for len(path) < h.level {
			path = append(path, "")
		}
		path = path[:h.level]
		path[h.level-1] = h.title
		var parts []string
		for _, p := range path {
			if p != "" {
				parts = append(parts, p)
			}
		}
		end := len(lines) - 1
		if k+1 < len(heads) {
			end = heads[k+1].line - 1
		}
		add(h.line, end, h.level, strings.Join(parts, " > "))
	}
	// A section's span runs to the next heading of its level or above.
	for k := range out {
		out[k].SpanEnd = out[len(out)-1].End
		for j := k + 1; j < len(out); j++ {
			if out[k].Level > 0 && out[j].Level <= out[k].Level {
				out[k].SpanEnd = out[j].Start - 1
				break
			}
		}
		if out[k].Level == 0 {
			out[k].SpanEnd = out[k].End
		}
	}
	return out
}

// headingMatches reports whether a section's heading path is the named
// heading: the whole path, or its last titles.
func headingMatches(path, name string) bool {
	return path == name || strings.HasSuffix(path, " > "+name)
}

// docsCorpus is one project's documentation cut into sections.
type docsCorpus struct {
	sections []mdSection
	byFile   map[string][]int // file -> indexes into sections, in line order
}

func newDocsCorpus(secs []mdSection) *docsCorpus {
	c := &docsCorpus{sections: secs, byFile: map[string][]int{}}
	for i, s := range secs {
		c.byFile[s.File] = append(c.byFile[s.File], i)
	}
	return c
}

// sectionOf returns the leaf section holding most of lines start..end of
// file (the first on a tie), or -1.
func (c *docsCorpus) sectionOf(file string, start, end int) int {
	best, most := -1, 0
	for _, i := range c.byFile[file] {
		s := c.sections[i]
		if n := min(end, s.End) - max(start, s.Start) + 1; n > most {
			best, most = i, n
		}
	}
	return best
}

// judged is one question's relevant sections resolved to line spans.
type judged struct {
	file       string
	start, end int
	grade      int
}

// resolve finds each relevant section in the corpus; a name that matches
// no heading, or several, or a section with nothing under its heading,
// is an error in the dev set.
func (c *docsCorpus) resolve(q docsQuestion) ([]judged, error) {
	var out []judged
	for _, r := range q.Relevant {
		var hits []mdSection
		for _, i := range c.byFile[r.File] {
			if headingMatches(c.sections[i].Path, r.Heading) {
				hits = append(hits, c.sections[i])
			}
		}
		if len(hits) != 1 {
			return nil, fmt.Errorf("%q: %s %q matches %d sections", q.Query, r.File, r.Heading, len(hits))
		}
		h := hits[0]
		end := h.End
		if r.Subsections {
			end = h.SpanEnd
		} else if strings.TrimSpace(strings.Join(strings.Split(h.Text, "\n")[1:], "\n")) == "" {
			return nil, fmt.Errorf("%q: %s %q has no text of its own: name a subsection or set subsections", q.Query, r.File, r.Heading)
		}
		g := r.Grade
		if g == 0 {
			g = 2
		}
		out = append(out, judged{r.File, h.Start, end, g})
	}
	return out, nil
}

// units maps a ranking of leaf sections to the ranking that is scored: a
// leaf inside a relevant section stands for that section (the narrowest
// one when they nest), and each unit counts once, at its first rank. It
// returns the grades of the first cutoff units and the relevant units.
func (c *docsCorpus) units(ranked []int, rel []judged, cutoff int) (grades []int) {
	seen := map[string]bool{}
	for _, i := range ranked {
		if i < 0 {
			continue
		}
		s := c.sections[i]
		key, grade, width := fmt.Sprintf("leaf:%d", i), 0, math.MaxInt
		for k, r := range rel {
			if r.file == s.File && s.Start >= r.start && s.End <= r.end && r.end-r.start < width {
				key, grade, width = fmt.Sprintf("rel:%d", k), r.grade, r.end-r.start
			}
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		grades = append(grades, grade)
		if len(grades) == cutoff {
			break
		}
	}
	return grades
}

// ndcg is graded NDCG with gain 2^g-1 and discount log2(rank+1); ideal
// holds every relevant unit's grade.
func ndcg(grades []int, ideal []int, cutoff int) float64 {
	dcg := func(gs []int) float64 {
		var d float64
		for r, g := range gs {
			if r >= cutoff {
				break
			}
			d += (math.Pow(2, float64(g)) - 1) / math.Log2(float64(r+2))
		}
		return d
	}
	best := append([]int(nil), ideal...)
	sort.Sort(sort.Reverse(sort.IntSlice(best)))
	if id := dcg(best); id > 0 {
		return dcg(grades) / id
	}
	return 0
}

// recallMRR returns the share of the want relevant units among grades
// and the reciprocal rank of the first.
func recallMRR(grades []int, want int) (recall, rr float64) {
	found := 0
	for r, g := range grades {
		if g > 0 {
			if found == 0 {
				rr = 1 / float64(r+1)
			}
			found++
		}
	}
	return float64(found) / float64(want), rr
}

// moduleDir is where the go command keeps module@version: the module
// cache's directory with capital letters escaped as '!' plus the lower
// case.
func moduleDir(cache, module, version string) string {
	var b strings.Builder
	for _, r := range module + "@" + version {
		if unicode.IsUpper(r) {
			b.WriteByte('!')
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return filepath.Join(cache, filepath.FromSlash(b.String()))
}

func loadDocsSet(tb testing.TB) docsSet {
	raw, err := os.ReadFile(docsDevSet)
	if err != nil {
		tb.Fatal(err)
	}
	var set docsSet
	if err := json.Unmarshal(raw, &set); err != nil {
		tb.Fatalf("%s: %v", docsDevSet, err)
	}
	return set
}

// readSections parses every Markdown file under root/docs, with paths
// relative to root.
func readSections(root, docs string) ([]mdSection, error) {
	var secs []mdSection
	err := filepath.WalkDir(filepath.Join(root, docs), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(p), ".md") {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		secs = append(secs, parseSections(filepath.ToSlash(rel), string(src))...)
		return nil
	})
	return secs, err
}

// docsScore sums one system's scores over questions.
type docsScore struct {
	ndcg, recall, mrr float64
	n                 int
}

func (s *docsScore) add(grades []int, rel []judged) {
	ideal := make([]int, len(rel))
	for i, r := range rel {
		ideal[i] = r.grade
	}
	s.ndcg += ndcg(grades, ideal, docsCutoff)
	r, rr := recallMRR(grades, len(rel))
	s.recall += r
	s.mrr += rr
	s.n++
}

func (s docsScore) mean() (ndcg, recall, mrr float64) {
	n := float64(max(s.n, 1))
	return s.ndcg / n, s.recall / n, s.mrr / n
}

// docsSystems are the rankings compared: search_docs in each mode, and BM25.
var docsSystems = []string{"hybrid", "vector", "lexical", "bm25"}

// moduleCache is the Go module cache's directory; without one the
// benchmark or test is skipped.
func moduleCache(tb testing.TB) string {
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		tb.Skipf("go env GOMODCACHE: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// BenchmarkDocsSearch indexes each project's documentation folder, asks
// search_docs every question of the dev set (limit 10) in hybrid, vector
// and lexical mode, ranks the same sections with BM25, and reports NDCG@10
// (graded), Recall@10 and MRR@10 per project and overall.
func BenchmarkDocsSearch(b *testing.B) {
	set := loadDocsSet(b)
	cache := moduleCache(b)
	var missing []string
	for _, p := range set.Projects {
		if _, err := os.Stat(filepath.Join(moduleDir(cache, p.Module, p.Version), p.Docs)); err != nil {
			missing = append(missing, p.Module+"@"+p.Version)
		}
	}
	if len(missing) > 0 {
		b.Skipf("modules not in the module cache %s; run: cd $(mktemp -d) && go mod download %s", cache, strings.Join(missing, " "))
	}
	emb, err := embedding.NewBuiltin()
	if err != nil {
		b.Fatal(err)
	}
	verbose := os.Getenv("CODESEEK_DOCS_VERBOSE") != ""
	ranking := rankingFromEnv(b)
	for b.Loop() {
		svc, err := tools.New(tools.Config{DataDir: b.TempDir(), Embedder: emb, Ranking: ranking})
		if err != nil {
			b.Fatal(err)
		}
		total := map[string]*docsScore{}
		per := map[string]map[string]*docsScore{}
		var table strings.Builder
		fmt.Fprintf(&table, "\n| project | questions | sections | hybrid NDCG@10 | vector | lexical | BM25 | hybrid/BM25 | hybrid R@10 | BM25 R@10 | hybrid MRR | BM25 MRR |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
		var misses strings.Builder
		for _, p := range set.Projects {
			root := moduleDir(cache, p.Module, p.Version)
			secs, err := readSections(root, p.Docs)
			if err != nil {
				b.Fatal(err)
			}
			corpus := newDocsCorpus(secs)
			texts := make([]string, len(secs))
			for i, s := range secs {
				texts[i] = s.Text
			}
			index := newBM25(texts, wordTokens)
			rep, err := svc.IndexRepository(context.Background(), tools.IndexParams{RepoPath: filepath.Join(root, p.Docs)})
			if err != nil {
				b.Fatalf("index %s: %v", p.Module, err)
			}
			per[p.Name] = map[string]*docsScore{}
			for _, sys := range docsSystems {
				per[p.Name][sys] = &docsScore{}
				if total[sys] == nil {
					total[sys] = &docsScore{}
				}
			}
			for _, q := range p.Questions {
				rel, err := corpus.resolve(q)
				if err != nil {
					b.Fatalf("%s: %v", p.Name, err)
				}
				for _, sys := range docsSystems {
					var ranked []int
					if sys == "bm25" {
						ranked = index.search(q.Query, 4*docsCutoff)
					} else {
						resp, err := svc.Search(context.Background(), tools.SearchParams{
							Query: q.Query, RepositoryID: rep.RepositoryID, Limit: docsCutoff, Mode: sys, Docs: true})
						if err != nil {
							b.Fatalf("search_docs %q: %v", q.Query, err)
						}
						ranked = resultSections(corpus, p.Docs, resp.Results)
					}
					grades := corpus.units(ranked, rel, docsCutoff)
					per[p.Name][sys].add(grades, rel)
					total[sys].add(grades, rel)
					if sys == "hybrid" {
						if _, rr := recallMRR(grades, len(rel)); rr == 0 {
							fmt.Fprintf(&misses, "  %s [%s] %q\n", p.Name, q.Kind, q.Query)
						}
						if verbose {
							explain(&misses, corpus, p.Name, q, rel, ranked, grades)
						}
					}
				}
			}
			row(&table, p.Name, len(p.Questions), len(secs), per[p.Name])
		}
		n := 0
		for _, p := range set.Projects {
			n += len(p.Questions)
		}
		row(&table, "**all**", n, 0, total)
		h, _, _ := total["hybrid"].mean()
		v, _, _ := total["vector"].mean()
		l, _, _ := total["lexical"].mean()
		bm, _, _ := total["bm25"].mean()
		b.ReportMetric(h, "hybrid-ndcg@10")
		b.ReportMetric(v, "vector-ndcg@10")
		b.ReportMetric(l, "lexical-ndcg@10")
		b.ReportMetric(bm, "bm25-ndcg@10")
		b.ReportMetric(h/bm, "hybrid/bm25")
		b.ReportMetric(float64(n), "questions")
		fmt.Print(table.String())
		fmt.Printf("\nquestions with no answering section in hybrid's top %d:\n%s", docsCutoff, misses.String())
	}
}

// explain writes one question's hybrid ranking against its answers, for
// reading failures (CODESEEK_DOCS_VERBOSE=1).
func explain(w *strings.Builder, c *docsCorpus, project string, q docsQuestion, rel []judged, ranked, grades []int) {
	fmt.Fprintf(w, "\n### %s [%s] %q ndcg %.3f\n", project, q.Kind, q.Query, ndcg(grades, gradesOf(rel), docsCutoff))
	for _, r := range rel {
		fmt.Fprintf(w, "    want g%d %s:%d-%d\n", r.grade, r.file, r.start, r.end)
	}
	for k, i := range ranked {
		if i < 0 {
			fmt.Fprintf(w, "    %2d ?\n", k+1)
			continue
		}
		s := c.sections[i]
		fmt.Fprintf(w, "    %2d %s:%d-%d %q\n", k+1, s.File, s.Start, s.End, s.Path)
	}
}

func gradesOf(rel []judged) []int {
	out := make([]int, len(rel))
	for i, r := range rel {
		out[i] = r.grade
	}
	return out
}

// resultSections maps search_docs hits to leaf sections. Hit paths are
// relative to the indexed folder, sections' to the module root.
func resultSections(c *docsCorpus, docs string, hits []formatter.SearchResult) []int {
	var out []int
	for _, h := range hits {
		out = append(out, c.sectionOf(filepath.ToSlash(filepath.Join(docs, h.FilePath)), h.StartLine, h.EndLine))
	}
	return out
}

// row writes one table row of the scores.
func row(t *strings.Builder, name string, questions, sections int, s map[string]*docsScore) {
	h, hr, hm := s["hybrid"].mean()
	v, _, _ := s["vector"].mean()
	l, _, _ := s["lexical"].mean()
	bm, br, bmm := s["bm25"].mean()
	secs := ""
	if sections > 0 {
		secs = fmt.Sprint(sections)
	}
	fmt.Fprintf(t, "| %s | %d | %s | %.3f | %.3f | %.3f | %.3f | %.2fx | %.3f | %.3f | %.3f | %.3f |\n",
		name, questions, secs, h, v, l, bm, h/bm, hr, br, hm, bmm)
}

// TestDocsHelpers pins the section parser, the mapping of hits to scored
// units, NDCG and BM25 on small inputs.
func TestDocsHelpers(t *testing.T) {
	md := "+++\ntitle = \"x\"\n+++\nIntro.\n\n# Install\n\nText.\n\n```sh\n# not a heading\n```\n\n## Linux\n\napt\n\nSetup\n-----\n\nmore\n\n# Use\nrun it\n"
	secs := parseSections("d/a.md", md)
	var got []string
	for _, s := range secs {
		got = append(got, fmt.Sprintf("%s:%d-%d/%d", s.Path, s.Start, s.End, s.SpanEnd))
	}
	want := []string{":1-5/5", "Install:6-13/22", "Install > Linux:14-17/17", "Install > Setup:18-22/22", "Use:23-25/25"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("sections %v, want %v", got, want)
	}

	c := newDocsCorpus(secs)
	if i := c.sectionOf("d/a.md", 13, 17); c.sections[i].Path != "Install > Linux" {
		t.Errorf("lines 13-17 map to %q, want the section holding most of them", c.sections[i].Path)
	}
	rel, err := c.resolve(docsQuestion{Query: "q", Relevant: []docsSection{{File: "d/a.md", Heading: "Install", Subsections: true}, {File: "d/a.md", Heading: "Linux", Grade: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.resolve(docsQuestion{Query: "q", Relevant: []docsSection{{File: "d/a.md", Heading: "Windows"}}}); err == nil {
		t.Error("an unknown heading resolved")
	}
	if leaf, _ := c.resolve(docsQuestion{Query: "q", Relevant: []docsSection{{File: "d/a.md", Heading: "Install"}}}); len(leaf) != 1 || leaf[0].end != 13 {
		t.Errorf("Install without its subsections resolved to %+v, want lines 6-13", leaf)
	}
	// Use, Setup (inside Install), Install itself (same unit), Linux (its own, narrower, unit).
	grades := c.units([]int{4, 3, 1, 2, -1, 0}, rel, 10)
	if fmt.Sprint(grades) != "[0 2 1 0]" {
		t.Errorf("grades %v, want [0 2 1 0]", grades)
	}
	if got, want := ndcg(grades, []int{2, 1}, 10), (3/math.Log2(3)+1/math.Log2(4))/(3+1/math.Log2(3)); math.Abs(got-want) > 1e-9 {
		t.Errorf("ndcg %v, want %v", got, want)
	}
	if r, rr := recallMRR(grades, 2); r != 1 || rr != 0.5 {
		t.Errorf("recall %v mrr %v, want 1 and 0.5", r, rr)
	}

	m := newBM25([]string{"the cat sat", "the dog", "cat cat cat and more words here", "nothing"}, wordTokens)
	if got := m.search("Cat", 10); fmt.Sprint(got) != "[2 0]" { // three uses outweigh the longer text
		t.Errorf("bm25 ranking %v, want [2 0]", got)
	}
	if moduleDir("/c", "github.com/BurntSushi/toml", "v1.0.0") != filepath.FromSlash("/c/github.com/!burnt!sushi/toml@v1.0.0") {
		t.Error("module path not escaped")
	}
}

// TestDocsDevSetResolves checks that every answering section of the dev
// set names exactly one section with text of its own, where the modules
// are in the module cache.
func TestDocsDevSetResolves(t *testing.T) {
	set := loadDocsSet(t)
	cache := moduleCache(t)
	for _, p := range set.Projects {
		root := moduleDir(cache, p.Module, p.Version)
		if _, err := os.Stat(filepath.Join(root, p.Docs)); err != nil {
			t.Logf("skipping %s: not in the module cache (go mod download %s@%s)", p.Name, p.Module, p.Version)
			continue
		}
		secs, err := readSections(root, p.Docs)
		if err != nil {
			t.Fatal(err)
		}
		c := newDocsCorpus(secs)
		for _, q := range p.Questions {
			if _, err := c.resolve(q); err != nil {
				t.Errorf("%s: %v", p.Name, err)
			}
		}
	}
}

// rankingFromEnv reads CODESEEK_RANK, which switches ranking features off
// or overrides weights, as for the binary, for ablation runs.
func rankingFromEnv(tb testing.TB) search.Options {
	tb.Helper()
	ranking, err := search.ParseOptions(os.Getenv("CODESEEK_RANK"))
	if err != nil {
		tb.Fatal(err)
	}
	return ranking
}
