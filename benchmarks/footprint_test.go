package benchmarks

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"
)

// goCorpus copies the Go standard library's .go and .md files, tests
// included, testdata and vendored code left out (about 5,600 files), into
// a directory kept for the run, or returns $CODESEEK_BENCH_CORPUS when set.
func goCorpus(b *testing.B) string {
	b.Helper()
	if dir := os.Getenv("CODESEEK_BENCH_CORPUS"); dir != "" {
		return dir
	}
	src := filepath.Join(goroot(b), "src")
	dst := filepath.Join(b.TempDir(), "gosrc")
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "vendor") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, ".md") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		out := filepath.Join(dst, strings.TrimPrefix(path, src))
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return err
		}
		return os.WriteFile(out, data, 0o644)
	})
	if err != nil {
		b.Fatal(err)
	}
	return dst
}

// footprint is what one run measures of one binary.
type footprint struct {
	indexS, indexPeakMB              float64 // cold `codeseek index`
	firstAnswerS                     float64 // process start to the first search's answer
	rssMB, pssMB, pss3MB             float64 // one server after the queries; three servers' PSS summed
	rssAfterMB                       float64 // 30 s after a forced re-index
	hybridMs, vectorMs, rgMs         float64 // p50 over the queries, ripgrep timed alongside
	hybridP95, vectorP95, rgP95      float64
	hybridConciseMs, vectorConciseMs float64 // detail_level concise: no context lines read from the files
}

// BenchmarkServeFootprint measures, on the standard library's .go and .md
// files, for this checkout's binary and, when $CODESEEK_BASE_BIN names
// one, a baseline binary in the same run: cold index time and peak RSS;
// time from `codeseek serve` starting to its first answer; RSS and PSS
// (/proc/PID/smaps_rollup) of one server after the queries and the PSS of
// three servers on the same index; hybrid and vector p50 over MCP stdio
// with ripgrep timed on the same tree in the same loop; RSS 30 s after a
// forced re-index. Each iteration is one run; medians are reported.
//
//	CODESEEK_BASE_BIN=/path/to/main/codeseek go test ./benchmarks -run '^$' \
//	  -bench ServeFootprint -benchtime 3x -timeout 60m
func BenchmarkServeFootprint(b *testing.B) {
	if _, err := exec.LookPath("rg"); err != nil {
		b.Skip("ripgrep (rg) is not installed: apt-get install ripgrep")
	}
	corpus := goCorpus(b)
	bins := map[string]string{"this": buildCodeseek(b)}
	if base := os.Getenv("CODESEEK_BASE_BIN"); base != "" {
		bins["base"] = base
	}
	runs := map[string][]footprint{}
	for b.Loop() {
		for _, name := range []string{"base", "this"} {
			if bins[name] != "" {
				runs[name] = append(runs[name], measureFootprint(b, bins[name], corpus))
			}
		}
	}
	for _, name := range []string{"base", "this"} {
		if fs := runs[name]; len(fs) > 0 {
			fmt.Fprintf(os.Stderr, "%s (%s), medians of %d runs:\n%s\n", name, bins[name], len(fs), medianFootprint(fs))
		}
	}
	m := medianOf(runs["this"])
	b.ReportMetric(m.firstAnswerS, "first-answer-s")
	b.ReportMetric(m.rssMB, "rss-MB")
	b.ReportMetric(m.pss3MB/m.pssMB, "pss3/pss1")
	b.ReportMetric(m.rssAfterMB/m.rssMB, "rss-after/before")
	b.ReportMetric(m.rgMs/m.hybridMs, "rg/hybrid")
	b.ReportMetric(m.rgMs/m.vectorMs, "rg/vector")
	b.ReportMetric(m.indexS, "index-s")
	b.ReportMetric(m.indexPeakMB, "index-peak-MB")
}

// measureFootprint runs the whole measurement once for bin.
func measureFootprint(b *testing.B, bin, corpus string) footprint {
	var f footprint
	dataDir := b.TempDir()
	run := coldIndex(b, bin, dataDir, corpus)
	id := run.RepositoryID
	f.indexS, f.indexPeakMB = run.seconds, run.peakMB
	start := time.Now()
	s := startServer(b, bin, dataDir, "--root", corpus)
	defer s.close()
	s.call(b, "search_code", map[string]any{"query": "parse a duration", "repository_id": id})
	f.firstAnswerS = time.Since(start).Seconds()

	lat := map[string][]time.Duration{}
	var rg []time.Duration
	for _, q := range searchQueries {
		for _, mode := range []string{"hybrid", "vector"} {
			for _, detail := range []string{"detailed", "concise"} {
				t := time.Now()
				s.call(b, "search_code", map[string]any{"query": q, "repository_id": id, "mode": mode, "detail_level": detail})
				lat[mode+detail] = append(lat[mode+detail], time.Since(t))
			}
		}
		rg = append(rg, timeRipgrep(b, q, corpus))
	}
	f.hybridMs, f.hybridP95 = ms(percentile(lat["hybriddetailed"], 50)), ms(percentile(lat["hybriddetailed"], 95))
	f.vectorMs, f.vectorP95 = ms(percentile(lat["vectordetailed"], 50)), ms(percentile(lat["vectordetailed"], 95))
	f.hybridConciseMs, f.vectorConciseMs = ms(percentile(lat["hybridconcise"], 50)), ms(percentile(lat["vectorconcise"], 50))
	f.rgMs, f.rgP95 = ms(percentile(rg, 50)), ms(percentile(rg, 95))
	f.rssMB, _ = s.memoryMB()
	f.pssMB = pssMB(b, s.cmd.Process.Pid)

	others := []*mcpServer{startServer(b, bin, dataDir, "--root", corpus), startServer(b, bin, dataDir, "--root", corpus)}
	f.pss3MB = f.pssMB
	for _, o := range others {
		for _, q := range searchQueries {
			o.call(b, "search_code", map[string]any{"query": q, "repository_id": id})
		}
	}
	f.pss3MB = pssMB(b, s.cmd.Process.Pid)
	for _, o := range others {
		f.pss3MB += pssMB(b, o.cmd.Process.Pid)
		o.close()
	}

	s.call(b, "index_repository", map[string]any{"repo_path": corpus, "force_reindex": true, "wait_seconds": 3600})
	s.call(b, "search_code", map[string]any{"query": "parse a duration", "repository_id": id})
	time.Sleep(30 * time.Second)
	f.rssAfterMB, _ = s.memoryMB()
	return f
}

