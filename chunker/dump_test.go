package chunker

import (
	"os"
	"testing"
)

// TestDumpTree prints the syntax tree of $CHUNKER_DUMP (a file path) so that
// grammar node types can be looked up while writing language rules.
func TestDumpTree(t *testing.T) {
	path := os.Getenv("CHUNKER_DUMP")
	if path == "" {
		t.Skip("set CHUNKER_DUMP=file to print its syntax tree")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lang := Language(path, src)
	pool := poolFor(lang)
	if pool == nil {
		t.Fatalf("no grammar for %s", lang)
	}
	tree := pool.parse(src)
	defer tree.Close()
	t.Log(tree.RootNode().String())
}
