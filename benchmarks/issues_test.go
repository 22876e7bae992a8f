package benchmarks

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/indexer"
	"github.com/codeseek/codeseek/tools"
)

// Issue-style queries (#23 item 3): a bug report or feature request as the
// query should find the files to change. The dev set
// (testdata/issues-dev.json, built by issues/build_set.py) pairs fix
// commits' messages with the non-test source files the fixes changed, in
// seven projects checked out at a base commit before all of them. Acc@k is
// the share of queries with a changed file among the first k distinct
// files; codeseek's hybrid search is compared with whole-file BM25 in the
// same run.
//
//	benchmarks/issues/prepare.sh /work/.mirror /tmp/codeseek-issues
//	CODESEEK_ISSUES_ROOT=/tmp/codeseek-issues go test ./benchmarks -run '^$' -bench IssueToFile -benchtime 1x -timeout 60m
//
// CODESEEK_ISSUES_OUT=FILE also writes each query's ranks and first files
// (JSON lines), for reading the failures. CODESEEK_ISSUES_QUERY=subject
// searches with the message's first line only, =prose with its code
// (fenced blocks and indented lines) left out: what the rest of a long
// query adds or costs; =oneline with its line breaks folded into spaces,
// as a shell's word splitting or a single-line field leaves a report;
// =asked after a line that asks for it, as an agent may introduce a
// report it pastes; =escaped with its line breaks written as "\n", as a
// client that escapes a text twice sends it; =labelled under "Title:" and
// "Body:" labels; =linked after the issue's address on a line of its own;
// =notebook with its Python tracebacks as Jupyter prints them, =pytest as
// pytest prints a failure's; =prompted inside a coding agent's task prompt;
// =closing under a request to find the files to change; =page as copied
// from the issue's page in a browser, with the page's labels around it.

// issueLimit is how many results search_code is asked for, before they are
// reduced to files; CODESEEK_ISSUES_LIMIT=N asks for N (an agent's
// default is 10).
var issueLimit = func() int {
	if n, err := strconv.Atoi(os.Getenv("CODESEEK_ISSUES_LIMIT")); err == nil && n > 0 {
		return n
	}
	return 50
}()

// issueModes are the search modes measured; hybrid is the product's default,
// the other two show which channel a long query misleads.
var issueModes = []string{tools.ModeHybrid, tools.ModeVector, tools.ModeLexical}

type issueSet struct {
	Projects []issueProject `json:"projects"`
}

type issueProject struct {
	Repo    string       `json:"repo"`
	Base    string       `json:"base"`
	Queries []issueQuery `json:"queries"`
}

type issueQuery struct {
	Commit string   `json:"commit"`
	Text   string   `json:"text"`
	Files  []string `json:"files"`
}

// dirName is the project's work tree under CODESEEK_ISSUES_ROOT, named as
// the fetch tool names its mirrors.
func (p issueProject) dirName() string { return strings.ReplaceAll(p.Repo, "/", "+") }

// shortName labels a project in metrics and tables.
func (p issueProject) shortName() string { return p.Repo[strings.LastIndexByte(p.Repo, '/')+1:] }

