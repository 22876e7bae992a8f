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
	Kind     store.Kind // code chunks or documentation sections
	Language string     // exact chunker language name; empty for any
	// Directory is a clean repository-relative directory ("net/http"):
	// files in it or below it match. Empty for any.
	Directory string
}

func (f Filter) where(gen int64) where {
	ws := []where{visibleAt(gen), textIs("Equal", "kind", kindName(f.Kind))}
	if f.Language != "" {
		ws = append(ws, textIs("Equal", "language", f.Language))
	}
	if f.Directory != "" {
		ws = append(ws, or(textIs("Equal", "path", f.Directory), textIs("Like", "path", f.Directory+"/*")))
	}
	return and(ws...)
}

// keeps re-checks the directory on our side: Like reads '*' and '?' in the
// directory name as wildcards.
func (f Filter) keeps(path string) bool {
	return f.Directory == "" || path == f.Directory || strings.HasPrefix(path, f.Directory+"/")
}

// maxLimit is Weaviate's default QUERY_MAXIMUM_RESULTS.
const maxLimit = 10000

// NearVector returns up to limit chunks of repo's committed generation
// nearest to vec by cosine, best first; Score is the cosine similarity.
func (c *Client) NearVector(ctx context.Context, repo string, vec []float32, f Filter, limit int) ([]store.Hit, error) {
	lit, err := vectorLiteral(vec)
	if err != nil {
		return nil, err
	}
	return c.search(ctx, repo, "nearVector: {vector: "+lit+"}", "distance", f, limit, func(r *row) float64 {
		if r.Additional.Distance == nil {
			return 0
		}
		return 1 - *r.Additional.Distance
	})
}

// BM25 returns up to limit chunks of repo's committed generation ranked by
// Weaviate's BM25 over content, symbol and signature, best first; Score is
// the BM25 score.
func (c *Client) BM25(ctx context.Context, repo, query string, f Filter, limit int) ([]store.Hit, error) {
	if strings.TrimSpace(query) == "" {
		return nil, nil
	}
	args := "bm25: {query: " + gqlString(query) + `, properties: ["content", "symbol", "signature"]}`
	return c.search(ctx, repo, args, "score", f, limit, func(r *row) float64 { return float64(r.Additional.Score) })
}

func (c *Client) search(ctx context.Context, repo, args, extra string, f Filter, limit int, score func(*row) float64) ([]store.Hit, error) {
	if limit <= 0 {
		return nil, nil
	}
	gen, err := c.Committed(ctx, repo)
	if err != nil || gen == 0 {
		return nil, err
	}
	rows, err := c.get(ctx, repo, args, f.where(gen), min(limit, maxLimit), extra)
	if err != nil {
		return nil, fmt.Errorf("search %s: %w", repo, err)
	}
	hits := make([]store.Hit, 0, len(rows))
	for i := range rows {
		if f.keeps(rows[i].Path) {
			hits = append(hits, store.Hit{Chunk: rows[i].chunk(), Score: score(&rows[i])})
		}
	}
	return hits, nil
}
