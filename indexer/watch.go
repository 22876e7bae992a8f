package indexer

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"
)

// DefaultDebounce is the quiet period a Watcher waits for after the last
// change before it re-indexes: long enough to fold an editor's save dance,
// a `git checkout` or a formatter run into one re-index, short enough that
// a saved file is searchable about a second later.
const DefaultDebounce = 300 * time.Millisecond

// WatchOptions tunes a Watcher; the zero value uses the defaults.
type WatchOptions struct {
	// Debounce is the quiet period after the last change before the
	// callback runs; 0 means DefaultDebounce.
	Debounce time.Duration
	// MaxDelay bounds how long a stream of changes that never goes quiet
	// (a build writing files, a long checkout) can postpone a re-index;
	// 0 means 10 × Debounce.
	MaxDelay time.Duration
	// Exclude lists absolute paths that are never watched, typically the
	// data directory: every index write changes it, and watching it would
	// make each re-index trigger the next.
	Exclude []string
	// OnError receives problems that do not stop the watch (a directory
	// that cannot be watched, an event queue overflow); nil drops them.
	OnError func(error)
}

// Watcher keeps one repository under watch and calls back when something
// the walker would index may have changed. Linux has no recursive watch,
// so it watches every directory the walker would descend into, adds
// watches for new directories and drops those of directories renamed or
// deleted. Ignore rules are the walker's (.gitignore, info/exclude,
// .codeseekignore, VCS directories), so edits to build output never cause
// a re-index; a change to an ignore file re-reads the rules.
//
// The callback gets a hint, not a diff: the re-index it triggers compares
// the whole tree with the last index, so a missed or coalesced event can
// delay an update but never lose one.
type Watcher struct {
	root    string // absolute, symlinks resolved: the form event paths take
	opt     WatchOptions
	fw      *fsnotify.Watcher
	exclude []string
	// mu guards dirs, which Run's goroutine updates, against Dirs.
	mu sync.Mutex
	// dirs maps every watched directory (repository-relative, "" for the
	// root) to the ignore rules in force for its entries.
	dirs map[string]ignoreRules
}

// NewWatcher starts watching the repository at root. Events are queued
// from this moment on, so a change made after NewWatcher returns is never
// missed, even before Run starts.
func NewWatcher(root string, opt WatchOptions) (*Watcher, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("watch %s: %w", root, err)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	if opt.Debounce <= 0 {
		opt.Debounce = DefaultDebounce
	}
	if opt.MaxDelay <= 0 {
		opt.MaxDelay = 10 * opt.Debounce
	}
	w := &Watcher{root: abs, opt: opt, dirs: map[string]ignoreRules{}}
	for _, e := range opt.Exclude {
		if e == "" {
			continue
		}
		if a, err := filepath.Abs(e); err == nil {
			w.exclude = append(w.exclude, a)
			if real, err := filepath.EvalSymlinks(a); err == nil && real != a {
				w.exclude = append(w.exclude, real)
			}
		}
	}
	w.fw, err = fsnotify.NewWatcher()
	if err != nil {
		return nil, fmt.Errorf("watch %s: %w", abs, watchHint(err))
	}
	if err := w.fw.Add(abs); err != nil {
		w.fw.Close()
		return nil, fmt.Errorf("watch %s: %w", abs, watchHint(err))
	}
	w.addTree(abs, "", rootRules(abs))
	return w, nil
}

// Dirs is the number of directories under watch, so callers can tell users
// how much of the inotify watch budget a repository takes.
func (w *Watcher) Dirs() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.dirs)
}

// watchedDirs lists the watched directories, sorted, for tests.
func (w *Watcher) watchedDirs() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := make([]string, 0, len(w.dirs))
	for d := range w.dirs {
		out = append(out, d)
	}
	slices.Sort(out)
	return out
}

