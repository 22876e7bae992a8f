package chunker

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
	tree := pool.parse(src)
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
