package tools

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/indexer"
	"github.com/codeseek/codeseek/search"
	"github.com/codeseek/codeseek/store"
)

// Search limits.
const (
	DefaultLimit = 10
	MaxLimit     = 100
	contextLines = 10
)

// Search modes.
const (
	ModeHybrid  = search.Hybrid
	ModeVector  = search.Vector
	ModeLexical = search.Lexical
)

// DefaultPerFile caps the results from one file, so one big file cannot
// fill the page.
const DefaultPerFile = 3

// SearchParams are the arguments of search_code and search_docs.
type SearchParams struct {
	Query        string
	ProjectID    string
	RepositoryID string
	// FileType is an extension ("go", ".py") or a language name ("python").
	FileType string
	// Directory is a repository-relative path prefix ("internal/server").
	Directory string
	// Limit is the number of results, 1..MaxLimit.
	Limit int
	// Mode is ModeHybrid (default), ModeVector or ModeLexical.
	Mode string
	// Docs searches documentation sections instead of code.
	Docs bool
	// WithContext adds the lines around each result (detailed output).
	WithContext bool

	// pasted is the length of a query longer than MaxQueryBytes, of
	// which validate kept what is read; the response says so.
	pasted int
}

func queryTooLong(n int) error {
	return argErrorf("query", "is %d KiB, more than the %d KiB a query may be (its first %d KiB and last %d KiB are read): keep what names the problem (the error message, identifiers, a few lines of a trace)",
		(n+1023)>>10, MaxPastedBytes>>10, queryHead>>10, (MaxQueryBytes-queryHead)>>10)
}

// MaxQueryBytes bounds what of a query is read. A pasted bug report with
// its stack trace fits many times over; beyond it a query's cost, not its
// meaning, grows, and one request could hold a core for seconds.
const MaxQueryBytes = 32 << 10

// MaxPastedBytes bounds a query: a longer one is refused. Between
// MaxQueryBytes and it, a report with a long log pasted whole is read by
// its head and its tail (readable) instead of being sent back to be cut.
const MaxPastedBytes = 4 * MaxQueryBytes

// queryHead is how much of a long query's beginning is read: its title
// and description; the rest of MaxQueryBytes is its end, where a log's
// error and a Python traceback's innermost frames are.
const queryHead = 24 << 10

// readable returns the part of a query longer than MaxQueryBytes that is
// read: its first queryHead bytes and its end, each cut at a line break
// where one is near.
func readable(q string) string {
	head := q[:lineCut(q, queryHead, true)]
	tail := q[lineCut(q, len(q)-(MaxQueryBytes-queryHead), false):]
	return head + "\n" + tail
}

// lineCut moves the cut at i to a line break within the last (before) or
// next (after) 2 KiB, else to a rune's start, so that no word or
// character is split.
func lineCut(q string, i int, before bool) int {
	const near = 2 << 10
	if before {
		if j := strings.LastIndexByte(q[max(0, i-near):i], '\n'); j >= 0 {
			return max(0, i-near) + j
		}
	} else if j := strings.IndexByte(q[i:min(len(q), i+near)], '\n'); j >= 0 {
		return i + j + 1
	}
	for i < len(q) && !utf8.RuneStart(q[i]) {
		i++
	}
	return i
}

func (p *SearchParams) validate() error {
	if len(p.Query) > MaxPastedBytes { // before trimming, which reads it all
		return queryTooLong(len(p.Query))
	}
	p.Query = strings.TrimSpace(p.Query)
	if p.Query == "" {
		return argErrorf("query", "is empty: pass a natural-language question or an identifier")
	}
	if len(p.Query) > MaxQueryBytes {
		p.pasted = len(p.Query)
		p.Query = readable(p.Query)
	}
	if p.Limit < 1 || p.Limit > MaxLimit {
		return argErrorf("limit", "%d is out of range: use 1 to %d (default %d)", p.Limit, MaxLimit, DefaultLimit)
	}
	switch p.Mode = strings.ToLower(strings.TrimSpace(p.Mode)); p.Mode { // as response_format and detail_level are read
	case "":
		p.Mode = ModeHybrid
	case ModeHybrid, ModeVector, ModeLexical:
	default:
		return argErrorf("mode", "%q is not supported: use hybrid, vector or lexical", p.Mode)
	}
	dir, err := cleanDirectory(p.Directory)
	if err != nil {
		return err
	}
	p.Directory = dir
	return checkFileType(p.FileType)
}

