package search

import "github.com/codeseek/codeseek/store"

// headingMatcher scores how well a documentation section's heading path
// ("TinyGo > Concurrency") answers a query, as pathMatcher does for a
// file's name: a heading names what its section is about in a few words,
// where BM25 over the whole section dilutes them with its body. Terms are
// weighed by how few candidate sections' headings hold them, so that a
// page title every section of the page shares counts for less than the
// word that picks out one of them.
type headingMatcher struct {
	q      Query
	weight []float64 // per query term
	total  float64
	words  map[string][]string // heading path -> its lexical terms
}

// newHeadingMatcher weighs the query's terms over the candidates' heading
// paths.
func newHeadingMatcher(q Query, cands []*candidate) headingMatcher {
	m := headingMatcher{q: q, words: map[string][]string{}}
	df := make([]int, len(q.Terms))
	for _, cd := range cands {
		h := cd.chunk.Symbol
		if cd.chunk.SymbolKind != "section" || h == "" {
			continue
		}
		if _, ok := m.words[h]; ok {
			continue
		}
		var w []string
		store.LexTerms(h, func(t []byte) { w = append(w, string(t)) })
		m.words[h] = w
		for i, t := range q.Terms {
			if matchedBy(t, w) {
				df[i]++
			}
		}
	}
	m.weight, m.total = rarityWeights(df, len(m.words))
	return m
}

// match is 0..1: the weighted share of the query's terms found in the
// chunk's heading path (by stem, as wordsMatch), 0 for a chunk that is no
// documentation section.
func (m headingMatcher) match(c *store.Chunk) float64 {
	w, ok := m.words[c.Symbol]
	if !ok || m.total == 0 || c.SymbolKind != "section" {
		return 0
	}
	got := 0.0
	for i, t := range m.q.Terms {
		if matchedBy(t, w) {
			got += m.weight[i]
		}
	}
	return got / m.total
}
