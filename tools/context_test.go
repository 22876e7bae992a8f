//go:build unix

package tools

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/indexer"
	"github.com/codeseek/codeseek/store"
)

// contextRepo has Render, a function below eight others in clean.go, and
// the same code with an AWS key in every function above it in keyed.go,
// and returns clean.go's lines.
func contextRepo(t *testing.T) (root string, lines []string) {
	t.Helper()
	root = t.TempDir()
	lines = []string{"package view", ""}
	for i := range 8 {
		name := "step" + string(rune('A'+i))
		lines = append(lines, "// "+name+" computes one part of the layout.", "func "+name+"(w, h int) int {")
		for j := range 8 {
			lines = append(lines, "\tw = w*3 + h - "+strings.Repeat("1", j+1))
		}
		lines = append(lines, "\treturn w", "}", "")
	}
	lines = append(lines, "// Render draws the page header with its margins.", "func Render() int {",
		"\treturn stepA(1, 2) + stepB(3, 4)", "}", "")
	keyed := strings.Join(lines, "\n")
	keyed = strings.ReplaceAll(keyed, "h - 11111111\n", "h - len(\""+testAWSKey+"\")\n")
	writeFiles(t, root, map[string]string{
		"clean.go": strings.Join(lines, "\n"),
		"keyed.go": strings.ReplaceAll(keyed, "Render", "RenderKeyed"),
	})
	return root, lines
}

// hitOf searches for function fn and returns the result that declares it.
func hitOf(t *testing.T, svc *Service, id, fn string) formatter.SearchResult {
	t.Helper()
	resp, err := svc.Search(context.Background(), SearchParams{Query: fn, RepositoryID: id, Limit: 5, Mode: ModeLexical, WithContext: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range resp.Results {
		if strings.Contains(r.Content, "func "+fn+"(") {
			return r
		}
	}
	t.Fatalf("search %q: no result declares it in %+v", fn, resp.Results)
	return formatter.SearchResult{}
}

// The manifest vouches only for files indexed with no secret, and context
// lines never show a secret: not one that was there at indexing, not one
// edited into the context window of a file indexed clean.
func TestContextLinesNeverShowSecrets(t *testing.T) {
	root, lines := contextRepo(t)
	svc := newTestService(t)
	rep, err := svc.IndexRepository(context.Background(), IndexParams{RepoPath: root})
	if err != nil {
		t.Fatal(err)
	}
	m, err := svc.store.Previous(rep.RepositoryID)
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]bool{"clean.go": true, "keyed.go": false} {
		if f, ok := m.File(path); !ok || f.SecretFree != want {
			t.Errorf("manifest entry of %s: %+v, want SecretFree %v", path, f, want)
		}
	}

	if got := hitOf(t, svc, rep.RepositoryID, "RenderKeyed").ContextBefore; strings.Contains(got, testAWSKey) || !strings.Contains(got, "[redacted:") {
		t.Errorf("context of a file indexed with a secret: %q, want the key redacted", got)
	}
	hit := hitOf(t, svc, rep.RepositoryID, "Render")
	near := hit.StartLine - 4 // index of a line in the context window
	if near < 0 || !strings.Contains(hit.ContextBefore, lines[near]) {
		t.Fatalf("context of the clean file %q lacks line %d %q", hit.ContextBefore, near+1, lines[near])
	}

	// The same number of lines, so the hit still lines up, with a key in
	// the context window: the file no longer has the hash the index vouched
	// for and is scanned.
	lines[near] = "\tw = len(\"" + testAWSKey + "\")"
	if err := os.WriteFile(filepath.Join(root, "clean.go"), []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := hitOf(t, svc, rep.RepositoryID, "Render").ContextBefore; strings.Contains(got, testAWSKey) || !strings.Contains(got, "w = len(\"[redacted:") {
		t.Errorf("context of a file edited to hold a key: %q, want the edit shown with the key redacted", got)
	}
}

// A file's content is shown without a new secret scan only when the
// manifest, written by this indexer version, says that very content had no
// secret. Every other case is scanned, including files the manifest wrongly
// or no longer vouches for.
func TestResultFileIsScannedUnlessVouchedFor(t *testing.T) {
	root := t.TempDir()
	keyed := "package p\n\nvar id = \"" + testAWSKey + "\"\n"
	writeFiles(t, root, map[string]string{"p.go": keyed})
	h := indexer.Hash([]byte(keyed))
	manifest := func(version string, f store.FileState) *store.Manifest {
		f.Path = "p.go"
		return &store.Manifest{Meta: store.Meta{Path: root, ChunkerVersion: version}, Files: []store.FileState{f}}
	}
	for name, m := range map[string]*store.Manifest{
		"secrets at indexing, or an old manifest": manifest(indexer.Version, store.FileState{Hash: h}),
		"edited since indexed clean":              manifest(indexer.Version, store.FileState{Hash: h + 1, SecretFree: true}),
		"vouched for by another indexer version":  manifest("older", store.FileState{Hash: h, SecretFree: true}),
		"not in the manifest":                     {Meta: store.Meta{Path: root, ChunkerVersion: indexer.Version}},
	} {
		src, err := readResultFile(m, "p.go", 0)
		if err != nil || src.Secrets != 1 || strings.Contains(string(src.Text), testAWSKey) {
			t.Errorf("%s: %d secrets, text %q, %v; want the key redacted", name, src.Secrets, src.Text, err)
		}
	}
}

// A re-index carries what it knows of unchanged files, whether it skipped
// them by size and mtime or read them to find the same hash.
func TestReindexKeepsSecretFree(t *testing.T) {
	root, _ := contextRepo(t)
	svc := newTestService(t)
	ctx := context.Background()
	if _, err := svc.IndexRepository(ctx, IndexParams{RepoPath: root}); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(filepath.Join(root, "keyed.go"), later, later); err != nil {
		t.Fatal(err)
	}
	writeFiles(t, root, map[string]string{"new.go": goFunc("Fresh", "return")})
	rep, err := svc.IndexRepository(ctx, IndexParams{RepoPath: root})
	if err != nil {
		t.Fatal(err)
	}
	m, err := svc.store.Previous(rep.RepositoryID)
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]bool{"clean.go": true, "keyed.go": false, "new.go": true} {
		if f, ok := m.File(path); !ok || f.SecretFree != want {
			t.Errorf("after re-index, %s: %+v, want SecretFree %v", path, f, want)
		}
	}
}
