package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/internal/testfs"
)

func newTestService(t *testing.T) *Service {
	t.Helper()
	svc, err := New(Config{DataDir: t.TempDir(), Embedder: embedding.HashEmbedder{Dim: 64}})
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(root, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func goFunc(name, body string) string {
	return fmt.Sprintf("package p\n\n// %s does things.\nfunc %s() {\n\t%s\n}\n", name, name, body)
}

// searchAll returns the file paths of every code chunk the query finds.
func searchAll(t *testing.T, svc *Service, id, query string) []string {
	t.Helper()
	resp, err := svc.Search(context.Background(), SearchParams{Query: query, RepositoryID: id, Limit: MaxLimit})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, r := range resp.Results {
		paths = append(paths, r.FilePath)
	}
	return paths
}

func TestIncrementalReindex(t *testing.T) {
	ctx := context.Background()
	svc := newTestService(t)
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"a.go": goFunc("Alpha", "alphaSpecialToken()"),
		"b.go": goFunc("Beta", "betaSpecialToken()"),
		"c.go": goFunc("Gamma", "gammaSpecialToken()"),
	})
	rep, err := svc.IndexRepository(ctx, IndexParams{RepoPath: root})
	if err != nil {
		t.Fatal(err)
	}
	if rep.FilesIndexed != 3 || rep.ChunksCreated != 3 {
		t.Fatalf("first index: %+v", rep)
	}
	// Edit one, add one, delete one.
	time.Sleep(10 * time.Millisecond)
	writeFiles(t, root, map[string]string{"a.go": goFunc("Alpha", "alphaRewrittenToken()"), "d.go": goFunc("Delta", "deltaSpecialToken()")})
	os.Remove(filepath.Join(root, "c.go"))
	rep, err = svc.IndexRepository(ctx, IndexParams{RepoPath: root})
	if err != nil {
		t.Fatal(err)
	}
	if rep.FilesIndexed != 2 || rep.FilesUnchanged != 1 || rep.FilesDeleted != 1 || rep.ChunksCreated != 2 || rep.ChunksDeleted != 2 {
		t.Fatalf("re-index counts: indexed=%d unchanged=%d deleted=%d created=%d chunksDeleted=%d",
			rep.FilesIndexed, rep.FilesUnchanged, rep.FilesDeleted, rep.ChunksCreated, rep.ChunksDeleted)
	}
	for _, q := range []string{"gammaSpecialToken", "Gamma does things", "alphaSpecialToken"} {
		for _, p := range searchAll(t, svc, rep.RepositoryID, q) {
			if p == "c.go" {
				t.Errorf("query %q returned deleted file c.go", q)
			}
		}
	}
	paths := searchAll(t, svc, rep.RepositoryID, "deltaSpecialToken")
	if len(paths) == 0 || paths[0] != "d.go" {
		t.Errorf("new file not found first: %v", paths)
	}
	// A fresh service (another process) sees the same index.
	svc2, _ := New(Config{DataDir: svc.cfg.DataDir, Embedder: embedding.HashEmbedder{Dim: 64}})
	if got := searchAll(t, svc2, rep.RepositoryID, "betaSpecialToken"); len(got) != 3 {
		t.Errorf("reopened index has %d code chunks, want 3", len(got))
	}
	// Nothing changed: nothing re-embedded.
	manifest := filepath.Join(svc.cfg.DataDir, "repos", rep.RepositoryID, "index.csk")
	before, _ := os.Stat(manifest)
	rep, _ = svc.IndexRepository(ctx, IndexParams{RepoPath: root})
	if rep.FilesIndexed != 0 || rep.FilesUnchanged != 3 || rep.ChunksCreated != 0 || rep.Outcome != "up_to_date" {
		t.Errorf("no-op re-index: %+v", rep)
	}
	if after, _ := os.Stat(manifest); !after.ModTime().Equal(before.ModTime()) {
		t.Error("a re-index with nothing changed rewrote the manifest")
	}
	rep, _ = svc.IndexRepository(ctx, IndexParams{RepoPath: root, Force: true})
	if rep.FilesIndexed != 3 {
		t.Errorf("forced re-index indexed %d files, want 3", rep.FilesIndexed)
	}
}

