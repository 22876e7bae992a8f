//go:build linux

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"unicode/utf8"

	"golang.org/x/sys/unix"

	"github.com/codeseek/codeseek/formatter"
)

var ansiEscape = regexp.MustCompile("\x1b\\[[0-9;]*m")

// openPTY opens a pseudo-terminal cols columns wide: the master to read
// what a person would see, the slave to give a child as its stdout.
func openPTY(t *testing.T, cols int) (master, slave *os.File) {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	fd := int(master.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Fatalf("unlock pty: %v", err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Fatalf("pty number: %v", err)
	}
	slave, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatalf("open pty slave: %v", err)
	}
	if err := unix.IoctlSetWinsize(int(slave.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 50, Col: uint16(cols)}); err != nil {
		t.Fatalf("set pty size: %v", err)
	}
	return master, slave
}

// termEnv is the environment of a person's terminal: colour allowed, no
// width override, plus the test's data directory and embedder.
func termEnv(dataDir string, extra ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); k != "NO_COLOR" && k != "COLUMNS" && k != "TERM" {
			env = append(env, kv)
		}
	}
	env = append(env, "TERM=xterm-256color", "CODESEEK_DATA_DIR="+dataDir, "CODESEEK_EMBEDDER=hash")
	return append(env, extra...)
}

// onPTY runs codeseek with its stdout on a terminal cols wide and returns
// what the terminal received, "\r\n" read back as "\n".
func onPTY(t *testing.T, cols int, env []string, args ...string) string {
	t.Helper()
	master, slave := openPTY(t, cols)
	defer master.Close()
	cmd := exec.Command(binPath, args...)
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = slave, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	slave.Close()
	var out bytes.Buffer
	done := make(chan error, 1)
	go func() {
		_, err := io.Copy(&out, master)
		done <- err
	}()
	werr := cmd.Wait()
	if err := <-done; err != nil && !errors.Is(err, syscall.EIO) { // EIO: the terminal's last writer closed it
		t.Fatalf("read pty: %v", err)
	}
	if werr != nil {
		t.Fatalf("codeseek %v: %v\n%s", args, werr, stderr.String())
	}
	return strings.ReplaceAll(out.String(), "\r\n", "\n")
}

// piped runs codeseek with stdout a pipe, as a script would.
func piped(t *testing.T, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command(binPath, args...)
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("codeseek %v: %v\n%s", args, err, stderr.String())
	}
	return string(out)
}

// indexedFixture is the e2e fixture, indexed into a fresh data directory.
func indexedFixture(t *testing.T) (root, dataDir string) {
	root, dataDir = writeFixture(t), t.TempDir()
	if code, _, errOut := cli(t, dataDir, "index", root); code != 0 {
		t.Fatalf("index: exit %d: %s", code, errOut)
	}
	return root, dataDir
}

func TestSearchOnATerminalShowsTheTerminalView(t *testing.T) {
	root, dataDir := indexedFixture(t)
	args := []string{"search", "retry the upload", "--repo", root, "--limit", "3"}

	out := onPTY(t, 200, termEnv(dataDir), args...)
	for _, want := range []string{
		"\x1b[35mserver/retry.go\x1b[0m:\x1b[32m", // the header: path magenta, lines green
		"\x1b[1;4;31m", // the query's terms emphasised
	} {
		if !strings.Contains(out, want) {
			t.Errorf("terminal: missing %q in\n%q", want, out)
		}
	}
	if !regexp.MustCompile("\x1b\\[32m ?7\x1b\\[0m:").MatchString(out) {
		t.Errorf("terminal: no green line number 7 (the func line):\n%q", out)
	}
	plain := ansiEscape.ReplaceAllString(out, "")
	if strings.Contains(plain, "\x1b") {
		t.Errorf("terminal: an escape that is not a colour:\n%q", out)
	}
	if !regexp.MustCompile(`(?m)^server/retry\.go:\d+-\d+  RetryUpload \(function\)  \d\.\d\d$`).MatchString(plain) ||
		!regexp.MustCompile(`(?m)^ ?7:func RetryUpload\(send func\(\) error, attempts int\) error \{$`).MatchString(plain) {
		t.Errorf("terminal: no header and numbered code:\n%s", plain)
	}
	if strings.HasPrefix(strings.TrimSpace(plain), "{") || strings.Contains(plain, "# Search Results") {
		t.Errorf("terminal got a machine format:\n%s", plain)
	}

	// NO_COLOR (any non-empty value) and --color never: the same view, no escapes.
	for name, env := range map[string][]string{"NO_COLOR=1": termEnv(dataDir, "NO_COLOR=1"), "--color never": termEnv(dataDir)} {
		a := args
		if name == "--color never" {
			a = append(append([]string{}, args...), "--color", "never")
		}
		got := onPTY(t, 200, env, a...)
		if strings.Contains(got, "\x1b") {
			t.Errorf("%s: escapes on the terminal:\n%q", name, got)
		}
		if got != plain {
			t.Errorf("%s: not the plain terminal view:\n%s\nwant\n%s", name, got, plain)
		}
	}

	// --color always through a pipe: the terminal view, in colour (for less -R).
	if got := piped(t, termEnv(dataDir), append(args, "--color", "always")...); !strings.Contains(got, "\x1b[35mserver/retry.go") ||
		ansiEscape.ReplaceAllString(got, "") != plain {
		t.Errorf("--color always piped:\n%q", got)
	}
}

