package tools

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/indexer"
	"github.com/codeseek/codeseek/nav"
	"github.com/codeseek/codeseek/store"
)

// Navigation limits.
const (
	DefaultDefinitionLimit = 10
	DefaultReferenceLimit  = 200
	MaxReferenceLimit      = 5000
	DefaultCallDepth       = 1
	MaxCallDepth           = 5
	// DefaultMapTokens is code_map's budget when max_tokens is not given:
	// an overview an agent can afford to read first.
	DefaultMapTokens = 1500
)

// NavParams are the arguments the navigation tools share: which
// repository, and the symbol or position a query is about.
type NavParams struct {
	RepositoryID string
	// Symbol is a name as people write it: ParseDuration, Client.Do,
	// http.Client, os.path.join, Net::HTTP.
	Symbol string
	// FilePath, Line and Column are a position instead of Symbol;
	// FilePath is relative to the repository root (or absolute inside it).
	FilePath string
	Line     int
	Column   int
	// FileType and Directory narrow the files answers come from.
	FileType  string
	Directory string
}

// openNav checks a navigation call's filters, takes a search slot and
// loads its repository; the caller releases the slot once done.
func (s *Service) openNav(ctx context.Context, p *NavParams) (nav.Index, string, func(), error) {
	if err := p.checkFilters(); err != nil {
		return nil, "", nil, err
	}
	release, err := s.acquireSearch(ctx)
	if err != nil {
		return nil, "", nil, err
	}
	ix, id, err := s.navIndex(ctx, p)
	if err != nil {
		release()
		return nil, "", nil, err
	}
	return ix, id, release, nil
}

// navIndex loads the one repository a navigation call is about: the one
// named, the one an absolute file path lies in, else the only one this
// service serves or the one holding the working directory.
func (s *Service) navIndex(ctx context.Context, p *NavParams) (nav.Index, string, error) {
	if p.RepositoryID == "" && filepath.IsAbs(p.FilePath) {
		p.RepositoryID = s.repoHolding(p.FilePath)
	}
	if err := s.awaitFirstIndex(ctx, SearchParams{RepositoryID: p.RepositoryID}); err != nil {
		return nil, "", err
	}
	id := ""
	if p.RepositoryID != "" {
		var err error
		if id, err = s.resolveRepo(p.RepositoryID); err != nil {
			return nil, "", err
		}
	} else {
		var err error
		if id, err = s.defaultRepo(); err != nil {
			return nil, "", err
		}
	}
	sr, err := s.store.Load(ctx, id)
	if err != nil {
		var se *store.SchemaError
		if errors.Is(err, store.ErrCorrupt) || errors.As(err, &se) {
			return nil, "", fmt.Errorf("%w: rebuild it with `codeseek index --force %s`", err, s.pathOf(id))
		}
		return nil, "", err
	}
	if m := sr.Manifest().Meta; m.ChunkerVersion != indexer.Version {
		return nil, "", fmt.Errorf("repository %s (%s) was indexed by another codeseek version (rules %s; this one has %s), whose symbol graph navigation cannot read: run index_repository (or codeseek index %s) to rebuild it",
			id, m.Path, m.ChunkerVersion, indexer.Version, m.Path)
	}
	ix, ok := sr.(nav.Index)
	if !ok {
		return nil, "", fmt.Errorf("repository %s is stored in a backend without a symbol graph (%T): navigation needs the embedded store (--store embedded)", id, sr)
	}
	if err := s.navPath(ix, p); err != nil {
		return nil, "", err
	}
	if p.Directory != "" || p.FileType != "" { // a filter no file passes is a typo, not "no answers"
		if err := checkFiltersMatch([]store.Searcher{ix}, SearchParams{Directory: p.Directory, FileType: p.FileType}); err != nil {
			return nil, "", err
		}
	}
	return ix, id, nil
}

// repoHolding returns the served repository whose directory holds an
// absolute path, the innermost one; "" when none does.
func (s *Service) repoHolding(abs string) string {
	metas, _ := s.store.List()
	best, bestLen := "", -1
	for _, m := range metas {
		if !s.cfg.Roots.served(m.Path) {
			continue
		}
		if abs == m.Path || strings.HasPrefix(abs, m.Path+string(filepath.Separator)) {
			if len(m.Path) > bestLen {
				best, bestLen = m.ID, len(m.Path)
			}
		}
	}
	return best
}

