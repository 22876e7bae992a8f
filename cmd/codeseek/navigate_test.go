package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A navigation command run from a folder of checkouts, no repository
// itself, takes its repository from the path it is given (map's DIR, the
// FILE of FILE:LINE): the indexed checkout holding it, or the repository
// root above it when none is indexed, never the whole folder.
func TestArgumentPathTellsTheRepository(t *testing.T) {
	folder := t.TempDir()
	write := func(rel, src string) {
		p := filepath.Join(folder, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("app/pkg/retry.go", "package pkg\n\n// Retry runs f again.\nfunc Retry(f func() error) error {\n\treturn f()\n}\n")
	write("app/main.go", "package main\n\nimport \"app/pkg\"\n\nfunc main() {\n\tpkg.Retry(nil)\n}\n")
	write("other/notes.go", "package other\n\nfunc Unrelated() {}\n")
	write("tool/.git/HEAD", "ref: refs/heads/main\n")
	write("tool/cmd/run.go", "package cmd\n\nfunc Run() {}\n")
	dataDir := t.TempDir()
	run := func(args ...string) (string, string) {
		t.Helper()
		cmd := exec.Command(binPath, args...)
		cmd.Dir = folder
		cmd.Env = append(os.Environ(), "CODESEEK_DATA_DIR="+dataDir, "CODESEEK_EMBEDDER=hash")
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, errb.String())
		}
		return out.String(), errb.String()
	}
	indexed := func() []string {
		t.Helper()
		out, _ := run("repos", "--format", "json")
		var got struct {
			Repositories []struct{ Path string } `json:"repositories"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("repos: %v: %s", err, out)
		}
		var paths []string
		for _, r := range got.Repositories {
			paths = append(paths, filepath.Base(r.Path))
		}
		return paths
	}
	run("index", filepath.Join(folder, "app"))

	out, _ := run("map", "app/pkg", "--format", "json")
	if !strings.Contains(out, "pkg/retry.go") || strings.Contains(out, "app/pkg/retry.go") || strings.Contains(out, "notes.go") {
		t.Errorf("map app/pkg: want app's pkg/retry.go alone:\n%s", out)
	}
	out, _ = run("def", "app/pkg/retry.go:4", "--format", "json")
	if !strings.Contains(out, "Retry") {
		t.Errorf("def app/pkg/retry.go:4: no Retry:\n%s", out)
	}
	if got := indexed(); strings.Join(got, ",") != "app" {
		t.Errorf("indexed %v, want app alone", got)
	}
	// Nothing indexed holds tool/cmd: the repository root above it is
	// indexed, not the folder.
	if out, _ = run("map", "tool/cmd", "--format", "json"); !strings.Contains(out, "cmd/run.go") {
		t.Errorf("map tool/cmd: want tool's cmd/run.go:\n%s", out)
	}
	if got := indexed(); strings.Join(got, ",") != "app,tool" {
		t.Errorf("indexed %v, want app and tool", got)
	}
}