// Close stops the watch. Run closes the watcher itself when it returns;
// Close is for a Watcher that is never run.
func (w *Watcher) Close() error { return w.fw.Close() }

// Run delivers changes until ctx is done, then closes the watcher. After a
// burst of changes goes quiet for Debounce (or MaxDelay after the first
// unhandled change), onChange is called with the repository-relative paths
// that changed. Calls never overlap: changes made during a call are
// collected and handed to the next one, so a slow re-index is followed by
// exactly one more, not by a queue of them. Run waits for a running call
// to return before it returns.
func (w *Watcher) Run(ctx context.Context, onChange func(ctx context.Context, changed []string)) error {
	defer w.fw.Close()
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	var (
		pending = map[string]bool{}
		first   time.Time // when the oldest unhandled change arrived
		running bool
		done    = make(chan struct{})
	)
	arm := func() {
		d := w.opt.Debounce
		if left := time.Until(first.Add(w.opt.MaxDelay)); left < d {
			d = max(left, 0)
		}
		timer.Reset(d)
	}
	changed := func(rel string) {
		if len(pending) == 0 {
			first = time.Now()
		}
		pending[rel] = true
		if !running {
			arm()
		}
	}
	for {
		select {
		case <-ctx.Done():
			timer.Stop()
			if running {
				<-done
			}
			return nil
		case ev, ok := <-w.fw.Events:
			if !ok {
				return nil
			}
			w.mu.Lock()
			rel, ok := w.handle(ev)
			w.mu.Unlock()
			if ok {
				changed(rel)
			}
		case err, ok := <-w.fw.Errors:
			if !ok {
				return nil
			}
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				// Events were lost: rebuild the watch set, which also picks
				// up directories created unseen, and re-index to be safe.
				w.mu.Lock()
				w.rescan()
				w.mu.Unlock()
				changed("")
			}
			w.report(err)
		case <-timer.C:
			if running || len(pending) == 0 {
				continue
			}
			paths := make([]string, 0, len(pending))
			for p := range pending {
				paths = append(paths, p)
			}
			slices.Sort(paths)
			clear(pending)
			running = true
			go func() {
				defer func() { done <- struct{}{} }()
				onChange(ctx, paths)
			}()
		case <-done:
			running = false
			if len(pending) > 0 {
				arm()
			}
		}
	}
}

// handle updates the watch set for one event and reports whether it may
// change the index, with the repository-relative path it concerns.
func (w *Watcher) handle(ev fsnotify.Event) (string, bool) {
	if ev.Op == fsnotify.Chmod || ev.Name == "" {
		// A permission or atime change leaves content, size and mtime
		// alone; `touch` moves the mtime but not the content either.
		return "", false
	}
	rel, ok := w.rel(ev.Name)
	if !ok || rel == "" || w.excluded(ev.Name) {
		return "", false
	}
	parent, name := "", rel
	if i := strings.LastIndexByte(rel, '/'); i >= 0 {
		parent, name = rel[:i], rel[i+1:]
	}
	rules, watched := w.dirs[parent]
	if !watched || vcsDirs[name] {
		return "", false // inside an ignored, excluded or VCS directory
	}
	if ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename) {
		// A removed or renamed directory takes its subtree's watches with
		// it; a rename's new name arrives as a Create and is re-added.
		// Whether it was ignored no longer matters: the re-index will
		// notice if anything indexed is gone.
		_, wasDir := w.dirs[rel]
		if wasDir {
			w.dropTree(rel)
		}
		if name == gitignoreName || name == localIgnore {
			w.rescan()
			return rel, true
		}
		return rel, wasDir || !rules.ignored(rel, false)
	}
	if name == gitignoreName || name == localIgnore {
		// New rules can hide or reveal whole directories.
		w.rescan()
		return rel, true
	}
	fi, err := os.Lstat(ev.Name)
	isDir := err == nil && fi.IsDir()
	if rules.ignored(rel, isDir) {
		return "", false
	}
	if isDir && ev.Has(fsnotify.Create) {
		// A new directory (or one moved in) may already hold files and
		// subdirectories created before its watch existed; watching its
		// whole tree and re-indexing catches them.
		w.addTree(ev.Name, rel, rules)
	}
	return rel, true
}

