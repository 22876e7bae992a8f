package benchmarks

import (
	"math"
	"sort"
	"strings"
	"unicode"
)

// bm25 is Okapi BM25 (k1 1.2, b 0.75, idf log(1+(N-n+0.5)/(n+0.5))), the
// baselines' ranking: over documentation sections (wordTokens) and over
// whole source files (codeTokens).
type bm25 struct {
	tokens func(string) []string
	tf     []map[string]int
	dl     []int
	avgdl  float64
	df     map[string]int
}

// wordTokens are lowercase runs of letters and digits, no stop words
// removed.
func wordTokens(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

func newBM25(docs []string, tokens func(string) []string) *bm25 {
	m := &bm25{tokens: tokens, df: map[string]int{}}
	total := 0
	for _, d := range docs {
		tf := map[string]int{}
		toks := tokens(d)
		for _, t := range toks {
			tf[t]++
		}
		for t := range tf {
			m.df[t]++
		}
		m.tf = append(m.tf, tf)
		m.dl = append(m.dl, len(toks))
		total += len(toks)
	}
	if len(docs) > 0 {
		m.avgdl = float64(total) / float64(len(docs))
	}
	return m
}

// search returns the indexes of the best n documents, best first (ties by
// index, so runs are repeatable).
func (m *bm25) search(query string, n int) []int {
	const k1, b = 1.2, 0.75
	terms := map[string]bool{}
	for _, t := range m.tokens(query) {
		terms[t] = true
	}
	N := float64(len(m.tf))
	type scored struct {
		i int
		s float64
	}
	var all []scored
	for i, tf := range m.tf {
		var s float64
		for t := range terms {
			f := float64(tf[t])
			if f == 0 {
				continue
			}
			df := float64(m.df[t])
			idf := math.Log(1 + (N-df+0.5)/(df+0.5))
			s += idf * f * (k1 + 1) / (f + k1*(1-b+b*float64(m.dl[i])/m.avgdl))
		}
		if s > 0 {
			all = append(all, scored{i, s})
		}
	}
	sort.Slice(all, func(x, y int) bool {
		if all[x].s != all[y].s {
			return all[x].s > all[y].s
		}
		return all[x].i < all[y].i
	})
	var out []int
	for _, s := range all[:min(n, len(all))] {
		out = append(out, s.i)
	}
	return out
}
