package search

import (
	"strings"
	"testing"

	"github.com/codeseek/codeseek/store"
)

func TestMergeKeepsLinesInOrder(t *testing.T) {
	a := &candidate{chunk: &store.Chunk{StartLine: 5, EndLine: 6, Content: "e\nf"}}
	sp := newSpan(a)
	sp.merge(&store.Chunk{StartLine: 3, EndLine: 4, Content: "c\nd"})
	sp.merge(&store.Chunk{StartLine: 7, EndLine: 8, Content: "g\n"})
	sp.trim()
	if got := strings.Join(sp.lines, ","); got != "c,d,e,f,g" || sp.start != 3 || sp.end != 7 {
		t.Errorf("merged span %d-%d %q", sp.start, sp.end, got)
	}
}
