package store

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// DefaultMemory is an index run's memory budget when none is configured:
// enough for the Linux kernel in well under 1.5 GB, small beside what a
// laptop running an IDE and a browser has left.
const DefaultMemory int64 = 768 << 20

// MinMemory is the smallest budget a run accepts: below it the segments
// would be so small that searching them costs more than it saves.
const MinMemory int64 = 64 << 20

// bufferShare is the part of the budget chunks may fill before the run
// writes them out as a segment. Two buffers may be held, one filling while
// the other is written; writing one takes about as much again for the
// lexicon, the name indexes and the graphs; the chunker, the embedder and
// the collector's headroom need the rest (measured: docs/store.md).
const bufferShare = 8

// chunkOverhead approximates a buffered chunk's bytes beyond its text and
// vector: the struct, its strings' headers and the ID, path and symbol.
const chunkOverhead = 256

// Run writes one (re-)index of a repository as it streams, as Lucene and
// zoekt write segments: Add buffers the chunks of whole files and writes
// them out as a segment each time they pass the run's share of the memory
// budget, so a run's peak memory follows the budget, not the repository's
// size. Nothing is visible until Commit replaces the manifest; a run that
// fails or is abandoned deletes what it wrote (Abort), and one killed
// leaves only files the next commit removes. The caller holds the data
// directory's WriteLock for the whole run.
type Run struct {
	s       *Store
	prev    *Manifest
	meta    Meta
	limit   int // buffered bytes that make Add write a segment
	maxSeg  int // chunks a segment may gather by merging
	nextID  uint64
	buf     []Chunk
	graphs  map[string][]byte
	held    int
	files   []FileState // changed files, Segment set once written
	infos   []SegmentInfo
	pending chan written // the segment being written in the background
	err     error
}

// Begin starts a run on top of prev (nil for a full build) that writes
// header meta (the store fills in the counts) within about budget bytes
// of memory (DefaultMemory when 0).
func (s *Store) Begin(prev *Manifest, meta Meta, budget int64) *Run {
	if budget <= 0 {
		budget = DefaultMemory
	}
	limit := int(max(budget, MinMemory) / bufferShare)
	perChunk := chunkOverhead + 4*max(meta.Dimension, 1) + 1024 // a typical chunk's text is about 1 KB
	return &Run{
		s: s, prev: prev, meta: meta, limit: limit,
		maxSeg: max(limit/perChunk, 1),
		nextID: newSegmentID(prev),
		graphs: map[string][]byte{},
	}
}

// Add buffers the changed files and all their chunks (and graphs, by
// path), and writes a segment when the buffer is full. A file's chunks
// must come in one call: they live in one segment. Add takes chunks over.
func (r *Run) Add(ctx context.Context, files []FileState, chunks []Chunk, graphs map[string][]byte) error {
	if r.err != nil {
		return r.err
	}
	if err := ctx.Err(); err != nil {
		return r.fail(err)
	}
	r.files = append(r.files, CountChunks(files, chunks)...) // Segment set when written
	for i := range chunks {
		r.held += chunkBytes(&chunks[i])
	}
	r.buf = append(r.buf, chunks...)
	for p, g := range graphs {
		r.graphs[p] = g
		r.held += len(g)
	}
	if r.held < r.limit {
		return nil
	}
	// One segment is written in the background while the next fills:
	// chunking and embedding go on meanwhile, and memory holds at most two
	// buffers (bufferShare counts both).
	if err := r.wait(); err != nil {
		return err
	}
	id, chunks, graphs := r.take()
	done := make(chan written, 1)
	r.pending = done
	go func() { done <- r.write(id, chunks, graphs) }()
	return nil
}

func chunkBytes(c *Chunk) int {
	return chunkOverhead + len(c.Content) + 4*len(c.Vector) + len(c.Symbol) + len(c.Signature) + len(c.FilePath)
}

// written is the outcome of one segment write.
type written struct {
	info SegmentInfo
	err  error
}

// take hands the buffer over for writing as a new segment and points the
// buffered files at it.
func (r *Run) take() (uint64, []Chunk, map[string][]byte) {
	id := r.nextID
	r.nextID++
	for i := range r.files {
		if r.files[i].Segment == 0 {
			r.files[i].Segment = id
		}
	}
	chunks, graphs := r.buf, r.graphs
	r.buf, r.graphs, r.held = nil, map[string][]byte{}, 0
	return id, chunks, graphs
}

// write writes chunks as segment id. It touches nothing of r but its
// settings, so it can run beside Add.
func (r *Run) write(id uint64, chunks []Chunk, graphs map[string][]byte) written {
	if len(chunks) == 0 {
		return written{}
	}
	path := filepath.Join(r.s.repoDir(r.meta.ID), segmentName(id))
	if err := writeFileAtomic(path, func(w io.Writer) error { return writeSegment(w, id, r.meta.Dimension, chunks, graphs) }); err != nil {
		return written{err: fmt.Errorf("write index %s: %w", path, explainWrite(err, r.s.dir))}
	}
	return written{info: SegmentInfo{ID: id, Chunks: len(chunks)}}
}