// A file found minified only once read is read and skipped on every run;
// a run that finds nothing else changed writes nothing and says so.
func TestSkippedOnReadingIsNoChange(t *testing.T) {
	svc := newTestService(t)
	root := t.TempDir()
	bundle := "var a=" + strings.Repeat("[1,2,3,4,5,6,7,8,9],", 400) + "0;\n"
	writeFiles(t, root, map[string]string{"a.go": goFunc("Alpha", "x()"), "docs/search.json": bundle + bundle + bundle})
	ctx := context.Background()
	rep, err := svc.IndexRepository(ctx, IndexParams{RepoPath: root})
	if err != nil || rep.SkippedReasons["minified"] != 1 {
		t.Fatalf("first run: %+v (%v), want the bundle skipped as minified", rep, err)
	}
	manifest := filepath.Join(svc.cfg.DataDir, "repos", rep.RepositoryID, "index.csk")
	before, _ := os.Stat(manifest)
	rep, _ = svc.IndexRepository(ctx, IndexParams{RepoPath: root})
	if rep.Outcome != "up_to_date" || rep.FilesUnchanged != 1 || rep.SkippedReasons["minified"] != 1 {
		t.Errorf("second run: outcome %q, unchanged %d, skipped %v; want up_to_date, 1, the bundle", rep.Outcome, rep.FilesUnchanged, rep.SkippedReasons)
	}
	if after, _ := os.Stat(manifest); !after.ModTime().Equal(before.ModTime()) {
		t.Error("a run that changed nothing rewrote the manifest")
	}
}

func TestUnreadableFileIsListedAndIndexingContinues(t *testing.T) {
	svc := newTestService(t)
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"ok.go": goFunc("Fine", "x()"), "secret.go": goFunc("Secret", "y()")})
	if !testfs.SymlinksResolve(t) {
		t.Skip("this system cannot make symbolic links that resolve, so no looping one either")
	}
	os.Symlink(filepath.Join(root, "loop.go"), filepath.Join(root, "loop.go"))
	unreadable := 1
	// root reads anything, and on Windows a mode of 0 only sets the
	// read-only attribute; the link to itself covers those cases.
	if runtime.GOOS != "windows" && os.Getuid() != 0 {
		os.Chmod(filepath.Join(root, "secret.go"), 0)
		unreadable = 2
	}
	rep, err := svc.IndexRepository(context.Background(), IndexParams{RepoPath: root})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Errors) != unreadable || !strings.Contains(strings.Join(rep.Errors, "\n"), "loop.go") {
		t.Errorf("errors = %q, want %d naming loop.go", rep.Errors, unreadable)
	}
	if rep.Outcome != "completed_with_errors" || rep.FilesIndexed != 3-unreadable {
		t.Errorf("outcome %s, files_indexed %d", rep.Outcome, rep.FilesIndexed)
	}
}

// A link to a file that does not exist is skipped, not failed on: a run
// over an unchanged tree holding one is up to date, not "with errors".
func TestBrokenLinkIsNoError(t *testing.T) {
	svc := newTestService(t)
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"ok.go": goFunc("Fine", "x()")})
	if !testfs.SymlinksResolve(t) {
		t.Skip("this system cannot make symbolic links that resolve")
	}
	os.Symlink(filepath.Join(root, "gone.go"), filepath.Join(root, "dangling.go"))
	ctx := context.Background()
	for i, want := range []string{"completed", "up_to_date"} {
		rep, err := svc.IndexRepository(ctx, IndexParams{RepoPath: root})
		if err != nil || rep.Outcome != want || len(rep.Errors) != 0 || rep.SkippedReasons["broken_symlink"] != 1 {
			t.Errorf("run %d: outcome %q, errors %q, skipped %v (%v); want %s, no errors, the link skipped as broken_symlink", i+1, rep.Outcome, rep.Errors, rep.SkippedReasons, err, want)
		}
	}
}

