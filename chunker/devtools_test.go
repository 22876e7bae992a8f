package chunker

// Developer tools, run on demand and skipped otherwise: they print how a
// file parses and how it is cut, for writing and reviewing language rules.
//
//	CHUNKER_DUMP=path/to/file.kt CHUNKER_DEPTH=4 go test ./chunker -run TestDumpTree -v
//	CHUNKER_SHOW=path/to/file.kt CHUNKER_BUDGET=150 go test ./chunker -run TestShowChunks -v

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"
)

// TestDumpTree prints the syntax tree of $CHUNKER_DUMP (a file path) down
// to $CHUNKER_DEPTH levels, so that grammar node types can be looked up
// while writing language rules.
func TestDumpTree(t *testing.T) {
	path := os.Getenv("CHUNKER_DUMP")
	if path == "" {
		t.Skip("set CHUNKER_DUMP=file to print its syntax tree")
	}
	depth, err := strconv.Atoi(os.Getenv("CHUNKER_DEPTH"))
	if err != nil {
		depth = 3
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
	tree, err := pool.parse(src)
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	var b strings.Builder
	var walk func(n *sitter.Node, fieldName string, d int)
	walk = func(n *sitter.Node, fieldName string, d int) {
		if fieldName != "" {
			fieldName += ": "
		}
		fmt.Fprintf(&b, "%s%s%s [%d-%d]\n", strings.Repeat("  ", d), fieldName, n.Type(), n.StartPoint().Row+1, n.EndPoint().Row+1)
		if d >= depth {
			return
		}
		for i := 0; i < int(n.ChildCount()); i++ {
			if ch := n.Child(i); ch.IsNamed() {
				walk(ch, n.FieldNameForChild(i), d+1)
			}
		}
	}
	walk(tree.RootNode(), "", 0)
	fmt.Print(b.String())
}

// TestShowChunks prints the chunks of $CHUNKER_SHOW (a file path), for
// looking at how a file is cut.
func TestShowChunks(t *testing.T) {
	path := os.Getenv("CHUNKER_SHOW")
	if path == "" {
		t.Skip("set CHUNKER_SHOW=file to print its chunks")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	budget, _ := strconv.Atoi(os.Getenv("CHUNKER_BUDGET"))
	for _, c := range Split(path, src, Options{MaxTokens: budget}) {
		fmt.Fprintf(&b, "%d-%d %s %q parent=%q sig=%q doc=%q tokens~%d\n", c.StartLine, c.EndLine, c.SymbolKind, c.Symbol, c.Parent, c.Signature, firstLine(c.Doc), approxTokens(c.Content))
	}
	t.Log("\n" + b.String())
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
