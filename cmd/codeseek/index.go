package main

import (
	"github.com/spf13/cobra"

	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/tools"
)

func newIndexCmd(g *globalFlags) *cobra.Command {
	var out outputFlags
	var p tools.IndexParams
	var watch bool
	c := &cobra.Command{
		Use:   "index [PATH]",
		Short: "Index a repository (only what changed since the last run)",
		Args:  argsBetween(0, 1),
		RunE: func(c *cobra.Command, a []string) error {
			p.RepoPath = "."
			if len(a) == 1 {
				p.RepoPath = a[0]
			}
			opts, err := out.options(0)
			if err != nil {
				return err
			}
			svc, err := g.service(c.Context())
			if err != nil {
				return err
			}
			if watch {
				return watchIndex(c, svc, p, opts)
			}
			rep, err := indexWithProgress(c, svc, p)
			if err != nil {
				return err
			}
			return print(formatter.RenderIndex(rep, opts))
		},
	}
	c.Flags().StringVar(&p.ProjectID, "project", "", "project name to group the repository under (default: directory name)")
	c.Flags().BoolVar(&p.Force, "force", false, "rebuild every file instead of only what changed")
	c.Flags().BoolVar(&p.DryRun, "dry-run", false, "report what would be indexed without embedding or storing anything")
	c.Flags().BoolVar(&watch, "watch", false, "after indexing, keep re-indexing on every change until Ctrl-C (one line per re-index on stderr)")
	out.register(c)
	return c
}

// indexWithProgress runs an index with a progress bar on a terminal.
func indexWithProgress(c *cobra.Command, svc *tools.Service, p tools.IndexParams) (formatter.IndexReport, error) {
	bar := newProgressBar()
	p.Progress = bar.callback()
	rep, err := svc.IndexRepository(c.Context(), p)
	bar.done()
	return rep, err
}
