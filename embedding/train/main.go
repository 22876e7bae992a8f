// Command train builds the built-in embedding model from the sources that
// shared/TRAINING.md allows: it fetches them into a cache outside the
// repository, mines (documentation, code) pairs, trains a neural bag of
// words with InfoNCE and in-batch negatives, and writes the quantised
// weights and a manifest next to them.
//
//	go run ./embedding/train -out embedding/model
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"log"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/embedding/model"
)

// Manifest is written next to the weights: enough to know what the model
// saw and to rebuild it.
type Manifest struct {
	ModelHash       string                          `json:"model_hash"`
	WeightsFile     string                          `json:"weights_file"`
	WeightsBytes    int                             `json:"weights_bytes"`
	Command         string                          `json:"command"`
	GoVersion       string                          `json:"go_version"`
	ChunkerVersion  string                          `json:"chunker_version"`
	GitHead         string                          `json:"git_head"`
	Sources         []*Source                       `json:"sources"`
	TrainPairs      map[string]int                  `json:"train_pairs"`
	ValPairs        map[string]int                  `json:"val_pairs"`
	Hyper           Hyper                           `json:"hyperparameters"`
	MiningSeconds   float64                         `json:"mining_seconds"`
	TrainingSeconds float64                         `json:"training_seconds"`
	Validation      []map[string]map[string]float64 `json:"validation_per_epoch"`
	FinalQuantised  map[string]map[string]float64   `json:"validation_quantised"`
}

