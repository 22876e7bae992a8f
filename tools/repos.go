package tools

import (
	"errors"
	"io/fs"

	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/indexer"
	"github.com/codeseek/codeseek/store"
)

// ListRepositories describes every indexed repository.
func (s *Service) ListRepositories() (formatter.RepositoryList, error) {
	metas, errs := s.store.List()
	if len(metas) == 0 && len(errs) > 0 {
		return formatter.RepositoryList{}, errs[0]
	}
	var list formatter.RepositoryList
	for _, m := range metas {
		if !s.cfg.Roots.served(m.Path) {
			continue // indexed outside the roots: not this server's to show
		}
		list.Repositories = append(list.Repositories, repositoryOf(m))
	}
	s.markRunning(&list)
	return list, nil
}

func repositoryOf(m store.Meta) formatter.Repository {
	return formatter.Repository{
		ID: m.ID, ProjectID: m.ProjectID, Path: m.Path, Files: m.Files,
		CodeChunks: m.CodeChunks, DocChunks: m.DocChunks, Embedder: m.Embedder,
		IndexedAt: m.IndexedAt, DatabaseName: "codeseek_" + m.ID,
	}
}

// RemoveRepository deletes the index of a repository, named by ID or path.
func (s *Service) RemoveRepository(idOrPath string) (formatter.Repository, error) {
	if idOrPath == "" {
		return formatter.Repository{}, argErrorf("repository_id", "is required: pass a repository ID or path (see list_repositories)")
	}
	id, err := s.resolveRepo(idOrPath)
	if err != nil {
		return formatter.Repository{}, err
	}
	m, _ := s.store.Meta(id) // a damaged index can still be removed
	if m.ID == "" {
		m.ID = id
	}
	s.indexMu.Lock()
	defer s.indexMu.Unlock()
	lock, err := store.LockWrites(s.cfg.DataDir)
	if err != nil {
		return formatter.Repository{}, err
	}
	defer lock.Unlock()
	if err := s.store.Remove(id); err != nil {
		return formatter.Repository{}, err
	}
	return repositoryOf(m), nil
}

// Indexed reports whether repository id has an index. A remote backend
// that cannot say (unreachable, refusing) counts as indexed, so the search
// that follows reports why instead of an index run starting.
func (s *Service) Indexed(id string) bool {
	_, err := s.store.Meta(id)
	return err == nil || s.cfg.Backend != nil && !errors.Is(err, fs.ErrNotExist)
}

// Current reports whether repository id's index was made by this
// codeseek's chunking and graph rules; navigation needs that (its symbol
// graph's form and rules change with them), search does not.
func (s *Service) Current(id string) bool {
	m, err := s.store.Meta(id)
	return err == nil && m.ChunkerVersion == indexer.Version
}
