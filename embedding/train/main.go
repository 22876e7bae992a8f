// Command train builds the built-in embedding model from the sources that
// shared/TRAINING.md allows: it fetches them into a cache outside the
// repository, mines (documentation, code) pairs of several shapes, trains a
// neural bag of words with InfoNCE and in-batch negatives, and writes the
// quantised weights and a manifest next to them.
//
//	go run ./embedding/train -out embedding/model
//	go run ./embedding/train pick -out FILE   # Debian packages per language
package main

import (
	"bytes"
	"flag"
	"fmt"
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

	"github.com/codeseek/codeseek/embedding/model"
)

func main() {
	if len(os.Args) > 1 {
		sub := map[string]func([]string) error{"pick": pickMain, "mine-source": mineSourceMain, "recode": recodeMain}[os.Args[1]]
		if sub != nil {
			if err := sub(os.Args[2:]); err != nil {
				log.Fatal(err)
			}
			return
		}
	}
	home, _ := os.UserHomeDir()
	cache := flag.String("cache", filepath.Join(home, ".cache", "codeseek-train"), "download and unpack cache (outside the repository)")
	out := flag.String("out", "", "directory for builtin.csnb and manifest.json (empty: do not write)")
	base := flag.Bool("base", true, "include the fixed sources: Go and Python standard libraries, the Go modules, npm packages and pinned Debian packages of sources.go")
	debList := flag.String("debs", "", "file of further Debian packages, one `name[=version]` a line (see the pick subcommand)")
	mineWorkers := flag.Int("mine-workers", runtime.GOMAXPROCS(0), "sources mined at once")
	isolate := flag.Bool("isolate", true, "mine each source in a child process, so that a crash in the chunker skips that source instead of ending the run")
	h := Hyper{}
	flag.IntVar(&h.Buckets, "buckets", 1<<16, "embedding rows (power of two)")
	flag.IntVar(&h.Dim, "dim", 256, "vector length")
	flag.IntVar(&h.PrefixLen, "prefix", 4, "word-prefix feature length (0: off)")
	flag.IntVar(&h.Batch, "batch", 512, "batch size (in-batch negatives)")
	flag.IntVar(&h.Negatives, "negs", 128, "extra negatives per batch: hard negatives of the batch's pairs, then tests and undocumented code of the batch's project")
	flag.IntVar(&h.Epochs, "epochs", 4, "passes over the training pairs")
	flag.Float64Var(&h.LR, "lr", 3e-3, "Adam learning rate for the embeddings")
	flag.Float64Var(&h.LRA, "lr-weights", 1e-2, "Adam learning rate for the per-bucket weights")
	flag.Float64Var(&h.Scale, "scale", 20, "logit scale (1/temperature)")
	flag.Float64Var(&h.InitStd, "init-std", 0.1, "standard deviation of the initial embeddings")
	flag.Uint64Var(&h.Seed, "seed", 1, "seed of every random choice: initialisation, shuffling, views, dropout, negatives, shape sampling")
	flag.IntVar(&h.Workers, "workers", runtime.GOMAXPROCS(0), "training goroutines (the result does not depend on it)")
	flag.StringVar(&h.Upsample, "upsample", "python=2,javascript=2,typescript=2", "per-language repeat factor per epoch")
	flag.StringVar(&h.ShapeRate, "shape-rate", defaultShapeRate, "share of each pair shape kept for training (docstring, filedoc, readme, ident, question)")
	flag.IntVar(&h.HardPerPair, "hard", 2, "hard negatives mined per pair: code of the same project with a similar name")
	flag.Float64Var(&h.ChunkView, "chunk-view", 0.5, "probability of training on the chunk holding a function instead of the function alone")
	flag.Float64Var(&h.Dropout, "dropout", 0.15, "probability of dropping each feature of a training example (regularises rare words)")
	flag.Float64Var(&h.Short, "short", 0.3, "probability of training on a query's first sentence instead of its paragraph")
	fetchOnly := flag.Bool("fetch-only", false, "fetch and mine, then stop")
	dump := flag.String("dump", "", "write the mined pairs to this file as JSON lines, for inspection")
	flag.Parse()
	if h.Buckets <= 0 || h.Buckets&(h.Buckets-1) != 0 {
		log.Fatalf("-buckets %d: must be a power of two, such as 65536 or 131072", h.Buckets)
	}
	if err := os.MkdirAll(*cache, 0o755); err != nil {
		log.Fatal(err)
	}
	var sources []*Source
	if *base {
		sources = baseSources()
	}
	if *debList != "" {
		extra, err := readDebList(*debList)
		if err != nil {
			log.Fatal(err)
		}
		sources = appendNew(sources, extra)
	}
	if len(sources) == 0 {
		log.Fatal("no sources: keep -base or name a -debs file")
	}

	t0 := time.Now()
	if err := fetchAll(sources, *cache, aptTools); err != nil {
		log.Fatal(err)
	}
	c := newCorpus(h)
	if *dump != "" {
		f, enc, err := openDump(*dump)
		if err != nil {
			log.Fatal(err)
		}
		defer f.Close()
		c.dump = enc
	}
	if err := mineAll(sources, h, *mineWorkers, *isolate, c.add); err != nil {
		log.Fatal(err)
	}
	train, val := c.train, c.val
	miningSecs := time.Since(t0).Seconds()
	log.Printf("pairs after dedupe: train %v, val %v, shapes %v (%.0fs)", countLang(train.pairs), countLang(val), countShape(train.pairs), miningSecs)
	if *fetchOnly {
		return
	}
	res := fit(h, train, val, c.negs, nil)

	var buf bytes.Buffer
	if err := model.Write(&buf, res.Params); err != nil {
		log.Fatal(err)
	}
	m, err := model.Load(buf.Bytes())
	if err != nil {
		log.Fatal(err)
	}
	qv := validateModel(m, val, valGroups(val))
	log.Printf("quantised val %s, %d bytes, hash %s", fmtVal(qv), buf.Len(), m.Hash())
	if *out == "" {
		return
	}
	man := newManifest(m, buf.Len(), h, sources, train.pairs, val)
	man.GitHead = gitHead()
	man.MiningSeconds, man.TrainingSeconds = math.Round(miningSecs), math.Round(res.Seconds)
	man.Validation, man.FinalQuantised = res.Validation, qv
	if err := writeModel(*out, buf.Bytes(), man); err != nil {
		log.Fatal(err)
	}
}

