package main

import (
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/formatter/terminal"
	"github.com/codeseek/codeseek/tools"
)

func newSymbolsCmd(g *globalFlags) *cobra.Command {
	out := outputFlags{view: true}
	var p tools.SymbolsParams
	c := &cobra.Command{
		Use:   "symbols FILE",
		Short: "List the declarations of a file (name, kind, lines, parent, signature)",
		Args:  argsBetween(1, 1),
		RunE: func(c *cobra.Command, a []string) error {
			p.FilePath = a[0]
			if c.Flags().Changed("line") && p.Line == 0 {
				p.Line = tools.LineZero
			}
			o, err := out.output(0)
			if err != nil {
				return err
			}
			svc, err := g.service(c.Context())
			if err != nil {
				return err
			}
			if p.RepositoryID == "" {
				p.RepositoryID, p.FilePath = inIndexedRepo(svc, p.FilePath)
			} else if fi, err := os.Stat(p.RepositoryID); err == nil && fi.IsDir() {
				// A directory: FILE is relative to it, in the index of the
				// repository holding it, as search and refs take --repo.
				p.RepositoryID, p.FilePath = inIndexedRepo(svc, filepath.Join(p.RepositoryID, p.FilePath))
			}
			list, err := svc.Symbols(p)
			if err != nil {
				return err
			}
			return print(render(list, o, formatter.RenderSymbols, terminal.Symbols))
		},
	}
	c.Flags().StringVar(&p.RepositoryID, "repo", "", "repository (ID or path) FILE is relative to")
	c.Flags().IntVar(&p.Line, "line", 0, "only the declarations enclosing this line, outermost first")
	out.register(c)
	return c
}

// inIndexedRepo is the indexed repository a file named on the command
// line lies in and its path there ("absl/strings/numbers.cc" for
// numbers.cc run in absl/strings), so that the answer names the file as
// the other commands do; a file of no indexed repository is read as
// given, with no repository.
func inIndexedRepo(svc *tools.Service, file string) (id, path string) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return "", file
	}
	root, err := repoRoot(svc, filepath.Dir(abs))
	if err != nil || !svc.Indexed(tools.RepoID(root)) {
		return "", file
	}
	rel, ok := insideRoot(root, abs)
	if !ok {
		return "", file
	}
	return tools.RepoID(root), rel
}