// Search runs search_code (or search_docs with p.Docs) over the selected
// repositories.
func (s *Service) Search(ctx context.Context, p SearchParams) (formatter.SearchResponse, error) {
	start := time.Now()
	if err := p.validate(); err != nil {
		return formatter.SearchResponse{}, err
	}
	kind := store.Code
	if p.Docs {
		kind = store.Doc
	}
	if err := s.awaitFirstIndex(ctx, p); err != nil {
		return formatter.SearchResponse{}, err
	}
	release, err := s.acquireSearch(ctx)
	if err != nil {
		return formatter.SearchResponse{}, err
	}
	defer release()
	indexes, err := s.selectIndexes(ctx, p)
	if err != nil {
		return formatter.SearchResponse{}, err
	}
	if err := checkFiltersMatch(indexes, p); err != nil {
		return formatter.SearchResponse{}, err
	}
	resp := formatter.SearchResponse{ProjectID: p.ProjectID, RepositoryID: p.RepositoryID}
	resp.Warning = joinWarnings(s.indexingWarning(indexIDs(indexes)), backendWarnings(indexes), goneWarning(indexes))
	if p.pasted > 0 {
		resp.Warning = joinWarnings(resp.Warning, fmt.Sprintf("the query is %d KiB: its first %d KiB and last %d KiB were read",
			(p.pasted+1023)>>10, queryHead>>10, (MaxQueryBytes-queryHead)>>10))
	}
	if len(indexes) == 1 {
		m := indexes[0].Manifest().Meta
		resp.ProjectID, resp.RepositoryID = m.ProjectID, m.ID
		resp.DatabaseName = indexes[0].DatabaseName(kind)
	}
	var qvec []float32
	if p.Mode != ModeLexical { // lexical search needs no model
		if qvec, err = s.cfg.Embedder.EmbedQuery(ctx, search.ReportText(indexes, p.Query)); err != nil {
			return resp, fmt.Errorf("embed query: %w", err)
		}
	}
	req := search.Request{
		Query: p.Query, Kind: kind, Mode: p.Mode, Limit: p.Limit, PerFile: DefaultPerFile,
		Vector: qvec, Filter: store.Filter{FileType: p.FileType, Directory: p.Directory}, Options: s.cfg.Ranking,
	}
	if embedding.InProcess(s.cfg.Embedder) {
		req.Embedder = s.cfg.Embedder
	}
	found, err := search.Search(ctx, indexes, req)
	if err != nil {
		return resp, err
	}
	files := fileCache{text: map[string][]byte{}, maxSize: s.cfg.Walk.MaxFileSize}
	for _, f := range found {
		r := resultOf(f)
		if p.WithContext {
			r.ContextBefore, r.ContextAfter = files.context(f.Index.Manifest(), f.Chunk.FilePath, f.Start, f.End, r.Content)
		}
		resp.Results = append(resp.Results, r)
	}
	resp.TotalCount = len(resp.Results)
	resp.Latency = time.Since(start)
	return resp, nil
}

// goneWarning names the repositories searched whose directories are gone:
// their answers are files as they were, which resources/read can no
// longer show.
func goneWarning(indexes []store.Searcher) string {
	var gones []string
	for _, ix := range indexes {
		if m := ix.Manifest().Meta; gone(m.Path) {
			gones = append(gones, fmt.Sprintf("%s (%s)", m.ID, m.Path))
		}
	}
	if len(gones) == 0 {
		return ""
	}
	return fmt.Sprintf("the directory of %s is gone, and its answers are files as they were: remove the index with remove_repository (codeseek remove), or index the directory again", strings.Join(gones, ", "))
}

