package tools

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/indexer"
)

// SymbolsParams are the arguments of get_symbols.
type SymbolsParams struct {
	// FilePath is relative to the repository root when RepositoryID is set,
	// else absolute or relative to the working directory.
	FilePath     string
	RepositoryID string
	// Line, when set, keeps only the declarations that enclose it,
	// outermost first: the symbol at that line and its parents.
	Line int
}

// Symbols lists the declarations of one file, read from disk now so the
// answer is current even when the index is not.
func (s *Service) Symbols(p SymbolsParams) (formatter.SymbolList, error) {
	if strings.TrimSpace(p.FilePath) == "" {
		return formatter.SymbolList{}, argErrorf("file_path", "is required: pass a file path (relative to the repository with repository_id)")
	}
	path, display := p.FilePath, filepath.ToSlash(p.FilePath)
	root := "" // with a repository, links must not lead out of it
	if p.RepositoryID != "" {
		id, err := s.resolveRepo(p.RepositoryID)
		if err != nil {
			return formatter.SymbolList{}, err
		}
		m, err := s.store.Meta(id)
		if err != nil {
			return formatter.SymbolList{}, err
		}
		rel := filepath.Clean(filepath.FromSlash(p.FilePath))
		if filepath.IsAbs(rel) || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return formatter.SymbolList{}, argErrorf("file_path", "%q must be relative to the repository root and stay inside it", p.FilePath)
		}
		path, display = filepath.Join(m.Path, rel), filepath.ToSlash(rel)
		root = m.Path
		p.RepositoryID = id
	}
	if err := s.cfg.Roots.Allow("file_path", path); err != nil {
		return formatter.SymbolList{}, err
	}
	src, err := indexer.ReadSource(path, indexer.ReadOptions{Root: root, MaxSize: s.cfg.Walk.MaxFileSize})
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return formatter.SymbolList{}, argErrorf("file_path", "%s does not exist: check the path", path)
	case indexer.SkipReason(err) != "":
		return formatter.SymbolList{}, argErrorf("file_path", "%v", err)
	case err != nil:
		return formatter.SymbolList{}, argErrorf("file_path", "cannot read %s: %v", path, err)
	}
	if p.Line < 0 {
		return formatter.SymbolList{}, argErrorf("line", "%d is not a line: pass a 1-based line, or leave it out for the whole outline", p.Line)
	}
	list := formatter.SymbolList{FilePath: display, RepositoryID: p.RepositoryID, Language: chunker.Language(path, src.Text)}
	for _, sym := range chunker.Symbols(path, src.Text) {
		if p.Line > 0 && (sym.StartLine > p.Line || sym.EndLine < p.Line) {
			continue
		}
		list.Symbols = append(list.Symbols, formatter.Symbol{
			Name: sym.Name, Kind: sym.Kind, Parent: sym.Parent, Signature: sym.Signature,
			StartLine: sym.StartLine, EndLine: sym.EndLine,
		})
	}
	return list, nil
}
