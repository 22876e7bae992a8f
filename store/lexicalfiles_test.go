package store

import (
	"fmt"
	"reflect"
	"testing"
)

func filePaths(hits []FileHit) []string {
	var out []string
	for _, h := range hits {
		out = append(out, h.Path)
	}
	return out
}

// A report's words spread over the chunks of the file it is about; whole
// files count them together, where the best chunk alone holds a few.
func TestLexicalFilesCountsAFileWhole(t *testing.T) {
	ix := memIndex(t, []Chunk{
		{FilePath: "client.py", StartLine: 1, EndLine: 2, Content: "def parse_header(line):\n    raise ValueError('bad header')"},
		{FilePath: "client.py", StartLine: 4, EndLine: 5, Content: "def retry_request(conn):\n    conn.reconnect()"},
		{FilePath: "headers.py", StartLine: 1, EndLine: 2, Content: "def parse_header(line):\n    return header_table[line]"},
		{FilePath: "util.py", StartLine: 1, EndLine: 1, Content: "def clamp(x): return max(0, x)"},
	})
	query := "parse header fails, then retry request and reconnect"
	files := ix.LexicalFiles(Code, query, 10, nil)
	if got := filePaths(files); !reflect.DeepEqual(got, []string{"client.py", "headers.py"}) {
		t.Fatalf("files %v, want client.py (every word, over two chunks) then headers.py; util.py holds none", got)
	}
	if files[0].Score <= files[1].Score {
		t.Errorf("scores %v do not descend", files)
	}
	if got := ix.LexicalFiles(Code, query, 1, nil); len(got) != 1 || got[0].Path != "client.py" {
		t.Errorf("first file %v, want client.py alone", got)
	}
	keep := Filter{Directory: "nowhere"}.keep()
	if got := ix.LexicalFiles(Code, query, 10, keep); len(got) != 0 {
		t.Errorf("a filter that keeps nothing gave %v", got)
	}
}

// A re-indexed file's old chunks stay in their segment, marked dead: they
// must not count for the file, which now says something else.
func TestLexicalFilesSkipsReplacedFiles(t *testing.T) {
	s, _ := Open(t.TempDir())
	names := []string{"a.go", "b.go"}
	for i := range 200 { // enough that an edit leaves the first segment in place
		names = append(names, fmt.Sprintf("other%d.go", i))
	}
	m := commit(t, s, update("r1", nil, 3, "alpha", names...))
	commit(t, s, update("r1", m, 3, "beta", "a.go"))
	ix, err := s.Load("r1")
	if err != nil {
		t.Fatal(err)
	}
	if len(ix.views[Code]) < 2 || ix.views[Code][0].ndead == 0 {
		t.Fatalf("%d code segments, %d dead chunks in the first; want a.go's old chunks dead", len(ix.views[Code]), ix.views[Code][0].ndead)
	}
	for _, h := range ix.LexicalFiles(Code, "alpha", 300, nil) {
		if h.Path == "a.go" {
			t.Errorf("a.go, which now says beta, is a file for alpha: %v", h)
		}
	}
	if got := filePaths(ix.LexicalFiles(Code, "beta", 10, nil)); !reflect.DeepEqual(got, []string{"a.go"}) {
		t.Errorf("files for beta %v, want a.go", got)
	}
}
