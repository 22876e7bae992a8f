package benchmarks

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/c"

	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/tools"
)

// kernelQueries are the kinds of questions one asks of a kernel tree:
// identifiers, and descriptions of what code does.
var kernelQueries = []string{
	"kmalloc", "struct task_struct", "copy_from_user", "spin_lock_irqsave",
	"schedule the next runnable task on this cpu", "allocate pages from the buddy allocator",
	"handle a page fault in user space", "parse the kernel command line",
}

// BenchmarkLinuxKernel indexes the Linux kernel tree named by
// $CODESEEK_LINUX_SRC (Debian's linux-source, unpacked; see
// docs/evaluation.md for the two .gitignore lines to drop) into an empty
// data directory and reports index time, peak RSS, chunks, segments and
// data directory size; then edits 100 of its .c files (one comment line
// appended, removed again afterwards) and reports the re-index's time;
// then starts `codeseek serve` on the index and reports search p50/p95
// over MCP stdio (hybrid, concise; 200 searches) and the server's RSS
// after them. One iteration is one cold index; skipped without the
// variable, as the tree is 1.5 GB.
//
//	CODESEEK_LINUX_SRC=/usr/src/linux-source-6.1 go test ./benchmarks -run '^$' \
//	  -bench LinuxKernel -benchtime 1x -timeout 60m
func BenchmarkLinuxKernel(b *testing.B) {
	src := os.Getenv("CODESEEK_LINUX_SRC")
	if src == "" {
		b.Skip("set CODESEEK_LINUX_SRC to an unpacked linux-source tree")
	}
	bin := buildCodeseek(b)
	for i := 0; i < b.N; i++ {
		dataDir := b.TempDir()
		rep := coldIndex(b, bin, dataDir, src)
		segs := segmentCount(b, dataDir)
		restore := editFiles(b, src, 100)
		re := coldIndex(b, bin, dataDir, src) // not cold: 100 files changed
		restore()
		s := startServer(b, bin, dataDir, "--root", src)
		var lat []time.Duration
		for round := 0; round < 25; round++ {
			for _, q := range kernelQueries {
				t := time.Now()
				s.call(b, "search_code", map[string]any{"query": q, "repository_id": rep.RepositoryID, "detail_level": "concise"})
				lat = append(lat, time.Since(t))
			}
		}
		rss, _ := s.memoryMB()
		s.close()
		b.ReportMetric(rep.seconds, "index-s")
		b.ReportMetric(rep.peakMB, "index-peak-MB")
		b.ReportMetric(float64(rep.Files), "files")
		b.ReportMetric(float64(rep.Chunks), "chunks")
		b.ReportMetric(dirMB(b, dataDir), "data-MB")
		b.ReportMetric(float64(segs), "segments")
		b.ReportMetric(re.seconds, "reindex-100-s")
		b.ReportMetric(ms(percentile(lat, 50)), "search-p50-ms")
		b.ReportMetric(ms(percentile(lat, 95)), "search-p95-ms")
		b.ReportMetric(rss, "serve-RSS-MB")
	}
}

// dirMB is the size of the files under dir.
func dirMB(b *testing.B, dir string) float64 {
	var n int64
	err := filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err == nil {
			n += info.Size()
		}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	return float64(n) / (1 << 20)
}

// segmentCount counts the segment files under dataDir.
func segmentCount(b *testing.B, dataDir string) int {
	m, err := filepath.Glob(filepath.Join(dataDir, "repos", "*", "seg-*.cseg"))
	if err != nil {
		b.Fatal(err)
	}
	return len(m)
}

