package search

import (
	"strings"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/internal/ident"
	"github.com/codeseek/codeseek/store"
)

// callableKinds are the symbol kinds whose names say what code does: a
// sentence describing behaviour ("remove old log entries") is answered by
// a function (removeOldLogs), not by a type it mentions.
var callableKinds = map[string]bool{"function": true, "method": true, "mixed": true}

// nameMatch is 0..1: the share of the words of the chunk's best-named
// callable that the query's terms spell out ("delete old log entries" →
// removeOldLogs: old, logs → 2/3). A name needs two matched words to
// count: one shared word ("log", "heartbeat") is as likely a neighbour's
// name as the answer's, and the lexical channel already weighs it. A
// question about how something works is answered by its entry point, so
// for a Question a private helper's name does not count ("how are files
// chunked" is chunker.Split, not the indexer's chunkFiles).
//
// names are the chunk's callables when its Symbol leaves some out (see
// mergedNames); nil reads them from the Symbol.
func nameMatch(q Query, c *store.Chunk, names []string) float64 {
	if !callableKinds[c.SymbolKind] || c.Symbol == "" || len(q.Terms) == 0 {
		return 0
	}
	if names == nil {
		names = strings.Split(c.Symbol, ", ")
	}
	var sp ident.Splitter
	best := 0.0
	for _, sym := range names {
		words, matched := 0, 0
		sp.Split(lastName(sym), func(w []byte) {
			words++
			if termsMatch(q.Terms, string(w)) {
				matched++
			}
		}, nil)
		if matched >= 2 && !(q.Kind == Question && private(c.Language, lastName(sym))) {
			best = max(best, float64(matched)/float64(words))
		}
	}
	return best
}

// private reports whether a language's naming makes name private to its
// package or module: Go's lower-case initial, Python's and Dart's leading
// underscore. Other languages say it with keywords, which the name does
// not show.
func private(lang, name string) bool {
	switch lang {
	case "go":
		return name != "" && name[0] >= 'a' && name[0] <= 'z'
	case "python", "dart":
		return strings.HasPrefix(name, "_")
	}
	return false
}

// mergedPlaces is how deep in the channels' blend mergedNames looks: a
// merged chunk below it rarely reaches the first page by its name alone,
// and each look-up decodes a file's declarations.
const mergedPlaces = 32

// mergedNames lists every callable of the merged chunks among the blend's
// best whose Symbol names only the first few ("A, B, C, D, …"), for a
// Description: it describes one function, which may be any member of the
// merge. Phrases and questions keep the Symbol's names: their words are
// as often a neighbour's topic (file-level set 0.8951 → 0.8934 with every
// member's name for them).
func (r ranker) mergedNames(cands []*candidate) map[*candidate][]string {
	if r.q.Kind != Description || !r.opt.on(NameMatch) {
		return nil
	}
	out := map[*candidate][]string{}
	for i, cd := range r.byBlend(cands) {
		if i == mergedPlaces {
			break
		}
		if c := cd.chunk; strings.HasSuffix(c.Symbol, "…") && callableKinds[c.SymbolKind] {
			out[cd] = callablesIn(cd.chunk, r.decls.of(cd))
		}
	}
	return out
}

// callablesIn returns the functions and methods g declares in chunk c's
// lines, or nil without declarations.
func callablesIn(c *store.Chunk, g *chunker.Graph) []string {
	if g == nil {
		return nil
	}
	var names []string
	for _, d := range g.Defs {
		if holdsLine(c, d.Line) && callableKinds[d.Kind] {
			names = append(names, d.Name)
		}
	}
	return names
}
