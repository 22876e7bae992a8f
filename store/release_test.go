package store

import (
	"runtime"
	"testing"
	"weak"
)

// TestForcedRebuildLetsOldSegmentsGo checks that after a forced rebuild in
// a running process, nothing in the store keeps the replaced index's
// segments reachable, so their memory can be given back.
func TestForcedRebuildLetsOldSegmentsGo(t *testing.T) {
	s, _ := Open(t.TempDir())
	m := commit(t, s, update("r1", nil, 3, "alpha", "a.go", "b.go"))
	commit(t, s, update("r1", m, 3, "beta", "c.go"))
	var old []weak.Pointer[segment]
	func() {
		ix, err := s.Load("r1")
		if err != nil {
			t.Fatal(err)
		}
		if len(ix.segs) == 0 {
			t.Fatal("no segments loaded")
		}
		for _, seg := range ix.segs {
			old = append(old, weak.Make(seg))
		}
	}()
	u := update("r1", nil, 3, "gamma", "a.go", "b.go", "c.go")
	if err := s.Commit(nil, u); err != nil { // forced: no previous manifest
		t.Fatal(err)
	}
	if _, err := s.Load("r1"); err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.GC()
	for i, w := range old {
		if w.Value() != nil {
			t.Errorf("segment %d of the replaced index is still reachable", i)
		}
	}
}
