package model

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"math"
	"math/rand/v2"
	"sync"
	"testing"
)

func bucketsOf(cfg FeatureConfig, text string) map[uint32]float32 {
	m := map[uint32]float32{}
	for _, f := range Features(cfg, text, nil) {
		m[f.Bucket] = f.TF
	}
	return m
}

func TestFeaturesSplitIdentifiersLikeWords(t *testing.T) {
	cfg := FeatureConfig{Buckets: 1 << 20, PrefixLen: 4}
	camel := bucketsOf(cfg, "parseHTTPRequest")
	words := bucketsOf(cfg, "parse http request")
	for b := range words {
		if _, ok := camel[b]; !ok {
			t.Errorf("feature %d of the words is missing from the identifier", b)
		}
	}
	if len(camel) != len(words)+1 {
		t.Errorf("identifier has %d features, want the %d word features plus one whole-identifier feature", len(camel), len(words))
	}
	if a, b := bucketsOf(cfg, "parse_http_request"), camel; len(a) != len(b) {
		t.Errorf("snake_case and camelCase differ: %v vs %v", a, b)
	} else {
		for k := range a {
			if _, ok := b[k]; !ok {
				t.Errorf("snake_case feature %d not in camelCase features", k)
			}
		}
	}
}

func TestFeaturesPrefixLinksInflections(t *testing.T) {
	cfg := FeatureConfig{Buckets: 1 << 20, PrefixLen: 4}
	a, b := bucketsOf(cfg, "parses"), bucketsOf(cfg, "parser")
	shared := 0
	for k := range a {
		if _, ok := b[k]; ok {
			shared++
		}
	}
	if shared != 1 {
		t.Errorf("parses/parser share %d features, want exactly the prefix", shared)
	}
}

func TestFeaturesTermFrequencyIsSublinear(t *testing.T) {
	cfg := FeatureConfig{Buckets: 1 << 20}
	fs := Features(cfg, "x x x x", nil)
	if len(fs) != 1 {
		t.Fatalf("got %d features, want 1", len(fs))
	}
	if want := float32(1 + math.Log(4)); math.Abs(float64(fs[0].TF-want)) > 1e-6 {
		t.Errorf("TF = %v, want %v", fs[0].TF, want)
	}
}

func TestFeaturesUnicodeIdentifiers(t *testing.T) {
	cfg := FeatureConfig{Buckets: 1 << 20, PrefixLen: 4}
	a := bucketsOf(cfg, "größeBerechnen")
	b := bucketsOf(cfg, "größe berechnen")
	for k := range b {
		if _, ok := a[k]; !ok {
			t.Errorf("word feature %d missing from the non-ASCII identifier", k)
		}
	}
}

func randomParams(cfg FeatureConfig, dim int, seed uint64) *Params {
	p := NewParams(cfg, dim)
	rng := rand.New(rand.NewPCG(seed, 1))
	for i := range p.E {
		p.E[i] = float32(rng.NormFloat64())
	}
	for i := range p.AQ {
		p.AQ[i] = float32(rng.NormFloat64() * 0.5)
		p.AC[i] = float32(rng.NormFloat64() * 0.5)
		p.AH[i] = float32(rng.NormFloat64() * 0.5)
	}
	return p
}

func TestWriteLoadRoundTrip(t *testing.T) {
	cfg := FeatureConfig{Buckets: 1 << 10, PrefixLen: 4}
	p := randomParams(cfg, 32, 7)
	var buf bytes.Buffer
	if err := Write(&buf, p); err != nil {
		t.Fatal(err)
	}
	m, err := Load(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if m.Dim() != 32 || m.Config() != cfg {
		t.Fatalf("loaded dim %d config %+v, want 32 %+v", m.Dim(), m.Config(), cfg)
	}
	texts := []string{
		"func (s *Server) Close() error { return s.ln.Close() }",
		"close the listening socket and stop serving",
		"def read_config(path):\n    with open(path) as f:\n        return json.load(f)",
		"config.py read_config\ndef read_config(path):\n    return 1\n",
	}
	for _, text := range texts {
		for _, q := range []bool{true, false} {
			want := p.Embed(text, q)
			got := make([]float32, m.Dim())
			m.Embed(text, q, got)
			var cos float64
			for i := range got {
				cos += float64(got[i]) * float64(want[i])
			}
			// Three bits a weight keep a text's vector close to the float
			// model's (a step of about 0.6σ for these Gaussian rows);
			// int8 gave 0.999, and the retrieval benchmarks did not move.
			if cos < 0.95 {
				t.Errorf("query=%v %q: cosine(quantised, float) = %.5f, want ≥ 0.95", q, text, cos)
			}
		}
	}
	// Writing the loaded model's source parameters again is byte-identical,
	// and the hash follows the bytes.
	var again bytes.Buffer
	if err := Write(&again, p); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), again.Bytes()) {
		t.Error("Write is not deterministic")
	}
	p.AQ[0] += 1
	var changed bytes.Buffer
	_ = Write(&changed, p)
	m2, err := Load(changed.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if m2.Hash() == m.Hash() {
		t.Error("hash did not change with the weights")
	}
}

