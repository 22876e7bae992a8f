package weaviate

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/codeseek/codeseek/store"
)

// liveNodes returns the node URLs of a running Weaviate cluster from
// CODESEEK_WEAVIATE_URL (comma-separated for several nodes), or skips.
// Start one with scripts/weaviate-cluster up 1 (or up 3).
func liveNodes(t *testing.T) []string {
	t.Helper()
	v := os.Getenv("CODESEEK_WEAVIATE_URL")
	if v == "" {
		t.Skip("CODESEEK_WEAVIATE_URL is not set; run scripts/weaviate-cluster up 1 and pass its URL")
	}
	return strings.Split(v, ",")
}

// liveClients returns one client per node, all on fresh collections that
// are dropped after the test, replicated to every node.
func liveClients(t *testing.T) []*Client {
	nodes := liveNodes(t)
	prefix := fmt.Sprintf("CsTest%d", time.Now().UnixNano())
	var cs []*Client
	for _, u := range nodes {
		c, err := New(Config{URL: u, Prefix: prefix, Replication: len(nodes)})
		if err != nil {
			t.Fatal(err)
		}
		cs = append(cs, c)
	}
	t.Cleanup(func() {
		if err := cs[0].Drop(context.Background()); err != nil {
			t.Error(err)
		}
	})
	if err := cs[0].EnsureSchema(context.Background()); err != nil {
		t.Fatal(err)
	}
	return cs
}

const testDim = 32

// unitVector is a reproducible random unit vector.
func unitVector(seed uint64) []float32 {
	r := rand.New(rand.NewPCG(seed, 1))
	v := make([]float32, testDim)
	var n float64
	for i := range v {
		v[i] = float32(r.NormFloat64())
		n += float64(v[i]) * float64(v[i])
	}
	for i := range v {
		v[i] /= float32(math.Sqrt(n))
	}
	return v
}

// fileChunks makes n chunks of path whose content names word.
func fileChunks(path, lang string, kind store.Kind, word string, n int, seed uint64) []store.Chunk {
	var cs []store.Chunk
	for i := range n {
		content := fmt.Sprintf("func %s%d() { // %s part %d of %s }", word, i, word, i, path)
		cs = append(cs, store.Chunk{ID: store.ChunkID(path, i*10+1, i*10+9, content), FilePath: path, Kind: kind,
			Language: lang, Symbol: fmt.Sprintf("%s%d", word, i), SymbolKind: "function", StartLine: i*10 + 1,
			EndLine: i*10 + 9, Content: content, Vector: unitVector(seed + uint64(i))})
	}
	return cs
}

func paths(hits []store.Hit) []string {
	var ps []string
	for _, h := range hits {
		if !slices.Contains(ps, h.Chunk.FilePath) {
			ps = append(ps, h.Chunk.FilePath)
		}
	}
	slices.Sort(ps)
	return ps
}

func mustBM25(t *testing.T, c *Client, repo, q string, f Filter) []store.Hit {
	t.Helper()
	hits, err := c.BM25(context.Background(), repo, q, f, 20)
	if err != nil {
		t.Fatal(err)
	}
	return hits
}

