package main

import (
	"encoding/json"

	"github.com/spf13/cobra"

	"github.com/codeseek/codeseek/buildinfo"
	"github.com/codeseek/codeseek/embedding/model"
)

// newVersionCmd prints what a bug report or a release check needs: the
// version, commit, toolchain, platform and the built-in model's hash.
// `codeseek --version` stays the one-line, instant answer.
func newVersionCmd() *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "version",
		Short: "Print version, commit, Go version, platform and built-in model hash",
		Args:  argsBetween(0, 0),
		RunE: func(c *cobra.Command, _ []string) error {
			info := buildinfo.Read()
			m, err := model.Builtin()
			if err != nil {
				return err
			}
			info.ModelHash = m.Hash()
			if asJSON {
				enc := json.NewEncoder(c.OutOrStdout())
				enc.SetIndent("", "  ")
				return enc.Encode(info)
			}
			_, err = c.OutOrStdout().Write([]byte(info.String()))
			return err
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print as JSON")
	return c
}
