package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/formatter/terminal"
)

// outputFlags are --format and --detail, and for the commands with a
// terminal view (view set) --color.
type outputFlags struct {
	format string
	detail string
	color  string
	// view marks a command whose answer has a terminal view: on a
	// terminal it is the default, and --format terminal and --color
	// exist.
	view bool
}

// formatTerminal is the --format value of the terminal view. It is the
// CLI's own: MCP's response_format stays json, markdown or compact.
const formatTerminal = "terminal"

func (o *outputFlags) register(c *cobra.Command) {
	f := c.Flags()
	if !o.view {
		f.StringVar(&o.format, "format", "", "output format: json, markdown or compact (default markdown on a terminal, json otherwise)")
		f.StringVar(&o.detail, "detail", "detailed", "detail level: concise or detailed")
		return
	}
	f.StringVar(&o.format, "format", "", "output format: terminal, json, markdown or compact (default terminal on a terminal or with --color always, json otherwise)")
	f.StringVar(&o.detail, "detail", "", "detail level: concise or detailed (default detailed; the terminal view defaults to concise, a few lines per hit)")
	f.StringVar(&o.color, "color", "auto", "colour the terminal view: auto (on a terminal unless NO_COLOR is set), always (through a pipe too, e.g. into less -R) or never")
}

// output is how a command prints its answer: Options for a machine
// format, or View for the terminal view.
type output struct {
	formatter.Options
	View *terminal.Options
}

// outputEnv is what the choice of output depends on besides the flags.
type outputEnv struct {
	tty     bool // stdout is a terminal
	noColor bool // NO_COLOR is set to a non-empty value
	dumb    bool // TERM=dumb: a terminal that cannot do colour
	width   int  // the terminal's columns, 0 when not known or not a terminal
}

// stdoutEnv reads the environment of this process's stdout. The width is
// $COLUMNS when that is a positive number (a user's override, and what
// shells export), else the terminal's size.
func stdoutEnv() outputEnv {
	fd := int(os.Stdout.Fd())
	e := outputEnv{tty: term.IsTerminal(fd), noColor: os.Getenv("NO_COLOR") != "", dumb: os.Getenv("TERM") == "dumb"}
	if !e.tty {
		return e
	}
	if n, err := strconv.Atoi(strings.TrimSpace(os.Getenv("COLUMNS"))); err == nil && n > 0 {
		e.width = n
	} else if w, _, err := term.GetSize(fd); err == nil && w > 0 {
		e.width = w
	}
	return e
}

// options is the machine format a command without a terminal view prints.
func (o *outputFlags) options(maxTokens int) (formatter.Options, error) {
	out, err := o.resolve(maxTokens, stdoutEnv())
	return out.Options, err
}

// output is the output of a command with a terminal view.
func (o *outputFlags) output(maxTokens int) (output, error) {
	return o.resolve(maxTokens, stdoutEnv())
}

// resolve decides the output: an explicit --format wins; otherwise a
// terminal (or --color always) gets the terminal view, or Markdown for a
// command without one, and a pipe gets JSON, as scripts have always read.
func (o *outputFlags) resolve(maxTokens int, env outputEnv) (output, error) {
	color := strings.ToLower(strings.TrimSpace(o.color))
	switch color {
	case "", "auto", "always", "never":
	default:
		return output{}, usagef("--color %q: use auto, always or never", o.color)
	}
	// Each flag is checked under its own name: the formatter's messages
	// name the MCP tools' arguments.
	if _, err := formatter.ParseDetail(o.detail); err != nil {
		return output{}, usagef("--detail %q: use concise or detailed", o.detail)
	}
	if maxTokens < 0 {
		return output{}, usagef("--max-tokens %d: use 0 (no limit) or a positive number", maxTokens)
	}
	format := strings.ToLower(strings.TrimSpace(o.format))
	if format == "" {
		switch {
		case o.view && (env.tty || color == "always"):
			format = formatTerminal
		case env.tty && !o.view:
			format = string(formatter.Markdown)
		default:
			format = string(formatter.JSON)
		}
	}
	if format != formatTerminal || !o.view {
		opts, err := formatter.ParseOptions(format, o.detail, false, maxTokens)
		if err != nil {
			choices := "json, markdown or compact"
			if o.view {
				choices = "terminal, " + choices
			}
			return output{}, usagef("--format %q is not supported: use %s", o.format, choices)
		}
		return output{Options: opts}, nil
	}
	detail := formatter.Concise
	if o.detail != "" {
		detail, _ = formatter.ParseDetail(o.detail)
	}
	v := &terminal.Options{
		Color:     color == "always" || color != "never" && env.tty && !env.noColor && !env.dumb,
		Detail:    detail,
		MaxTokens: maxTokens,
	}
	if env.tty {
		v.Width = env.width
	}
	return output{Options: formatter.Options{Detail: detail, MaxTokens: maxTokens}, View: v}, nil
}

// render prints v in the chosen output: view draws the terminal view,
// machine renders a machine format.
func render[T any](v T, out output, machine func(T, formatter.Options) (string, error), view func(T, terminal.Options) (string, error)) (string, error) {
	if out.View != nil {
		return view(v, *out.View)
	}
	return machine(v, out.Options)
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
