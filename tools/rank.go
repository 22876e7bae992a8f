package tools

import (
	"context"
	"regexp"
	"sort"
	"strings"

	"github.com/codeseek/codeseek/store"
)

// Ranking parameters. vectorWeight and lexSaturation were calibrated on
// the dev suite (../shared/eval/suites/dev.json) and nothing else.
const (
	// vectorWeight is the share of the cosine similarity in a hybrid score;
	// the rest is the saturated BM25 score.
	vectorWeight = 0.7
	// lexSaturation maps BM25 to 0..1 as bm25/(bm25+lexSaturation), so a
	// lexical score means the same thing from one query to the next.
	lexSaturation = 4.0
	// minCandidates is how many hits each channel contributes at least.
	minCandidates = 50
	// DefaultPerFile caps the results from one file, so one big file cannot
	// fill the page.
	DefaultPerFile = 3
)

// identifierQuery matches a query that is a bare identifier, possibly
// qualified ("ParseDuration", "http.Client", "Server.Close", "parse_args").
var identifierQuery = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*)*$`)

// candidate is a chunk being ranked for one query.
type candidate struct {
	chunk *store.Chunk
	ix    *store.Index
	vec   float64 // cosine similarity, clamped to 0..1
	lex   float64 // saturated BM25, 0..1
	exact int     // declaration tier (store.Decl) when it declares the queried identifier, else 0
	score float64
}

// rankCandidates gathers the candidates of every index from the channels
// mode asks for and orders them best first.
func rankCandidates(ctx context.Context, indexes []*store.Index, kind store.Kind, p SearchParams, qvec []float32, keep func(*store.Chunk) bool) ([]*candidate, error) {
	n := max(minCandidates, 5*p.Limit)
	var all []*candidate
	for _, ix := range indexes {
		byChunk := map[*store.Chunk]*candidate{}
		get := func(c *store.Chunk) *candidate {
			cd := byChunk[c]
			if cd == nil {
				cd = &candidate{chunk: c, ix: ix, vec: -1}
				byChunk[c] = cd
			}
			return cd
		}
		if p.Mode != ModeLexical {
			hits, err := ix.Query(ctx, kind, qvec, n, keep)
			if err != nil {
				return nil, err
			}
			for _, h := range hits {
				get(h.Chunk).vec = clamp01(h.Score)
			}
		}
		if p.Mode != ModeVector {
			for _, h := range ix.Lexical(kind, p.Query, n, keep) {
				get(h.Chunk).lex = h.Score / (h.Score + lexSaturation)
			}
		}
		if name := strings.TrimSpace(p.Query); identifierQuery.MatchString(name) {
			for _, d := range declarations(ix, kind, name) {
				if keep == nil || keep(d.Chunk) {
					get(d.Chunk).exact = d.Tier
				}
			}
		}
		for _, cd := range byChunk {
			if cd.vec < 0 {
				cd.vec = 0
				if qvec != nil {
					cd.vec = clamp01(store.Cosine(cd.chunk, qvec))
				}
			}
			cd.score = combine(p.Mode, cd)
			all = append(all, cd)
		}
	}
	sort.Slice(all, func(i, j int) bool { return better(all[i], all[j]) })
	return all, nil
}

// declarations finds the chunks declaring name; a qualified name
// ("http.Client", "Server.Close") is looked up by its last part.
func declarations(ix *store.Index, kind store.Kind, name string) []store.Decl {
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	return ix.Declaring(kind, name)
}

// combine is the reported similarity_score: cosine similarity in vector
// mode, saturated BM25 in lexical mode, their weighted mean in hybrid mode;
// an exact declaration match scores 1.
func combine(mode string, c *candidate) float64 {
	if c.exact > 0 {
		return 1
	}
	switch mode {
	case ModeVector:
		return c.vec
	case ModeLexical:
		return c.lex
	}
	return vectorWeight*c.vec + (1-vectorWeight)*c.lex
}

// better orders candidates: exact declaration matches first, then by score,
// then by path and line so equal scores always come out the same way.
func better(a, b *candidate) bool {
	if a.exact != b.exact {
		return a.exact > b.exact
	}
	if a.score != b.score {
		return a.score > b.score
	}
	if a.chunk.FilePath != b.chunk.FilePath {
		return a.chunk.FilePath < b.chunk.FilePath
	}
	return a.chunk.StartLine < b.chunk.StartLine
}

func clamp01(x float64) float64 { return max(0, min(1, x)) }

// span is a result being assembled: one chunk, or several adjacent chunks
// of the same file merged.
type span struct {
	best       *candidate // the highest-ranked chunk in the span
	start, end int
	lines      []string
}

// selectResults walks the ranked candidates and builds up to limit
// results: chunks adjacent to or overlapping a result of the same file
// merge into it, and a file gets more than perFile results only when no
// other file has anything left to show.
func selectResults(ranked []*candidate, limit, perFile int) []*span {
	var out []*span
	var overflow []*candidate
	perPath := map[string][]*span{}
	for _, cd := range ranked {
		key := cd.ix.Manifest.Meta.ID + "\x00" + cd.chunk.FilePath
		if sp := touching(perPath[key], cd.chunk); sp != nil {
			sp.merge(cd.chunk)
			continue
		}
		if len(out) == limit {
			continue // later candidates may still merge into chosen results
		}
		if len(perPath[key]) >= perFile {
			overflow = append(overflow, cd)
			continue
		}
		sp := newSpan(cd)
		perPath[key] = append(perPath[key], sp)
		out = append(out, sp)
	}
	for _, cd := range overflow {
		if len(out) == limit {
			break
		}
		key := cd.ix.Manifest.Meta.ID + "\x00" + cd.chunk.FilePath
		if sp := touching(perPath[key], cd.chunk); sp != nil {
			sp.merge(cd.chunk)
			continue
		}
		sp := newSpan(cd)
		perPath[key] = append(perPath[key], sp)
		out = append(out, sp)
	}
	for _, sp := range out {
		sp.trim()
	}
	return out
}

func newSpan(cd *candidate) *span {
	return &span{best: cd, start: cd.chunk.StartLine, end: cd.chunk.EndLine, lines: strings.Split(cd.chunk.Content, "\n")}
}

// touching returns the span c overlaps or directly follows or precedes.
func touching(spans []*span, c *store.Chunk) *span {
	for _, sp := range spans {
		if c.StartLine <= sp.end+1 && c.EndLine >= sp.start-1 {
			return sp
		}
	}
	return nil
}

// merge widens the span to cover c, taking c's lines where the span has none.
func (sp *span) merge(c *store.Chunk) {
	start, end := min(sp.start, c.StartLine), max(sp.end, c.EndLine)
	lines := make([]string, end-start+1)
	cl := strings.Split(c.Content, "\n")
	for i := range cl {
		if ln := c.StartLine + i; ln <= end {
			lines[ln-start] = cl[i]
		}
	}
	for i := range sp.lines { // the span's own lines win where both have one
		if ln := sp.start + i; ln <= end {
			lines[ln-start] = sp.lines[i]
		}
	}
	sp.start, sp.end, sp.lines = start, end, lines
}

// trim drops blank lines at both ends of the span.
func (sp *span) trim() {
	for len(sp.lines) > 1 && strings.TrimSpace(sp.lines[0]) == "" {
		sp.lines = sp.lines[1:]
		sp.start++
	}
	for len(sp.lines) > 1 && strings.TrimSpace(sp.lines[len(sp.lines)-1]) == "" {
		sp.lines = sp.lines[:len(sp.lines)-1]
		sp.end--
	}
}
