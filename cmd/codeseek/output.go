package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/codeseek/codeseek/formatter"
)

// outputFlags are --format and --detail.
type outputFlags struct {
	format string
	detail string
}

func (o *outputFlags) register(c *cobra.Command) {
	c.Flags().StringVar(&o.format, "format", "", "output format: json, markdown or compact (default markdown on a terminal, json otherwise)")
	c.Flags().StringVar(&o.detail, "detail", "detailed", "detail level: concise or detailed")
}

func (o *outputFlags) options(maxTokens int) (formatter.Options, error) {
	format := o.format
	if format == "" {
		format = "json"
		if term.IsTerminal(int(os.Stdout.Fd())) {
			format = "markdown"
		}
	}
	opts, err := formatter.ParseOptions(format, o.detail, false, maxTokens)
	if err != nil {
		return opts, usageError{err}
	}
	return opts, nil
}

// print writes a rendered answer to stdout with a final newline.
func print(text string, err error) error {
	if err != nil {
		return err
	}
	if len(text) > 0 && text[len(text)-1] != '\n' {
		text += "\n"
	}
	_, err = fmt.Fprint(os.Stdout, text)
	return err
}
