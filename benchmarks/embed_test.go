package benchmarks

import (
	"context"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/indexer"
	"github.com/codeseek/codeseek/tools"
)

// stdlibEmbedTexts chunks the Go standard library and returns up to n
// texts exactly as the indexer embeds them, so the throughput benchmark
// sees real chunk sizes.
func stdlibEmbedTexts(b *testing.B, n int) []string {
	files, _ := stdlibSources(b)
	var texts []string
	for _, f := range files {
		for _, c := range chunker.Split(f.path, f.src, chunker.Options{}) {
			texts = append(texts, indexer.EmbedText(f.path, c))
			if len(texts) == n {
				return texts
			}
		}
	}
	return texts
}

func builtin(tb testing.TB) *embedding.BuiltinEmbedder {
	emb, err := embedding.NewBuiltin()
	if err != nil {
		tb.Fatal(err)
	}
	return emb
}

// BenchmarkBuiltinEmbedChunks measures single-core document throughput of
// the built-in model (target ≥ 2,000 chunks/s per core): batches are kept
// below the size at which EmbedDocuments fans out.
func BenchmarkBuiltinEmbedChunks(b *testing.B) {
	emb := builtin(b)
	texts := stdlibEmbedTexts(b, 20000)
	var bytes int
	for _, t := range texts {
		bytes += len(t)
	}
	ctx := context.Background()
	b.SetBytes(int64(bytes))
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		for k := 0; k < len(texts); k += 32 {
			if _, err := emb.EmbedDocuments(ctx, texts[k:min(k+32, len(texts))]); err != nil {
				b.Fatal(err)
			}
		}
	}
	rate := float64(b.N*len(texts)) / time.Since(start).Seconds()
	b.ReportMetric(rate, "chunks/s")
	if rate < 2000 {
		b.Errorf("%.0f chunks/s on one core, target ≥ 2,000", rate)
	}
}

// BenchmarkBuiltinEmbedChunksParallel is the same with large batches, which
// use every CPU, as indexing does.
func BenchmarkBuiltinEmbedChunksParallel(b *testing.B) {
	emb := builtin(b)
	texts := stdlibEmbedTexts(b, 20000)
	ctx := context.Background()
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		for k := 0; k < len(texts); k += 256 {
			if _, err := emb.EmbedDocuments(ctx, texts[k:min(k+256, len(texts))]); err != nil {
				b.Fatal(err)
			}
		}
	}
	rate := float64(b.N*len(texts)) / time.Since(start).Seconds()
	b.ReportMetric(rate, "chunks/s")
	b.ReportMetric(rate/float64(runtime.GOMAXPROCS(0)), "chunks/s/core")
}

// BenchmarkBuiltinEmbedQuery measures query-embedding latency (target
// < 2 ms).
func BenchmarkBuiltinEmbedQuery(b *testing.B) {
	emb := builtin(b)
	queries := []string{
		"parse a duration string such as 300ms or 1h45m",
		"how does the server shut down gracefully when the context is cancelled",
		"compute the SHA-256 checksum of a file",
		"retry an HTTP request with exponential backoff",
	}
	ctx := context.Background()
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if _, err := emb.EmbedQuery(ctx, queries[i%len(queries)]); err != nil {
			b.Fatal(err)
		}
	}
	per := time.Since(start) / time.Duration(b.N)
	b.ReportMetric(float64(per.Microseconds()), "µs/query")
	if per > 2*time.Millisecond {
		b.Errorf("query embedding takes %s, target < 2ms", per)
	}
}

// BenchmarkBuiltinColdIndexStdlib indexes $(go env GOROOT)/src from scratch
// with the built-in model: walking, chunking, embedding and persisting.
// Run it with -benchtime=1x.
func BenchmarkBuiltinColdIndexStdlib(b *testing.B) {
	emb := builtin(b)
	src := filepath.Join(goroot(b), "src")
	ctx := context.Background()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		svc, err := tools.New(tools.Config{DataDir: b.TempDir(), Embedder: emb})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		start := time.Now()
		rep, err := svc.IndexRepository(ctx, tools.IndexParams{RepoPath: src})
		if err != nil {
			b.Fatal(err)
		}
		d := time.Since(start)
		b.ReportMetric(d.Seconds(), "cold-s")
		b.ReportMetric(float64(rep.ChunksCreated)/d.Seconds(), "chunks/s")
		b.Logf("%d files, %d chunks in %s", rep.FilesIndexed, rep.ChunksCreated, d.Round(time.Millisecond))
	}
}
