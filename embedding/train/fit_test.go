package main

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// toyPairs makes pairs whose query and code share words, from two
// sources, with chunk views, hard negatives and negatives.
func toyPairs(n int) ([]Pair, map[string][]CodeRef) {
	rng := rand.New(rand.NewPCG(7, 7))
	words := []string{"parse", "duration", "read", "file", "open", "socket", "close", "buffer", "write", "json",
		"encode", "decode", "retry", "request", "timeout", "cache", "lookup", "table", "hash", "sort"}
	var ps []Pair
	for i := 0; i < n; i++ {
		a, b, c := words[rng.IntN(len(words))], words[rng.IntN(len(words))], words[rng.IntN(len(words))]
		src := fmt.Sprintf("src%d", i%2)
		p := Pair{
			Query:  fmt.Sprintf("%s the %s and %s it. More words here", a, b, c),
			Code:   fmt.Sprintf("f%d.go\nfunc %s%s%d() {\n\t%s(%s)\n}", i, a, b, i, c, b),
			Lang:   "go",
			Source: src, Shape: shapeDocstring, Target: uint64(i + 1),
		}
		if i%3 == 0 {
			p.ChunkCode = p.Code + "\nvar x = " + c
		}
		if i > 0 {
			p.Hard = []CodeRef{{Code: ps[i-1].Code, Target: ps[i-1].Target}}
		}
		ps = append(ps, p)
	}
	negs := map[string][]CodeRef{"src0": {{"x.go\nfunc helper() {\n}", 1 << 40}}, "src1": {{"y.go\nfunc other() {\n}", 1 << 41}}}
	return ps, negs
}

func toyHyper(seed uint64, workers int) Hyper {
	return Hyper{Buckets: 1 << 10, Dim: 16, PrefixLen: 4, Batch: 32, Negatives: 8, Epochs: 2,
		LR: 1e-2, LRA: 1e-2, Scale: 10, InitStd: 0.1, Seed: seed, Workers: workers,
		Short: 0.3, Dropout: 0.15, ChunkView: 0.5, Upsample: "go=2"}
}

func quiet(string, ...any) {}

// toySet featurizes train and the negatives the way the corpus does, one
// text cache per source.
func toySet(h Hyper, train []Pair, negTexts map[string][]CodeRef) (*trainSet, map[string][]example) {
	cfg := h.featureConfig()
	d := &trainSet{}
	feats := map[string]*textFeatures{}
	of := func(src string) *textFeatures {
		if feats[src] == nil {
			feats[src] = newTextFeatures(cfg)
		}
		return feats[src]
	}
	for _, p := range train {
		d.add(p, of(p.Source))
	}
	negs := map[string][]example{}
	for src, ts := range negTexts {
		negs[src] = negativePool(ts, len(ts), of(src))
	}
	return d, negs
}

func TestFitIsBitIdenticalForOneSeed(t *testing.T) {
	ps, negs := toyPairs(200)
	train, val := ps[:180], ps[180:]
	d, pools := toySet(toyHyper(5, 1), train, negs)
	a := fit(toyHyper(5, 1), d, val, pools, quiet).Params
	b := fit(toyHyper(5, 2), d, val, pools, quiet).Params
	for name, pair := range map[string][2][]float32{"E": {a.E, b.E}, "AQ": {a.AQ, b.AQ}, "AC": {a.AC, b.AC}, "AH": {a.AH, b.AH}} {
		if !slices.Equal(pair[0], pair[1]) {
			t.Errorf("%s differs between two runs with seed 5", name)
		}
	}
	c := fit(toyHyper(6, 1), d, val, pools, quiet).Params
	if slices.Equal(a.E, c.E) {
		t.Error("seeds 5 and 6 gave the same weights: the seed is not used")
	}
}

func TestFitLearnsToyPairs(t *testing.T) {
	ps, negs := toyPairs(400)
	train, val := ps[:360], ps[360:]
	h := toyHyper(1, 1)
	h.Epochs = 6
	d, pools := toySet(h, train, negs)
	res := fit(h, d, val, pools, t.Logf)
	first, last := res.Validation[0]["go"]["mrr10"], res.Validation[len(res.Validation)-1]["go"]["mrr10"]
	if last <= first {
		t.Errorf("validation MRR went from %.3f to %.3f, want it to rise", first, last)
	}
}
