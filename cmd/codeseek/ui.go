package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"

	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// defaultUIAddr is ui's address: fixed, so a permalink still works after
// a restart, and not serve's usual 8765, so both can run.
const defaultUIAddr = "127.0.0.1:8766"

func newUICmd(g *globalFlags) *cobra.Command {
	var f serveFlags
	var wait indexWaitFlag
	c := &cobra.Command{
		Use:   "ui [--watch PATH...]",
		Short: "Open the web UI: search, files with outline and navigation, repositories and index runs",
		Long: "ui serves the web UI (and the MCP endpoint at /mcp) like `serve --http " + defaultUIAddr + "`, prints the page's address " +
			"and, when stdout is a terminal, opens it in the browser.",
		Args: serveArgs(&f.watch),
		RunE: func(c *cobra.Command, a []string) error {
			if f.addr == "" {
				return usagef("ui: --http needs an address, such as %s", defaultUIAddr)
			}
			return runServe(c, g, &f, &wait, a, func(url string) {
				fmt.Fprintln(c.OutOrStdout(), url)
				if term.IsTerminal(int(os.Stdout.Fd())) {
					openBrowser(url)
				}
			})
		},
	}
	wait.register(c)
	f.register(c, defaultUIAddr)
	return c
}

// openBrowser asks the desktop to open url, without waiting and without
// complaint when there is no desktop: the address is printed anyway.
func openBrowser(url string) {
	name := "xdg-open"
	if runtime.GOOS == "darwin" {
		name = "open"
	}
	if path, err := exec.LookPath(name); err == nil {
		cmd := exec.Command(path, url)
		if cmd.Start() == nil {
			go cmd.Wait()
		}
	}
}