// defaultRepo picks the repository when a call names none: the only one
// served, else the one holding the working directory.
func (s *Service) defaultRepo() (string, error) {
	metas, _ := s.store.List()
	var served []store.Meta
	for _, m := range metas {
		if s.cfg.Roots.served(m.Path) {
			served = append(served, m)
		}
	}
	switch len(served) {
	case 0:
		return "", argErrorf("repository_id", "no repository is indexed here yet: call index_repository first")
	case 1:
		return served[0].ID, nil
	}
	if wd, err := os.Getwd(); err == nil {
		if real, err := filepath.EvalSymlinks(wd); err == nil {
			if id := s.repoHolding(real); id != "" {
				return id, nil
			}
		}
	}
	var names []string
	for _, m := range served {
		names = append(names, m.ID+" ("+m.Path+")")
	}
	return "", argErrorf("repository_id", "is required when %d repositories are indexed: pass one of %s", len(served), strings.Join(names, ", "))
}

// navPath makes p.FilePath repository-relative and checks it and the
// position arguments.
func (s *Service) navPath(ix nav.Index, p *NavParams) error {
	if p.FilePath == "" {
		return nil
	}
	root := ix.Manifest().Meta.Path
	raw := p.FilePath
	fp := filepath.FromSlash(raw)
	if filepath.IsAbs(fp) {
		if err := s.cfg.Roots.Allow("file_path", fp); err != nil {
			return err
		}
		rel, err := filepath.Rel(root, fp)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return argErrorf("file_path", "%s is outside repository %s (%s): pass a path inside it", raw, ix.Manifest().Meta.ID, root)
		}
		fp = rel
	}
	rel := filepath.ToSlash(filepath.Clean(fp))
	if rel == ".." || strings.HasPrefix(rel, "../") || rel == "." {
		return argErrorf("file_path", "%q must name a file inside the repository, relative to its root", raw)
	}
	if _, ok := ix.Manifest().File(rel); !ok {
		return argErrorf("file_path", "%s is not an indexed file of %s: pass a repository-relative path as search results show it (or index the repository again)", rel, root)
	}
	p.FilePath = rel
	return nil
}

// position returns the position of p, or nil when p names a symbol; it
// checks that exactly one of the two is given.
func (p *NavParams) position() (*nav.Position, error) {
	hasSym, hasPos := strings.TrimSpace(p.Symbol) != "", p.FilePath != ""
	switch {
	case hasSym && hasPos:
		return nil, argErrorf("symbol", "and file_path were both given: pass a symbol, or a position (file_path and line), not both")
	case !hasSym && !hasPos:
		return nil, argErrorf("symbol", "is required: pass a symbol (ParseDuration, Client.Do, http.Client) or a position (file_path and line)")
	case hasSym:
		return nil, nil
	case p.Line == 0:
		return nil, argErrorf("line", "is required with file_path: pass the 1-based line of the symbol in file_path")
	case p.Line < 1:
		return nil, argErrorf("line", "%d is not a line: pass the 1-based line of the symbol in file_path", p.Line)
	case p.Column < 0:
		return nil, argErrorf("column", "%d is not a column: pass the 1-based byte column, or leave it out", p.Column)
	}
	return &nav.Position{Path: p.FilePath, Line: p.Line, Col: p.Column}, nil
}

// navError turns a navigation failure into what the caller can act on.
func navError(err error) error {
	switch {
	case errors.Is(err, nav.ErrNoSymbol):
		return &ArgError{Arg: "symbol", Msg: err.Error(), Err: err}
	case errors.Is(err, nav.ErrNoPosition), errors.Is(err, nav.ErrPastTheEnd):
		return &ArgError{Arg: "line", Msg: err.Error(), Err: err}
	case errors.Is(err, nav.ErrNotAName):
		return argErrorf("symbol", "%v", err)
	case errors.Is(err, nav.ErrNoGraph):
		return argErrorf("file_path", "%v", err)
	}
	return err
}

// keepFiles is the file_type and directory filter as a predicate.
func keepFiles(fileType, dir string) func(path, lang string) bool {
	if fileType == "" && dir == "" {
		return nil
	}
	f := store.Filter{FileType: fileType, Directory: dir}
	return func(p, lang string) bool { return f.Keeps(&store.Chunk{FilePath: p, Language: lang}) }
}

func (p *NavParams) checkFilters() error {
	dir, err := cleanDirectory(p.Directory)
	if err != nil {
		return err
	}
	p.Directory = dir
	return checkFileType(p.FileType)
}

// definitionOut converts a definition for rendering.
func definitionOut(d nav.Definition, repo string) formatter.Definition {
	return formatter.Definition{FilePath: d.Path, StartLine: d.Def.StartLine, EndLine: d.Def.EndLine, Line: d.Def.Line, Column: d.Def.Col,
		Symbol: d.Symbol(), Kind: d.Def.Kind, Signature: d.Def.Signature, Doc: d.Def.Doc, Language: d.Language, Match: d.Match, RepositoryID: repo}
}

