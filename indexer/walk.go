package indexer

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/codeseek/codeseek/secrets"
)

// DefaultMaxFileSize is the size limit used when WalkOptions.MaxFileSize is
// zero. Larger files are almost always generated code, bundles or data
// dumps, which cost embedding time and drown search results.
const DefaultMaxFileSize = 1 << 20

// sniffSize is how much of a file is read to tell text from binary; git
// looks at a similar window (8000 bytes) for its own binary heuristic.
const sniffSize = 8 << 10

// Skip reasons. They are stable strings because they surface in tool
// output and users filter on them.
const (
	// ReasonIgnored: excluded by .gitignore, .git/info/exclude or .codeseekignore.
	ReasonIgnored = "ignored"
	// ReasonGenerated: a lock file or vector image (generatedRules), which
	// a .codeseekignore can re-include with "!", or an HTML page a
	// documentation generator made (generatorMarks).
	ReasonGenerated = "generated"
	// ReasonBinary: a NUL byte in the first 8,000, or more than 30% invalid UTF-8 or control
	// characters, so not text worth embedding. The walker judges the first
	// 8 KiB; chunking judges the whole file.
	ReasonBinary = "binary"
	// ReasonMinified: lines averaging over 1,000 bytes (see checkText), a
	// minified bundle or generated table that would embed as noise.
	ReasonMinified = "minified"
	// ReasonSecret: a file whose name marks it as credentials (.env,
	// id_rsa, *.pem, credentials.json, …; see secrets.FileRule). Its content
	// is never read.
	ReasonSecret = "secret_file"
	// ReasonTooLarge: larger than WalkOptions.MaxFileSize.
	ReasonTooLarge = "too_large"
	// ReasonSymlink: a symbolic link resolving outside the repository root,
	// which could otherwise leak unrelated files into the index.
	ReasonSymlink = "symlink_outside_root"
	// ReasonLinkInside: a symbolic link to a file inside the root, which
	// the walk indexes under its own path: a second copy would make each
	// of its declarations two, and every use of them ambiguous
	// (RxSwift's Sources/ links to its 435 source files).
	ReasonLinkInside = "symlink_inside_root"
	// ReasonBrokenLink: a symbolic link whose target does not exist (a
	// build output not built, a file of another checkout): nothing to
	// read, and no failure of the run, which would otherwise end with
	// errors every time.
	ReasonBrokenLink = "broken_symlink"
	// ReasonUnreadable: the file or directory could not be opened or read;
	// Skip.Err holds the cause.
	ReasonUnreadable = "unreadable"
	// ReasonSpecial: sockets, devices, fifos and the like, whose reading
	// could block or never end.
	ReasonSpecial = "not_regular_file"
)

// vcsDirs are version-control metadata directories: never source, and
// walking them would index object stores, so they are dropped silently.
var vcsDirs = map[string]bool{".git": true, ".hg": true, ".svn": true}

// IsRepository reports whether dir is a repository's root: it holds one
// of the version-control directories (vcsDirs).
func IsRepository(dir string) bool {
	for name := range vcsDirs {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			return true
		}
	}
	return false
}

// Names of the per-directory ignore files.
const (
	gitignoreName = ".gitignore"
	localIgnore   = ".codeseekignore"
)

// WalkOptions tunes Walk; the zero value uses the defaults.
type WalkOptions struct {
	// MaxFileSize is the largest file, in bytes, that is indexed; 0 means
	// DefaultMaxFileSize.
	MaxFileSize int64
	// Known, if set, reports files the previous index holds with this
	// size and modification time. Their content was judged when they were
	// indexed, so they are not opened and sniffed again: a re-index of a
	// large tree then reads only what changed (NewPlan sets it).
	Known func(rel string, size int64, modTime time.Time) bool
}

// File is a file selected for indexing.
type File struct {
	Path    string // repository-relative, '/'-separated: stable across machines
	Abs     string // absolute path on disk, for reading
	Size    int64
	ModTime time.Time
}

// Skip is a file or directory left out, with the reason, so that callers
// can report why something is missing from the index.
type Skip struct {
	Path   string // repository-relative, '/'-separated; directories end in '/'
	Reason string // one of the Reason* constants
	Err    error  // set for ReasonUnreadable
}

