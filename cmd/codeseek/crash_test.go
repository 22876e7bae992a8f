package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/store"
	"github.com/codeseek/codeseek/tools"
)

// crashMarker is an identifier found in exactly one file of the generated
// corpus, so a search for it proves the index answers correctly.
const crashMarker = "ReconcileLedgerCheckpoint"

// writeLargeCorpus generates a repository big enough that `codeseek index
// --force` runs for a few seconds: files × funcs Go functions in 40
// packages, each with a body of comment lines of varied words (which
// make chunks larger and the lexicon richer).
func writeLargeCorpus(t *testing.T, files, funcs, comments int) string {
	t.Helper()
	root := t.TempDir()
	words := []string{"parse", "render", "fetch", "store", "merge", "split", "encode", "decode", "retry", "index",
		"cache", "stream", "token", "buffer", "record", "window", "schema", "filter", "widget", "ledger"}
	for i := range files {
		pkg := fmt.Sprintf("pkg%02d", i%40)
		var b strings.Builder
		fmt.Fprintf(&b, "package %s\n\nimport \"strings\"\n\n", pkg)
		for j := range funcs {
			w1, w2 := words[(i+j)%len(words)], words[(i*7+j*3)%len(words)]
			name := fmt.Sprintf("%s%s%d_%d", strings.ToUpper(w1[:1])+w1[1:], strings.ToUpper(w2[:1])+w2[1:], i, j)
			if i == files/2 && j == 0 {
				name = crashMarker
			}
			fmt.Fprintf(&b, "// %s will %s the %s of the input and report how many were done.\n", name, w1, w2)
			fmt.Fprintf(&b, "func %s(in []string) (int, string) {\n\tn := 0\n\tvar out strings.Builder\n", name)
			for k := range comments {
				fmt.Fprintf(&b, "\t// step %d: %s the %s%d and %s%d first\n", k, words[(i+k)%len(words)], words[(j+k)%len(words)], i*k, words[k%len(words)], j+k*i)
			}
			fmt.Fprintf(&b, "\tfor _, s := range in {\n\t\tif strings.Contains(s, %q) {\n\t\t\tn++\n\t\t\tout.WriteString(s)\n\t\t}\n\t}\n", w2)
			fmt.Fprintf(&b, "\treturn n, out.String()\n}\n\n")
		}
		p := filepath.Join(root, pkg, fmt.Sprintf("file%04d.go", i))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// cli runs the binary with the data directory and returns its exit code
// and output.
func cli(t *testing.T, dataDir string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(binPath, args...)
	cmd.Env = append(os.Environ(), "CODESEEK_DATA_DIR="+dataDir, "CODESEEK_EMBEDDER=hash")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		code = ee.ExitCode()
	case err != nil:
		t.Fatalf("run %v: %v", args, err)
	}
	return code, out.String(), errb.String()
}

// checkIndexAnswers opens the data directory afresh, as a new process
// would, and checks the index of root loads (checksum and all) and finds
// the marker, and that the CLI answers from it without re-indexing.
func checkIndexAnswers(t *testing.T, dataDir, root, when string) {
	t.Helper()
	svc, err := tools.New(tools.Config{DataDir: dataDir, Embedder: embedding.HashEmbedder{}})
	if err != nil {
		t.Fatalf("%s: open data dir: %v", when, err)
	}
	resp, err := svc.Search(context.Background(), tools.SearchParams{Query: crashMarker, RepositoryID: tools.RepoID(root), Limit: 5})
	if err != nil {
		t.Fatalf("%s: search: %v", when, err)
	}
	// The chunker may merge the marker with its neighbours: "A, B, …".
	if len(resp.Results) == 0 || !strings.Contains(resp.Results[0].Symbol, crashMarker) {
		t.Fatalf("%s: search for %s: %+v", when, crashMarker, resp.Results)
	}

	code, out, errOut := cli(t, dataDir, "search", crashMarker, "--repo", root, "--format", "json", "--detail", "concise")
	if code != 0 || strings.Contains(errOut, "no index yet") {
		t.Fatalf("%s: codeseek search exit %d, stderr %s", when, code, errOut)
	}
	var got struct {
		Results []struct {
			FilePath string `json:"file_path"`
			Symbol   string `json:"symbol"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil || len(got.Results) == 0 || !strings.Contains(got.Results[0].Symbol, crashMarker) {
		t.Fatalf("%s: codeseek search answer %q (%v)", when, out, err)
	}
}

// TestKilledIndexLeavesPreviousIndexUsable SIGKILLs `codeseek index
// --force` at several points of a long run — early (walking, chunking),
// late (embedding) and while the new segment is being written — and
// checks each time that the previous index still opens and answers, and
// that the write lock died with the process.
func TestKilledIndexLeavesPreviousIndexUsable(t *testing.T) {
	if testing.Short() {
		t.Skip("indexes a generated corpus several times; skipped with -short")
	}
	root := writeLargeCorpus(t, 1500, 8, 0)
	dataDir := t.TempDir()
	start := time.Now()
	if code, _, errOut := cli(t, dataDir, "index", root, "--format", "json"); code != 0 {
		t.Fatalf("first index: exit %d: %s", code, errOut)
	}
	full := time.Since(start)
	t.Logf("full index of the corpus: %s", full.Round(time.Millisecond))
	checkIndexAnswers(t, dataDir, root, "after the first index")
	manifest := filepath.Join(dataDir, "repos", tools.RepoID(root), "index.csk")
	before, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}

	type killPoint struct {
		name string
		wait func(cmd *exec.Cmd) bool // returns false if the run ended first
	}
	after := func(d time.Duration) killPoint {
		return killPoint{d.String(), func(*exec.Cmd) bool { time.Sleep(d); return true }}
	}
	points := []killPoint{
		after(50 * time.Millisecond), after(200 * time.Millisecond), after(500 * time.Millisecond),
		after(time.Second), after(full / 3),
		{"while writing the new segment", func(*exec.Cmd) bool {
			// The temporary file appears when Save starts writing.
			deadline := time.Now().Add(3 * full)
			for time.Now().Before(deadline) {
				if m, _ := filepath.Glob(filepath.Join(filepath.Dir(manifest), ".tmp-*")); len(m) > 0 {
					return true
				}
				time.Sleep(time.Millisecond)
			}
			return false
		}},
	}
	for _, kp := range points {
		cmd := exec.Command(binPath, "index", "--force", root, "--format", "json")
		cmd.Env = append(os.Environ(), "CODESEEK_DATA_DIR="+dataDir, "CODESEEK_EMBEDDER=hash")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		reached := kp.wait(cmd)
		cmd.Process.Signal(syscall.SIGKILL)
		err := <-exited
		var ee *exec.ExitError
		killed := errors.As(err, &ee) && ee.Sys().(syscall.WaitStatus).Signaled()
		switch {
		case !killed:
			t.Logf("kill %s: the run finished first (%v); the new index must answer too", kp.name, err)
			if before, err = os.ReadFile(manifest); err != nil {
				t.Fatal(err)
			}
		case !reached:
			t.Errorf("kill %s: the kill point was never reached", kp.name)
		default:
			t.Logf("killed %s", kp.name)
			now, err := os.ReadFile(manifest)
			if err != nil || !bytes.Equal(now, before) {
				t.Errorf("kill %s: the manifest changed although the run was killed (%v)", kp.name, err)
			}
		}
		checkIndexAnswers(t, dataDir, root, "after the kill "+kp.name)
	}

	// The lock died with the last writer: a new run takes it and succeeds.
	code, out, errOut := cli(t, dataDir, "index", root, "--format", "json")
	if code != 0 {
		t.Fatalf("index after the kills: exit %d: %s", code, errOut)
	}
	var rep struct {
		Status         string `json:"status"`
		FilesIndexed   int    `json:"files_indexed"`
		FilesUnchanged int    `json:"files_unchanged"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.FilesIndexed+rep.FilesUnchanged != 1500 {
		t.Errorf("index after the kills: %s (%v)", out, err)
	}
	checkIndexAnswers(t, dataDir, root, "after the final index")
}

// TestSecondWriterGetsLockErrorNamingThePid runs two writers on one data
// directory: the second must fail fast with exit code 1 and an error
// naming the first one's pid, and leave the first one's index intact.
func TestSecondWriterGetsLockErrorNamingThePid(t *testing.T) {
	dataDir := t.TempDir()
	small := writeFixture(t)

	// A lock held by another process (this test) is reported with its pid.
	lock, err := store.LockWrites(dataDir)
	if err != nil {
		t.Fatal(err)
	}
	code, _, errOut := cli(t, dataDir, "index", small)
	lock.Unlock()
	want := "pid " + strconv.Itoa(os.Getpid())
	if code != 1 || !strings.Contains(errOut, want) {
		t.Fatalf("index under a held lock: exit %d, stderr %q; want exit 1 and %q", code, errOut, want)
	}

	// Two codeseek processes: the second sees the first's pid.
	if testing.Short() {
		return
	}
	root := writeLargeCorpus(t, 600, 8, 0)
	first := exec.Command(binPath, "index", root, "--format", "json")
	first.Env = append(os.Environ(), "CODESEEK_DATA_DIR="+dataDir, "CODESEEK_EMBEDDER=hash")
	var firstOut bytes.Buffer
	first.Stdout = &firstOut
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	pid := strconv.Itoa(first.Process.Pid)
	deadline := time.Now().Add(10 * time.Second)
	for {
		owner, _ := os.ReadFile(filepath.Join(dataDir, "write.lock"))
		if strings.TrimSpace(string(owner)) == pid {
			break
		}
		if time.Now().After(deadline) {
			first.Process.Kill()
			t.Fatalf("the first writer never took the lock (lock file: %q)", owner)
		}
		time.Sleep(5 * time.Millisecond)
	}
	code, _, errOut = cli(t, dataDir, "index", small)
	if err := first.Wait(); err != nil {
		t.Fatalf("first writer: %v", err)
	}
	if code != 1 || !strings.Contains(errOut, "pid "+pid) || !strings.Contains(errOut, "locked") {
		t.Errorf("second writer: exit %d, stderr %q; want exit 1 naming pid %s", code, errOut, pid)
	}
	if !strings.Contains(firstOut.String(), `"outcome": "completed"`) && !strings.Contains(firstOut.String(), `"outcome":"completed"`) {
		t.Errorf("first writer's report: %s", firstOut.String())
	}
}

// TestSearchNamesWhyItRebuildsAnOldIndex: `codeseek search` over an index
// of another format version rebuilds it and says why, instead of claiming
// there was no index.
func TestSearchNamesWhyItRebuildsAnOldIndex(t *testing.T) {
	root, dataDir := writeFixture(t), t.TempDir()
	if code, _, stderr := cli(t, dataDir, "index", root); code != 0 {
		t.Fatalf("index: exit %d: %s", code, stderr)
	}
	manifests, _ := filepath.Glob(filepath.Join(dataDir, "repos", "*", "index.csk"))
	if len(manifests) != 1 {
		t.Fatalf("manifests %v, want one", manifests)
	}
	b, err := os.ReadFile(manifests[0])
	if err != nil {
		t.Fatal(err)
	}
	b[8] = 1 // schema version 1
	if err := os.WriteFile(manifests[0], b, 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := cli(t, dataDir, "search", "--repo", root, "--format", "json", "retry the upload")
	if code != 0 || !strings.Contains(stdout, "retry.go") {
		t.Fatalf("search: exit %d, stdout %.300s, stderr %s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "rebuilt the index") || !strings.Contains(stderr, "version 1") {
		t.Errorf("stderr %q does not say the index was rebuilt and why", stderr)
	}
}
