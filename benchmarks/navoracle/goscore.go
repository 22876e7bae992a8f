package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// scoreFlags are the flags every scoring command shares.
type scoreFlags struct {
	bin          *string
	dataDir      *string
	embedder     *string
	cache        *string
	indexTimeout *time.Duration
	callTimeout  *time.Duration
	verbose      *bool
}

func addScoreFlags(fs *flag.FlagSet, dataName string) *scoreFlags {
	sf := &scoreFlags{}
	sf.bin = fs.String("bin", "", "codeseek binary to measure (required; build with: go build -o codeseek ./cmd/codeseek)")
	sf.cache = fs.String("cache", defaultCacheDir(), "cache directory (truth files, results)")
	sf.dataDir = fs.String("data-dir", "", "codeseek data directory (default: CACHE/"+dataName+"); indexed first unless it already holds the corpus")
	sf.embedder = fs.String("embedder", "hash", "codeseek --embedder for index and serve (navigation does not use vectors; hash indexes fastest); empty: codeseek's default")
	sf.indexTimeout = fs.Duration("index-timeout", 60*time.Minute, "timeout of `codeseek index`")
	sf.callTimeout = fs.Duration("call-timeout", 2*time.Minute, "timeout of one tool call")
	sf.verbose = fs.Bool("v", false, "log every symbol")
	return sf
}

// run returns how to run codeseek, checking the flags.
func (sf *scoreFlags) run(dataName string) (codeseekRun, error) {
	if *sf.bin == "" {
		return codeseekRun{}, fmt.Errorf("--bin is required (build codeseek with: go build -o codeseek ./cmd/codeseek)")
	}
	bin, err := filepath.Abs(*sf.bin)
	if err != nil {
		return codeseekRun{}, err
	}
	dd := *sf.dataDir
	if dd == "" {
		dd = filepath.Join(*sf.cache, dataName)
	}
	if err := os.MkdirAll(dd, 0o755); err != nil {
		return codeseekRun{}, err
	}
	r := codeseekRun{Bin: bin, DataDir: dd}
	if *sf.embedder != "" {
		r.Extra = []string{"--embedder", *sf.embedder}
	}
	return r, nil
}

// scoreTruthCommand is LANG-score for an oracle's LANG-truth: load the
// truth, index its corpus into CACHE/index-LANG, ask, print and write the
// results as LANG-score.json, naming each miss by cat.
func scoreTruthCommand(lang string, cat func(string, TruthRef) string) func([]string, io.Writer) error {
	return func(args []string, stdout io.Writer) error {
		name, dataName := lang+"-score", "index-"+lang
		fs := newFlags(name)
		sf := addScoreFlags(fs, dataName)
		limit := fs.Int("limit", 1000, "find_references limit")
		if err := fs.Parse(args); err != nil {
			return err
		}
		return scoreTruth(sf, lang+"-truth", dataName, name, *limit, cat, stdout)
	}
}

// scoreTruth loads the truth truthCmd wrote, indexes, asks, prints and
// writes the results.
func scoreTruth(sf *scoreFlags, truthCmd, dataName, name string, limit int, cat func(string, TruthRef) string, stdout io.Writer) error {
	run, err := sf.run(dataName)
	if err != nil {
		return err
	}
	t, err := loadTruth(filepath.Join(*sf.cache, truthCmd+".json"), truthCmd)
	if err != nil {
		return err
	}
	m, repoID, took, err := ensureIndexed(run, t.Root, *sf.indexTimeout, *sf.callTimeout)
	if err != nil {
		return err
	}
	defer m.close()
	if err := m.requireTools("find_references", "find_definition"); err != nil {
		return err
	}
	rep, err := scoreNav(t, m, repoID, navScoreOptions{Limit: limit, Category: cat, Verbose: *sf.verbose})
	if err != nil {
		return err
	}
	rep.Binary = run.Bin + " " + strings.Join(run.Extra, " ")
	rep.IndexSecs = took.Seconds()
	printNavReport(stdout, rep)
	out := filepath.Join(*sf.cache, name+".json")
	if err := writeJSON(out, rep); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\nresults: %s\n", out)
	return nil
}
