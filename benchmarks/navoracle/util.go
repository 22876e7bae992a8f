package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// defaultCacheDir is where truths, prepared corpora, codeseek indexes and
// results live: $TMPDIR/codeseek-navoracle. Nothing there is committed.
func defaultCacheDir() string {
	return filepath.Join(os.TempDir(), "codeseek-navoracle")
}

// installHints tells, per external tool, the command that installs it.
var installHints = map[string]string{
	"go":       "install Go 1.26 (https://go.dev/dl) and put it on PATH",
	"gopls":    "GOFLAGS=-mod=mod go install golang.org/x/tools/gopls@v0.23.0   (then put $(go env GOPATH)/bin on PATH)",
	"rg":       "apt-get install -y ripgrep",
	"ctags":    "apt-get install -y universal-ctags",
	"python3":  "apt-get install -y python3 python3-jedi",
	"npm":      "apt-get install -y npm",
	"node":     "apt-get install -y nodejs npm (Node.js 18 or later)",
	"clangd":   "apt-get install -y clangd",
	"apt-get":  "run on Debian or Ubuntu, or prepare the corpus by hand (see README.md)",
	"dpkg-deb": "apt-get install -y dpkg",
	"git":      "apt-get install -y git",
	"tar":      "apt-get install -y tar",
}

// missingTool is the error for a tool that is not on PATH; it names the
// command that installs it.
type missingTool struct{ name, hint string }

func (m missingTool) Error() string {
	return fmt.Sprintf("%s not found on PATH; install it with: %s", m.name, m.hint)
}

// lookTool finds name on PATH (or, for gopls, in $(go env GOPATH)/bin) and
// otherwise returns a missingTool error.
func lookTool(name string) (string, error) {
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	if name == "gopls" {
		if out, err := runCmd(30*time.Second, "", "go", "env", "GOPATH"); err == nil {
			for _, d := range filepath.SplitList(strings.TrimSpace(string(out))) {
				p := filepath.Join(d, "bin", "gopls")
				if st, err := os.Stat(p); err == nil && !st.IsDir() {
					return p, nil
				}
			}
		}
	}
	return "", missingTool{name, installHints[name]}
}

// runCmd runs name with args in dir (the current one when empty), with a
// timeout, and returns its stdout. The error includes the end of stderr.
func runCmd(timeout time.Duration, dir, name string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if ctx.Err() == context.DeadlineExceeded {
		return out, fmt.Errorf("%s %s: timed out after %s", name, strings.Join(args, " "), timeout)
	}
	if err != nil {
		var ee *exec.Error
		if errors.As(err, &ee) {
			if h, ok := installHints[name]; ok {
				return out, missingTool{name, h}
			}
		}
		return out, fmt.Errorf("%s %s: %v: %s", name, strings.Join(args, " "), err, tail(stderr.String(), 800))
	}
	return out, nil
}

func tail(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}

// writeJSON writes v to path atomically (a temporary file renamed).
func writeJSON(path string, v any) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(b, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// readJSON reads path into v.
func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// jsonlAppender appends one JSON value per line to a file, syncing after
// each, so an interrupted truth run resumes where it stopped.
type jsonlAppender struct{ f *os.File }

func openJSONL(path string) (*jsonlAppender, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	return &jsonlAppender{f}, nil
}

func (a *jsonlAppender) add(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if _, err := a.f.Write(append(b, '\n')); err != nil {
		return err
	}
	return a.f.Sync()
}

func (a *jsonlAppender) close() error { return a.f.Close() }

// readJSONL calls fn for each complete line of path; a missing file is no
// error, and a torn last line (an interrupted write) is skipped.
func readJSONL(path string, fn func(line []byte) error) error {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 256<<20)
	for sc.Scan() {
		line := sc.Bytes()
		if len(bytes.TrimSpace(line)) == 0 || !json.Valid(line) {
			continue
		}
		if err := fn(line); err != nil {
			return err
		}
	}
	return sc.Err()
}

// percentile returns the p-th percentile (0..100, nearest rank) of xs, 0
// when xs is empty (results are JSON, which has no NaN).
func percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	rank := int(math.Ceil(p / 100 * float64(len(s))))
	if rank < 1 {
		rank = 1
	}
	if rank > len(s) {
		rank = len(s)
	}
	return s[rank-1]
}

// median returns the median of xs (the mean of the middle two for an even
// count), 0 when xs is empty.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// ratio returns a/b, or NaN when b is 0.
func ratio(a, b int) float64 {
	if b == 0 {
		return math.NaN()
	}
	return float64(a) / float64(b)
}

// pct formats a ratio as a percentage with one decimal.
func pct(r float64) string {
	if math.IsNaN(r) {
		return "n/a"
	}
	return fmt.Sprintf("%.1f%%", 100*r)
}

// logf prints a progress line on stderr.
func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "navoracle: "+format+"\n", args...)
}
