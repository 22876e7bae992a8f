package indexer

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ReadOptions bounds a read of one file by ReadFile or ReadSource.
type ReadOptions struct {
	// Root, when set, is the directory the file must stay inside once
	// every symlink is resolved: a link inside a repository that points to
	// /etc/passwd or /dev/zero is refused, not followed.
	Root string
	// MaxSize is the largest file, in bytes, that is read; 0 means
	// DefaultMaxFileSize. It is enforced on the bytes actually read, so a
	// file that grows, or a /proc file that reports size 0, cannot exceed it.
	MaxSize int64
}

func (o ReadOptions) maxSize() int64 {
	if o.MaxSize <= 0 {
		return DefaultMaxFileSize
	}
	return o.MaxSize
}

// SkipError is a file that codeseek refuses to read, for one of the Reason*
// causes: not a regular file, a symlink leaving the root, too large, binary,
// minified, a secret file. Callers report Reason in skip counts and show
// Error to users.
type SkipError struct {
	Path   string
	Reason string
	// Detail completes the message ("a named pipe (FIFO)", "1 MiB", the
	// link's target); it never contains file content.
	Detail string
}

func (e *SkipError) Error() string {
	switch e.Reason {
	case ReasonSpecial:
		return fmt.Sprintf("%s is %s, not a regular file: codeseek reads only regular files", e.Path, e.Detail)
	case ReasonSymlink:
		return fmt.Sprintf("%s resolves to %s, outside the repository root: codeseek does not follow links out of the repository", e.Path, e.Detail)
	case ReasonTooLarge:
		return fmt.Sprintf("%s is larger than the %s limit: raise --max-file-size to read it", e.Path, e.Detail)
	case ReasonBinary:
		return fmt.Sprintf("%s looks binary (%s): codeseek reads only text", e.Path, e.Detail)
	case ReasonMinified:
		return fmt.Sprintf("%s looks minified or generated (%s): codeseek does not index it", e.Path, e.Detail)
	case ReasonSecret:
		return fmt.Sprintf("%s is a secret file (%s): codeseek never reads it", e.Path, e.Detail)
	}
	return fmt.Sprintf("%s: %s (%s)", e.Path, e.Reason, e.Detail)
}

// SkipReason returns the Reason* of err when it is a *SkipError, else "".
func SkipReason(err error) string {
	var se *SkipError
	if errors.As(err, &se) {
		return se.Reason
	}
	return ""
}

// ReadFile returns the content of path if, and only if, it is a regular
// file within opt's limits. Every read of repository content goes through
// here or ReadSource (the walker, chunking, get_symbols, search context,
// ignore files), so that no path can make codeseek read a device, block on
// a FIFO, follow a link out of the repository or read more than the limit.
//
// Symlinks are resolved first and the target judged; the target is then
// opened without following links and non-blocking, and judged again on the
// open descriptor, so a file swapped for a FIFO or a link between the check
// and the open is refused instead of blocking or escaping. At most
// opt.MaxSize bytes are read: a file found larger, even one that grew since
// it was listed or a /proc file reporting size 0, is refused with
// ReasonTooLarge instead of read whole.
func ReadFile(path string, opt ReadOptions) ([]byte, error) {
	target, err := resolve(path, opt.Root)
	if err != nil {
		return nil, err
	}
	return readRegular(path, target, opt.maxSize())
}

// resolve returns path with every symlink resolved, refusing a result
// outside root (when root is set).
func resolve(path, root string) (string, error) {
	target, err := filepath.EvalSymlinks(path)
	if err != nil || root == "" {
		return target, err
	}
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return "", fmt.Errorf("resolve the repository root %s: %w", root, err)
	}
	if abs, err := filepath.Abs(target); err == nil {
		target = abs
	}
	if !inside(realRoot, target) {
		return "", &SkipError{Path: path, Reason: ReasonSymlink, Detail: target}
	}
	return target, nil
}

// readRegular reads target (symlink-free; path is what the caller named,
// for messages) through openRegular, at most limit bytes.
func readRegular(path, target string, limit int64) ([]byte, error) {
	f, info, err := openRegular(path, target, limit)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var buf bytes.Buffer
	buf.Grow(int(min(info.Size(), limit)) + bytes.MinRead)
	n, err := buf.ReadFrom(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if n > limit {
		return nil, tooLarge(path, limit)
	}
	return buf.Bytes(), nil
}

// openRegular opens target (symlink-free; path is what the caller named, for
// messages) after checking that it is a regular file no larger than limit.
func openRegular(path, target string, limit int64) (*os.File, fs.FileInfo, error) {
	info, err := os.Lstat(target)
	if err != nil {
		return nil, nil, err
	}
	if err := checkRegular(path, info, limit); err != nil {
		return nil, nil, err
	}
	f, err := os.OpenFile(target, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, nil, err
	}
	// The file may have been replaced since the Lstat: judge what was opened.
	got, err := f.Stat()
	if err == nil {
		err = checkRegular(path, got, limit)
	}
	if err == nil && !os.SameFile(info, got) {
		err = fmt.Errorf("%s changed while it was being opened", path)
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, got, nil
}

func checkRegular(path string, info fs.FileInfo, limit int64) error {
	if !info.Mode().IsRegular() {
		return &SkipError{Path: path, Reason: ReasonSpecial, Detail: describeMode(info.Mode())}
	}
	if info.Size() > limit {
		return tooLarge(path, limit)
	}
	return nil
}

func tooLarge(path string, limit int64) error {
	return &SkipError{Path: path, Reason: ReasonTooLarge, Detail: formatSize(limit)}
}

// describeMode names a non-regular file type for error messages.
func describeMode(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "not a regular file (" + m.Type().String() + ")"
}

func formatSize(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d-byte", n)
}

// inside reports whether path lies in dir (both absolute, symlink-free).
func inside(dir, path string) bool {
	return path == dir || strings.HasPrefix(path, strings.TrimSuffix(dir, string(filepath.Separator))+string(filepath.Separator))
}
