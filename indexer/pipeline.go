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
	"sync/atomic"
	"time"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/embedding"
)

// Version identifies what an index holds for a file: the chunking rules
// plus the indexer's own content rules (which files are skipped, which
// secrets redacted). Indexes record it, and a change rebuilds them, so an
// index made before a rule existed cannot keep what the rule now removes.
const Version = chunker.Version + "+files-26"

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

// Progress reports how far a run is. Phase is "scan", then "chunk" and
// "embed" by turns as windows of files go through (Done and Total count
// files), then the caller's own ("write").
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
	// Marks are what the file says about itself (chunker.FileMarks).
	Marks chunker.Marks
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

// Plan is the difference between the tree on disk and the previous index,
// as far as sizes and modification times tell: Todo files are read by
// Stream, which sorts each into the lists below.
type Plan struct {
	Root      string
	Todo      []File // new, or size or mtime moved
	Unchanged []Unchanged
	Deleted   []string // paths in the previous index that are gone
	Skipped   []Skip
	Errors    []FileError
	prev      map[string]PrevFile
}

// NewPlan walks root and compares it with prev: files whose size and
// mtime match are unchanged, the others are to be read (Todo).
func NewPlan(ctx context.Context, root string, prev map[string]PrevFile, cfg Config) (*Plan, error) {
	report(cfg, "scan", 0, 0)
	opt := cfg.Walk
	opt.Known = func(rel string, size int64, modTime time.Time) bool {
		p, ok := prev[rel]
		return ok && p.Size == size && p.ModTime.Equal(modTime)
	}
	files, skipped, err := Walk(ctx, root, opt)
	if err != nil {
		return nil, err
	}
	plan := &Plan{Root: root, prev: prev}
	for _, s := range skipped {
		if s.Reason == ReasonUnreadable {
			plan.Errors = append(plan.Errors, FileError{Path: s.Path, Err: s.Err})
		}
		plan.Skipped = append(plan.Skipped, s)
	}
	seen := make(map[string]bool, len(files))
	for _, f := range files {
		seen[f.Path] = true
		if p, ok := prev[f.Path]; ok && p.Size == f.Size && p.ModTime.Equal(f.ModTime) {
			plan.Unchanged = append(plan.Unchanged, Unchanged{File: f, Hash: p.Hash, SecretFree: p.SecretFree})
			continue
		}
		plan.Todo = append(plan.Todo, f)
	}
	for path := range prev {
		if !seen[path] {
			plan.Deleted = append(plan.Deleted, path)
		}
	}
	sort.Strings(plan.Deleted)
	return plan, nil
}

// Window bounds on the files Stream reads, chunks and embeds together:
// enough to keep every core busy, small enough that a window's chunks are
// a sliver of a run's memory budget.
const (
	windowFiles = 1024
	windowBytes = 8 << 20
)

