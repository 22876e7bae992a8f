package model

import (
	"bytes"
	"testing"
)

// FuzzLoad feeds Load any bytes, seeded with a valid small file and its
// corruptions: a file Load accepts must embed without panicking, since
// its blocks are decoded lazily, long after Load returned.
func FuzzLoad(f *testing.F) {
	p := NewParams(FeatureConfig{Buckets: 32, PrefixLen: 3}, 16)
	for i := range p.E {
		p.E[i] = float32(i%7) - 3
	}
	var buf bytes.Buffer
	if err := Write(&buf, p); err != nil {
		f.Fatal(err)
	}
	good := buf.Bytes()
	f.Add(good)
	f.Add(good[:len(good)-3])
	bad := bytes.Clone(good)
	bad[len(bad)-5] ^= 0xff
	f.Add(bad)
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Load(data)
		if err != nil {
			return
		}
		out := make([]float32, m.Dim())
		m.Embed("parse the HTTP request header", true, out)
		m.Embed("func parseHeader(r *Request) error", false, out)
	})
}