// Walk lists the files of the repository at root to index, in sorted path order,
// and everything it left out. It fails only when root itself cannot be walked
// (missing, not a directory, unreadable): the error names the path and the fix.
// Problems below the root become Skips so that one bad file never stops an
// index run. A cancelled ctx stops the walk and returns ctx's error.
func Walk(ctx context.Context, root string, opt WalkOptions) (files []File, skipped []Skip, err error) {
	if root == "" {
		return nil, nil, errors.New("index: empty path: pass the repository root")
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, nil, fmt.Errorf("index %s: %w", root, err)
	}
	fi, err := os.Stat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil, &rootError{fmt.Sprintf("index %s: no such directory: check the path", abs), err}
	case errors.Is(err, fs.ErrPermission):
		return nil, nil, &rootError{fmt.Sprintf("index %s: permission denied: make the directory readable by this user", abs), err}
	case err != nil:
		return nil, nil, &rootError{fmt.Sprintf("index %s: %v", abs, err), err}
	case !fi.IsDir():
		return nil, nil, &rootError{fmt.Sprintf("%s is a file, not a directory: pass the repository root", abs), nil}
	}
	// Links are judged against the resolved root so that a root reached
	// through a symlink (macOS /tmp, bind mounts) still contains its files.
	realRoot, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, nil, &rootError{fmt.Sprintf("index %s: cannot resolve the path: %v", abs, err), err}
	}
	entries, err := os.ReadDir(abs)
	if err != nil {
		msg := fmt.Sprintf("index %s: cannot read the directory: %v", abs, err)
		if errors.Is(err, fs.ErrPermission) {
			msg = fmt.Sprintf("index %s: permission denied: make the directory readable by this user", abs)
		}
		return nil, nil, &rootError{msg, err}
	}

	w := &walker{
		ctx:      ctx,
		realRoot: realRoot,
		maxSize:  opt.MaxFileSize,
		known:    opt.Known,
		buf:      make([]byte, sniffSize),
	}
	if w.maxSize <= 0 {
		w.maxSize = DefaultMaxFileSize
	}
	if err := w.dir(abs, "", entries, rootRules(abs)); err != nil {
		return nil, nil, fmt.Errorf("index %s: %w", abs, err)
	}
	// Directory order is not path order ("a-b" sorts before "a/b" but is
	// listed after "a"), so sort once at the end.
	slices.SortFunc(w.files, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	slices.SortFunc(w.skipped, func(a, b Skip) int { return strings.Compare(a.Path, b.Path) })
	return w.files, w.skipped, nil
}

// rootError keeps the message short and actionable while still letting
// callers test the cause with errors.Is (fs.ErrNotExist, fs.ErrPermission).
type rootError struct {
	msg string
	err error
}

func (e *rootError) Error() string { return e.msg }
func (e *rootError) Unwrap() error { return e.err }

// rootRules are the rules in force at the root: codeseek's own
// (generatedRules), then the repository's .git/info/exclude, both below
// every ignore file of the tree.
func rootRules(root string) ignoreRules {
	rules := ignoreRules{git: builtinRules()}
	if data, err := ReadFile(filepath.Join(gitDir(root), "info", "exclude"), ReadOptions{}); err == nil {
		rules.git = append(rules.git, parseIgnoreFile(data, "")...)
	}
	return rules
}

// gitDir finds the repository's git directory. In worktrees and submodules
// .git is a file pointing elsewhere, and info/exclude lives in the common
// directory, so follow both indirections like git does.
func gitDir(root string) string {
	dotGit := filepath.Join(root, ".git")
	fi, err := os.Lstat(dotGit)
	if err != nil || !fi.Mode().IsRegular() {
		return dotGit
	}
	data, err := ReadFile(dotGit, ReadOptions{})
	if err != nil {
		return dotGit
	}
	dir, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "gitdir:")
	if !ok {
		return dotGit
	}
	dir = resolveFrom(root, strings.TrimSpace(dir))
	if common, err := ReadFile(filepath.Join(dir, "commondir"), ReadOptions{}); err == nil {
		return resolveFrom(dir, strings.TrimSpace(string(common)))
	}
	return dir
}

func resolveFrom(base, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(base, p)
}

// walker holds the state of one Walk call.
type walker struct {
	ctx      context.Context
	realRoot string
	maxSize  int64
	known    func(rel string, size int64, modTime time.Time) bool
	buf      []byte // reused for binary sniffing
	files    []File
	skipped  []Skip
}

func (w *walker) skip(rel, reason string, err error) {
	w.skipped = append(w.skipped, Skip{Path: rel, Reason: reason, Err: err})
}

