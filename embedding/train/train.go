package main

import (
	"math"
	"math/rand/v2"
	"sync"

	"github.com/codeseek/codeseek/embedding/model"
)

// example is one side of a pair, featurized once up front: all of its
// features, and for code the features of its header (model.SplitHead).
type example struct {
	body, head []model.Feature
	// group identifies the code's target (0: none); see Pair.Target.
	group uint64
}

// Hyper are the training hyperparameters; all are recorded in the manifest.
type Hyper struct {
	Buckets   int     `json:"buckets"`
	Dim       int     `json:"dim"`
	PrefixLen int     `json:"prefix_len"`
	Batch     int     `json:"batch"`
	Negatives int     `json:"extra_negatives"`
	Epochs    int     `json:"epochs"`
	LR        float64 `json:"lr"`
	LRA       float64 `json:"lr_weights"`
	Scale     float64 `json:"logit_scale"`
	InitStd   float64 `json:"init_std"`
	Seed      uint64  `json:"seed"`
	Workers   int     `json:"workers"`
	Short     float64 `json:"short_query_prob"`
	Dropout   float64 `json:"feature_dropout"`
	ChunkView float64 `json:"chunk_view_prob"`
	Upsample  string  `json:"upsample"`
	// ShapeRate is the share of each pair shape kept ("ident=0.5,...").
	ShapeRate string `json:"shape_rate"`
	// HardPerPair is the number of hard negatives mined per pair.
	HardPerPair int `json:"hard_negatives_per_pair"`
}

// featureConfig is the featurizer setting the hyperparameters choose; it
// is part of the weight file.
func (h Hyper) featureConfig() model.FeatureConfig {
	return model.FeatureConfig{Buckets: h.Buckets, PrefixLen: h.PrefixLen}
}

// trainer holds the parameters, the Adam moments and the per-step scratch.
type trainer struct {
	h Hyper
	p *model.Params
	// Adam moments, same shapes as the parameters.
	mE, vE       []float32
	mAQ, vAQ     []float32
	mAC, vAC     []float32
	mAH, vAH     []float32
	gAH          []float32
	step         int
	gE, gAQ, gAC []float32 // dense gradient buffers, zeroed lazily
	touched      []bool
	touchedList  []uint32
	workers      int
	qv, cv       [][]float32 // normalised vectors of the batch
	qn, cn       []float32   // pre-normalisation norms
	gq, gc       [][]float32 // gradients w.r.t. the normalised vectors
}

func newTrainer(h Hyper) *trainer {
	p := model.NewParams(h.featureConfig(), h.Dim)
	rng := rand.New(rand.NewPCG(h.Seed, 0x636f64657365656b))
	for i := range p.E {
		p.E[i] = float32(rng.NormFloat64() * h.InitStd)
	}
	n := len(p.E)
	t := &trainer{h: h, p: p,
		mE: make([]float32, n), vE: make([]float32, n),
		mAQ: make([]float32, h.Buckets), vAQ: make([]float32, h.Buckets),
		mAC: make([]float32, h.Buckets), vAC: make([]float32, h.Buckets),
		mAH: make([]float32, h.Buckets), vAH: make([]float32, h.Buckets), gAH: make([]float32, h.Buckets),
		gE: make([]float32, n), gAQ: make([]float32, h.Buckets), gAC: make([]float32, h.Buckets),
		touched: make([]bool, h.Buckets),
		workers: max(1, h.Workers),
	}
	return t
}

// encode computes u = Σ tf·exp(a)·E (plus the header's Σ tf·exp(AH)·E)
// and returns its norm, writing u/|u| into v.
func encode(p *model.Params, ex example, a []float32, v []float32) float32 {
	clear(v)
	d := p.Dim
	for _, f := range ex.body {
		w := f.TF * float32(math.Exp(float64(a[f.Bucket])))
		row := p.E[int(f.Bucket)*d:][:d]
		for j, x := range row {
			v[j] += w * x
		}
	}
	for _, f := range ex.head {
		w := f.TF * float32(math.Exp(float64(p.AH[f.Bucket])))
		row := p.E[int(f.Bucket)*d:][:d]
		for j, x := range row {
			v[j] += w * x
		}
	}
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	n := float32(math.Sqrt(s))
	if n > 0 {
		inv := 1 / n
		for j := range v {
			v[j] *= inv
		}
	}
	return n
}

