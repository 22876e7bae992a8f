package weaviate

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/codeseek/codeseek/store"
)

// Txn is one index run of a repository. Its chunks are written with the
// generation after the committed one and its replaced or deleted files'
// chunks marked retired at that generation; searches filter on the
// committed generation, so nothing of the run is visible until Commit
// writes the new generation into the repository's commit record, and then
// all of it is. A run that dies leaves only invisible objects, removed by
// the next Begin.
//
// One writer per repository at a time: two concurrent runs would share a
// generation number.
type Txn struct {
	c         *Client
	repo      string
	committed int64 // what searches see
	gen       int64 // what this run writes
	pending   []object
	retire    []string // paths whose visible chunks this run replaces
}

// Begin starts an index run of repo: creates its tenants if needed, reads
// the committed generation and undoes what an interrupted run left.
func (c *Client) Begin(ctx context.Context, repo string) (*Txn, error) {
	if err := c.EnsureRepo(ctx, repo); err != nil {
		return nil, err
	}
	gen, err := c.Committed(ctx, repo)
	if err != nil {
		return nil, err
	}
	// Chunks an interrupted run retired become current again, and the
	// ones it wrote go.
	if err := c.rewrite(ctx, repo, and(intIs("LessThanEqual", "generation", gen), intIs("GreaterThan", "retired_at", gen)), 0); err != nil {
		return nil, fmt.Errorf("undo an interrupted index run of %s: %w", repo, err)
	}
	if err := c.deleteWhere(ctx, repo, intIs("GreaterThan", "generation", gen)); err != nil {
		return nil, fmt.Errorf("undo an interrupted index run of %s: %w", repo, err)
	}
	if err := c.deleteIn(ctx, c.commits, repo, intIs("GreaterThan", "generation", gen)); err != nil {
		return nil, fmt.Errorf("undo an interrupted index run of %s: %w", repo, err)
	}
	if err := c.collect(ctx, repo, gen); err != nil {
		return nil, err
	}
	return &Txn{c: c, repo: repo, committed: gen, gen: gen + 1}, nil
}

// Generation is the generation this run writes.
func (t *Txn) Generation() int64 { return t.gen }

// Upsert replaces the chunks of the file at path with chunks (which all
// belong to path and carry vectors). Writes go out in batches.
func (t *Txn) Upsert(ctx context.Context, path string, chunks []store.Chunk) error {
	t.retire = append(t.retire, path)
	for i := range chunks {
		ch := &chunks[i]
		if ch.FilePath != path || ch.ID == "" || len(ch.Vector) == 0 {
			return fmt.Errorf("upsert %s: chunk %d has path %q, id %q and %d vector dimensions: want path %q, an id and a vector",
				path, i, ch.FilePath, ch.ID, len(ch.Vector), path)
		}
		t.pending = append(t.pending, t.c.chunkObject(t.repo, propsOf(t.repo, t.gen, ch), ch.Vector))
	}
	return t.flush(ctx, false)
}

// Delete removes the file at path from the index (at Commit).
func (t *Txn) Delete(ctx context.Context, path string) error {
	t.retire = append(t.retire, path)
	return t.flush(ctx, false)
}

// DeleteAll removes every file searches see now (at Commit), for a full
// rebuild.
func (t *Txn) DeleteAll(ctx context.Context) error {
	if err := t.c.rewrite(ctx, t.repo, unretired(t.committed), t.gen); err != nil {
		return fmt.Errorf("retire the chunks of %s: %w", t.repo, err)
	}
	return nil
}

// unretired selects the chunks searches see at generation committed that
// no run has retired yet: after Begin's undo, exactly the visible ones.
// Rewriting them takes them out of the selection (unlike visibleAt), which
// rewrite's paging needs; and new chunks, written above committed, are
// never selected.
func unretired(committed int64) where {
	return and(intIs("LessThanEqual", "generation", committed), intIs("Equal", "retired_at", 0))
}

// retireGroup bounds the paths of one retire query.
const retireGroup = 50

// flush sends queued retirements and writes: all of them when force is
// set, else only full groups and batches.
func (t *Txn) flush(ctx context.Context, force bool) error {
	for len(t.retire) >= retireGroup || force && len(t.retire) > 0 {
		n := min(len(t.retire), retireGroup)
		ors := make([]where, n)
		for i, p := range t.retire[:n] {
			ors[i] = textIs("Equal", "path", p)
		}
		w := and(unretired(t.committed), or(ors...))
		if err := t.c.rewrite(ctx, t.repo, w, t.gen); err != nil {
			return fmt.Errorf("retire the old chunks of %d files: %w", n, err)
		}
		t.retire = t.retire[n:]
	}
	for len(t.pending) >= maxBatch || force && len(t.pending) > 0 {
		n := min(len(t.pending), maxBatch)
		if err := t.c.put(ctx, t.pending[:n]); err != nil {
			return err
		}
		t.pending = t.pending[n:]
	}
	return nil
}

