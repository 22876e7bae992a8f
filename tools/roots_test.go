package tools

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/internal/testfs"
)

func TestRootsContains(t *testing.T) {
	base := t.TempDir()
	r, err := NewRoots([]string{base})
	if err != nil {
		t.Fatal(err)
	}
	real := r.Dirs()[0]
	for path, want := range map[string]bool{
		real:                                true,
		filepath.Join(real, "a", "b"):       true,
		filepath.Dir(real):                  false,
		real + "-sibling":                   false,
		filepath.Join(real, "..", "x"):      false, // Contains wants clean paths; Clean makes this ../x
		filepath.Clean(real + "/../" + "x"): false,
	} {
		if got := r.Contains(filepath.Clean(path)); got != want {
			t.Errorf("Contains(%s) = %v, want %v", path, got, want)
		}
	}
	all, err := NewRoots([]string{"/"})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/", "/etc/passwd", real} {
		if !all.Contains(p) {
			t.Errorf("root / does not contain %s", p)
		}
	}
	var none *Roots
	if !none.Contains("/etc") || none.Allow("repo_path", "/etc") != nil {
		t.Error("nil Roots must allow everything")
	}
	if _, err := NewRoots([]string{filepath.Join(base, "missing")}); err == nil {
		t.Error("a missing root was accepted")
	}
}

// TestRootsOnWindowsPaths: paths compare without case, as NTFS names do
// (filepath.Rel); a root holds no path on another drive or share; "/" and
// `\` hold every drive.
func TestRootsOnWindowsPaths(t *testing.T) {
	if runtime.GOOS != "windows" {
		t.Skip("drive letters and case-insensitive names are Windows's")
	}
	r, err := NewRoots([]string{t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	real := r.Dirs()[0]
	vol := filepath.VolumeName(real)
	other := "Q:"
	if strings.EqualFold(vol, other) {
		other = "R:"
	}
	for path, want := range map[string]bool{
		strings.ToLower(real):                     true,
		strings.ToUpper(filepath.Join(real, "a")): true,
		other + real[len(vol):]:                   false,
		other + `\`:                               false,
		`\\server\share\x`:                        false,
	} {
		if got := r.Contains(path); got != want {
			t.Errorf("root %s: Contains(%s) = %v, want %v", real, path, got, want)
		}
	}
	for _, d := range []string{"/", `\`} {
		all, err := NewRoots([]string{d})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{real, other + `\x`, `\\server\share\x`} {
			if !all.Contains(p) {
				t.Errorf("root %s does not contain %s", d, p)
			}
			if err := all.Allow("repo_path", p); err != nil {
				t.Errorf("root %s: Allow(%s) = %v", d, p, err)
			}
		}
	}
}

func TestRootsAllowResolvesSymlinks(t *testing.T) {
	inside, outside := t.TempDir(), t.TempDir()
	r, _ := NewRoots([]string{inside})
	os.Mkdir(filepath.Join(inside, "dir"), 0o755)
	if err := r.Allow("repo_path", filepath.Join(inside, "dir")); err != nil {
		t.Errorf("directory inside the root refused: %v", err)
	}
	if err := r.Allow("repo_path", filepath.Join(inside, "not-yet")); err != nil {
		t.Errorf("missing path inside the root refused (existence is the caller's check): %v", err)
	}
	refused := func(p string) {
		t.Helper()
		err := r.Allow("repo_path", p)
		if err == nil || !strings.Contains(err.Error(), "--root") || !strings.HasPrefix(err.Error(), "repo_path:") {
			t.Errorf("Allow(%s) = %v, want a repo_path error naming --root", p, err)
		}
	}
	refused(filepath.Join(inside, "..", filepath.Base(outside)))
	file := filepath.Join(outside, "notes.txt")
	os.WriteFile(file, []byte("x"), 0o644)
	if err := r.Allow("file_path", file); err == nil || !strings.Contains(err.Error(), "--root "+mustResolve(t, outside)+" ") {
		t.Errorf("Allow(%s) = %v, want the hint to name the file's directory as the root", file, err)
	}
	if !testfs.SymlinksResolve(t) {
		t.Skip("this system cannot make symbolic links that resolve")
	}
	link := filepath.Join(inside, "link")
	if err := os.Symlink(outside, link); err != nil {
		t.Fatal(err)
	}
	refused(link)
	refused(filepath.Join(link, "x"))
}

func TestServiceHidesRepositoriesOutsideRoots(t *testing.T) {
	ctx := context.Background()
	dataDir := t.TempDir()
	inside, outside := t.TempDir(), t.TempDir()
	emb := embedding.HashEmbedder{Dim: 64}
	open, err := New(Config{DataDir: dataDir, Embedder: emb})
	if err != nil {
		t.Fatal(err)
	}
	for _, root := range []string{inside, outside} {
		writeFiles(t, root, map[string]string{"a.go": goFunc("Zebra", "return")})
		if _, err := open.IndexRepository(ctx, IndexParams{RepoPath: root}); err != nil {
			t.Fatal(err)
		}
	}
	roots, _ := NewRoots([]string{inside})
	svc, err := New(Config{DataDir: dataDir, Embedder: emb, Roots: roots})
	if err != nil {
		t.Fatal(err)
	}
	list, err := svc.ListRepositories()
	if err != nil || len(list.Repositories) != 1 || list.Repositories[0].Path != roots.Dirs()[0] {
		t.Errorf("ListRepositories = %+v, %v; want only %s", list.Repositories, err, inside)
	}
	resp, err := svc.Search(ctx, SearchParams{Query: "Zebra", Limit: 10})
	if err != nil || len(resp.Results) == 0 || resp.RepositoryID != RepoID(roots.Dirs()[0]) {
		t.Errorf("search over all: %+v, %v; want results of %s only", resp, err, inside)
	}
	outID := RepoID(mustResolve(t, outside))
	for _, idOrPath := range []string{outID, outside} {
		if _, err := svc.Search(ctx, SearchParams{Query: "Zebra", Limit: 10, RepositoryID: idOrPath}); err == nil || !strings.Contains(err.Error(), "--root") {
			t.Errorf("search of %s outside the roots: %v, want a refusal naming --root", idOrPath, err)
		}
	}
	if _, err := svc.IndexRepository(ctx, IndexParams{RepoPath: outside}); err == nil || !strings.Contains(err.Error(), "--root") {
		t.Errorf("index outside the roots: %v, want a refusal naming --root", err)
	}
	// The CLI's service (no roots) still sees and searches both.
	if list, _ := open.ListRepositories(); len(list.Repositories) != 2 {
		t.Errorf("service without roots lists %d repositories, want 2", len(list.Repositories))
	}
}

func TestResolveRepoTakesOnlyIDShapedIDs(t *testing.T) {
	svc := newTestService(t)
	for _, bad := range []string{"../../etc", "..", "abc", "ABCDEF012345"} {
		if _, err := svc.resolveRepo(bad); err == nil {
			t.Errorf("resolveRepo(%q) succeeded", bad)
		}
	}
}

func mustResolve(t *testing.T, p string) string {
	t.Helper()
	r, err := resolvePath(p)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