// Stream reads the plan's Todo files in order, a window at a time:
// chunks them on all cores, embeds their chunks when cfg.Embedder is set,
// and hands each window's new or changed files to emit, which may keep
// them. Files whose content turns out unchanged, not indexable or
// unreadable go to the plan's lists, so nothing but two windows is ever
// held and a repository of any size streams in bounded memory. The next
// window is chunked while the current one is embedded and emitted.
func (p *Plan) Stream(ctx context.Context, cfg Config, emit func([]FileChunks) error) error {
	type window struct {
		hi      int
		results []chunkResult
	}
	ctx, cancel := context.WithCancel(ctx)
	windows := make(chan window, 1)
	var chunked atomic.Int64
	go func() {
		defer close(windows)
		for lo := 0; lo < len(p.Todo) && ctx.Err() == nil; {
			hi := p.windowEnd(lo)
			w := window{hi, chunkFiles(ctx, p.Root, p.Todo[lo:hi], p.prev, cfg, &chunked)}
			select {
			case windows <- w:
			case <-ctx.Done():
				return
			}
			lo = hi
		}
	}()
	defer func() {
		cancel()
		for range windows { // the chunker stops at its next file
		}
	}()
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	total, done := len(p.Todo), 0
	for {
		var w window
		var ok bool
		for waiting := true; waiting; {
			select {
			case w, ok = <-windows:
				waiting = false
			case <-tick.C: // progress callbacks stay on the caller's goroutine
				report(cfg, "chunk", int(chunked.Load()), total)
			}
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if !ok {
			break
		}
		changed := p.sort(w.results)
		if cfg.Embedder != nil {
			report(cfg, "embed", done, total)
			if err := embedFiles(ctx, changed, cfg, func(n int) { report(cfg, "embed", done+n, total) }); err != nil {
				return err
			}
		}
		done = w.hi
		report(cfg, "embed", done, total)
		if err := emit(changed); err != nil {
			return err
		}
	}
	sort.Strings(p.Deleted)
	sort.Slice(p.Skipped, func(i, j int) bool { return p.Skipped[i].Path < p.Skipped[j].Path })
	return nil
}

// windowEnd returns the end of the window of Todo files starting at lo.
func (p *Plan) windowEnd(lo int) int {
	hi, bytes := lo, int64(0)
	for hi < len(p.Todo) && hi-lo < windowFiles && (hi == lo || bytes+p.Todo[hi].Size <= windowBytes) {
		bytes += p.Todo[hi].Size
		hi++
	}
	return hi
}

// sort files each chunked file into the plan's lists and returns the new
// or changed ones.
func (p *Plan) sort(results []chunkResult) []FileChunks {
	var changed []FileChunks
	for _, r := range results {
		switch {
		case r.skip != "":
			// Found binary, minified or secret only once read whole: skipped
			// like the walker's skips, and dropped from the index if it was in.
			// A chunker failure is also an error, so its cause is reported.
			p.Skipped = append(p.Skipped, Skip{Path: r.fc.File.Path, Reason: r.skip, Err: r.err})
			if r.err != nil {
				p.Errors = append(p.Errors, FileError{Path: r.fc.File.Path, Err: r.err})
			}
			if _, ok := p.prev[r.fc.File.Path]; ok {
				p.Deleted = append(p.Deleted, r.fc.File.Path)
			}
		case r.err != nil:
			p.Errors = append(p.Errors, FileError{Path: r.fc.File.Path, Err: r.err})
		case r.same:
			p.Unchanged = append(p.Unchanged, Unchanged{File: r.fc.File, Hash: r.fc.Hash, SecretFree: r.fc.Secrets == 0})
		default:
			changed = append(changed, r.fc)
			if r.note != nil {
				p.Errors = append(p.Errors, FileError{Path: r.fc.File.Path, Err: r.note})
			}
		}
	}
	return changed
}

type chunkResult struct {
	fc   FileChunks
	same bool   // content hash equals the previous one: only the mtime moved
	skip string // a Reason* when the content turned out not to be indexable
	err  error  // with skip, the chunker failure that cost the file its chunks
	note error  // the chunks are usable, but a rerun may differ (chunker.Analyze)
}

// chunkFiles reads, hashes and chunks files on all cores, keeping order,
// and counts each file done in chunked.
func chunkFiles(ctx context.Context, root string, files []File, prev map[string]PrevFile, cfg Config, chunked *atomic.Int64) []chunkResult {
	out := make([]chunkResult, len(files))
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= len(files) {
					return
				}
				out[i] = chunkFile(root, files[i], prev, cfg)
				chunked.Add(1)
			}
		}()
	}
	wg.Wait()
	return out
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
	fc.Chunks, fc.Graph, fc.Marks = a.Chunks, a.Graph.Encode(), a.Marks
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

// embedFiles computes the vectors of the files' chunks, in batches,
// calling progress with the number of files done after each batch.
func embedFiles(ctx context.Context, files []FileChunks, cfg Config, progress func(int)) error {
	batch := cfg.BatchSize
	if batch <= 0 {
		batch = DefaultBatchSize
	}
	type ref struct{ file, chunk int }
	var refs []ref
	var texts []string
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
			files[r.file].Vectors[r.chunk] = vecs[i]
		}
		progress(refs[len(refs)-1].file)
		refs, texts = refs[:0], texts[:0]
		return nil
	}
	for fi := range files {
		fc := &files[fi]
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
