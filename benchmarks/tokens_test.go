package benchmarks

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/tools"
)

// tokenQueries are fixed so token counts are comparable between runs and
// commits; they cover what people ask of the standard library.
var tokenQueries = []string{
	"parse a URL query string",
	"read a file line by line",
	"HTTP server graceful shutdown",
	"sort a slice with a custom less function",
	"compute the SHA-256 hash of data",
	"encode a struct as JSON",
	"format a time as RFC 3339",
	"parse command line flags",
	"gzip compress a stream",
	"mutex protecting a map from concurrent access",
	"context with timeout and cancel",
	"base64 decode a string",
	"split a string by a separator",
	"convert a string to an integer",
	"walk a directory tree recursively",
	"regular expression submatch groups",
	"verify a TLS certificate chain",
	"buffered writer flush",
	"execute a template with data",
	"seed a random number generator",
}

type combo struct {
	format formatter.Format
	detail formatter.Detail
}

var combos = []combo{
	{formatter.JSON, formatter.Detailed}, {formatter.JSON, formatter.Concise},
	{formatter.Markdown, formatter.Detailed}, {formatter.Markdown, formatter.Concise},
	{formatter.Compact, formatter.Detailed}, {formatter.Compact, formatter.Concise},
}

func goroot(tb testing.TB) string {
	if out, err := exec.Command("go", "env", "GOROOT").Output(); err == nil {
		if r := strings.TrimSpace(string(out)); r != "" {
			return r
		}
	}
	if r := runtime.GOROOT(); r != "" { //nolint:staticcheck // fallback when the go command is absent
		return r
	}
	tb.Skip("GOROOT not found")
	return ""
}

// BenchmarkTokens indexes the Go standard library source, runs the fixed
// queries and counts o200k_base tokens of every (format, detail) answer:
// the numbers behind the README's token table. Set CODESEEK_BENCH_DATA to a
// directory to keep the index between runs (re-runs then index only what
// changed).
//
//	go test ./benchmarks -run '^$' -bench Tokens -benchtime 1x
func BenchmarkTokens(b *testing.B) {
	src := filepath.Join(goroot(b), "src")
	if _, err := os.Stat(src); err != nil {
		b.Skipf("no Go source tree: %v", err)
	}
	dataDir := os.Getenv("CODESEEK_BENCH_DATA")
	if dataDir == "" {
		dataDir = b.TempDir()
	}
	svc, err := tools.New(tools.Config{DataDir: dataDir, Embedder: embedding.HashEmbedder{}})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	start := time.Now()
	rep, err := svc.IndexRepository(ctx, tools.IndexParams{RepoPath: src})
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("indexed %s: %d files (%d unchanged), %d chunks in %s", src, rep.FilesIndexed, rep.FilesUnchanged, rep.ChunksCreated, time.Since(start).Round(time.Second))

	var responses []formatter.SearchResponse
	for _, q := range tokenQueries {
		resp, err := svc.Search(ctx, tools.SearchParams{Query: q, RepositoryID: rep.RepositoryID, Limit: tools.DefaultLimit, WithContext: true})
		if err != nil {
			b.Fatalf("search %q: %v", q, err)
		}
		responses = append(responses, resp)
	}

	totals := map[combo]int{}
	for _, resp := range responses {
		for _, c := range combos {
			out, err := formatter.RenderSearch(resp, formatter.Options{Format: c.format, Detail: c.detail})
			if err != nil {
				b.Fatal(err)
			}
			n, err := formatter.CountTokens(out)
			if err != nil {
				b.Fatal(err)
			}
			totals[c] += n
		}
	}

	// The timed part: rendering all six answers for every query.
	b.ResetTimer()
	for b.Loop() {
		for _, resp := range responses {
			for _, c := range combos {
				if _, err := formatter.RenderSearch(resp, formatter.Options{Format: c.format, Detail: c.detail}); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	b.StopTimer()

	pct := func(a, base combo) float64 { return 100 * float64(totals[a]) / float64(totals[base]) }
	jd, jc := combos[0], combos[1]
	md, mc := combos[2], combos[3]
	cd, cc := combos[4], combos[5]
	q := float64(len(tokenQueries))
	for _, c := range combos {
		b.ReportMetric(float64(totals[c])/q, fmt.Sprintf("tok/query-%s-%s", c.format, c.detail))
	}
	b.ReportMetric(pct(jc, jd), "%json-concise/detailed")
	b.ReportMetric(pct(mc, md), "%md-concise/detailed")
	b.ReportMetric(pct(cc, jc), "%compact/json-concise")

	var t strings.Builder
	fmt.Fprintf(&t, "\n%d queries, limit %d, Go %s standard library (%d files, %d chunks), o200k_base tokens\n\n",
		len(tokenQueries), tools.DefaultLimit, runtime.Version(), rep.FilesIndexed+rep.FilesUnchanged, rep.ChunksCreated)
	fmt.Fprintf(&t, "| format | detail | tokens (20 queries) | per query | vs JSON detailed |\n|---|---|---:|---:|---:|\n")
	for _, c := range combos {
		fmt.Fprintf(&t, "| %s | %s | %d | %.0f | %.1f%% |\n", c.format, c.detail, totals[c], float64(totals[c])/q, pct(c, jd))
	}
	fmt.Fprintf(&t, "\nconcise/detailed: JSON %.1f%% (target ≤ 40%%), Markdown %.1f%% (target ≤ 40%%); compact concise / JSON concise %.1f%% (target ≤ 75%%); compact detailed / JSON detailed %.1f%%\n",
		pct(jc, jd), pct(mc, md), pct(cc, jc), pct(cd, jd))
	fmt.Print(t.String())

	for _, check := range []struct {
		name       string
		got, limit float64
	}{
		{"JSON concise/detailed", pct(jc, jd), 40},
		{"Markdown concise/detailed", pct(mc, md), 40},
		{"compact/JSON concise", pct(cc, jc), 75},
	} {
		if check.got > check.limit {
			b.Errorf("%s = %.1f%%, target ≤ %.0f%%", check.name, check.got, check.limit)
		}
	}
}