func referenceOut(r nav.Reference) formatter.Reference {
	return formatter.Reference{FilePath: r.Path, Line: r.Line, Column: r.Col, Kind: r.Kind.String(), Enclosing: r.Enclosing, Text: r.Text, Match: r.Match, Via: r.Via}
}

// FindDefinition answers find_definition.
func (s *Service) FindDefinition(ctx context.Context, p NavParams, limit int) (formatter.DefinitionResponse, error) {
	start := time.Now()
	if limit < 1 || limit > MaxLimit {
		return formatter.DefinitionResponse{}, argErrorf("limit", "%d is out of range: use 1 to %d (default %d)", limit, MaxLimit, DefaultDefinitionLimit)
	}
	ix, id, release, err := s.openNav(ctx, &p)
	if err != nil {
		return formatter.DefinitionResponse{}, err
	}
	defer release()
	pos, err := p.position()
	if err != nil {
		return formatter.DefinitionResponse{}, err
	}
	resp := formatter.DefinitionResponse{Query: p.Symbol, RepositoryID: id}
	var defs []nav.Definition
	if pos != nil {
		resp.Query = positionString(*pos)
		defs, err = nav.DefinitionAt(ix, *pos)
	} else {
		defs, err = nav.DefinitionsOf(ix, p.Symbol)
	}
	if err != nil {
		return resp, navError(err)
	}
	keep := keepFiles(p.FileType, p.Directory)
	for _, d := range defs {
		if keep == nil || keep(d.Path, d.Language) {
			resp.Definitions = append(resp.Definitions, definitionOut(d, id))
		}
	}
	resp.TotalCount = len(resp.Definitions)
	if resp.TotalCount > limit {
		resp.Warning = joinWarnings(resp.Warning, fmt.Sprintf("%d of %d definitions shown (limit %d): raise limit, qualify the symbol (Client.Do, http.Client), or narrow with directory or file_type", limit, resp.TotalCount, limit))
		resp.Definitions = resp.Definitions[:limit]
	}
	paths := make([]string, 0, len(resp.Definitions)+1)
	if pos != nil {
		paths = append(paths, pos.Path)
	}
	for _, d := range resp.Definitions {
		paths = append(paths, d.FilePath)
	}
	resp.Warning = joinWarnings(resp.Warning, staleWarning(ix.Manifest(), paths))
	resp.Latency = time.Since(start)
	return resp, nil
}

func positionString(p nav.Position) string {
	s := p.Path + ":" + strconv.Itoa(p.Line)
	if p.Col > 0 {
		s += ":" + strconv.Itoa(p.Col)
	}
	return s
}

// ParseRefKinds reads a kind filter: one kind or a comma-separated list.
func ParseRefKinds(s string) ([]chunker.RefKind, error) {
	var out []chunker.RefKind
	for _, k := range strings.Split(s, ",") {
		k = strings.ToLower(strings.TrimSpace(k))
		if k == "" {
			continue
		}
		rk, ok := chunker.ParseRefKind(k)
		if !ok {
			return nil, argErrorf("kind", "%q is not a reference kind: use call, type, import, inherit or other (several joined by commas)", k)
		}
		out = append(out, rk)
	}
	return out, nil
}

// FindReferences answers find_references.
func (s *Service) FindReferences(ctx context.Context, p NavParams, kinds string, limit int) (formatter.ReferencesResponse, error) {
	start := time.Now()
	if limit < 1 || limit > MaxReferenceLimit {
		return formatter.ReferencesResponse{}, argErrorf("limit", "%d is out of range: use 1 to %d (default %d)", limit, MaxReferenceLimit, DefaultReferenceLimit)
	}
	ks, err := ParseRefKinds(kinds)
	if err != nil {
		return formatter.ReferencesResponse{}, err
	}
	ix, id, t, release, err := s.navTarget(ctx, &p)
	if err != nil {
		return formatter.ReferencesResponse{}, err
	}
	defer release()
	refs, err := nav.References(ix, t, nav.RefFilter{Kinds: ks, Keep: keepFiles(p.FileType, p.Directory)})
	if err != nil {
		return formatter.ReferencesResponse{}, navError(err)
	}
	resp := formatter.ReferencesResponse{Definition: definitionOut(t.Definition, id), RepositoryID: id, TotalCount: len(refs)}
	for _, r := range refs {
		if r.Match == nav.MatchExact {
			resp.ExactCount++
		}
	}
	for _, r := range refs[:min(limit, len(refs))] {
		resp.References = append(resp.References, referenceOut(r))
	}
	if len(refs) > limit {
		resp.Warning = fmt.Sprintf("%d of %d references shown (limit %d): raise limit, or narrow with kind, directory or file_type", limit, len(refs), limit)
	}
	paths := []string{t.Path}
	for _, r := range resp.References {
		paths = append(paths, r.FilePath)
	}
	resp.Warning = joinWarnings(ambiguity(t, "uses"), overloaded(ix, t), templateUnread(t), resp.Warning, staleWarning(ix.Manifest(), paths))
	resp.Latency = time.Since(start)
	return resp, nil
}