// indexRun is what a cold `codeseek index` reports and costs.
type indexRun struct {
	RepositoryID string `json:"repository_id"`
	Files        int    `json:"files_indexed"`
	Chunks       int    `json:"chunks_created"`
	seconds      float64
	peakMB       float64
}

// coldIndex indexes corpus into the empty dataDir with bin, recording
// wall time and peak RSS.
func coldIndex(b *testing.B, bin, dataDir, corpus string) indexRun {
	cmd := exec.Command(bin, "index", "--format", "json", corpus)
	cmd.Env = append(os.Environ(), "CODESEEK_DATA_DIR="+dataDir)
	start := time.Now()
	out, err := cmd.Output()
	if err != nil {
		b.Fatalf("%s index: %v\n%.2000s", bin, err, out)
	}
	var run indexRun
	if err := json.Unmarshal(out, &run); err != nil || run.RepositoryID == "" {
		b.Fatalf("index output %.300s: %v", out, err)
	}
	run.seconds = time.Since(start).Seconds()
	run.peakMB = float64(cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss) / 1024
	return run
}

// timeRipgrep times ripgrep searching corpus for the query's longest
// word, case-insensitively, as one would grep for it.
func timeRipgrep(b *testing.B, query, corpus string) time.Duration {
	word := ""
	for _, w := range strings.FieldsFunc(query, func(r rune) bool { return r == ' ' || r == '.' }) {
		if len(w) > len(word) {
			word = w
		}
	}
	cmd := exec.Command("rg", "-i", "-n", "-F", "--", word, corpus)
	start := time.Now()
	if err := cmd.Run(); err != nil {
		if e, ok := err.(*exec.ExitError); !ok || e.ExitCode() != 1 { // 1: no match
			b.Fatalf("rg %s: %v", word, err)
		}
	}
	return time.Since(start)
}

// pssMB reads a process's proportional set size: shared pages count
// divided by the number of processes mapping them.
func pssMB(b *testing.B, pid int) float64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/smaps_rollup", pid))
	if err != nil {
		b.Fatal(err)
	}
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "Pss:"); ok {
			var kb float64
			fmt.Sscanf(strings.TrimSpace(v), "%f", &kb)
			return kb / 1024
		}
	}
	b.Fatalf("no Pss in smaps_rollup of %d", pid)
	return 0
}

// medianOf returns, field by field, the median of fs.
func medianOf(fs []footprint) footprint {
	var m footprint
	fields := func(f *footprint) []*float64 {
		return []*float64{&f.indexS, &f.indexPeakMB, &f.firstAnswerS, &f.rssMB, &f.pssMB, &f.pss3MB, &f.rssAfterMB,
			&f.hybridMs, &f.vectorMs, &f.rgMs, &f.hybridP95, &f.vectorP95, &f.rgP95, &f.hybridConciseMs, &f.vectorConciseMs}
	}
	out := fields(&m)
	for i := range out {
		var vs []float64
		for j := range fs {
			vs = append(vs, *fields(&fs[j])[i])
		}
		sort.Float64s(vs)
		*out[i] = vs[len(vs)/2]
	}
	return m
}

func medianFootprint(fs []footprint) string {
	m := medianOf(fs)
	return fmt.Sprintf("  cold index %.1f s, peak RSS %.0f MB\n  first answer %.2f s after start\n"+
		"  RSS %.0f MB, PSS %.0f MB; three servers PSS %.0f MB (%.2fx)\n  RSS 30 s after forced re-index %.0f MB (%.2fx)\n"+
		"  hybrid p50 %.1f ms (p95 %.1f), vector p50 %.1f ms (p95 %.1f), ripgrep p50 %.1f ms (p95 %.1f): rg/hybrid %.1f, rg/vector %.1f\n"+
		"  concise (no context lines): hybrid p50 %.1f ms, vector p50 %.1f ms: rg/hybrid %.1f, rg/vector %.1f",
		m.indexS, m.indexPeakMB, m.firstAnswerS, m.rssMB, m.pssMB, m.pss3MB, m.pss3MB/m.pssMB, m.rssAfterMB, m.rssAfterMB/m.rssMB,
		m.hybridMs, m.hybridP95, m.vectorMs, m.vectorP95, m.rgMs, m.rgP95, m.rgMs/m.hybridMs, m.rgMs/m.vectorMs,
		m.hybridConciseMs, m.vectorConciseMs, m.rgMs/m.hybridConciseMs, m.rgMs/m.vectorConciseMs)
}
