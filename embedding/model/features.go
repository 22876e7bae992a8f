// Package model is the built-in code-search embedding model: a code-aware
// featurizer (words, word prefixes and whole identifiers hashed into a fixed
// number of buckets), a learned neural bag of words with separate per-bucket
// weights for queries and code, its binary weight format, and pure-Go
// inference. The trainer in embedding/train produces the weights; the
// embedding package embeds them in the binary.
package model

import (
	"math"
	"unicode/utf8"

	"github.com/cespare/xxhash/v2"

	"github.com/codeseek/codeseek/internal/ident"
)

// Feature is one hashed feature of a text with its term-frequency weight.
type Feature struct {
	// Bucket is the row of the embedding table.
	Bucket uint32
	// TF is the sublinear term frequency 1+ln(count): repeating a word in a
	// long function should not drown the rest of it.
	TF float32
}

// FeatureConfig holds the featurizer settings. They are part of the weight
// file, so that a model is always read with the featurizer it was trained
// with.
type FeatureConfig struct {
	// Buckets is the number of embedding rows; a power of two.
	Buckets int
	// PrefixLen is the length of the word-prefix feature ("pars" for
	// "parses", "parser", "parsing"), a cheap stemmer; 0 disables it.
	PrefixLen int
}

// MaxTextBytes bounds the text featurized per input, so a huge chunk costs
// no more than a large one.
const MaxTextBytes = 32 << 10

// Feature namespaces keep a word, a prefix and a whole identifier with the
// same spelling in different buckets.
const (
	nsWord  = 0x9E3779B97F4A7C15
	nsPref  = 0xC2B2AE3D27D4EB4F
	nsIdent = 0x165667B19E3779F9
)

func mix(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

// featurizer holds the reusable buffers of one Features call.
type featurizer struct {
	cfg     FeatureConfig
	mask    uint64
	ids     []uint32
	sortBuf []uint32 // radixSort's scratch
	featBuf []Feature
	whole   []byte // the words of the current identifier, concatenated
	split   ident.Splitter
}

func (f *featurizer) add(ns uint64, b []byte) {
	f.ids = append(f.ids, uint32(mix(xxhash.Sum64(b)^ns)&f.mask))
}

// word emits the features of one lowercase identifier word.
func (f *featurizer) word(w []byte) {
	f.add(nsWord, w)
	if p := f.cfg.PrefixLen; p > 0 && len(w) >= p && !isDigit(w[0]) {
		f.add(nsPref, w[:p])
	}
	f.whole = append(f.whole, w...)
}

// identEnd emits the whole-identifier feature of a compound identifier:
// its words concatenated, without underscores, if not too long to recur.
func (f *featurizer) identEnd(_, _, words int) {
	if words > 1 && len(f.whole) <= 48 {
		f.add(nsIdent, f.whole)
	}
	f.whole = f.whole[:0]
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// Features appends the hashed features of text to dst (reset first) and
// returns them sorted by bucket with duplicates merged.
func Features(cfg FeatureConfig, text string, dst []Feature) []Feature {
	f := featurizer{cfg: cfg, mask: uint64(cfg.Buckets - 1)}
	return f.features(text, dst)
}

func (f *featurizer) features(text string, dst []Feature) []Feature {
	if len(text) > MaxTextBytes {
		n := MaxTextBytes
		for n > 0 && !utf8.RuneStart(text[n]) {
			n--
		}
		text = text[:n]
	}
	f.ids, f.whole = f.ids[:0], f.whole[:0]
	f.split.Split(text, f.word, f.identEnd)
	f.ids, f.sortBuf = radixSort(f.ids, f.sortBuf)
	dst = dst[:0]
	for i := 0; i < len(f.ids); {
		j := i + 1
		for j < len(f.ids) && f.ids[j] == f.ids[i] {
			j++
		}
		dst = append(dst, Feature{Bucket: f.ids[i], TF: tf(j - i)})
		i = j
	}
	return dst
}

// tfTable caches 1+ln(n) for small counts.
var tfTable = func() [64]float32 {
	var t [64]float32
	for i := 1; i < len(t); i++ {
		t[i] = float32(1 + math.Log(float64(i)))
	}
	return t
}()

func tf(n int) float32 {
	if n < len(tfTable) {
		return tfTable[n]
	}
	return float32(1 + math.Log(float64(n)))
}
