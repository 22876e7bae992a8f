package chunker

import (
	"reflect"
	"sort"
	"testing"
)

func TestGraphCodecRoundTrip(t *testing.T) {
	g := graphOf(t, goGraphSrc)
	got, err := DecodeGraph(g.Encode())
	if err != nil {
		t.Fatal(err)
	}
	want := *g
	want.Refs = append([]Ref(nil), g.Refs...)
	sort.SliceStable(want.Refs, func(i, j int) bool {
		if want.Refs[i].Line != want.Refs[j].Line {
			return want.Refs[i].Line < want.Refs[j].Line
		}
		return want.Refs[i].Col < want.Refs[j].Col
	})
	if !reflect.DeepEqual(got, &want) {
		t.Errorf("round trip differs:\n got %+v\nwant %+v", got, want)
	}
	if g, err := DecodeGraph(nil); g != nil || err != nil {
		t.Errorf("an empty blob decodes to %v, %v", g, err)
	}
}

// Every truncation of a valid blob either decodes or says it is damaged;
// none panics.
func TestGraphCodecTruncated(t *testing.T) {
	b := graphOf(t, goGraphSrc).Encode()
	for n := 1; n < len(b); n++ {
		if _, err := DecodeGraph(b[:n]); err == nil && n < len(b)-1 {
			t.Errorf("a blob cut to %d of %d bytes decodes without an error", n, len(b))
		}
	}
}

func FuzzGraphDecode(f *testing.F) {
	f.Add((&Graph{Package: "p", Refs: []Ref{{Name: "A", Line: 1}}}).Encode())
	f.Add([]byte{1, 255, 255, 255, 255, 15})
	f.Fuzz(func(t *testing.T, b []byte) {
		DecodeGraph(b) // must not panic or hang
	})
}
