package formatter

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// URIScheme is the scheme of codeseek resource URIs.
const URIScheme = "codeseek"

// A hit's URI names its lines so an agent can read them (and widen the
// range) with resources/read: codeseek://REPO_ID/path/to/file.go#L10-L40.
// The path is the repository-relative path, percent-encoded where a URI
// needs it; the fragment is optional (the whole file) and may name one
// line (#L10).

// RepositoryURI is the URI prefix of repository id's files.
func RepositoryURI(id string) string {
	return URIScheme + "://" + id + "/"
}

// HitURI is the URI of lines start..end (1-based, inclusive) of path.
func HitURI(repoID, path string, start, end int) string {
	return RepositoryURI(repoID) + escapePath(path) + "#L" + strconv.Itoa(start) + "-L" + strconv.Itoa(end)
}

// escapePath percent-encodes what would end or change a URI path ("#",
// "?", "%", spaces, non-ASCII) and keeps "/".
func escapePath(p string) string {
	return strings.TrimPrefix((&url.URL{Path: "/" + p}).EscapedPath(), "/")
}

// Location is what a codeseek URI names.
type Location struct {
	RepositoryID string
	Path         string // repository-relative, '/'-separated
	// StartLine and EndLine are 1-based and inclusive; both 0 mean the
	// whole file.
	StartLine, EndLine int
}

// ParseURI reads a codeseek URI; its errors say what a valid one looks
// like, for agents that build URIs by hand. It is lenient the way such
// agents need: the path may be percent-encoded (as HitURI writes it) or
// raw, as the compact and Markdown formats tell agents to join it.
func ParseURI(s string) (Location, error) {
	const shape = "use codeseek://REPOSITORY_ID/path/to/file#L10-L40 (the uri of a search hit; #L… is optional)"
	rest, ok := strings.CutPrefix(s, URIScheme+"://")
	if !ok {
		return Location{}, fmt.Errorf("uri %q is not a codeseek uri: %s", s, shape)
	}
	id, path, _ := strings.Cut(rest, "/")
	var loc Location
	if i := strings.LastIndexByte(path, '#'); i >= 0 && strings.HasPrefix(path[i+1:], "L") {
		frag := path[i+1:]
		path = path[:i]
		from, to, isRange := strings.Cut(frag, "-")
		var err error
		loc.StartLine, err = lineNumber(from)
		loc.EndLine = loc.StartLine
		if err == nil && isRange {
			loc.EndLine, err = lineNumber(to)
		}
		if err != nil || loc.EndLine < loc.StartLine {
			return Location{}, fmt.Errorf("uri %q: fragment %q is not a line range: use #L10 or #L10-L40", s, frag)
		}
	}
	if decoded, err := url.PathUnescape(path); err == nil {
		path = decoded
	}
	loc.RepositoryID, loc.Path = id, path
	if id == "" || path == "" {
		return Location{}, fmt.Errorf("uri %q names no repository or no file: %s", s, shape)
	}
	return loc, nil
}

func lineNumber(s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimPrefix(s, "L"))
	if err != nil || n < 1 || !strings.HasPrefix(s, "L") {
		return 0, fmt.Errorf("bad line %q", s)
	}
	return n, nil
}
