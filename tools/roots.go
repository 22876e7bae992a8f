package tools

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Roots are the directories an MCP client may have read and indexed. The
// server's user chooses them (`serve --root`, CODESEEK_ROOTS); a client can
// name only paths inside them, and repositories indexed elsewhere (by the
// CLI, or under other roots) are invisible to it. A nil *Roots allows
// everything: the CLI acts for its user directly.
type Roots struct {
	dirs []string // absolute, cleaned, symlink-free
	// all is set by the root "/" (on Windows also `\`), which allows
	// every path on every drive: on Windows "/" alone would resolve to the
	// current drive's root.
	all bool
}

// NewRoots resolves each directory (absolute, symlinks evaluated) and
// checks it exists. "/" allows every path.
func NewRoots(dirs []string) (*Roots, error) {
	if len(dirs) == 0 {
		return nil, errors.New("no root directory given: pass --root DIR or set CODESEEK_ROOTS")
	}
	r := &Roots{}
	for _, d := range dirs {
		if filepath.ToSlash(d) == "/" {
			r.all = true
		}
		real, err := resolvePath(d)
		if err != nil {
			return nil, fmt.Errorf("root %q: %w", d, err)
		}
		fi, err := os.Stat(real)
		if err != nil {
			return nil, fmt.Errorf("root %q: %w", d, err)
		}
		if !fi.IsDir() {
			return nil, fmt.Errorf("root %q is a file, not a directory", d)
		}
		r.dirs = append(r.dirs, real)
	}
	return r, nil
}

// resolvePath makes path absolute, evaluates its symlinks and cleans it.
func resolvePath(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", err
	}
	return filepath.Clean(real), nil
}

// Dirs are the resolved root directories.
func (r *Roots) Dirs() []string {
	if r == nil {
		return nil
	}
	return append([]string(nil), r.dirs...)
}

// String lists the roots as a path list, the form CODESEEK_ROOTS takes.
func (r *Roots) String() string {
	return strings.Join(r.Dirs(), string(os.PathListSeparator))
}

// Contains reports whether the absolute, clean path is one of the roots
// or lies under one. It does not touch the file system.
func (r *Roots) Contains(path string) bool {
	if r == nil || r.all {
		return true
	}
	for _, d := range r.dirs {
		rel, err := filepath.Rel(d, path)
		if err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel) {
			return true
		}
	}
	return false
}

// Allow refuses a path outside the roots and nothing else: whether it
// exists is the caller's business.
func (r *Roots) Allow(arg, path string) error {
	if r == nil {
		return nil
	}
	real, _ := locate(path)
	return r.check(arg, real)
}

// locate is the real path of path when it exists. Otherwise it resolves
// the nearest existing ancestor and appends the rest, so a missing file
// under a symlink is placed where the link leads; the error says why the
// whole path could not be resolved.
func locate(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Clean(path), err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err == nil {
		return filepath.Clean(real), nil
	}
	rest := ""
	for dir := abs; ; {
		parent := filepath.Dir(dir)
		rest = filepath.Join(filepath.Base(dir), rest)
		if parent == dir {
			return abs, err
		}
		if r, perr := filepath.EvalSymlinks(parent); perr == nil {
			return filepath.Join(r, rest), err
		}
		dir = parent
	}
}

// check refuses a resolved path outside the roots.
func (r *Roots) check(arg, real string) error {
	if r.Contains(real) {
		return nil
	}
	return argErrorf(arg, "%s is outside the directories this server may read (%s): start `codeseek serve` with --root %s (or add it to CODESEEK_ROOTS) to allow it",
		real, r.String(), rootFor(real))
}

// rootFor is the directory to allow for a refused path: a root is a
// directory, so a file's (or a missing name's) is its parent's.
func rootFor(real string) string {
	if fi, err := os.Stat(real); err == nil && fi.IsDir() {
		return real
	}
	return filepath.Dir(real)
}

// served reports whether a stored repository at path may be shown to
// MCP clients. The path was symlink-free when indexed; it is resolved
// again in case a directory on the way has since become a link.
func (r *Roots) served(path string) bool {
	if r == nil {
		return true
	}
	if real, err := resolvePath(path); err == nil {
		path = real
	}
	return r.Contains(path)
}

// checkServed refuses a stored repository outside the roots. One whose
// manifest cannot be read is refused too when there are roots, since
// where it lies is unknown.
func (s *Service) checkServed(id string) error {
	if s.cfg.Roots == nil {
		return nil
	}
	m, err := s.store.Meta(id)
	if err != nil || m.Path == "" {
		return argErrorf("repository_id", "the index of %s cannot be read, so whether it lies inside this server's roots is unknown: rebuild it with `codeseek index --force PATH`", id)
	}
	if !s.cfg.Roots.served(m.Path) {
		return s.cfg.Roots.check("repository_id", m.Path)
	}
	return nil
}

// isRepoID reports whether s has the shape RepoID gives IDs.
func isRepoID(s string) bool {
	if len(s) != 12 {
		return false
	}
	for _, c := range s {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// repoRoot is RepoRoot for a repo_path argument, refused outside the roots
// before anything about the path is reported.
func (s *Service) repoRoot(path string) (string, error) {
	if path != "" {
		if err := s.cfg.Roots.Allow("repo_path", path); err != nil {
			return "", err
		}
	}
	return RepoRoot(path)
}
