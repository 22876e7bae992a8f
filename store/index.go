package store

import (
	"context"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/cespare/xxhash/v2"
	chromem "github.com/philippgille/chromem-go"
)

// Index is one repository's loaded snapshot with its vector collections.
// An Index is never modified after creation; re-indexing builds a new one.
type Index struct {
	Snapshot *Snapshot
	stamp    fileStamp // of the file it was read from, to notice other writers
	byID     map[string]*Chunk
	colls    [2]*chromem.Collection // by Kind
	lex      [2]*lexIndex
	symbols  [2]map[string][]*Chunk // declared name -> chunks declaring it
}

// Hit is a chunk with its score for a query: cosine similarity for vector
// search, BM25 for lexical search.
type Hit struct {
	Chunk *Chunk
	Score float64
}

// noEmbed guards the collections: vectors always come precomputed, so
// chromem-go must never try to embed text itself.
func noEmbed(context.Context, string) ([]float32, error) {
	return nil, fmt.Errorf("store: collections take precomputed vectors only")
}

func newIndex(snap *Snapshot) (*Index, error) {
	db := chromem.NewDB()
	idx := &Index{Snapshot: snap, byID: make(map[string]*Chunk, len(snap.Chunks))}
	docs := [2][]chromem.Document{}
	chunks := [2][]*Chunk{}
	for k := range idx.symbols {
		idx.symbols[k] = map[string][]*Chunk{}
	}
	for i := range snap.Chunks {
		c := &snap.Chunks[i]
		if c.Kind > Doc {
			return nil, fmt.Errorf("%w: chunk %s has kind %d", ErrCorrupt, c.ID, c.Kind)
		}
		idx.byID[c.ID] = c
		docs[c.Kind] = append(docs[c.Kind], chromem.Document{ID: c.ID, Embedding: c.Vector})
		chunks[c.Kind] = append(chunks[c.Kind], c)
		for _, name := range declaredNames(c.Symbol) {
			idx.symbols[c.Kind][name] = append(idx.symbols[c.Kind][name], c)
		}
	}
	var wg sync.WaitGroup
	for k := range chunks {
		wg.Add(1)
		go func() { defer wg.Done(); idx.lex[k] = buildLex(chunks[k]) }()
	}
	defer wg.Wait()
	for k, name := range []string{"code", "docs"} {
		coll, err := db.CreateCollection(name, nil, noEmbed)
		if err != nil {
			return nil, err
		}
		if len(docs[k]) > 0 {
			if err := coll.AddDocuments(context.Background(), docs[k], runtime.GOMAXPROCS(0)); err != nil {
				return nil, fmt.Errorf("load %s collection: %w", name, err)
			}
		}
		idx.colls[k] = coll
	}
	return idx, nil
}

// DatabaseName names the collection of kind k, as reported to users.
func (ix *Index) DatabaseName(k Kind) string {
	name := "code"
	if k == Doc {
		name = "docs"
	}
	return "codeseek_" + ix.Snapshot.Meta.ID + "_" + name
}

// Count is the number of chunks of kind k.
func (ix *Index) Count(k Kind) int { return ix.colls[k].Count() }

// Query returns up to n chunks of kind k most similar to vec, best first,
// that pass keep (nil keeps all). Filtering happens before the cut, so n
// hits come back whenever n chunks pass.
func (ix *Index) Query(ctx context.Context, k Kind, vec []float32, n int, keep func(*Chunk) bool) ([]Hit, error) {
	coll := ix.colls[k]
	total := coll.Count()
	if total == 0 || n <= 0 {
		return nil, nil
	}
	want := n
	if keep != nil {
		want = total // chromem-go filters on exact metadata only: rank all, filter here
	}
	want = min(want, total) // chromem-go errors when asked for more than it has
	res, err := coll.QueryEmbedding(ctx, vec, want, nil, nil)
	if err != nil {
		return nil, fmt.Errorf("vector query: %w", err)
	}
	hits := make([]Hit, 0, min(n, len(res)))
	for _, r := range res {
		c := ix.byID[r.ID]
		if c == nil || (keep != nil && !keep(c)) {
			continue
		}
		hits = append(hits, Hit{Chunk: c, Score: float64(r.Similarity)})
		if len(hits) == n {
			break
		}
	}
	return hits, nil
}

// Lexical returns up to n chunks of kind k by BM25 score for query, best
// first, among those keep accepts (nil accepts all).
func (ix *Index) Lexical(k Kind, query string, n int, keep func(*Chunk) bool) []Hit {
	lh := ix.lex[k].search(query, n, keep)
	hits := make([]Hit, len(lh))
	for i, h := range lh {
		hits[i] = Hit{Chunk: h.chunk, Score: h.score}
	}
	return hits
}

// declaredNames splits a chunk's symbol into the names it declares: merged
// chunks list several ("A, B"), methods are qualified ("Server.Close").
func declaredNames(symbol string) []string {
	var out []string
	for _, s := range strings.Split(symbol, ",") {
		s = strings.TrimSpace(s)
		if s == "" || strings.ContainsAny(s, " >") { // doc heading paths are not identifiers
			continue
		}
		out = append(out, s)
		if i := strings.LastIndexByte(s, '.'); i >= 0 && i+1 < len(s) {
			out = append(out, s[i+1:])
		}
	}
	return out
}

// Cosine is the cosine similarity of c's vector and vec (both unit length).
func Cosine(c *Chunk, vec []float32) float64 {
	var dot float32
	for i, x := range c.Vector {
		if i < len(vec) {
			dot += x * vec[i]
		}
	}
	return float64(dot)
}

// ChunkID derives a stable chunk identifier from its place and content, so
// an unchanged chunk keeps its ID across re-indexing.
func ChunkID(path string, start, end int, content string) string {
	h := xxhash.New()
	h.WriteString(path)
	h.WriteString("\x00" + strconv.Itoa(start) + ":" + strconv.Itoa(end) + "\x00")
	h.WriteString(content)
	return fmt.Sprintf("%016x", h.Sum64())
}
