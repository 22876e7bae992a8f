package search

import (
	"math"
	"sort"
	"strings"

	"github.com/codeseek/codeseek/chunker"
)

// nameCounter is a store that counts, from its symbol graph, the files
// declaring and the files using a name (store.Index does; a remote
// backend need not, and then the feature does nothing).
type nameCounter interface {
	NameFiles(name string) (declaring, using int)
}

// centralPlaces is how deep in the ranking the centrality lift is sought:
// a candidate whose score plus the most the lift could add stays below
// the score at this place is not looked up, since every look-up reads
// each segment's name indexes (on the Linux kernel's 24 segments, a few
// milliseconds a query for all candidates). Agents ask for at most 50
// results.
const centralPlaces = 64

// hubFiles is the number of files using a declaration (per declaring
// file) at which its centrality reaches 1; the scale is fixed so that a
// candidate's lift does not depend on the others, which lets central
// skip the ones it cannot help.
const hubFiles = 30

// central adds the centrality lift (Central), multiplied as the rest of
// their score is (mult), to the candidates it could bring into the first
// centralPlaces.
func (r ranker) central(cands []*candidate, mult []float64) {
	most := r.w.Central * r.fileEvidence()
	if most <= 0 {
		return
	}
	scores := make([]float64, len(cands))
	for i, cd := range cands {
		scores[i] = cd.score
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(scores)))
	floor := scores[min(len(scores), centralPlaces)-1]
	seen := map[string]float64{}
	for i, cd := range cands {
		if cd.score+most*mult[i] >= floor {
			cd.score += most * mult[i] * centrality(cd, seen)
		}
	}
}

// centrality is the candidate's 0..1 standing in the reference graph:
// how many files use the names its chunk declares (per file declaring the
// name, so a method every type has, String or Close, is no hub), on a log
// scale that reaches 1 at hubFiles. A question about how a subsystem
// works is answered by its entry point, which the rest of the code calls,
// more often than by a helper that happens to be named like the question.
// A class-like declaration (chunker.ClassLike) has none: a type is named
// in every signature, field and import that mentions it, so its count of
// using files says how widely it is mentioned, not that it is what the
// question asks about, and it lifted types' headers over the code that
// does what the question asks. seen memoizes names within one query.
func centrality(cd *candidate, seen map[string]float64) float64 {
	nc, ok := cd.ix.(nameCounter)
	if !ok || cd.chunk.Symbol == "" || chunker.ClassLike(cd.chunk.SymbolKind) {
		return 0
	}
	best := 0.0
	for _, sym := range strings.Split(cd.chunk.Symbol, ", ") {
		name := lastName(sym)
		if name == "" || name == "…" {
			continue
		}
		u, ok := seen[name]
		if !ok {
			d, n := nc.NameFiles(name)
			u = min(1, math.Log1p(float64(n)/float64(max(d, 1)))/math.Log1p(hubFiles))
			seen[name] = u
		}
		best = max(best, u)
	}
	return best
}
