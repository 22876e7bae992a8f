// Command codeseek is semantic code search for people and AI agents: it
// indexes repositories and answers questions from a terminal or over MCP.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/codeseek/codeseek/buildinfo"
	"github.com/codeseek/codeseek/nav"
	"github.com/codeseek/codeseek/tools"
)

// Exit codes.
const (
	exitOK          = 0
	exitFailure     = 1
	exitUsage       = 2
	exitInterrupted = 130 // 128 + SIGINT, as shells report it
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
	if ctx.Err() != nil && errors.Is(err, context.Canceled) {
		// An index run stopped here keeps the previous index: nothing is
		// switched before a run completes.
		fmt.Fprintln(os.Stderr, "codeseek: interrupted")
		return exitInterrupted
	}
	fmt.Fprintln(os.Stderr, "codeseek:", cliWords.Replace(err.Error()))
	if errors.Is(err, nav.ErrNoSymbol) || errors.Is(err, nav.ErrNoPosition) {
		// Nothing found, as grep's 1 says: well called, no answer.
		return exitFailure
	}
	var ue usageError
	var ae *tools.ArgError
	if errors.As(err, &ue) || errors.As(err, &ae) || strings.HasPrefix(err.Error(), "unknown command ") {
		return exitUsage
	}
	return exitFailure
}

// cliWords names, in the errors and warnings the service shares with the
// MCP tools, the commands and flags a person at the terminal uses instead
// of the tools and their arguments.
var cliWords = strings.NewReplacer(
	"call list_repositories", "run `codeseek repos`", "list_repositories", "`codeseek repos`",
	"index_repository", "`codeseek index`", "get_symbols", "`codeseek symbols`",
	"find_definition", "`codeseek def`", "find_references", "`codeseek refs`",
	"call_hierarchy", "`codeseek refs --callers`", "code_map", "`codeseek map`",
	"find_related", "`codeseek related`", "affected_by_diff", "`codeseek affected`",
	"repo_path", "PATH", "repository_id", "--repo", "file_path and line", "FILE:LINE", "file_path", "FILE", "file_type", "--lang",
	"max_tokens", "--max-tokens", "response_format", "--format",
	"detail_level=concise", "--detail concise", "detail_level", "--detail",
)

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