// filesEnding lists the files under root whose names end in one of
// suffixes, in walk order; unreadable directories are skipped.
func filesEnding(root string, suffixes ...string) []string {
	var out []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && slices.ContainsFunc(suffixes, func(s string) bool { return strings.HasSuffix(p, s) }) {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// editFiles appends a comment line to n .c files spread over the tree
// and returns a function that puts their contents back.
func editFiles(b *testing.B, root string, n int) (restore func()) {
	all := filesEnding(root, ".c")
	if len(all) < n {
		b.Fatalf("%s has %d .c files, want at least %d", root, len(all), n)
	}
	saved := map[string][]byte{}
	for i := range n {
		p := all[i*len(all)/n]
		old, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		saved[p] = old
		if err := os.WriteFile(p, append(slices.Clip(old), "\n/* codeseek benchmark edit */\n"...), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return func() {
		for p, old := range saved {
			os.WriteFile(p, old, 0o644)
		}
	}
}

// BenchmarkKernelSearch searches an existing index of the kernel tree
// in process: $CODESEEK_LINUX_DATA is the data directory of a
// `codeseek index` of $CODESEEK_LINUX_SRC, so that two commits' search
// paths can be compared on one index without indexing again (both must
// read its format). It reports p50 and p95 of
// search_code calls (hybrid, concise) handed to the MCP server in
// process, after one warm-up round: the server's own work without the
// transport or a client.
//
//	CODESEEK_LINUX_SRC=/tmp/linux-source-6.1 CODESEEK_LINUX_DATA=/tmp/kdata \
//	  go test ./benchmarks -run '^$' -bench KernelSearch -benchtime 3x
func BenchmarkKernelSearch(b *testing.B) {
	src, data := os.Getenv("CODESEEK_LINUX_SRC"), os.Getenv("CODESEEK_LINUX_DATA")
	if src == "" || data == "" {
		b.Skip("set CODESEEK_LINUX_SRC and CODESEEK_LINUX_DATA (the data directory of `codeseek index` of that tree)")
	}
	emb, err := embedding.NewBuiltin()
	if err != nil {
		b.Fatal(err)
	}
	svc, err := tools.New(tools.Config{DataDir: data, Embedder: emb})
	if err != nil {
		b.Fatal(err)
	}
	s := tools.NewMCPServer(svc)
	ctx := context.Background()
	s.HandleMessage(ctx, json.RawMessage(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}`))
	id := 0
	call := func(q string) time.Duration {
		id++
		args, _ := json.Marshal(map[string]any{"query": q, "repository_id": tools.RepoID(src), "detail_level": "concise"})
		msg := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"search_code","arguments":%s}}`, id, args)
		start := time.Now()
		out, _ := json.Marshal(s.HandleMessage(ctx, json.RawMessage(msg)))
		took := time.Since(start)
		if !bytes.Contains(out, []byte(`"result"`)) || bytes.Contains(out, []byte(`"isError":true`)) {
			b.Fatalf("search_code %q: %.500s", q, out)
		}
		return took
	}
	for _, q := range kernelQueries {
		call(q)
	}
	var lat []time.Duration
	for b.Loop() {
		for range 15 {
			for _, q := range kernelQueries {
				lat = append(lat, call(q))
			}
		}
	}
	b.ReportMetric(ms(percentile(lat, 50)), "search-p50-ms")
	b.ReportMetric(ms(percentile(lat, 95)), "search-p95-ms")
}

// BenchmarkKernelParse times tree-sitter alone on the kernel tree's C
// files and headers (up to the indexer's 1 MB limit), parsed on every
// core with nothing else done: the floor under a cold index's wall time
// that no work after the parse can lower.
//
//	CODESEEK_LINUX_SRC=/tmp/linux-source-6.1 go test ./benchmarks -run '^$' -bench KernelParse -benchtime 1x
func BenchmarkKernelParse(b *testing.B) {
	src := os.Getenv("CODESEEK_LINUX_SRC")
	if src == "" {
		b.Skip("set CODESEEK_LINUX_SRC to an unpacked linux-source tree")
	}
	files := filesEnding(src, ".c", ".h")
	var parsed atomic.Int64
	for b.Loop() {
		var next atomic.Int64
		var wg sync.WaitGroup
		for range runtime.GOMAXPROCS(0) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p := sitter.NewParser()
				defer p.Close()
				p.SetLanguage(c.GetLanguage())
				for i := int(next.Add(1)) - 1; i < len(files); i = int(next.Add(1)) - 1 {
					text, err := os.ReadFile(files[i])
					if err != nil || len(text) > 1<<20 {
						continue
					}
					if t, err := p.ParseCtx(context.Background(), nil, text); err == nil {
						t.Close()
						parsed.Add(int64(len(text)))
					}
				}
			}()
		}
		wg.Wait()
	}
	b.ReportMetric(float64(len(files)), "files")
	b.ReportMetric(float64(parsed.Load())/float64(b.N)/1e6, "MB")
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "parse-s")
}
