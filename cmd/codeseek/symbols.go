package main

import (
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
