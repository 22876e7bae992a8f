package store

import (
	"fmt"
	"strings"
	"testing"
)

// TestDeflatedSegmentsStillRead writes a segment as indexes before snappy
// did (deflated text, no codec in the TOC), adds a file in a snappy
// segment beside it, and reads both files' texts back: an index is not
// rebuilt for the change of codec.
func TestDeflatedSegmentsStillRead(t *testing.T) {
	s, _ := Open(t.TempDir())
	writtenCodec = deflateText // no test of this package runs in parallel
	defer func() { writtenCodec = snappyText }()
	m := commit(t, s, update("r", nil, 5*mergeFactor, "alpha", "a.go")) // too large to merge into the next
	writtenCodec = snappyText
	commit(t, s, update("r", m, 3, "beta", "b.go"))
	ix, err := s.Load("r")
	if err != nil {
		t.Fatal(err)
	}
	codecs := map[string]bool{}
	for _, seg := range ix.segs {
		codecs[seg.parts[Code].codec.name] = true
	}
	if !codecs[""] || !codecs["snappy"] {
		t.Fatalf("segments' codecs %v, want a deflated and a snappy one", codecs)
	}
	for _, f := range []struct {
		path, word string
		n          int
	}{{"a.go", "alpha", 5 * mergeFactor}, {"b.go", "beta", 3}} {
		cs := ix.ChunksOf(f.path)
		if len(cs) != f.n {
			t.Fatalf("%s: %d chunks, want %d", f.path, len(cs), f.n)
		}
		for i, c := range cs {
			full := c.Full()
			if want := fmt.Sprintf("%s line%d of %s", f.word, i, f.path); full.Content != want || full.ID != ChunkID(f.path, i+1, i+1, want) {
				t.Errorf("%s chunk %d read back as %q (ID %s)", f.path, i, full.Content, full.ID)
			}
		}
	}
}

func TestTextCodecsRoundTrip(t *testing.T) {
	for _, s := range []string{"", "x", "func main() {}\n", strings.Repeat("héllo wörld ", 500)} {
		for _, c := range []textCodec{snappyText, deflateText} {
			if got := c.decode(c.encode(nil, s)); got != s {
				t.Errorf("%q codec: %.20q came back as %.20q", c.name, s, got)
			}
		}
	}
	if got := snappyText.decode([]byte{0xff, 0xff, 0xff, 0xff, 0x7f, 1, 2}); got != "" {
		t.Errorf("damaged snappy text decoded as %q", got)
	}
	if _, err := codecNamed("zstd"); err == nil {
		t.Error("a segment naming an unknown text codec opened")
	}
}

// FuzzTextDecode feeds damaged text records to both codecs: a segment's
// bulk sections are checked in the background, so a search may decode
// damage first, and must get some text, never a panic or a huge
// allocation.
func FuzzTextDecode(f *testing.F) {
	f.Add(snappyText.encode(nil, "func main() {}\n"))
	f.Add(deflateText.encode(nil, "func main() {}\n"))
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0x0f})
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, c := range []textCodec{snappyText, deflateText} {
			if s := c.decode(b); len(s) > maxChunkText {
				t.Fatalf("%q codec decoded %d bytes", c.name, len(s))
			}
		}
	})
}
