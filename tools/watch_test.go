package tools

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/store"
)

// TestWatchMakesNewFilesSearchableWithinTwoSeconds is the watch contract:
// a file written to a watched repository is searchable within 2 seconds,
// with the default debounce, and a deleted one disappears as fast.
func TestWatchMakesNewFilesSearchableWithinTwoSeconds(t *testing.T) {
	svc := newTestService(t)
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.go": goFunc("Alpha", "alphaSpecialToken()")})

	ctx, cancel := context.WithCancel(context.Background())
	type run struct {
		rep     formatter.IndexReport
		changed []string
		err     error
	}
	runs := make(chan run, 10)
	stopped := make(chan error, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		stopped <- svc.Watch(ctx, WatchParams{
			Index:   IndexParams{RepoPath: root},
			OnIndex: func(rep formatter.IndexReport, changed []string, err error) { runs <- run{rep, changed, err} },
			OnError: func(err error) { t.Logf("watch: %v", err) },
		})
	}()
	// Registered after TempDir, so it runs first: a skip or failure must
	// still close the watch, or a system that deletes without POSIX
	// semantics (wine) cannot remove the watched directory.
	t.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
		}
	})
	first := <-runs
	if first.err != nil || first.rep.FilesIndexed != 1 || first.changed != nil {
		t.Fatalf("first run: %+v", first)
	}
	id := first.rep.RepositoryID

	waitFor := func(what string, ok func([]string) bool, query string) time.Duration {
		t.Helper()
		start := time.Now()
		for time.Since(start) < 5*time.Second {
			if ok(searchAll(t, svc, id, query)) {
				return time.Since(start)
			}
			time.Sleep(20 * time.Millisecond)
		}
		if changeEventsMayDrop {
			t.Skipf("%s: not visible to search after 5s; under wine the watch sometimes never hears of a change (3 of about 9 CI runs, the deletion or the new file), so the watch contract cannot be checked here", what)
		}
		t.Fatalf("%s: not visible to search after 5s", what)
		return 0
	}

	writeFiles(t, root, map[string]string{"pkg/new.go": goFunc("Omega", "omegaWatchedToken()")})
	took := waitFor("new file", func(p []string) bool { return slices.Contains(p, "pkg/new.go") }, "omegaWatchedToken")
	t.Logf("new file searchable after %s", took)
	if took > 2*time.Second {
		t.Errorf("new file searchable after %s, want ≤ 2s", took)
	}
	r := <-runs
	if r.err != nil || r.rep.FilesIndexed != 1 || r.rep.FilesUnchanged != 1 || !slices.Contains(r.changed, "pkg") && !slices.Contains(r.changed, "pkg/new.go") {
		t.Errorf("re-index after one new file: %+v", r)
	}

	os.Remove(filepath.Join(root, "a.go"))
	took = waitFor("deleted file", func(p []string) bool { return !slices.Contains(p, "a.go") }, "alphaSpecialToken")
	if took > 2*time.Second {
		t.Errorf("deleted file gone after %s, want ≤ 2s", took)
	}
	if r := <-runs; r.err != nil || r.rep.FilesDeleted != 1 {
		t.Errorf("re-index after a deletion: %+v", r)
	}

	// Rewriting a file with the same content, or writing one the walker
	// skips, must not rewrite the index.
	snap := filepath.Join(svc.cfg.DataDir, "repos", id, "index.csk")
	before, err := os.Stat(snap)
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, root, map[string]string{"pkg/new.go": goFunc("Omega", "omegaWatchedToken()")})
	os.WriteFile(filepath.Join(root, "logo.bin"), []byte{0x89, 'P', 0, 0}, 0o644)
	select {
	case r := <-runs:
		t.Errorf("re-index although nothing indexable changed: %+v", r)
	case <-time.After(time.Second):
	}
	if after, err := os.Stat(snap); err != nil || !after.ModTime().Equal(before.ModTime()) {
		t.Errorf("manifest rewritten although nothing indexable changed (%v)", err)
	}

	cancel()
	select {
	case err := <-stopped:
		if err != nil {
			t.Errorf("Watch after cancel: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Watch did not return after cancel")
	}
}

func TestWatchRejectsDryRunAndBadPaths(t *testing.T) {
	svc := newTestService(t)
	var ae *ArgError
	err := svc.Watch(context.Background(), WatchParams{Index: IndexParams{RepoPath: t.TempDir(), DryRun: true}})
	if !errors.As(err, &ae) || ae.Arg != "dry_run" {
		t.Errorf("dry run: err = %v, want an ArgError on dry_run", err)
	}
	err = svc.Watch(context.Background(), WatchParams{Index: IndexParams{RepoPath: filepath.Join(t.TempDir(), "missing")}})
	if !errors.As(err, &ae) || ae.Arg != "repo_path" {
		t.Errorf("missing path: err = %v, want an ArgError on repo_path", err)
	}
}

// TestWatchRetriesWhileAnotherProcessHoldsTheLock: a change made while
// another writer holds the data directory is reported once and indexed as
// soon as the lock is free, not lost until the next change.
func TestWatchRetriesWhileAnotherProcessHoldsTheLock(t *testing.T) {
	defer func(d time.Duration) { lockRetry = d }(lockRetry)
	lockRetry = 50 * time.Millisecond
	svc := newTestService(t)
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.go": goFunc("Alpha", "alphaSpecialToken()")})
	ctx, cancel := context.WithCancel(context.Background())
	type run struct {
		rep formatter.IndexReport
		err error
	}
	runs := make(chan run, 10)
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		svc.Watch(ctx, WatchParams{
			Index:   IndexParams{RepoPath: root},
			OnIndex: func(rep formatter.IndexReport, _ []string, err error) { runs <- run{rep, err} },
		})
	}()
	defer func() { cancel(); <-stopped }() // before lockRetry is restored
	if r := <-runs; r.err != nil {
		t.Fatal(r.err)
	}
	lock, err := store.LockWrites(svc.cfg.DataDir)
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, root, map[string]string{"b.go": goFunc("Beta", "betaSpecialToken()")})
	next := func() run {
		select {
		case r := <-runs:
			return r
		case <-time.After(5 * time.Second):
			t.Fatal("no run within 5s")
			return run{}
		}
	}
	if r := next(); !errors.Is(r.err, store.ErrLocked) {
		t.Fatalf("run under another writer's lock: %+v, want ErrLocked", r)
	}
	time.Sleep(300 * time.Millisecond) // several retries, none reported
	lock.Unlock()
	if r := next(); r.err != nil || r.rep.FilesIndexed != 1 {
		t.Fatalf("run after the lock was freed: %+v", r)
	}
}

// changeEventsMayDrop is set for the test binary built for wine
// (wine_windows_test.go), under which the watch sometimes never hears of
// a change: there a change that never shows skips the watch contract's
// check instead of failing it. Linux, macOS and Windows still fail it.
var changeEventsMayDrop bool