func TestLoadRejectsBadInput(t *testing.T) {
	p := randomParams(FeatureConfig{Buckets: 16}, 8, 1)
	var buf bytes.Buffer
	if err := Write(&buf, p); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	for name, data := range map[string][]byte{
		"empty":     nil,
		"magic":     append([]byte("XXXX"), good[4:]...),
		"truncated": good[:len(good)-1],
		"version":   append(append([]byte("CSNB"), 2, 0, 0, 0), good[8:]...),
	} {
		if _, err := Load(data); err == nil {
			t.Errorf("%s: Load succeeded", name)
		}
	}
}

func TestEmbedEmptyTextIsZero(t *testing.T) {
	p := randomParams(FeatureConfig{Buckets: 16}, 8, 1)
	var buf bytes.Buffer
	_ = Write(&buf, p)
	m, _ := Load(buf.Bytes())
	v := []float32{1, 2, 3, 4, 5, 6, 7, 8}
	m.Embed("  ;; {} ", false, v)
	for _, x := range v {
		if x != 0 {
			t.Fatalf("got %v, want the zero vector", v)
		}
	}
}

func TestBuiltinLoads(t *testing.T) {
	m, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	v := make([]float32, m.Dim())
	m.Embed("open a file for reading", true, v)
	var n float64
	for _, x := range v {
		n += float64(x) * float64(x)
	}
	if math.Abs(n-1) > 1e-4 {
		t.Errorf("|v|² = %v, want 1", n)
	}
}

func TestPackedLevelsRoundTrip(t *testing.T) {
	// A row holding every level once per group decodes to exactly those
	// levels: codes are packed and unpacked in the same order.
	cfg := FeatureConfig{Buckets: 1, PrefixLen: 0}
	p := NewParams(cfg, 16)
	for i := range p.E {
		p.E[i] = float32(2*(i%8)-7) / 2 // -3.5 … 3.5
	}
	var buf bytes.Buffer
	if err := Write(&buf, p); err != nil {
		t.Fatal(err)
	}
	m, err := Load(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	e := m.row(0)[:6]
	for g := 0; g < 2; g++ {
		word := uint32(e[3*g]) | uint32(e[3*g+1])<<8 | uint32(e[3*g+2])<<16
		for i := 0; i < 8; i++ {
			if got, want := levels[word>>(3*i)&7], float32(2*i-7); got != want {
				t.Errorf("group %d value %d decodes to %v, want %v", g, i, got, want)
			}
		}
	}
}

// The prefix-coded file decodes to exactly the packed codes it was made
// from, block by block in any order and from many goroutines at once,
// and keeps the packed file's digest as the model's identity.
func TestRecodedRowsAreThePackedRows(t *testing.T) {
	cfg := FeatureConfig{Buckets: 64, PrefixLen: 3}
	p := NewParams(cfg, 32)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range p.E {
		p.E[i] = float32(r.NormFloat64())
	}
	packed, err := packedFile(p)
	if err != nil {
		t.Fatal(err)
	}
	coded, err := Recode(packed)
	if err != nil {
		t.Fatal(err)
	}
	if len(coded) >= len(packed) {
		t.Errorf("coded file %d bytes, packed %d: no smaller", len(coded), len(packed))
	}
	m, err := Load(coded)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(packed)
	if m.Hash() != hex.EncodeToString(sum[:6]) {
		t.Errorf("hash %s, want the packed file's %x", m.Hash(), sum[:6])
	}
	rb := 32 / groupSize * groupBytes
	codes := packed[headerSize+6*64:]
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < 64; i++ {
				row := (i*7 + w*13) % 64
				if !bytes.Equal(m.row(row), codes[row*rb:(row+1)*rb]) {
					t.Errorf("row %d decodes to other codes", row)
				}
			}
		}(w)
	}
	wg.Wait()
	if _, err := Load(coded[:len(coded)-1]); err == nil {
		t.Error("a truncated file loads")
	}
}
