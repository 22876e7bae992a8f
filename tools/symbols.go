package tools

import (
	"bytes"
	"errors"
	"io/fs"
	"math"
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
	// outermost first: the symbol at that line and its parents. 0 is the
	// whole outline; LineZero a line 0 the caller asked for, an error.
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
		if filepath.IsAbs(rel) {
			// An absolute path inside the repository, as the other tools
			// take it.
			if r, err := filepath.Rel(m.Path, rel); err == nil {
				rel = r
			}
		}
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
	case errors.Is(err, fs.ErrNotExist) && p.RepositoryID == "" && !filepath.IsAbs(p.FilePath):
		return formatter.SymbolList{}, argErrorf("file_path", "%s does not exist: a relative path without repository_id is read from the working directory; pass repository_id, or an absolute path", path)
	case errors.Is(err, fs.ErrNotExist):
		return formatter.SymbolList{}, argErrorf("file_path", "%s does not exist: check the path", path)
	case indexer.SkipReason(err) != "":
		return formatter.SymbolList{}, argErrorf("file_path", "%v", err)
	case err != nil:
		return formatter.SymbolList{}, argErrorf("file_path", "cannot read %s: %v", path, err)
	}
	if line := p.Line; line < 0 { // LineZero is negative too
		if line == LineZero {
			line = 0
		}
		return formatter.SymbolList{}, argErrorf("line", "%d is not a line: pass a 1-based line, or leave it out for the whole outline", line)
	}
	if n := lineCount(src.Text); p.Line > n {
		return formatter.SymbolList{}, argErrorf("line", "%d is past the end of %s (%d lines)", p.Line, display, n)
	}
	list := formatter.SymbolList{FilePath: display, RepositoryID: p.RepositoryID, Language: chunker.Language(path, src.Text)}
	for _, sym := range chunker.Outline(path, src.Text) {
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

// LineZero is SymbolsParams.Line for a line the caller gave as 0, which
// is no line, as against leaving it out.
const LineZero = math.MinInt32

// lineCount is the number of lines of text, a last line without a newline
// included.
func lineCount(text []byte) int {
	n := bytes.Count(text, []byte("\n"))
	if len(text) > 0 && text[len(text)-1] != '\n' {
		n++
	}
	return n
}
