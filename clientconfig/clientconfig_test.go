package clientconfig

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const testBin = `/opt/code seek/bin/codeseek`

// testLaunch is `testBin serve`, as a user-scoped client gets it.
var testLaunch = Launch{testBin, []string{"serve"}}

// client is Lookup for a name the test knows to exist.
func client(t testing.TB, name string) Client {
	t.Helper()
	c, ok := Lookup(name)
	if !ok {
		t.Fatalf("no client %q", name)
	}
	return c
}

// readEntry decodes the server entry a client would read from JSON text.
func readEntry(t *testing.T, text []byte, key string) map[string]any {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(text, &doc); err != nil {
		t.Fatalf("not valid JSON: %v\n%s", err, text)
	}
	servers, ok := doc[key].(map[string]any)
	if !ok {
		t.Fatalf("no %q object in\n%s", key, text)
	}
	entry, ok := servers["codeseek"].(map[string]any)
	if !ok {
		t.Fatalf("no %s.codeseek object in\n%s", key, text)
	}
	return entry
}

func checkEntry(t *testing.T, entry map[string]any, typeTag bool) {
	t.Helper()
	if entry["command"] != testBin {
		t.Errorf("command = %v, want %s", entry["command"], testBin)
	}
	if args, _ := entry["args"].([]any); len(args) == 0 || args[0] != "serve" {
		t.Errorf("args = %v, want serve first", entry["args"])
	}
	if typeTag && entry["type"] != "stdio" {
		t.Errorf("type = %v, want stdio", entry["type"])
	}
}

// pythonTOML decodes TOML with Python's tomllib when it is installed, so
// the TOML we write is checked by an independent, complete parser.
func pythonTOML(t *testing.T, text string) map[string]any {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		return nil
	}
	cmd := exec.Command("python3", "-c", "import sys,json,tomllib; print(json.dumps(tomllib.loads(sys.stdin.read())))")
	cmd.Stdin = strings.NewReader(text)
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); ok && strings.Contains(string(ee.Stderr), "No module named 'tomllib'") {
		return nil
	}
	if err != nil {
		t.Fatalf("tomllib rejects the TOML: %v\n%s", err, text)
	}
	var doc map[string]any
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

func checkTOML(t *testing.T, text string) {
	t.Helper()
	doc := pythonTOML(t, text)
	if doc == nil {
		t.Log("python3 with tomllib not found: checked with codeseek's own table reader only")
	} else {
		servers, _ := doc["mcp_servers"].(map[string]any)
		entry, _ := servers["codeseek"].(map[string]any)
		checkEntry(t, entry, false)
	}
	lines, err := scanTOML(text)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, l := range lines {
		found = found || tomlHeader(l) == "[mcp_servers.codeseek]"
	}
	if !found {
		t.Errorf("no [mcp_servers.codeseek] table in\n%s", text)
	}
}

func TestSnippetPerClient(t *testing.T) {
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			c := client(t, name)
			s := c.Snippet(c.LaunchFor(testBin, "/src/my project"))
			if c.toml {
				checkTOML(t, s)
				return
			}
			entry := readEntry(t, []byte(s), c.key)
			checkEntry(t, entry, c.typeTag)
			if args := fmt.Sprint(entry["args"]); c.ProjectScoped() == (args == "[serve]") || c.ProjectScoped() && args != "[serve --root /src/my project]" {
				t.Errorf("args %s: project-scoped clients name the project as --root, others do not", args)
			}
		})
	}
}

