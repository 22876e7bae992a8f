package store

import (
	"bytes"
	"container/list"
	"testing"

	"github.com/codeseek/codeseek/chunker"
)

func TestPackedGraphRoundTrips(t *testing.T) {
	g := &chunker.Graph{Package: "http", Build: "linux", Defs: []chunker.Def{{Name: "Client", Kind: "struct", Line: 3}}}
	for i := range 200 {
		g.Refs = append(g.Refs, chunker.Ref{Name: "Do", Line: 10 + i, Col: 4})
	}
	blob := g.Encode()
	packed := packGraph(nil, blob)
	if len(packed) >= len(blob) {
		t.Errorf("packed %d bytes, encoded %d: no smaller", len(packed), len(blob))
	}
	pkg, build, _, ok := graphHead(packed)
	if !ok || pkg != "http" || build != "linux" {
		t.Errorf("head = %q %q %v, want http linux", pkg, build, ok)
	}
	if got := unpackGraph(packed); !bytes.Equal(got, blob) {
		t.Errorf("unpacked graph differs from the encoded one (%d vs %d bytes)", len(got), len(blob))
	}
	if got := packGraph(nil, []byte{0xff, 0xff}); len(got) != 0 {
		t.Errorf("a damaged graph was stored: %x", got)
	}
	if got := unpackGraph(packed[:1]); got != nil {
		t.Errorf("a truncated head unpacked to %d bytes", len(got))
	}
}

func TestGraphCacheStaysWithinItsBudget(t *testing.T) {
	c := graphCache{entries: map[graphKey]*list.Element{}}
	p := &part{}
	fills := 0
	blob := func(i int32) []byte {
		return c.get(p, i, func() []byte { fills++; return bytes.Repeat([]byte{byte(i)}, graphCacheBytes/16) })
	}
	for i := range int32(64) {
		blob(i)
		if c.size > graphCacheBytes {
			t.Fatalf("after %d graphs the cache holds %d bytes, over its %d", i+1, c.size, graphCacheBytes)
		}
	}
	fills = 0
	if b := blob(63); fills != 0 || b[0] != 63 {
		t.Errorf("the most recent graph was inflated again (fills %d)", fills)
	}
	if blob(0); fills != 1 {
		t.Errorf("the oldest graph was still cached after 64 newer ones: fills %d", fills)
	}
	if n := len(c.entries); n != c.order.Len() || n > 16 {
		t.Errorf("%d entries, %d in order, want at most 16", n, c.order.Len())
	}
}
