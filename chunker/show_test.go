package chunker

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

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