func TestBadInput(t *testing.T) {
	ctx := context.Background()
	svc := newTestService(t)
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.go": goFunc("A", "a()")})
	file := filepath.Join(root, "a.go")
	for _, tc := range []struct {
		name string
		err  error
		arg  string
		want string
	}{
		{"missing dir", second(svc.IndexRepository(ctx, IndexParams{RepoPath: filepath.Join(root, "nope")})), "repo_path", "does not exist"},
		{"file not dir", second(svc.IndexRepository(ctx, IndexParams{RepoPath: file})), "repo_path", "not a directory"},
		{"empty query", second(svc.Search(ctx, SearchParams{Query: "  ", Limit: 10})), "query", "empty"},
		{"limit 0", second(svc.Search(ctx, SearchParams{Query: "x", Limit: 0})), "limit", "1 to 100"},
		{"limit 1000", second(svc.Search(ctx, SearchParams{Query: "x", Limit: 1000})), "limit", "1 to 100"},
		{"nothing indexed", second(svc.Search(ctx, SearchParams{Query: "x", Limit: 10})), "repository_id", "index_repository"},
		{"unknown repo", second(svc.Search(ctx, SearchParams{Query: "x", Limit: 10, RepositoryID: "abc"})), "repository_id", "list_repositories"},
	} {
		var ae *ArgError
		if !errors.As(tc.err, &ae) || ae.Arg != tc.arg || !strings.Contains(ae.Error(), tc.want) {
			t.Errorf("%s: err = %v, want ArgError on %s containing %q", tc.name, tc.err, tc.arg, tc.want)
		}
	}
}

func second[T any](_ T, err error) error { return err }

func TestEmbedderMismatchIsExplained(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.go": goFunc("A", "a()")})
	a, _ := New(Config{DataDir: dir, Embedder: embedding.HashEmbedder{Dim: 64}})
	rep, err := a.IndexRepository(ctx, IndexParams{RepoPath: root})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := New(Config{DataDir: dir, Embedder: embedding.HashEmbedder{Dim: 128}})
	_, err = b.Search(ctx, SearchParams{Query: "a", Limit: 5, RepositoryID: rep.RepositoryID})
	if err == nil || !strings.Contains(err.Error(), "--force") || !strings.Contains(err.Error(), "hash-v1-64") {
		t.Fatalf("err = %v, want an explanation naming the old embedder and --force", err)
	}
	// Re-indexing with the new embedder rebuilds instead of mixing vectors.
	rep, err = b.IndexRepository(ctx, IndexParams{RepoPath: root})
	if err != nil || rep.FilesIndexed != 1 || !strings.Contains(rep.Rebuilt, "hash-v1-64") || len(rep.Errors) != 0 {
		t.Fatalf("rebuild with new embedder: %+v, %v (want the old embedder named in rebuilt)", rep, err)
	}
	if _, err := b.Search(ctx, SearchParams{Query: "a", Limit: 5, RepositoryID: rep.RepositoryID}); err != nil {
		t.Fatal(err)
	}
}

