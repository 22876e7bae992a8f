package tools

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/store/weaviate"
)

// weaviateService is a service whose indexes live in Weaviate at url.
func weaviateService(t *testing.T, c weaviate.Config, emb embedding.Embedder) *Service {
	t.Helper()
	client, err := weaviate.New(c)
	if err != nil {
		t.Fatal(err)
	}
	svc, err := New(Config{DataDir: t.TempDir(), Embedder: emb, Backend: weaviate.NewBackend(client)})
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

// treeDigest hashes every file under dir with its name, size and time.
func treeDigest(t *testing.T, dir string) string {
	t.Helper()
	h := sha256.New()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s %d %d %x\n", p, fi.Size(), fi.ModTime().UnixNano(), sha256.Sum256(data))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

// deadLoopbackURL is an http URL on 127.0.0.1 where nothing listens.
func deadLoopbackURL(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return "http://" + addr
}

func TestWeaviateUnreachableNamesURLAndLeavesLocalIndex(t *testing.T) {
	ctx := context.Background()
	emb := embedding.HashEmbedder{Dim: 64}
	dataDir := t.TempDir()
	local, err := New(Config{DataDir: dataDir, Embedder: emb})
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.go": goFunc("Alpha", "return"), "b.go": goFunc("Beta", "return")})
	rep, err := local.IndexRepository(ctx, IndexParams{RepoPath: root})
	if err != nil {
		t.Fatal(err)
	}
	before := treeDigest(t, filepath.Join(dataDir, "repos")) // the lock file beside it may come and go

	url := deadLoopbackURL(t)
	client, err := weaviate.New(weaviate.Config{URL: url, Attempts: 2, BaseDelay: 1})
	if err != nil {
		t.Fatal(err)
	}
	remote, err := New(Config{DataDir: dataDir, Embedder: emb, Backend: weaviate.NewBackend(client)})
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, root, map[string]string{"a.go": goFunc("Gamma", "return")})
	for name, call := range map[string]func() error{
		"index": func() error { _, err := remote.IndexRepository(ctx, IndexParams{RepoPath: root}); return err },
		"search": func() error {
			_, err := remote.Search(ctx, SearchParams{Query: "Alpha", RepositoryID: root, Limit: 5})
			return err
		},
		"list": func() error { _, errs := remote.store.List(); return errorsOf(errs) },
	} {
		err := call()
		if err == nil || !strings.Contains(err.Error(), url) {
			t.Errorf("%s against %s: error %v, want one naming the URL", name, url, err)
		}
	}
	if after := treeDigest(t, filepath.Join(dataDir, "repos")); after != before {
		t.Fatal("the local index changed while the Weaviate backend was unreachable")
	}
	if got := searchAll(t, local, rep.RepositoryID, "Alpha"); len(got) == 0 || got[0] != "a.go" {
		t.Fatalf("the local index no longer answers: %v", got)
	}
}

func errorsOf(errs []error) error {
	if len(errs) == 0 {
		return nil
	}
	return errs[0]
}
