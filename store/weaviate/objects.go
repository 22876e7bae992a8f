package weaviate

import (
	"context"
	"crypto/sha1"
	"fmt"
	"net/http"
	"net/url"
	"path"
	"strings"

	"github.com/codeseek/codeseek/store"
)

// chunkProps is a chunk as stored in Weaviate. Generation is the index run
// that wrote it; RetiredAt the one that replaced or deleted its file (0
// while it is current).
type chunkProps struct {
	Repo       string `json:"repo"`
	ChunkID    string `json:"chunk_id"`
	Path       string `json:"path"`
	Kind       string `json:"kind"`
	Language   string `json:"language"`
	Symbol     string `json:"symbol"`
	SymbolKind string `json:"symbol_kind"`
	Parent     string `json:"parent"`
	Signature  string `json:"signature"`
	StartLine  int    `json:"start_line"`
	EndLine    int    `json:"end_line"`
	Content    string `json:"content"`
	// Terms are store.LexTerms of content, path and symbol, the text the
	// embedded store's BM25 indexes, so both backends score alike. Ext is
	// the lower-case extension, for file_type filters.
	Terms      string `json:"terms"`
	Ext        string `json:"ext"`
	Generation int64  `json:"generation"`
	RetiredAt  int64  `json:"retired_at"`
}

func kindName(k store.Kind) string {
	if k == store.Doc {
		return "doc"
	}
	return "code"
}

func propsOf(repo string, gen int64, c *store.Chunk) chunkProps {
	return chunkProps{Repo: repo, ChunkID: c.ID, Path: c.FilePath, Kind: kindName(c.Kind), Language: c.Language,
		Symbol: c.Symbol, SymbolKind: c.SymbolKind, Parent: c.Parent, Signature: c.Signature,
		StartLine: c.StartLine, EndLine: c.EndLine, Content: c.Content, Generation: gen,
		Terms: lexTerms(c.Content, c.FilePath, c.Symbol), Ext: extOf(c.FilePath)}
}

// lexTerms joins the lexical terms of texts with spaces, for a property
// Weaviate splits on whitespace only.
func lexTerms(texts ...string) string {
	var b strings.Builder
	for _, t := range texts {
		store.LexTerms(t, func(term []byte) {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.Write(term)
		})
	}
	return b.String()
}

func extOf(p string) string { return strings.ToLower(strings.TrimPrefix(path.Ext(p), ".")) }

func (p *chunkProps) chunk() *store.Chunk {
	k := store.Code
	if p.Kind == "doc" {
		k = store.Doc
	}
	return &store.Chunk{ID: p.ChunkID, FilePath: p.Path, Kind: k, Language: p.Language, Symbol: p.Symbol,
		SymbolKind: p.SymbolKind, Parent: p.Parent, Signature: p.Signature, StartLine: p.StartLine,
		EndLine: p.EndLine, Content: p.Content}
}

// object is one entry of a batch write.
type object struct {
	Class      string    `json:"class"`
	ID         string    `json:"id"`
	Tenant     string    `json:"tenant"`
	Properties any       `json:"properties"`
	Vector     []float32 `json:"vector,omitempty"`
}

// objectID derives a stable UUID (name-based, version 5 layout) from its
// parts, so a retried write replaces instead of duplicating.
func objectID(parts ...string) string {
	h := sha1.Sum([]byte(strings.Join(parts, "\x00")))
	h[6] = h[6]&0x0f | 0x50
	h[8] = h[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", h[0:4], h[4:6], h[6:8], h[8:10], h[10:16])
}

func (c *Client) chunkObject(repo string, p chunkProps, vec []float32) object {
	return object{Class: c.chunks, ID: objectID(repo, fmt.Sprint(p.Generation), p.Path, p.ChunkID),
		Tenant: repo, Properties: p, Vector: vec}
}

// quorum is the consistency of every read and write: with replication N,
// a majority, so reads see the last write and one node of three may be down.
var quorum = url.Values{"consistency_level": {"QUORUM"}}

// batchResult is the part of a batch write's per-object answer we read.
type batchResult struct {
	ID     string `json:"id"`
	Result struct {
		Errors *errorResponse `json:"errors"`
	} `json:"result"`
}

// maxBatch bounds the objects of one batch request: about 1 MB with
// 256-dimensional vectors and 400-token chunks.
const maxBatch = 200

// put writes objects in batches. Objects that fail (a replica not reached,
// say) are sent again with back-off, up to the client's attempts.
func (c *Client) put(ctx context.Context, objs []object) error {
	for len(objs) > 0 {
		n := min(len(objs), maxBatch)
		if err := c.putBatch(ctx, objs[:n]); err != nil {
			return err
		}
		objs = objs[n:]
	}
	return nil
}

func (c *Client) putBatch(ctx context.Context, objs []object) error {
	for attempt := 1; ; attempt++ {
		var res []batchResult
		body := map[string]any{"objects": objs, "fields": []string{"id"}}
		if err := c.do(ctx, http.MethodPost, "/v1/batch/objects", quorum, body, &res); err != nil {
			return fmt.Errorf("write %d objects: %w", len(objs), err)
		}
		failed, first := retryable(objs, res)
		if len(failed) == 0 {
			return nil
		}
		if attempt >= c.attempts {
			return fmt.Errorf("write %d objects to %s: %d failed after %d attempts, first: %s", len(objs), c.base, len(failed), attempt, first)
		}
		if err := sleep(ctx, c.baseDelay<<(attempt-1)); err != nil {
			return err
		}
		objs = failed
	}
}

// retryable returns the objects whose answer reports an error, and the
// first message.
func retryable(objs []object, res []batchResult) (failed []object, first string) {
	bad := map[string]string{}
	for _, r := range res {
		if r.Result.Errors != nil && len(r.Result.Errors.Error) > 0 {
			bad[r.ID] = r.Result.Errors.String()
		}
	}
	for _, o := range objs {
		if msg, ok := bad[o.ID]; ok {
			failed = append(failed, o)
			if first == "" {
				first = msg
			}
		}
	}
	return failed, first
}

// deleteWhere deletes every chunk of repo that matches w.
func (c *Client) deleteWhere(ctx context.Context, repo string, w where) error {
	return c.deleteIn(ctx, c.chunks, repo, w)
}

// deleteIn deletes every object of collection class in repo's tenant that
// matches w, in as many requests as the server's per-request limit needs.
func (c *Client) deleteIn(ctx context.Context, class, repo string, w where) error {
	q := url.Values{"consistency_level": {"QUORUM"}, "tenant": {repo}}
	body := map[string]any{"match": map[string]any{"class": class, "where": w}, "output": "minimal"}
	for range 1000 {
		var res struct {
			Results struct {
				Matches, Limit, Failed int64
			} `json:"results"`
		}
		if err := c.do(ctx, http.MethodDelete, "/v1/batch/objects", q, body, &res); err != nil {
			return fmt.Errorf("delete %s objects of %s: %w", class, repo, err)
		}
		if res.Results.Failed > 0 {
			return fmt.Errorf("delete %s objects of %s at %s: %d of %d failed", class, repo, c.base, res.Results.Failed, res.Results.Matches)
		}
		if res.Results.Limit <= 0 || res.Results.Matches < res.Results.Limit {
			return nil
		}
	}
	return fmt.Errorf("delete %s objects of %s at %s: still matching after 1000 rounds", class, repo, c.base)
}