// dir processes the entries of directory absDir (repository-relative rel,
// "" for the root) under the ignore rules inherited from its parents.
func (w *walker) dir(absDir, rel string, entries []fs.DirEntry, rules ignoreRules) error {
	if err := w.ctx.Err(); err != nil {
		return err
	}
	rules = rules.with(w.readIgnore(absDir, rel, entries, gitignoreName), w.readIgnore(absDir, rel, entries, localIgnore))
	for _, e := range entries {
		if err := w.ctx.Err(); err != nil {
			return err
		}
		name := e.Name()
		if vcsDirs[name] {
			continue
		}
		p := name
		if rel != "" {
			p = rel + "/" + name
		}
		abs := filepath.Join(absDir, name)
		typ := e.Type()
		isDir := typ.IsDir()
		// Git treats a symlink as a file even when it points to a
		// directory, so "dir/" rules do not match links.
		if r := rules.excludedBy(p, isDir); r != nil {
			reason := ReasonIgnored
			if r.builtin {
				reason = ReasonGenerated
			}
			if isDir {
				p += "/"
			}
			w.skip(p, reason, nil)
			continue
		}
		switch {
		case isDir:
			sub, err := os.ReadDir(abs)
			if err != nil {
				w.skip(p+"/", ReasonUnreadable, err)
				continue
			}
			if err := w.dir(abs, p, sub, rules); err != nil {
				return err
			}
		case secrets.FileRule(p) != "":
			w.skip(p, ReasonSecret, nil)
		case typ&fs.ModeSymlink != 0:
			w.symlink(abs, p)
		case typ.IsRegular():
			info, err := e.Info()
			if err != nil {
				w.skip(p, ReasonUnreadable, err)
				continue
			}
			w.file(abs, abs, p, info)
		default:
			w.skip(p, ReasonSpecial, nil)
		}
	}
	return nil
}

// readIgnore parses the ignore file called name in absDir, if the listing
// holds one. Only regular files count (git refuses symlinked .gitignore
// files); an unreadable one shows up as an unreadable Skip when the walk
// reaches it, so its error is not reported twice.
func (w *walker) readIgnore(absDir, rel string, entries []fs.DirEntry, name string) []ignoreRule {
	i, found := slices.BinarySearchFunc(entries, name, func(e fs.DirEntry, name string) int {
		return strings.Compare(e.Name(), name)
	})
	if !found || !entries[i].Type().IsRegular() {
		return nil
	}
	data, err := ReadFile(filepath.Join(absDir, name), ReadOptions{})
	if err != nil {
		return nil
	}
	return parseIgnoreFile(data, rel)
}

// symlink follows a link at repository path rel. A link to a file outside
// the root is skipped, and so is one to a file inside it, which the walk
// reaches under its own path, under its own rules; links to directories
// are not descended, which rules out cycles.
func (w *walker) symlink(abs, rel string) {
	target, err := filepath.EvalSymlinks(abs)
	if errors.Is(err, fs.ErrNotExist) {
		w.skip(rel, ReasonBrokenLink, nil)
		return
	}
	if err != nil {
		w.skip(rel, ReasonUnreadable, err) // a loop of links
		return
	}
	info, err := os.Stat(target)
	if err != nil {
		w.skip(rel, ReasonUnreadable, err)
		return
	}
	in := inside(w.realRoot, target)
	if info.IsDir() {
		if !in {
			w.skip(rel+"/", ReasonSymlink, nil)
		}
		return
	}
	if !in {
		w.skip(rel, ReasonSymlink, nil)
		return
	}
	// A link must not smuggle in what the walk skips by name (notes.txt ->
	// id_rsa).
	if targetRel, err := filepath.Rel(w.realRoot, target); err == nil && secrets.FileRule(filepath.ToSlash(targetRel)) != "" {
		w.skip(rel, ReasonSecret, nil)
		return
	}
	w.skip(rel, ReasonLinkInside, nil)
}

// file applies the type, size and content filters to the file at abs (the
// link's target when abs is a symlink), listed as rel.
func (w *walker) file(abs, target, rel string, info fs.FileInfo) {
	if err := checkRegular(rel, info, w.maxSize); err != nil {
		w.skipErr(rel, err)
		return
	}
	if w.known == nil || !w.known(rel, info.Size(), info.ModTime()) {
		if err := w.sniff(target, rel); err != nil {
			w.skipErr(rel, err)
			return
		}
	}
	w.files = append(w.files, File{Path: rel, Abs: abs, Size: info.Size(), ModTime: info.ModTime()})
}

// skipErr records a file that failed a check: under its reason when it is
// a *SkipError, else as unreadable with the cause.
func (w *walker) skipErr(rel string, err error) {
	if reason := SkipReason(err); reason != "" {
		w.skip(rel, reason, nil)
		return
	}
	w.skip(rel, ReasonUnreadable, err)
}

// sniff judges the first 8 KiB of the file at target (symlink-free): NUL
// bytes or a high share of invalid UTF-8 mean binary, and a small file is
// judged whole, minified lines included. Opening it here also proves it is
// readable, and a regular file, before the pipeline commits to it.
func (w *walker) sniff(target, rel string) error {
	f, _, err := openRegular(rel, target, w.maxSize)
	if err != nil {
		return err
	}
	defer f.Close()
	n, err := io.ReadFull(f, w.buf)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return err
	}
	return checkText(rel, w.buf[:n], n < len(w.buf))
}
