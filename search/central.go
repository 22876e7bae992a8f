package search

import (
	"math"
	"sort"
	"strings"
)

// nameCounter is a store that counts, from its symbol graph, the files
// declaring and the files using a name (store.Index does; a remote
// backend need not, and then the feature does nothing).
type nameCounter interface {
	NameFiles(name string) (declaring, using int)
}

// centralCandidates is how many of the best candidates so far centrality
// is read for: the lift is small, so only they can gain a place that
// matters, and every read is a look-up in each segment's name index.
const centralCandidates = 1000

// central adds the centrality lift (Central) to the best
// centralCandidates candidates, multiplied as the rest of their score is
// (mult).
func (r ranker) central(cands []*candidate, mult []float64) {
	best := make([]int, len(cands))
	for i := range best {
		best[i] = i
	}
	sort.Slice(best, func(a, b int) bool { return cands[best[a]].score > cands[best[b]].score })
	best = best[:min(len(best), centralCandidates)]
	top := make([]*candidate, len(best))
	for j, i := range best {
		top[j] = cands[i]
	}
	for j, c := range centrality(top) {
		top[j].score += r.w.Central * c * r.fileEvidence() * mult[best[j]]
	}
}

// centrality returns each candidate's 0..1 standing in the reference
// graph: how many files use the names its chunk declares (per file
// declaring the name, so a method every type has, String or Close, is no
// hub), on a log scale relative to the most used candidate. A question
// about how a subsystem works is answered by its entry point, which the
// rest of the code calls, more often than by a helper that happens to be
// named like the question.
func centrality(cands []*candidate) []float64 {
	out := make([]float64, len(cands))
	seen := map[string]float64{}
	best := 0.0
	for i, cd := range cands {
		nc, ok := cd.ix.(nameCounter)
		if !ok || cd.chunk.Symbol == "" {
			continue
		}
		for _, sym := range strings.Split(cd.chunk.Symbol, ", ") {
			name := lastName(sym)
			if name == "" || name == "…" {
				continue
			}
			u, ok := seen[name]
			if !ok {
				d, n := nc.NameFiles(name)
				u = math.Log1p(float64(n) / float64(max(d, 1)))
				seen[name] = u
			}
			out[i] = max(out[i], u)
		}
		best = max(best, out[i])
	}
	if best > 0 {
		for i := range out {
			out[i] /= best
		}
	}
	return out
}
