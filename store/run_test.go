package store

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// segFiles lists the segment files in repository id's directory.
func segFiles(t *testing.T, s *Store, id string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(s.repoDir(id), "seg-*"))
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(m)
	return m
}

// smallRun starts a run whose buffer holds about two files of update's
// chunks, so a run of ten files writes several segments.
func smallRun(s *Store, prev *Manifest, u Update) *Run {
	r := s.Begin(prev, u.Meta, 0)
	r.limit = 2 * 10 * chunkBytes(&u.Chunks[0])
	return r
}

// addByFile adds u's changed files to r one file per call, as the
// indexer's windows do.
func addByFile(t *testing.T, r *Run, u Update) {
	t.Helper()
	for _, f := range u.Changed {
		var cs []Chunk
		for _, c := range u.Chunks {
			if c.FilePath == f.Path {
				cs = append(cs, c)
			}
		}
		if err := r.Add(context.Background(), []FileState{f}, cs, nil); err != nil {
			t.Fatal(err)
		}
	}
}

func TestRunWritesSegmentsAsItStreams(t *testing.T) {
	s, _ := Open(t.TempDir())
	prev := commit(t, s, update("r", nil, 5, "alpha", "old.go"))
	var files []string
	for i := range 10 {
		files = append(files, fmt.Sprintf("f%d.go", i))
	}
	u := update("r", prev, 10, "beta", files...)
	r := smallRun(s, prev, u)
	addByFile(t, r, u)
	if n := len(segFiles(t, s, "r")); n < 4 {
		t.Fatalf("%d segment files before the commit, want the previous one and at least 3 written as the run streamed", n)
	}
	if ix, err := s.Load("r"); err != nil || ix.Count(Code) != 5 {
		t.Fatalf("before the commit searches must see the previous index (5 chunks): %v", err)
	}
	if err := r.Commit(context.Background(), u.Unchanged); err != nil {
		t.Fatal(err)
	}
	ix, err := s.Load("r")
	if err != nil {
		t.Fatal(err)
	}
	if ix.Count(Code) != 105 || len(ix.Manifest.Segments) < 4 {
		t.Fatalf("after the commit: %d chunks in %d segments, want 105 in at least 4", ix.Count(Code), len(ix.Manifest.Segments))
	}
	for _, f := range files {
		if cs := ix.ChunksOf(f); len(cs) != 10 {
			t.Errorf("%s has %d chunks, want 10", f, len(cs))
		}
	}
	hits := ix.Lexical(Code, "beta", 200, nil)
	if len(hits) != 100 {
		t.Errorf("lexical search found %d chunks of the run, want all 100 across its segments", len(hits))
	}
	// A fresh process reads the same.
	s2, _ := Open(s.Dir())
	ix2, err := s2.Load("r")
	if err != nil || ix2.Count(Code) != 105 {
		t.Fatalf("reloaded: %v", err)
	}
}

func TestRunAbortLeavesPreviousIndex(t *testing.T) {
	s, _ := Open(t.TempDir())
	prev := commit(t, s, update("r", nil, 5, "alpha", "old.go", "keep.go"))
	manifest, _ := os.ReadFile(s.manifestPath("r"))
	segsBefore := segFiles(t, s, "r")
	u := update("r", prev, 10, "beta", "a.go", "b.go", "c.go", "d.go", "e.go", "old.go")
	r := smallRun(s, prev, u)
	addByFile(t, r, u)
	if len(segFiles(t, s, "r")) <= len(segsBefore) {
		t.Fatal("the run wrote no segment before the abort: the test proves nothing")
	}
	r.Abort()
	if got := segFiles(t, s, "r"); !slices.Equal(got, segsBefore) {
		t.Errorf("segments after the abort %v, want the previous ones %v", got, segsBefore)
	}
	if now, _ := os.ReadFile(s.manifestPath("r")); !bytes.Equal(now, manifest) {
		t.Error("the manifest changed")
	}
	if err := r.Commit(context.Background(), u.Unchanged); err == nil {
		t.Error("an aborted run committed")
	}
	ix, err := s.Load("r")
	if err != nil || ix.Count(Code) != 10 || len(ix.Lexical(Code, "alpha", 20, nil)) != 10 {
		t.Fatalf("the previous index does not answer as before: %v", err)
	}
}

// TestRunCancelled: a cancelled context ends the run at its next call
// without a commit and without leaving its segments behind.
func TestRunCancelled(t *testing.T) {
	s, _ := Open(t.TempDir())
	prev := commit(t, s, update("r", nil, 5, "alpha", "old.go"))
	segsBefore := segFiles(t, s, "r")
	u := update("r", prev, 10, "beta", "a.go", "b.go", "c.go", "d.go")
	r := smallRun(s, prev, u)
	addByFile(t, r, u)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := r.Commit(ctx, u.Unchanged); err == nil {
		t.Fatal("a cancelled run committed")
	}
	if got := segFiles(t, s, "r"); !slices.Equal(got, segsBefore) {
		t.Errorf("segments after the cancel %v, want %v", got, segsBefore)
	}
}

// TestRunBackgroundWriteFails: a segment written in the background that
// cannot be written fails the run at its next call, which does not
// commit.
func TestRunBackgroundWriteFails(t *testing.T) {
	s, _ := Open(t.TempDir())
	u := update("r", nil, 10, "beta", "a.go", "b.go", "c.go", "d.go", "e.go", "f.go")
	if err := os.WriteFile(s.repoDir("r"), []byte("not a directory"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := smallRun(s, nil, u)
	var err error
	for _, f := range u.Changed {
		var cs []Chunk
		for _, c := range u.Chunks {
			if c.FilePath == f.Path {
				cs = append(cs, c)
			}
		}
		if err = r.Add(context.Background(), []FileState{f}, cs, nil); err != nil {
			break
		}
	}
	if err == nil {
		err = r.Commit(context.Background(), nil)
	}
	if err == nil {
		t.Fatal("a run whose segments cannot be written committed")
	}
	if err := r.Commit(context.Background(), nil); err == nil {
		t.Error("a failed run committed on a second try")
	}
	if m, err := s.Previous("r"); err == nil && m != nil {
		t.Error("a manifest exists after the failed run")
	}
}
