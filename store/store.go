package store

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"sync"
)

// Store is the set of indexed repositories under one data directory.
// Indexes are loaded lazily and replaced whole, so a search always sees one
// complete index, never a half-written one.
type Store struct {
	dir string

	mu     sync.Mutex
	loaded map[string]*Index // by repository ID
}

// Open returns the store at dir, creating it if needed.
func Open(dir string) (*Store, error) {
	if err := os.MkdirAll(filepath.Join(dir, "repos"), 0o755); err != nil {
		return nil, fmt.Errorf("open data directory %s: %w", dir, err)
	}
	return &Store{dir: dir, loaded: map[string]*Index{}}, nil
}

// Dir is the data directory.
func (s *Store) Dir() string { return s.dir }

func (s *Store) repoDir(id string) string { return filepath.Join(s.dir, "repos", id) }

// manifestPath is where repository id's manifest lives. Its name predates
// segments; it is still the file whose replacement commits an index.
func (s *Store) manifestPath(id string) string { return filepath.Join(s.repoDir(id), "index.csk") }

// List returns the headers of every stored repository, sorted by path.
// Unreadable entries are returned in the error list, not dropped silently.
func (s *Store) List() ([]Meta, []error) {
	entries, err := os.ReadDir(filepath.Join(s.dir, "repos"))
	if err != nil {
		return nil, []error{err}
	}
	var metas []Meta
	var errs []error
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		m, err := s.Meta(e.Name())
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		metas = append(metas, m)
	}
	sort.Slice(metas, func(i, j int) bool { return metas[i].Path < metas[j].Path })
	return metas, errs
}

// Meta reads the header of repository id. With a SchemaError it still
// returns the header when it could be read, so callers can name the path.
func (s *Store) Meta(id string) (Meta, error) {
	f, err := openShared(s.manifestPath(id))
	if err != nil {
		return Meta{}, err
	}
	defer f.Close()
	var m Meta
	if _, err := newFrameReader(bufio.NewReader(f), &m); err != nil {
		return m, fmt.Errorf("read index %s: %w", f.Name(), err)
	}
	return m, nil
}

// manifestBody is the gob body of a manifest file; Meta is its header.
func decodeManifest(r *bufio.Reader) (*Manifest, error) {
	m := &Manifest{}
	fr, err := newFrameReader(r, &m.Meta)
	if err != nil {
		return nil, err
	}
	body, err := fr.body()
	if err != nil {
		return nil, err
	}
	if err := readManifestBody(body, m); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	return m, nil
}

// writeManifest encodes m.
func writeManifest(w io.Writer, m *Manifest) error {
	fw, err := newFrameWriter(w, m.Meta)
	if err != nil {
		return err
	}
	if _, err := fw.Write(appendManifestBody(nil, m)); err != nil {
		return err
	}
	return fw.close()
}

// readManifest reads repository id's manifest and the stamp of the file it
// read.
func (s *Store) readManifest(id string) (*Manifest, fileStamp, error) {
	path := s.manifestPath(id)
	f, err := openShared(path)
	if err != nil {
		return nil, fileStamp{}, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fileStamp{}, err
	}
	m, err := decodeManifest(bufio.NewReaderSize(f, 1<<16))
	if err != nil {
		return nil, fileStamp{}, fmt.Errorf("read index %s: %w", path, err)
	}
	return m, stampOf(fi), nil
}

// current returns the in-memory index of id, or nil.
func (s *Store) current(id string) *Index {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.loaded[id]
}

// Load returns the index of repository id, reading from disk only the
// segments not already in memory. It returns an error wrapping
// fs.ErrNotExist when there is none.
func (s *Store) Load(id string) (*Index, error) {
	for attempt := 0; ; attempt++ {
		fi, err := os.Stat(s.manifestPath(id))
		if err != nil {
			s.Invalidate(id)
			return nil, err
		}
		cur := s.current(id)
		if cur != nil && cur.stamp == stampOf(fi) {
			if err := cur.failed(); err != nil {
				return nil, err
			}
			return cur, nil
		}
		idx, err := s.load(id, cur)
		if errors.Is(err, fs.ErrNotExist) {
			if attempt < 3 {
				continue // another process committed and removed old segments meanwhile
			}
			return nil, fmt.Errorf("%w: %v", ErrCorrupt, err) // the manifest is there, so the index is
		}
		if err != nil {
			return nil, err
		}
		s.mu.Lock()
		now := s.loaded[id]
		if now != nil && now.stamp == idx.stamp { // another caller won the race
			s.mu.Unlock()
			return now, nil
		}
		s.loaded[id] = idx
		s.mu.Unlock()
		releaseDropped(now, idx)
		return idx, nil
	}
}

// load reads the manifest of id and the segments cur does not have.
func (s *Store) load(id string, cur *Index) (*Index, error) {
	m, stamp, err := s.readManifest(id)
	if err != nil {
		return nil, err
	}
	segs := reusable(cur)
	for _, si := range m.Segments {
		if segs[si.ID] != nil {
			continue
		}
		seg, err := readSegment(filepath.Join(s.repoDir(id), segmentName(si.ID)), si.ID, m.Meta.Dimension)
		if err != nil {
			return nil, err
		}
		segs[si.ID] = seg
	}
	idx, err := newIndex(m, segs)
	if err != nil {
		return nil, err
	}
	idx.stamp = stamp
	return idx, nil
}

// reusable maps the segments of ix (which may be nil) by ID.
func reusable(ix *Index) map[uint64]*segment {
	segs := map[uint64]*segment{}
	if ix != nil {
		for _, seg := range ix.segs {
			segs[seg.id] = seg
		}
	}
	return segs
}

// Previous returns the manifest of repository id for re-indexing without
// loading its segments, or nil when there is none. An index that cannot be
// built on (corrupt or other-schema manifest, missing segment) is an
// error, so the caller can tell the user why it rebuilds.
func (s *Store) Previous(id string) (*Manifest, error) {
	fi, err := os.Stat(s.manifestPath(id))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var m *Manifest
	if cur := s.current(id); cur != nil && cur.stamp == stampOf(fi) {
		m = cur.Manifest
	} else if m, _, err = s.readManifest(id); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	for _, si := range m.Segments { // a re-index must not build on a segment that is gone
		path := filepath.Join(s.repoDir(id), segmentName(si.ID))
		if _, err := os.Stat(path); err != nil {
			return nil, fmt.Errorf("read index %s: %w: %v", path, ErrCorrupt, err)
		}
	}
	return m, nil
}

// Invalidate forgets the in-memory copy of repository id, so the next Load
// reads the file again (after another process re-indexed it).
func (s *Store) Invalidate(id string) {
	s.mu.Lock()
	delete(s.loaded, id)
	s.mu.Unlock()
}

// Remove deletes repository id from disk and memory.
func (s *Store) Remove(id string) error {
	s.Invalidate(id)
	dir := filepath.Join(s.dir, "repos", id)
	if _, err := os.Stat(dir); err != nil {
		return err
	}
	return os.RemoveAll(dir)
}

// fileStamp identifies one version of a manifest file.
type fileStamp struct {
	size    int64
	modTime int64
}

func stampOf(fi os.FileInfo) fileStamp {
	return fileStamp{size: fi.Size(), modTime: fi.ModTime().UnixNano()}
}