func TestTerminalViewFitsTheTerminalWidth(t *testing.T) {
	root, dataDir := indexedFixture(t)
	args := []string{"search", "retry the upload", "--repo", root, "--detail", "detailed"}
	check := func(name, out string, width int) {
		t.Helper()
		cut := false
		for _, line := range strings.Split(strings.TrimSuffix(ansiEscape.ReplaceAllString(out, ""), "\n"), "\n") {
			if n := utf8.RuneCountInString(line); n > width {
				t.Errorf("%s: %d columns > %d: %q", name, n, width, line)
			}
			cut = cut || strings.HasSuffix(line, "…")
		}
		if !cut {
			t.Errorf("%s: no line was cut to %d columns:\n%s", name, width, out)
		}
	}
	check("pty of 40 columns", onPTY(t, 40, termEnv(dataDir), args...), 40)
	check("COLUMNS=30", onPTY(t, 200, termEnv(dataDir, "COLUMNS=30"), args...), 30)
	// Through a pipe nothing is cut, even in the terminal view.
	if got := piped(t, termEnv(dataDir, "COLUMNS=30"), append(args, "--format", "terminal")...); strings.Contains(got, "…") {
		t.Errorf("piped terminal view was cut:\n%s", got)
	}
}

// TestPipedSearchIsTheJSONScriptsRead pins what a pipe gets: one line of
// JSON, the detailed search answer, keys in this order, and a newline.
func TestPipedSearchIsTheJSONScriptsRead(t *testing.T) {
	root, dataDir := indexedFixture(t)
	out := piped(t, termEnv(dataDir), "search", "retry the upload", "--repo", root)
	if strings.Count(out, "\n") != 1 || !strings.HasSuffix(out, "}\n") || strings.Contains(out, "\x1b") {
		t.Fatalf("not one line of JSON:\n%q", out)
	}
	keys := func(obj json.RawMessage) []string {
		dec := json.NewDecoder(bytes.NewReader(obj))
		dec.Token() // {
		var ks []string
		for dec.More() {
			k, _ := dec.Token()
			ks = append(ks, k.(string))
			var skip json.RawMessage
			dec.Decode(&skip)
		}
		return ks
	}
	var top struct {
		Results []json.RawMessage `json:"results"`
	}
	if err := json.Unmarshal([]byte(out), &top); err != nil || len(top.Results) == 0 {
		t.Fatalf("%v: %s", err, out)
	}
	if got, want := strings.Join(keys([]byte(out)), ","), "results,total_count,project_id,repository_id,database_name,latency_ms"; got != want {
		t.Errorf("top-level keys %s, want %s", got, want)
	}
	if got, want := strings.Join(keys(top.Results[0]), ","),
		"chunk_id,file_path,language,symbol,symbol_kind,content,start_line,end_line,uri,similarity_score,context_before,context_after"; got != want {
		t.Errorf("result keys %s, want %s", got, want)
	}
	// And --format json on a terminal is the same JSON.
	if got := onPTY(t, 200, termEnv(dataDir), "search", "retry the upload", "--repo", root, "--format", "json"); !strings.HasPrefix(got, `{"results":[{"chunk_id":`) {
		t.Errorf("--format json on a terminal:\n%s", got)
	}
}

