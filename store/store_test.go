package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

const testDim = 3

// fileChunks makes n chunks for path, alternating code and docs when
// mixed, with distinct contents and vectors.
func fileChunks(path string, n int, word string) []Chunk {
	var out []Chunk
	for i := 0; i < n; i++ {
		content := fmt.Sprintf("%s line%d of %s", word, i, path)
		out = append(out, Chunk{
			ID: ChunkID(path, i+1, i+1, content), FilePath: path, StartLine: i + 1, EndLine: i + 1,
			Content: content, Vector: []float32{float32(i + 1), 1, 0},
		})
	}
	return out
}

// update makes an Update that (re)indexes files, each with n chunks whose
// text contains word, on top of prev, keeping prev's other files.
func update(id string, prev *Manifest, n int, word string, files ...string) Update {
	u := Update{Meta: Meta{ID: id, Path: "/repo/" + id, Embedder: "test", Dimension: testDim, IndexedAt: time.Unix(1700000000, 0).UTC()}}
	changed := map[string]bool{}
	for _, f := range files {
		changed[f] = true
		u.Changed = append(u.Changed, FileState{Path: f, Size: int64(n), Hash: uint64(len(word))})
		cs := fileChunks(f, n, word)
		if strings.HasSuffix(f, ".md") {
			for i := range cs {
				cs[i].Kind = Doc
			}
		}
		u.Chunks = append(u.Chunks, cs...)
	}
	if prev != nil {
		for _, f := range prev.Files {
			if !changed[f.Path] {
				u.Unchanged = append(u.Unchanged, FileState{Path: f.Path, Size: f.Size, Hash: f.Hash})
			}
		}
	}
	return u
}

