package tools

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/indexer"
	"github.com/codeseek/codeseek/store"
)

// IndexParams are the arguments of index_repository.
type IndexParams struct {
	RepoPath  string
	ProjectID string
	// Force rebuilds every file instead of only what changed.
	Force bool
	// DryRun plans the run (files, chunks) without embedding or writing.
	DryRun bool
	// Progress, if set, receives progress events.
	Progress func(indexer.Progress)
}

// IndexRepository indexes (or re-indexes) a repository and stores it.
func (s *Service) IndexRepository(ctx context.Context, p IndexParams) (formatter.IndexReport, error) {
	start := time.Now()
	root, err := s.repoRoot(p.RepoPath)
	if err != nil {
		return formatter.IndexReport{}, err
	}
	id := RepoID(root)
	rep := formatter.IndexReport{RepositoryID: id, RepoPath: root, SkippedReasons: map[string]int{}}

	if !p.DryRun { // registered before queueing for the lock: a waiting run is pending work too
		var end func()
		p.Progress, end = s.trackRun(id, root, s.projectOf(id, root, p.ProjectID), p.Progress)
		defer end()
	}
	s.indexMu.Lock()
	defer s.indexMu.Unlock()
	if !p.DryRun {
		lock, err := store.LockWrites(s.cfg.DataDir)
		if err != nil {
			return rep, err
		}
		defer lock.Unlock()
	}

	prev, rebuilt := s.previous(id, p.Force)
	rep.Rebuilt = rebuilt
	rep.ProjectID = p.ProjectID
	if rep.ProjectID == "" && prev != nil {
		rep.ProjectID = prev.Meta.ProjectID
	}
	if rep.ProjectID == "" {
		rep.ProjectID = filepath.Base(root)
	}

	cfg := indexer.Config{Embedder: s.cfg.Embedder, Chunk: s.cfg.Chunk, Walk: s.cfg.Walk, Progress: p.Progress}
	plan, err := indexer.NewPlan(ctx, root, prevFiles(prev), cfg)
	if err != nil {
		return rep, fmt.Errorf("index %s: %w", root, err)
	}
	t := newTally()
	if p.DryRun {
		cfg.Embedder = nil
		if err := plan.Stream(ctx, cfg, func(fs []indexer.FileChunks) error { t.add(fs); return nil }); err != nil {
			return rep, fmt.Errorf("index %s: %w", root, err)
		}
		fillPlanReport(&rep, plan, prev, t)
		rep.EstimatedEmbedCalls = estimateEmbedCalls(rep.ChunksCreated, s.cfg.Embedder)
		rep.BiggestDirs = t.biggestDirs(maxBiggestDirs)
		rep.DryRun = true
		rep.Status, rep.Outcome = formatter.StatusDone, "dry_run"
		rep.Duration = time.Since(start)
		return rep, nil
	}
	rep.DatabaseName = "codeseek_" + id
	if upToDate(prev, plan, rep.ProjectID) {
		fillPlanReport(&rep, plan, prev, t)
		rep.Duration = time.Since(start)
		rep.Status, rep.Outcome = formatter.StatusDone, "up_to_date" // nothing to write: the stored index is current
		return rep, nil
	}
	wrote, err := s.write(ctx, root, rep.ProjectID, prev, plan, cfg, t)
	if err != nil {
		return rep, err
	}
	fillPlanReport(&rep, plan, prev, t)
	rep.Duration = time.Since(start)
	rep.Status, rep.Outcome = formatter.StatusDone, "completed"
	if !wrote {
		rep.Outcome = "up_to_date"
	}
	if len(rep.Errors) > 0 {
		rep.Outcome = "completed_with_errors"
	}
	return rep, nil
}

