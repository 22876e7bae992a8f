package model

// This file freezes the featurizer as it was before internal/ident replaced
// its tokenizer (commit f7c7d4a), so that tests can prove the features, on
// which the shipped weights depend, did not change. Do not edit it to match
// new behaviour.

import (
	"math"
	"slices"
	"unicode"
	"unicode/utf8"

	"github.com/cespare/xxhash/v2"
)

// Feature namespaces keep a word, a prefix and a whole identifier with the
// same spelling in different buckets.
const (
	frozenNsWord  = 0x9E3779B97F4A7C15
	frozenNsPref  = 0xC2B2AE3D27D4EB4F
	frozenNsIdent = 0x165667B19E3779F9
)

func frozenMix(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

// frozenFeaturizer holds the reusable buffers of one Features call.
type frozenFeaturizer struct {
	cfg     FeatureConfig
	mask    uint64
	ids     []uint32
	lower   []byte
	featBuf []Feature
	whole   []byte
	runeBuf []rune
}

func (f *frozenFeaturizer) add(ns uint64, b []byte) {
	f.ids = append(f.ids, uint32(frozenMix(xxhash.Sum64(b)^ns)&f.mask))
}

// word emits the features of one lowercase identifier part.
func (f *frozenFeaturizer) word(w []byte) {
	f.add(frozenNsWord, w)
	if p := f.cfg.PrefixLen; p > 0 && len(w) >= p && !frozenIsDigit(w[0]) {
		f.add(frozenNsPref, w[:p])
	}
}

func frozenIsDigit(b byte) bool { return b >= '0' && b <= '9' }

// frozenFeatures appends the hashed features of text to dst (reset first) and
// returns them sorted by bucket with duplicates merged.
func frozenFeatures(cfg FeatureConfig, text string, dst []Feature) []Feature {
	f := frozenFeaturizer{cfg: cfg, mask: uint64(cfg.Buckets - 1)}
	return f.features(text, dst)
}

func (f *frozenFeaturizer) features(text string, dst []Feature) []Feature {
	if len(text) > MaxTextBytes {
		n := MaxTextBytes
		for n > 0 && !utf8.RuneStart(text[n]) {
			n--
		}
		text = text[:n]
	}
	f.ids = f.ids[:0]
	start := -1
	ascii := true
	for i := 0; i < len(text); {
		c := text[i]
		var word bool
		size := 1
		if c < utf8.RuneSelf {
			word = c == '_' || frozenIsDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'z')
		} else {
			r, n := utf8.DecodeRuneInString(text[i:])
			size = n
			word = unicode.IsLetter(r) || unicode.IsDigit(r)
		}
		switch {
		case word && start < 0:
			start = i
			ascii = c < utf8.RuneSelf
		case word:
			if c >= utf8.RuneSelf {
				ascii = false
			}
		case !word && start >= 0:
			f.identifier(text[start:i], ascii)
			start = -1
		}
		i += size
	}
	if start >= 0 {
		f.identifier(text[start:], ascii)
	}
	slices.Sort(f.ids)
	dst = dst[:0]
	for i := 0; i < len(f.ids); {
		j := i + 1
		for j < len(f.ids) && f.ids[j] == f.ids[i] {
			j++
		}
		dst = append(dst, Feature{Bucket: f.ids[i], TF: frozenTf(j - i)})
		i = j
	}
	return dst
}

// frozenTfTable caches 1+ln(n) for small counts.
var frozenTfTable = func() [64]float32 {
	var t [64]float32
	for i := 1; i < len(t); i++ {
		t[i] = float32(1 + math.Log(float64(i)))
	}
	return t
}()

func frozenTf(n int) float32 {
	if n < len(frozenTfTable) {
		return frozenTfTable[n]
	}
	return float32(1 + math.Log(float64(n)))
}

// identifier splits one identifier at underscore, case and digit boundaries
// and emits its parts, plus the whole identifier when it has several parts.
func (f *frozenFeaturizer) identifier(id string, ascii bool) {
	if !ascii {
		f.unicodeIdentifier(id)
		return
	}
	f.whole = f.whole[:0]
	parts := 0
	start := 0
	emit := func(end int) {
		if end > start {
			f.lower = f.lower[:0]
			for k := start; k < end; k++ {
				c := id[k]
				if c >= 'A' && c <= 'Z' {
					c += 'a' - 'A'
				}
				f.lower = append(f.lower, c)
			}
			f.word(f.lower)
			f.whole = append(f.whole, f.lower...)
			parts++
		}
		start = end
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if c == '_' {
			emit(i)
			start = i + 1
			continue
		}
		if i == start {
			continue
		}
		p := id[i-1]
		switch {
		case frozenIsDigit(c) != frozenIsDigit(p):
			emit(i)
		case frozenIsUpper(c) && frozenIsLower(p):
			emit(i)
		case frozenIsUpper(c) && frozenIsUpper(p) && i+1 < len(id) && frozenIsLower(id[i+1]):
			emit(i)
		}
	}
	emit(len(id))
	if parts > 1 && len(f.whole) <= 48 {
		f.add(frozenNsIdent, f.whole)
	}
}

func frozenIsUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
func frozenIsLower(c byte) bool { return c >= 'a' && c <= 'z' }

// unicodeIdentifier is the slow path of identifier for non-ASCII text.
func (f *frozenFeaturizer) unicodeIdentifier(id string) {
	rs := f.runeBuf[:0]
	for _, r := range id {
		rs = append(rs, r)
	}
	f.runeBuf = rs
	f.whole = f.whole[:0]
	parts := 0
	start := 0
	emit := func(end int) {
		if end > start {
			f.lower = f.lower[:0]
			for _, r := range rs[start:end] {
				f.lower = utf8.AppendRune(f.lower, unicode.ToLower(r))
			}
			f.word(f.lower)
			f.whole = append(f.whole, f.lower...)
			parts++
		}
		start = end
	}
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if r == '_' {
			emit(i)
			start = i + 1
			continue
		}
		if i == start {
			continue
		}
		p := rs[i-1]
		switch {
		case unicode.IsDigit(r) != unicode.IsDigit(p):
			emit(i)
		case unicode.IsUpper(r) && unicode.IsLower(p):
			emit(i)
		case unicode.IsUpper(r) && unicode.IsUpper(p) && i+1 < len(rs) && unicode.IsLower(rs[i+1]):
			emit(i)
		}
	}
	emit(len(rs))
	if parts > 1 && len(f.whole) <= 48 {
		f.add(frozenNsIdent, f.whole)
	}
}
