package store

import (
	"bufio"
	"bytes"
	"testing"
	"time"
)

// oldFileState is FileState as manifests before SecretFree stored it.
type oldFileState struct {
	Path    string
	Size    int64
	ModTime time.Time
	Hash    uint64
	Kind    Kind
	Chunks  int
	Segment uint64
}

// A manifest written before SecretFree existed reads as "unknown" (false),
// so search scans those files for secrets as it always did.
func TestOldManifestReadsSecretFreeUnknown(t *testing.T) {
	var buf bytes.Buffer
	fw, err := newFrameWriter(&buf, Meta{ID: "r", Path: "/repo"})
	if err != nil {
		t.Fatal(err)
	}
	old := struct {
		Segments []SegmentInfo
		Files    []oldFileState
	}{Segments: []SegmentInfo{{ID: 1, Chunks: 2}}, Files: []oldFileState{{Path: "a.go", Hash: 7, Chunks: 2, Segment: 1}}}
	if err := fw.enc.Encode(&old); err != nil {
		t.Fatal(err)
	}
	if err := fw.close(); err != nil {
		t.Fatal(err)
	}
	m, err := decodeManifest(bufio.NewReader(&buf))
	if err != nil {
		t.Fatal(err)
	}
	f, ok := m.File("a.go")
	if !ok || f.Hash != 7 || f.SecretFree {
		t.Errorf("old manifest entry %+v (found %v), want hash 7 and SecretFree false", f, ok)
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
