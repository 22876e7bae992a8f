package benchmarks

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// startupRuns is how many times each command runs per binary and
// iteration; the binaries alternate so that a busy moment of a shared
// machine bills both.
const startupRuns = 25

// smallRepo is the repository the start-up benchmark searches: seven
// files, as a user's first try or an agent's scratch project would be.
var smallRepo = map[string]string{
	"main.go":         "package main\n\n// main starts the server on the configured port.\nfunc main() { serve(loadConfig()) }\n",
	"server.go":       "package main\n\nimport \"net/http\"\n\n// serve answers HTTP requests until the process is stopped.\nfunc serve(c config) { http.ListenAndServe(c.addr, routes()) }\n",
	"config.go":       "package main\n\nimport \"os\"\n\ntype config struct{ addr string }\n\n// loadConfig reads the listen address from the environment.\nfunc loadConfig() config { return config{addr: os.Getenv(\"ADDR\")} }\n",
	"routes.go":       "package main\n\nimport \"net/http\"\n\n// routes maps paths to handlers.\nfunc routes() http.Handler {\n\tm := http.NewServeMux()\n\tm.HandleFunc(\"/health\", health)\n\treturn m\n}\n",
	"health.go":       "package main\n\nimport \"net/http\"\n\n// health reports that the server is up.\nfunc health(w http.ResponseWriter, r *http.Request) { w.Write([]byte(\"ok\")) }\n",
	"scripts/seed.py": "def seed(db):\n    \"\"\"Fill the database with sample users.\"\"\"\n    for name in ('ada', 'alan'):\n        db.insert('users', name=name)\n",
	"README.md":       "# demo\n\nA small HTTP server.\n\n## Running\n\nSet ADDR and run `go run .`.\n",
}

// BenchmarkStartup measures what an agent calling codeseek as a
// subprocess waits for: the wall time of `codeseek --version` (package
// initialisation and nothing else) and of `codeseek search` on a small
// indexed repository (start, load the index, embed the query, rank,
// print), medians of startupRuns each. With $CODESEEK_BASE_BIN set, that
// binary runs alternately with this checkout's, in the same run.
// Targets: --version ≤ 10 ms, search ≤ 40 ms.
//
//	CODESEEK_BASE_BIN=/path/to/old/codeseek go test ./benchmarks -run '^$' -bench Startup -benchtime 3x
func BenchmarkStartup(b *testing.B) {
	repo := b.TempDir()
	for name, text := range smallRepo {
		p := filepath.Join(repo, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	bins := []string{buildCodeseek(b)}
	if base := os.Getenv("CODESEEK_BASE_BIN"); base != "" {
		bins = append(bins, base)
	}
	dataDirs := make([]string, len(bins))
	for i, bin := range bins {
		dataDirs[i] = b.TempDir()
		if out, err := exec.Command(bin, "--data-dir", dataDirs[i], "index", repo).CombinedOutput(); err != nil {
			b.Fatalf("%s index: %v\n%s", bin, err, out)
		}
	}
	version := make([][]time.Duration, len(bins))
	search := make([][]time.Duration, len(bins))
	for b.Loop() {
		for range startupRuns {
			for i, bin := range bins {
				version[i] = append(version[i], timeCommand(b, bin, "--version"))
				search[i] = append(search[i], timeCommand(b, bin, "--data-dir", dataDirs[i], "search", "--repo", repo,
					"--format", "compact", "where is the listen address read"))
			}
		}
	}
	for i, bin := range bins {
		fmt.Fprintf(os.Stderr, "%s: --version p50 %.1f ms, search p50 %.1f ms\n", bin,
			ms(percentile(version[i], 50)), ms(percentile(search[i], 50)))
	}
	b.ReportMetric(ms(percentile(version[0], 50)), "version-p50-ms")
	b.ReportMetric(ms(percentile(search[0], 50)), "search-p50-ms")
	if len(bins) > 1 {
		b.ReportMetric(ms(percentile(version[1], 50)), "base-version-p50-ms")
		b.ReportMetric(ms(percentile(search[1], 50)), "base-search-p50-ms")
	}
	if p := percentile(version[0], 50); p > 10*time.Millisecond {
		b.Logf("TARGET MISSED: --version p50 %s, target ≤ 10 ms", p)
	}
	if p := percentile(search[0], 50); p > 40*time.Millisecond {
		b.Logf("TARGET MISSED: search p50 %s, target ≤ 40 ms", p)
	}
}

// timeCommand runs bin with args and returns its wall time; a failure
// ends the benchmark with the command's output.
func timeCommand(b *testing.B, bin string, args ...string) time.Duration {
	b.Helper()
	start := time.Now()
	out, err := exec.Command(bin, args...).CombinedOutput()
	took := time.Since(start)
	if err != nil {
		b.Fatalf("%s %v: %v\n%s", bin, args, err, out)
	}
	return took
}
