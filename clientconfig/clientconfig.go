// Package clientconfig puts the entry that starts codeseek into the
// settings file of an MCP client (Claude Code, Cursor, VS Code, Codex,
// Gemini CLI, Zed). Those files are the user's own, often hand-written and
// commented, so the package edits them as text: it changes codeseek's entry
// and leaves every other byte, comment and setting where it was, and it
// refuses a file it cannot edit safely rather than rewrite it.
package clientconfig

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/codeseek/codeseek/internal/atomicfile"
)

// ServerName is the key codeseek's entry has in every client's settings,
// so a second write finds and updates the first instead of adding another.
const ServerName = "codeseek"

// Client is where one MCP client reads its stdio servers from and the
// shape of the entry it expects. The zero Client is not usable: get one
// from Lookup.
type Client struct {
	name string
	// file is the settings file: relative to the current directory for
	// project-scoped clients, else under home (see SettingsPath).
	file    string
	home    bool
	key     string // the JSON object holding the servers ("" for TOML)
	toml    bool
	typeTag bool // the entry carries "type": "stdio"
}

var clients = map[string]Client{
	"claude": {file: ".mcp.json", key: "mcpServers"},
	"cursor": {file: ".cursor/mcp.json", key: "mcpServers"},
	"vscode": {file: ".vscode/mcp.json", key: "servers", typeTag: true},
	"codex":  {file: ".codex/config.toml", home: true, toml: true},
	"gemini": {file: ".gemini/settings.json", home: true, key: "mcpServers"},
	"zed":    {file: ".config/zed/settings.json", home: true, key: "context_servers"},
}

