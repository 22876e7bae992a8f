package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codeseek/codeseek/clientconfig"
)

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

func newMCPConfigCmd(g *globalFlags) *cobra.Command {
	var write bool
	names := clientconfig.Names()
	c := &cobra.Command{
		Use:   "mcp-config CLIENT [--write]",
		Short: "Print (or --write) the MCP client setting that runs `codeseek serve`: " + strings.Join(names, ", "),
		Long: "Prints the settings snippet an MCP client needs to start this codeseek binary (`codeseek serve` over stdio).\n" +
			"--write merges it into the client's settings file, keeping every other setting and comment:\n" +
			"  claude  .mcp.json (project)            mcpServers\n" +
			"  cursor  .cursor/mcp.json (project)     mcpServers\n" +
			"  vscode  .vscode/mcp.json (project)     servers\n" +
			"  codex   ~/.codex/config.toml           [mcp_servers.codeseek]\n" +
			"  gemini  ~/.gemini/settings.json        mcpServers\n" +
			"  zed     ~/.config/zed/settings.json    context_servers",
		Args:      argsBetween(1, 1),
		ValidArgs: names,
		RunE: func(c *cobra.Command, a []string) error {
			client, ok := clientconfig.Lookup(a[0])
			if !ok {
				return usagef("mcp-config: unknown client %q: use one of %s", a[0], strings.Join(names, ", "))
			}
			bin, err := selfPath()
			if err != nil {
				return err
			}
			cwd, err := filepath.Abs(".")
			if err != nil {
				return err
			}
			l := client.LaunchFor(bin, cwd)
			extra, err := g.serverFlags()
			if err != nil {
				return err
			}
			l.Args = append(l.Args, extra...)
			path, err := client.SettingsPath()
			if err != nil {
				return err
			}
			if !write {
				fmt.Fprintf(c.ErrOrStderr(), "# %s reads this from %s (codeseek mcp-config %s --write merges it in)\n", a[0], path, a[0])
				_, err := fmt.Fprint(c.OutOrStdout(), client.Snippet(l))
				return err
			}
			if err := client.Write(path, l); err != nil {
				return err
			}
			fmt.Fprintf(c.OutOrStdout(), "%s: codeseek (%s %s) set in %s\n", a[0], bin, strings.Join(l.Args, " "), path)
			return nil
		},
	}
	c.Flags().BoolVar(&write, "write", false, "merge the setting into the client's settings file instead of printing it")
	return c
}

// serverFlags are the global settings this command runs with that differ
// from the defaults and decide which indexes a server sees: a client starts
// the server without the user's flags or environment, so a data directory
// or embedder chosen by either would otherwise be lost. Secrets (API keys)
// stay in the environment, never on a command line.
func (g *globalFlags) serverFlags() ([]string, error) {
	var out []string
	if filepath.Clean(g.dataDir) != filepath.Clean(defaultDataDir()) {
		dir, err := filepath.Abs(g.dataDir)
		if err != nil {
			return nil, fmt.Errorf("--data-dir %q: %w", g.dataDir, err)
		}
		out = append(out, "--data-dir", dir)
	}
	for _, f := range []struct{ name, value, def string }{
		{"embedder", g.embedder, defaultEmbedder},
		{"embed-model", g.embedModel, ""},
		{"embed-url", g.embedURL, ""},
		{"store", g.store, "embedded"},
		{"weaviate-url", g.weaviateURL, ""},
	} {
		if f.value != f.def {
			out = append(out, "--"+f.name, f.value)
		}
	}
	return out, nil
}