// gone reports a repository directory that no longer exists.
func gone(path string) bool {
	_, err := os.Stat(path)
	return errors.Is(err, fs.ErrNotExist)
}

// backendWarnings collects what the backends say about their answers.
func backendWarnings(indexes []store.Searcher) string {
	var out string
	for _, ix := range indexes {
		if w, ok := ix.(store.Warner); ok {
			out = joinWarnings(out, w.Warning())
		}
	}
	return out
}

// joinWarnings joins warnings in order, each unless those before say it
// already.
func joinWarnings(a string, more ...string) string {
	for _, b := range more {
		switch {
		case b == "" || strings.Contains(a, b):
		case a == "":
			a = b
		default:
			a += "; " + b
		}
	}
	return a
}

func indexIDs(indexes []store.Searcher) []string {
	ids := make([]string, len(indexes))
	for i, ix := range indexes {
		ids[i] = ix.Manifest().Meta.ID
	}
	return ids
}

func resultOf(f search.Result) formatter.SearchResult {
	c := f.Chunk.Full()
	return formatter.SearchResult{
		ChunkID: c.ID, FilePath: c.FilePath, Language: c.Language, Symbol: c.Symbol, SymbolKind: c.SymbolKind,
		Content: strings.Join(f.Lines, "\n"), StartLine: f.Start, EndLine: f.End, Score: f.Score,
		RepositoryID: f.Index.Manifest().Meta.ID, Copies: f.Copies,
	}
}

// selectIndexes loads the repositories a search covers and checks they were
// built with this service's embedder.
func (s *Service) selectIndexes(ctx context.Context, p SearchParams) ([]store.Searcher, error) {
	var ids []string
	if p.RepositoryID != "" {
		id, err := s.resolveRepo(p.RepositoryID)
		if err != nil {
			if first := s.firstIndexError(p.RepositoryID); first != nil {
				return nil, first
			}
			return nil, err
		}
		if m, err := s.store.Meta(id); err == nil && p.ProjectID != "" && m.ProjectID != p.ProjectID {
			return nil, argErrorf("project_id", "repository %s belongs to project %q, not %q: drop one of repository_id and project_id", id, m.ProjectID, p.ProjectID)
		}
		ids = []string{id}
	} else {
		metas, _ := s.store.List()
		hidden := 0
		for _, m := range metas {
			if !s.cfg.Roots.served(m.Path) {
				hidden++ // indexed outside the roots: not this server's to show
				continue
			}
			if p.ProjectID == "" || m.ProjectID == p.ProjectID {
				ids = append(ids, m.ID)
			}
		}
		if len(ids) == 0 && p.ProjectID != "" {
			return nil, argErrorf("project_id", "no indexed repository has project %q: call list_repositories to see the projects", p.ProjectID)
		}
		if len(ids) == 0 && hidden > 0 {
			return nil, argErrorf("repository_id", "no repository under this server's roots (%s) is indexed yet: call index_repository on one there, or start `codeseek serve` with --root (or CODESEEK_ROOTS) naming the directories to serve", s.cfg.Roots)
		}
		if len(ids) == 0 {
			if first := s.firstIndexError(""); first != nil {
				return nil, first
			}
			return nil, argErrorf("repository_id", "no repository is indexed yet: call index_repository first")
		}
	}
	var out []store.Searcher
	for _, id := range ids {
		ix, err := s.store.Load(ctx, id)
		if err != nil {
			var se *store.SchemaError
			if errors.Is(err, store.ErrCorrupt) || errors.As(err, &se) {
				return nil, fmt.Errorf("%w: rebuild it with `codeseek index --force %s`", err, s.pathOf(id))
			}
			return nil, err
		}
		m := ix.Manifest().Meta
		if m.Embedder != s.cfg.Embedder.ModelID() {
			return nil, fmt.Errorf("repository %s (%s) was indexed with embedder %s but this server uses %s: re-index it with `codeseek index --force %s`, or run with the embedder it was built with",
				m.ID, m.Path, m.Embedder, s.cfg.Embedder.ModelID(), m.Path)
		}
		out = append(out, ix)
	}
	return out, nil
}

