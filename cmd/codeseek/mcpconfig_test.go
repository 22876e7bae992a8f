package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// mcp-config finds the client's file, names the running binary and reports
// where it wrote; the editing itself is tested in clientconfig.
func TestMCPConfigWriteCommand(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("CODEX_HOME", "")
	clearServerEnv(t)
	self, err := selfPath()
	if err != nil {
		t.Fatal(err)
	}
	for _, client := range []string{"zed", "codex", "gemini"} {
		var out bytes.Buffer
		root := newRootCmd()
		root.SetArgs([]string{"mcp-config", client, "--write"})
		root.SetOut(&out)
		if err := root.ExecuteContext(context.Background()); err != nil {
			t.Fatalf("%s: %v", client, err)
		}
		if !strings.Contains(out.String(), " serve) set in "+home) {
			t.Errorf("%s: output %q", client, out.String())
		}
	}
	codex, err := os.ReadFile(filepath.Join(home, ".codex", "config.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(codex), "[mcp_servers.codeseek]\n") {
		t.Errorf("codex config:\n%s", codex)
	}
	gemini, err := os.ReadFile(filepath.Join(home, ".gemini", "settings.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		MCPServers map[string]struct{ Command string } `json:"mcpServers"`
	}
	if err := json.Unmarshal(gemini, &doc); err != nil || doc.MCPServers["codeseek"].Command != self {
		t.Errorf("gemini settings (%v): want the running binary %s in\n%s", err, self, gemini)
	}

	var out bytes.Buffer
	root := newRootCmd()
	root.SetArgs([]string{"mcp-config", "cursor"})
	root.SetOut(&out)
	root.SetErr(&bytes.Buffer{})
	if err := root.ExecuteContext(context.Background()); err != nil {
		t.Fatal(err)
	}
	cwd, _ := filepath.Abs(".")
	if !strings.Contains(out.String(), `"--root"`) || !strings.Contains(out.String(), self) || !strings.Contains(out.String(), cwd) {
		t.Errorf("cursor snippet %q: want this binary with --root %s", out.String(), cwd)
	}

	root = newRootCmd()
	root.SetArgs([]string{"mcp-config", "emacs"})
	if err := root.ExecuteContext(context.Background()); err == nil || !strings.Contains(err.Error(), "claude, codex, cursor, gemini, vscode, zed") {
		t.Errorf("unknown client: %v", err)
	}
}

// clearServerEnv unsets the environment that chooses a server's indexes,
// so that a test sees the defaults whatever the machine sets.
func clearServerEnv(t *testing.T) {
	for _, k := range []string{"CODESEEK_DATA_DIR", "XDG_DATA_HOME", "CODESEEK_EMBEDDER", "CODESEEK_EMBED_MODEL", "CODESEEK_EMBED_URL", "CODESEEK_STORE", "CODESEEK_WEAVIATE_URL"} {
		t.Setenv(k, "")
	}
}

// A client starts the server without the user's flags or environment, so
// the snippet carries the data directory and embedder the user chose, and
// no secret.
func TestMCPConfigKeepsTheChosenIndexes(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	clearServerEnv(t)
	t.Setenv("CODESEEK_EMBEDDER", "openai")
	t.Setenv("CODESEEK_EMBED_URL", "http://127.0.0.1:11434/v1")
	t.Setenv("OPENAI_API_KEY", "sk-test-not-on-the-command-line")
	var out bytes.Buffer
	root := newRootCmd()
	root.SetArgs([]string{"--data-dir", "rel/indexes", "mcp-config", "claude"})
	root.SetOut(&out)
	root.SetErr(&bytes.Buffer{})
	if err := root.ExecuteContext(context.Background()); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		MCPServers map[string]struct{ Args []string } `json:"mcpServers"`
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatalf("%v:\n%s", err, out.String())
	}
	abs, _ := filepath.Abs("rel/indexes")
	args := strings.Join(doc.MCPServers["codeseek"].Args, " ")
	for _, want := range []string{"--data-dir " + abs, "--embedder openai", "--embed-url http://127.0.0.1:11434/v1"} {
		if !strings.Contains(args, want) {
			t.Errorf("args %q: want %q", args, want)
		}
	}
	if strings.Contains(out.String(), "sk-test") || strings.Contains(args, "--store") {
		t.Errorf("args %q carry a secret or a default", args)
	}
}
