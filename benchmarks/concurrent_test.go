package benchmarks

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/codeseek/codeseek/internal/servetest"
)

// loadTree is the part of the Go source tree the load test indexes:
// about 2,500 files.
var loadTree = []string{"crypto", "runtime", "encoding", "math", "image"}

// loadQueries are what the concurrent searches ask, in turn.
var loadQueries = []string{
	"verify an ECDSA signature", "parse a PEM block", "garbage collector mark phase",
	"base64 decoding with padding", "allocate a new goroutine stack", "encode a value as JSON",
	"hash a message with SHA-256", "schedule a goroutine on an idle processor",
	"read a CSV record", "constant time comparison of byte slices",
}

// TestConcurrentSearchesDuringReindex is the load check of issue 13: a
// real `codeseek serve --http` answers 100 concurrent searches from 10 MCP
// sessions while another session force-re-indexes a 2.5k-file tree. Every
// search must succeed with results (the last complete index serves them).
// It prints latencies of the same burst on the idle server first, for
// comparison, and how many searches overlapped the re-index.
//
//	CODESEEK_LOAD=1 go test ./benchmarks -run ConcurrentSearchesDuringReindex -v
func TestConcurrentSearchesDuringReindex(t *testing.T) {
	if os.Getenv("CODESEEK_LOAD") == "" {
		t.Skip("set CODESEEK_LOAD=1 to run the load check (indexes 2.5k files of the Go source tree, about a minute)")
	}
	const sessions, perSession = 10, 10
	root := copyLoadTree(t)
	url := startHTTPServe(t, []string{"CODESEEK_DATA_DIR=" + t.TempDir(), "CODESEEK_ROOTS=" + root}, "--rate-limit", "0")
	admin := servetest.Session(t, url)

	start := time.Now()
	rep := callTool(t, admin, "index_repository", map[string]any{"repo_path": root, "detail_level": "concise"})
	var idx struct {
		ID    string `json:"repository_id"`
		Files int    `json:"files_indexed"`
	}
	json.Unmarshal([]byte(rep), &idx)
	t.Logf("cold index: %d files in %.1fs", idx.Files, time.Since(start).Seconds())

	clients := make([]*client.Client, sessions)
	for i := range clients {
		clients[i] = servetest.Session(t, url)
	}
	idle := searchBurst(t, clients, perSession, idx.ID)
	t.Logf("idle server: %s", idle)

	reindexDone := make(chan time.Time, 1)
	reindexStart := time.Now()
	go func() {
		callTool(t, admin, "index_repository", map[string]any{"repo_path": root, "force_reindex": true, "detail_level": "concise"})
		reindexDone <- time.Now()
	}()
	time.Sleep(500 * time.Millisecond) // let the re-index get under way
	busy := searchBurst(t, clients, perSession, idx.ID)
	done := <-reindexDone
	during := 0
	for _, e := range busy.ends {
		if e.Before(done) {
			during++
		}
	}
	t.Logf("during a %.1fs forced re-index: %s; %d of them finished before the re-index did",
		done.Sub(reindexStart).Seconds(), busy, during)
	if busy.errs+busy.empty+idle.errs+idle.empty > 0 {
		t.Errorf("searches failed or came back empty")
	}
}

// burstStats describes one burst of concurrent searches.
type burstStats struct {
	lat         []time.Duration // sorted
	ends        []time.Time
	errs, empty int
}

func (b burstStats) String() string {
	q := func(f float64) time.Duration { return b.lat[int(f*float64(len(b.lat)-1))].Round(time.Millisecond) }
	return fmt.Sprintf("%d searches, errors %d, empty answers %d, latency p50 %v, p95 %v, max %v",
		len(b.lat), b.errs, b.empty, q(0.5), q(0.95), q(1))
}

// searchBurst sends perSession searches at once on every session and
// waits for all of them.
func searchBurst(t *testing.T, clients []*client.Client, perSession int, repoID string) burstStats {
	var mu sync.Mutex
	var st burstStats
	var wg sync.WaitGroup
	for s, c := range clients {
		for q := range perSession {
			wg.Add(1)
			go func() {
				defer wg.Done()
				req := mcp.CallToolRequest{}
				req.Params.Name = "search_code"
				req.Params.Arguments = map[string]any{"query": loadQueries[(s+q)%len(loadQueries)], "repository_id": repoID, "detail_level": "concise"}
				t0 := time.Now()
				res, err := c.CallTool(context.Background(), req)
				d := time.Since(t0)
				mu.Lock()
				defer mu.Unlock()
				st.lat, st.ends = append(st.lat, d), append(st.ends, time.Now())
				switch {
				case err != nil:
					st.errs++
					t.Errorf("search: %v", err)
				case res.IsError:
					st.errs++
					t.Errorf("search: tool error %v", res.Content)
				default:
					var out struct{ Results []json.RawMessage }
					tc, _ := res.Content[0].(mcp.TextContent)
					if json.Unmarshal([]byte(tc.Text), &out) != nil || len(out.Results) == 0 {
						st.empty++
						t.Errorf("search answered without results: %.200s", tc.Text)
					}
				}
			}()
		}
	}
	wg.Wait()
	slices.Sort(st.lat)
	return st
}

// copyLoadTree copies loadTree out of GOROOT, so the index root holds
// nothing else.
func copyLoadTree(t *testing.T) string {
	t.Helper()
	src := filepath.Join(goroot(t), "src")
	root := filepath.Join(t.TempDir(), "tree")
	os.MkdirAll(root, 0o755)
	for _, d := range loadTree {
		if out, err := exec.Command("cp", "-a", filepath.Join(src, d), root).CombinedOutput(); err != nil {
			t.Skipf("copy %s: %v\n%s", d, err, out)
		}
	}
	return root
}

// startHTTPServe builds codeseek and starts `codeseek serve --http`.
func startHTTPServe(t *testing.T, env []string, args ...string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "codeseek")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/codeseek").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return servetest.StartHTTP(t, bin, env, args...)
}

// callTool calls a tool and returns its text; any failure fails the test.
func callTool(t *testing.T, c *client.Client, name string, args map[string]any) string {
	req := mcp.CallToolRequest{}
	req.Params.Name = name
	req.Params.Arguments = args
	res, err := c.CallTool(context.Background(), req)
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return ""
	}
	tc, _ := res.Content[0].(mcp.TextContent)
	if res.IsError {
		t.Errorf("%s: %s", name, tc.Text)
	}
	return tc.Text
}
