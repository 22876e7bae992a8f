package main

import (
	"log"
	"math/rand/v2"
	"time"

	"github.com/codeseek/codeseek/embedding/model"
)

// fitResult is what a training run produces besides the parameters.
type fitResult struct {
	Params     *model.Params
	Validation []map[string]map[string]float64
	Seconds    float64
}

// fit trains a model on train, validating on val after every epoch. negTexts
// are each source's extra code negatives (tests, undocumented code). Every
// random choice — initialisation, epoch order, query and code views,
// dropout and the sampled negatives — is drawn from generators seeded by
// h.Seed, and the gradient reduction does not depend on h.Workers, so two
// runs on the same pairs give bit-identical parameters.
func fit(h Hyper, train, val []Pair, negTexts map[string][]CodeRef, logf func(string, ...any)) fitResult {
	if logf == nil {
		logf = log.Printf
	}
	t1 := time.Now()
	cfg := model.FeatureConfig{Buckets: h.Buckets, PrefixLen: h.PrefixLen}
	d := newTrainSet(cfg, train)
	vq, vc := featurize(cfg, val)
	langs := valGroups(val)
	negs := negativePools(cfg, train, negTexts)
	rep := parseUpsample(h.Upsample)
	tr := newTrainer(h)
	rng := rand.New(rand.NewPCG(h.Seed, 42))
	var hist []map[string]map[string]float64
	v0 := validate(tr.p, vq, vc, val, langs)
	logf("epoch 0 val %s", fmtVal(v0))
	hist = append(hist, v0)
	order := epochOrder(train, rep, rng, h.Batch)
	steps := max(1, h.Epochs*(len(order)/h.Batch))
	step := 0
	b := newBatcher(h, d, negs)
	for ep := 1; ep <= h.Epochs; ep++ {
		if ep > 1 {
			order = epochOrder(train, rep, rng, h.Batch)
		}
		nb := len(order) / h.Batch
		var lossSum float64
		for k := 0; k < nb; k++ {
			qs, cs, ns, groups := b.batch(order[k*h.Batch:(k+1)*h.Batch], rng)
			lossSum += tr.lossAndGrad(qs, cs, ns, groups)
			// Linear warm-up over the first 5% of steps, then linear decay.
			frac := float64(step) / float64(steps)
			sched := min(1, frac/0.05) * (1 - frac*0.9)
			tr.adamStep(sched)
			step++
		}
		vm := validate(tr.p, vq, vc, val, langs)
		hist = append(hist, vm)
		logf("epoch %d loss %.4f val %s (%.0fs)", ep, lossSum/float64(max(1, nb)), fmtVal(vm), time.Since(t1).Seconds())
	}
	return fitResult{Params: tr.p, Validation: hist, Seconds: time.Since(t1).Seconds()}
}

// trainSet holds the featurized views of the training pairs.
type trainSet struct {
	pairs []Pair
	// q and c are the query and the code as mined; qShort the query's first
	// sentence and cChunk the chunk holding the code (empty when absent).
	q, c, qShort, cChunk []example
	// hard are the features of each pair's hard negatives.
	hard [][]example
}

func newTrainSet(cfg model.FeatureConfig, train []Pair) *trainSet {
	d := &trainSet{pairs: train}
	d.q, d.c = featurize(cfg, train)
	d.qShort = make([]example, len(train))
	d.cChunk = make([]example, len(train))
	d.hard = make([][]example, len(train))
	seen := map[string]example{}
	for i, p := range train {
		if p.ChunkCode != "" {
			d.cChunk[i] = codeExample(cfg, p.ChunkCode)
		}
		if sq := shortQuery(p.Query); sq != "" {
			d.qShort[i] = example{body: model.Features(cfg, sq, nil)}
		}
		for _, h := range p.Hard {
			ex, ok := seen[h.Code]
			if !ok {
				ex = codeExample(cfg, h.Code)
				ex.group = h.Target
				seen[h.Code] = ex
			}
			d.hard[i] = append(d.hard[i], ex)
		}
	}
	return d
}

// negativePools featurizes each source's extra negatives, at most three per
// training pair of the source, evenly spaced.
func negativePools(cfg model.FeatureConfig, train []Pair, negTexts map[string][]CodeRef) map[string][]example {
	perSource := map[string]int{}
	for _, p := range train {
		perSource[p.Source]++
	}
	negs := map[string][]example{}
	for name, ts := range negTexts {
		if limit := 3 * perSource[name]; len(ts) > limit {
			kept := make([]CodeRef, 0, limit)
			for k := 0; k < limit; k++ {
				kept = append(kept, ts[k*len(ts)/limit])
			}
			ts = kept
		}
		for _, t := range ts {
			ex := codeExample(cfg, t.Code)
			ex.group = t.Target
			negs[name] = append(negs[name], ex)
		}
	}
	return negs
}

// batcher assembles the examples of one training step.
type batcher struct {
	h       Hyper
	d       *trainSet
	negs    map[string][]example
	qs, cs  []example
	groups  []uint64
	dropBuf []model.Feature
}

func newBatcher(h Hyper, d *trainSet, negs map[string][]example) *batcher {
	return &batcher{h: h, d: d, negs: negs, qs: make([]example, h.Batch), cs: make([]example, h.Batch)}
}

// batch returns the queries, positive codes and extra negatives of the
// pairs in idx, and the target of every code (positives then negatives), so
// that two views of one function are never each other's negatives.
func (b *batcher) batch(idx []int, rng *rand.Rand) (qs, cs, ns []example, groups []uint64) {
	h, d := b.h, b.d
	b.dropBuf = b.dropBuf[:0]
	b.groups = b.groups[:0]
	for k, i := range idx {
		b.qs[k], b.cs[k] = d.q[i], d.c[i]
		// Sometimes train on the first sentence only: people type shorter
		// queries than doc comments are.
		if d.qShort[i].body != nil && rng.Float64() < h.Short {
			b.qs[k] = d.qShort[i]
		}
		// And sometimes on the chunk that holds the function, which may
		// include its neighbours.
		if d.cChunk[i].body != nil && rng.Float64() < h.ChunkView {
			b.cs[k] = d.cChunk[i]
		}
		if h.Dropout > 0 {
			b.qs[k] = dropout(b.qs[k], h.Dropout, rng, &b.dropBuf)
			b.cs[k] = dropout(b.cs[k], h.Dropout, rng, &b.dropBuf)
		}
		b.groups = append(b.groups, d.pairs[i].Target)
	}
	if h.Negatives <= 0 {
		return b.qs[:len(idx)], b.cs[:len(idx)], nil, b.groups
	}
	// Hard negatives of the batch's pairs (similar names in the same
	// project) fill up to half of the extra negatives...
	for k := 0; len(ns) < h.Negatives/2 && k < len(idx); k++ {
		if hs := d.hard[idx[k]]; len(hs) > 0 {
			ex := hs[rng.IntN(len(hs))]
			ns = append(ns, ex)
			b.groups = append(b.groups, ex.group)
		}
	}
	// ...and random code of the project most of the batch comes from
	// fills the rest.
	if pool := b.negs[d.pairs[idx[0]].Source]; len(pool) > 0 {
		for len(ns) < h.Negatives {
			ex := pool[rng.IntN(len(pool))]
			ns = append(ns, ex)
			b.groups = append(b.groups, ex.group)
		}
	}
	return b.qs[:len(idx)], b.cs[:len(idx)], ns, b.groups
}
