package benchmarks

import (
	"testing"

	"github.com/codeseek/codeseek/indexer"
	"github.com/codeseek/codeseek/secrets"
)

// BenchmarkRedactStdlib measures the secret scan and redaction every
// indexed file goes through, over the Go standard library's .go files on
// one goroutine; compare its MB/s with BenchmarkChunkStdlib's to see the
// share of indexing time it costs. Run with -benchtime=3x.
func BenchmarkRedactStdlib(b *testing.B) {
	files, total := stdlibSources(b)
	b.SetBytes(total)
	b.ResetTimer()
	redacted := 0
	for i := 0; i < b.N; i++ {
		redacted = 0
		for _, f := range files {
			_, n := secrets.Redact(f.src)
			redacted += n
		}
	}
	b.ReportMetric(float64(redacted), "secrets")
}

// BenchmarkReadSourceStdlib measures the whole read path of a changed file
// before chunking (safe open, size cap, binary and minified checks,
// redaction) over the same files, from the page cache.
func BenchmarkReadSourceStdlib(b *testing.B) {
	files, total := stdlibSources(b)
	b.SetBytes(total)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, f := range files {
			if _, err := indexer.ReadSource(f.path, indexer.ReadOptions{}); err != nil && indexer.SkipReason(err) == "" {
				b.Fatal(err)
			}
		}
	}
}
