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
