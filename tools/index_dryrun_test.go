package tools

import (
	"context"
	"errors"
	"fmt"
	"github.com/codeseek/codeseek/indexer"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/embedding"
)

// noDocsEmbedder fails any attempt to embed documents: a dry run must not.
type noDocsEmbedder struct{ embedding.Embedder }

func (noDocsEmbedder) EmbedDocuments(context.Context, []string) ([][]float32, error) {
	return nil, errors.New("a dry run must not embed")
}

func TestDryRunReportsEmbedCallsAndBiggestDirs(t *testing.T) {
	svc, err := New(Config{DataDir: t.TempDir(), Embedder: noDocsEmbedder{embedding.HashEmbedder{Dim: 64}}})
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	var bundle strings.Builder
	for i := range 300 {
		bundle.WriteString(goFunc(fmt.Sprintf("Generated%d", i), "x()"))
	}
	writeFiles(t, root, map[string]string{
		"main.go":                      goFunc("Main", "run()"),
		"src/server/a.go":              goFunc("A", "a()") + goFunc("B", "b()"),
		"src/server/handlers/h.go":     goFunc("H", "h()"),
		"dist/bundle.go":               bundle.String(),
		"vendor/github.com/x/y/lib.go": goFunc("Lib", "lib()"),
	})
	rep, err := svc.IndexRepository(context.Background(), IndexParams{RepoPath: root, DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.DryRun || rep.Outcome != "dry_run" || svc.Indexed(rep.RepositoryID) {
		t.Fatalf("dry run stored something or is not marked: %+v", rep)
	}
	if want := (rep.ChunksCreated + indexer.DefaultBatchSize - 1) / indexer.DefaultBatchSize; rep.EstimatedEmbedCalls != want {
		t.Errorf("EstimatedEmbedCalls = %d for %d chunks, want %d", rep.EstimatedEmbedCalls, rep.ChunksCreated, want)
	}
	// Two levels deep: src/server/handlers counts under src/server; ties
	// by name.
	var got []string
	for _, d := range rep.BiggestDirs {
		got = append(got, fmt.Sprintf("%s:%d", d.Dir, d.Files))
	}
	if g, w := strings.Join(got, " "), "dist:1 src/server:2 .:1 vendor/github.com:1"; g != w {
		t.Errorf("BiggestDirs = %v, want dir:files %s", rep.BiggestDirs, w)
	}
	if rep.BiggestDirs[0].Chunks <= rep.BiggestDirs[1].Chunks {
		t.Errorf("dist should hold the most chunks: %v", rep.BiggestDirs)
	}
	sum := 0
	for _, d := range rep.BiggestDirs {
		sum += d.Chunks
	}
	if sum != rep.ChunksCreated {
		t.Errorf("biggest dirs hold %d chunks, the plan %d", sum, rep.ChunksCreated)
	}
}

func TestEstimateEmbedCallsCountsRemoteRequests(t *testing.T) {
	local := embedding.HashEmbedder{}
	remote := (*embedding.OpenAIEmbedder)(nil)
	for _, c := range []struct{ chunks, local, remote int }{
		{0, 0, 0}, {1, 1, 1}, {64, 1, 1}, {65, 1, 2}, {256, 1, 4}, {600, 3, 10},
	} {
		if got := estimateEmbedCalls(c.chunks, local); got != c.local {
			t.Errorf("local, %d chunks: %d calls, want %d", c.chunks, got, c.local)
		}
		if got := estimateEmbedCalls(c.chunks, remote); got != c.remote {
			t.Errorf("remote, %d chunks: %d requests, want %d", c.chunks, got, c.remote)
		}
	}
}
