package nav

import (
	"context"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/store"
)

// testIndex indexes files (path -> content) the way the indexer does,
// with small made-up vectors, and returns the committed index.
func testIndex(t *testing.T, files map[string]string) Index {
	t.Helper()
	s, err := store.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	u := store.Update{Meta: store.Meta{ID: "r", Path: "/repo", Dimension: 4}, Graphs: map[string][]byte{}}
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		a, _ := chunker.Analyze(p, []byte(files[p]), chunker.Options{})
		u.Changed = append(u.Changed, store.FileState{Path: p, Size: int64(len(files[p]))})
		kind := store.Code
		if chunker.IsDoc(p) {
			kind = store.Doc
		}
		for _, c := range a.Chunks {
			u.Chunks = append(u.Chunks, store.Chunk{ID: store.ChunkID(p, c.StartLine, c.EndLine, c.Content), FilePath: p, Kind: kind,
				Language: c.Language, Symbol: c.Symbol, SymbolKind: c.SymbolKind, StartLine: c.StartLine, EndLine: c.EndLine,
				Content: c.Content, Vector: vectorOf(c.Content)})
		}
		if a.Graph != nil && len(a.Chunks) > 0 {
			u.Graphs[p] = a.Graph.Encode()
		}
	}
	if err := s.Commit(nil, u); err != nil {
		t.Fatal(err)
	}
	sr, err := store.Local(s).Load(context.Background(), "r")
	if err != nil {
		t.Fatal(err)
	}
	return sr.(Index)
}

// vectorOf is a tiny deterministic embedding: counts of a few letters, so
// similar text gets similar vectors.
func vectorOf(s string) []float32 {
	v := make([]float32, 4)
	for _, r := range strings.ToLower(s) {
		switch r {
		case 'a':
			v[0]++
		case 'e':
			v[1]++
		case 'i':
			v[2]++
		case 'o':
			v[3]++
		}
	}
	v[0] += 0.5
	return v
}

// lineOf is the 1-based line of the first occurrence of needle in files[path].
func lineOf(t *testing.T, files map[string]string, path, needle string) int {
	t.Helper()
	i := strings.Index(files[path], needle)
	if i < 0 {
		t.Fatalf("%q not in %s", needle, path)
	}
	return strings.Count(files[path][:i], "\n") + 1
}

// refSet renders references as "path:line match" for comparison.
func refSet(refs []Reference) []string {
	out := make([]string, len(refs))
	for i, r := range refs {
		out[i] = r.Path + ":" + strconv.Itoa(r.Line) + " " + r.Match
	}
	sort.Strings(out)
	return out
}

func itoaT(n int) string { return strconv.Itoa(n) }

func sortedT(s []string) []string {
	out := append([]string(nil), s...)
	sort.Strings(out)
	return out
}

// matchAt is how find_references for the declaration symbol (or, when
// pos is set, the one at pos) matched its use at "path:line": "exact",
// "name", or "" when it lists no use there.
func matchAt(t *testing.T, ix Index, symbol string, pos *Position, at string) string {
	t.Helper()
	tg, err := ResolveTarget(ix, symbol, pos)
	if err != nil {
		t.Fatal(symbol, pos, err)
	}
	refs, err := References(ix, tg, RefFilter{})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range refs {
		if r.Path+":"+strconv.Itoa(r.Line) == at {
			return r.Match
		}
	}
	return ""
}
