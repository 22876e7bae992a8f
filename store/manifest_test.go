package store

import (
	"bufio"
	"bytes"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/codeseek/codeseek/chunker"
)

// TestManifestBodyRoundTrips writes and reads back every field of the
// manifest body, a missing modification time included, and refuses a
// damaged one.
func TestManifestBodyRoundTrips(t *testing.T) {
	mtime := time.Unix(1700000000, 123456789)
	m := &Manifest{Meta: Meta{ID: "r", Path: "/repo"}, Segments: []SegmentInfo{{ID: 1, Chunks: 2}, {ID: 1 << 40, Chunks: 0}},
		Files: []FileState{
			{Path: "a.go", Size: 120, ModTime: mtime, Hash: 7, SecretFree: true, Kind: Code, Chunks: 2, Segment: 1},
			{Path: "docs/é.md", Hash: 1 << 63, Kind: Doc, Chunks: 1, Segment: 1 << 40},
			{Path: "types/meta.lua", Hash: 3, SecretFree: true, Kind: Code, Marks: chunker.MarkStub, Chunks: 4, Segment: 1},
			// Every mark, the later ones in their own bits.
			{Path: "src/clamp/test.ts", Hash: 4, Kind: Doc, Marks: chunker.MarkStub | chunker.MarkCode | chunker.MarkBuilt | chunker.MarkCompletion | chunker.MarkTests, Chunks: 3, Segment: 1},
			{Path: "completions/_tool", Hash: 5, SecretFree: true, Kind: Code, Marks: chunker.MarkCompletion, Chunks: 1, Segment: 1},
		}}
	var buf bytes.Buffer
	if err := writeManifest(&buf, m); err != nil {
		t.Fatal(err)
	}
	whole := buf.Bytes()
	got, err := decodeManifest(bufio.NewReader(bytes.NewReader(whole)))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Segments, m.Segments) || len(got.Files) != len(m.Files) {
		t.Fatalf("segments %v files %d, want %v and %d", got.Segments, len(got.Files), m.Segments, len(m.Files))
	}
	for i, f := range got.Files {
		w := m.Files[i]
		if f.Path != w.Path || f.Size != w.Size || !f.ModTime.Equal(w.ModTime) || f.ModTime.IsZero() != w.ModTime.IsZero() ||
			f.Hash != w.Hash || f.SecretFree != w.SecretFree || f.Kind != w.Kind || f.Marks != w.Marks || f.Chunks != w.Chunks || f.Segment != w.Segment {
			t.Errorf("file %d read back as %+v, want %+v", i, f, w)
		}
	}
	for _, cut := range []int{len(whole) - 12, len(whole) / 2} {
		if _, err := decodeManifest(bufio.NewReader(bytes.NewReader(whole[:cut]))); !errors.Is(err, ErrCorrupt) {
			t.Errorf("manifest cut at %d of %d: %v, want ErrCorrupt", cut, len(whole), err)
		}
	}
}

// SecretFree is kept by a commit for changed and unchanged files alike,
// and File finds entries by path.
func TestSecretFreeIsCommitted(t *testing.T) {
	s, _ := Open(t.TempDir())
	u := update("r", nil, 1, "alpha", "a.go", "b.go", "c.go")
	u.Changed[0].SecretFree, u.Changed[2].SecretFree = true, true
	m := commit(t, s, u)
	u = update("r", m, 1, "beta", "c.go")
	for i := range u.Unchanged {
		u.Unchanged[i].SecretFree = u.Unchanged[i].Path == "a.go"
	}
	m = commit(t, s, u) // c.go changed and is no longer vouched for
	for path, want := range map[string]bool{"a.go": true, "b.go": false, "c.go": false} {
		if f, ok := m.File(path); !ok || f.SecretFree != want {
			t.Errorf("%s: %+v (found %v), want SecretFree %v", path, f, ok, want)
		}
	}
	if _, ok := m.File("a"); ok {
		t.Error(`File("a") found an entry: only whole paths match`)
	}
}

// A file's marks are committed with it and carried over while it is
// unchanged, as its kind is.
func TestMarksAreCommittedAndCarried(t *testing.T) {
	s, _ := Open(t.TempDir())
	u := update("r", nil, 1, "alpha", "meta.lua", "init.lua")
	u.Changed[0].Marks = chunker.MarkStub
	m := commit(t, s, u)
	m = commit(t, s, update("r", m, 1, "beta", "init.lua"))
	for path, want := range map[string]chunker.Marks{"meta.lua": chunker.MarkStub, "init.lua": 0} {
		if f, ok := m.File(path); !ok || f.Marks != want {
			t.Errorf("%s: %+v (found %v), want marks %v", path, f, ok, want)
		}
	}
}
