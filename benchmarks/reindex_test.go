package benchmarks

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/tools"
)

// touchedFile is the file edited between the cold index and the re-index: an
// ordinary, mid-sized package file, like the one-file edit of a working day.
const touchedFile = "strings/builder.go"

// BenchmarkReindex compares a cold index of the Go standard library source
// with a re-index after one file changed, the case incremental indexing
// exists for; it reports the medians of b.N pairs. The tree is copied to a temporary directory first so that the
// edit never touches GOROOT. Target: the re-index takes at most 5% of the
// cold index.
//
//	go test -run x -bench Reindex -benchtime 1x ./benchmarks/
func BenchmarkReindex(b *testing.B) {
	src := filepath.Join(goroot(b), "src")
	if _, err := os.Stat(src); err != nil {
		b.Skipf("no Go source tree: %v", err)
	}
	root := filepath.Join(b.TempDir(), "src")
	if out, err := exec.Command("cp", "-a", src, root).CombinedOutput(); err != nil {
		b.Fatalf("copy %s: %v\n%s", src, err, out)
	}
	ctx := context.Background()
	var colds, res []time.Duration
	var files, chunks int
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		emb, err := embedding.NewBuiltin() // the default embedder
		if err != nil {
			b.Fatal(err)
		}
		svc, err := tools.New(tools.Config{DataDir: b.TempDir(), Embedder: emb})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()

		start := time.Now()
		rep, err := svc.IndexRepository(ctx, tools.IndexParams{RepoPath: root})
		if err != nil {
			b.Fatal(err)
		}
		colds = append(colds, time.Since(start))
		files, chunks = rep.FilesIndexed, rep.ChunksCreated

		b.StopTimer()
		f, err := os.OpenFile(filepath.Join(root, touchedFile), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			b.Fatal(err)
		}
		fmt.Fprintf(f, "\n// benchmarkEdit%d is the one-line edit of the re-index benchmark.\nfunc benchmarkEdit%d() {}\n", i, i)
		f.Close()
		b.StartTimer()

		start = time.Now()
		rep, err = svc.IndexRepository(ctx, tools.IndexParams{RepoPath: root})
		if err != nil {
			b.Fatal(err)
		}
		res = append(res, time.Since(start))
		if rep.FilesIndexed != 1 || rep.FilesDeleted != 0 {
			b.Fatalf("re-index after one edit: %d files indexed, %d deleted, want 1 and 0", rep.FilesIndexed, rep.FilesDeleted)
		}
	}
	cold, re := median(colds), median(res)
	ratio := 100 * re.Seconds() / cold.Seconds()
	b.ReportMetric(cold.Seconds(), "cold-s")
	b.ReportMetric(re.Seconds(), "reindex-s")
	b.ReportMetric(ratio, "%reindex/cold")
	b.Logf("%d files, %d chunks, medians of %d runs: cold %s, re-index %s (%.1f%%); cold runs %v, re-index runs %v", files, chunks, b.N,
		cold.Round(time.Millisecond), re.Round(time.Millisecond), ratio, colds, res)
	if ratio > 5 {
		// Logged, not failed, so the metrics line still prints for
		// comparison across commits; the README quotes where time goes.
		b.Logf("TARGET MISSED: re-index took %.1f%% of the cold index, target ≤ 5%%", ratio)
	}
}

// median returns the middle of ds (the upper middle for an even count).
func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}
