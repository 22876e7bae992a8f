package tools

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/codeseek/codeseek/embedding"
)

// TestSearchesWaitForASlot holds the only search slot and checks that a
// search waits for it, gives up when its caller does, and runs once the
// slot is free.
func TestSearchesWaitForASlot(t *testing.T) {
	svc, err := New(Config{DataDir: t.TempDir(), Embedder: embedding.HashEmbedder{Dim: 64}, MaxSearches: 1})
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.go": goFunc("Zebra", "return")})
	if _, err := svc.IndexRepository(context.Background(), IndexParams{RepoPath: root}); err != nil {
		t.Fatal(err)
	}
	release, err := svc.acquireSearch(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := svc.Search(ctx, SearchParams{Query: "Zebra", Limit: 5}); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("search while the only slot is taken: %v, want it to wait until its context ends", err)
	}
	release()
	if resp, err := svc.Search(context.Background(), SearchParams{Query: "Zebra", Limit: 5}); err != nil || len(resp.Results) == 0 {
		t.Fatalf("search after the slot was freed: %+v, %v", resp, err)
	}
}
