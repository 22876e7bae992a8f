package tools

import (
	"errors"
	"io/fs"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/indexer"
)

// File is one file of an indexed repository as a person reads it.
type File struct {
	RepositoryID string
	Path         string // repository-relative, '/'-separated
	Language     string
	// Text is the file with its secrets redacted, as search shows it.
	Text []byte
}

// ReadFile reads a whole file of an indexed repository for the web UI's
// file view. It takes the same way in as resources/read (the repository
// must be served, the path must resolve inside it and the roots) and
// then the one read path, so the page shows what search shows: regular
// files only, capped, secrets redacted.
func (s *Service) ReadFile(repositoryID, path string) (File, error) {
	if repositoryID == "" {
		return File{}, argErrorf("repository_id", "is required: pass a repository ID (see list_repositories)")
	}
	id, err := s.resolveRepo(repositoryID)
	if err != nil {
		return File{}, err
	}
	real, root, err := s.resourceFile(formatter.Location{RepositoryID: id, Path: path})
	if err != nil {
		return File{}, argErrorf("file_path", "%v", err)
	}
	src, err := indexer.ReadSource(real, indexer.ReadOptions{Root: root, MaxSize: s.maxFileSize()})
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return File{}, argErrorf("file_path", "%s does not exist: check the path", path)
	case indexer.SkipReason(err) != "":
		return File{}, argErrorf("file_path", "%v", err)
	case err != nil:
		return File{}, argErrorf("file_path", "cannot read %s: %v", path, err)
	}
	return File{RepositoryID: id, Path: path, Language: chunker.Language(real, src.Text), Text: src.Text}, nil
}
