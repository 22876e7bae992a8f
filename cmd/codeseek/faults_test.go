//go:build linux

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/codeseek/codeseek/store"
	"github.com/codeseek/codeseek/tools"
)

// The tests here give index runs real resource faults (a full disk, a
// read-only data directory, a memory cgroup too small for the run, a kill
// while segments merge) and check what the issue of monorepo scale asks:
// a clear error naming the cause and the fix, the previous index answering
// the same queries byte for byte, and no orphaned files after the next
// run. They need root for mount and cgroups, and skip without it.

// faultQueries are asked before and after each fault.
var faultQueries = []string{crashMarker, "merge the ledger records", "decode token buffer"}

// answers runs faultQueries through the CLI and returns their results.
func answers(t *testing.T, dataDir, root string) string {
	t.Helper()
	var all bytes.Buffer
	for _, q := range faultQueries {
		code, out, errOut := cli(t, dataDir, "search", q, "--repo", root, "--format", "json", "--detail", "concise", "--limit", "10")
		if code != 0 {
			t.Fatalf("search %q: exit %d: %s", q, code, errOut)
		}
		var r struct {
			Results json.RawMessage `json:"results"`
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil || len(r.Results) < 3 {
			t.Fatalf("search %q: %q (%v)", q, out, err)
		}
		all.Write(r.Results)
	}
	return all.String()
}

// mountTmpfs mounts a tmpfs of size bytes for the test, or skips it.
func mountTmpfs(t *testing.T, size int64) string {
	t.Helper()
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, fmt.Sprintf("size=%d", size)); err != nil {
		t.Skipf("cannot mount a tmpfs (needs root): %v", err)
	}
	t.Cleanup(func() { syscall.Unmount(dir, syscall.MNT_DETACH) })
	return dir
}

// noOrphans checks that repository root's directory holds only its
// manifest and the segments the manifest lists.
func noOrphans(t *testing.T, dataDir, root, when string) {
	t.Helper()
	s, err := store.Open(dataDir)
	if err != nil {
		t.Fatal(err)
	}
	m, err := s.Previous(tools.RepoID(root))
	if err != nil || m == nil {
		t.Fatalf("%s: read the manifest: %v", when, err)
	}
	want := map[string]bool{"index.csk": true}
	for _, si := range m.Segments {
		want[fmt.Sprintf("seg-%016x.cseg", si.ID)] = true
	}
	entries, err := os.ReadDir(filepath.Join(dataDir, "repos", tools.RepoID(root)))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !want[e.Name()] {
			t.Errorf("%s: orphaned file %s", when, e.Name())
		}
	}
}

// dirBytes is the size of the files under dir.
func dirBytes(t *testing.T, dir string) int64 {
	t.Helper()
	var n int64
	filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if info, err := d.Info(); err == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n
}

