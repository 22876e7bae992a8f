package benchmarks

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// buildCodeseek builds the codeseek binary of this checkout into a
// temporary directory, or returns $CODESEEK_BENCH_BIN when set, so that
// binaries of two commits can be compared on one index in one run.
func buildCodeseek(b *testing.B) string {
	b.Helper()
	if bin := os.Getenv("CODESEEK_BENCH_BIN"); bin != "" {
		return bin
	}
	bin := filepath.Join(b.TempDir(), "codeseek")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/codeseek").CombinedOutput(); err != nil {
		b.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

// mcpServer is a `codeseek serve` process spoken to over stdio.
type mcpServer struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines *bufio.Scanner
	id    int
}

// startServer starts bin serving dataDir, with extra serve flags, and
// completes the MCP handshake.
func startServer(b *testing.B, bin, dataDir string, flags ...string) *mcpServer {
	b.Helper()
	cmd := exec.Command(bin, append([]string{"serve"}, flags...)...)
	cmd.Env = append(os.Environ(), "CODESEEK_DATA_DIR="+dataDir)
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	s := &mcpServer{cmd: cmd, in: in, lines: bufio.NewScanner(out)}
	s.lines.Buffer(nil, 64<<20)
	s.request("initialize", map[string]any{"protocolVersion": "2025-03-26", "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "bench", "version": "1"}})
	s.send(map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"})
	return s
}

func (s *mcpServer) send(v any) {
	m, _ := json.Marshal(v)
	s.in.Write(append(m, '\n'))
}

// request sends one request and returns the response line.
func (s *mcpServer) request(method string, params any) string {
	s.id++
	s.send(map[string]any{"jsonrpc": "2.0", "id": s.id, "method": method, "params": params})
	s.lines.Scan()
	return s.lines.Text()
}

// call calls an MCP tool and fails b when the call reports an error.
func (s *mcpServer) call(b *testing.B, tool string, args map[string]any) {
	b.Helper()
	resp := s.request("tools/call", map[string]any{"name": tool, "arguments": args})
	if !strings.Contains(resp, `"result"`) || strings.Contains(resp, `"isError":true`) {
		b.Fatalf("%s: %.500s", tool, resp)
	}
}

// memoryMB returns the server's resident set (VmRSS) and its peak (VmHWM).
func (s *mcpServer) memoryMB() (rss, peak float64) {
	status, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	for _, l := range strings.Split(string(status), "\n") {
		var kb float64
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			fmt.Sscanf(strings.TrimSpace(v), "%f", &kb)
			rss = kb / 1024
		} else if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			fmt.Sscanf(strings.TrimSpace(v), "%f", &kb)
			peak = kb / 1024
		}
	}
	return rss, peak
}

func (s *mcpServer) close() {
	s.in.Close()
	s.cmd.Wait()
}

// BenchmarkServeReindexRSS starts `codeseek serve` on the standard library
// index, searches once, forces a re-index of the whole tree over MCP,
// searches again and reports the server's resident memory before, and 30
// seconds after, the re-index. Target: after ≤ 1.3× before.
//
//	go test ./benchmarks -run '^$' -bench ServeReindexRSS -benchtime 1x
func BenchmarkServeReindexRSS(b *testing.B) {
	_, id := stdlibIndex(b)
	bin := buildCodeseek(b)
	search := map[string]any{"query": "parse a duration", "repository_id": id}
	for b.Loop() {
		s := startServer(b, bin, stdlib.dataDir, "--root", stdlib.src)
		s.call(b, "search_code", search)
		before, _ := s.memoryMB()
		// wait_seconds: the call returns when the run is done, not after 25 s
		s.call(b, "index_repository", map[string]any{"repo_path": stdlib.src, "force_reindex": true, "wait_seconds": 3600})
		s.call(b, "search_code", search)
		time.Sleep(30 * time.Second)
		after, peak := s.memoryMB()
		s.close()
		b.ReportMetric(before, "rss-before-MB")
		b.ReportMetric(after, "rss-after-30s-MB")
		b.ReportMetric(peak, "hwm-MB")
		b.ReportMetric(after/before, "after/before")
		if after > 1.3*before {
			b.Logf("TARGET MISSED: %.0f MB 30 s after a forced re-index, %.0f MB before (target ≤ 1.3×)", after, before)
		}
	}
}