func TestLiveIndexSearchAndGenerations(t *testing.T) {
	cs := liveClients(t)
	c, ctx, repo := cs[0], context.Background(), "repo1"
	code := Filter{Kind: store.Code}

	tx, err := c.Begin(ctx, repo)
	if err != nil {
		t.Fatal(err)
	}
	a := fileChunks("net/http/a.go", "go", store.Code, "alpha", 3, 100)
	for path, chunks := range map[string][]store.Chunk{
		"net/http/a.go": a,
		"net/url/b.go":  fileChunks("net/url/b.go", "go", store.Code, "beta", 2, 200),
		"tools/c.py":    fileChunks("tools/c.py", "python", store.Code, "alpha", 1, 300),
		"README.md":     fileChunks("README.md", "markdown", store.Doc, "alpha", 1, 400),
	} {
		if err := tx.Upsert(ctx, path, chunks); err != nil {
			t.Fatal(err)
		}
	}
	if hits := mustBM25(t, c, repo, "alpha", code); len(hits) != 0 {
		t.Fatalf("before the first commit a search found %v", paths(hits))
	}
	if err := tx.Commit(ctx, nil); err != nil {
		t.Fatal(err)
	}

	// Every node answers the same, with filters pushed down.
	for _, n := range cs {
		if got := paths(mustBM25(t, n, repo, "alpha", code)); !slices.Equal(got, []string{"net/http/a.go", "tools/c.py"}) {
			t.Fatalf("%s: BM25 alpha in code found %v", n.URL(), got)
		}
		if got := paths(mustBM25(t, n, repo, "alpha", Filter{Kind: store.Doc})); !slices.Equal(got, []string{"README.md"}) {
			t.Fatalf("%s: BM25 alpha in docs found %v", n.URL(), got)
		}
	}
	if got := paths(mustBM25(t, c, repo, "alpha", Filter{Filter: store.Filter{FileType: "python"}})); !slices.Equal(got, []string{"tools/c.py"}) {
		t.Fatalf("language filter: %v", got)
	}
	if got := paths(mustBM25(t, c, repo, "alpha beta", Filter{Filter: store.Filter{Directory: "net"}})); !slices.Equal(got, []string{"net/http/a.go", "net/url/b.go"}) {
		t.Fatalf("directory filter: %v", got)
	}
	hits, err := c.NearVector(ctx, repo, a[1].Vector, code, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) != 3 || hits[0].Chunk.ID != a[1].ID || math.Abs(hits[0].Score-1) > 1e-4 || hits[1].Score > hits[0].Score {
		t.Fatalf("nearVector of a chunk's own vector: %+v", hits)
	}
	if h := hits[0].Chunk; h.Content != a[1].Content || h.StartLine != a[1].StartLine || h.Symbol != a[1].Symbol || h.Language != "go" {
		t.Fatalf("chunk came back as %+v", h)
	}

	// A second run edits a.go and deletes b.go: invisible until committed.
	tx, err = c.Begin(ctx, repo)
	if err != nil {
		t.Fatal(err)
	}
	if err := tx.Upsert(ctx, "net/http/a.go", fileChunks("net/http/a.go", "go", store.Code, "gamma", 2, 500)); err != nil {
		t.Fatal(err)
	}
	if err := tx.Delete(ctx, "net/url/b.go"); err != nil {
		t.Fatal(err)
	}
	if err := tx.flush(ctx, true); err != nil {
		t.Fatal(err)
	}
	if got := paths(mustBM25(t, c, repo, "alpha beta gamma", code)); !slices.Equal(got, []string{"net/http/a.go", "net/url/b.go", "tools/c.py"}) {
		t.Fatalf("before commit: %v", got)
	}
	if hits := mustBM25(t, c, repo, "gamma", code); len(hits) != 0 {
		t.Fatalf("uncommitted chunks visible: %v", paths(hits))
	}
	if err := tx.Commit(ctx, nil); err != nil {
		t.Fatal(err)
	}
	for _, n := range cs {
		if got := paths(mustBM25(t, n, repo, "gamma beta", code)); !slices.Equal(got, []string{"net/http/a.go"}) {
			t.Fatalf("%s after commit: gamma beta found %v", n.URL(), got)
		}
		if got := paths(mustBM25(t, n, repo, "alpha", code)); !slices.Equal(got, []string{"tools/c.py"}) {
			t.Fatalf("%s after commit: the old a.go is still visible: %v", n.URL(), got)
		}
	}
	if n := countAll(t, c, repo); n != 2+1+1 {
		t.Fatalf("%d objects stored after the commit, want 4 (retired chunks collected)", n)
	}

	// A run that dies before its commit leaves nothing visible, and the
	// next Begin undoes it.
	tx, err = c.Begin(ctx, repo)
	if err != nil {
		t.Fatal(err)
	}
	if err := tx.Upsert(ctx, "tools/c.py", fileChunks("tools/c.py", "python", store.Code, "delta", 2, 600)); err != nil {
		t.Fatal(err)
	}
	if err := tx.Delete(ctx, "net/http/a.go"); err != nil {
		t.Fatal(err)
	}
	if err := tx.flush(ctx, true); err != nil {
		t.Fatal(err)
	}
	if got := paths(mustBM25(t, c, repo, "alpha gamma delta", code)); !slices.Equal(got, []string{"net/http/a.go", "tools/c.py"}) {
		t.Fatalf("an abandoned run is visible: %v", got)
	}
	if _, err := c.Begin(ctx, repo); err != nil {
		t.Fatal(err)
	}
	if n := countAll(t, c, repo); n != 4 {
		t.Fatalf("%d objects after undoing the abandoned run, want 4", n)
	}
	if got := paths(mustBM25(t, c, repo, "alpha gamma delta", code)); !slices.Equal(got, []string{"net/http/a.go", "tools/c.py"}) {
		t.Fatalf("after undo: %v", got)
	}

	if err := c.RemoveRepo(ctx, repo); err != nil {
		t.Fatal(err)
	}
}

