package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/codeseek/codeseek/internal/servetest"
)

// binPath is the codeseek binary built once for the end-to-end tests.
var binPath string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "codeseek-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binPath = filepath.Join(dir, "codeseek")
	build := exec.Command("go", "build", "-o", binPath, ".")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "build codeseek:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// writeFixture creates a small repository with code, docs and files the
// walker must skip.
func writeFixture(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		"server/retry.go": `package server

import "time"

// RetryUpload sends the file again with exponential backoff until the
// upload succeeds or the attempts run out.
func RetryUpload(send func() error, attempts int) error {
	var err error
	delay := 100 * time.Millisecond
	for i := 0; i < attempts; i++ {
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(delay)
		delay *= 2
	}
	return err
}
`,
		"server/parse.go": `package server

import "strconv"

// ParsePort converts a port string into a number and checks its range.
func ParsePort(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 65535 {
		return 0, err
	}
	return n, nil
}
`,
		"scripts/hello.py": "def greet(name):\n    \"\"\"Return a friendly greeting for name.\"\"\"\n    return 'hello ' + name\n",
		"README.md":        "# Fixture\n\nA tiny repository.\n\n## Installation\n\nRun the installer script and restart the daemon.\n\n## Usage\n\nCall RetryUpload with a sender function.\n",
		".gitignore":       "build/\n*.log\n",
		"build/out.go":     "package build\n",
		"debug.log":        "noise\n",
	}
	for name, body := range files {
		p := filepath.Join(root, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(root, "logo.bin"), []byte{0x89, 'P', 'N', 'G', 0, 0, 1}, 0o644)
	return root
}

// mcpSession is the part of an MCP client the tests need.
type mcpSession interface {
	listTools(t *testing.T) []mcp.Tool
	call(t *testing.T, tool string, args map[string]any) (text string, isError bool)
}

// stdioSession speaks newline-delimited JSON-RPC to a `codeseek serve`
// child process, as MCP clients and the eval harness do.
type stdioSession struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Scanner
	nextID int
	mu     sync.Mutex
}

func startStdio(t *testing.T, dataDir string) *stdioSession {
	return startServe(t, []string{"CODESEEK_DATA_DIR=" + dataDir, tempRoots()}, os.Stderr)
}

// tempRoots lets a server read the temporary directories tests create
// repositories in; by default it may read only its working directory.
func tempRoots() string { return "CODESEEK_ROOTS=" + os.TempDir() }