// growCorpus adds n generated files to root, so the next index needs
// about that many files' worth of new space.
func growCorpus(t *testing.T, root string, n int) {
	t.Helper()
	extra := writeLargeCorpus(t, n, 8, 0)
	err := filepath.WalkDir(extra, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(extra, p)
		dst := filepath.Join(root, "grown", strings.Replace(rel, crashMarker, "Grown"+crashMarker, 1))
		os.MkdirAll(filepath.Dir(dst), 0o755)
		return os.WriteFile(dst, bytes.ReplaceAll(b, []byte(crashMarker), []byte("Grown"+crashMarker)), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestDiskFullKeepsPreviousIndex(t *testing.T) {
	if testing.Short() {
		t.Skip("indexes a generated corpus several times; skipped with -short")
	}
	root := writeLargeCorpus(t, 150, 8, 0)
	probe := t.TempDir()
	if code, _, errOut := cli(t, probe, "index", root); code != 0 {
		t.Fatalf("index: exit %d: %s", code, errOut)
	}
	// Room for the index and a little more, not for ten times its files.
	dataDir := mountTmpfs(t, 2*dirBytes(t, probe)+256<<10)
	if code, _, errOut := cli(t, dataDir, "index", root); code != 0 {
		t.Fatalf("index into the tmpfs: exit %d: %s", code, errOut)
	}
	before := answers(t, dataDir, root)
	growCorpus(t, root, 1500)

	// The disk fills in the commit's write, and, with a small budget, in a
	// segment written in the background while the run goes on.
	for _, budget := range []string{"768MiB", "64MiB"} {
		code, _, errOut := cli(t, dataDir, "index", root, "--max-memory", budget)
		if code == 0 {
			t.Fatalf("budget %s: an index larger than the disk succeeded; the test's sizes are wrong", budget)
		}
		for _, want := range []string{"is full", "free some space", "--data-dir", "previous index is unchanged"} {
			if !strings.Contains(errOut, want) {
				t.Errorf("budget %s: the error does not say %q: %s", budget, want, errOut)
			}
		}
		if after := answers(t, dataDir, root); after != before {
			t.Errorf("budget %s: the previous index answers differently after the failed run", budget)
		}
		noOrphans(t, dataDir, root, "after the failed run with budget "+budget)
	}

	// Once there is room again, the next run completes and leaves nothing behind.
	os.RemoveAll(filepath.Join(root, "grown"))
	os.WriteFile(filepath.Join(root, "pkg00", "extra.go"), []byte("package pkg00\n\nfunc ExtraLedger() {}\n"), 0o644)
	if code, _, errOut := cli(t, dataDir, "index", root); code != 0 {
		t.Fatalf("index after freeing space: exit %d: %s", code, errOut)
	}
	noOrphans(t, dataDir, root, "after the next run")
}

func TestReadOnlyDataDirKeepsIndex(t *testing.T) {
	dataDir := mountTmpfs(t, 64<<20)
	root := writeLargeCorpus(t, 60, 8, 0)
	if code, _, errOut := cli(t, dataDir, "index", root); code != 0 {
		t.Fatalf("index: exit %d: %s", code, errOut)
	}
	before := answers(t, dataDir, root)
	if err := syscall.Mount("", dataDir, "", syscall.MS_REMOUNT|syscall.MS_RDONLY, ""); err != nil {
		t.Skipf("cannot remount read-only: %v", err)
	}
	os.WriteFile(filepath.Join(root, "pkg00", "extra.go"), []byte("package pkg00\n\nfunc ExtraLedger() {}\n"), 0o644)
	code, _, errOut := cli(t, dataDir, "index", root)
	if code == 0 {
		t.Fatal("an index into a read-only data directory succeeded")
	}
	for _, want := range []string{"read-only file system", "--data-dir", "previous index is unchanged"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("the error does not say %q: %s", want, errOut)
		}
	}
	if after := answers(t, dataDir, root); after != before {
		t.Error("the index answers differently from a read-only data directory")
	}
}

// inCgroup runs the binary inside a fresh memory cgroup limited to limit
// bytes (v1 or v2, whichever this machine mounts), or skips the test.
func inCgroup(t *testing.T, limit int64, dataDir string, args ...string) (code int, stderr string) {
	t.Helper()
	name := fmt.Sprintf("codeseek-test-%d", time.Now().UnixNano())
	var dir, limitFile string
	if _, err := os.Stat("/sys/fs/cgroup/memory"); err == nil {
		dir, limitFile = filepath.Join("/sys/fs/cgroup/memory", name), "memory.limit_in_bytes"
	} else {
		dir, limitFile = filepath.Join("/sys/fs/cgroup", name), "memory.max"
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Skipf("cannot create a memory cgroup (needs root): %v", err)
	}
	defer os.Remove(dir)
	if err := os.WriteFile(filepath.Join(dir, limitFile), []byte(fmt.Sprint(limit)), 0o644); err != nil {
		t.Skipf("cannot limit a memory cgroup: %v", err)
	}
	cmd := exec.Command("sh", append([]string{"-c", `echo $$ > "$0/cgroup.procs" && exec "$@"`, dir, binPath}, args...)...)
	cmd.Env = append(os.Environ(), "CODESEEK_DATA_DIR="+dataDir, "CODESEEK_EMBEDDER=hash")
	var errb bytes.Buffer
	cmd.Stderr = &errb
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws := ee.Sys().(syscall.WaitStatus); ws.Signaled() {
			t.Fatalf("codeseek %v was killed by %v inside a %d MiB cgroup: %s", args, ws.Signal(), limit>>20, errb.String())
		}
		return ee.ExitCode(), errb.String()
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0, errb.String()
}

// TestIndexFitsMemoryCgroup runs an index inside memory cgroups: one that
// the run fits by sizing its budget to the limit (which a run holding the
// whole repository in memory would not), and one too small to start in,
// which gets a clear error instead of the kernel's OOM kill.
func TestIndexFitsMemoryCgroup(t *testing.T) {
	if testing.Short() {
		t.Skip("indexes a generated corpus; skipped with -short")
	}
	// About 420 MB at its peak when a run held the whole repository.
	root := writeLargeCorpus(t, 1500, 8, 40)
	dataDir := t.TempDir()
	if code, errOut := inCgroup(t, 200<<20, dataDir, "index", root); code != 0 {
		t.Fatalf("index in a 200 MiB cgroup: exit %d: %s", code, errOut)
	}
	checkIndexAnswers(t, dataDir, root, "after the index in a cgroup")
	code, errOut := inCgroup(t, 48<<20, t.TempDir(), "index", root)
	if code == 0 || !strings.Contains(errOut, "memory cgroup allows 48MiB") || !strings.Contains(errOut, "raise") {
		t.Errorf("index in a 48 MiB cgroup: exit %d, want a clear error naming the limit: %s", code, errOut)
	}
}

// TestKillDuringMergeLeavesNoOrphans indexes with a small memory budget,
// so the index has several segments, changes a slice of the files so the
// next run merges segments as it commits, kills that run while it writes,
// and checks that the previous index answers byte for byte and the next
// run leaves no orphaned segment or temporary file.
func TestKillDuringMergeLeavesNoOrphans(t *testing.T) {
	if testing.Short() {
		t.Skip("indexes a generated corpus several times; skipped with -short")
	}
	root := writeLargeCorpus(t, 1500, 8, 0)
	dataDir := t.TempDir()
	if code, _, errOut := cli(t, dataDir, "index", root, "--max-memory", "64MiB"); code != 0 {
		t.Fatalf("index: exit %d: %s", code, errOut)
	}
	s, _ := store.Open(dataDir)
	m, _ := s.Previous(tools.RepoID(root))
	if m == nil || len(m.Segments) < 2 {
		t.Fatalf("a 64 MiB budget wrote %v, want several segments", m)
	}
	before := answers(t, dataDir, root)
	for i := 0; i < 1500; i += 5 { // a fifth of the files: old segments become mostly dead and merge
		p := filepath.Join(root, fmt.Sprintf("pkg%02d", i%40), fmt.Sprintf("file%04d.go", i))
		b, _ := os.ReadFile(p)
		os.WriteFile(p, append(b, "\n// edited\n"...), 0o644)
	}
	repoDir := filepath.Join(dataDir, "repos", tools.RepoID(root))
	cmd := exec.Command(binPath, "index", root, "--max-memory", "64MiB")
	cmd.Env = append(os.Environ(), "CODESEEK_DATA_DIR="+dataDir, "CODESEEK_EMBEDDER=hash")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	killed := false
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline) && !killed; {
		if tmp, _ := filepath.Glob(filepath.Join(repoDir, ".tmp-seg-*")); len(tmp) > 0 {
			cmd.Process.Signal(syscall.SIGKILL)
			killed = true
			break
		}
		select {
		case err := <-exited:
			t.Fatalf("the run ended (%v) before it wrote a segment", err)
		case <-time.After(time.Millisecond):
		}
	}
	if !killed {
		cmd.Process.Kill()
		t.Fatal("the run never wrote a segment")
	}
	<-exited
	if after := answers(t, dataDir, root); after != before {
		t.Error("the previous index answers differently after the kill")
	}
	if code, _, errOut := cli(t, dataDir, "index", root, "--max-memory", "64MiB"); code != 0 {
		t.Fatalf("index after the kill: exit %d: %s", code, errOut)
	}
	noOrphans(t, dataDir, root, "after the run that followed the kill")
	checkIndexAnswers(t, dataDir, root, "after the run that followed the kill")
}
