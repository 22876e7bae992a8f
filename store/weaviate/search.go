package weaviate

import (
	"context"
	"fmt"
	"strings"

	"github.com/codeseek/codeseek/store"
)

// Filter narrows a search. Filters run inside Weaviate, before its top-k
// cut, so limit hits come back whenever that many match.
type Filter struct {
	Kind store.Kind // code chunks or documentation sections
	// Filter is the file type and directory (see store.Filter).
	store.Filter
}

func (f Filter) where(gen int64) where {
	ws := []where{visibleAt(gen), textIs("Equal", "kind", kindName(f.Kind))}
	if ft := strings.ToLower(strings.TrimSpace(f.FileType)); ft != "" {
		ws = append(ws, or(textIs("Equal", "language", ft), textIs("Equal", "ext", strings.TrimPrefix(ft, "."))))
	}
	if f.Directory != "" {
		ws = append(ws, or(textIs("Equal", "path", f.Directory), textIs("Like", "path", f.Directory+"/*")))
	}
	return and(ws...)
}

// maxLimit is Weaviate's default QUERY_MAXIMUM_RESULTS.
const maxLimit = 10000

// NearVector returns up to limit chunks of repo's committed generation
// nearest to vec by cosine, best first; Score is the cosine similarity.
func (c *Client) NearVector(ctx context.Context, repo string, vec []float32, f Filter, limit int) ([]store.Hit, error) {
	gen, err := c.Committed(ctx, repo)
	if err != nil || gen == 0 {
		return nil, err
	}
	return c.nearVector(ctx, repo, gen, vec, f, limit)
}

func (c *Client) nearVector(ctx context.Context, repo string, gen int64, vec []float32, f Filter, limit int) ([]store.Hit, error) {
	lit, err := vectorLiteral(vec)
	if err != nil {
		return nil, err
	}
	return c.search(ctx, repo, gen, "nearVector: {vector: "+lit+"}", "distance", f, limit, func(r *row) float64 {
		if r.Additional.Distance == nil {
			return 0
		}
		return 1 - *r.Additional.Distance
	})
}

// BM25 returns up to limit chunks of repo's committed generation ranked by
// BM25 over the lexical terms of query (store.LexTerms, as the embedded
// store splits them), best first; Score is the BM25 score on the embedded
// store's scale.
func (c *Client) BM25(ctx context.Context, repo, query string, f Filter, limit int) ([]store.Hit, error) {
	gen, err := c.Committed(ctx, repo)
	if err != nil || gen == 0 {
		return nil, err
	}
	return c.bm25(ctx, repo, gen, query, f, limit)
}

func (c *Client) bm25(ctx context.Context, repo string, gen int64, query string, f Filter, limit int) ([]store.Hit, error) {
	return c.bm25Terms(ctx, repo, gen, lexTerms(query), f, limit)
}

// bm25Scale turns Weaviate's BM25 scores into the embedded store's: its
// term weight lacks the constant factor k1+1 (as Lucene's does since 8),
// and the ranker reads BM25 on a fixed scale.
const bm25Scale = 1.2 + 1

// bm25Terms runs BM25 for terms, already split and joined by spaces.
func (c *Client) bm25Terms(ctx context.Context, repo string, gen int64, terms string, f Filter, limit int) ([]store.Hit, error) {
	if terms == "" {
		return nil, nil
	}
	args := "bm25: {query: " + gqlString(terms) + `, properties: ["terms"]}`
	return c.search(ctx, repo, gen, args, "score", f, limit, func(r *row) float64 { return bm25Scale * float64(r.Additional.Score) })
}

func (c *Client) search(ctx context.Context, repo string, gen int64, args, extra string, f Filter, limit int, score func(*row) float64) ([]store.Hit, error) {
	if limit <= 0 {
		return nil, nil
	}
	rows, err := c.get(ctx, repo, args, f.where(gen), min(limit, maxLimit), searchFields, extra)
	if err != nil {
		return nil, fmt.Errorf("search %s: %w", repo, err)
	}
	hits := make([]store.Hit, 0, len(rows))
	for i := range rows {
		ch := rows[i].chunk()
		// Like reads '*' and '?' in a directory as wildcards, and
		// extensions compare case-insensitively: check on our side too.
		if f.Keeps(ch) {
			hits = append(hits, store.Hit{Chunk: ch, Score: score(&rows[i])})
		}
	}
	return hits, nil
}

// declLimit bounds the chunks containing a name that Declaring reads.
const declLimit = 300

// declaring returns the chunks of repo's generation gen that declare name.
// Weaviate cannot run the declaration test, so it finds the chunks that
// contain the name as a term by BM25 (declarations, which also name it in
// their symbol, score high) and tests the best declLimit of them here.
func (c *Client) declaring(ctx context.Context, repo string, gen int64, name string, f Filter) ([]store.Decl, error) {
	var last string
	store.LexTerms(name, func(t []byte) { last = string(t) }) // the whole identifier comes last
	if last == "" {
		return nil, nil
	}
	hits, err := c.bm25Terms(ctx, repo, gen, last, f, declLimit)
	if err != nil {
		return nil, err
	}
	var out []store.Decl
	for _, h := range hits {
		if tier := store.DeclTier(h.Chunk, name); tier > 0 {
			out = append(out, store.Decl{Chunk: h.Chunk, Tier: tier})
		}
	}
	return out, nil
}

// similarity returns the cosine similarity to vec of each chunk of repo's
// generation gen named in chunks (by chunk ID), 0 for those not found. It
// is one nearVector search restricted to those chunks: Weaviate computes
// the distances, and no vector travels.
func (c *Client) similarity(ctx context.Context, repo string, gen int64, vec []float32, f Filter, chunks []*store.Chunk) ([]float64, error) {
	out := make([]float64, len(chunks))
	for lo := 0; lo < len(chunks); lo += simGroup {
		group := chunks[lo:min(lo+simGroup, len(chunks))]
		ids := make([]where, len(group))
		for i, ch := range group {
			ids[i] = textIs("Equal", "chunk_id", ch.ID)
		}
		lit, err := vectorLiteral(vec)
		if err != nil {
			return nil, err
		}
		w := and(f.where(gen), or(ids...))
		rows, err := c.get(ctx, repo, "nearVector: {vector: "+lit+"}", w, 2*len(group), "chunk_id", "distance")
		if err != nil {
			return nil, fmt.Errorf("search %s: %w", repo, err)
		}
		sim := make(map[string]float64, len(rows))
		for _, r := range rows {
			if r.Additional.Distance != nil {
				sim[r.ChunkID] = 1 - *r.Additional.Distance
			}
		}
		for i, ch := range group {
			out[lo+i] = sim[ch.ID]
		}
	}
	return out, nil
}

// simGroup bounds the chunk IDs of one similarity request.
const simGroup = 200
