package main

import (
	"math"
	"math/rand/v2"
	"strings"

	"github.com/codeseek/codeseek/embedding/model"
)

const valPool = 1000

// validate reports MRR@10 and R@1 of query→code retrieval per validation
// group (valGroup), each group's held-out pairs (at most valPool) forming
// the pool.
func validate(p *model.Params, vq, vc []example, val []Pair, groups []string) map[string]map[string]float64 {
	return validateWith(val, groups, func(i int, query bool, v []float32) {
		if query {
			encode(p, vq[i], p.AQ, v)
		} else {
			encode(p, vc[i], p.AC, v)
		}
	}, p.Dim)
}

func validateModel(m *model.Model, val []Pair, groups []string) map[string]map[string]float64 {
	return validateWith(val, groups, func(i int, query bool, v []float32) {
		if query {
			m.Embed(val[i].Query, true, v)
		} else {
			m.Embed(val[i].Code, false, v)
		}
	}, m.Dim())
}

func validateWith(val []Pair, groups []string, enc func(i int, query bool, v []float32), d int) map[string]map[string]float64 {
	out := map[string]map[string]float64{}
	var macro float64
	var nLang int
	for _, g := range groups {
		var idx []int
		for i, p := range val {
			if valGroup(p) == g && len(idx) < valPool {
				idx = append(idx, i)
			}
		}
		Q := make([][]float32, len(idx))
		C := make([][]float32, len(idx))
		for k, i := range idx {
			Q[k], C[k] = make([]float32, d), make([]float32, d)
			enc(i, true, Q[k])
			enc(i, false, C[k])
		}
		var mrr, r1 float64
		for k := range Q {
			target := dot(Q[k], C[k])
			rank := 1
			for j := range C {
				if j != k && dot(Q[k], C[j]) > target {
					rank++
				}
			}
			if rank <= 10 {
				mrr += 1 / float64(rank)
			}
			if rank == 1 {
				r1++
			}
		}
		n := float64(len(Q))
		out[g] = map[string]float64{"mrr10": round3(mrr / n), "r1": round3(r1 / n), "n": n}
		// The macro average is over languages (docstring pairs), as before.
		if !strings.HasPrefix(g, "shape:") {
			macro += mrr / n
			nLang++
		}
	}
	out["macro"] = map[string]float64{"mrr10": round3(macro / float64(max(1, nLang)))}
	return out
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

func codeExample(cfg model.FeatureConfig, text string) example {
	return example{body: model.Features(cfg, text, nil), head: model.Features(cfg, model.SplitHead(text), nil)}
}

// shortQuery is the first sentence of a query when it is shorter than the
// query and still has at least three words; "" otherwise.
func shortQuery(q string) string {
	for i := 0; i+1 < len(q); i++ {
		if (q[i] == '.' || q[i] == ';' || q[i] == ':') && q[i+1] == ' ' {
			s := q[:i]
			if len(strings.Fields(s)) >= 3 {
				return s
			}
			return ""
		}
	}
	return ""
}

// dropout returns ex without a random fraction p of its features (word
// dropout): no single rare word can carry a pair, which makes the model
// lean on every word it knows. The copies live in buf, reused per batch.
func dropout(ex example, p float64, rng *rand.Rand, buf *[]model.Feature) example {
	keep := func(fs []model.Feature) []model.Feature {
		if len(fs) < 2 {
			return fs
		}
		start := len(*buf)
		for _, f := range fs {
			if rng.Float64() >= p {
				*buf = append(*buf, f)
			}
		}
		if len(*buf) == start {
			*buf = append(*buf, fs[rng.IntN(len(fs))])
		}
		return (*buf)[start:len(*buf):len(*buf)]
	}
	return example{body: keep(ex.body), head: keep(ex.head), group: ex.group}
}