func TestNavigationOnATerminal(t *testing.T) {
	root, dataDir := indexedFixture(t)
	for _, args := range [][]string{
		{"symbols", "server/retry.go", "--repo", root},
		{"def", "RetryUpload", "--repo", root},
		{"refs", "RetryUpload", "--repo", root},
		{"map", "--repo", root},
	} {
		out := onPTY(t, 120, termEnv(dataDir), args...)
		if !strings.Contains(out, "\x1b[35mserver/") || !strings.Contains(out, "\x1b[32m") {
			t.Errorf("%v: no coloured path and line numbers:\n%q", args, out)
		}
		if got := piped(t, termEnv(dataDir), args...); !json.Valid([]byte(got)) {
			t.Errorf("%v piped: not JSON:\n%s", args, got)
		}
	}
}

// TestOutputChoice pins how flags and environment pick the output.
func TestOutputChoice(t *testing.T) {
	tty := outputEnv{tty: true, width: 120}
	cases := []struct {
		name      string
		flags     outputFlags
		env       outputEnv
		view      bool
		color     bool
		width     int
		format    formatter.Format
		detail    formatter.Detail
		maxTokens int
		usageFail bool
		names     string // the flag a usage error names
	}{
		{name: "terminal", flags: outputFlags{view: true}, env: tty, view: true, color: true, width: 120, detail: formatter.Concise},
		{name: "pipe", flags: outputFlags{view: true}, format: formatter.JSON, detail: formatter.Detailed},
		{name: "NO_COLOR", flags: outputFlags{view: true}, env: outputEnv{tty: true, noColor: true, width: 80}, view: true, width: 80, detail: formatter.Concise},
		{name: "TERM=dumb", flags: outputFlags{view: true}, env: outputEnv{tty: true, dumb: true}, view: true, detail: formatter.Concise},
		{name: "never", flags: outputFlags{view: true, color: "never"}, env: tty, view: true, width: 120, detail: formatter.Concise},
		{name: "always beats NO_COLOR", flags: outputFlags{view: true, color: "always"}, env: outputEnv{tty: true, noColor: true}, view: true, color: true, detail: formatter.Concise},
		{name: "always piped", flags: outputFlags{view: true, color: "always"}, view: true, color: true, detail: formatter.Concise},
		{name: "terminal piped", flags: outputFlags{view: true, format: "terminal"}, view: true, detail: formatter.Concise},
		{name: "detailed", flags: outputFlags{view: true, detail: "detailed"}, env: tty, view: true, color: true, width: 120, detail: formatter.Detailed},
		{name: "explicit json on a terminal", flags: outputFlags{view: true, format: "json", color: "always"}, env: tty, format: formatter.JSON, detail: formatter.Detailed},
		{name: "no view: markdown on a terminal", flags: outputFlags{}, env: tty, format: formatter.Markdown, detail: formatter.Detailed},
		{name: "no view: no terminal format", flags: outputFlags{format: "terminal"}, env: tty, usageFail: true},
		{name: "bad colour", flags: outputFlags{view: true, color: "sometimes"}, env: tty, usageFail: true},
		{name: "bad format", flags: outputFlags{view: true, format: "html"}, usageFail: true, names: "--format"},
		{name: "bad detail", flags: outputFlags{view: true, format: "json", detail: "verbose"}, usageFail: true, names: "--detail"},
		{name: "bad detail in the view", flags: outputFlags{view: true, detail: "verbose"}, env: tty, usageFail: true, names: "--detail"},
		{name: "negative budget", flags: outputFlags{view: true, format: "json"}, maxTokens: -1, usageFail: true, names: "--max-tokens"},
	}
	for _, c := range cases {
		out, err := c.flags.resolve(c.maxTokens, c.env)
		var ue usageError
		if c.usageFail {
			if !errors.As(err, &ue) {
				t.Errorf("%s: want a usage error, got %v", c.name, err)
			} else if !strings.Contains(err.Error(), c.names) {
				t.Errorf("%s: the error %q does not name %s", c.name, err, c.names)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if (out.View != nil) != c.view {
			t.Errorf("%s: view %v, want %v", c.name, out.View != nil, c.view)
			continue
		}
		if out.View != nil {
			if out.View.Color != c.color || out.View.Width != c.width || out.View.Detail != c.detail {
				t.Errorf("%s: %+v", c.name, *out.View)
			}
			continue
		}
		if out.Format != c.format || out.Detail != c.detail {
			t.Errorf("%s: %+v", c.name, out.Options)
		}
	}
}