// Commit sends what is queued, then makes this run's generation the one
// searches see, then deletes the chunks it retired. Manifest m (nil for
// none) is written first, as an object of this generation, so a search
// never reads the chunks of one run with the file list of another; it is
// separate from the small commit record so that a reader holding this
// generation's manifest need not fetch it again.
func (t *Txn) Commit(ctx context.Context, m *store.Manifest) error {
	if err := t.flush(ctx, true); err != nil {
		return err
	}
	if m != nil {
		data, err := json.Marshal(m)
		if err != nil {
			return fmt.Errorf("commit generation %d of %s: encode manifest: %w", t.gen, t.repo, err)
		}
		obj := object{Class: t.c.commits, ID: manifestID(t.repo, t.gen), Tenant: t.repo,
			Properties: map[string]any{"generation": t.gen, "manifest": string(data)}}
		if err := t.c.put(ctx, []object{obj}); err != nil {
			return fmt.Errorf("write the manifest of generation %d of %s: %w", t.gen, t.repo, err)
		}
	}
	rec := object{Class: t.c.commits, ID: commitID(t.repo), Tenant: t.repo, Properties: map[string]any{
		"generation": t.gen, "committed_at": time.Now().UTC().Format(time.RFC3339Nano)}}
	if err := t.c.put(ctx, []object{rec}); err != nil {
		return fmt.Errorf("commit generation %d of %s: %w", t.gen, t.repo, err)
	}
	t.committed = t.gen
	if err := t.c.collect(ctx, t.repo, t.gen); err != nil {
		return fmt.Errorf("generation %d of %s is committed, but %w (the next index run retries)", t.gen, t.repo, err)
	}
	return nil
}

func commitID(repo string) string { return objectID(repo, "commit") }

func manifestID(repo string, gen int64) string { return objectID(repo, "manifest", fmt.Sprint(gen)) }

// Committed returns the generation searches of repo see; 0 when nothing
// was ever committed, or the repository's collections or tenant do not
// exist yet.
func (c *Client) Committed(ctx context.Context, repo string) (int64, error) {
	var gen int64
	err := c.readCommits(ctx, repo, commitID(repo), func(p commitProps) { gen = p.Generation })
	if err != nil {
		return 0, fmt.Errorf("read the committed generation of %s: %w", repo, err)
	}
	return gen, nil
}

// Manifest returns the manifest committed with generation gen of repo, or
// nil when there is none.
func (c *Client) Manifest(ctx context.Context, repo string, gen int64) (*store.Manifest, error) {
	var m *store.Manifest
	var derr error
	err := c.readCommits(ctx, repo, manifestID(repo, gen), func(p commitProps) {
		if p.Manifest != "" {
			m = &store.Manifest{}
			derr = json.Unmarshal([]byte(p.Manifest), m)
		}
	})
	if err == nil {
		err = derr
	}
	if err != nil {
		return nil, fmt.Errorf("read the manifest of %s (generation %d): %w", repo, gen, err)
	}
	return m, nil
}

// commitProps are the properties of commit records and manifests.
type commitProps struct {
	Generation int64  `json:"generation"`
	Manifest   string `json:"manifest"`
}

// readCommits reads object id of repo's commit collection and passes its
// properties to fn; a missing object, tenant or collection is no error and
// no call.
func (c *Client) readCommits(ctx context.Context, repo, id string, fn func(commitProps)) error {
	if err := checkRepo(repo); err != nil {
		return err
	}
	var rec struct {
		Properties commitProps `json:"properties"`
	}
	q := url.Values{"consistency_level": {"QUORUM"}, "tenant": {repo}}
	err := c.do(ctx, http.MethodGet, "/v1/objects/"+c.commits+"/"+id, q, nil, &rec)
	if isStatus(err, http.StatusNotFound) || isMissingTenant(err) {
		return nil
	}
	if err != nil {
		return err
	}
	fn(rec.Properties)
	return nil
}

// collect deletes chunks retired at or before the committed generation:
// no search can see them any more.
func (c *Client) collect(ctx context.Context, repo string, committed int64) error {
	w := and(intIs("GreaterThan", "retired_at", 0), intIs("LessThanEqual", "retired_at", committed))
	if err := c.deleteWhere(ctx, repo, w); err != nil {
		return fmt.Errorf("delete retired chunks: %w", err)
	}
	// The commit record carries the committed generation itself.
	if err := c.deleteIn(ctx, c.commits, repo, intIs("LessThan", "generation", committed)); err != nil {
		return fmt.Errorf("delete old manifests: %w", err)
	}
	return nil
}

// rewritePage is how many chunks one rewrite round reads.
const rewritePage = 500

// rewrite sets retired_at of every chunk of repo matching w. Weaviate has
// no partial batch update, so the chunks are read with their vectors and
// written back whole under the same ids. A rewritten chunk no longer
// matches w, so each round reads from the start; seen stops the loop
// should a lagging replica answer with chunks already rewritten.
func (c *Client) rewrite(ctx context.Context, repo string, w where, retiredAt int64) error {
	seen := map[string]bool{}
	for {
		rows, err := c.get(ctx, repo, "", w, rewritePage, allFields, "vector") // written back whole
		if err != nil {
			return err
		}
		var objs []object
		for i := range rows {
			r := &rows[i]
			if seen[r.Additional.ID] {
				continue
			}
			seen[r.Additional.ID] = true
			r.RetiredAt = retiredAt
			objs = append(objs, object{Class: c.chunks, ID: r.Additional.ID, Tenant: repo, Properties: r.chunkProps, Vector: r.Additional.Vector})
		}
		if len(objs) == 0 {
			return nil
		}
		if err := c.put(ctx, objs); err != nil {
			return err
		}
		if len(rows) < rewritePage {
			return nil
		}
	}
}
