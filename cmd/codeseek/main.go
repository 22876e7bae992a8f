// Command codeseek is semantic code search for people and AI agents: it
// indexes repositories and answers questions from a terminal or over MCP.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/codeseek/codeseek/buildinfo"
	"github.com/codeseek/codeseek/tools"
)

// Exit codes.
const (
	exitOK      = 0
	exitFailure = 1
	exitUsage   = 2
)

// usageError marks errors caused by how the command was called.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, a ...any) error { return usageError{fmt.Errorf(format, a...)} }

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:]))
}

func run(ctx context.Context, argv []string) int {
	root := newRootCmd()
	root.SetArgs(argv)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return exitOK
	}
	fmt.Fprintln(os.Stderr, "codeseek:", err)
	var ue usageError
	var ae *tools.ArgError
	if errors.As(err, &ue) || errors.As(err, &ae) {
		return exitUsage
	}
	return exitFailure
}

func newRootCmd() *cobra.Command {
	g := &globalFlags{}
	root := &cobra.Command{
		Use:           "codeseek",
		Short:         "Semantic code search for people and AI agents",
		Long:          "codeseek indexes repositories (code-aware chunks, embedded offline by default) and answers natural-language questions from the terminal or over MCP.",
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       buildinfo.Version,
	}
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return usageError{err} })
	g.register(root)
	root.AddCommand(newIndexCmd(g), newSearchCmd(g), newServeCmd(g), newReposCmd(g), newRemoveCmd(g), newSymbolsCmd(g), newMCPConfigCmd(g), newUICmd(g),
		newDefCmd(g), newRefsCmd(g), newMapCmd(g), newRelatedCmd(g), newAffectedCmd(g), newVersionCmd())
	return root
}

// argsBetween is cobra.RangeArgs with a usage error naming the command.
func argsBetween(lo, hi int) cobra.PositionalArgs {
	return func(c *cobra.Command, a []string) error {
		if len(a) < lo || len(a) > hi {
			return usagef("%s: expected %s, got %d argument(s); see `%s --help`", c.Name(), c.Use, len(a), c.CommandPath())
		}
		return nil
	}
}