// distinctFiles reduces ranked hits' paths to files in order of their first
// hit: an agent opens a file once, at its best chunk.
func distinctFiles(paths []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, p := range paths {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// firstRelevant is the 1-based rank of the first file in want, 0 when none
// is listed.
func firstRelevant(files, want []string) int {
	for i, f := range files {
		for _, w := range want {
			if f == w {
				return i + 1
			}
		}
	}
	return 0
}

// accuracy sums first-relevant ranks into Acc@1/5/10 and MRR.
type accuracy struct {
	n                  int
	at1, at5, at10, rr float64
}

func (a *accuracy) add(rank int) {
	a.n++
	if rank == 0 {
		return
	}
	if rank <= 1 {
		a.at1++
	}
	if rank <= 5 {
		a.at5++
	}
	if rank <= 10 {
		a.at10++
	}
	a.rr += 1 / float64(rank)
}

func (a accuracy) acc(k int) float64 {
	if a.n == 0 {
		return 0
	}
	switch k {
	case 1:
		return a.at1 / float64(a.n)
	case 5:
		return a.at5 / float64(a.n)
	case 10:
		return a.at10 / float64(a.n)
	}
	panic(fmt.Sprintf("no Acc@%d", k))
}

func (a accuracy) mrr() float64 {
	if a.n == 0 {
		return 0
	}
	return a.rr / float64(a.n)
}

// codeTokens is the baseline's tokenization, fair to code: lower-cased
// words of letters, digits and underscores, each identifier also split at
// underscores and camelCase boundaries ("parseHTTPHeader" gives
// parsehttpheader, parse, http, header), so that prose words meet the
// identifiers they are part of. One-character tokens are left out.
func codeTokens(s string) []string {
	var out []string
	emit := func(w string) {
		if len(w) > 1 {
			out = append(out, strings.ToLower(w))
		}
	}
	word := func(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !word(r) }) {
		emit(w)
		parts := splitIdentifier(w)
		if len(parts) > 1 {
			for _, p := range parts {
				emit(p)
			}
		}
	}
	return out
}

// splitIdentifier splits at underscores and at camelCase boundaries: a
// lower-case letter or digit before an upper-case one, and the last capital
// of an acronym before a lower-case letter (HTTPServer: HTTP, Server).
func splitIdentifier(w string) []string {
	var parts []string
	for _, seg := range strings.Split(w, "_") {
		rs := []rune(seg)
		start := 0
		for i := 1; i < len(rs); i++ {
			lowerBefore := unicode.IsLower(rs[i-1]) || unicode.IsDigit(rs[i-1])
			acronymEnd := unicode.IsUpper(rs[i-1]) && i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if unicode.IsUpper(rs[i]) && (lowerBefore || acronymEnd) {
				parts = append(parts, string(rs[start:i]))
				start = i
			}
		}
		if start < len(rs) {
			parts = append(parts, string(rs[start:]))
		}
	}
	return parts
}

// fileBM25 is BM25 over whole files, answering with paths.
type fileBM25 struct {
	paths []string
	*bm25
}

func newFileBM25(docs map[string]string) fileBM25 {
	ix := fileBM25{}
	for p := range docs {
		ix.paths = append(ix.paths, p)
	}
	sort.Strings(ix.paths) // ties rank by path, the same in every run
	texts := make([]string, len(ix.paths))
	for i, p := range ix.paths {
		texts[i] = docs[p]
	}
	ix.bm25 = newBM25(texts, codeTokens)
	return ix
}

// search returns the paths of the first limit files matching any of the
// query's tokens, best first.
func (ix fileBM25) search(query string, limit int) []string {
	var out []string
	for _, i := range ix.bm25.search(query, limit) {
		out = append(out, ix.paths[i])
	}
	return out
}

// codeFiles reads the files codeseek's walker selects under root, less
// documentation: the files search_code can answer with.
func codeFiles(tb testing.TB, root string) map[string]string {
	files, _, err := indexer.Walk(context.Background(), root, indexer.WalkOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	docs := map[string]string{}
	for _, f := range files {
		if chunker.IsDoc(f.Path) {
			continue
		}
		raw, err := os.ReadFile(f.Abs)
		if err != nil {
			tb.Fatal(err)
		}
		docs[f.Path] = string(raw)
	}
	return docs
}

// queryVariant is the part of an issue text a run searches with.
func queryVariant(text, variant string) string {
	switch variant {
	case "", "full":
		return text
	case "asked":
		return "Find the code that needs to change to fix this issue:\n\n" + text
	case "escaped":
		return strings.ReplaceAll(text, "\n", `\n`)
	case "labelled":
		title, body, _ := strings.Cut(text, "\n")
		return "Title: " + title + "\n\nBody:\n" + strings.TrimSpace(body)
	case "linked":
		return "https://github.com/example/project/issues/1234\n\n" + text
	case "versions":
		return text + "\n\n" + environmentListing
	case "templated":
		title, body, _ := strings.Cut(text, "\n")
		return title + "\n\n" + strings.ReplaceAll(githubBugTemplate, "BODY", strings.TrimSpace(body))
	case "json":
		title, body, _ := strings.Cut(text, "\n")
		b, _ := json.Marshal(map[string]string{"title": title, "body": strings.TrimSpace(body)})
		return string(b)
	case "gh":
		title, body, _ := strings.Cut(text, "\n")
		return "title:\t" + title + "\nstate:\tOPEN\nauthor:\tsomeone\nlabels:\tbug\ncomments:\t3\nassignees:\t\n" +
			"projects:\t\nmilestone:\t\nnumber:\t1234\n--\n" + strings.TrimSpace(body) + "\n"
	case "quoted":
		return "> " + strings.ReplaceAll(text, "\n", "\n> ")
	case "notebook":
		return notebookTraces(text)
	case "pytest":
		return pytestTraces(text)
	case "prompted":
		return agentPrompt(text)
	case "page":
		title, body, _ := strings.Cut(text, "\n")
		return title + " #1234\nOpen\nsomeone opened this issue on Mar 3, 2024 · 4 comments\nComments\n@someone\nsomeone commented on Mar 3, 2024\n" +
			strings.TrimSpace(body) + "\n👍 2\nAssignees\nNo one assigned\nLabels\nbug\nProjects\nNone yet\nMilestone\nNo milestone\nDevelopment\nNo branches or pull requests\n3 participants\n"
	case "closing":
		return text + "\n\nWhich files in the repository need to be changed to fix this issue? Please locate the relevant code."
	case "oneline":
		return strings.Join(strings.Fields(text), " ")
	case "subject":
		subject, _, _ := strings.Cut(text, "\n")
		return subject
	case "prose":
		var keep []string
		fenced := false
		for _, line := range strings.Split(text, "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "```") {
				fenced = !fenced
				continue
			}
			if fenced || strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "\t") {
				continue
			}
			keep = append(keep, line)
		}
		return strings.Join(keep, "\n")
	}
	panic("CODESEEK_ISSUES_QUERY is full, subject, prose, oneline, asked, escaped, labelled, linked, versions, templated, json, gh, quoted, notebook, pytest, prompted, closing or page, not " + variant)
}

// pythonFrame is a frame's line in a Python traceback.
var pythonFrame = regexp.MustCompile(`^[ \t]*File "([^"]+)", line (\d+), in (\S+)\s*$`)

// notebookTraces rewrites a report's Python tracebacks as Jupyter and
// IPython 7 print them: a rule and the exception's name over "Traceback
// (most recent call last)", then each frame as "PATH in FUNC(…)" over its
// line of code, marked "---->" with its number.
func notebookTraces(text string) string {
	lines := strings.Split(text, "\n")
	var out []string
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if strings.TrimSpace(line) == "Traceback (most recent call last):" {
			out = append(out, strings.Repeat("-", 75), "Exception                                 Traceback (most recent call last)")
			continue
		}
		m := pythonFrame.FindStringSubmatch(line)
		if m == nil {
			out = append(out, line)
			continue
		}
		code := ""
		if i+1 < len(lines) && strings.TrimSpace(lines[i+1]) != "" && lines[i+1] != strings.TrimLeft(lines[i+1], " \t") &&
			!pythonFrame.MatchString(lines[i+1]) {
			i++
			code = " " + strings.TrimSpace(lines[i])
		}
		out = append(out, "", m[1]+" in "+m[3]+"(...)", "----> "+m[2]+code)
	}
	return strings.Join(out, "\n")
}

// pytestTraces rewrites a report's Python tracebacks as pytest prints a
// failure's (--tb=short): each frame as "PATH:N: in FUNC" over its line
// of code, innermost last, under no "Traceback" header.
func pytestTraces(text string) string {
	lines := strings.Split(text, "\n")
	var out []string
	for _, line := range lines {
		if strings.TrimSpace(line) == "Traceback (most recent call last):" {
			continue
		}
		if m := pythonFrame.FindStringSubmatch(line); m != nil {
			line = m[1] + ":" + m[2] + ": in " + m[3]
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// agentPrompt wraps a report as coding agents' task prompts do: the
// repository's place, the issue between tags, and what to do with it.
func agentPrompt(text string) string {
	return "<uploaded_files>\n/workspace/project\n</uploaded_files>\n" +
		"I've uploaded a code repository in the directory /workspace/project. Consider the following issue description:\n\n" +
		"<issue_description>\n" + text + "\n</issue_description>\n\n" +
		"Can you help me implement the necessary changes to the repository so that the requirements specified in the <issue_description> are met?\n" +
		"I've already taken care of all changes to any of the test files described in the <issue_description>. This means you DON'T have to modify the testing logic or any of the tests in any way!\n" +
		"Your task is to make the minimal changes to non-test files in the /workspace/project directory to ensure the <issue_description> is satisfied.\n"
}

// environmentListing is what a reporter pastes under a report when its
// form asks for versions: a show_versions()-style listing and `pip
// freeze`'s output.
const environmentListing = "<details><summary>Environment</summary>\n\nINSTALLED VERSIONS\n------------------\n" +
	"python: 3.11.4 (main, Jun  7 2023, 12:45:48) [GCC 11.3.0]\npython-bits: 64\nOS: Linux\n" +
	"OS-release: 5.15.0-76-generic\nmachine: x86_64\nprocessor: x86_64\nbyteorder: little\nLC_ALL: None\n" +
	"LANG: en_US.UTF-8\nlibrary: 2.0.1\nnumpy: 1.25.2\npandas: 2.0.3\nsetuptools: 68.0.0\npip: 23.2.1\n" +
	"pytest: 7.4.0\nIPython: 8.14.0\nsphinx: 7.1.2\n\n</details>\n\n" +
	"```\n$ pip freeze\nanyio==3.7.1\ncertifi==2023.7.22\ncharset-normalizer==3.2.0\nclick==8.1.6\nidna==3.4\n" +
	"Jinja2==3.1.2\nMarkupSafe==2.1.3\nnumpy==1.25.2\npackaging==23.1\npydantic==2.1.1\npytest==7.4.0\n" +
	"requests==2.31.0\nsix==1.16.0\ntyping_extensions==4.7.1\nurllib3==2.0.4\n```\n"

// githubBugTemplate is GitHub's default bug report template as a reporter
// who keeps its placeholder sentences fills it, BODY for the report.
const githubBugTemplate = "**Describe the bug**\nA clear and concise description of what the bug is.\n\nBODY\n\n" +
	"**To Reproduce**\nSteps to reproduce the behavior:\n1. Go to '...'\n2. Click on '....'\n3. Scroll down to '....'\n4. See error\n\n" +
	"**Expected behavior**\nA clear and concise description of what you expected to happen.\n\n" +
	"**Additional context**\nAdd any other context about the problem here.\n"

// issueRecord is one query's outcome in CODESEEK_ISSUES_OUT.
type issueRecord struct {
	Repo   string              `json:"repo"`
	Commit string              `json:"commit"`
	Files  []string            `json:"files"`
	Ranks  map[string]int      `json:"ranks"` // system -> first relevant rank, 0 if not in the list
	Top    map[string][]string `json:"top"`   // system -> first 5 files
}

// BenchmarkIssueToFile reports Acc@1, Acc@5, Acc@10 and MRR of the first
// changed file for codeseek (hybrid, and vector and lexical mode) and for
// whole-file BM25, per project and over all queries.
func BenchmarkIssueToFile(b *testing.B) {
	var set issueSet
	// CODESEEK_ISSUES_SET=named measures the commits whose messages name a
	// changed file (build_set.py --named), which the dev set leaves out;
	// =python five more Python projects (build_set.py --set python, their
	// work trees from prepare.sh MIRROR ROOT python); =large one project of
	// 687 Python files whose messages carry their pull request's template
	// (build_set.py --set large, prepare.sh MIRROR ROOT large); =crash
	// mypy crashes reported with their traceback (crash_set.py, over the
	// dev set's mypy work tree), =crash-black black's (crash_set.py
	// --project black, over the Python check's); =crash-form and
	// =crash-black-form the same reports in the projects' issue
	// templates (form_set.py).
	name := "dev"
	if s := os.Getenv("CODESEEK_ISSUES_SET"); s != "" {
		name = s
	}
	raw, err := os.ReadFile(filepath.Join("testdata", "issues-"+name+".json"))
	if err == nil {
		err = json.Unmarshal(raw, &set)
	}
	if err != nil {
		b.Fatal(err)
	}
	root := os.Getenv("CODESEEK_ISSUES_ROOT")
	if root == "" {
		b.Skip("set CODESEEK_ISSUES_ROOT to a directory of prepared work trees: " +
			"benchmarks/issues/prepare.sh /work/.mirror /tmp/codeseek-issues (fetch each project of " +
			"benchmarks/testdata/issues-dev.json first, as OWNER+NAME/repo under the mirror root), then " +
			"CODESEEK_ISSUES_ROOT=/tmp/codeseek-issues go test ./benchmarks -run '^$' -bench IssueToFile -benchtime 1x -timeout 60m")
	}
	for _, p := range set.Projects {
		if _, err := os.Stat(filepath.Join(root, p.dirName())); err != nil {
			b.Skipf("no work tree for %s under %s: run benchmarks/issues/prepare.sh MIRROR_ROOT %s", p.Repo, root, root)
		}
	}
	emb, err := embedding.NewBuiltin()
	if err != nil {
		b.Fatal(err)
	}
	dataDir := os.Getenv("CODESEEK_BENCH_DATA")
	if dataDir == "" {
		dataDir = b.TempDir()
	}
	systems := append(append([]string{}, issueModes...), "bm25")
	variant := os.Getenv("CODESEEK_ISSUES_QUERY")
	ranking := rankingFromEnv(b)
	for b.Loop() {
		svc, err := tools.New(tools.Config{DataDir: dataDir, Embedder: emb, Ranking: ranking})
		if err != nil {
			b.Fatal(err)
		}
		var records []issueRecord
		perProject := map[string]map[string]*accuracy{}
		all := map[string]*accuracy{}
		for _, s := range systems {
			all[s] = &accuracy{}
		}
		for _, p := range set.Projects {
			dir := filepath.Join(root, p.dirName())
			if out, err := gitHead(dir); err == nil && out != p.Base {
				b.Fatalf("%s is at %s, not the set's base %s: run benchmarks/issues/prepare.sh", dir, out, p.Base)
			}
			rep, err := svc.IndexRepository(context.Background(), tools.IndexParams{RepoPath: dir})
			if err != nil {
				b.Fatalf("index %s: %v", dir, err)
			}
			base := newFileBM25(codeFiles(b, dir))
			acc := map[string]*accuracy{}
			for _, s := range systems {
				acc[s] = &accuracy{}
			}
			perProject[p.Repo] = acc
			for _, q := range p.Queries {
				text := queryVariant(q.Text, variant)
				rec := issueRecord{Repo: p.Repo, Commit: q.Commit, Files: q.Files, Ranks: map[string]int{}, Top: map[string][]string{}}
				for _, s := range systems {
					var files []string
					if s == "bm25" {
						files = base.search(text, issueLimit)
					} else {
						resp, err := svc.Search(context.Background(), tools.SearchParams{Query: text, RepositoryID: rep.RepositoryID, Limit: issueLimit, Mode: s})
						if err != nil {
							b.Fatalf("%s %s: %v", p.Repo, q.Commit, err)
						}
						var paths []string
						for _, h := range resp.Results {
							paths = append(paths, h.FilePath)
						}
						files = distinctFiles(paths)
					}
					r := firstRelevant(files, q.Files)
					acc[s].add(r)
					all[s].add(r)
					rec.Ranks[s] = r
					rec.Top[s] = files[:min(5, len(files))]
				}
				records = append(records, rec)
			}
		}
		if out := os.Getenv("CODESEEK_ISSUES_OUT"); out != "" {
			writeIssueRecords(b, out, records)
		}
		for _, s := range systems {
			b.ReportMetric(all[s].acc(1), s+"-acc@1")
			b.ReportMetric(all[s].acc(5), s+"-acc@5")
			b.ReportMetric(all[s].acc(10), s+"-acc@10")
			b.ReportMetric(all[s].mrr(), s+"-mrr")
		}
		for _, p := range set.Projects {
			for _, s := range []string{tools.ModeHybrid, "bm25"} {
				b.ReportMetric(perProject[p.Repo][s].acc(1), s+"-acc@1/"+p.shortName())
				b.ReportMetric(perProject[p.Repo][s].acc(5), s+"-acc@5/"+p.shortName())
			}
		}
		b.ReportMetric(float64(all[tools.ModeHybrid].n), "queries")
		if variant != "" {
			fmt.Printf("\nquery variant: %s\n", variant)
		}
		fmt.Print(issueTable(set, perProject, all))
	}
}

// issueTable prints Acc@1 / Acc@5 / Acc@10 / MRR per project and overall
// (micro, over all queries; and macro, over the projects).
func issueTable(set issueSet, perProject map[string]map[string]*accuracy, all map[string]*accuracy) string {
	var t strings.Builder
	cell := func(a *accuracy) string {
		return fmt.Sprintf("%.3f / %.3f / %.3f / %.3f", a.acc(1), a.acc(5), a.acc(10), a.mrr())
	}
	fmt.Fprintf(&t, "\nissue-style queries, first changed file among distinct files: Acc@1 / Acc@5 / Acc@10 / MRR\n\n")
	fmt.Fprintf(&t, "| project | n | codeseek hybrid | BM25 (files) | vector mode | lexical mode |\n|---|---:|---|---|---|---|\n")
	macro := map[string]*accuracy{}
	for _, p := range set.Projects {
		a := perProject[p.Repo]
		fmt.Fprintf(&t, "| %s | %d | %s | %s | %s | %s |\n", p.Repo, a[tools.ModeHybrid].n,
			cell(a[tools.ModeHybrid]), cell(a["bm25"]), cell(a[tools.ModeVector]), cell(a[tools.ModeLexical]))
		for s, x := range a {
			m := macro[s]
			if m == nil {
				m = &accuracy{}
				macro[s] = m
			}
			// A macro average as an accuracy over one "query" per project.
			m.n++
			m.at1 += x.acc(1)
			m.at5 += x.acc(5)
			m.at10 += x.acc(10)
			m.rr += x.mrr()
		}
	}
	fmt.Fprintf(&t, "| **all (micro)** | %d | %s | %s | %s | %s |\n", all[tools.ModeHybrid].n,
		cell(all[tools.ModeHybrid]), cell(all["bm25"]), cell(all[tools.ModeVector]), cell(all[tools.ModeLexical]))
	fmt.Fprintf(&t, "| macro over projects | %d | %s | %s | %s | %s |\n", len(set.Projects),
		cell(macro[tools.ModeHybrid]), cell(macro["bm25"]), cell(macro[tools.ModeVector]), cell(macro[tools.ModeLexical]))
	return t.String()
}

func writeIssueRecords(tb testing.TB, path string, records []issueRecord) {
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	enc := json.NewEncoder(f)
	for _, r := range records {
		if err := enc.Encode(r); err != nil {
			tb.Fatal(err)
		}
	}
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
}

// gitHead reads a work tree's HEAD without running git, so that the
// benchmark can tell a tree checked out elsewhere from the set's base.
func gitHead(dir string) (string, error) {
	raw, err := os.ReadFile(filepath.Join(dir, ".git", "HEAD"))
	if err != nil {
		return "", err
	}
	head := strings.TrimSpace(string(raw))
	if ref, ok := strings.CutPrefix(head, "ref: "); ok {
		raw, err := os.ReadFile(filepath.Join(dir, ".git", ref))
		if err != nil {
			return "", err // a packed ref: not worth reading, and not a detached base
		}
		head = strings.TrimSpace(string(raw))
	}
	return head, nil
}

// TestIssueHelpers pins the measurement: files reduced in order of first
// hit, ranks and Acc@k, the baseline's tokenization and BM25 ranking.
func TestIssueHelpers(t *testing.T) {
	files := distinctFiles([]string{"a.go", "b.go", "a.go", "c.go", "b.go"})
	if strings.Join(files, ",") != "a.go,b.go,c.go" {
		t.Errorf("distinct files %v, want a.go,b.go,c.go", files)
	}
	var a accuracy
	for _, want := range [][]string{{"a.go"}, {"c.go", "x.go"}, {"x.go"}} {
		a.add(firstRelevant(files, want))
	}
	if a.n != 3 || a.acc(1) != 1.0/3 || a.acc(5) != 2.0/3 || a.acc(10) != 2.0/3 || math.Abs(a.mrr()-(1+1.0/3)/3) > 1e-12 {
		t.Errorf("ranks 1, 3, none: Acc@1 %v Acc@5 %v Acc@10 %v MRR %v", a.acc(1), a.acc(5), a.acc(10), a.mrr())
	}
	a = accuracy{}
	for range 9 {
		a.add(0)
	}
	a.add(7)
	if a.acc(5) != 0 || a.acc(10) != 0.1 {
		t.Errorf("rank 7 of 10 queries: Acc@5 %v Acc@10 %v, want 0 and 0.1", a.acc(5), a.acc(10))
	}

	issue := "Fix crash on super\n\nRepro:\n```python\nsuper().f()\n```\n    Traceback (most recent call last):\nit crashed"
	if got := queryVariant(issue, "subject"); got != "Fix crash on super" {
		t.Errorf("subject variant %q", got)
	}
	if got := queryVariant(issue, "prose"); got != "Fix crash on super\n\nRepro:\nit crashed" {
		t.Errorf("prose variant %q", got)
	}
	if got := queryVariant("Fix crash\n\n  on\tsuper\n", "oneline"); got != "Fix crash on super" {
		t.Errorf("oneline variant %q", got)
	}
	if got := queryVariant("Fix crash", "asked"); !strings.HasSuffix(got, ":\n\nFix crash") {
		t.Errorf("asked variant %q", got)
	}
	if got := queryVariant("Fix crash\n\non super", "escaped"); got != `Fix crash\n\non super` {
		t.Errorf("escaped variant %q", got)
	}
	if got := queryVariant("Fix crash\non super", "labelled"); got != "Title: Fix crash\n\nBody:\non super" {
		t.Errorf("labelled variant %q", got)
	}
	if got := queryVariant("Fix crash", "versions"); !strings.HasPrefix(got, "Fix crash\n\n") || !strings.Contains(got, "numpy") {
		t.Errorf("versions variant %q", got)
	}
	if got := queryVariant("Fix crash\non super", "templated"); !strings.HasPrefix(got, "Fix crash\n\n**Describe the bug**") || !strings.Contains(got, "\n\non super\n\n") {
		t.Errorf("templated variant %q", got)
	}
	if got := queryVariant("Fix crash\non \"super\"", "json"); got != `{"body":"on \"super\"","title":"Fix crash"}` {
		t.Errorf("json variant %q", got)
	}
	if got := queryVariant("Fix crash\non super", "gh"); !strings.HasPrefix(got, "title:\tFix crash\nstate:") || !strings.HasSuffix(got, "\n--\non super\n") {
		t.Errorf("gh variant %q", got)
	}
	if got := queryVariant("Fix crash\n\non super", "quoted"); got != "> Fix crash\n> \n> on super" {
		t.Errorf("quoted variant %q", got)
	}
	if got := queryVariant("Fix crash", "linked"); !strings.HasPrefix(got, "https://") || !strings.HasSuffix(got, "\n\nFix crash") {
		t.Errorf("linked variant %q", got)
	}
	trace := "Crash\n\nTraceback (most recent call last):\n  File \"/a/mypy/main.py\", line 3, in main\n    run()\n" +
		"  File \"<frozen runpy>\", line 9, in _run\n  File \"/a/mypy/build.py\", line 7, in run\n    boom()\nValueError: x"
	if got := queryVariant(trace, "notebook"); !strings.Contains(got, "\n/a/mypy/main.py in main(...)\n----> 3 run()\n") ||
		!strings.Contains(got, "<frozen runpy> in _run(...)\n----> 9\n") || strings.Contains(got, `File "`) {
		t.Errorf("notebook variant %q", got)
	}
	if got := queryVariant(trace, "pytest"); !strings.Contains(got, "\n/a/mypy/main.py:3: in main\n    run()\n") ||
		strings.Contains(got, "Traceback") {
		t.Errorf("pytest variant %q", got)
	}
	if got := queryVariant("Fix crash", "prompted"); !strings.Contains(got, "<issue_description>\nFix crash\n</issue_description>") {
		t.Errorf("prompted variant %q", got)
	}
	if got := queryVariant("Fix crash\non super", "page"); !strings.HasPrefix(got, "Fix crash #1234\n") || !strings.Contains(got, "\non super\n") {
		t.Errorf("page variant %q", got)
	}
	if got := queryVariant("Fix crash", "closing"); !strings.HasPrefix(got, "Fix crash\n\nWhich files") {
		t.Errorf("closing variant %q", got)
	}

	got := strings.Join(codeTokens("parseHTTPHeader(max_len, x) → io.EOF v2Frame"), " ")
	want := "parsehttpheader parse http header max_len max len io eof v2frame v2 frame"
	if got != want {
		t.Errorf("codeTokens:\n got %s\nwant %s", got, want)
	}

	ix := newFileBM25(map[string]string{
		"frame.go":  "func readFrameHeader(buf []byte) (FrameHeader, error) { return parseFrame(buf) }",
		"server.go": "func serve(conn net.Conn) { for { handle(conn) } } // server loop",
		"long.go":   strings.Repeat("server handler conn ", 200) + "frame",
		"none.go":   "package none",
	})
	top := ix.search("panic in the frame header parser when the server reads", 10)
	if len(top) != 3 || top[0] != "frame.go" {
		t.Errorf("BM25 order %v: frame.go (rare terms frame, header) first, none.go (no term) left out", top)
	}
	// Length normalisation: one mention of "frame" in a long file weighs
	// less than in a short one.
	if top := ix.search("frame", 10); len(top) != 2 || top[0] != "frame.go" || top[1] != "long.go" {
		t.Errorf("BM25 for frame: %v, want frame.go before long.go", top)
	}
}