// gitHead names the checkout whose chunker cut the code-side views, so the
// run can be repeated.
func gitHead() string {
	out, err := exec.Command("git", "rev-parse", "--short=12", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	head := strings.TrimSpace(string(out))
	if st, _ := exec.Command("git", "status", "--porcelain", "--", "chunker", "embedding/train", "embedding/model/features.go").Output(); len(bytes.TrimSpace(st)) > 0 {
		head += "+uncommitted"
	}
	return head
}

// appendNew appends the sources of extra that list does not already name.
func appendNew(list, extra []*Source) []*Source {
	seen := map[string]bool{}
	for _, s := range list {
		seen[s.Kind+" "+s.Name] = true
	}
	for _, s := range extra {
		if !seen[s.Kind+" "+s.Name] {
			seen[s.Kind+" "+s.Name] = true
			list = append(list, s)
		}
	}
	return list
}

func countLang(ps []Pair) map[string]int {
	m := map[string]int{}
	for _, p := range ps {
		m[p.Lang]++
	}
	return m
}

func countShape(ps []Pair) map[string]int {
	m := map[string]int{}
	for _, p := range ps {
		m[p.Shape]++
	}
	return m
}

// valGroup is the validation pool a pair is scored in: its language for
// docstring pairs (comparable with earlier models), its shape otherwise.
func valGroup(p Pair) string {
	if p.Shape == "" || p.Shape == shapeDocstring {
		return p.Lang
	}
	return "shape:" + p.Shape
}

func valGroups(ps []Pair) []string {
	seen := map[string]bool{}
	var ls []string
	for _, p := range ps {
		if g := valGroup(p); !seen[g] {
			seen[g] = true
			ls = append(ls, g)
		}
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

// parseUpsample reads "python=2,javascript=2".
func parseUpsample(s string) map[string]int {
	m := map[string]int{}
	for k, v := range parseKV(s) {
		m[k] = int(v)
	}
	return m
}

// parseKV reads comma-separated name=number settings; malformed entries
// are ignored.
func parseKV(s string) map[string]float64 {
	m := map[string]float64{}
	for _, kv := range strings.Split(s, ",") {
		if i := strings.IndexByte(kv, '='); i > 0 {
			var v float64
			if _, err := fmt.Sscan(kv[i+1:], &v); err == nil {
				m[strings.TrimSpace(kv[:i])] = v
			}
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
