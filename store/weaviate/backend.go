package weaviate

import (
	"context"
	"fmt"
	"io/fs"
	"net/http"
	"sort"
	"sync"
	"time"

	"github.com/codeseek/codeseek/store"
)

// Backend is a Weaviate cluster as a store.Backend: one tenant per
// repository, its manifest in the repository's commit record, chunks
// written and retired by generations (see Txn).
type Backend struct {
	c *Client
	// timeout bounds the calls the interface gives no context (List,
	// Meta, Previous, Remove).
	timeout time.Duration

	mu     sync.Mutex
	loaded map[string]*searcher // the last generation loaded, by repository
}

// NewBackend returns c as a store.Backend.
func NewBackend(c *Client) *Backend {
	return &Backend{c: c, timeout: 2 * time.Minute, loaded: map[string]*searcher{}}
}

var _ store.Backend = (*Backend)(nil)

func (b *Backend) ctx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), b.timeout)
}

// notIndexed is the error for a repository Weaviate has no commit of.
func (b *Backend) notIndexed(id string) error {
	return fmt.Errorf("repository %s is not in the Weaviate index at %s: %w", id, b.c.URL(), fs.ErrNotExist)
}

// List returns the header of every committed repository, sorted by path.
func (b *Backend) List() ([]store.Meta, []error) {
	ctx, cancel := b.ctx()
	defer cancel()
	var tenants []struct {
		Name string `json:"name"`
	}
	err := b.c.do(ctx, http.MethodGet, "/v1/schema/"+b.c.commits+"/tenants", nil, nil, &tenants)
	if isStatus(err, http.StatusNotFound) || isStatus(err, http.StatusUnprocessableEntity) {
		return nil, nil // no collection yet: nothing indexed
	}
	if err != nil {
		return nil, []error{fmt.Errorf("list repositories: %w", err)}
	}
	var metas []store.Meta
	var errs []error
	for _, t := range tenants {
		m, err := b.committed(ctx, t.Name)
		switch {
		case err != nil:
			errs = append(errs, err)
		case m != nil:
			metas = append(metas, m.Meta)
		}
	}
	sort.Slice(metas, func(i, j int) bool { return metas[i].Path < metas[j].Path })
	return metas, errs
}

// Meta reads the header of repository id.
func (b *Backend) Meta(id string) (store.Meta, error) {
	m, err := b.Previous(id)
	if err != nil {
		return store.Meta{}, err
	}
	if m == nil {
		return store.Meta{}, b.notIndexed(id)
	}
	return m.Meta, nil
}

// Previous returns the committed manifest of id, or nil.
func (b *Backend) Previous(id string) (*store.Manifest, error) {
	ctx, cancel := b.ctx()
	defer cancel()
	return b.committed(ctx, id)
}

// committed reads the manifest of id's committed generation, or nil.
func (b *Backend) committed(ctx context.Context, id string) (*store.Manifest, error) {
	gen, err := b.c.Committed(ctx, id)
	if err != nil || gen == 0 {
		return nil, err
	}
	return b.c.Manifest(ctx, id, gen)
}

// Begin starts a run on top of prev that writes one generation: the
// changed files' chunks replace their old ones as Add sends them, files of
// prev that Commit does not list are deleted, and with prev nil (a full
// build) everything stored before is. Nothing of it is visible to searches
// until the commit record is written; a run that dies before leaves the
// previous generation in place (the next Begin removes what it wrote).
// Chunks go out in batches as they come, so memory is not a concern here.
func (b *Backend) Begin(ctx context.Context, prev *store.Manifest, meta store.Meta, _ int64) (store.Writer, error) {
	if err := b.c.EnsureSchema(ctx); err != nil {
		return nil, err
	}
	tx, err := b.c.Begin(ctx, meta.ID)
	if err != nil {
		return nil, err
	}
	if prev == nil {
		if err := tx.DeleteAll(ctx); err != nil {
			return nil, err
		}
	}
	return &run{tx: tx, prev: prev, meta: meta}, nil
}

// run is one index run into Weaviate.
type run struct {
	tx      *Txn
	prev    *store.Manifest
	meta    store.Meta
	changed []store.FileState
}

