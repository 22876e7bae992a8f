package main

import (
	_ "embed"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

//go:embed ts_oracle.js
var tsOracleScript []byte

// tsVersion is the TypeScript whose language service is the oracle: the
// last major version written in TypeScript, whose API the helper uses
// (TypeScript 7 is the native port, without it).
const tsVersion = "5.9.3"

func runTsTruth(args []string, stdout io.Writer) error {
	fs := newFlags("ts-truth")
	f := addHelperTruthFlags(fs, "the TypeScript language service")
	node := fs.String("node", "node", "Node.js to run the helper with")
	if err := fs.Parse(args); err != nil {
		return err
	}
	spec, ok := corpusOf("TypeScript")
	if !ok {
		return fmt.Errorf("no TypeScript corpus among ctags-truth's")
	}
	root, _, err := prepareCorpus(spec, *f.cache, "", "")
	if err != nil {
		return err
	}
	modules, err := installTypeScript(filepath.Join(*f.cache, "typescript-"+tsVersion))
	if err != nil {
		return err
	}
	script := filepath.Join(*f.cache, "ts_oracle.js")
	if err := os.WriteFile(script, tsOracleScript, 0o644); err != nil {
		return err
	}
	return runHelperTruth(helperTruth{name: "ts-truth", language: "typescript", root: root,
		argv: []string{*node, script, root}, env: []string{"NODE_PATH=" + modules}, install: installHints["node"],
		oracle: func(v map[string]string) string {
			return "TypeScript " + v["typescript"] + " language service (Node.js " + v["node"] + ")"
		},
	}, f, stdout)
}

// installTypeScript installs the typescript package into dir once and
// returns its node_modules.
func installTypeScript(dir string) (string, error) {
	modules := filepath.Join(dir, "node_modules")
	if _, err := os.Stat(filepath.Join(modules, "typescript", "package.json")); err == nil {
		return modules, nil
	}
	if _, err := lookTool("npm"); err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	if _, err := runCmd(10*time.Minute, dir, "npm", "install", "--silent", "--no-save", "--prefix", dir, "typescript@"+tsVersion); err != nil {
		return "", err
	}
	return modules, nil
}

// corpusOf is ctags-truth's corpus of a language.
func corpusOf(lang string) (corpusSpec, bool) {
	for _, c := range ctagsCorpora {
		if c.Lang == lang {
			return c, true
		}
	}
	return corpusSpec{}, false
}