func TestMergeKeepsOtherSettings(t *testing.T) {
	src := []byte(`{
  "theme": "dark",
  "mcpServers": {
    "other": {"command": "other-server", "args": []},
    "codeseek": {"command": "/old/codeseek", "args": ["serve", "--old"], "env": {"CODESEEK_EMBEDDER": "hash"}}
  },
  "nested": {"a": [1, 2, {"b": null}]}
}
`)
	out, err := client(t, "cursor").Merge(src, testLaunch)
	if err != nil {
		t.Fatal(err)
	}
	entry := readEntry(t, out, "mcpServers")
	checkEntry(t, entry, false)
	if env, _ := entry["env"].(map[string]any); env["CODESEEK_EMBEDDER"] != "hash" {
		t.Errorf("the entry's env was lost:\n%s", out)
	}
	var doc struct {
		Theme      string
		MCPServers map[string]struct{ Command string } `json:"mcpServers"`
		Nested     map[string]any
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Theme != "dark" || doc.MCPServers["other"].Command != "other-server" || len(doc.Nested["a"].([]any)) != 3 {
		t.Errorf("other settings were lost:\n%s", out)
	}
	if !bytes.HasPrefix(out, []byte("{\n  \"theme\": \"dark\",\n  \"mcpServers\": {\n    \"other\": {\"command\": \"other-server\", \"args\": []},")) {
		t.Errorf("text before the entry changed:\n%s", out)
	}
}

func TestMergeIntoEmptyAndMissingKey(t *testing.T) {
	for _, src := range []string{"", "  \n", "{}", `{"editor.fontSize": 14}`, "{\n  \"servers\": {}\n}\n"} {
		out, err := client(t, "vscode").Merge([]byte(src), testLaunch)
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		checkEntry(t, readEntry(t, out, "servers"), true)
		if strings.Contains(src, "fontSize") && !strings.Contains(string(out), `"editor.fontSize": 14`) {
			t.Errorf("%q lost a setting:\n%s", src, out)
		}
	}
}

// Zed's settings.json is JSONC: its comments and trailing commas must
// survive, byte for byte, outside the codeseek entry.
func TestZedKeepsCommentsAndTrailingCommas(t *testing.T) {
	head := "// Zed settings\n//\n// For information on how to configure Zed, see the Zed\n{\n  /* theme */ \"theme\": \"One Dark\", // inline\n  \"context_servers\": {\n    \"x\": { \"command\": \"x\", }, // trailing comma\n"
	tail := "  },\n  \"url\": \"http://a//b/*c*/\",\n}\n"
	out, err := client(t, "zed").Merge([]byte(head+tail), testLaunch)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(out, []byte(head)) || !bytes.HasSuffix(out, []byte(tail)) {
		t.Errorf("text around the entry changed:\n%s", out)
	}
	checkEntry(t, readEntry(t, stripJSONC(out), "context_servers"), false)
	again, err := client(t, "zed").Merge(out, testLaunch)
	if err != nil || !bytes.Equal(again, out) {
		t.Errorf("a second merge changed the file (err %v):\n%s", err, again)
	}
}

func TestRefusesWhatItCannotEdit(t *testing.T) {
	for _, src := range []string{`[1, 2]`, `{"mcpServers": []}`, `{"mcpServers": {"codeseek": "x"}}`, `{"a": }`, `{"a": 1 /* open`} {
		if out, err := client(t, "claude").Merge([]byte(src), testLaunch); err == nil {
			t.Errorf("%s: merged into\n%s", src, out)
		}
	}
	for _, src := range []string{
		"mcp_servers.codeseek.command = \"x\"\n",
		"[mcp_servers]\ncodeseek = { command = \"x\" }\n",
		"mcp_servers = { other = { command = \"y\" } }\n",
	} {
		if out, err := client(t, "codex").Merge([]byte(src), testLaunch); err == nil {
			t.Errorf("%q: merged into\n%s", src, out)
		}
	}
}

func TestCodexKeepsTheRestOfTheFile(t *testing.T) {
	head := "# my codex settings\r\nmodel = \"o3\"  # [not a table]\r\nnotes = '''\r\n[mcp_servers.codeseek]\r\n'''\r\n\r\n[mcp_servers.codeseek]\r\n"
	old := "command = \"/old\"\r\nargs = [\r\n  \"serve\",  # was\r\n  \"--x\",\r\n]\r\n"
	keep := "startup_timeout_sec = 30\r\n"
	tail := "\r\n[mcp_servers.codeseek.env]\r\nCODESEEK_EMBEDDER = \"hash\"\r\n\r\n[mcp_servers.other]\r\ncommand = \"other\"\r\nargs = [\"a\"]\r\n"
	out, err := client(t, "codex").Merge([]byte(head+old+keep+tail), testLaunch)
	if err != nil {
		t.Fatal(err)
	}
	want := head + "command = \"/opt/code seek/bin/codeseek\"\r\nargs = [\"serve\"]\r\n" + keep + tail
	if string(out) != want {
		t.Errorf("got\n%q\nwant\n%q", out, want)
	}
	checkTOML(t, string(out))
	if doc := pythonTOML(t, string(out)); doc != nil {
		other := doc["mcp_servers"].(map[string]any)["other"].(map[string]any)
		env := doc["mcp_servers"].(map[string]any)["codeseek"].(map[string]any)["env"].(map[string]any)
		if other["command"] != "other" || env["CODESEEK_EMBEDDER"] != "hash" || !strings.HasPrefix(doc["notes"].(string), "[mcp_servers.codeseek]") {
			t.Errorf("other settings changed: %v", doc)
		}
	}

	appended, err := client(t, "codex").Merge([]byte("model = \"o3\""), testLaunch)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(appended), "model = \"o3\"\n\n[mcp_servers.codeseek]\n") {
		t.Errorf("appended table:\n%s", appended)
	}
	checkTOML(t, string(appended))
}