func (r *run) Add(ctx context.Context, files []store.FileState, chunks []store.Chunk, _ map[string][]byte) error {
	byPath := map[string][]store.Chunk{}
	for _, ch := range chunks {
		byPath[ch.FilePath] = append(byPath[ch.FilePath], ch)
	}
	for _, f := range files {
		if err := r.tx.Upsert(ctx, f.Path, byPath[f.Path]); err != nil {
			return err
		}
	}
	r.changed = append(r.changed, store.CountChunks(files, chunks)...)
	return nil
}

func (r *run) Commit(ctx context.Context, unchanged []store.FileState) error {
	m, err := store.NextManifest(r.prev, r.meta, unchanged, r.changed)
	if err != nil {
		return err
	}
	if r.prev != nil {
		kept := make(map[string]bool, len(m.Files))
		for _, f := range m.Files {
			kept[f.Path] = true
		}
		for _, f := range r.prev.Files {
			if !kept[f.Path] {
				if err := r.tx.Delete(ctx, f.Path); err != nil {
					return err
				}
			}
		}
	}
	return r.tx.Commit(ctx, m)
}

// Abort leaves the run's objects invisible; the next Begin removes them.
func (r *run) Abort() {}

// Load returns the committed generation of id for searching. Only the
// commit record is read when the generation is the one loaded last: the
// manifest, which grows with the repository, is fetched once per commit.
func (b *Backend) Load(ctx context.Context, id string) (store.Searcher, error) {
	gen, err := b.c.Committed(ctx, id)
	if err != nil {
		return nil, err
	}
	b.mu.Lock()
	last := b.loaded[id]
	b.mu.Unlock()
	if last != nil && last.gen == gen {
		return last, nil
	}
	var m *store.Manifest
	if gen > 0 {
		if m, err = b.c.Manifest(ctx, id, gen); err != nil {
			return nil, err
		}
	}
	if m == nil {
		return nil, b.notIndexed(id)
	}
	s := &searcher{c: b.c, repo: id, gen: gen, m: m, warning: b.c.Warning(ctx)}
	b.mu.Lock()
	b.loaded[id] = s
	b.mu.Unlock()
	return s, nil
}

// Remove deletes repository id's tenants and so all its chunks.
func (b *Backend) Remove(id string) error {
	ctx, cancel := b.ctx()
	defer cancel()
	if _, err := b.Meta(id); err != nil {
		return err
	}
	b.mu.Lock()
	delete(b.loaded, id)
	b.mu.Unlock()
	return b.c.RemoveRepo(ctx, id)
}

// searcher is one generation of a repository in Weaviate.
type searcher struct {
	c    *Client
	repo string
	gen  int64
	m    *store.Manifest
	// warning says why answers may differ from the embedded store's.
	warning string
}

func (s *searcher) Manifest() *store.Manifest { return s.m }

// Warning is shown with search results (see store.Warner).
func (s *searcher) Warning() string { return s.warning }

func (s *searcher) DatabaseName(k store.Kind) string {
	return s.c.chunks + "/" + s.repo + "/" + kindName(k)
}

func (s *searcher) Vector(ctx context.Context, k store.Kind, vec []float32, n int, f store.Filter) ([]store.Hit, error) {
	return s.c.nearVector(ctx, s.repo, s.gen, vec, Filter{Kind: k, Filter: f}, n)
}

func (s *searcher) Lexical(ctx context.Context, k store.Kind, query string, n int, f store.Filter) ([]store.Hit, error) {
	return s.c.bm25(ctx, s.repo, s.gen, query, Filter{Kind: k, Filter: f}, n)
}

func (s *searcher) Declaring(ctx context.Context, k store.Kind, name string, f store.Filter) ([]store.Decl, error) {
	return s.c.declaring(ctx, s.repo, s.gen, name, Filter{Kind: k, Filter: f})
}

func (s *searcher) Similarity(ctx context.Context, k store.Kind, vec []float32, chunks []*store.Chunk) ([]float64, error) {
	return s.c.similarity(ctx, s.repo, s.gen, vec, Filter{Kind: k}, chunks)
}
