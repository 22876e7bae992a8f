package tools

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/indexer"
)

// maxResourceText caps what one resources/read returns: a few thousand
// lines, more than an agent should pull into its context at once.
const maxResourceText = 256 << 10

// hitTemplate matches every codeseek file URI; ParseURI does the real
// parsing, so the template only has to route them here.
const hitTemplate = formatter.URIScheme + "://{repository_id}/{+path}"

// registerResources lists the hit-URI template and serves resources/read
// for it.
func (s *Service) registerResources(srv *server.MCPServer) {
	srv.AddResourceTemplate(mcp.NewResourceTemplate(hitTemplate, "Lines of an indexed file",
		mcp.WithTemplateDescription("The lines a search hit names: read the uri of a search_code or search_docs result "+
			"(codeseek://REPOSITORY_ID/path/to/file.go#L10-L40). Change the #L range to read around the hit; "+
			"leave it out for the whole file (up to 256 KiB)."),
		mcp.WithTemplateMIMEType("text/plain"),
	), s.handleReadResource)
}

func (s *Service) handleReadResource(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	text, err := s.ReadResource(req.Params.URI)
	if err != nil {
		return nil, err
	}
	return []mcp.ResourceContents{mcp.TextResourceContents{URI: req.Params.URI, MIMEType: "text/plain", Text: text}}, nil
}

// ReadResource returns the text a codeseek URI names: the lines of a file
// of an indexed repository, read from disk now.
func (s *Service) ReadResource(uri string) (string, error) {
	loc, err := formatter.ParseURI(uri)
	if err != nil {
		return "", err
	}
	path, root, err := s.resourceFile(loc)
	if err != nil {
		return "", err
	}
	// The one read path: a secret file is refused and secrets in a file
	// are redacted, as search shows them.
	src, err := indexer.ReadSource(path, indexer.ReadOptions{Root: root, MaxSize: s.maxFileSize()})
	switch reason := indexer.SkipReason(err); {
	case reason == indexer.ReasonBinary:
		return "", fmt.Errorf("%s is not a text file", loc.Path)
	case reason != "":
		return "", fmt.Errorf("%s: %w", uri, err)
	case err != nil:
		return "", fmt.Errorf("read %s: %w", uri, err)
	}
	text, err := lineRange(src.Text, loc.StartLine, loc.EndLine)
	if err != nil {
		return "", fmt.Errorf("%s: %w", uri, err)
	}
	if len(text) > maxResourceText {
		return "", fmt.Errorf("%s is %d KiB, more than the %d KiB one read returns: ask for fewer lines (#L1-L400)", uri, len(text)>>10, maxResourceText>>10)
	}
	return text, nil
}

// resourceFile resolves loc to the regular file it names and its
// repository's root, refusing anything outside what the server may read.
func (s *Service) resourceFile(loc formatter.Location) (path, root string, err error) {
	m, err := s.store.Meta(loc.RepositoryID)
	if err != nil {
		return "", "", fmt.Errorf("repository %q is not indexed: take the uri from a search result, or call list_repositories for the IDs", loc.RepositoryID)
	}
	if err := s.checkServed(m.ID); err != nil {
		return "", "", err
	}
	rel := filepath.FromSlash(loc.Path)
	if !filepath.IsLocal(rel) {
		return "", "", fmt.Errorf("path %q must be relative to the repository root and stay inside it", loc.Path)
	}
	real, err := filepath.EvalSymlinks(filepath.Join(m.Path, rel))
	if errors.Is(err, fs.ErrNotExist) {
		return "", "", fmt.Errorf("%s does not exist in repository %s (%s): it was deleted or renamed since indexing; search again", loc.Path, m.ID, m.Path)
	}
	if err != nil {
		return "", "", fmt.Errorf("resolve %s: %w", loc.Path, err)
	}
	if err := s.allowRead(m.Path, real); err != nil {
		return "", "", err
	}
	fi, err := os.Stat(real)
	if err != nil {
		return "", "", fmt.Errorf("stat %s: %w", loc.Path, err)
	}
	if !fi.Mode().IsRegular() {
		return "", "", fmt.Errorf("%s is not a regular file", loc.Path)
	}
	if limit := s.maxFileSize(); fi.Size() > limit {
		return "", "", fmt.Errorf("%s is %d bytes, larger than the %d-byte limit on indexed files", loc.Path, fi.Size(), limit)
	}
	return real, m.Path, nil
}

// allowRead is the single bound on the files resources/read opens: the
// resolved path (symlinks followed) must lie inside the repository's root
// and inside the server's allowed roots.
func (s *Service) allowRead(root, path string) error {
	rel, err := filepath.Rel(root, path)
	if err != nil || !filepath.IsLocal(rel) {
		return fmt.Errorf("%s is outside repository %s: only files of indexed repositories can be read", path, root)
	}
	return s.cfg.Roots.check("uri", path)
}

// maxFileSize is the indexer's size limit: a larger file has no hits.
func (s *Service) maxFileSize() int64 {
	if s.cfg.Walk.MaxFileSize > 0 {
		return s.cfg.Walk.MaxFileSize
	}
	return indexer.DefaultMaxFileSize
}

// lineRange returns lines start..end (1-based, inclusive) of src, line
// breaks kept except the last; 0, 0 is the whole file. An end past the
// last line is clamped, since files shrink after indexing.
func lineRange(src []byte, start, end int) (string, error) {
	if start == 0 {
		return string(src), nil
	}
	lines := strings.SplitAfter(string(src), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if start > len(lines) {
		return "", fmt.Errorf("line %d is past the end: the file has %d lines", start, len(lines))
	}
	end = min(end, len(lines))
	return strings.TrimSuffix(strings.Join(lines[start-1:end], ""), "\n"), nil
}
