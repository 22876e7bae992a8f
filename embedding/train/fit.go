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

// fit trains a model on the pairs of d, validating on val after every
// epoch. negs are each source's extra code negatives (tests, undocumented
// code). Every random choice — initialisation, epoch order, query and code
// views, dropout and the sampled negatives — is drawn from generators seeded
// by h.Seed, and the gradient reduction does not depend on h.Workers, so two
// runs on the same pairs give bit-identical parameters.
func fit(h Hyper, d *trainSet, val []Pair, negs map[string][]example, logf func(string, ...any)) fitResult {
	if logf == nil {
		logf = log.Printf
	}
	t1 := time.Now()
	vq, vc := featurize(h.featureConfig(), val)
	langs := valGroups(val)
	rep := parseUpsample(h.Upsample)
	tr := newTrainer(h)
	rng := rand.New(rand.NewPCG(h.Seed, 42))
	var hist []map[string]map[string]float64
	v0 := validate(tr.p, vq, vc, val, langs)
	logf("epoch 0 val %s", fmtVal(v0))
	hist = append(hist, v0)
	order := epochOrder(d.pairs, rep, rng, h.Batch)
	steps := max(1, h.Epochs*(len(order)/h.Batch))
	step := 0
	b := newBatcher(h, d, negs)
	for ep := 1; ep <= h.Epochs; ep++ {
		if ep > 1 {
			order = epochOrder(d.pairs, rep, rng, h.Batch)
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
	// pairs keep what training reads besides features (source, language,
	// shape, target); their texts are dropped once featurized.
	pairs []Pair
	// q and c are the query and the code as mined; qShort the query's first
	// sentence and cChunk the chunk holding the code (empty when absent).
	q, c, qShort, cChunk []example
	// hard are the features of each pair's hard negatives.
	hard [][]example
}

// add featurizes p's views, code texts through feats (one per source).
func (d *trainSet) add(p Pair, feats *textFeatures) {
	d.q = append(d.q, feats.queryOf(p.Query))
	d.c = append(d.c, feats.codeOf(p.Code, 0))
	var short, chunk example
	if sq := shortQuery(p.Query); sq != "" {
		short = feats.queryOf(sq)
	}
	if p.ChunkCode != "" {
		chunk = feats.codeOf(p.ChunkCode, 0)
	}
	d.qShort, d.cChunk = append(d.qShort, short), append(d.cChunk, chunk)
	var hard []example
	for _, h := range p.Hard {
		hard = append(hard, feats.codeOf(h.Code, h.Target))
	}
	d.hard = append(d.hard, hard)
	p.Query, p.Code, p.ChunkCode, p.Symbol, p.Hard = "", "", "", "", nil
	d.pairs = append(d.pairs, p)
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
