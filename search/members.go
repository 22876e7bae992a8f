package search

import (
	"context"
	"sort"
	"strings"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/store"
)

// Embedder embeds code the way the index embedded its chunks. Search
// uses it to score the members of merged chunks; it is only worth
// passing when embedding runs in this process (the built-in model), as a
// query embeds a few dozen small texts.
type Embedder interface {
	EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error)
}

// memberChunks is how many merged chunks a query embeds the members of,
// the best by the channels' blend; embedding a 400-token chunk costs
// about 0.2 ms with the built-in model. A query asking for one piece of
// code describes one member: 8 chunks (docstring suite MRR@10 0.584; 16
// give 0.590 for twice the time). A question asks how one thing works,
// which one function often answers: 2 chunks lift the file-level set's
// questions as much as 8 (NDCG@10 0.872 → 0.875). A phrase names an area,
// which a merge of small related declarations answers as a whole: the
// same for phrases cost the file-level set 0.004. A name is found by its
// declaration.
func (r ranker) memberChunks() int {
	switch {
	case r.q.Kind == Identifier:
		return 0
	case r.unitFocus() == 1:
		return 8
	case r.q.Kind == Question:
		return 2
	}
	return 0
}

// memberScores raises the cosine similarity of a merged chunk (small
// declarations the chunker kept together, their names listed in Symbol)
// to its best member's, times Weights.Member, for the queries that
// memberChunks picks. Such a query describes one of the members, and the
// chunk's own vector averages that member with neighbours that have
// nothing to do with it.
func (r ranker) memberScores(ctx context.Context, emb Embedder, qvec []float32, cands []*candidate) error {
	limit := r.memberChunks()
	if emb == nil || qvec == nil || r.docs || limit == 0 || !r.opt.on(Members) {
		return nil
	}
	var picked []*candidate
	for _, cd := range r.byBlend(cands) {
		if merged(cd.chunk) {
			if picked = append(picked, cd); len(picked) == limit {
				break
			}
		}
	}
	var texts []string
	var owner []*candidate
	for _, cd := range picked {
		ms := declMembers(cd.chunk.Full(), r.decls.of(cd))
		if ms == nil {
			ms = members(cd.chunk.Full().Content)
		}
		for _, m := range ms {
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
		if s := r.w.Member * store.VectorCosine(v, qvec); s > owner[i].vec {
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
	mix := r.blend(cands)
	blend := make(map[*candidate]float64, len(cands))
	for _, cd := range cands {
		blend[cd] = mix.of(cd)
	}
	out := append([]*candidate(nil), cands...)
	sort.SliceStable(out, func(i, j int) bool { return blend[out[i]] > blend[out[j]] })
	return out
}

// declMembers splits a merged chunk into the declarations g places in
// it, each with its doc comment, outermost only (a class's fields are the
// class's); one-line declarations are no members worth scoring, and fewer
// than two members is no merge. Nil without declarations: members then
// reads the chunk's layout. The declarations cut a merge wherever the
// language puts no blank line between them (Haskell's equations, Elixir's
// clauses): doc-comment questions over nine repositories in Elixir,
// Haskell, Zig, Dart and Ruby, +0.012 MRR@10 on average (evaluation.md).
func declMembers(c *store.Chunk, g *chunker.Graph) []string {
	if g == nil {
		return nil
	}
	lines := strings.Split(c.Content, "\n")
	var out []string
	end := 0 // the last line of the latest member: a declaration inside it is its own
	for _, d := range g.Defs {
		if d.StartLine < c.StartLine || d.EndLine > c.EndLine || d.StartLine <= end || d.EndLine-c.StartLine >= len(lines) {
			continue
		}
		end = d.EndLine
		if d.EndLine > d.StartLine {
			out = append(out, strings.Join(lines[d.StartLine-c.StartLine:d.EndLine-c.StartLine+1], "\n"))
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
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