func commit(t *testing.T, s *Store, u Update) *Manifest {
	t.Helper()
	prev, err := s.Previous(u.Meta.ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Commit(prev, u); err != nil {
		t.Fatal(err)
	}
	m, err := s.Previous(u.Meta.ID)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// memIndex commits chunks (code unless marked) as one index and returns it.
func memIndex(t *testing.T, chunks []Chunk) *Index {
	t.Helper()
	s, _ := Open(t.TempDir())
	u := Update{Meta: Meta{ID: "r", Dimension: testDim}}
	seen := map[string]bool{}
	for i := range chunks {
		if chunks[i].Vector == nil {
			chunks[i].Vector = []float32{1, 0, 0}
		}
		if p := chunks[i].FilePath; !seen[p] {
			seen[p] = true
			u.Changed = append(u.Changed, FileState{Path: p})
		}
	}
	u.Chunks = chunks
	if err := s.Commit(nil, u); err != nil {
		t.Fatal(err)
	}
	ix, err := s.Load("r")
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

func paths(hits []Hit) []string {
	var out []string
	for _, h := range hits {
		out = append(out, h.Chunk.FilePath)
	}
	return out
}

func TestCommitLoadRoundTrip(t *testing.T) {
	dir := t.TempDir()
	s, _ := Open(dir)
	want := update("r1", nil, 2, "alpha", "a.go", "b.md", "dir/c.go")
	m := commit(t, s, want)
	s2, _ := Open(dir) // a fresh process: nothing cached
	idx, err := s2.Load("r1")
	if err != nil {
		t.Fatal(err)
	}
	got := idx.Manifest.Meta
	if got.Files != 3 || got.CodeChunks != 4 || got.DocChunks != 2 || got.Embedder != "test" || got.Dimension != testDim {
		t.Fatalf("meta %+v", got)
	}
	if idx.Count(Code) != 4 || idx.Count(Doc) != 2 {
		t.Errorf("counts code=%d doc=%d, want 4 and 2", idx.Count(Code), idx.Count(Doc))
	}
	byID := map[string]Chunk{}
	for _, c := range want.Chunks {
		byID[c.ID] = c
	}
	for _, k := range []Kind{Code, Doc} {
		idx.eachLive(k, func(c *Chunk) {
			c = c.Full()
			w, ok := byID[c.ID]
			if !ok || c.Content != w.Content || c.Kind != w.Kind || !slices.Equal(c.Vector, w.Vector) {
				t.Errorf("chunk %s: got %+v want %+v", c.ID, *c, w)
			}
			delete(byID, c.ID)
		})
	}
	if len(byID) != 0 {
		t.Errorf("%d chunks lost", len(byID))
	}
	if len(m.Files) != 3 || m.Files[0].Path != "a.go" || m.Files[0].Chunks != 2 || m.Files[1].Kind != Doc {
		t.Errorf("manifest files %+v", m.Files)
	}
	metas, errs := s2.List()
	if len(errs) != 0 || len(metas) != 1 || metas[0].ID != "r1" {
		t.Fatalf("List = %v, %v", metas, errs)
	}
}

// TestReindexWritesOnlyWhatChanged commits an index, changes one file,
// deletes another, and checks that the old chunks never come back from
// any kind of query, in this process or a fresh one, and that the one
// edit wrote one small segment beside the untouched first one.
func TestReindexWritesOnlyWhatChanged(t *testing.T) {
	dir := t.TempDir()
	s, _ := Open(dir)
	var files []string
	for i := 0; i < 20; i++ {
		files = append(files, fmt.Sprintf("f%02d.go", i))
	}
	m := commit(t, s, update("r", nil, 3, "oldword", files...))
	if _, err := s.Load("r"); err != nil {
		t.Fatal(err)
	}
	u := update("r", m, 2, "newword", "f05.go")
	u.Unchanged = slices.DeleteFunc(u.Unchanged, func(f FileState) bool { return f.Path == "f07.go" }) // deleted
	m = commit(t, s, u)
	if len(m.Segments) != 2 || m.Segments[0].Chunks != 60 || m.Segments[1].Chunks != 2 {
		t.Fatalf("segments after a one-file edit: %+v, want the first untouched and one of 2 chunks", m.Segments)
	}
	if m.Meta.Files != 19 || m.Meta.CodeChunks != 18*3+2 {
		t.Errorf("meta after edit: %+v", m.Meta)
	}
	segFiles, _ := filepath.Glob(filepath.Join(dir, "repos", "r", "seg-*"))
	if len(segFiles) != 2 {
		t.Errorf("segment files %v, want 2", segFiles)
	}
	fresh, _ := Open(dir)
	for name, st := range map[string]*Store{"same process": s, "fresh process": fresh} {
		ix, err := st.Load("r")
		if err != nil {
			t.Fatal(err)
		}
		if ix.Count(Code) != 56 {
			t.Errorf("%s: %d live chunks, want 56", name, ix.Count(Code))
		}
		lex := ix.Lexical(Code, "oldword f05 f07", 100, nil)
		vec, _ := ix.Query(context.Background(), Code, []float32{1, 1, 0}, 100, nil)
		for _, h := range append(lex, vec...) {
			if h.Chunk.FilePath == "f07.go" || h.Chunk.FilePath == "f05.go" && strings.Contains(h.Chunk.Content, "oldword") {
				t.Errorf("%s: dead chunk %q came back", name, h.Chunk.Content)
			}
		}
		if len(vec) != 56 {
			t.Errorf("%s: vector query returned %d of 56 live chunks", name, len(vec))
		}
		if got := paths(ix.Lexical(Code, "newword", 10, nil)); !slices.Equal(got, []string{"f05.go", "f05.go"}) {
			t.Errorf("%s: newword found in %v", name, got)
		}
		if top, _ := ix.Query(context.Background(), Code, []float32{1, 1, 0}, 1, nil); len(top) != 1 || top[0].Chunk.FilePath == "f07.go" {
			t.Errorf("%s: top vector hit %v", name, paths(top))
		}
	}
}

func TestLexicalScoresDoNotDependOnSegments(t *testing.T) {
	var files []string
	for i := 0; i < 10; i++ {
		files = append(files, fmt.Sprintf("f%d.go", i))
	}
	s1, _ := Open(t.TempDir())
	commit(t, s1, update("r", nil, 3, "alpha", append(files, "b.go", "c.go")...))
	s2, _ := Open(t.TempDir())
	m := commit(t, s2, update("r", nil, 3, "alpha", files...))
	m = commit(t, s2, update("r", m, 3, "alpha", "b.go"))
	m = commit(t, s2, update("r", m, 3, "alpha", "c.go"))
	if len(m.Segments) < 2 {
		t.Fatalf("%d segments, want several", len(m.Segments))
	}
	one, _ := s1.Load("r")
	many, _ := s2.Load("r")
	for _, q := range []string{"alpha line1", "line2 of b", "c go"} {
		a, b := one.Lexical(Code, q, 10, nil), many.Lexical(Code, q, 10, nil)
		if len(a) != len(b) {
			t.Fatalf("%q: %d vs %d hits", q, len(a), len(b))
		}
		for i := range a {
			if a[i].Chunk.ID != b[i].Chunk.ID || a[i].Score-b[i].Score > 1e-9 || b[i].Score-a[i].Score > 1e-9 {
				t.Errorf("%q hit %d: %s %.6f in one segment, %s %.6f in %d", q, i, a[i].Chunk.ID, a[i].Score, b[i].Chunk.ID, b[i].Score, len(m.Segments))
			}
		}
	}
}

func TestMergePolicyBoundsSegments(t *testing.T) {
	s, _ := Open(t.TempDir())
	var files []string
	for i := 0; i < 200; i++ {
		files = append(files, fmt.Sprintf("f%03d.go", i))
	}
	m := commit(t, s, update("r", nil, 5, "w", files...))
	maxSegs := 0
	for i := 0; i < 100; i++ { // one different file per re-index
		m = commit(t, s, update("r", m, 5, fmt.Sprintf("edit%d", i), files[(i*7)%200]))
		maxSegs = max(maxSegs, len(m.Segments))
		total := 0
		for _, si := range m.Segments {
			total += si.Chunks
		}
		if total > 2*1000 {
			t.Fatalf("after %d edits the segments hold %d chunks for 1000 live", i+1, total)
		}
	}
	if maxSegs > 6 {
		t.Errorf("up to %d segments, want a handful", maxSegs)
	}
	ix, err := s.Load("r")
	if err != nil || ix.Count(Code) != 1000 {
		t.Fatalf("load after edits: %v", err)
	}
	// Mostly dead segments are rewritten: re-index 3/4 of the files.
	m = commit(t, s, update("r", m, 5, "big", files[:150]...))
	for _, si := range m.Segments {
		live := 0
		for _, f := range m.Files {
			if f.Segment == si.ID {
				live += f.Chunks
			}
		}
		if 2*live < si.Chunks {
			t.Errorf("segment with %d of %d chunks live was kept", live, si.Chunks)
		}
	}
}

func TestAbsorbed(t *testing.T) {
	segs := []SegmentInfo{{ID: 1, Chunks: 10000}, {ID: 2, Chunks: 1000}, {ID: 3, Chunks: 100}, {ID: 4, Chunks: 10}}
	full := map[uint64]int{1: 10000, 2: 1000, 3: 100, 4: 10}
	for _, tc := range []struct {
		live      map[uint64]int
		gathered  int
		maxChunks int
		want      []uint64
	}{
		{full, 1, 1e9, nil},
		{full, 5, 1e9, []uint64{4}},
		{full, 30, 1e9, []uint64{3, 4}},
		{full, 30, 100, []uint64{4}}, // adding 3 would make 140 chunks
		{full, 30, 140, []uint64{3, 4}},
		{map[uint64]int{1: 4000, 2: 1000, 3: 100, 4: 10}, 1, 1e9, []uint64{1}}, // mostly dead
		{map[uint64]int{1: 4000, 2: 1000, 3: 100, 4: 10}, 1, 3000, nil},        // mostly dead, but too big to gather
		{map[uint64]int{1: 10000, 2: 0, 3: 100, 4: 0}, 1, 1e9, nil},            // empty ones dropped unread
	} {
		got := absorbed(segs, tc.live, tc.gathered, tc.maxChunks)
		var ids []uint64
		for id := range got {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		if !slices.Equal(ids, tc.want) {
			t.Errorf("absorbed(live %v, gathered %d, max %d) = %v, want %v", tc.live, tc.gathered, tc.maxChunks, ids, tc.want)
		}
	}
}

func TestCorruptIndexIsReported(t *testing.T) {
	damages := map[string]func([]byte) []byte{
		"truncated":  func(b []byte) []byte { return b[:len(b)-20] },
		"bit flip":   func(b []byte) []byte { b[len(b)-30] ^= 0x40; return b },
		"not ours":   func(b []byte) []byte { return []byte("hello world, this is not an index at all") },
		"empty file": func(b []byte) []byte { return nil },
	}
	for _, file := range []string{"manifest", "segment"} {
		for name, damage := range damages {
			t.Run(file+"/"+name, func(t *testing.T) {
				dir := t.TempDir()
				s, _ := Open(dir)
				m := commit(t, s, update("r1", nil, 20, "alpha", "a.go", "b.go"))
				path := s.manifestPath("r1")
				if file == "segment" {
					path = filepath.Join(dir, "repos", "r1", segmentName(m.Segments[0].ID))
				}
				b, _ := os.ReadFile(path)
				if err := os.WriteFile(path, damage(b), 0o644); err != nil {
					t.Fatal(err)
				}
				s2, _ := Open(dir)
				if _, err := s2.Load("r1"); !errors.Is(err, ErrCorrupt) {
					t.Fatalf("Load of damaged %s: err = %v, want ErrCorrupt", file, err)
				}
			})
		}
	}
}

func TestMissingSegmentIsCorruption(t *testing.T) {
	dir := t.TempDir()
	s, _ := Open(dir)
	m := commit(t, s, update("r1", nil, 2, "alpha", "a.go"))
	os.Remove(filepath.Join(dir, "repos", "r1", segmentName(m.Segments[0].ID)))
	s2, _ := Open(dir)
	if _, err := s2.Load("r1"); !errors.Is(err, ErrCorrupt) || errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Load with a segment gone: %v, want ErrCorrupt (the index exists)", err)
	}
	if _, err := s2.Previous("r1"); !errors.Is(err, ErrCorrupt) {
		t.Errorf("Previous with a segment gone: %v, want ErrCorrupt", err)
	}
}

func TestSchemaMismatch(t *testing.T) {
	dir := t.TempDir()
	s, _ := Open(dir)
	commit(t, s, update("r1", nil, 2, "alpha", "a.go"))
	path := s.manifestPath("r1")
	b, _ := os.ReadFile(path)
	b[8] = 99
	os.WriteFile(path, b, 0o644)
	s2, _ := Open(dir)
	var se *SchemaError
	if _, err := s2.Load("r1"); !errors.As(err, &se) || se.Found != 99 {
		t.Fatalf("err = %v, want SchemaError{99}", err)
	}
	if _, err := s2.Previous("r1"); !errors.As(err, &se) {
		t.Fatalf("Previous: err = %v, want SchemaError", err)
	}
}

func TestFailedCommitKeepsPreviousIndex(t *testing.T) {
	dir := t.TempDir()
	s, _ := Open(dir)
	m := commit(t, s, update("r1", nil, 4, "alpha", "a.go"))
	bad := update("r1", m, 6, "beta", "b.go")
	bad.Chunks[5].Vector = []float32{1} // wrong dimension: the write fails mid-way
	if err := s.Commit(m, bad); err == nil {
		t.Fatal("Commit of inconsistent update succeeded")
	}
	s2, _ := Open(dir)
	idx, err := s2.Load("r1")
	if err != nil || idx.Count(Code) != 4 {
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
	m := commit(t, a, update("r1", nil, 2, "alpha", "a.go"))
	if idx, err := b.Load("r1"); err != nil || idx.Count(Code) != 2 {
		t.Fatalf("first load: %v", err)
	}
	time.Sleep(10 * time.Millisecond) // distinct mtime on coarse filesystems
	commit(t, a, update("r1", m, 4, "beta", "b.go"))
	if idx, err := b.Load("r1"); err != nil || idx.Count(Code) != 6 {
		t.Fatalf("reload after other writer: %v", err)
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
	commit(t, s, update("r1", nil, 4, "alpha", "a.go", "dir/b.go"))
	idx, err := s.Load("r1")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	all, err := idx.Query(ctx, Code, []float32{1, 0, 0}, 100, nil) // more than it has: clamped
	if err != nil || len(all) != 8 {
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
