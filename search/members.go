package search

import (
	"context"
	"sort"
	"strings"

	"github.com/codeseek/codeseek/store"
)

// Embedder embeds code the way the index embedded its chunks. Search
// uses it to score the members of merged chunks; it is only worth
// passing when embedding runs in this process (the built-in model), as a
// query embeds a few dozen small texts.
type Embedder interface {
	EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error)
}

// maxMemberChunks bounds the merged chunks whose members a query embeds,
// the best by the channels' blend: embedding a 400-token chunk costs
// about 0.2 ms with the built-in model. On the docstring suite 8 chunks
// give MRR@10 0.584 and 16 give 0.590 for twice the time (evaluation.md).
const maxMemberChunks = 8

// memberScores raises the cosine similarity of a merged chunk (small
// declarations the chunker kept together, their names listed in Symbol) to its
// best member's, times Weights.Member, for a query that asks for one
// piece of code. Such a query describes one of the members, and the
// chunk's own vector averages the member it describes with neighbours
// that have nothing to do with it.
func (r ranker) memberScores(ctx context.Context, emb Embedder, qvec []float32, cands []*candidate) error {
	if emb == nil || qvec == nil || r.docs || r.unitFocus() < 1 || !r.opt.on(Members) {
		return nil
	}
	var picked []*candidate
	for _, cd := range r.byBlend(cands) {
		if merged(cd.chunk) {
			if picked = append(picked, cd); len(picked) == maxMemberChunks {
				break
			}
		}
	}
	var texts []string
	var owner []*candidate
	for _, cd := range picked {
		for _, m := range members(cd.chunk.Content) {
			// The index embeds a chunk after a line with its path.
			texts = append(texts, cd.chunk.FilePath+"\n"+m)
			owner = append(owner, cd)
		}
	}
	if len(texts) == 0 {
		return nil
	}
	vecs, err := emb.EmbedDocuments(ctx, texts)
	if err != nil {
		return err
	}
	for i, v := range vecs {
		if s := r.w.Member * float64(dot(v, qvec)); s > owner[i].vec {
			owner[i].vec = s
		}
	}
	return nil
}

// merged reports a chunk of several declarations, which the chunker
// names one by one ("Raft.runFollower, Raft.removeOldLogs"). A heading
// path is not a list, though a heading may hold a comma; documentation
// is left out before this is asked.
func merged(c *store.Chunk) bool { return strings.Contains(c.Symbol, ", ") }

// byBlend orders a copy of cands by the channels' calibrated blend, the
// ranking before any other feature: the merged chunks that lead it are
// those whose members could reach the first page.
func (r ranker) byBlend(cands []*candidate) []*candidate {
	vecN, lexN := r.calibration(cands)
	alpha := r.vectorShare()
	blend := make(map[*candidate]float64, len(cands))
	for _, cd := range cands {
		blend[cd] = alpha*vecN(cd.vec) + (1-alpha)*lexN(cd.lex)
	}
	out := append([]*candidate(nil), cands...)
	sort.SliceStable(out, func(i, j int) bool { return blend[out[i]] > blend[out[j]] })
	return out
}

func dot(a, b []float32) float32 {
	var s float32
	for i := range min(len(a), len(b)) {
		s += a[i] * b[i]
	}
	return s
}

// members splits a merged chunk's text into its declarations: a member
// starts after a blank line, at the chunk's least indentation (the
// chunker merges neighbours at one level: top-level functions, or the
// methods of one class), unless the line closes a bracket. A one-line
// piece (a package clause, a field) is not a member worth scoring, and a
// text with fewer than two members is no merge.
func members(text string) []string {
	lines := strings.Split(text, "\n")
	base := -1
	for _, l := range lines {
		if strings.TrimSpace(l) != "" && (base < 0 || indent(l) < base) {
			base = indent(l)
		}
	}
	var out []string
	add := func(part []string) {
		if m := strings.TrimSpace(strings.Join(part, "\n")); strings.Contains(m, "\n") {
			out = append(out, m)
		}
	}
	start := 0
	for i := 1; i < len(lines); i++ {
		l := lines[i]
		if strings.TrimSpace(lines[i-1]) == "" && strings.TrimSpace(l) != "" && indent(l) == base && !strings.ContainsAny(l[base:base+1], "})]") {
			add(lines[start:i])
			start = i
		}
	}
	add(lines[start:])
	if len(out) < 2 {
		return nil
	}
	return out
}

// indent is the width of l's leading blanks, in bytes.
func indent(l string) int { return len(l) - len(strings.TrimLeft(l, " \t")) }
