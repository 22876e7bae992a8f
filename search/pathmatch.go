package search

import (
	"math"
	"path"
	"strings"

	"github.com/codeseek/codeseek/store"
)

// pathMatcher scores how well a file's name and directory answer a query.
// Terms are weighed by how few candidate files they name, so that in a
// tree of *_language_server.lua files "gopls" decides and "server" does
// not; and a name made only of query terms (Zip.swift for "zip
// operator") beats one with more words (Zip+arity.swift).
type pathMatcher struct {
	q      Query
	weight []float64 // per query term
	total  float64
	words  map[string]pathWordSet // per candidate file, split once
	// holders are the files whose candidates hold a compound identifier
	// the query is, when some do: only they may match it by its words.
	holders map[string]bool
}

// pathWordSet is a file's name and directory split into lexical terms.
type pathWordSet struct{ stem, dir []string }

// newPathMatcher weighs the query's terms over the candidates' files.
func newPathMatcher(q Query, cands []*candidate) pathMatcher {
	m := pathMatcher{q: q, words: map[string]pathWordSet{}}
	df := make([]int, len(q.Terms))
	for _, cd := range cands {
		p := cd.chunk.FilePath
		if _, ok := m.words[p]; ok {
			continue
		}
		w := pathWords(p)
		m.words[p] = w
		for i, t := range q.Terms {
			if matchedBy(t, w.stem) || matchedBy(t, w.dir) {
				df[i]++
			}
		}
	}
	m.weight, m.total = rarityWeights(df, len(m.words))
	m.holders = identifierHolders(q, cands)
	return m
}

// identifierHolders returns the files of the candidates whose text holds
// the compound identifier an Identifier query is, when some do; nil when
// none does or the name is one word. Someone typing RIPGREP_CONFIG_PATH
// wants the code that reads it, and printer/path.rs and regex/config.rs,
// named by its words, came before three of its four uses. A name nobody
// writes (a guess at RateLimiter for rate_limit.py) still matches files
// by its words. Only lexical hits are read: a chunk holding the name
// holds its words.
func identifierHolders(q Query, cands []*candidate) map[string]bool {
	if q.Kind != Identifier || !compound(q.Name) {
		return nil
	}
	name := strings.ToLower(q.Name)
	var holders map[string]bool
	for _, cd := range cands {
		p := cd.chunk.FilePath
		if cd.lex == 0 || holders[p] || !containsWord(cd.chunk.Full().Content, name) {
			continue
		}
		if holders == nil {
			holders = map[string]bool{}
		}
		holders[p] = true
	}
	return holders
}

// compound reports a name of more than one word (RouteContext, MAX_SIZE).
func compound(name string) bool {
	n := 0
	store.LexTerms(name, func([]byte) { n++ })
	return n > 1
}

// containsWord reports whether s holds lower, a lower-case ASCII name,
// in any case, as a whole word: not VitestProject in
// VitestProjectResolver, which names something else.
func containsWord(s, lower string) bool {
	return containsIdent(strings.ToLower(s), lower)
}

// containsIdent reports whether s holds name as a whole identifier, no
// identifier byte beside it.
func containsIdent(s, name string) bool {
	for from := 0; ; {
		i := strings.Index(s[from:], name)
		if i < 0 {
			return false
		}
		i += from
		if !identByte(s, i-1) && !identByte(s, i+len(name)) {
			return true
		}
		from = i + 1
	}
}

