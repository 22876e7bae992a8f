package main

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/tools"
)

func newReposCmd(g *globalFlags) *cobra.Command {
	var out outputFlags
	c := &cobra.Command{
		Use:   "repos",
		Short: "List indexed repositories",
		Args:  argsBetween(0, 0),
		RunE: func(c *cobra.Command, a []string) error {
			opts, err := out.options(0)
			if err != nil {
				return err
			}
			svc, err := g.service(c.Context())
			if err != nil {
				return err
			}
			list, err := svc.ListRepositories()
			if err != nil {
				return err
			}
			return print(formatter.RenderRepositories(list, opts))
		},
	}
	out.register(c)
	return c
}

func newRemoveCmd(g *globalFlags) *cobra.Command {
	return &cobra.Command{
		Use:   "remove PATH|ID",
		Short: "Delete the index of a repository",
		Args:  argsBetween(1, 1),
		RunE: func(c *cobra.Command, a []string) error {
			svc, err := g.service(c.Context())
			if err != nil {
				return err
			}
			repo, err := svc.RemoveRepository(a[0])
			if ae := (*tools.ArgError)(nil); errors.As(err, &ae) && ae.Arg == "repository_id" {
				return usagef("%s", ae.Msg) // the argument is PATH|ID, no flag
			}
			if err != nil {
				return err
			}
			return print("removed "+repo.ID+" ("+repo.Path+")", nil)
		},
	}
}
