package chunker

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// stdlibFiles lists the .go files of the Go standard library source.
func stdlibFiles(t testing.TB) []string {
	root := filepath.Join(runtime.GOROOT(), "src")
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // unreadable entries are not the chunker's concern
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil || len(files) == 0 {
		t.Skipf("no Go standard library source under %s: %v", root, err)
	}
	return files
}

// TestStdlib chunks every .go file of the Go standard library (testdata
// with its deliberately broken files included) and checks the promises of
// issue 3: no panic, at least one chunk per non-empty file, at least 98% of
// non-blank lines inside a chunk, no chunk over twice the budget.
func TestStdlib(t *testing.T) {
	if testing.Short() {
		t.Skip("chunking the whole standard library takes a while; skipped with -short")
	}
	files := stdlibFiles(t)
	var mu sync.Mutex
	var total stdlibResult
	var emptyFiles, overChunks []string
	work := make(chan string)
	var wg sync.WaitGroup
	start := time.Now()
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for path := range work {
				src, err := os.ReadFile(path)
				if err != nil {
					continue
				}
				r := stdlibFile(path, src)
				mu.Lock()
				total.bytes += r.bytes
				total.nonBlank += r.nonBlank
				total.covered += r.covered
				total.chunks += r.chunks
				total.maxTokens = max(total.maxTokens, r.maxTokens)
				if r.empty != "" {
					emptyFiles = append(emptyFiles, r.empty)
				}
				if r.over != "" {
					overChunks = append(overChunks, r.over)
				}
				mu.Unlock()
			}
		}()
	}
	for _, f := range files {
		work <- f
	}
	close(work)
	wg.Wait()
	elapsed := time.Since(start)
	coverage := 100 * float64(total.covered) / float64(total.nonBlank)
	t.Logf("Go stdlib: %d files, %.1f MB, %d chunks, %d/%d non-blank lines covered (%.2f%%), largest chunk %d tokens (budget %d), %.1fs, %.1f MB/s",
		len(files), float64(total.bytes)/1e6, total.chunks, total.covered, total.nonBlank, coverage,
		total.maxTokens, DefaultMaxTokens, elapsed.Seconds(), float64(total.bytes)/1e6/elapsed.Seconds())
	if len(emptyFiles) > 0 {
		t.Errorf("%d non-empty files without chunks, e.g. %v", len(emptyFiles), emptyFiles[:min(5, len(emptyFiles))])
	}
	if len(overChunks) > 0 {
		t.Errorf("%d chunks over twice the budget, e.g. %v", len(overChunks), overChunks[:min(5, len(overChunks))])
	}
	if coverage < 98 {
		t.Errorf("coverage %.2f%% of non-blank lines, want at least 98%%", coverage)
	}
}

// stdlibResult holds the figures of one file, or of all files.
type stdlibResult struct {
	bytes, nonBlank, covered, chunks, maxTokens int
	empty                                       string // a non-empty file with no chunk
	over                                        string // a file with a chunk over twice the budget
}

func stdlibFile(path string, src []byte) stdlibResult {
	r := stdlibResult{bytes: len(src)}
	chunks := Split(path, src, Options{})
	r.chunks = len(chunks)
	lines := bytes.Split(src, []byte("\n"))
	covered := make([]bool, len(lines)+1)
	for _, c := range chunks {
		for l := c.StartLine; l <= c.EndLine && l <= len(lines); l++ {
			covered[l] = true
		}
		tok := approxTokens(c.Content)
		r.maxTokens = max(r.maxTokens, tok)
		if tok > 2*DefaultMaxTokens && r.over == "" {
			r.over = path
		}
	}
	for i, l := range lines {
		if len(bytes.TrimSpace(l)) == 0 {
			continue
		}
		r.nonBlank++
		if covered[i+1] {
			r.covered++
		}
	}
	if r.nonBlank > 0 && len(chunks) == 0 {
		r.empty = path
	}
	return r
}
