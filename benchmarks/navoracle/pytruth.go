package main

import (
	_ "embed"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

//go:embed jedi_oracle.py
var jediOracleScript []byte

// defaultPython prefers Debian's interpreter, where python3-jedi lives.
func defaultPython() string {
	if _, err := os.Stat("/usr/bin/python3"); err == nil {
		return "/usr/bin/python3"
	}
	return "python3"
}

func runPyTruth(args []string, stdout io.Writer) error {
	fs := newFlags("py-truth")
	f := addHelperTruthFlags(fs, "jedi")
	python := fs.String("python", defaultPython(), "Python interpreter that imports jedi (Debian: apt-get install -y python3-jedi)")
	pkg := fs.String("package", "email", "standard-library package to use as the corpus (copied to CACHE/corpora/py-PACKAGE/PACKAGE)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	out, err := runCmd(time.Minute, "", *python, "-c", "import sysconfig;print(sysconfig.get_paths()['stdlib'])")
	if err != nil {
		return fmt.Errorf("%w (install: %s)", err, installHints["python3"])
	}
	stdlib := strings.TrimSpace(string(out))
	root, err := preparePyCorpus(stdlib, *pkg, filepath.Join(*f.cache, "corpora", "py-"+*pkg))
	if err != nil {
		return err
	}
	script := filepath.Join(*f.cache, "jedi_oracle.py")
	if err := os.WriteFile(script, jediOracleScript, 0o644); err != nil {
		return err
	}
	return runHelperTruth(helperTruth{name: "py-truth", language: "python", root: root,
		argv: []string{*python, script, root}, install: installHints["python3"],
		oracle: func(v map[string]string) string { return "jedi " + v["jedi"] + " (Python " + v["python"] + ")" },
	}, f, stdout)
}

// preparePyCorpus copies stdlib/pkg (without __pycache__) to dst/pkg once
// and returns dst, the directory jedi and codeseek treat as the project.
func preparePyCorpus(stdlib, pkg, dst string) (string, error) {
	src := filepath.Join(stdlib, pkg)
	if st, err := os.Stat(src); err != nil || !st.IsDir() {
		return "", fmt.Errorf("%s is not a package directory of the Python standard library", src)
	}
	marker := filepath.Join(dst, ".prepared")
	if b, err := os.ReadFile(marker); err == nil && strings.TrimSpace(string(b)) == src {
		return dst, nil
	}
	_ = os.RemoveAll(dst)
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() && (d.Name() == "__pycache__" || d.Name() == "test" || d.Name() == "tests") {
			return filepath.SkipDir
		}
		target := filepath.Join(dst, pkg, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
	if err != nil {
		return "", err
	}
	return dst, os.WriteFile(marker, []byte(src+"\n"), 0o644)
}