// TestUnusableIndexIsExplainedAndRebuilt marks an index as written by
// another format version, then loses its segment: each time searching
// names the rebuild command, re-indexing rebuilds it and says why, and
// removing it works.
func TestUnusableIndexIsExplainedAndRebuilt(t *testing.T) {
	ctx := context.Background()
	svc := newTestService(t)
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.go": goFunc("Alpha", "a()")})
	rep, err := svc.IndexRepository(ctx, IndexParams{RepoPath: root})
	if err != nil {
		t.Fatal(err)
	}
	manifest := filepath.Join(svc.cfg.DataDir, "repos", rep.RepositoryID, "index.csk")
	b, _ := os.ReadFile(manifest)
	b[8] = 1 // schema version 1, the single-snapshot format
	os.WriteFile(manifest, b, 0o644)

	fresh, _ := New(Config{DataDir: svc.cfg.DataDir, Embedder: embedding.HashEmbedder{Dim: 64}})
	_, err = fresh.Search(ctx, SearchParams{Query: "Alpha", Limit: 5, RepositoryID: root})
	if err == nil || !strings.Contains(err.Error(), "version 1") || !strings.Contains(err.Error(), "codeseek index --force "+root) {
		t.Fatalf("search of an old index: %v, want the version and the rebuild command", err)
	}
	rep, err = fresh.IndexRepository(ctx, IndexParams{RepoPath: root})
	if err != nil || rep.FilesIndexed != 1 || len(rep.Errors) != 0 || !strings.Contains(rep.Rebuilt, "version 1") {
		t.Fatalf("re-index of an old index: %+v, %v", rep, err)
	}
	if got := searchAll(t, fresh, rep.RepositoryID, "Alpha"); len(got) != 1 {
		t.Fatalf("after the rebuild: %v", got)
	}
	// A segment file gone (a partial copy, a stray rm): search names the
	// fix, and the next index rebuilds instead of answering up_to_date.
	segs, _ := filepath.Glob(filepath.Join(filepath.Dir(manifest), "seg-*"))
	for _, seg := range segs {
		os.Remove(seg)
	}
	gone, _ := New(Config{DataDir: svc.cfg.DataDir, Embedder: embedding.HashEmbedder{Dim: 64}})
	if _, err := gone.Search(ctx, SearchParams{Query: "Alpha", Limit: 5, RepositoryID: root}); err == nil || !strings.Contains(err.Error(), "codeseek index --force "+root) {
		t.Fatalf("search with a segment gone: %v, want the rebuild command", err)
	}
	rep, err = gone.IndexRepository(ctx, IndexParams{RepoPath: root})
	if err != nil || rep.FilesIndexed != 1 || rep.Rebuilt == "" {
		t.Fatalf("re-index with a segment gone: %+v, %v", rep, err)
	}
	if got := searchAll(t, gone, rep.RepositoryID, "Alpha"); len(got) != 1 {
		t.Fatalf("after rebuilding the lost segment: %v", got)
	}

	os.WriteFile(manifest, b, 0o644)
	if _, err := fresh.RemoveRepository(root); err != nil {
		t.Fatalf("remove an unreadable index: %v", err)
	}
}

func TestFiltersApplyBeforeLimit(t *testing.T) {
	ctx := context.Background()
	svc := newTestService(t)
	root := t.TempDir()
	files := map[string]string{"docs/guide.md": "# Guide\n\nparse the config file\n"}
	for i := 0; i < 30; i++ {
		files[fmt.Sprintf("pkg/f%02d.go", i)] = goFunc(fmt.Sprintf("Parse%d", i), "parseConfig()")
	}
	files["internal/only.go"] = goFunc("Hidden", "unrelatedThing()")
	files["tool/x.py"] = "def parse_config():\n    return 1\n"
	writeFiles(t, root, files)
	rep, err := svc.IndexRepository(ctx, IndexParams{RepoPath: root})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := svc.Search(ctx, SearchParams{Query: "parse config", RepositoryID: rep.RepositoryID, Limit: 1, Directory: "internal/"})
	if err != nil || len(resp.Results) != 1 || resp.Results[0].FilePath != "internal/only.go" {
		t.Fatalf("directory filter: %+v %v", resp.Results, err)
	}
	resp, _ = svc.Search(ctx, SearchParams{Query: "parse config", RepositoryID: rep.RepositoryID, Limit: 3, FileType: ".py"})
	if len(resp.Results) != 1 || resp.Results[0].FilePath != "tool/x.py" {
		t.Fatalf("file_type filter: %+v", resp.Results)
	}
	resp, _ = svc.Search(ctx, SearchParams{Query: "parse config", RepositoryID: rep.RepositoryID, Limit: 3, Docs: true})
	if len(resp.Results) != 1 || resp.Results[0].FilePath != "docs/guide.md" || resp.Results[0].Symbol != "Guide" {
		t.Fatalf("docs search: %+v", resp.Results)
	}
}

