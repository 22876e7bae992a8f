// Package indexer turns a repository on disk into embedded chunks: it walks
// the tree (ignore rules, binary and size filters), compares it with the
// previous manifest, chunks what changed and embeds it. It knows nothing of
// storage or output formats; the caller merges the result into an index.
package indexer

import (
	"context"
	"fmt"
	"runtime"
	"sort"
	"sync"
	"time"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/embedding"
)

// Version identifies what an index holds for a file: the chunking rules
// plus the indexer's own content rules (which files are skipped, which
// secrets redacted). Indexes record it, and a change rebuilds them, so an
// index made before a rule existed cannot keep what the rule now removes.
const Version = chunker.Version + "+files-1"

// DefaultBatchSize is the number of chunks per EmbedDocuments call when
// Config.BatchSize is 0.
const DefaultBatchSize = 256

// Config tunes a run. Embedder is required for Embed; the rest has defaults.
type Config struct {
	Embedder embedding.Embedder
	Chunk    chunker.Options
	Walk     WalkOptions
	// BatchSize is the number of chunks per EmbedDocuments call; 0 means
	// DefaultBatchSize.
	BatchSize int
	// Progress, if set, is called from the calling goroutine as work advances.
	Progress func(Progress)
	// analyze chunks one file and extracts its graph; nil means
	// chunker.Analyze. Tests set it to make the chunker fail.
	analyze func(path string, src []byte, opt chunker.Options) (chunker.Analysis, error)
}

// ReasonChunkerError: the chunker failed on the file (a bug in a language
// rule); Skip.Err holds the cause. The rest of the repository is indexed
// without it.
const ReasonChunkerError = "chunker_error"

// Progress reports how far a run is. Phase is "scan", "chunk" or "embed".
type Progress struct {
	Phase string
	Done  int
	Total int
}

// PrevFile is what the previous index knew about a file.
type PrevFile struct {
	Size    int64
	ModTime time.Time
	Hash    uint64
	// SecretFree: no secret was redacted from the file when it was indexed.
	// False when that is unknown (an index written before it was recorded).
	SecretFree bool
}

// FileChunks is a new or changed file with its chunks (and, after Embed,
// one vector per chunk).
type FileChunks struct {
	File    File
	Hash    uint64
	Chunks  []chunker.Chunk
	Vectors [][]float32
	// Graph is the file's part of the symbol graph, encoded
	// (chunker.Graph.Encode: a tenth of the structs' memory, held until
	// the run commits), or nil.
	Graph []byte
	// Secrets is the number of secrets redacted from the file's text
	// before it was chunked.
	Secrets int
}

// Unchanged is a file whose content matches the previous index.
type Unchanged struct {
	File File
	Hash uint64
	// SecretFree is as in PrevFile.
	SecretFree bool
}

// FileError is a file that could not be indexed, and the run goes on
// without it, or one indexed with chunks its content alone did not decide
// (chunker.ErrParseTimeout), so that a rerun may chunk it differently.
type FileError struct {
	Path string
	Err  error
}

func (e FileError) Error() string { return fmt.Sprintf("%s: %v", e.Path, e.Err) }

// Plan is the difference between the tree on disk and the previous index.
type Plan struct {
	Root      string
	Changed   []FileChunks // chunked, not yet embedded
	Unchanged []Unchanged
	Deleted   []string // paths in the previous index that are gone
	Skipped   []Skip
	Errors    []FileError
}

// Chunks is the number of chunks to embed.
func (p *Plan) Chunks() int {
	n := 0
	for _, f := range p.Changed {
		n += len(f.Chunks)
	}
	return n
}

// NewPlan walks root and chunks every file that is new or differs from
// prev (by size and mtime first, by content hash when those moved).
func NewPlan(ctx context.Context, root string, prev map[string]PrevFile, cfg Config) (*Plan, error) {
	report(cfg, "scan", 0, 0)
	files, skipped, err := Walk(ctx, root, cfg.Walk)
	if err != nil {
		return nil, err
	}
	plan := &Plan{Root: root}
	for _, s := range skipped {
		if s.Reason == ReasonUnreadable {
			plan.Errors = append(plan.Errors, FileError{Path: s.Path, Err: s.Err})
		}
		plan.Skipped = append(plan.Skipped, s)
	}
	seen := make(map[string]bool, len(files))
	var todo []File
	for _, f := range files {
		seen[f.Path] = true
		if p, ok := prev[f.Path]; ok && p.Size == f.Size && p.ModTime.Equal(f.ModTime) {
			plan.Unchanged = append(plan.Unchanged, Unchanged{File: f, Hash: p.Hash, SecretFree: p.SecretFree})
			continue
		}
		todo = append(todo, f)
	}
	for path := range prev {
		if !seen[path] {
			plan.Deleted = append(plan.Deleted, path)
		}
	}
	results := chunkFiles(ctx, root, todo, prev, cfg)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for _, r := range results {
		switch {
		case r.skip != "":
			// Found binary, minified or secret only once read whole: skipped
			// like the walker's skips, and dropped from the index if it was in.
			// A chunker failure is also an error, so its cause is reported.
			plan.Skipped = append(plan.Skipped, Skip{Path: r.fc.File.Path, Reason: r.skip, Err: r.err})
			if r.err != nil {
				plan.Errors = append(plan.Errors, FileError{Path: r.fc.File.Path, Err: r.err})
			}
			if _, ok := prev[r.fc.File.Path]; ok {
				plan.Deleted = append(plan.Deleted, r.fc.File.Path)
			}
		case r.err != nil:
			plan.Errors = append(plan.Errors, FileError{Path: r.fc.File.Path, Err: r.err})
		case r.same:
			plan.Unchanged = append(plan.Unchanged, Unchanged{File: r.fc.File, Hash: r.fc.Hash, SecretFree: r.fc.Secrets == 0})
		default:
			plan.Changed = append(plan.Changed, r.fc)
			if r.note != nil {
				plan.Errors = append(plan.Errors, FileError{Path: r.fc.File.Path, Err: r.note})
			}
		}
	}
	sort.Strings(plan.Deleted)
	sort.Slice(plan.Skipped, func(i, j int) bool { return plan.Skipped[i].Path < plan.Skipped[j].Path })
	return plan, nil
}

