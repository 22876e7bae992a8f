package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/tools"
)

// syncBuffer is a bytes.Buffer safe to read while a child process writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitUntil polls ok every 20ms and returns how long it took, failing the
// test after limit.
func waitUntil(t *testing.T, what string, limit time.Duration, ok func() bool) time.Duration {
	t.Helper()
	start := time.Now()
	for !ok() {
		if time.Since(start) > limit {
			t.Fatalf("%s: not within %s", what, limit)
		}
		time.Sleep(20 * time.Millisecond)
	}
	return time.Since(start)
}

const watchToken = "zebraWatchedFunction"

func watchedFile() string {
	return "package server\n\n// ZebraWatched was written while codeseek watched the repository.\nfunc ZebraWatched() { " + watchToken + "() }\n"
}

// TestIndexWatch runs `codeseek index --watch`: the first report goes to
// stdout, a file written afterwards is searchable (by another process
// reading the data directory) within 2 seconds, each re-index prints one
// line to stderr, and Ctrl-C ends the watch with exit code 0.
func TestIndexWatch(t *testing.T) {
	root := writeFixture(t)
	dataDir := t.TempDir()
	cmd := exec.Command(binPath, "index", "--watch", "--format", "json", root)
	cmd.Env = append(os.Environ(), "CODESEEK_DATA_DIR="+dataDir, "CODESEEK_EMBEDDER=hash")
	var stdout, stderr syncBuffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	// stdout and stderr reach us through separate pipes: wait for both.
	waitUntil(t, "watching message and first report", 30*time.Second, func() bool {
		return strings.Contains(stderr.String(), "watching") && json.Valid([]byte(stdout.String()))
	})
	var rep struct {
		Outcome      string `json:"outcome"`
		FilesIndexed int    `json:"files_indexed"`
	}
	if err := json.Unmarshal([]byte(stdout.String()), &rep); err != nil || rep.Outcome != "completed" || rep.FilesIndexed != 5 {
		t.Fatalf("first report on stdout: %q (%v)", stdout.String(), err)
	}

	svc, err := tools.New(tools.Config{DataDir: dataDir, Embedder: embedding.HashEmbedder{}})
	if err != nil {
		t.Fatal(err)
	}
	found := func(path string) bool {
		resp, err := svc.Search(context.Background(), tools.SearchParams{Query: watchToken, RepositoryID: tools.RepoID(root), Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		return slices.ContainsFunc(resp.Results, func(r formatter.SearchResult) bool { return r.FilePath == path })
	}
	os.WriteFile(filepath.Join(root, "server", "zebra.go"), []byte(watchedFile()), 0o644)
	took := waitUntil(t, "new file searchable", 10*time.Second, func() bool { return found("server/zebra.go") })
	t.Logf("searchable after %s", took)
	if took > 2*time.Second {
		t.Errorf("new file searchable after %s, want ≤ 2s", took)
	}
	waitUntil(t, "re-index line", 5*time.Second, func() bool { return strings.Contains(stderr.String(), "re-indexed") })
	line := stderr.String()[strings.Index(stderr.String(), "re-indexed"):]
	if !strings.Contains(line, "1 indexed") || !strings.Contains(line, "server/zebra.go") {
		t.Errorf("re-index line %q should say 1 indexed and name server/zebra.go", line)
	}

	cmd.Process.Signal(os.Interrupt)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("index --watch after Ctrl-C: %v (stderr %s)", err, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("index --watch did not stop on Ctrl-C")
	}
}

// TestServeWatch runs `codeseek serve --watch PATH`: the repository is
// indexed in the background, MCP searches answer meanwhile, and a file
// written later is found within 2 seconds.
func TestServeWatch(t *testing.T) {
	root := writeFixture(t)
	dataDir := t.TempDir()
	var stderr syncBuffer
	s := startServe(t, []string{"CODESEEK_DATA_DIR=" + dataDir, "CODESEEK_EMBEDDER=hash"}, &stderr, "--watch", root)

	id := tools.RepoID(mustEvalSymlinks(t, root))
	search := func(query string) []string {
		text, isErr := s.call(t, "search_code", map[string]any{"query": query, "repository_id": id})
		if isErr {
			return nil // not indexed yet
		}
		var resp struct {
			Results []struct {
				FilePath string `json:"file_path"`
			} `json:"results"`
		}
		mustJSON(t, text, &resp)
		var paths []string
		for _, r := range resp.Results {
			paths = append(paths, r.FilePath)
		}
		return paths
	}
	waitUntil(t, "background index", 30*time.Second, func() bool { return slices.Contains(search("RetryUpload"), "server/retry.go") })
	waitUntil(t, "indexed/watching line on stderr", 5*time.Second, func() bool { return strings.Contains(stderr.String(), "watching for changes") })

	os.WriteFile(filepath.Join(root, "server", "zebra.go"), []byte(watchedFile()), 0o644)
	took := waitUntil(t, "new file searchable over MCP", 10*time.Second, func() bool { return slices.Contains(search(watchToken), "server/zebra.go") })
	t.Logf("searchable over MCP after %s", took)
	if took > 2*time.Second {
		t.Errorf("new file searchable after %s, want ≤ 2s", took)
	}
}

func mustEvalSymlinks(t *testing.T, p string) string {
	t.Helper()
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestServeWatchUsageErrors(t *testing.T) {
	dataDir := t.TempDir()
	for _, args := range [][]string{
		{"serve", "--watch"},
		{"serve", "somewhere"},
		{"serve", "--watch", filepath.Join(t.TempDir(), "missing")},
		{"index", "--watch", "--dry-run", t.TempDir()},
	} {
		code, _, errOut := cli(t, dataDir, args...)
		if code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q; want usage error (2)", args, code, errOut)
		}
	}
}
