// Package bench holds helpers for in-package benchmarks: the CPU time of
// the benchmarking OS thread, so that on a shared, busy machine a benchmark
// reports the work a loop did rather than the wall time it waited for a
// core, and a corpus of real source text.
package bench

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// CPU runs body b.N times on one locked OS thread and reports its CPU
// time per iteration as the metric "cpu-ns/op", next to the usual wall
// time. Where the platform cannot measure thread time the metric is left
// out.
func CPU(b *testing.B, body func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start, ok := thread()
	for b.Loop() {
		body()
	}
	if end, ok2 := thread(); ok && ok2 {
		b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
	}
}

// GoSourceChunks returns chunk-sized pieces (40 lines) of a few Go standard
// library files, a realistic tokenizer input that needs no network; the
// benchmark is skipped where the Go sources are not installed.
func GoSourceChunks(b *testing.B) []string {
	var texts []string
	for _, name := range []string{"net/http/server.go", "strings/strings.go", "go/parser/parser.go"} {
		src, err := os.ReadFile(filepath.Join(runtime.GOROOT(), "src", name))
		if err != nil {
			b.Skipf("Go sources not found: %v", err)
		}
		lines := strings.SplitAfter(string(src), "\n")
		for i := 0; i < len(lines); i += 40 {
			texts = append(texts, strings.Join(lines[i:min(i+40, len(lines))], ""))
		}
	}
	return texts
}
