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
	"strings"
	"testing"
)

// cliStdin runs the binary with stdin as its standard input.
func cliStdin(t *testing.T, dataDir, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(binPath, args...)
	cmd.Env = append(os.Environ(), "CODESEEK_DATA_DIR="+dataDir, "CODESEEK_EMBEDDER=hash")
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	var ee *exec.ExitError
	if err := cmd.Run(); errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("run %v: %v", args, err)
	}
	return code, out.String(), errb.String()
}

// `codeseek search -` takes a pasted bug report from standard input, as
// it is, line breaks and all; an empty input is a usage error that says
// what to do.
func TestSearchReadsTheQueryFromStdin(t *testing.T) {
	repo := t.TempDir()
	files := map[string]string{
		"settle.go":   "package p\n\n// ReconcileLedger settles the day's entries against the bank statement.\nfunc ReconcileLedger(entries []int) int {\n\ttotal := 0\n\tfor _, e := range entries {\n\t\ttotal += e\n\t}\n\treturn total\n}\n",
		"accounts.go": "package p\n\n// RenderPage writes the page's template to the response.\nfunc RenderPage(name string) string {\n\treturn \"<html>\" + name + \"</html>\"\n}\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(repo, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data := t.TempDir()
	report := "ReconcileLedger drops the last entry\n\nWhen the bank statement has an odd number of entries,\nReconcileLedger settles all but the last one.\n"
	code, out, stderr := cliStdin(t, data, report, "search", "--repo", repo, "--format", "json", "--detail", "concise", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var resp struct {
		Results []struct {
			FilePath string `json:"file_path"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(out), &resp); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	if len(resp.Results) == 0 || resp.Results[0].FilePath != "settle.go" {
		t.Errorf("results %+v, want settle.go first (its path sorts last)", resp.Results)
	}
	code, _, stderr = cliStdin(t, data, " \n\t\n", "search", "--repo", repo, "-")
	if code != 2 || !strings.Contains(stderr, "standard input holds no query") {
		t.Errorf("empty standard input: exit %d, %q; want 2 and a message saying so", code, stderr)
	}
	code, _, stderr = cliStdin(t, data, strings.Repeat("a pasted log line\n", 1<<16), "search", "--repo", repo, "-")
	if code != 2 || !strings.Contains(stderr, "more than 128 KiB") {
		t.Errorf("1 MiB on standard input: exit %d, %q; want 2 and a message giving a size it is over", code, stderr)
	}
}

// A command run in a subdirectory of an indexed repository answers from
// the repository's index: no second index of part of it.
func TestSubdirectoryUsesTheEnclosingIndex(t *testing.T) {
	repo, _ := filepath.EvalSymlinks(t.TempDir())
	files := map[string]string{
		"ledger/settle.go": "package ledger\n\n// ReconcileLedger settles the day's entries against the bank statement.\nfunc ReconcileLedger(entries []int) int { return Total(entries) }\n",
		"ledger/total.go":  "package ledger\n\n// Total sums entries.\nfunc Total(entries []int) int {\n\tn := 0\n\tfor _, e := range entries {\n\t\tn += e\n\t}\n\treturn n\n}\n",
		"web/page.go":      "package web\n\nimport \"example.com/m/ledger\"\n\n// Page shows the reconciled total.\nfunc Page() int { return ledger.ReconcileLedger(nil) }\n",
		"go.mod":           "module example.com/m\n\ngo 1.22\n",
	}
	for name, src := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(repo, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(repo, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data := t.TempDir()
	if code, _, stderr := cliStdin(t, data, "", "index", repo); code != 0 {
		t.Fatalf("index: exit %d: %s", code, stderr)
	}
	code, out, stderr := cliStdin(t, data, "", "refs", "--repo", filepath.Join(repo, "ledger"), "--format", "json", "ReconcileLedger")
	if code != 0 {
		t.Fatalf("refs from ledger/: exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "web/page.go") || strings.Contains(stderr, "indexing it first") {
		t.Errorf("refs from ledger/: want the use in web/page.go from the repository's index, got\n%s\nstderr: %s", out, stderr)
	}
	code, out, stderr = cliStdin(t, data, "", "symbols", "--format", "json", filepath.Join(repo, "ledger", "total.go"))
	if code != 0 || !strings.Contains(out, `"file_path":"ledger/total.go"`) || strings.Contains(out, `"repository_id":""`) {
		t.Errorf("symbols of a file in the indexed repository: exit %d, want it named as the repository names it, with its ID:\n%s\n%s", code, out, stderr)
	}
	code, out, stderr = cliStdin(t, data, "", "symbols", "--format", "json", "--repo", filepath.Join(repo, "ledger"), "total.go")
	if code != 0 || !strings.Contains(out, `"file_path":"ledger/total.go"`) || strings.Contains(out, `"repository_id":""`) {
		t.Errorf("symbols with --repo a subdirectory: exit %d, want the file named as the repository names it, with its ID:\n%s\n%s", code, out, stderr)
	}
	if code, _, stderr := cliStdin(t, data, "", "remove", filepath.Join(repo, "nowhere")); code != 2 || strings.Contains(stderr, "--repo") {
		t.Errorf("remove of no index: exit %d, %q: want a usage error naming no flag remove lacks", code, stderr)
	}
	_, repos, _ := cliStdin(t, data, "", "repos", "--format", "json")
	if n := strings.Count(repos, `"repository_id"`); n != 1 {
		t.Errorf("%d indexes after a command in a subdirectory, want 1:\n%s", n, repos)
	}
}

// Ctrl-C during a command exits as an interrupted program does (130),
// saying so rather than printing the context's error; an unknown command
// is a usage error (2), and a message the service shares with the MCP
// tools names the CLI's commands and flags.
func TestExitCodes(t *testing.T) {
	repo := t.TempDir()
	for i := range 200 {
		src := fmt.Sprintf("package p\n\n// F%d adds.\nfunc F%d(a, b int) int { return a + b + %d }\n", i, i, i)
		if err := os.WriteFile(filepath.Join(repo, fmt.Sprintf("f%03d.go", i)), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("CODESEEK_DATA_DIR", t.TempDir())
	t.Setenv("CODESEEK_EMBEDDER", "hash")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if code := run(ctx, []string{"index", repo}); code != exitInterrupted {
		t.Errorf("index interrupted: exit %d, want %d", code, exitInterrupted)
	}
	if code := run(context.Background(), []string{"serch", "x"}); code != exitUsage {
		t.Errorf("unknown command: exit %d, want %d", code, exitUsage)
	}
	code, _, stderr := cliStdin(t, t.TempDir(), "", "def", "--repo", repo, filepath.Join(repo, "f000.go")+":abc")
	if code != exitUsage || !strings.Contains(stderr, `"abc" is not a line number`) {
		t.Errorf("def FILE:abc: exit %d, %q: want a usage error about the line", code, stderr)
	}
	code, _, stderr = cliStdin(t, t.TempDir(), "", "def", "--repo", repo, filepath.Join(repo, "f000.go")+":1:0")
	if code != exitUsage || !strings.Contains(stderr, "0 is not a column") {
		t.Errorf("def FILE:1:0: exit %d, %q: want a usage error about the column", code, stderr)
	}
	code, _, stderr = cliStdin(t, t.TempDir(), "", "refs", "--repo", repo, "F1", "--depth", "3")
	if code != exitUsage || !strings.Contains(stderr, "--callers or --callees") {
		t.Errorf("refs --depth without --callers: exit %d, %q: want a usage error", code, stderr)
	}
	code, _, stderr = cliStdin(t, t.TempDir(), "", "def", "--repo", repo, "NoSuchFunction")
	if code != exitFailure || !strings.Contains(stderr, "nothing named NoSuchFunction") {
		t.Errorf("def of an undeclared name: exit %d, %q: want 1, nothing found, as grep says it", code, stderr)
	}
	code, _, stderr = cliStdin(t, t.TempDir(), "", "def", "--repo", repo, "foo bar")
	if code != exitUsage || !strings.Contains(stderr, "no identifier") {
		t.Errorf("def of a symbol that is no name: exit %d, %q: want a usage error", code, stderr)
	}
	for _, cmd := range []string{"def", "related"} {
		code, _, stderr = cliStdin(t, t.TempDir(), "", cmd, "--repo", repo, filepath.Join(repo, "f000.go")+":999")
		if code != exitUsage || !strings.Contains(stderr, "outside") {
			t.Errorf("%s at a line past the file: exit %d, %q: want a usage error, as symbols gives", cmd, code, stderr)
		}
	}
	code, _, stderr = cliStdin(t, t.TempDir(), "", "remove", "deadbeef0000")
	if code != exitUsage || !strings.Contains(stderr, "codeseek repos") || strings.Contains(stderr, "list_repositories") {
		t.Errorf("remove of an unknown ID: exit %d, %q: want a usage error naming `codeseek repos`", code, stderr)
	}
}

// A command indexes a directory unasked only when it is a repository or
// small: `search --repo /tmp` indexed 118,697 files for 285 s.
func TestMayIndexUnasked(t *testing.T) {
	dir := t.TempDir()
	for i := range 5 {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%d.txt", i)), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if n, ok := mayIndexUnasked(dir, 3); ok || n != 4 {
		t.Errorf("5 files, limit 3: %d counted, may index %v; want 4 (stopped past the limit) and no", n, ok)
	}
	if _, ok := mayIndexUnasked(dir, 10); !ok {
		t.Error("5 files, limit 10: want yes")
	}
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, ok := mayIndexUnasked(dir, 3); !ok {
		t.Error("a repository (.git), limit 3: want yes, however large")
	}
}
