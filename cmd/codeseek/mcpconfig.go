package main

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

	"github.com/spf13/cobra"

	"github.com/codeseek/codeseek/store"
)

// serverName is the key codeseek's entry has in every client's config.
const serverName = "codeseek"

// mcpClient is where one MCP client reads its stdio servers from.
type mcpClient struct {
	// file is the settings file: relative to the current directory for
	// project-scoped clients, else under home (see path).
	file    string
	home    bool
	key     string // the JSON object holding the servers ("" for TOML)
	toml    bool
	typeTag bool // the entry carries "type": "stdio"
}

var mcpClients = map[string]mcpClient{
	"claude": {file: ".mcp.json", key: "mcpServers"},
	"cursor": {file: ".cursor/mcp.json", key: "mcpServers"},
	"vscode": {file: ".vscode/mcp.json", key: "servers", typeTag: true},
	"codex":  {file: ".codex/config.toml", home: true, toml: true},
	"gemini": {file: ".gemini/settings.json", home: true, key: "mcpServers"},
	"zed":    {file: ".config/zed/settings.json", home: true, key: "context_servers"},
}

func clientNames() []string {
	names := make([]string, 0, len(mcpClients))
	for n := range mcpClients {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// path is the settings file of c. Codex and Zed honour their own
// relocation variables (CODEX_HOME, XDG_CONFIG_HOME), so codeseek does too.
func (c mcpClient) path(name string) (string, error) {
	if !c.home {
		return filepath.Abs(c.file)
	}
	switch {
	case name == "codex" && os.Getenv("CODEX_HOME") != "":
		return filepath.Join(os.Getenv("CODEX_HOME"), "config.toml"), nil
	case name == "zed" && os.Getenv("XDG_CONFIG_HOME") != "":
		return filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "zed", "settings.json"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("find the home directory for %s: %w", c.file, err)
	}
	return filepath.Join(home, c.file), nil
}

// launch is how a client starts codeseek.
type launch struct {
	bin  string
	args []string
}

// launchFor is `BIN serve`. A project-scoped client also gets --root with
// the project directory: the server then serves the project whatever
// directory the client starts it in (its default root is that directory).
func (c mcpClient) launchFor(bin, projectDir string) launch {
	if c.home {
		return launch{bin, []string{"serve"}}
	}
	return launch{bin, []string{"serve", "--root", projectDir}}
}

// entry is codeseek's server entry, keys in the order clients document.
func (c mcpClient) entry(l launch) orderedObject {
	e := orderedObject{}
	if c.typeTag {
		e = append(e, kv{"type", "stdio"})
	}
	return append(e, kv{"command", l.bin}, kv{"args", l.args})
}

// snippet is the text to paste into the client's settings file.
func (c mcpClient) snippet(l launch) string {
	if c.toml {
		s, _ := tomlSetTable("", "mcp_servers."+serverName, []string{"command", "args"},
			map[string]any{"command": l.bin, "args": l.args})
		return s
	}
	return renderJSON(nest([]string{c.key, serverName}, c.entry(l)), "") + "\n"
}

// merge returns the settings file src with codeseek's entry set. Other
// servers, other settings, comments and the keys of an existing codeseek
// entry that codeseek does not write (env, timeouts) are kept.
func (c mcpClient) merge(src []byte, l launch) ([]byte, error) {
	if c.toml {
		out, err := tomlSetTable(string(src), "mcp_servers."+serverName, []string{"command", "args"},
			map[string]any{"command": l.bin, "args": l.args})
		return []byte(out), err
	}
	entry := c.entry(l)
	existing, err := jsoncHas(src, c.key, serverName)
	if err != nil {
		return nil, err
	}
	if !existing {
		return jsoncSet(src, []string{c.key, serverName}, entry)
	}
	for _, m := range entry {
		if src, err = jsoncSet(src, []string{c.key, serverName, m.key}, m.value); err != nil {
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
func (c mcpClient) checkMerged(before, after []byte, bin string) error {
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
		err = json.Unmarshal(servers[serverName], &entry)
	}
	if err != nil {
		return fmt.Errorf("the edited file would not parse (%v)", err)
	}
	if entry.Command != bin {
		return fmt.Errorf("the edited file names command %q, not %q", entry.Command, bin)
	}
	return nil
}

// selfPath is the absolute, symlink-free path of the running binary, so the
// client starts this codeseek whatever its PATH is.
func selfPath() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("find the codeseek binary: %w", err)
	}
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		exe = real
	}
	return filepath.Abs(exe)
}

func newMCPConfigCmd() *cobra.Command {
	var write bool
	c := &cobra.Command{
		Use:   "mcp-config CLIENT [--write]",
		Short: "Print (or --write) the MCP client setting that runs `codeseek serve`: " + strings.Join(clientNames(), ", "),
		Long: "Prints the settings snippet an MCP client needs to start this codeseek binary (`codeseek serve` over stdio).\n" +
			"--write merges it into the client's settings file, keeping every other setting and comment:\n" +
			"  claude  .mcp.json (project)            mcpServers\n" +
			"  cursor  .cursor/mcp.json (project)     mcpServers\n" +
			"  vscode  .vscode/mcp.json (project)     servers\n" +
			"  codex   ~/.codex/config.toml           [mcp_servers.codeseek]\n" +
			"  gemini  ~/.gemini/settings.json        mcpServers\n" +
			"  zed     ~/.config/zed/settings.json    context_servers",
		Args:      argsBetween(1, 1),
		ValidArgs: clientNames(),
		RunE: func(c *cobra.Command, a []string) error {
			client, ok := mcpClients[a[0]]
			if !ok {
				return usagef("mcp-config: unknown client %q: use one of %s", a[0], strings.Join(clientNames(), ", "))
			}
			bin, err := selfPath()
			if err != nil {
				return err
			}
			cwd, err := filepath.Abs(".")
			if err != nil {
				return err
			}
			l := client.launchFor(bin, cwd)
			path, err := client.path(a[0])
			if err != nil {
				return err
			}
			if !write {
				fmt.Fprintf(c.ErrOrStderr(), "# %s reads this from %s (codeseek mcp-config %s --write merges it in)\n", a[0], path, a[0])
				_, err := fmt.Fprint(c.OutOrStdout(), client.snippet(l))
				return err
			}
			if err := writeClientConfig(client, path, l); err != nil {
				return err
			}
			fmt.Fprintf(c.OutOrStdout(), "%s: codeseek (%s %s) set in %s\n", a[0], bin, strings.Join(l.args, " "), path)
			return nil
		},
	}
	c.Flags().BoolVar(&write, "write", false, "merge the setting into the client's settings file instead of printing it")
	return c
}

// writeClientConfig merges codeseek's entry into path atomically. A file
// it cannot edit safely is left untouched and the error says how to add
// the snippet by hand.
func writeClientConfig(c mcpClient, path string, l launch) error {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real // a settings file linked from a dotfiles repository stays a link
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
	after, err := c.merge(before, l)
	if err == nil && !c.toml {
		err = c.checkMerged(before, after, l.bin)
	}
	if err != nil {
		return fmt.Errorf("%s was left unchanged: %v; add this by hand:\n%s", path, err, c.snippet(l))
	}
	if bytes.Equal(before, after) {
		return nil
	}
	return store.WriteFileAtomic(path, perm, func(w io.Writer) error {
		_, err := w.Write(after)
		return err
	})
}