// templateUnread says that a component's template is not read for uses:
// a Vue or Svelte script binding used only there would seem unused.
func templateUnread(t nav.Target) string {
	if !chunker.ScriptHost(t.Path) {
		return ""
	}
	return fmt.Sprintf("uses in %s's template are not listed (only its <script> is read): grep the file for %s", t.Path, t.Def.Name)
}

// overloaded says why the uses of an overloaded member are name matches.
func overloaded(ix nav.Index, t nav.Target) string {
	n := nav.Overloads(ix, t)
	if n < 2 {
		return ""
	}
	return fmt.Sprintf("%s has %d overloads: its uses are name matches, as their argument types pick the overload (other classes' %s are left out)",
		t.Def.Qualified(), n, t.Def.Name)
}

// maxOthersNamed bounds the other declarations an ambiguity warning names.
const maxOthersNamed = 3

// ambiguity says that a bare name meant several declarations and the
// answer is about the first, naming the others and how to ask for one:
// vitest's resolveConfig is a helper in coverage.ts and the config
// resolver, and a list of one's callers must not pass for the other's.
func ambiguity(t nav.Target, what string) string {
	if len(t.Others) == 0 {
		return ""
	}
	var others []string
	for _, d := range t.Others[:min(len(t.Others), maxOthersNamed)] {
		others = append(others, fmt.Sprintf("%s at %s:%d", d.Def.Qualified(), d.Path, d.Def.Line))
	}
	return fmt.Sprintf("%s names %d declarations; these are the %s of %s at %s:%d. Others: %s. For another, pass file_path and line of its declaration, or a qualified symbol",
		t.Def.Name, len(t.Others)+1, what, t.Def.Qualified(), t.Path, t.Def.Line, strings.Join(others, ", ")+more(len(t.Others)-maxOthersNamed))
}

// navTarget opens the repository and resolves the symbol or position;
// the caller releases the search slot.
func (s *Service) navTarget(ctx context.Context, p *NavParams) (nav.Index, string, nav.Target, func(), error) {
	ix, id, release, err := s.openNav(ctx, p)
	if err != nil {
		return nil, "", nav.Target{}, nil, err
	}
	pos, err := p.position()
	if err == nil {
		var t nav.Target
		if t, err = nav.ResolveTarget(ix, p.Symbol, pos); err == nil {
			return ix, id, t, release, nil
		}
		err = navError(err)
	}
	release()
	return nil, "", nav.Target{}, nil, err
}

// CallHierarchy answers call_hierarchy.
func (s *Service) CallHierarchy(ctx context.Context, p NavParams, direction string, depth int) (formatter.CallHierarchyResponse, error) {
	start := time.Now()
	switch direction {
	case "":
		direction = "incoming"
	case "incoming", "outgoing":
	default:
		return formatter.CallHierarchyResponse{}, argErrorf("direction", "%q is not supported: use incoming (who calls it) or outgoing (what it calls)", direction)
	}
	if depth < 1 || depth > MaxCallDepth {
		return formatter.CallHierarchyResponse{}, argErrorf("depth", "%d is out of range: use 1 to %d (default %d)", depth, MaxCallDepth, DefaultCallDepth)
	}
	ix, id, t, release, err := s.navTarget(ctx, &p)
	if err != nil {
		return formatter.CallHierarchyResponse{}, err
	}
	defer release()
	nodes, n, cut, err := nav.CallHierarchy(ix, t, nav.CallOptions{Outgoing: direction == "outgoing", Depth: depth, Keep: keepFiles(p.FileType, p.Directory)})
	if err != nil {
		return formatter.CallHierarchyResponse{}, navError(err)
	}
	resp := formatter.CallHierarchyResponse{Root: definitionOut(t.Definition, id), Direction: direction, Depth: depth,
		Calls: callNodesOut(nodes), TotalCount: n, Truncated: cut, RepositoryID: id}
	if cut {
		resp.Warning = fmt.Sprintf("the tree was cut at %d functions: lower depth, or ask about one of its branches", nav.DefaultMaxCallNodes)
	}
	resp.Warning = joinWarnings(ambiguity(t, "calls"), resp.Warning, staleWarning(ix.Manifest(), append([]string{t.Path}, nodePaths(resp.Calls)...)))
	resp.Latency = time.Since(start)
	return resp, nil
}

