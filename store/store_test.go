package store

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func testSnapshot(id string, n int) *Snapshot {
	snap := &Snapshot{Meta: Meta{ID: id, Path: "/repo/" + id, Embedder: "test", Dimension: 3, IndexedAt: time.Unix(1700000000, 0).UTC()}}
	for i := 0; i < n; i++ {
		kind := Code
		if i%2 == 1 {
			kind = Doc
		}
		path := "a.go"
		if i >= 2 {
			path = "dir/b.go"
		}
		content := strings.Repeat("x", i+1)
		snap.Chunks = append(snap.Chunks, Chunk{
			ID: ChunkID(path, i+1, i+1, content), FilePath: path, Kind: kind, StartLine: i + 1, EndLine: i + 1,
			Content: content, Vector: []float32{float32(i + 1), 1, 0},
		})
	}
	snap.Files = []FileState{{Path: "a.go", Size: 10, Hash: 42}}
	return snap
}

func TestSaveLoadRoundTrip(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := testSnapshot("r1", 5)
	if _, err := s.Save(want); err != nil {
		t.Fatal(err)
	}
	s2, _ := Open(dir) // a fresh process: nothing cached
	idx, err := s2.Load("r1")
	if err != nil {
		t.Fatal(err)
	}
	got := idx.Snapshot
	if got.Meta != want.Meta || len(got.Chunks) != 5 || len(got.Files) != 1 || got.Files[0] != want.Files[0] {
		t.Fatalf("round trip mismatch: %+v", got.Meta)
	}
	for i, c := range got.Chunks {
		w := want.Chunks[i]
		if c.ID != w.ID || c.Content != w.Content || c.Kind != w.Kind || c.Vector[0] != w.Vector[0] || c.Vector[1] != w.Vector[1] {
			t.Errorf("chunk %d: got %+v want %+v", i, c, w)
		}
	}
	if idx.Count(Code) != 3 || idx.Count(Doc) != 2 {
		t.Errorf("counts code=%d doc=%d, want 3 and 2", idx.Count(Code), idx.Count(Doc))
	}
	metas, errs := s2.List()
	if len(errs) != 0 || len(metas) != 1 || metas[0].ID != "r1" {
		t.Fatalf("List = %v, %v", metas, errs)
	}
}

func TestCorruptIndexIsReported(t *testing.T) {
	for name, damage := range map[string]func([]byte) []byte{
		"truncated":  func(b []byte) []byte { return b[:len(b)-20] },
		"bit flip":   func(b []byte) []byte { b[len(b)-30] ^= 0x40; return b },
		"not ours":   func(b []byte) []byte { return []byte("hello world, this is not an index at all") },
		"empty file": func(b []byte) []byte { return nil },
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			s, _ := Open(dir)
			if _, err := s.Save(testSnapshot("r1", 4)); err != nil {
				t.Fatal(err)
			}
			path := s.snapshotPath("r1")
			b, _ := os.ReadFile(path)
			if err := os.WriteFile(path, damage(b), 0o644); err != nil {
				t.Fatal(err)
			}
			s2, _ := Open(dir)
			_, err := s2.Load("r1")
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("Load of damaged index: err = %v, want ErrCorrupt", err)
			}
		})
	}
}

func TestSchemaMismatch(t *testing.T) {
	dir := t.TempDir()
	s, _ := Open(dir)
	s.Save(testSnapshot("r1", 2))
	path := s.snapshotPath("r1")
	b, _ := os.ReadFile(path)
	b[8] = 99
	os.WriteFile(path, b, 0o644)
	s2, _ := Open(dir)
	var se *SchemaError
	if _, err := s2.Load("r1"); !errors.As(err, &se) || se.Found != 99 {
		t.Fatalf("err = %v, want SchemaError{99}", err)
	}
}

func TestFailedSaveKeepsPreviousIndex(t *testing.T) {
	dir := t.TempDir()
	s, _ := Open(dir)
	if _, err := s.Save(testSnapshot("r1", 4)); err != nil {
		t.Fatal(err)
	}
	bad := testSnapshot("r1", 6)
	bad.Chunks[5].Vector = []float32{1} // wrong dimension: the write fails mid-way
	if _, err := s.Save(bad); err == nil {
		t.Fatal("Save of inconsistent snapshot succeeded")
	}
	s2, _ := Open(dir)
	idx, err := s2.Load("r1")
	if err != nil || len(idx.Snapshot.Chunks) != 4 {
		t.Fatalf("previous index lost: %v", err)
	}
	leftovers, _ := filepath.Glob(filepath.Join(dir, "repos", "r1", ".tmp-*"))
	if len(leftovers) != 0 {
		t.Errorf("temporary files left behind: %v", leftovers)
	}
}

func TestLoadNoticesOtherWriters(t *testing.T) {
	dir := t.TempDir()
	a, _ := Open(dir)
	b, _ := Open(dir)
	a.Save(testSnapshot("r1", 2))
	if idx, err := b.Load("r1"); err != nil || len(idx.Snapshot.Chunks) != 2 {
		t.Fatalf("first load: %v", err)
	}
	time.Sleep(10 * time.Millisecond) // distinct mtime on coarse filesystems
	a.Save(testSnapshot("r1", 6))
	if idx, err := b.Load("r1"); err != nil || len(idx.Snapshot.Chunks) != 6 {
		t.Fatalf("reload after other writer: %v, chunks=%d", err, len(idx.Snapshot.Chunks))
	}
	if err := a.Remove("r1"); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Load("r1"); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("load after remove: %v, want not exist", err)
	}
}

func TestQueryFiltersBeforeLimit(t *testing.T) {
	s, _ := Open(t.TempDir())
	idx, err := s.Save(testSnapshot("r1", 8))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	all, err := idx.Query(ctx, Code, []float32{1, 0, 0}, 100, nil) // more than it has: clamped
	if err != nil || len(all) != 4 {
		t.Fatalf("unfiltered: %d hits, %v", len(all), err)
	}
	for i := 1; i < len(all); i++ {
		if all[i].Score > all[i-1].Score {
			t.Fatalf("hits not sorted: %v", all)
		}
	}
	inDir, err := idx.Query(ctx, Code, []float32{0, 1, 0}, 2, func(c *Chunk) bool { return strings.HasPrefix(c.FilePath, "dir/") })
	if err != nil || len(inDir) != 2 {
		t.Fatalf("filtered: %d hits, %v", len(inDir), err)
	}
	for _, h := range inDir {
		if !strings.HasPrefix(h.Chunk.FilePath, "dir/") {
			t.Errorf("filter let through %s", h.Chunk.FilePath)
		}
	}
}

func TestWriteLockIsExclusive(t *testing.T) {
	dir := t.TempDir()
	l1, err := LockWrites(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := LockWrites(dir); !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), "pid") {
		t.Fatalf("second lock: %v, want ErrLocked naming the pid", err)
	}
	l1.Unlock()
	l2, err := LockWrites(dir)
	if err != nil {
		t.Fatalf("lock after unlock: %v", err)
	}
	l2.Unlock()
}
