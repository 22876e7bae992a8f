package tools

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/embedding"
)

// TestReadFile checks the web UI's file read: the whole file, its
// language, and nothing outside the repository or the roots.
func TestReadFile(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "root")
	repo := filepath.Join(root, "repo")
	writeFiles(t, repo, map[string]string{"a/b.go": goFunc("Hello", "println(1)")})
	outside := filepath.Join(base, "secret.txt")
	os.WriteFile(outside, []byte("outside the repository\n"), 0o644)
	os.Symlink(outside, filepath.Join(repo, "link.txt"))
	roots, err := NewRoots([]string{root})
	if err != nil {
		t.Fatal(err)
	}
	svc, err := New(Config{DataDir: t.TempDir(), Embedder: embedding.HashEmbedder{Dim: 64}, Roots: roots})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := svc.IndexRepository(context.Background(), IndexParams{RepoPath: repo})
	if err != nil {
		t.Fatal(err)
	}
	f, err := svc.ReadFile(rep.RepositoryID, "a/b.go")
	if err != nil {
		t.Fatal(err)
	}
	if f.Language != "go" || !strings.Contains(string(f.Text), "func Hello()") || f.Path != "a/b.go" {
		t.Errorf("ReadFile = %+v, want a/b.go in Go with Hello", f)
	}
	for _, c := range []struct{ repo, path string }{
		{rep.RepositoryID, "link.txt"},         // a link out of the repository
		{rep.RepositoryID, "../../secret.txt"}, // a path out of it
		{rep.RepositoryID, "a/missing.go"},
		{"", "a/b.go"},
		{"0123456789ab", "a/b.go"}, // not indexed
	} {
		if f, err := svc.ReadFile(c.repo, c.path); err == nil {
			t.Errorf("ReadFile(%q, %q) = %q, want an error", c.repo, c.path, f.Text)
		} else if _, ok := err.(*ArgError); !ok {
			t.Errorf("ReadFile(%q, %q): %T %v, want an ArgError", c.repo, c.path, err, err)
		}
	}
}