// write streams the plan's files through the chunker and embedder into a
// new index run and commits it; on any failure the run is abandoned and
// the committed index stays as it was.
//
// It reports false, and writes nothing, when the files it read were all
// unchanged or not indexable after all (a minified bundle the walk cannot
// tell by its name is read on every run, and skipped again).
func (s *Service) write(ctx context.Context, root, project string, prev *store.Manifest, plan *indexer.Plan, cfg indexer.Config, t *tally) (bool, error) {
	meta := store.Meta{
		ID: RepoID(root), ProjectID: project, Path: root,
		Embedder: s.cfg.Embedder.ModelID(), Dimension: s.cfg.Embedder.Dimension(),
		ChunkerVersion: indexer.Version, IndexedAt: time.Now().UTC(),
	}
	w, err := s.store.Begin(ctx, prev, meta, s.cfg.MaxMemory)
	if err != nil {
		return false, fmt.Errorf("index %s: %w", root, err)
	}
	err = plan.Stream(ctx, cfg, func(fs []indexer.FileChunks) error {
		t.add(fs)
		files, chunks, graphs := storeChunks(fs)
		return w.Add(ctx, files, chunks, graphs)
	})
	if err == nil && len(t.changed) == 0 && sameFiles(prev, plan, project) {
		w.Abort()
		return false, nil
	}
	if err == nil {
		if cfg.Progress != nil { // writing the last segment and merging takes a while: say so rather than sit at embed N/N
			cfg.Progress(indexer.Progress{Phase: "write", Done: 0, Total: 1})
		}
		err = w.Commit(ctx, unchangedStates(plan))
	}
	if err != nil {
		w.Abort()
		return false, fmt.Errorf("index %s: %w", root, err)
	}
	return true, nil
}

// upToDate reports whether the stored manifest already describes the tree
// exactly, down to the mtimes it remembers, so committing would rewrite
// the same index.
func upToDate(prev *store.Manifest, plan *indexer.Plan, project string) bool {
	return len(plan.Todo) == 0 && sameFiles(prev, plan, project)
}

// sameFiles reports whether the plan's unchanged files are the stored
// manifest's, mtimes included, with none deleted.
func sameFiles(prev *store.Manifest, plan *indexer.Plan, project string) bool {
	if prev == nil || len(plan.Deleted) > 0 || project != prev.Meta.ProjectID {
		return false
	}
	known := make(map[string]store.FileState, len(prev.Files))
	for _, f := range prev.Files {
		known[f.Path] = f
	}
	for _, u := range plan.Unchanged {
		if k, ok := known[u.File.Path]; !ok || !k.ModTime.Equal(u.File.ModTime) || k.Size != u.File.Size {
			return false
		}
	}
	return len(plan.Unchanged) == len(prev.Files)
}

// previous returns the manifest to re-index against, or nil for a full
// build with the reason when an existing index is not reused: vectors of
// two embedders, or chunks of two chunker versions, never mix.
func (s *Service) previous(id string, force bool) (*store.Manifest, string) {
	if force {
		if !s.stored(id) {
			return nil, "" // a first index is not a rebuild
		}
		return nil, "forced (--force / force_reindex)"
	}
	prev, err := s.store.Previous(id)
	if err != nil {
		return nil, fmt.Sprintf("the previous index could not be read (%v)", err)
	}
	if prev == nil {
		return nil, ""
	}
	m := prev.Meta
	emb, dim := s.cfg.Embedder.ModelID(), s.cfg.Embedder.Dimension()
	switch {
	case m.Embedder != emb || m.Dimension != dim:
		return nil, fmt.Sprintf("the previous index used embedder %s (%d dimensions), this run uses %s (%d)", m.Embedder, m.Dimension, emb, dim)
	case m.ChunkerVersion != indexer.Version:
		return nil, fmt.Sprintf("the previous index used chunker %s, this codeseek has %s", m.ChunkerVersion, indexer.Version)
	}
	return prev, ""
}

func prevFiles(prev *store.Manifest) map[string]indexer.PrevFile {
	m := map[string]indexer.PrevFile{}
	if prev == nil {
		return m
	}
	for _, f := range prev.Files {
		m[f.Path] = indexer.PrevFile{Size: f.Size, ModTime: f.ModTime, Hash: f.Hash, SecretFree: f.SecretFree}
	}
	return m
}