// Names lists the clients Lookup knows, sorted, for help texts and for the
// error that names the accepted values.
func Names() []string {
	names := make([]string, 0, len(clients))
	for n := range clients {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Lookup returns the client called name (one of Names); ok is false for
// any other name, so the caller can report a usage error.
func Lookup(name string) (c Client, ok bool) {
	c, ok = clients[name]
	c.name = name
	return c, ok
}

// ProjectScoped reports whether the client reads its servers from a file
// in the project (relative to the current directory) rather than from the
// user's home, which decides both the file and whether the entry needs
// --root.
func (c Client) ProjectScoped() bool { return !c.home }

// SettingsPath is the absolute path of the client's settings file. Codex
// and Zed honour their own relocation variables (CODEX_HOME,
// XDG_CONFIG_HOME), and codeseek must write where they read.
func (c Client) SettingsPath() (string, error) {
	if !c.home {
		return filepath.Abs(c.file)
	}
	switch {
	case c.name == "codex" && os.Getenv("CODEX_HOME") != "":
		return filepath.Join(os.Getenv("CODEX_HOME"), "config.toml"), nil
	case c.name == "zed" && os.Getenv("XDG_CONFIG_HOME") != "":
		return filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "zed", "settings.json"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("find the home directory for %s: %w", c.file, err)
	}
	return filepath.Join(home, c.file), nil
}

// Launch is the command line a client runs to start codeseek; Command
// should be an absolute path, since clients do not start servers with the
// user's shell PATH.
type Launch struct {
	Command string
	Args    []string
}

// LaunchFor is `bin serve`. A project-scoped client also gets --root with
// projectDir: clients start servers in a directory of their choosing, and
// the server's default root is the directory it starts in.
func (c Client) LaunchFor(bin, projectDir string) Launch {
	if c.home {
		return Launch{bin, []string{"serve"}}
	}
	return Launch{bin, []string{"serve", "--root", projectDir}}
}

// entry is codeseek's server entry, keys in the order clients document.
func (c Client) entry(l Launch) orderedObject {
	e := orderedObject{}
	if c.typeTag {
		e = append(e, kv{"type", "stdio"})
	}
	return append(e, kv{"command", l.Command}, kv{"args", l.Args})
}

// Snippet is the text a user pastes into the client's settings file when
// they would rather not let codeseek edit it.
func (c Client) Snippet(l Launch) string {
	if c.toml {
		s, _ := tomlSetTable("", "mcp_servers."+ServerName, []string{"command", "args"},
			map[string]any{"command": l.Command, "args": l.Args})
		return s
	}
	return renderJSON(nest([]string{c.key, ServerName}, c.entry(l)), "") + "\n"
}

// Merge returns the settings file src with codeseek's entry set to l. Other
// servers, other settings, comments and the keys of an existing codeseek
// entry that codeseek does not write (env, timeouts) are kept, and a
// second Merge of the result changes nothing. A file it cannot edit safely
// (not an object, the servers key holding something else, a TOML entry
// outside its own table) is an error and no result.
func (c Client) Merge(src []byte, l Launch) ([]byte, error) {
	out, err := c.merge(src, l)
	if err == nil && !c.toml {
		err = c.checkMerged(src, out, l.Command)
	}
	return out, err
}

func (c Client) merge(src []byte, l Launch) ([]byte, error) {
	if c.toml {
		out, err := tomlSetTable(string(src), "mcp_servers."+ServerName, []string{"command", "args"},
			map[string]any{"command": l.Command, "args": l.Args})
		return []byte(out), err
	}
	entry := c.entry(l)
	existing, err := jsoncHas(src, c.key, ServerName)
	if err != nil {
		return nil, err
	}
	if !existing {
		return jsoncSet(src, []string{c.key, ServerName}, entry)
	}
	for _, m := range entry {
		if src, err = jsoncSet(src, []string{c.key, ServerName, m.key}, m.value); err != nil {
			return nil, err
		}
	}
	return src, nil
}

// jsoncHas reports whether src has the object member at path.
func jsoncHas(src []byte, path ...string) (bool, error) {
	if len(bytes.TrimSpace(src)) == 0 {
		return false, nil
	}
	m, _, _, err := jsoncFind(src, path)
	if err == nil && m != nil && m.obj == nil {
		err = fmt.Errorf("%q is not a JSON object", strings.Join(path, "."))
	}
	return m != nil && err == nil, err
}

// checkMerged re-reads an edited JSON settings file the way the client
// will and checks that it names bin; a file that was strict JSON must stay
// strict JSON. It guards against writing a file the client cannot load.
func (c Client) checkMerged(before, after []byte, bin string) error {
	plain := after
	if !json.Valid(before) && len(bytes.TrimSpace(before)) > 0 {
		plain = stripJSONC(after)
	}
	var doc map[string]json.RawMessage
	var servers map[string]json.RawMessage
	var entry struct {
		Command string `json:"command"`
	}
	err := json.Unmarshal(plain, &doc)
	if err == nil {
		err = json.Unmarshal(doc[c.key], &servers)
	}
	if err == nil {
		err = json.Unmarshal(servers[ServerName], &entry)
	}
	if err != nil {
		return fmt.Errorf("the edited file would not parse (%v)", err)
	}
	if entry.Command != bin {
		return fmt.Errorf("the edited file names command %q, not %q", entry.Command, bin)
	}
	return nil
}

// Write merges codeseek's entry into the settings file at path (usually
// SettingsPath) and replaces the file atomically, so a client never reads
// half a file. The file keeps its permissions, and a symlinked file (from
// a dotfiles repository) stays a link. A file it cannot edit safely is left
// untouched and the error carries the snippet to add by hand.
func (c Client) Write(path string, l Launch) error {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	before, err := os.ReadFile(path)
	perm := fs.FileMode(0o644)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return fmt.Errorf("read %s: %w", path, err)
	default:
		if fi, err := os.Stat(path); err == nil {
			perm = fi.Mode().Perm()
		}
	}
	after, err := c.Merge(before, l)
	if err != nil {
		return fmt.Errorf("%s was left unchanged: %v; add this by hand:\n%s", path, err, c.Snippet(l))
	}
	if bytes.Equal(before, after) {
		return nil
	}
	// atomicfile, not the store's writer, so editing a settings file does
	// not pull in the index.
	return atomicfile.Write(path, perm, func(w io.Writer) error { _, err := w.Write(after); return err })
}