// startServe runs `codeseek serve args...` with env added to the
// environment and stderr going to stderr, and initializes an MCP session.
// Closing stdin at cleanup must end the server.
func startServe(t *testing.T, env []string, stderr io.Writer, args ...string) *stdioSession {
	t.Helper()
	cmd := exec.Command(binPath, append([]string{"serve"}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &stdioSession{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	s.out.Buffer(make([]byte, 1<<20), 64<<20)
	t.Cleanup(func() {
		in.Close()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			t.Errorf("codeseek serve %v did not exit after stdin closed", args)
		}
	})
	var init map[string]any
	s.request(t, "initialize", map[string]any{
		"protocolVersion": "2025-03-26", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "e2e", "version": "1"},
	}, &init)
	if init["serverInfo"] == nil {
		t.Fatalf("initialize result has no serverInfo: %v", init)
	}
	s.send(t, map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"})
	return s
}

func (s *stdioSession) send(t *testing.T, msg any) {
	b, _ := json.Marshal(msg)
	if _, err := s.in.Write(append(b, '\n')); err != nil {
		t.Fatalf("write to server: %v", err)
	}
}

// request sends one request and decodes its result, skipping
// notifications. A JSON-RPC error fails the test.
func (s *stdioSession) request(t *testing.T, method string, params any, result any) {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextID++
	id := s.nextID
	s.send(t, map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	for s.out.Scan() {
		var msg struct {
			ID     *int            `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  json.RawMessage `json:"error"`
		}
		if err := json.Unmarshal(s.out.Bytes(), &msg); err != nil {
			t.Fatalf("server wrote non-JSON to stdout: %q", s.out.Text())
		}
		if msg.ID == nil || *msg.ID != id {
			continue
		}
		if msg.Error != nil {
			t.Fatalf("%s: JSON-RPC error %s", method, msg.Error)
		}
		if err := json.Unmarshal(msg.Result, result); err != nil {
			t.Fatalf("%s: bad result %s: %v", method, msg.Result, err)
		}
		return
	}
	t.Fatalf("%s: server closed stdout (%v)", method, s.out.Err())
}

func (s *stdioSession) listTools(t *testing.T) []mcp.Tool {
	var res struct{ Tools []mcp.Tool }
	s.request(t, "tools/list", map[string]any{}, &res)
	return res.Tools
}

func (s *stdioSession) call(t *testing.T, tool string, args map[string]any) (string, bool) {
	t.Helper()
	return s.callRaw(t, tool, args)
}

// callRaw is call with arguments of any JSON shape, malformed ones too.
func (s *stdioSession) callRaw(t *testing.T, tool string, args any) (string, bool) {
	t.Helper()
	var res struct {
		Content []struct{ Type, Text string }
		IsError bool `json:"isError"`
	}
	s.request(t, "tools/call", map[string]any{"name": tool, "arguments": args}, &res)
	if len(res.Content) == 0 {
		t.Fatalf("%s: empty content", tool)
	}
	return res.Content[0].Text, res.IsError
}

// httpSession uses mcp-go's streamable HTTP client against `codeseek serve --http`.
type httpSession struct{ c *client.Client }

func startHTTP(t *testing.T, dataDir string) *httpSession {
	t.Helper()
	return &httpSession{c: servetest.Session(t, startHTTPServer(t, []string{"CODESEEK_DATA_DIR=" + dataDir, tempRoots()}))}
}

// startHTTPServer runs `codeseek serve --http 127.0.0.1:0 args...` with
// env added to the environment and returns its endpoint URL.
func startHTTPServer(t *testing.T, env []string, args ...string) string {
	t.Helper()
	return servetest.StartHTTP(t, binPath, env, args...)
}

func (h *httpSession) listTools(t *testing.T) []mcp.Tool {
	res, err := h.c.ListTools(context.Background(), mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	return res.Tools
}

func (h *httpSession) call(t *testing.T, tool string, args map[string]any) (string, bool) {
	t.Helper()
	req := mcp.CallToolRequest{}
	req.Params.Name = tool
	req.Params.Arguments = args
	res, err := h.c.CallTool(context.Background(), req)
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	tc, ok := res.Content[0].(mcp.TextContent)
	if !ok {
		t.Fatalf("%s: content is %T", tool, res.Content[0])
	}
	return tc.Text, res.IsError
}

func TestMCPOverStdio(t *testing.T) { exerciseMCP(t, startStdio(t, t.TempDir())) }

func TestMCPOverHTTP(t *testing.T) { exerciseMCP(t, startHTTP(t, t.TempDir())) }

// exerciseMCP runs the whole tool contract against one server.
func exerciseMCP(t *testing.T, s mcpSession) {
	checkToolList(t, s.listTools(t))
	repo := writeFixture(t)

	text, isErr := s.call(t, "index_repository", map[string]any{"repo_path": repo, "response_format": "json", "detail_level": "detailed"})
	if isErr {
		t.Fatalf("index_repository failed: %s", text)
	}
	var idx map[string]any
	mustJSON(t, text, &idx)
	requireFields(t, "index_repository", idx, "repository_id", "project_id", "files_indexed", "files_unchanged", "files_skipped",
		"chunks_created", "chunks_deleted", "duration_seconds", "status", "errors", "database_name")
	if idx["files_indexed"].(float64) != 5 { // retry.go, parse.go, hello.py, README.md, .gitignore
		t.Errorf("files_indexed = %v, want 5 (%s)", idx["files_indexed"], text)
	}
	if idx["files_skipped"].(float64) < 3 { // build/, debug.log, logo.bin
		t.Errorf("files_skipped = %v, want >= 3 (%s)", idx["files_skipped"], text)
	}
	repoID := idx["repository_id"].(string)

	text, isErr = s.call(t, "search_code", map[string]any{"query": "retry the upload with exponential backoff", "repository_id": repoID})
	if isErr {
		t.Fatalf("search_code failed: %s", text)
	}
	var res struct {
		Results []map[string]any `json:"results"`
	}
	mustJSON(t, text, &res)
	if len(res.Results) == 0 {
		t.Fatalf("search_code returned nothing: %s", text)
	}
	top := res.Results[0]
	requireFields(t, "search_code result", top, "chunk_id", "file_path", "language", "symbol", "symbol_kind", "content",
		"start_line", "end_line", "similarity_score", "context_before", "context_after")
	if top["file_path"] != "server/retry.go" {
		t.Errorf("top result %v, want server/retry.go", top["file_path"])
	}
	var outer map[string]any
	mustJSON(t, text, &outer)
	requireFields(t, "search_code", outer, "results", "total_count", "project_id", "repository_id", "database_name", "latency_ms")

	text, isErr = s.call(t, "search_code", map[string]any{"query": "port number", "repository_id": repoID, "detail_level": "concise", "file_type": "python"})
	if isErr {
		t.Fatalf("concise search failed: %s", text)
	}
	res.Results = nil // decoding into old elements would merge maps
	mustJSON(t, text, &res)
	if len(res.Results) == 0 {
		t.Fatalf("file_type python found nothing: %s", text)
	}
	for _, r := range res.Results {
		if r["file_path"] != "scripts/hello.py" {
			t.Errorf("file_type python let through %v", r["file_path"])
		}
		if _, ok := r["context_before"]; ok {
			t.Errorf("concise result has context: %v", r)
		}
	}

	text, isErr = s.call(t, "search_docs", map[string]any{"query": "how to install", "repository_id": repoID, "response_format": "markdown"})
	if isErr || !strings.Contains(text, "README.md") || !strings.Contains(text, "Installation") {
		t.Errorf("search_docs markdown: isError=%v\n%s", isErr, text)
	}

	text, isErr = s.call(t, "get_symbols", map[string]any{"file_path": "server/retry.go", "repository_id": repoID, "response_format": "compact"})
	var syms struct{ H, D string }
	mustJSON(t, text, &syms)
	if isErr || !strings.HasPrefix(syms.H, "name|kind|lines") || !strings.Contains(syms.D, "RetryUpload|function|5-18") {
		t.Errorf("get_symbols compact: isError=%v %s", isErr, text)
	}

	text, isErr = s.call(t, "list_repositories", map[string]any{})
	if isErr || !strings.Contains(text, repoID) {
		t.Errorf("list_repositories: isError=%v %s", isErr, text)
	}

	// Bad arguments: each a tool error naming the argument; the server lives on.
	for _, bad := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"search_code", map[string]any{"query": ""}, "query"},
		{"search_code", map[string]any{}, "query"},
		{"search_code", map[string]any{"query": "x", "limit": 0}, "limit"},
		{"search_code", map[string]any{"query": "x", "limit": 1000}, "limit"},
		{"search_code", map[string]any{"query": "x", "limit": "ten"}, "limit"},
		{"search_code", map[string]any{"query": "x", "response_format": "yaml"}, "response_format"},
		{"search_code", map[string]any{"query": "x", "detail_level": "verbose"}, "detail_level"},
		{"search_code", map[string]any{"query": "x", "mode": "magic"}, "mode"},
		{"search_code", map[string]any{"query": "x", "repository_id": "nope"}, "repository_id"},
		{"search_code", map[string]any{"query": "x", "repositoryId": repoID}, "repositoryId"},
		{"index_repository", map[string]any{"repo_path": filepath.Join(repo, "missing")}, "does not exist"},
		{"index_repository", map[string]any{"repo_path": filepath.Join(repo, "README.md")}, "not a directory"},
		{"index_repository", map[string]any{}, "repo_path"},
		{"get_symbols", map[string]any{"file_path": "../etc/passwd", "repository_id": repoID}, "inside"},
		{"get_symbols", map[string]any{"file_path": "nope.go", "repository_id": repoID}, "does not exist"},
	} {
		text, isErr := s.call(t, bad.tool, bad.args)
		if !isErr || !strings.Contains(text, bad.want) {
			t.Errorf("%s %v: isError=%v text=%q, want an error naming %q", bad.tool, bad.args, isErr, text, bad.want)
		}
	}
	if _, isErr := s.call(t, "search_code", map[string]any{"query": "parse port", "repository_id": repoID}); isErr {
		t.Error("server stopped answering after bad requests")
	}
}

func checkToolList(t *testing.T, tools []mcp.Tool) {
	t.Helper()
	byName := map[string]mcp.Tool{}
	for _, tl := range tools {
		byName[tl.Name] = tl
	}
	for _, name := range []string{"index_repository", "search_code", "search_docs", "list_repositories", "get_symbols"} {
		tl, ok := byName[name]
		if !ok {
			t.Fatalf("tools/list lacks %s", name)
		}
		a := tl.Annotations
		if a.ReadOnlyHint == nil || a.DestructiveHint == nil || a.IdempotentHint == nil || a.OpenWorldHint == nil {
			t.Errorf("%s: annotations not all set: %+v", name, a)
		}
		rf, ok := tl.InputSchema.Properties["response_format"].(map[string]any)
		if !ok || fmt.Sprint(rf["enum"]) != "[json markdown compact]" {
			t.Errorf("%s: response_format schema %v", name, tl.InputSchema.Properties["response_format"])
		}
	}
	sc := byName["search_code"]
	if fmt.Sprint(sc.InputSchema.Required) != "[query]" {
		t.Errorf("search_code required = %v", sc.InputSchema.Required)
	}
	limit, _ := sc.InputSchema.Properties["limit"].(map[string]any)
	if limit["maximum"] != float64(100) || limit["default"] != float64(10) {
		t.Errorf("search_code limit schema = %v", limit)
	}
	if ro := byName["search_code"].Annotations.ReadOnlyHint; ro == nil || !*ro {
		t.Error("search_code should be read-only")
	}
}

func mustJSON(t *testing.T, text string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(text), v); err != nil {
		t.Fatalf("not JSON (%v): %s", err, text)
	}
}

func requireFields(t *testing.T, what string, m map[string]any, fields ...string) {
	t.Helper()
	for _, f := range fields {
		if _, ok := m[f]; !ok {
			t.Errorf("%s: missing field %q in %v", what, f, m)
		}
	}
}