// Write keeps what makes the file the user's: its mode, a symlink into a
// dotfiles repository, and, when the edit is refused, every byte.
func TestWriteKeepsModeLinkAndRefusedFiles(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "dotfiles", "settings.json")
	if err := os.MkdirAll(filepath.Dir(real), 0o755); err != nil {
		t.Fatal(err)
	}
	orig := "// settings\n{\n  \"vim_mode\": true,\n}\n"
	if err := os.WriteFile(real, []byte(orig), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "settings.json")
	if err := os.Symlink(real, link); err != nil {
		t.Skip("no symlinks here:", err)
	}
	zed := client(t, "zed")
	if err := zed.Write(link, testLaunch); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the settings link was replaced by a file (%v)", err)
	}
	b, err := os.ReadFile(real)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(b), "// settings\n{\n  \"vim_mode\": true,\n") {
		t.Errorf("zed settings lost their text:\n%s", b)
	}
	checkEntry(t, readEntry(t, stripJSONC(b), "context_servers"), false)
	if fi, _ := os.Stat(real); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the file's 0600 kept", fi.Mode().Perm())
	}

	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"context_servers": []}`), 0o644); err != nil {
		t.Fatal(err)
	}
	err = zed.Write(bad, testLaunch)
	if err == nil || !strings.Contains(err.Error(), "left unchanged") || !strings.Contains(err.Error(), `"context_servers"`) {
		t.Errorf("refused edit: %v, want the file left unchanged and the snippet to add by hand", err)
	}
	if b, _ := os.ReadFile(bad); string(b) != `{"context_servers": []}` {
		t.Errorf("a refused file was changed:\n%s", b)
	}

	fresh := filepath.Join(dir, "new", ".codex", "config.toml")
	if err := client(t, "codex").Write(fresh, testLaunch); err != nil {
		t.Fatal(err)
	}
	b, err = os.ReadFile(fresh)
	if err != nil {
		t.Fatal(err)
	}
	checkTOML(t, string(b))
}

// The settings file is where the client reads it, relocation variables
// included.
func TestSettingsPath(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("CODEX_HOME", "")
	t.Setenv("XDG_CONFIG_HOME", "")
	for name, want := range map[string]string{
		"codex":  filepath.Join(home, ".codex", "config.toml"),
		"zed":    filepath.Join(home, ".config", "zed", "settings.json"),
		"gemini": filepath.Join(home, ".gemini", "settings.json"),
	} {
		if got, err := client(t, name).SettingsPath(); err != nil || got != want {
			t.Errorf("%s: %q, %v; want %q", name, got, err, want)
		}
	}
	t.Setenv("CODEX_HOME", "/etc/codex")
	t.Setenv("XDG_CONFIG_HOME", "/xdg")
	if got, _ := client(t, "codex").SettingsPath(); got != filepath.Join("/etc/codex", "config.toml") {
		t.Errorf("codex with CODEX_HOME: %s", got)
	}
	if got, _ := client(t, "zed").SettingsPath(); got != filepath.Join("/xdg", "zed", "settings.json") {
		t.Errorf("zed with XDG_CONFIG_HOME: %s", got)
	}
	cwd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := client(t, "cursor").SettingsPath(); got != filepath.Join(cwd, ".cursor", "mcp.json") {
		t.Errorf("cursor: %s, want it in the current directory", got)
	}
	if _, ok := Lookup("emacs"); ok {
		t.Error("Lookup knows a client it cannot configure")
	}
}

// No settings file makes the merge panic; one that was strict JSON stays
// strict JSON with the entry in it, and a second merge changes nothing.
func FuzzJSONCMerge(f *testing.F) {
	for _, s := range []string{"", "{}", `{"mcpServers":{"x":{}}}`, "// c\n{\"a\": [1, {\"b\": 2},],}", `{"mcpServers": {"codeseek": {"env": {}}}}`, `[`, `{"a":"\"}"}`} {
		f.Add(s)
	}
	c := client(f, "claude")
	f.Fuzz(func(t *testing.T, src string) {
		out, err := c.merge([]byte(src), testLaunch)
		if err != nil {
			return
		}
		if err := c.checkMerged([]byte(src), out, testBin); err != nil && json.Valid([]byte(src)) {
			t.Fatalf("merge of valid JSON %q gave %q: %v", src, out, err)
		}
		if again, err := c.Merge(out, testLaunch); err != nil || string(again) != string(out) {
			t.Fatalf("second merge of %q changed %q to %q (%v)", src, out, again, err)
		}
	})
}

// No TOML file makes the table edit panic, and a second edit of its result
// changes nothing.
func FuzzTOMLMerge(f *testing.F) {
	for _, s := range []string{"", "a = 1", "[mcp_servers.codeseek]\ncommand = \"x\"\nargs = [\n\"a\",\n]\n", "s = '''\n[x]\n'''\n", "a = \"\\\"[\"\n[mcp_servers]\n"} {
		f.Add(s)
	}
	c := client(f, "codex")
	f.Fuzz(func(t *testing.T, src string) {
		out, err := c.Merge([]byte(src), testLaunch)
		if err != nil {
			return
		}
		if again, err := c.Merge(out, testLaunch); err != nil || string(again) != string(out) {
			t.Fatalf("second merge of %q changed %q to %q (%v)", src, out, again, err)
		}
	})
}