func fillPlanReport(rep *formatter.IndexReport, plan *indexer.Plan, prev *store.Manifest, t *tally) {
	rep.FilesIndexed = len(t.changed)
	rep.FilesUnchanged = len(plan.Unchanged)
	rep.FilesDeleted = len(plan.Deleted)
	for _, sk := range plan.Skipped {
		if sk.Reason == indexer.ReasonUnreadable {
			continue // counted as an error below
		}
		rep.FilesSkipped++
		rep.SkippedReasons[sk.Reason]++
	}
	rep.SecretsSkipped = rep.SkippedReasons[indexer.ReasonSecret]
	rep.SecretsRedacted = t.secrets
	for _, e := range plan.Errors {
		rep.Errors = append(rep.Errors, e.Error())
	}
	rep.ChunksCreated = t.chunks
	rep.EstimatedTokens = t.tokens
	if prev != nil {
		gone := map[string]bool{}
		for _, p := range plan.Deleted {
			gone[p] = true
		}
		for _, f := range prev.Files {
			if gone[f.Path] || t.changed[f.Path] {
				rep.ChunksDeleted += f.Chunks
			}
		}
	}
}

// openAIRequestBatch is the OpenAI-compatible embedder's texts per HTTP
// request; the CLI and MCP server leave it at the default.
const openAIRequestBatch = 64

// maxBiggestDirs bounds the dry run's directory list.
const maxBiggestDirs = 10

// estimateEmbedCalls counts requests: one per pipeline batch, which the
// OpenAI-compatible client splits further into requests of 64 texts.
func estimateEmbedCalls(chunks int, emb embedding.Embedder) int {
	calls := 0
	for left := chunks; left > 0; left -= indexer.DefaultBatchSize {
		n := min(left, indexer.DefaultBatchSize)
		if _, remote := emb.(*embedding.OpenAIEmbedder); remote {
			calls += (n + openAIRequestBatch - 1) / openAIRequestBatch
		} else {
			calls++
		}
	}
	return calls
}

// unchangedStates lists the plan's unchanged files as the manifest keeps
// them.
func unchangedStates(plan *indexer.Plan) []store.FileState {
	out := make([]store.FileState, 0, len(plan.Unchanged))
	for _, f := range plan.Unchanged {
		out = append(out, store.FileState{Path: f.File.Path, Size: f.File.Size, ModTime: f.File.ModTime, Hash: f.Hash, SecretFree: f.SecretFree})
	}
	return out
}

// storeChunks converts one window of changed files to the store's records.
func storeChunks(fs []indexer.FileChunks) ([]store.FileState, []store.Chunk, map[string][]byte) {
	var files []store.FileState
	var chunks []store.Chunk
	graphs := map[string][]byte{}
	for _, f := range fs {
		files = append(files, store.FileState{Path: f.File.Path, Size: f.File.Size, ModTime: f.File.ModTime, Hash: f.Hash, SecretFree: f.Secrets == 0, Marks: f.Marks})
		kind := store.Code
		if chunker.IsDoc(f.File.Path) {
			kind = store.Doc
		}
		if f.Graph != nil && len(f.Chunks) > 0 {
			graphs[f.File.Path] = f.Graph
		}
		for i, c := range f.Chunks {
			chunks = append(chunks, store.Chunk{
				ID: store.ChunkID(f.File.Path, c.StartLine, c.EndLine, c.Content), FilePath: f.File.Path, Kind: kind,
				Language: c.Language, Symbol: c.Symbol, SymbolKind: c.SymbolKind, Parent: c.Parent, Signature: c.Signature,
				StartLine: c.StartLine, EndLine: c.EndLine, Content: c.Content, Vector: f.Vectors[i],
			})
		}
	}
	return files, chunks, graphs
}