type chunkResult struct {
	fc   FileChunks
	same bool   // content hash equals the previous one: only the mtime moved
	skip string // a Reason* when the content turned out not to be indexable
	err  error  // with skip, the chunker failure that cost the file its chunks
	note error  // the chunks are usable, but a rerun may differ (chunker.Analyze)
}

// chunkFiles reads, hashes and chunks files on all cores, keeping order.
func chunkFiles(ctx context.Context, root string, files []File, prev map[string]PrevFile, cfg Config) []chunkResult {
	out := make([]chunkResult, len(files))
	var next, done int
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= len(files) {
					return
				}
				out[i] = chunkFile(root, files[i], prev, cfg)
				mu.Lock()
				done++
				mu.Unlock()
			}
		}()
	}
	// Progress callbacks stay on the caller's goroutine.
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	finished := make(chan struct{})
	go func() { wg.Wait(); close(finished) }()
	for {
		select {
		case <-finished:
			report(cfg, "chunk", len(files), len(files))
			return out
		case <-tick.C:
			mu.Lock()
			d := done
			mu.Unlock()
			report(cfg, "chunk", d, len(files))
		}
	}
}

func chunkFile(root string, f File, prev map[string]PrevFile, cfg Config) chunkResult {
	src, err := ReadSource(f.Abs, ReadOptions{Root: root, MaxSize: cfg.Walk.MaxFileSize})
	if reason := SkipReason(err); reason != "" {
		return chunkResult{fc: FileChunks{File: f}, skip: reason}
	}
	if err != nil {
		return chunkResult{fc: FileChunks{File: f}, err: err}
	}
	h := Hash(src.Raw)
	fc := FileChunks{File: f, Hash: h, Secrets: src.Secrets}
	if p, ok := prev[f.Path]; ok && p.Hash == h {
		return chunkResult{fc: fc, same: true}
	}
	var note error
	var a chunker.Analysis
	a, note, err = analyzeFile(cfg, f.Path, src.Text)
	fc.Chunks, fc.Graph = a.Chunks, a.Graph.Encode()
	if err != nil {
		return chunkResult{fc: fc, err: err, skip: ReasonChunkerError}
	}
	return chunkResult{fc: fc, note: note}
}

// analyzeFile chunks one file and extracts its graph, turning a chunker
// panic into an error so that one file costs only itself, never the run or
// a serving process. (The chunker bounds its recursion: a stack overflow
// could not be recovered.) note is what the chunker reports about chunks
// it did make.
func analyzeFile(cfg Config, path string, src []byte) (a chunker.Analysis, note, err error) {
	analyze := cfg.analyze
	if analyze == nil {
		analyze = chunker.Analyze
	}
	defer func() {
		if r := recover(); r != nil {
			a, note, err = chunker.Analysis{}, nil, fmt.Errorf("chunker failed: %v", r)
		}
	}()
	a, note = analyze(path, src, cfg.Chunk)
	return a, note, nil
}

// Embed computes the vectors of every changed file's chunks, in batches.
func Embed(ctx context.Context, plan *Plan, cfg Config) error {
	if cfg.Embedder == nil {
		return fmt.Errorf("indexer: no embedder configured")
	}
	batch := cfg.BatchSize
	if batch <= 0 {
		batch = DefaultBatchSize
	}
	type ref struct{ file, chunk int }
	var refs []ref
	var texts []string
	total := plan.Chunks()
	done := 0
	flush := func() error {
		if len(texts) == 0 {
			return nil
		}
		vecs, err := cfg.Embedder.EmbedDocuments(ctx, texts)
		if err != nil {
			return fmt.Errorf("embed: %w", err)
		}
		if len(vecs) != len(texts) {
			return fmt.Errorf("embed: got %d vectors for %d texts", len(vecs), len(texts))
		}
		for i, r := range refs {
			plan.Changed[r.file].Vectors[r.chunk] = vecs[i]
		}
		done += len(texts)
		report(cfg, "embed", done, total)
		refs, texts = refs[:0], texts[:0]
		return nil
	}
	report(cfg, "embed", 0, total)
	for fi := range plan.Changed {
		fc := &plan.Changed[fi]
		fc.Vectors = make([][]float32, len(fc.Chunks))
		for ci, c := range fc.Chunks {
			refs = append(refs, ref{fi, ci})
			texts = append(texts, EmbedText(fc.File.Path, c))
			if len(texts) == batch {
				if err := flush(); err != nil {
					return err
				}
			}
		}
	}
	return flush()
}

// EmbedText is the text embedded for a chunk: its path gives the model
// words the body often lacks, and chunker.Chunk.EmbedText restores the
// signature or heading of a piece cut from a larger declaration.
func EmbedText(path string, c chunker.Chunk) string {
	return path + "\n" + c.EmbedText()
}

func report(cfg Config, phase string, done, total int) {
	if cfg.Progress != nil {
		cfg.Progress(Progress{Phase: phase, Done: done, Total: total})
	}
}
