package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// mergeFactor is the merge policy's size ratio: a re-index folds the newest
// segments into its own while each holds fewer than mergeFactor times the
// chunks gathered so far. Segment sizes then grow geometrically from newest
// to oldest, so an index has O(log n) segments and a chunk is rewritten
// O(log n) times over its life, while a one-file edit usually writes only
// that file's chunks.
const mergeFactor = 4

// Commit applies u on top of prev (nil for a full build) as one run with
// the default memory budget (see Run). Commit takes u.Chunks over.
func (s *Store) Commit(prev *Manifest, u Update) error {
	return Apply(context.Background(), Local(s), prev, u)
}

// newSegmentID returns an ID above every segment of prev. IDs are
// timestamps so that a forced rebuild, which ignores prev, still never
// reuses the name of a segment the current manifest lists.
func newSegmentID(prev *Manifest) uint64 {
	id := uint64(time.Now().UnixNano())
	if prev != nil {
		for _, si := range prev.Segments {
			id = max(id, si.ID+1)
		}
	}
	return id
}

// NextManifest builds the manifest of prev (nil for a full build) with
// header meta: unchanged files keep their previous entry's kind, marks,
// chunks and segment; changed files come with theirs (see CountChunks). Runs of
// every backend commit through it.
func NextManifest(prev *Manifest, meta Meta, unchanged, changed []FileState) (*Manifest, error) {
	m := &Manifest{Meta: meta}
	m.Meta.Files, m.Meta.CodeChunks, m.Meta.DocChunks = 0, 0, 0
	before := map[string]*FileState{}
	if prev != nil {
		for i := range prev.Files {
			before[prev.Files[i].Path] = &prev.Files[i]
		}
	}
	for _, f := range unchanged {
		p := before[f.Path]
		if p == nil {
			return nil, fmt.Errorf("store: unchanged file %s is not in the previous index", f.Path)
		}
		f.Kind, f.Marks, f.Chunks, f.Segment = p.Kind, p.Marks, p.Chunks, p.Segment
		m.Files = append(m.Files, f)
	}
	m.Files = append(m.Files, changed...)
	sort.Slice(m.Files, func(i, j int) bool { return m.Files[i].Path < m.Files[j].Path })
	for _, f := range m.Files {
		if f.Kind == Doc {
			m.Meta.DocChunks += f.Chunks
		} else {
			m.Meta.CodeChunks += f.Chunks
		}
	}
	m.Meta.Files = len(m.Files)
	return m, nil
}

// CountChunks returns copies of files with each one's kind and number of
// chunks taken from chunks, and Segment 0.
func CountChunks(files []FileState, chunks []Chunk) []FileState {
	kinds := map[string]Kind{}
	counts := map[string]int{}
	for i := range chunks {
		kinds[chunks[i].FilePath] = chunks[i].Kind
		counts[chunks[i].FilePath]++
	}
	out := make([]FileState, len(files))
	for i, f := range files {
		f.Kind, f.Chunks, f.Segment = kinds[f.Path], counts[f.Path], 0
		out[i] = f
	}
	return out
}

// absorbed applies the merge policy to the previous segments (oldest
// first) given their live chunk counts and the number of new chunks: it
// folds in, from the newest back, every segment smaller than mergeFactor
// times what has been gathered, and any segment that is mostly dead.
// Segments without live chunks are dropped without being read. Nothing is
// folded in that would make the merged segment hold more than maxChunks:
// a merge gathers its chunks in memory, and the budget bounds it.
func absorbed(segs []SegmentInfo, live map[uint64]int, gathered, maxChunks int) map[uint64]bool {
	out := map[uint64]bool{}
	bySize := true
	for i := len(segs) - 1; i >= 0; i-- {
		si, n := segs[i], live[segs[i].ID]
		switch {
		case n == 0:
		case gathered+n > maxChunks:
			bySize = false
		case bySize && n < mergeFactor*gathered, 2*n < si.Chunks:
			out[si.ID] = true
			gathered += n
		default:
			bySize = false
		}
	}
	return out
}

// gather appends to chunks copies of the live chunks of the absorbed
// segments, mapping the ones not loaded, and adds their files' graph
// blobs to graphs.
func (s *Store) gather(m *Manifest, absorb map[uint64]bool, chunks []Chunk, graphs map[string][]byte) ([]Chunk, error) {
	id := m.Meta.ID
	owner := make(map[string]uint64, len(m.Files))
	for _, f := range m.Files {
		owner[f.Path] = f.Segment
	}
	inMemory := reusable(s.current(id))
	for segID := range absorb {
		seg := inMemory[segID]
		if seg == nil {
			var err error
			seg, err = readSegment(filepath.Join(s.repoDir(id), segmentName(segID)), segID, m.Meta.Dimension)
			if err != nil {
				return nil, err
			}
		}
		if err := seg.verified(); err != nil { // damage must not be copied into a new segment
			return nil, err
		}
		for _, p := range seg.parts {
			for i, f := range p.files {
				if owner[f.path] == segID {
					for r := f.lo; r < f.hi; r++ {
						chunks = append(chunks, p.load(r))
					}
					if b := p.inflateGraph(int32(i)); len(b) > 0 { // not cached: a merge reads each once
						graphs[f.path] = b
					}
				}
			}
		}
	}
	return chunks, nil
}

// install makes the committed manifest m the index searches see, when all
// its segments are mapped (written are the ones just written). Otherwise
// the next search maps the missing segments.
func (s *Store) install(m *Manifest, written []*segment) {
	id := m.Meta.ID
	segs := reusable(s.current(id))
	for _, seg := range written {
		segs[seg.id] = seg
	}
	idx, err := newIndex(m, segs) // fails when a segment is not in memory
	fi, statErr := os.Stat(s.manifestPath(id))
	if err != nil || statErr != nil {
		s.Invalidate(id)
		return
	}
	idx.stamp = stampOf(fi)
	s.mu.Lock()
	old := s.loaded[id]
	s.loaded[id] = idx
	s.mu.Unlock()
	releaseDropped(old, idx)
}

// removeUnused deletes segment files m does not list and temporary files
// of killed writers. The caller holds the write lock, so no other writer
// is using them; a reader that read the previous manifest and finds a
// segment gone reads the manifest again. Failures only leave garbage.
func removeUnused(dir string, m *Manifest) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	keep := map[string]bool{}
	for _, si := range m.Segments {
		keep[segmentName(si.ID)] = true
	}
	for _, e := range entries {
		name := e.Name()
		stale := strings.HasPrefix(name, ".tmp-") || strings.HasPrefix(name, "seg-") && !keep[name]
		if stale {
			os.Remove(filepath.Join(dir, name))
		}
	}
}