// stored reports whether repository id has an index file, even one this
// version cannot read, so that it can still be named, searched (for the
// error that says how to rebuild it) and removed.
func (s *Service) stored(id string) bool {
	_, err := s.store.Meta(id)
	return err == nil || !errors.Is(err, fs.ErrNotExist)
}

// resolveRepo accepts a repository ID or a path to an indexed repository.
// Only ID-shaped strings are looked up as IDs, so a "../"-laden argument
// never reaches the store as a directory name. A repository outside the
// roots is refused.
func (s *Service) resolveRepo(idOrPath string) (string, error) {
	if isRepoID(idOrPath) && s.stored(idOrPath) {
		if err := s.checkServed(idOrPath); err != nil {
			return "", err
		}
		return idOrPath, nil
	}
	if err := s.cfg.Roots.Allow("repository_id", idOrPath); err != nil {
		return "", err
	}
	if root, err := RepoRoot(idOrPath); err == nil {
		if id := RepoID(root); s.stored(id) {
			return id, nil
		}
	}
	return "", argErrorf("repository_id", "%q is not an indexed repository: call list_repositories for the IDs, or index_repository to index it", idOrPath)
}

func (s *Service) pathOf(id string) string {
	if m, _ := s.store.Meta(id); m.Path != "" {
		return m.Path
	}
	return "PATH"
}

// fileCache reads each result file once per search.
type fileCache struct {
	text    map[string][]byte // absolute path -> content as shown; nil when unreadable
	maxSize int64
}

// context returns up to contextLines lines around lines start..end of the
// file, read from disk, or nothing when the file no longer ends that range
// with content's last line (it changed since it was indexed).
func (fc fileCache) context(m *store.Manifest, path string, start, end int, content string) (before, after string) {
	abs := filepath.Join(m.Meta.Path, filepath.FromSlash(path))
	text, ok := fc.text[abs]
	if !ok {
		if src, err := readResultFile(m, path, fc.maxSize); err == nil {
			text = src.Text
		}
		fc.text[abs] = text
	}
	if text == nil || start < 1 || end < start {
		return "", ""
	}
	from := max(0, start-1-contextLines)
	lines := lineWindow(text, from, end+contextLines)
	if len(lines) < end-from {
		return "", ""
	}
	if !strings.HasSuffix(strings.TrimRight(content, "\r\n"), strings.TrimRight(lines[end-1-from], "\r")) {
		return "", ""
	}
	return strings.Join(lines[:start-1-from], "\n"), strings.Join(lines[end-from:], "\n")
}

// lineWindow returns lines first..last-1 (0-based) of text, fewer when text
// ends sooner. Lines end at "\n" or "\r\n"; only the window is copied, so
// a hit in a large file costs a scan for newlines, not a copy of the file.
func lineWindow(text []byte, first, last int) []string {
	var out []string
	for i := 0; i < last; i++ {
		j := bytes.IndexByte(text, '\n')
		if j < 0 {
			if i >= first {
				out = append(out, string(text))
			}
			break
		}
		if i >= first {
			out = append(out, string(bytes.TrimSuffix(text[:j], []byte{'\r'})))
		}
		text = text[j+1:]
	}
	return out
}

// readResultFile reads a file of index m for display, under the same rules
// as indexing: a file that turned into a FIFO, a link out of the
// repository or something huge is refused, and secrets are redacted as
// they were in the chunks. The secret scan is skipped only for a file
// whose content is still what this indexer version indexed with no secret
// found in it; an edited file, or one the manifest says nothing about, is
// scanned.
func readResultFile(m *store.Manifest, path string, maxSize int64) (indexer.Source, error) {
	abs := filepath.Join(m.Meta.Path, filepath.FromSlash(path))
	opt := indexer.ReadOptions{Root: m.Meta.Path, MaxSize: maxSize}
	if f, ok := m.File(path); ok && f.SecretFree && m.Meta.ChunkerVersion == indexer.Version {
		return indexer.ReadSourceClean(abs, opt, f.Hash)
	}
	return indexer.ReadSource(abs, opt)
}
