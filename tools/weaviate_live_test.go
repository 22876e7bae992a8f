package tools

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/internal/servetest"
	"github.com/codeseek/codeseek/store"
	"github.com/codeseek/codeseek/store/weaviate"
)

// TestLiveWeaviateCluster indexes a copy of GOROOT/src/net into the
// cluster at CODESEEK_WEAVIATE_URL (comma-separated node URLs, replication
// = their number) through node 1 and checks that searches through node 1
// and node 2 return the embedded store's top-5 files; with three or more
// nodes it then SIGKILLs the last one (scripts/weaviate-cluster kill, as
// root) and checks that searching, re-indexing an edit and deleting a file
// still work through the others. One line:
//
//	CODESEEK_WEAVIATE_URL=$(scripts/weaviate-cluster up 3 | paste -sd,) go test -v -run LiveWeaviateCluster ./tools; scripts/weaviate-cluster down
func TestLiveWeaviateCluster(t *testing.T) {
	v := os.Getenv("CODESEEK_WEAVIATE_URL")
	if v == "" {
		t.Skip("CODESEEK_WEAVIATE_URL is not set; see the doc comment for the one-line command")
	}
	nodes := strings.Split(v, ",")
	if len(nodes) < 2 {
		t.Skip("needs two or more nodes: scripts/weaviate-cluster up 3")
	}
	ctx := context.Background()
	emb, err := embedding.NewBuiltin()
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(t.TempDir(), "net")
	if err := os.CopyFS(root, os.DirFS(filepath.Join(runtime.GOROOT(), "src", "net"))); err != nil {
		t.Fatal(err)
	}
	prefix := fmt.Sprintf("CsLive%d", time.Now().UnixNano())
	via := make([]*Service, len(nodes)) // one service per node, same collections
	for i, u := range nodes {
		via[i] = weaviateService(t, weaviate.Config{URL: u, Prefix: prefix, Replication: len(nodes)}, emb)
	}
	t.Cleanup(func() { dropCollections(t, nodes[0], prefix) })
	local, err := New(Config{DataDir: t.TempDir(), Embedder: emb})
	if err != nil {
		t.Fatal(err)
	}

	index := func(svc *Service, what string) {
		t.Helper()
		start := time.Now()
		rep, err := svc.IndexRepository(ctx, IndexParams{RepoPath: root})
		if err != nil {
			t.Fatalf("index (%s): %v", what, err)
		}
		t.Logf("index (%s): %d files indexed, %d unchanged, %d deleted, %d chunks in %.2f s",
			what, rep.FilesIndexed, rep.FilesUnchanged, rep.FilesDeleted, rep.ChunksCreated, time.Since(start).Seconds())
	}
	index(local, "embedded")
	index(via[0], fmt.Sprintf("weaviate via node 1, replication %d", len(nodes)))

	want := map[string][]string{}
	for _, q := range servetest.NetQueries {
		want[q] = topFiles(t, local, root, q)
	}
	compare := func(when string, asked ...int) {
		t.Helper()
		for _, n := range asked {
			var overlaps []string
			for _, q := range servetest.NetQueries {
				got := topFiles(t, via[n], root, q)
				o := overlap(want[q], got)
				overlaps = append(overlaps, fmt.Sprintf("%.1f", o))
				if o < 0.8 {
					t.Errorf("%s, node %d, %q: top-5 files %v, embedded %v (overlap %.1f)", when, n+1, q, got, want[q], o)
				}
			}
			t.Logf("%s, node %d: top-5 file overlap per query %s", when, n+1, strings.Join(overlaps, " "))
		}
	}
	compare("healthy cluster", 0, 1)

	if len(nodes) >= 3 {
		script := filepath.Join("..", "scripts", "weaviate-cluster")
		if out, err := exec.Command(script, "kill", strconv.Itoa(len(nodes))).CombinedOutput(); err != nil {
			t.Fatalf("%s kill %d: %v\n%s", script, len(nodes), err, out)
		}
		compare(fmt.Sprintf("node %d killed", len(nodes)), 0, 1)
	}

	// An edit becomes searchable; a deleted file is gone and stays gone.
	edited := filepath.Join(root, "dial.go")
	src, err := os.ReadFile(edited)
	if err != nil {
		t.Fatal(err)
	}
	src = append(src, "\n// QuokkaHandshake greets a quokka before dialing.\nfunc QuokkaHandshake() string { return \"quokka\" }\n"...)
	if err := os.WriteFile(edited, src, 0o644); err != nil {
		t.Fatal(err)
	}
	const gone = "sendfile_windows.go"
	if err := os.Remove(filepath.Join(root, gone)); err != nil {
		t.Fatal(err)
	}
	index(via[0], "after an edit and a delete")
	index(via[1], "again, nothing changed, via node 2")
	for n := range 2 {
		if got := topFiles(t, via[n], root, "QuokkaHandshake"); len(got) == 0 || got[0] != "dial.go" {
			t.Errorf("node %d: the edit is not searchable: QuokkaHandshake found %v", n+1, got)
		}
		for _, q := range []string{"sendFile", "TransmitFile", "send a file on windows"} {
			if got := topFiles(t, via[n], root, q); slices.Contains(got, gone) {
				t.Errorf("node %d: deleted %s came back for %q: %v", n+1, gone, q, got)
			}
		}
		m, err := via[n].store.Previous(RepoID(mustRoot(t, root)))
		if err != nil || m == nil {
			t.Fatalf("node %d: manifest: %v", n+1, err)
		}
		if slices.ContainsFunc(m.Files, func(f store.FileState) bool { return f.Path == gone }) {
			t.Errorf("node %d: the manifest still lists %s", n+1, gone)
		}
	}
}

// topFiles returns the five best files for q: the first five distinct
// files of its results.
func topFiles(t *testing.T, svc *Service, root, q string) []string {
	t.Helper()
	resp, err := svc.Search(context.Background(), SearchParams{Query: q, RepositoryID: root, Limit: 25})
	if err != nil {
		t.Fatalf("search %q: %v", q, err)
	}
	var files []string
	for _, r := range resp.Results {
		if len(files) < 5 && !slices.Contains(files, r.FilePath) {
			files = append(files, r.FilePath)
		}
	}
	return files
}

// overlap is the share of want's files that got has too (1 when want is
// empty and got is too).
func overlap(want, got []string) float64 {
	if len(want) == 0 {
		if len(got) == 0 {
			return 1
		}
		return 0
	}
	n := 0
	for _, f := range want {
		if slices.Contains(got, f) {
			n++
		}
	}
	return float64(n) / float64(len(want))
}

func mustRoot(t *testing.T, path string) string {
	t.Helper()
	root, err := RepoRoot(path)
	if err != nil {
		t.Fatal(err)
	}
	return root
}

func dropCollections(t *testing.T, url, prefix string) {
	c, err := weaviate.New(weaviate.Config{URL: url, Prefix: prefix})
	if err == nil {
		err = c.Drop(context.Background())
	}
	if err != nil {
		t.Logf("drop collections %s*: %v", prefix, err)
	}
}