func dot(a, b []float32) float32 {
	var s float32
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// parallel runs fn(w) for w in [0, workers) and waits.
func parallel(workers int, fn func(w int)) {
	if workers == 1 {
		fn(0)
		return
	}
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() { defer wg.Done(); fn(w) }()
	}
	wg.Wait()
}

func grow(vs [][]float32, n, d int) [][]float32 {
	for len(vs) < n {
		vs = append(vs, make([]float32, d))
	}
	return vs[:n]
}

// lossAndGrad runs the forward and backward pass of symmetric InfoNCE with
// in-batch negatives over one batch and accumulates the parameter
// gradients into gE/gAQ/gAC (marking touched rows). negs are extra code
// negatives with no query of their own (tests and undocumented functions of
// the same projects): they join every query's softmax, not the
// code→query direction. groups, when not nil, holds the target of every
// code (positives, then negatives): a code with the same non-zero target as
// a query's positive is another view of the answer, so it is left out of
// that query's softmax instead of being pushed away. It returns the loss.
func (t *trainer) lossAndGrad(qs, cs, negs []example, groups []uint64) float64 {
	n, d := len(qs), t.p.Dim
	codes := cs
	if len(negs) > 0 {
		codes = append(append(make([]example, 0, n+len(negs)), cs...), negs...)
	}
	M := len(codes)
	t.qv, t.cv = grow(t.qv, n, d), grow(t.cv, M, d)
	t.gq, t.gc = grow(t.gq, n, d), grow(t.gc, M, d)
	if cap(t.qn) < n || cap(t.cn) < M {
		t.qn, t.cn = make([]float32, n), make([]float32, M)
	}
	t.qn, t.cn = t.qn[:n], t.cn[:M]
	parallel(t.workers, func(w int) {
		for i := w; i < M; i += t.workers {
			if i < n {
				t.qn[i] = encode(t.p, qs[i], t.p.AQ, t.qv[i])
			}
			t.cn[i] = encode(t.p, codes[i], t.p.AC, t.cv[i])
		}
	})
	// Logits S[i][j] = scale·q_i·c_j; row softmax (query→code, over all M
	// codes) and column softmax (code→query, over the n positive codes),
	// each averaged over the batch and halved.
	scale := float32(t.h.Scale)
	S := make([]float32, n*M)
	parallel(t.workers, func(w int) {
		for i := w; i < n; i += t.workers {
			for j := 0; j < M; j++ {
				S[i*M+j] = scale * dot(t.qv[i], t.cv[j])
			}
		}
	})
	// Other views of a query's own answer leave both softmaxes.
	masked := func(i, j int) bool {
		return i != j && groups != nil && groups[j] != 0 && groups[j] == groups[i]
	}
	dS := make([]float32, n*M)
	var loss float64
	inv := 1 / float32(n)
	for i := 0; i < n; i++ { // rows
		row := S[i*M : (i+1)*M]
		m := row[i]
		for j, x := range row {
			if !masked(i, j) {
				m = max(m, x)
			}
		}
		var z float64
		for j, x := range row {
			if !masked(i, j) {
				z += math.Exp(float64(x - m))
			}
		}
		loss += 0.5 * (math.Log(z) + float64(m) - float64(row[i])) / float64(n)
		for j, x := range row {
			if masked(i, j) {
				continue
			}
			pj := float32(math.Exp(float64(x-m)) / z)
			if j == i {
				pj--
			}
			dS[i*M+j] += 0.5 * pj * inv
		}
	}
	for j := 0; j < n; j++ { // columns of the positive codes
		m := S[j*M+j]
		for i := 0; i < n; i++ {
			if !masked(j, i) {
				m = max(m, S[i*M+j])
			}
		}
		var z float64
		for i := 0; i < n; i++ {
			if !masked(j, i) {
				z += math.Exp(float64(S[i*M+j] - m))
			}
		}
		loss += 0.5 * (math.Log(z) + float64(m) - float64(S[j*M+j])) / float64(n)
		for i := 0; i < n; i++ {
			if masked(j, i) {
				continue
			}
			pi := float32(math.Exp(float64(S[i*M+j]-m)) / z)
			if i == j {
				pi--
			}
			dS[i*M+j] += 0.5 * pi * inv
		}
	}
	// Gradients w.r.t. the normalised vectors, then through the
	// normalisation: du = (g - v(v·g)) / |u|.
	parallel(t.workers, func(w int) {
		for i := w; i < M; i += t.workers {
			if i < n {
				g := t.gq[i]
				clear(g)
				for j := 0; j < M; j++ {
					if s := dS[i*M+j] * scale; s != 0 {
						axpy(s, t.cv[j], g)
					}
				}
				unnorm(g, t.qv[i], t.qn[i])
			}
			g := t.gc[i]
			clear(g)
			for k := 0; k < n; k++ {
				if s := dS[k*M+i] * scale; s != 0 {
					axpy(s, t.qv[k], g)
				}
			}
			unnorm(g, t.cv[i], t.cn[i])
		}
	})
	// Scatter into the parameter gradients. Each worker owns the buckets
	// congruent to its index, so there are no races and the summation order
	// is fixed (reproducible).
	parallel(t.workers, func(w int) {
		W := uint32(t.workers)
		for i := 0; i < M; i++ {
			if i < n {
				t.scatter(qs[i], t.gq[i], t.p.AQ, t.gAQ, uint32(w), W)
			}
			t.scatter(codes[i], t.gc[i], t.p.AC, t.gAC, uint32(w), W)
		}
	})
	for _, ex := range [2][]example{qs, codes} {
		for _, e := range ex {
			for _, fs := range [2][]model.Feature{e.body, e.head} {
				for _, f := range fs {
					if !t.touched[f.Bucket] {
						t.touched[f.Bucket] = true
						t.touchedList = append(t.touchedList, f.Bucket)
					}
				}
			}
		}
	}
	return loss
}