// nodePaths are the files of a call tree, depth first.
func nodePaths(ns []formatter.CallNode) []string {
	var out []string
	for _, n := range ns {
		out = append(append(out, n.FilePath), nodePaths(n.Calls)...)
	}
	return out
}

func callNodesOut(ns []nav.CallNode) []formatter.CallNode {
	out := make([]formatter.CallNode, 0, len(ns))
	for _, n := range ns {
		sym := n.Symbol()
		if sym == "" {
			sym = "(top level)"
		}
		out = append(out, formatter.CallNode{Symbol: sym, Kind: n.Def.Kind, FilePath: n.Path, Line: n.Def.Line, Signature: n.Def.Signature,
			Match: n.Match, CallLines: n.CallLines, Calls: callNodesOut(n.Calls)})
	}
	return out
}

// CodeMap answers code_map.
func (s *Service) CodeMap(ctx context.Context, p NavParams) (formatter.CodeMapResponse, error) {
	start := time.Now()
	ix, id, release, err := s.openNav(ctx, &p)
	if err != nil {
		return formatter.CodeMapResponse{}, err
	}
	defer release()
	m := nav.CodeMap(ix, p.Directory, keepFiles(p.FileType, ""))
	resp := formatter.CodeMapResponse{RepositoryID: id, Directory: p.Directory, TotalFiles: m.TotalFiles, TotalSymbols: m.TotalSymbols}
	for _, f := range m.Files {
		mf := formatter.MapFile{FilePath: f.Path}
		for _, sym := range f.Symbols {
			mf.Symbols = append(mf.Symbols, formatter.MapSymbol{Symbol: sym.Def.Qualified(), Kind: sym.Def.Kind, Line: sym.Def.Line,
				Signature: sym.Def.Signature, References: sym.References, Rank: sym.Rank})
		}
		resp.Files = append(resp.Files, mf)
	}
	resp.Latency = time.Since(start)
	return resp, nil
}

// FindRelated answers find_related: the chunks most like the one at a
// line (other files first, tests last; nav.Related), shaped like search
// results.
func (s *Service) FindRelated(ctx context.Context, p NavParams, limit int) (formatter.SearchResponse, error) {
	start := time.Now()
	if limit < 1 || limit > MaxLimit {
		return formatter.SearchResponse{}, argErrorf("limit", "%d is out of range: use 1 to %d (default %d)", limit, MaxLimit, DefaultLimit)
	}
	if p.FilePath == "" {
		return formatter.SearchResponse{}, argErrorf("file_path", "is required: pass the file (and line) whose code to find relatives of")
	}
	if p.Line == 0 {
		return formatter.SearchResponse{}, argErrorf("line", "is required: pass a 1-based line of file_path, in the code to find relatives of")
	}
	if p.Line < 1 {
		return formatter.SearchResponse{}, argErrorf("line", "%d is not a line: pass a 1-based line of file_path", p.Line)
	}
	ix, id, release, err := s.openNav(ctx, &p)
	if err != nil {
		return formatter.SearchResponse{}, err
	}
	defer release()
	src, hits, err := nav.Related(ctx, ix, p.FilePath, p.Line, limit, store.Filter{FileType: p.FileType, Directory: p.Directory})
	if err != nil {
		return formatter.SearchResponse{}, navError(err)
	}
	m := ix.Manifest().Meta
	resp := formatter.SearchResponse{ProjectID: m.ProjectID, RepositoryID: id, DatabaseName: ix.DatabaseName(src.Kind),
		Title: fmt.Sprintf("Code like %s:%d-%d", src.FilePath, src.StartLine, src.EndLine)}
	for _, h := range hits {
		c := h.Chunk.Full()
		resp.Results = append(resp.Results, formatter.SearchResult{ChunkID: c.ID, FilePath: c.FilePath, Language: c.Language,
			Symbol: c.Symbol, SymbolKind: c.SymbolKind, Content: c.Content, StartLine: c.StartLine, EndLine: c.EndLine,
			Score: h.Score, RepositoryID: id, Copies: h.Copies})
	}
	resp.TotalCount = len(resp.Results)
	resp.Latency = time.Since(start)
	return resp, nil
}
