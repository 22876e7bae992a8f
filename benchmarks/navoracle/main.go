// Command navoracle measures codeseek's navigation tools (find_definition,
// find_references) against real oracles: gopls for Go, jedi for Python and
// Universal Ctags for the definitions of many languages.
//
// Each oracle has a "truth" step, which samples symbols with a fixed seed,
// asks the oracle and caches its answers as JSON under
// $TMPDIR/codeseek-navoracle/, and a "score" step, which indexes the same
// corpus with a codeseek binary, asks codeseek's MCP server the same
// questions and compares. See README.md for the commands and what each one
// excludes.
//
//	go run ./benchmarks/navoracle go-truth
//	go run ./benchmarks/navoracle go-score --bin ./codeseek
//	go run ./benchmarks/navoracle go-tokens --bin ./codeseek
//	go run ./benchmarks/navoracle py-truth && go run ./benchmarks/navoracle py-score --bin ./codeseek
//	go run ./benchmarks/navoracle ctags-truth && go run ./benchmarks/navoracle ctags-score --bin ./codeseek
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// command is one subcommand of navoracle.
type command struct {
	summary string
	run     func(args []string, stdout io.Writer) error
}

var commands = map[string]command{
	"go-truth":    {"sample std symbols and record gopls's references and definitions", runGoTruth},
	"go-score":    {"score codeseek's find_references/find_definition against the gopls truth", scoreTruthCommand("go", goMissCategory)},
	"go-tokens":   {"compare the tokens of find_references (calls, compact) with rg -n -w", runGoTokens},
	"py-truth":    {"sample Python symbols and record jedi's references and definitions", runPyTruth},
	"py-score":    {"score codeseek against the jedi truth", scoreTruthCommand("py", helperMissCategory)},
	"c-truth":     {"sample C functions and structs and record clangd's references and definitions", runCTruth},
	"c-score":     {"score codeseek against the clangd truth", scoreTruthCommand("c", helperMissCategory)},
	"cpp-truth":   {"sample C++ functions, methods and classes and record clangd's references and definitions", runCPPTruth},
	"cpp-score":   {"score codeseek against the clangd C++ truth", scoreTruthCommand("cpp", helperMissCategory)},
	"ts-truth":    {"sample TypeScript symbols and record the TypeScript language service's references and definitions", runTsTruth},
	"ts-score":    {"score codeseek against the TypeScript truth", scoreTruthCommand("ts", helperMissCategory)},
	"ctags-truth": {"prepare one corpus per language and sample Universal Ctags definitions", runCtagsTruth},
	"ctags-score": {"score find_definition by symbol against the ctags truth", runCtagsScore},
}

func main() {
	if len(os.Args) < 2 || os.Args[1] == "-h" || os.Args[1] == "--help" || os.Args[1] == "help" {
		usage(os.Stderr)
		os.Exit(2)
	}
	c, ok := commands[os.Args[1]]
	if !ok {
		fmt.Fprintf(os.Stderr, "navoracle: unknown command %q\n\n", os.Args[1])
		usage(os.Stderr)
		os.Exit(2)
	}
	if err := c.run(os.Args[2:], os.Stdout); err != nil {
		if err == flag.ErrHelp {
			os.Exit(2)
		}
		fmt.Fprintf(os.Stderr, "navoracle %s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: navoracle COMMAND [flags]   (COMMAND -h lists its flags)")
	fmt.Fprintln(w, "\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-12s %s\n", n, commands[n].summary)
	}
	fmt.Fprintf(w, "\ncache: %s (override with --cache)\n", defaultCacheDir())
}

// newFlags returns a flag set whose errors are returned, not fatal.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet("navoracle "+name, flag.ContinueOnError)
	return fs
}

// listFlag is a repeatable or comma-separated string flag.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(s string) error {
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			*l = append(*l, p)
		}
	}
	return nil
}