func main() {
	home, _ := os.UserHomeDir()
	cache := flag.String("cache", filepath.Join(home, ".cache", "codeseek-train"), "download and unpack cache (outside the repository)")
	out := flag.String("out", "", "directory for builtin.csnb and manifest.json (empty: do not write)")
	h := Hyper{}
	flag.IntVar(&h.Buckets, "buckets", 1<<16, "embedding rows (power of two)")
	flag.IntVar(&h.Dim, "dim", 256, "vector length")
	flag.IntVar(&h.PrefixLen, "prefix", 4, "word-prefix feature length (0: off)")
	flag.IntVar(&h.Batch, "batch", 512, "batch size (in-batch negatives)")
	flag.IntVar(&h.Negatives, "negs", 128, "extra negatives per batch: tests and undocumented functions of the batch's project")
	flag.IntVar(&h.Epochs, "epochs", 4, "passes over the training pairs")
	flag.Float64Var(&h.LR, "lr", 3e-3, "Adam learning rate for the embeddings")
	flag.Float64Var(&h.LRA, "lr-weights", 1e-2, "Adam learning rate for the per-bucket weights")
	flag.Float64Var(&h.Scale, "scale", 20, "logit scale (1/temperature)")
	flag.Float64Var(&h.InitStd, "init-std", 0.1, "standard deviation of the initial embeddings")
	flag.Uint64Var(&h.Seed, "seed", 1, "random seed")
	flag.IntVar(&h.Workers, "workers", runtime.GOMAXPROCS(0), "goroutines")
	flag.StringVar(&h.Upsample, "upsample", "python=2,javascript=2", "per-language repeat factor per epoch")
	flag.Float64Var(&h.ChunkView, "chunk-view", 0.5, "probability of training on the chunk holding a function instead of the function alone")
	flag.Float64Var(&h.Dropout, "dropout", 0.15, "probability of dropping each feature of a training example (regularises rare words)")
	flag.Float64Var(&h.Short, "short", 0.3, "probability of training on a query's first sentence instead of its paragraph")
	fetchOnly := flag.Bool("fetch-only", false, "fetch and mine, then stop")
	flag.Parse()
	if h.Buckets&(h.Buckets-1) != 0 {
		log.Fatal("-buckets must be a power of two")
	}
	if err := os.MkdirAll(*cache, 0o755); err != nil {
		log.Fatal(err)
	}

	// The code-side views come from the chunker in this checkout: record
	// which one, so the run can be repeated.
	gitHead := "unknown"
	if out, err := exec.Command("git", "rev-parse", "--short=12", "HEAD").Output(); err == nil {
		gitHead = strings.TrimSpace(string(out))
		if st, _ := exec.Command("git", "status", "--porcelain", "--", "chunker", "embedding/train", "embedding/model/features.go").Output(); len(bytes.TrimSpace(st)) > 0 {
			gitHead += "+uncommitted"
		}
	}
	t0 := time.Now()
	sources := allSources()
	var pairs []Pair
	negTexts := map[string][]string{}
	for _, s := range sources {
		if err := fetch(s, *cache); err != nil {
			log.Fatalf("fetch %s: %v", s.Name, err)
		}
		ps, ns := mineSource(s)
		s.Negatives = len(ns)
		log.Printf("%-45s %-22s %6d pairs %6d negatives", s.Name, s.Version, len(ps), len(ns))
		pairs = append(pairs, ps...)
		negTexts[s.Name] = ns
	}
	pairs = dedupe(pairs)
	for _, s := range sources {
		s.Pairs = 0
	}
	bySource := map[string]*Source{}
	for _, s := range sources {
		bySource[s.Name] = s
	}
	for _, p := range pairs {
		bySource[p.Source].Pairs++
	}
	train, val := split(pairs)
	// Validation scores the chunk an index of stripped code would hold.
	for i := range val {
		if val[i].ChunkCode != "" {
			val[i].Code = val[i].ChunkCode
		}
	}
	trainN, valN := countLang(train), countLang(val)
	log.Printf("pairs after dedupe: train %v, val %v (%.0fs)", trainN, valN, time.Since(t0).Seconds())
	miningSecs := time.Since(t0).Seconds()
	if *fetchOnly {
		return
	}

	t1 := time.Now()
	cfg := model.FeatureConfig{Buckets: h.Buckets, PrefixLen: h.PrefixLen}
	tq, tc := featurize(cfg, train)
	tcChunk := make([]example, len(train))
	for i, p := range train {
		if p.ChunkCode != "" {
			tcChunk[i] = codeExample(cfg, p.ChunkCode)
		}
	}
	tqShort := make([]example, len(train))
	for i, p := range train {
		if sq := shortQuery(p.Query); sq != "" {
			tqShort[i] = example{body: model.Features(cfg, sq, nil)}
		}
	}
	vq, vc := featurize(cfg, val)
	langs := langsOf(val)
	rep := parseUpsample(h.Upsample)
	negs := map[string][]example{}
	for name, ts := range negTexts {
		// At most three negatives per pair of the source, evenly spaced.
		if limit := 3 * bySource[name].Pairs; len(ts) > limit {
			kept := make([]string, 0, limit)
			for k := 0; k < limit; k++ {
				kept = append(kept, ts[k*len(ts)/limit])
			}
			ts = kept
		}
		for _, t := range ts {
			negs[name] = append(negs[name], codeExample(cfg, t))
		}
	}
	tr := newTrainer(h)
	rng := rand.New(rand.NewPCG(h.Seed, 42))
	var valHist []map[string]map[string]float64
	v0 := validate(tr.p, vq, vc, val, langs)
	log.Printf("epoch 0 val %s", fmtVal(v0))
	valHist = append(valHist, v0)
	order := epochOrder(train, rep, rng, h.Batch)
	steps := h.Epochs * (len(order) / h.Batch)
	step := 0
	for ep := 1; ep <= h.Epochs; ep++ {
		if ep > 1 {
			order = epochOrder(train, rep, rng, h.Batch)
		}
		var lossSum float64
		nb := len(order) / h.Batch
		var dropBuf []model.Feature
		qs := make([]example, h.Batch)
		cs := make([]example, h.Batch)
		for b := 0; b < nb; b++ {
			dropBuf = dropBuf[:0]
			batch := order[b*h.Batch : (b+1)*h.Batch]
			for k, i := range batch {
				qs[k], cs[k] = tq[i], tc[i]
				// Sometimes train on the first sentence only: people type
				// shorter queries than doc comments are.
				if tqShort[i].body != nil && rng.Float64() < h.Short {
					qs[k] = tqShort[i]
				}
				// And sometimes on the chunk that holds the function, which
				// may include its neighbours.
				if tcChunk[i].body != nil && rng.Float64() < h.ChunkView {
					cs[k] = tcChunk[i]
				}
				if h.Dropout > 0 {
					qs[k] = dropout(qs[k], h.Dropout, rng, &dropBuf)
					cs[k] = dropout(cs[k], h.Dropout, rng, &dropBuf)
				}
			}
			// Extra negatives from the project most of the batch comes from.
			var ns []example
			if pool := negs[train[batch[0]].Source]; len(pool) > 0 && h.Negatives > 0 {
				for k := 0; k < h.Negatives; k++ {
					ns = append(ns, pool[rng.IntN(len(pool))])
				}
			}
			lossSum += tr.lossAndGrad(qs, cs, ns)
			// Linear warm-up over the first 5% of steps, then linear decay.
			frac := float64(step) / float64(steps)
			sched := min(1, frac/0.05) * (1 - frac*0.9)
			tr.adamStep(sched)
			step++
		}
		vm := validate(tr.p, vq, vc, val, langs)
		valHist = append(valHist, vm)
		log.Printf("epoch %d loss %.4f val %s (%.0fs)", ep, lossSum/float64(nb), fmtVal(vm), time.Since(t1).Seconds())
	}
	trainSecs := time.Since(t1).Seconds()

	var buf bytes.Buffer
	if err := model.Write(&buf, tr.p); err != nil {
		log.Fatal(err)
	}
	m, err := model.Load(buf.Bytes())
	if err != nil {
		log.Fatal(err)
	}
	qv := validateModel(m, val, langs)
	log.Printf("quantised val %s, %d bytes, hash %s", fmtVal(qv), buf.Len(), m.Hash())
	if *out == "" {
		return
	}
	man := Manifest{
		ModelHash: m.Hash(), WeightsFile: "builtin.csnb", WeightsBytes: buf.Len(),
		Command:   "go run ./embedding/train " + strings.Join(os.Args[1:], " "),
		GoVersion: runtime.Version(), Sources: sources,
		ChunkerVersion: chunker.Version, GitHead: gitHead,
		TrainPairs: trainN, ValPairs: valN, Hyper: h,
		MiningSeconds: math.Round(miningSecs), TrainingSeconds: math.Round(trainSecs),
		Validation: valHist, FinalQuantised: qv,
	}
	if err := os.WriteFile(filepath.Join(*out, "builtin.csnb"), buf.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	js, _ := json.MarshalIndent(man, "", "  ")
	if err := os.WriteFile(filepath.Join(*out, "manifest.json"), append(js, '\n'), 0o644); err != nil {
		log.Fatal(err)
	}
}

// dedupe keeps the first pair of each query text and of each code text:
// vendored copies and multiple builds of one package would otherwise be
// both positives and false negatives.
func dedupe(ps []Pair) []Pair {
	seenQ := map[string]bool{}
	seenC := map[string]bool{}
	var out []Pair
	for _, p := range ps {
		q, c := normKey(p.Query), normKey(p.Code)
		if seenQ[q] || seenC[c] {
			continue
		}
		seenQ[q], seenC[c] = true, true
		out = append(out, p)
	}
	return out
}

// split holds out about 3% of pairs, chosen by a hash of the query so the
// split does not depend on mining order.
func split(ps []Pair) (train, val []Pair) {
	for _, p := range ps {
		h := fnv.New32a()
		h.Write([]byte(p.Query))
		if h.Sum32()%100 < 3 {
			val = append(val, p)
		} else {
			train = append(train, p)
		}
	}
	return train, val
}

func countLang(ps []Pair) map[string]int {
	m := map[string]int{}
	for _, p := range ps {
		m[p.Lang]++
	}
	return m
}

func langsOf(ps []Pair) []string {
	var ls []string
	for l := range countLang(ps) {
		ls = append(ls, l)
	}
	sort.Strings(ls)
	return ls
}

func featurize(cfg model.FeatureConfig, ps []Pair) (qs, cs []example) {
	qs, cs = make([]example, len(ps)), make([]example, len(ps))
	for i, p := range ps {
		qs[i] = example{body: model.Features(cfg, p.Query, nil)}
		cs[i] = codeExample(cfg, p.Code)
	}
	return qs, cs
}

func parseUpsample(s string) map[string]int {
	m := map[string]int{}
	for _, kv := range strings.Split(s, ",") {
		var k string
		var v int
		if i := strings.IndexByte(kv, '='); i > 0 {
			k = kv[:i]
			fmt.Sscan(kv[i+1:], &v)
			m[k] = v
		}
	}
	return m
}

// epochOrder returns the pair indices of one epoch: each source's pairs
// shuffled and kept together, so a batch's negatives mostly come from the
// same project (the situation of a search inside one repository), with the
// batches themselves in random order. Languages listed in rep are repeated.
func epochOrder(ps []Pair, rep map[string]int, rng *rand.Rand, batch int) []int {
	bySrc := map[string][]int{}
	var names []string
	for i, p := range ps {
		if _, ok := bySrc[p.Source]; !ok {
			names = append(names, p.Source)
		}
		r := max(1, rep[p.Lang])
		for k := 0; k < r; k++ {
			bySrc[p.Source] = append(bySrc[p.Source], i)
		}
	}
	rng.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
	var all []int
	for _, n := range names {
		idx := bySrc[n]
		rng.Shuffle(len(idx), func(i, j int) { idx[i], idx[j] = idx[j], idx[i] })
		all = append(all, idx...)
	}
	nb := len(all) / batch
	perm := rng.Perm(nb)
	out := make([]int, 0, nb*batch)
	for _, b := range perm {
		out = append(out, all[b*batch:(b+1)*batch]...)
	}
	return out
}

const valPool = 1000

// validate reports MRR@10 and R@1 of query→code retrieval per language,
// each language's held-out pairs (at most valPool) forming the pool.
func validate(p *model.Params, vq, vc []example, val []Pair, langs []string) map[string]map[string]float64 {
	return validateWith(val, langs, func(i int, query bool, v []float32) {
		if query {
			encode(p, vq[i], p.AQ, v)
		} else {
			encode(p, vc[i], p.AC, v)
		}
	}, p.Dim)
}

func validateModel(m *model.Model, val []Pair, langs []string) map[string]map[string]float64 {
	return validateWith(val, langs, func(i int, query bool, v []float32) {
		if query {
			m.Embed(val[i].Query, true, v)
		} else {
			m.Embed(val[i].Code, false, v)
		}
	}, m.Dim())
}

func validateWith(val []Pair, langs []string, enc func(i int, query bool, v []float32), d int) map[string]map[string]float64 {
	out := map[string]map[string]float64{}
	var macro float64
	for _, l := range langs {
		var idx []int
		for i, p := range val {
			if p.Lang == l && len(idx) < valPool {
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
		out[l] = map[string]float64{"mrr10": round3(mrr / n), "r1": round3(r1 / n), "n": n}
		macro += mrr / n
	}
	out["macro"] = map[string]float64{"mrr10": round3(macro / float64(len(langs)))}
	return out
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

func fmtVal(v map[string]map[string]float64) string {
	var keys []string
	for k := range v {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "%s=%.3f ", k, v[k]["mrr10"])
	}
	return strings.TrimSpace(b.String())
}

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
	return example{body: keep(ex.body), head: keep(ex.head)}
}