// identByte reports whether s[i] is part of an identifier; out of range
// it is not.
func identByte(s string, i int) bool {
	if i < 0 || i >= len(s) {
		return false
	}
	c := s[i]
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// rarityWeights weighs each query term by how few of n candidates (files,
// headings) hold it, df[i] of them: log(1 + n/(1+df)), with their sum.
func rarityWeights(df []int, n int) (w []float64, total float64) {
	w = make([]float64, len(df))
	for i, d := range df {
		w[i] = math.Log(1 + float64(n)/float64(1+d))
		total += w[i]
	}
	return w, total
}

// match is 0..1: the weighted share of query terms found in the file's
// name or its directory's name, scaled by how much of the name they
// cover. A term matches a path word of the same stem (wordsMatch), so
// "compression" finds compress.go and "dependencies" finds dependency/.
func (m pathMatcher) match(p string) float64 {
	if m.total == 0 {
		return 0
	}
	w := m.wordsOf(p)
	if m.q.Kind == Identifier {
		name := strings.ToLower(m.q.Name)
		flat := separators.Replace(strings.ToLower(baseStem(p)))
		if flat == name || strings.TrimSuffix(flat, "s") == name {
			return 1
		}
		if m.holders != nil && !m.holders[p] {
			return 0
		}
	}
	got := 0.0
	for i, t := range m.q.Terms {
		if matchedBy(t, w.stem) || matchedBy(t, w.dir) {
			got += m.weight[i]
		}
	}
	covered := 0
	for _, word := range w.stem {
		if termsMatch(m.q.Terms, word) {
			covered++
		}
	}
	coverage := 1.0
	if len(w.stem) > 0 {
		coverage = float64(covered) / float64(len(w.stem))
	}
	return got / m.total * (0.5 + 0.5*coverage)
}

// wordsOf is p's words, split once per query for the candidate files.
func (m pathMatcher) wordsOf(p string) pathWordSet {
	if w, ok := m.words[p]; ok {
		return w
	}
	return pathWords(p)
}

// named is 0..1 for a file whose name is made only of query terms
// (Zip.swift for "zip operator", bash_completions.go for "bash completion
// generation", async.lua for "how the async module …"): the rarest of
// those terms' weight among the candidate files, so that a name made of
// a word every candidate shares (model.py in a tree of models) counts
// for little. Such a file is usually where the concept the query names
// lives, while match alone lets a longer name that holds the term too
// (Infallible+Zip+arity.swift) rank level with it.
func (m pathMatcher) named(p string) float64 {
	w := m.wordsOf(p)
	if len(w.stem) == 0 || len(m.words) == 0 || m.holders != nil && !m.holders[p] || m.q.raisedFile(p) {
		return 0
	}
	best := 0.0
	for _, word := range w.stem {
		found := false
		for i, t := range m.q.Terms {
			if nameWordMatch(t, word) {
				found = true
				best = max(best, m.weight[i])
			}
		}
		if !found {
			return 0
		}
	}
	return best / math.Log(1+float64(len(m.words)))
}

// repeated reports a file each word of whose name the query says at least
// twice.
func (m pathMatcher) repeated(p string) bool {
	w := m.wordsOf(p)
	for _, word := range w.stem {
		n := 0
		for _, t := range m.q.repeated {
			if wordsMatch(t, word) {
				n++
			}
		}
		if n < 2 {
			return false
		}
	}
	return len(w.stem) > 0
}

// plural reports p == s+"s", without building the string.
func plural(s, p string) bool {
	return len(p) == len(s)+1 && p[len(s)] == 's' && p[:len(s)] == s
}

// separators are dropped before a file name is compared with an
// identifier (route_context.go for RouteContext).
var separators = strings.NewReplacer("_", "", "-", "")

// pathWords are the lexical terms of a file's name without its extension
// and of its directory's own name.
func pathWords(p string) (w pathWordSet) {
	d, _ := path.Split(p)
	store.LexTerms(baseStem(p), func(t []byte) { w.stem = append(w.stem, string(t)) })
	store.LexTerms(path.Base(strings.TrimSuffix(d, "/")), func(t []byte) { w.dir = append(w.dir, string(t)) })
	return w
}

// baseStem is a path's file name without its extension.
func baseStem(p string) string {
	_, stem, _ := splitName(p)
	return stem
}

// nameWordMatch reports a file name's word w that term t matches by stem
// or abbreviates, in the singular or the plural: a file named only with
// query terms may write them short (cmd.lua for "commands", args.go for
// "arguments"). Only the whole name counts so (named): a longer one
// holding a short form (StrBuilder.java for "string") is no more a
// match than before.
func nameWordMatch(t, w string) bool {
	if wordsMatch(t, w) {
		return true
	}
	for _, a := range abbreviations[t] {
		if w == a || plural(w, a) || plural(a, w) {
			return true
		}
	}
	return false
}

// matchedBy reports a path word that term t matches.
func matchedBy(t string, words []string) bool {
	for _, w := range words {
		if wordsMatch(t, w) {
			return true
		}
	}
	return false
}

// termsMatch reports a query term that matches path word w.
func termsMatch(terms []string, w string) bool {
	for _, t := range terms {
		if wordsMatch(t, w) {
			return true
		}
	}
	return false
}

// wordsMatch reports two words of one stem: equal, one the other's
// plural ("log" and "logs"), or sharing a prefix of at least four letters
// that leaves of the shorter word nothing or an ending (stemEndings:
// "compress" and "compression", "configs" and "configured", "utils" and
// "utility", "serializer" and "serialization"; not "parse" and
// "parallel", nor "status" and "statement").
func wordsMatch(t, w string) bool {
	if t == w || plural(t, w) || plural(w, t) {
		return true
	}
	n := 0
	for n < len(t) && n < len(w) && t[n] == w[n] {
		n++
	}
	shorter := t
	if len(w) < len(t) {
		shorter = w
	}
	return n >= 4 && stemEndings[shorter[n:]]
}

// stemEndings are what an English word adds to its stem in one or two
// letters (configs, parse, retry, handler, selector, tested): a prefix
// shared up to one of them is a stem, while "status" and "statement"
// share "stat" and no more.
var stemEndings = map[string]bool{
	"": true, "s": true, "e": true, "y": true, "r": true, "d": true,
	"er": true, "or": true, "es": true, "ed": true, "en": true, "al": true, "ic": true, "ly": true,
}