func axpy(a float32, x, y []float32) {
	y = y[:len(x)]
	for i, v := range x {
		y[i] += a * v
	}
}

func unnorm(g, v []float32, norm float32) {
	if norm == 0 {
		clear(g)
		return
	}
	vg := dot(v, g)
	inv := 1 / norm
	for j := range g {
		g[j] = (g[j] - v[j]*vg) * inv
	}
}

// scatter adds the gradient of one encoded example: for a feature with
// weight w = tf·exp(a), dE += w·du and da += w·(E·du).
func (t *trainer) scatter(ex example, du, a, ga []float32, w, W uint32) {
	t.scatterFeatures(ex.body, du, a, ga, w, W)
	t.scatterFeatures(ex.head, du, t.p.AH, t.gAH, w, W)
}

func (t *trainer) scatterFeatures(fs []model.Feature, du, a, ga []float32, w, W uint32) {
	d := t.p.Dim
	for _, f := range fs {
		if f.Bucket%W != w {
			continue
		}
		wt := f.TF * float32(math.Exp(float64(a[f.Bucket])))
		row := t.p.E[int(f.Bucket)*d:][:d]
		ga[f.Bucket] += wt * dot(row, du)
		axpy(wt, du, t.gE[int(f.Bucket)*d:][:d])
	}
}

// adamStep applies lazy Adam to the touched rows and clears their
// gradients.
func (t *trainer) adamStep(lrScale float64) {
	t.step++
	const b1, b2, eps = 0.9, 0.999, 1e-8
	c1 := 1 - math.Pow(b1, float64(t.step))
	c2 := 1 - math.Pow(b2, float64(t.step))
	lr := float32(t.h.LR * lrScale * math.Sqrt(c2) / c1)
	lra := float32(t.h.LRA * lrScale * math.Sqrt(c2) / c1)
	d := t.p.Dim
	list := t.touchedList
	parallel(t.workers, func(w int) {
		for k := w; k < len(list); k += t.workers {
			r := int(list[k])
			t.touched[r] = false
			g := t.gE[r*d:][:d]
			m, v, e := t.mE[r*d:][:d], t.vE[r*d:][:d], t.p.E[r*d:][:d]
			for j, x := range g {
				m[j] = b1*m[j] + (1-b1)*x
				v[j] = b2*v[j] + (1-b2)*x*x
				e[j] -= lr * m[j] / (float32(math.Sqrt(float64(v[j]))) + eps)
			}
			clear(g)
			for _, s := range [3]struct{ a, m, v, g []float32 }{{t.p.AQ, t.mAQ, t.vAQ, t.gAQ}, {t.p.AC, t.mAC, t.vAC, t.gAC}, {t.p.AH, t.mAH, t.vAH, t.gAH}} {
				x := s.g[r]
				if x == 0 {
					continue
				}
				s.m[r] = b1*s.m[r] + (1-b1)*x
				s.v[r] = b2*s.v[r] + (1-b2)*x*x
				s.a[r] -= lra * s.m[r] / (float32(math.Sqrt(float64(s.v[r]))) + eps)
				s.a[r] = min(max(s.a[r], -8), 4)
				s.g[r] = 0
			}
		}
	})
	t.touchedList = list[:0]
}
