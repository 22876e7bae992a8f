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

func (s *Store) snapshotPath(id string) string {
	return filepath.Join(s.dir, "repos", id, "index.csk")
}

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

// Meta reads the header of repository id.
func (s *Store) Meta(id string) (Meta, error) {
	f, err := os.Open(s.snapshotPath(id))
	if err != nil {
		return Meta{}, err
	}
	defer f.Close()
	m, _, err := readHeader(bufio.NewReader(f))
	if err != nil {
		return Meta{}, fmt.Errorf("read index %s: %w", f.Name(), err)
	}
	return m, nil
}

// Load returns the index of repository id, reading it from disk the first
// time. It returns an error wrapping fs.ErrNotExist when there is none.
func (s *Store) Load(id string) (*Index, error) {
	fi, err := os.Stat(s.snapshotPath(id))
	if err != nil {
		s.Invalidate(id)
		return nil, err
	}
	s.mu.Lock()
	idx := s.loaded[id]
	s.mu.Unlock()
	if idx != nil && idx.stamp == stampOf(fi) {
		return idx, nil
	}
	snap, stamp, err := s.readSnapshot(id)
	if err != nil {
		return nil, err
	}
	idx, err = newIndex(snap)
	if err != nil {
		return nil, err
	}
	idx.stamp = stamp
	s.mu.Lock()
	defer s.mu.Unlock()
	if cur := s.loaded[id]; cur != nil && cur.stamp == stamp { // another caller won the race
		return cur, nil
	}
	s.loaded[id] = idx
	return idx, nil
}

func (s *Store) readSnapshot(id string) (*Snapshot, fileStamp, error) {
	path := s.snapshotPath(id)
	f, err := os.Open(path)
	if err != nil {
		return nil, fileStamp{}, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fileStamp{}, err
	}
	snap, err := readSnapshot(bufio.NewReaderSize(f, 1<<20))
	if err != nil {
		return nil, fileStamp{}, fmt.Errorf("read index %s: %w", path, err)
	}
	return snap, stampOf(fi), nil
}

// Previous returns the stored snapshot of repository id for re-indexing,
// or nil when there is none or it cannot be used (corrupt, other schema):
// the reason is returned so the caller can tell the user why it rebuilds.
func (s *Store) Previous(id string) (*Snapshot, error) {
	idx, err := s.Load(id)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return idx.Snapshot, nil
}

// Save writes snap atomically and makes it the index searches see. The
// caller holds the data directory's WriteLock.
func (s *Store) Save(snap *Snapshot) (*Index, error) {
	idx, err := newIndex(snap)
	if err != nil {
		return nil, err
	}
	path := s.snapshotPath(snap.Meta.ID)
	if err := writeFileAtomic(path, func(w io.Writer) error { return writeSnapshot(w, snap) }); err != nil {
		return nil, fmt.Errorf("write index %s: %w", path, err)
	}
	if fi, err := os.Stat(path); err == nil {
		idx.stamp = stampOf(fi)
	}
	s.mu.Lock()
	s.loaded[snap.Meta.ID] = idx
	s.mu.Unlock()
	return idx, nil
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

// fileStamp identifies one version of a snapshot file.
type fileStamp struct {
	size    int64
	modTime int64
}

func stampOf(fi os.FileInfo) fileStamp {
	return fileStamp{size: fi.Size(), modTime: fi.ModTime().UnixNano()}
}
