// Package bench holds helpers for in-package benchmarks: a before/after
// comparison by the CPU time of the benchmarking OS thread, so that on a
// shared, busy machine it measures the work done rather than the wall time
// spent waiting for a core, and a corpus of real source text.
package bench

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// Compare runs before and after alternately, b.N times each, on one locked OS
// thread, and reports the CPU time per call of each ("old-cpu-ns/op",
// "new-cpu-ns/op") and their ratio ("new/old"). On a busy shared machine
// separate runs of each differ by more than the change being measured;
// calls a few milliseconds apart, in alternating order, meet the same
// machine. It skips the benchmark where thread CPU time cannot be read.
func Compare(b *testing.B, before, after func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if _, ok := thread(); !ok {
		b.Skip("no thread CPU clock on " + runtime.GOOS)
	}
	var spent [2]time.Duration
	run := func(k int, fn func()) {
		t0, _ := thread()
		fn()
		t1, _ := thread()
		spent[k] += t1 - t0
	}
	odd := false
	for b.Loop() {
		if odd {
			run(1, after)
			run(0, before)
		} else {
			run(0, before)
			run(1, after)
		}
		odd = !odd
	}
	b.ReportMetric(float64(spent[0])/float64(b.N), "old-cpu-ns/op")
	b.ReportMetric(float64(spent[1])/float64(b.N), "new-cpu-ns/op")
	b.ReportMetric(float64(spent[1])/float64(spent[0]), "new/old")
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
