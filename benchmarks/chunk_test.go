package benchmarks

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/chunker"
)

// chunkFile is one source file held in memory so that the benchmark
// measures chunking, not disk reads.
type chunkFile struct {
	path string
	src  []byte
}

// stdlibSources reads every .go file under $(go env GOROOT)/src.
func stdlibSources(b *testing.B) ([]chunkFile, int64) {
	root := ""
	if out, err := exec.Command("go", "env", "GOROOT").Output(); err == nil {
		root = strings.TrimSpace(string(out))
	}
	if root == "" {
		b.Skip("GOROOT not found")
	}
	var files []chunkFile
	var total int64
	err := filepath.WalkDir(filepath.Join(root, "src"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err == nil {
			files = append(files, chunkFile{path, src})
			total += int64(len(src))
		}
		return nil
	})
	if err != nil || len(files) == 0 {
		b.Skipf("no Go sources under %s: %v", root, err)
	}
	return files, total
}

// BenchmarkChunkStdlib measures chunking throughput (parse with tree-sitter,
// cut into declaration chunks) over the whole Go standard library on one
// goroutine; the MB/s column is the figure quoted in the README. Run with
// -benchtime=1x: one pass is about 90 MB.
func BenchmarkChunkStdlib(b *testing.B) {
	files, total := stdlibSources(b)
	b.SetBytes(total)
	b.ResetTimer()
	chunks := 0
	for i := 0; i < b.N; i++ {
		chunks = 0
		for _, f := range files {
			chunks += len(chunker.Split(f.path, f.src, chunker.Options{}))
		}
	}
	b.ReportMetric(float64(chunks), "chunks/op")
	b.ReportMetric(float64(len(files)), "files/op")
}

// BenchmarkChunkFlatFile chunks 1 MB files made of one short line
// repeated (524,288 comments or statements at the top level): the shape
// that made chunking quadratic in the number of a node's children (a
// Python file of 64k comment lines took 45 s). The MB/s column should
// stay in the range of BenchmarkChunkStdlib's.
func BenchmarkChunkFlatFile(b *testing.B) {
	for _, tc := range []struct{ path, line string }{
		{"a.py", "#"}, {"a.js", "//"}, {"a.c", ";"}, {"a.yaml", "- a"}, {"a.sh", ":"}, {"a.sql", ";"},
	} {
		src := []byte(strings.Repeat(tc.line+"\n", (1<<20)/(len(tc.line)+1)))
		b.Run(tc.path, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for range b.N {
				if _, err := chunker.Analyze(tc.path, src, chunker.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
