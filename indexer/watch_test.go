package indexer

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// watchHarness runs a Watcher with a short debounce and collects its calls.
type watchHarness struct {
	t     *testing.T
	root  string
	w     *Watcher
	calls chan []string
	n     atomic.Int32
}

func startWatch(t *testing.T, root string, opt WatchOptions) *watchHarness {
	t.Helper()
	if opt.Debounce == 0 {
		opt.Debounce = 50 * time.Millisecond
	}
	opt.OnError = func(err error) { t.Logf("watch error: %v", err) }
	w, err := NewWatcher(root, opt)
	if err != nil {
		t.Fatal(err)
	}
	h := &watchHarness{t: t, root: root, w: w, calls: make(chan []string, 100)}
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		w.Run(ctx, func(_ context.Context, changed []string) {
			h.n.Add(1)
			h.calls <- changed
		})
	}()
	t.Cleanup(func() { cancel(); <-stopped })
	return h
}

func (h *watchHarness) write(rel, body string) {
	h.t.Helper()
	p := filepath.Join(h.root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		h.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		h.t.Fatal(err)
	}
}

// next waits for the next callback and returns its paths.
func (h *watchHarness) next(what string) []string {
	h.t.Helper()
	select {
	case c := <-h.calls:
		return c
	case <-time.After(3 * time.Second):
		h.t.Fatalf("%s: no re-index within 3s", what)
		return nil
	}
}

// none checks that no callback comes for a while.
func (h *watchHarness) none(what string) {
	h.t.Helper()
	select {
	case c := <-h.calls:
		h.t.Fatalf("%s: unexpected re-index for %q", what, c)
	case <-time.After(400 * time.Millisecond):
	}
}

// covers reports whether changed names path or a directory above it: files
// created in a directory before its watch exists are reported through the
// directory, which the re-index then walks.
func covers(changed []string, path string) bool {
	for _, c := range changed {
		if c == path || strings.HasPrefix(path, strings.TrimSuffix(c, "/")+"/") {
			return true
		}
	}
	return false
}

func TestWatcherDebouncesABurstIntoOneCall(t *testing.T) {
	h := startWatch(t, t.TempDir(), WatchOptions{})
	var want []string
	for i := range 20 {
		rel := "pkg/f" + string(rune('a'+i)) + ".go"
		h.write(rel, "package pkg\n")
		want = append(want, rel)
	}
	got := h.next("burst")
	for _, w := range want {
		if !covers(got, w) {
			t.Errorf("changed paths %q cover neither %s nor a directory holding it", got, w)
		}
	}
	h.none("after the burst")
	if n := h.n.Load(); n != 1 {
		t.Errorf("%d calls for one burst, want 1", n)
	}
}

func TestWatcherMaxDelayBoundsAnEndlessStream(t *testing.T) {
	h := startWatch(t, t.TempDir(), WatchOptions{Debounce: 200 * time.Millisecond, MaxDelay: 300 * time.Millisecond})
	start := time.Now()
	stop := time.After(1200 * time.Millisecond)
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for i := 0; ; i++ {
		select {
		case <-tick.C:
			h.write("stream.txt", strings.Repeat("x", i))
			continue
		case <-stop:
		}
		break
	}
	if h.n.Load() == 0 {
		t.Fatalf("no re-index during %s of writes every 50ms, MaxDelay 300ms", time.Since(start))
	}
}

