package main

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"log"
	"os"
	"slices"

	"github.com/codeseek/codeseek/embedding/model"
)

// corpus turns mined sources into training data one source at a time, in
// source order. Each training pair is featurized as it arrives and its texts
// are dropped, so memory holds features (and the few validation pairs) but
// not every mined string until training ends: the 7,258-package run held
// 2.7 million pairs as text and was killed at 24 GB before training began.
// Kept pairs, their order and their features are those of deduplicating,
// sampling and splitting the concatenation of all sources at once.
type corpus struct {
	cfg   model.FeatureConfig
	rates map[string]float64
	seed  uint64
	// files, queries and codes are the content seen so far: a file already
	// mined from another source, a query already kept, a code already kept
	// under the same shape (vendored copies and several builds of one
	// package would otherwise be both positives and false negatives).
	files          map[[32]byte]bool
	queries, codes map[uint64]bool
	train          *trainSet
	val            []Pair
	negs           map[string][]example
	// dump, when set, receives every kept pair with its texts.
	dump *json.Encoder
}

func newCorpus(h Hyper) *corpus {
	return &corpus{cfg: h.featureConfig(), rates: parseRates(h.ShapeRate), seed: h.Seed,
		files: map[[32]byte]bool{}, queries: map[uint64]bool{}, codes: map[uint64]bool{},
		train: &trainSet{}, negs: map[string][]example{}}
}

// add takes the mining result of s. It sets s's file, pair and negative
// counts as the manifest reports them.
func (c *corpus) add(s *Source, m sourceMined) error {
	var ps []Pair
	var ns []CodeRef
	s.Files = 0
	for _, f := range m.files {
		if c.files[f.hash] {
			continue
		}
		c.files[f.hash] = true
		s.Files++
		ps = append(ps, f.pairs...)
		ns = append(ns, f.negs...)
	}
	ps = append(ps, m.extra...)
	s.Negatives = len(ns)
	log.Printf("%-45s %-24s %6d files %7d pairs %7d negatives", s.Name, s.Version, s.Files, len(ps), len(ns))
	s.Pairs, s.Shapes, s.Langs = 0, map[string]int{}, map[string]int{}
	feats := newTextFeatures(c.cfg)
	trained := 0
	for _, p := range ps {
		if !c.first(p) || !sampled(p, c.rates, c.seed) {
			continue
		}
		s.Pairs++
		s.Shapes[p.Shape]++
		s.Langs[p.Lang]++
		if c.dump != nil {
			if err := c.dump.Encode(dumpRecord(p)); err != nil {
				return fmt.Errorf("-dump: %w", err)
			}
		}
		if isValidation(p) {
			// Validation scores the chunk an index of stripped code would hold.
			if p.ChunkCode != "" {
				p.Code = p.ChunkCode
			}
			c.val = append(c.val, p)
			continue
		}
		c.train.add(p, feats)
		trained++
	}
	c.negs[s.Name] = negativePool(ns, 3*trained, feats)
	return nil
}

// first reports whether p is the first pair with its query and, within its
// shape, with its code, and records both when it is.
func (c *corpus) first(p Pair) bool {
	q := textKey(normKey(p.Query))
	k := textKey(p.Shape + "\x00" + normKey(p.Code))
	if c.queries[q] || c.codes[k] {
		return false
	}
	c.queries[q], c.codes[k] = true, true
	return true
}

// textKey stands for a text in the seen-sets: 64 bits keep a collision
// among a few million texts below one in a million.
func textKey(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

// isValidation puts about 3% of pairs in the validation set, by a hash of
// the query: the split depends neither on mining order nor on the seed, so
// runs with different seeds are validated on the same pairs.
func isValidation(p Pair) bool {
	h := fnv.New32a()
	h.Write([]byte(p.Query))
	return h.Sum32()%100 < 3
}

// textFeatures featurizes the code texts of one source once each: a
// function is often another pair's hard negative too, and the copies would
// otherwise each hold their own features.
type textFeatures struct {
	cfg  model.FeatureConfig
	code map[string]example
}

func newTextFeatures(cfg model.FeatureConfig) *textFeatures {
	return &textFeatures{cfg: cfg, code: map[string]example{}}
}

// codeOf returns text's code example, tagged with target.
func (t *textFeatures) codeOf(text string, target uint64) example {
	ex, ok := t.code[text]
	if !ok {
		ex = codeExample(t.cfg, text)
		ex.body, ex.head = exact(ex.body), exact(ex.head)
		t.code[text] = ex
	}
	ex.group = target
	return ex
}

// queryOf returns text's query example.
func (t *textFeatures) queryOf(text string) example {
	return example{body: exact(model.Features(t.cfg, text, nil))}
}

// exact copies fs into a slice of its own length: the featurizer's slices
// grow by appending, and the spare capacity of a million of them adds up.
func exact(fs []model.Feature) []model.Feature {
	if len(fs) == 0 {
		return nil
	}
	return slices.Clone(fs)
}

// negativePool featurizes at most limit of a source's extra negatives,
// evenly spaced.
func negativePool(ts []CodeRef, limit int, feats *textFeatures) []example {
	if len(ts) > limit {
		kept := make([]CodeRef, 0, limit)
		for k := 0; k < limit; k++ {
			kept = append(kept, ts[k*len(ts)/limit])
		}
		ts = kept
	}
	var out []example
	for _, t := range ts {
		out = append(out, feats.codeOf(t.Code, t.Target))
	}
	return out
}

// openDump starts the -dump file of mined pairs.
func openDump(path string) (*os.File, *json.Encoder, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, nil, fmt.Errorf("-dump: %w", err)
	}
	return f, json.NewEncoder(f), nil
}

func dumpRecord(p Pair) map[string]any {
	var hard []string
	for _, h := range p.Hard {
		hard = append(hard, h.Code)
	}
	return map[string]any{"query": p.Query, "shape": p.Shape, "lang": p.Lang, "source": p.Source,
		"symbol": p.Symbol, "code": p.Code, "chunk": p.ChunkCode, "hard": hard}
}