// TestOpenAIRetryDuringIndex indexes through a real loopback server that
// answers 429 before it succeeds: the retry path must leave a complete index.
func TestOpenAIRetryDuringIndex(t *testing.T) {
	var calls, throttled atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct{ Input []string }
		json.NewDecoder(r.Body).Decode(&req)
		if calls.Add(1)%2 == 0 { // every other request is throttled
			throttled.Add(1)
			w.Header().Set("Retry-After", "0")
			w.WriteHeader(http.StatusTooManyRequests)
			w.Write([]byte(`{"error":{"message":"slow down","type":"rate_limit"}}`))
			return
		}
		type item struct {
			Object    string    `json:"object"`
			Index     int       `json:"index"`
			Embedding []float32 `json:"embedding"`
		}
		out := struct {
			Object string `json:"object"`
			Data   []item `json:"data"`
			Model  string `json:"model"`
		}{Object: "list", Model: "test"}
		for i, text := range req.Input {
			v, _ := embedding.HashEmbedder{Dim: 32}.EmbedQuery(r.Context(), text)
			out.Data = append(out.Data, item{Object: "embedding", Index: i, Embedding: v})
		}
		json.NewEncoder(w).Encode(out)
	}))
	defer srv.Close()
	ctx := context.Background()
	emb, err := embedding.NewOpenAI(ctx, embedding.OpenAIConfig{BaseURL: srv.URL + "/v1", Model: "test", BatchSize: 2, Concurrency: 1})
	if err != nil {
		t.Fatal(err)
	}
	svc, _ := New(Config{DataDir: t.TempDir(), Embedder: emb})
	root := t.TempDir()
	files := map[string]string{}
	for i := 0; i < 7; i++ {
		files[fmt.Sprintf("f%d.go", i)] = goFunc(fmt.Sprintf("Func%d", i), fmt.Sprintf("token%d()", i))
	}
	writeFiles(t, root, files)
	rep, err := svc.IndexRepository(ctx, IndexParams{RepoPath: root})
	if err != nil {
		t.Fatal(err)
	}
	if throttled.Load() == 0 {
		t.Fatal("the server never throttled: the retry path was not exercised")
	}
	if rep.ChunksCreated != 7 || len(rep.Errors) != 0 {
		t.Fatalf("index after retries: %+v", rep)
	}
	if got := searchAll(t, svc, rep.RepositoryID, "token3"); len(got) != 7 || got[0] != "f3.go" {
		t.Fatalf("search after retried index: %v", got)
	}
}

// A project_id that contradicts the repository_id is an error, as one
// that names no project is: it was ignored, and the repository searched.
func TestContradictoryProjectIsAnError(t *testing.T) {
	ctx := context.Background()
	svc := newTestService(t)
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.go": goFunc("Alpha", "x()")})
	rep, err := svc.IndexRepository(ctx, IndexParams{RepoPath: root})
	if err != nil {
		t.Fatal(err)
	}
	_, err = svc.Search(ctx, SearchParams{Query: "alpha", Limit: 5, RepositoryID: rep.RepositoryID, ProjectID: "nope"})
	var ae *ArgError
	if !errors.As(err, &ae) || ae.Arg != "project_id" || !strings.Contains(err.Error(), rep.ProjectID) {
		t.Errorf("contradictory project_id: %v, want an error on project_id naming the repository's project %q", err, rep.ProjectID)
	}
	if _, err := svc.Search(ctx, SearchParams{Query: "alpha", Limit: 5, RepositoryID: rep.RepositoryID, ProjectID: rep.ProjectID}); err != nil {
		t.Errorf("agreeing project_id: %v", err)
	}
}

// A repository whose directory is gone is listed as missing, and a
// search that reads its index says so: its answers are files as they
// were, which resources/read can no longer show.
func TestRepositoryWhoseDirectoryIsGone(t *testing.T) {
	ctx := context.Background()
	svc := newTestService(t)
	root := filepath.Join(t.TempDir(), "repo")
	writeFiles(t, root, map[string]string{"a.go": goFunc("Alpha", "x()")})
	if _, err := svc.IndexRepository(ctx, IndexParams{RepoPath: root}); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(root); err != nil {
		t.Fatal(err)
	}
	list, err := svc.ListRepositories()
	if err != nil || len(list.Repositories) != 1 || list.Repositories[0].Status != formatter.StatusMissing {
		t.Errorf("list: %+v (%v), want the repository, missing", list, err)
	}
	resp, err := svc.Search(ctx, SearchParams{Query: "alpha", Limit: 5})
	if err != nil || !strings.Contains(resp.Warning, "is gone") || !strings.Contains(resp.Warning, "remove_repository") {
		t.Errorf("search: warning %q (%v), want one saying the directory is gone and how to remove the index", resp.Warning, err)
	}
}