func TestWatcherHonoursIgnoreRulesAndExclusions(t *testing.T) {
	root := t.TempDir()
	data := filepath.Join(root, ".codeseek-data")
	for _, d := range []string{"build", ".git/objects", "vendor/x", ".codeseek-data"} {
		os.MkdirAll(filepath.Join(root, d), 0o755)
	}
	os.WriteFile(filepath.Join(root, ".gitignore"), []byte("build/\n*.log\n"), 0o644)
	os.WriteFile(filepath.Join(root, ".codeseekignore"), []byte("vendor/\n"), 0o644)
	h := startWatch(t, root, WatchOptions{Exclude: []string{data}})
	for _, rel := range h.w.watchedDirs() {
		if rel != "" && rel != ".codeseek-data" {
			t.Errorf("watching ignored directory %q", rel)
		}
	}
	if slices.Contains(h.w.watchedDirs(), ".codeseek-data") {
		t.Error("watching the excluded data directory")
	}
	h.write("build/out.go", "package build\n")
	h.write("debug.log", "noise\n")
	h.write(".git/objects/ab", "blob\n")
	h.write("vendor/x/lib.go", "package x\n")
	h.write(".codeseek-data/index.csk", "snapshot\n")
	h.write("package-lock.json", "{}\n")
	h.none("writes to ignored paths and generated files")

	h.write("main.go", "package main\n")
	if got := h.next("a tracked file"); !slices.Equal(got, []string{"main.go"}) {
		t.Errorf("changed = %q, want [main.go]", got)
	}
}

func TestWatcherFollowsNewNestedDirectories(t *testing.T) {
	h := startWatch(t, t.TempDir(), WatchOptions{})
	h.write("a/b/c/x.go", "package c\n") // mkdir -p then write, faster than the watch
	if got := h.next("new tree"); !slices.Contains(got, "a") {
		t.Errorf("changed = %q, want the new directory a", got)
	}
	if !slices.Contains(h.w.watchedDirs(), "a/b/c") {
		t.Fatalf("a/b/c not watched; watched: %q", h.w.watchedDirs())
	}
	h.write("a/b/c/y.go", "package c\n")
	if got := h.next("file in new nested dir"); !slices.Equal(got, []string{"a/b/c/y.go"}) {
		t.Errorf("changed = %q, want [a/b/c/y.go]", got)
	}
}

func TestWatcherSurvivesDirectoryRenameAndDeletion(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "old", "sub"), 0o755)
	h := startWatch(t, root, WatchOptions{})

	if err := os.Rename(filepath.Join(root, "old"), filepath.Join(root, "new")); err != nil {
		t.Fatal(err)
	}
	got := h.next("rename")
	if !slices.Contains(got, "old") || !slices.Contains(got, "new") {
		t.Errorf("changed = %q, want old and new", got)
	}
	for _, rel := range h.w.watchedDirs() {
		if strings.HasPrefix(rel, "old") {
			t.Errorf("stale watch on %q after rename", rel)
		}
	}
	h.write("new/sub/z.go", "package sub\n")
	if got := h.next("file in renamed dir"); !slices.Equal(got, []string{"new/sub/z.go"}) {
		t.Errorf("changed = %q, want [new/sub/z.go] (not the stale old path)", got)
	}

	if err := os.RemoveAll(filepath.Join(root, "new")); err != nil {
		if watchedDirStays(err) {
			t.Skipf("this system deletes without POSIX semantics (wine), so a watched subdirectory stays, marked for deletion, until its watch closes: %v", err)
		}
		t.Fatal(err)
	}
	h.next("deletion")
	if got := h.w.watchedDirs(); !slices.Equal(got, []string{""}) {
		t.Errorf("watched after deletion: %q, want only the root", got)
	}
	h.write("new/sub/again.go", "package sub\n")
	h.next("recreated dir")
	h.write("new/sub/again2.go", "package sub\n")
	if got := h.next("file in recreated dir"); !slices.Equal(got, []string{"new/sub/again2.go"}) {
		t.Errorf("changed = %q, want [new/sub/again2.go]", got)
	}
}

func TestWatcherRereadsChangedIgnoreFiles(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "gen"), 0o755)
	h := startWatch(t, root, WatchOptions{})
	h.write(".gitignore", "gen/\n")
	h.next("ignore file edit")
	if slices.Contains(h.w.watchedDirs(), "gen") {
		t.Fatal("gen/ still watched after .gitignore excluded it")
	}
	h.write("gen/out.go", "package gen\n")
	h.none("write below a newly ignored directory")
}

func TestWatcherIgnoresChmod(t *testing.T) {
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, "a.go"), []byte("package a\n"), 0o644)
	h := startWatch(t, root, WatchOptions{})
	os.Chmod(filepath.Join(root, "a.go"), 0o600)
	h.none("chmod")
}