// wait waits for the segment being written in the background, if any,
// and records it.
func (r *Run) wait() error {
	if r.pending == nil {
		return nil
	}
	w := <-r.pending
	r.pending = nil
	r.record(w)
	if w.err != nil {
		return r.fail(w.err)
	}
	return nil
}

func (r *Run) record(w written) {
	if w.info.ID != 0 {
		r.infos = append(r.infos, w.info)
	}
}

// flush writes the buffered chunks, with the live chunks the new manifest
// m gives the previous segments in absorb, as one segment, and points the
// buffered files at it.
func (r *Run) flush(absorb map[uint64]bool, m *Manifest) error {
	id, chunks, graphs := r.take()
	if len(absorb) > 0 {
		var err error
		if chunks, err = r.s.gather(m, absorb, chunks, graphs); err != nil {
			return r.fail(err)
		}
	}
	w := r.write(id, chunks, graphs)
	r.record(w)
	if w.err != nil {
		return r.fail(w.err)
	}
	return nil
}

// fail records err, removes what the run wrote and returns err: a run
// that cannot finish leaves the data directory as it found it.
func (r *Run) fail(err error) error {
	r.err = err
	r.Abort()
	return err
}

// Abort abandons the run: its segments are deleted and the committed
// index is untouched. Safe to call after Commit (it does nothing then).
func (r *Run) Abort() {
	if r.err == nil {
		r.err = errRunOver
	}
	if r.pending != nil { // its file must exist before it can be removed
		r.record(<-r.pending)
		r.pending = nil
	}
	for _, si := range r.infos {
		os.Remove(filepath.Join(r.s.repoDir(r.meta.ID), segmentName(si.ID)))
	}
	r.infos, r.buf, r.graphs = nil, nil, nil
}

var errRunOver = fmt.Errorf("store: the index run is over")

// Commit writes the last buffered chunks, folding in the previous
// segments the merge policy picks, and replaces the manifest with one
// listing unchanged (as the previous manifest has them) and every file
// the run added; files of the previous index in neither are deleted. The
// manifest's rename is the commit point.
func (r *Run) Commit(ctx context.Context, unchanged []FileState) error {
	if r.err != nil {
		return r.err
	}
	if err := ctx.Err(); err != nil {
		return r.fail(err)
	}
	if err := r.wait(); err != nil {
		return err
	}
	m, err := NextManifest(r.prev, r.meta, unchanged, r.files)
	if err != nil {
		return r.fail(err)
	}
	var prevSegs []SegmentInfo
	if r.prev != nil {
		prevSegs = r.prev.Segments
	}
	live := map[uint64]int{}
	for _, f := range m.Files {
		live[f.Segment] += f.Chunks
	}
	absorb := absorbed(prevSegs, live, len(r.buf), r.maxSeg)
	if err := r.flush(absorb, m); err != nil {
		return err
	}
	m.Segments = m.Segments[:0]
	for _, si := range prevSegs {
		if !absorb[si.ID] && live[si.ID] > 0 {
			m.Segments = append(m.Segments, si)
		}
	}
	m.Segments = append(m.Segments, r.infos...)
	last := r.nextID - 1
	byPath := make(map[string]uint64, len(r.files))
	for _, f := range r.files {
		byPath[f.Path] = f.Segment
	}
	for i := range m.Files {
		f := &m.Files[i]
		if s, ok := byPath[f.Path]; ok {
			f.Segment = s
		} else if absorb[f.Segment] {
			f.Segment = last
		}
	}
	path := r.s.manifestPath(r.meta.ID)
	if err := writeFileAtomic(path, func(w io.Writer) error { return writeManifest(w, m) }); err != nil {
		return r.fail(fmt.Errorf("write index %s: %w", path, explainWrite(err, r.s.dir)))
	}
	removeUnused(r.s.repoDir(r.meta.ID), m)
	r.s.install(m, r.mapped())
	r.infos, r.err = nil, errRunOver
	return nil
}

// mapped maps the run's segments for a process that has the repository's
// index loaded (a server), so its searches move to the new index at once.
// Other processes (the CLI's index) leave them to the next search: mapping
// reads their offset tables and lexicon terms, which would only add to
// the run's memory.
func (r *Run) mapped() []*segment {
	if r.s.current(r.meta.ID) == nil {
		return nil
	}
	var segs []*segment
	for _, si := range r.infos {
		path := filepath.Join(r.s.repoDir(r.meta.ID), segmentName(si.ID))
		if seg, err := writtenSegment(path, si.ID, r.meta.Dimension); err == nil {
			segs = append(segs, seg)
		} // otherwise the first search maps it and reports why
	}
	return segs
}