// countAll counts every stored chunk of repo, visible or not.
func countAll(t *testing.T, c *Client, repo string) int {
	t.Helper()
	rows, err := c.get(context.Background(), repo, "", intIs("GreaterThan", "generation", 0), maxLimit, searchFields, "")
	if err != nil {
		t.Fatal(err)
	}
	return len(rows)
}

func TestLiveRepositoriesAreSeparate(t *testing.T) {
	cs := liveClients(t)
	c, ctx := cs[0], context.Background()
	for i, repo := range []string{"left", "right"} {
		tx, err := c.Begin(ctx, repo)
		if err != nil {
			t.Fatal(err)
		}
		if err := tx.Upsert(ctx, repo+".go", fileChunks(repo+".go", "go", store.Code, "shared", 1, uint64(i))); err != nil {
			t.Fatal(err)
		}
		if err := tx.Commit(ctx, nil); err != nil {
			t.Fatal(err)
		}
	}
	if got := paths(mustBM25(t, c, "right", "shared", Filter{})); !slices.Equal(got, []string{"right.go"}) {
		t.Fatalf("repository right sees %v", got)
	}
}

func TestLiveManifestFollowsCommits(t *testing.T) {
	c, ctx, repo := liveClients(t)[0], context.Background(), "repo1"
	commit := func(files ...string) int64 {
		t.Helper()
		tx, err := c.Begin(ctx, repo)
		if err != nil {
			t.Fatal(err)
		}
		m := &store.Manifest{Meta: store.Meta{ID: repo, Files: len(files)}}
		for _, f := range files {
			m.Files = append(m.Files, store.FileState{Path: f})
		}
		if err := tx.Commit(ctx, m); err != nil {
			t.Fatal(err)
		}
		return tx.Generation()
	}
	files := func(gen int64) []string {
		t.Helper()
		m, err := c.Manifest(ctx, repo, gen)
		if err != nil {
			t.Fatal(err)
		}
		if m == nil {
			return nil
		}
		var out []string
		for _, f := range m.Files {
			out = append(out, f.Path)
		}
		return out
	}
	g1 := commit("a.go", "b.go")
	if got := files(g1); !slices.Equal(got, []string{"a.go", "b.go"}) {
		t.Fatalf("manifest of generation %d lists %v", g1, got)
	}
	g2 := commit("a.go")
	if got := files(g2); !slices.Equal(got, []string{"a.go"}) {
		t.Fatalf("manifest of generation %d lists %v", g2, got)
	}
	if got := files(g1); got != nil {
		t.Fatalf("the manifest of replaced generation %d is still stored: %v", g1, got)
	}
	// A run that wrote its manifest but died before the commit record:
	// invisible, and gone after the next Begin.
	tx, err := c.Begin(ctx, repo)
	if err != nil {
		t.Fatal(err)
	}
	orphan := object{Class: c.commits, ID: manifestID(repo, tx.Generation()), Tenant: repo,
		Properties: map[string]any{"generation": tx.Generation(), "manifest": `{"Files":[{"Path":"ghost.go"}]}`}}
	if err := c.put(ctx, []object{orphan}); err != nil {
		t.Fatal(err)
	}
	if gen, err := c.Committed(ctx, repo); err != nil || gen != g2 {
		t.Fatalf("committed generation %d, %v; want %d", gen, err, g2)
	}
	if _, err := c.Begin(ctx, repo); err != nil {
		t.Fatal(err)
	}
	if got := files(tx.Generation()); got != nil {
		t.Fatalf("an interrupted run's manifest survived the next Begin: %v", got)
	}
}
