package main

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/codeseek/codeseek/embedding/model"
)

func toyBatch(rng *rand.Rand, n, buckets int) (qs, cs []example) {
	for i := 0; i < n; i++ {
		var q, c example
		for k := 0; k < 3; k++ {
			q.body = append(q.body, model.Feature{Bucket: uint32(rng.IntN(buckets)), TF: 1 + rng.Float32()})
			c.body = append(c.body, model.Feature{Bucket: uint32(rng.IntN(buckets)), TF: 1 + rng.Float32()})
		}
		c.head = append(c.head, c.body[0], model.Feature{Bucket: uint32(rng.IntN(buckets)), TF: 1})
		qs, cs = append(qs, q), append(cs, c)
	}
	return qs, cs
}

func toyTrainer(workers int) *trainer {
	h := Hyper{Buckets: 32, Dim: 6, Batch: 5, LR: 0.05, LRA: 0.05, Scale: 5, InitStd: 0.5, Seed: 3, Workers: workers}
	t := newTrainer(h)
	rng := rand.New(rand.NewPCG(9, 9))
	for i := range t.p.AQ {
		t.p.AQ[i] = float32(rng.NormFloat64() * 0.3)
		t.p.AC[i] = float32(rng.NormFloat64() * 0.3)
		t.p.AH[i] = float32(rng.NormFloat64() * 0.3)
	}
	return t
}

// lossOnly evaluates the loss and discards the gradients.
func (t *trainer) lossOnly(qs, cs, negs []example, groups []uint64) float64 {
	l := t.lossAndGrad(qs, cs, negs, groups)
	clear(t.gE)
	clear(t.gAQ)
	clear(t.gAC)
	clear(t.gAH)
	for _, b := range t.touchedList {
		t.touched[b] = false
	}
	t.touchedList = t.touchedList[:0]
	return l
}

func TestGradientsMatchFiniteDifferences(t *testing.T) {
	// The second run gives two positives and one negative a shared target,
	// which takes them out of each other's softmax.
	for _, c := range []struct {
		workers int
		groups  []uint64
	}{{1, nil}, {2, nil}, {2, []uint64{1, 2, 1, 3, 4, 0, 2, 5}}} {
		workers, groups := c.workers, c.groups
		tr := toyTrainer(workers)
		rng := rand.New(rand.NewPCG(1, 2))
		qs, cs := toyBatch(rng, 5, tr.h.Buckets)
		_, negs := toyBatch(rng, 3, tr.h.Buckets)
		tr.lossAndGrad(qs, cs, negs, groups)
		gE := append([]float32(nil), tr.gE...)
		gAQ := append([]float32(nil), tr.gAQ...)
		gAC := append([]float32(nil), tr.gAC...)
		gAH := append([]float32(nil), tr.gAH...)
		clear(tr.gE)
		clear(tr.gAQ)
		clear(tr.gAC)
		clear(tr.gAH)

		const eps = 1e-2
		check := func(name string, param []float32, i int, analytic float32) {
			t.Helper()
			old := param[i]
			param[i] = old + eps
			lp := tr.lossOnly(qs, cs, negs, groups)
			param[i] = old - eps
			lm := tr.lossOnly(qs, cs, negs, groups)
			param[i] = old
			numeric := (lp - lm) / (2 * eps)
			if d := math.Abs(numeric - float64(analytic)); d > 2e-3+0.03*math.Abs(numeric) {
				t.Errorf("workers=%d %s[%d]: analytic %.5f, numeric %.5f", workers, name, i, analytic, numeric)
			}
		}
		checked := 0
		for _, ex := range append(append(append([]example{}, qs...), cs...), negs...) {
			for _, f := range append(append([]model.Feature{}, ex.body...), ex.head...) {
				for j := 0; j < tr.h.Dim; j++ {
					i := int(f.Bucket)*tr.h.Dim + j
					check("E", tr.p.E, i, gE[i])
					checked++
				}
				check("AQ", tr.p.AQ, int(f.Bucket), gAQ[f.Bucket])
				check("AC", tr.p.AC, int(f.Bucket), gAC[f.Bucket])
				check("AH", tr.p.AH, int(f.Bucket), gAH[f.Bucket])
			}
		}
		// A bucket no example uses has a zero gradient.
		used := map[uint32]bool{}
		for _, ex := range append(append(append([]example{}, qs...), cs...), negs...) {
			for _, f := range append(append([]model.Feature{}, ex.body...), ex.head...) {
				used[f.Bucket] = true
			}
		}
		for b := 0; b < tr.h.Buckets; b++ {
			if !used[uint32(b)] && (gAQ[b] != 0 || gAC[b] != 0 || gAH[b] != 0) {
				t.Errorf("unused bucket %d has a gradient", b)
			}
		}
		if checked == 0 {
			t.Fatal("nothing checked")
		}
	}
}

func TestTrainingLowersLossAndIsDeterministic(t *testing.T) {
	run := func(workers int) (first, last float64, e []float32) {
		tr := toyTrainer(workers)
		qs, cs := toyBatch(rand.New(rand.NewPCG(5, 6)), 8, tr.h.Buckets)
		for s := 0; s < 60; s++ {
			l := tr.lossAndGrad(qs, cs, nil, nil)
			if s == 0 {
				first = l
			}
			last = l
			tr.adamStep(1)
		}
		return first, last, tr.p.E
	}
	f1, l1, e1 := run(1)
	if l1 >= f1*0.5 {
		t.Errorf("loss went from %.4f to %.4f, want at least halved", f1, l1)
	}
	_, l2, e2 := run(2)
	if l1 != l2 {
		t.Errorf("1 and 2 workers differ: %v vs %v", l1, l2)
	}
	for i := range e1 {
		if e1[i] != e2[i] {
			t.Fatalf("parameters differ at %d between worker counts", i)
		}
	}
}

func TestMaskedCodesLeaveTheSoftmax(t *testing.T) {
	tr := toyTrainer(1)
	rng := rand.New(rand.NewPCG(3, 4))
	qs, cs := toyBatch(rng, 1, tr.h.Buckets)
	// A negative that is a copy of the only query's answer: unmasked it
	// halves the probability of the answer, masked (same target) it leaves
	// the softmax and the loss is zero.
	negs := []example{cs[0]}
	if l := tr.lossOnly(qs, cs, negs, nil); math.Abs(l-0.5*math.Log(2)) > 1e-5 {
		t.Errorf("unmasked loss = %.6f, want ln(2)/2", l)
	}
	if l := tr.lossOnly(qs, cs, negs, []uint64{9, 9}); math.Abs(l) > 1e-6 {
		t.Errorf("masked loss = %.6f, want 0", l)
	}
}