// rel turns an absolute event path into a repository-relative one.
func (w *Watcher) rel(abs string) (string, bool) {
	if abs == w.root {
		return "", true
	}
	r, ok := strings.CutPrefix(abs, w.root+string(filepath.Separator))
	if !ok {
		return "", false
	}
	return filepath.ToSlash(r), true
}

func (w *Watcher) excluded(abs string) bool {
	for _, e := range w.exclude {
		if abs == e || strings.HasPrefix(abs, e+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// addTree watches directory abs (repository path rel) and every directory
// below it that the walker would descend into. inherited are the rules in
// force in its parent directory.
func (w *Watcher) addTree(abs, rel string, inherited ignoreRules) {
	entries, err := os.ReadDir(abs)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) { // gone again: nothing to watch
			w.report(fmt.Errorf("watch %s: %w", abs, err))
		}
		return
	}
	if rel != "" {
		if err := w.fw.Add(abs); err != nil {
			if !errors.Is(err, fs.ErrNotExist) {
				w.report(fmt.Errorf("watch %s: %w", abs, watchHint(err)))
			}
			return
		}
	}
	rules := inherited.with(readIgnoreFile(abs, rel, gitignoreName), readIgnoreFile(abs, rel, localIgnore))
	w.dirs[rel] = rules
	for _, e := range entries {
		if !e.IsDir() || vcsDirs[e.Name()] {
			continue
		}
		p := e.Name()
		if rel != "" {
			p = rel + "/" + p
		}
		sub := filepath.Join(abs, e.Name())
		if rules.ignored(p, true) || w.excluded(sub) {
			continue
		}
		w.addTree(sub, p, rules)
	}
}

// dropTree forgets directory rel and everything below it. The kernel has
// usually dropped the watches already (deleted directories); a renamed
// directory's children keep theirs under stale paths, which must go
// before the new name is watched.
func (w *Watcher) dropTree(rel string) {
	for d := range w.dirs {
		if d == rel || strings.HasPrefix(d, rel+"/") {
			delete(w.dirs, d)
			w.fw.Remove(filepath.Join(w.root, filepath.FromSlash(d))) // already gone is fine
		}
	}
}

// rescan rebuilds the watch set from the tree on disk, after ignore rules
// changed or events were lost.
func (w *Watcher) rescan() {
	for d := range w.dirs {
		if d != "" {
			w.fw.Remove(filepath.Join(w.root, filepath.FromSlash(d)))
		}
	}
	clear(w.dirs)
	w.addTree(w.root, "", rootRules(w.root))
}

func (w *Watcher) report(err error) {
	if w.opt.OnError != nil && err != nil {
		w.opt.OnError(err)
	}
}

// readIgnoreFile parses ignore file name in directory abs (repository
// path rel), if it is a regular file, as the walker does.
func readIgnoreFile(abs, rel, name string) []ignoreRule {
	p := filepath.Join(abs, name)
	fi, err := os.Lstat(p)
	if err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	data, err := ReadFile(p, ReadOptions{})
	if err != nil {
		return nil
	}
	return parseIgnoreFile(data, rel)
}

// watchHint adds the fix to the errors users can act on: running out of
// inotify watches or instances.
func watchHint(err error) error {
	switch {
	case errors.Is(err, syscall.ENOSPC):
		return fmt.Errorf("%w: too many directories for the inotify watch limit; raise it with `sysctl fs.inotify.max_user_watches=524288`", err)
	case errors.Is(err, syscall.EMFILE):
		return fmt.Errorf("%w: too many inotify instances; raise `fs.inotify.max_user_instances`", err)
	}
	return err
}
