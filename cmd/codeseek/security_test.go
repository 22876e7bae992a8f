package main

import (
	"bufio"
	"bytes"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/tools"
)

// The security suite: each test starts the real server on loopback and
// checks one guard from the outside, as a client or an attacker would.

const initializeBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"security","version":"1"}}}`

// post sends one MCP initialize request (or body, if given) and returns
// the response with its body read.
func post(t *testing.T, url string, header map[string]string, body io.Reader) (*http.Response, string) {
	t.Helper()
	if body == nil {
		body = strings.NewReader(initializeBody)
	}
	req, err := http.NewRequest(http.MethodPost, url, body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range header {
		if k == "Host" {
			req.Host = v // net/http sends req.Host, not a Host header
		}
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("POST %s: %v", url, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

func TestHTTPTokenOriginAndBodyLimit(t *testing.T) {
	const token = "s3cret-token-for-tests"
	url := startHTTPServer(t, []string{"CODESEEK_DATA_DIR=" + t.TempDir(), "CODESEEK_EMBEDDER=hash", "CODESEEK_AUTH_TOKEN=" + token})
	bearer := "Bearer " + token
	big := bytes.Repeat([]byte("x"), 8<<20)
	for _, c := range []struct {
		name   string
		header map[string]string
		body   io.Reader
		want   int
	}{
		{"no token", nil, nil, http.StatusUnauthorized},
		{"wrong token", map[string]string{"Authorization": "Bearer nope"}, nil, http.StatusUnauthorized},
		{"token as basic auth", map[string]string{"Authorization": "Basic " + token}, nil, http.StatusUnauthorized},
		{"right token", map[string]string{"Authorization": bearer}, nil, http.StatusOK},
		{"foreign origin", map[string]string{"Authorization": bearer, "Origin": "http://evil.example"}, nil, http.StatusForbidden},
		{"null origin", map[string]string{"Authorization": bearer, "Origin": "null"}, nil, http.StatusForbidden},
		// DNS rebinding: a foreign name resolving to 127.0.0.1 (mcp-go refuses it).
		{"rebound Host", map[string]string{"Authorization": bearer, "Host": "evil.example:80"}, nil, http.StatusForbidden},
		{"localhost origin", map[string]string{"Authorization": bearer, "Origin": "http://localhost:5173"}, nil, http.StatusOK},
		{"loopback origin", map[string]string{"Authorization": bearer, "Origin": "http://127.0.0.1:8080"}, nil, http.StatusOK},
		{"8 MiB body", map[string]string{"Authorization": bearer}, bytes.NewReader(big), http.StatusRequestEntityTooLarge},
		// io.MultiReader hides the length: the body arrives chunked.
		{"8 MiB chunked body", map[string]string{"Authorization": bearer}, io.MultiReader(bytes.NewReader(big)), http.StatusRequestEntityTooLarge},
		{"after the big bodies", map[string]string{"Authorization": bearer}, nil, http.StatusOK},
	} {
		resp, body := post(t, url, c.header, c.body)
		if resp.StatusCode != c.want {
			t.Errorf("%s: status %d (%q), want %d", c.name, resp.StatusCode, body, c.want)
		}
		if c.want == http.StatusUnauthorized && !strings.HasPrefix(resp.Header.Get("WWW-Authenticate"), "Bearer") {
			t.Errorf("%s: WWW-Authenticate %q, want a Bearer challenge", c.name, resp.Header.Get("WWW-Authenticate"))
		}
		if c.want == http.StatusOK && !strings.Contains(body, "serverInfo") {
			t.Errorf("%s: 200 without an initialize result: %q", c.name, body)
		}
	}
}

func TestHTTPAllowOrigin(t *testing.T) {
	url := startHTTPServer(t, []string{"CODESEEK_DATA_DIR=" + t.TempDir(), "CODESEEK_EMBEDDER=hash"}, "--allow-origin", "https://app.example.com")
	for origin, want := range map[string]int{
		"https://app.example.com":      http.StatusOK,
		"https://app.example.com:8443": http.StatusForbidden,
		"http://app.example.com":       http.StatusForbidden,
		"https://evil.example":         http.StatusForbidden,
		"":                             http.StatusOK, // not a browser
	} {
		h := map[string]string{}
		if origin != "" {
			h["Origin"] = origin
		}
		if resp, body := post(t, url, h, nil); resp.StatusCode != want {
			t.Errorf("Origin %q: status %d (%q), want %d", origin, resp.StatusCode, body, want)
		}
	}
}

func TestHTTPRateLimit(t *testing.T) {
	// 0.5 requests/s after a burst of 1: the second of six quick requests
	// is already over the limit however slow the machine.
	url := startHTTPServer(t, []string{"CODESEEK_DATA_DIR=" + t.TempDir(), "CODESEEK_EMBEDDER=hash"}, "--rate-limit", "0.5")
	limited := 0
	for range 6 {
		resp, _ := post(t, url, nil, nil)
		if resp.StatusCode == http.StatusTooManyRequests {
			limited++
			if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err != nil || s < 1 {
				t.Errorf("429 with Retry-After %q, want whole seconds >= 1", resp.Header.Get("Retry-After"))
			}
		} else if resp.StatusCode != http.StatusOK {
			t.Errorf("status %d, want 200 or 429", resp.StatusCode)
		}
	}
	if limited == 0 {
		t.Error("six requests at once under --rate-limit 0.5 were all served")
	}
}

func TestServeFlagUsageErrors(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"serve", "--root", filepath.Join(dir, "missing")},
		{"serve", "--http", "127.0.0.1:0", "--allow-origin", "app.example.com"},
		{"serve", "--http", "127.0.0.1:0", "--rate-limit", "-1"},
	} {
		code, _, errOut := cli(t, dir, args...)
		if code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q; want usage error (2)", args, code, errOut)
		}
	}
}

func TestServeRefusesOpenAddressWithoutToken(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", ":0", "[::]:0"} {
		code, _, errOut := cli(t, t.TempDir(), "serve", "--http", addr)
		if code == 0 || !strings.Contains(errOut, "--auth-token") {
			t.Errorf("serve --http %s without a token: exit %d, stderr %q; want a failure naming --auth-token", addr, code, errOut)
		}
	}
}

// TestRootsConfineMCP starts servers with the default roots (the working
// directory) and with explicit ones, next to repositories the CLI indexed
// outside them.
func TestRootsConfineMCP(t *testing.T) {
	dataDir := t.TempDir()
	inside, outside := t.TempDir(), t.TempDir()
	repoIn, repoOut := filepath.Join(inside, "repo"), filepath.Join(outside, "repo")
	for _, r := range []string{repoIn, repoOut} {
		os.MkdirAll(r, 0o755)
		os.WriteFile(filepath.Join(r, "zebra.go"), []byte("package z\n\n// ZebraStripes counts stripes.\nfunc ZebraStripes() int { return 7 }\n"), 0o644)
		if code, _, errOut := cli(t, dataDir, "index", r); code != 0 {
			t.Fatalf("codeseek index %s: exit %d: %s", r, code, errOut)
		}
	}
	os.Symlink(outside, filepath.Join(inside, "escape"))
	env := []string{"CODESEEK_DATA_DIR=" + dataDir, "CODESEEK_EMBEDDER=hash"}

	s := startServe(t, append(env, "CODESEEK_ROOTS="), os.Stderr) // default: the working directory
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"index_repository", map[string]any{"repo_path": "/etc"}},
		{"index_repository", map[string]any{"repo_path": "/etc/no-such-dir"}},
		{"search_code", map[string]any{"query": "password", "repository_id": "/etc"}},
		{"get_symbols", map[string]any{"file_path": "/etc/passwd"}},
		{"search_code", map[string]any{"query": "zebra", "repository_id": repoIn}},
		{"search_code", map[string]any{"query": "zebra"}}, // every indexed repository lies outside
	} {
		text, isErr := s.call(t, c.tool, c.args)
		if !isErr || !strings.Contains(text, "--root") || !strings.Contains(text, "CODESEEK_ROOTS") {
			t.Errorf("default roots, %s %v: isError=%v %q; want a refusal naming --root and CODESEEK_ROOTS", c.tool, c.args, isErr, text)
		}
	}

	s = startServe(t, env, os.Stderr, "--root", inside)
	idIn, idOut := repoIDOf(t, repoIn), repoIDOf(t, repoOut)
	text, isErr := s.call(t, "list_repositories", map[string]any{})
	if isErr || !strings.Contains(text, idIn) || strings.Contains(text, idOut) {
		t.Errorf("list_repositories under --root %s: isError=%v %s; want %s listed and %s not", inside, isErr, text, idIn, idOut)
	}
	text, isErr = s.call(t, "search_code", map[string]any{"query": "ZebraStripes", "limit": 100})
	if isErr || !strings.Contains(text, idIn) || strings.Contains(text, idOut) {
		t.Errorf("search over all repositories: isError=%v %s; want results of %s only", isErr, text, idIn)
	}
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"search_code", map[string]any{"query": "zebra", "repository_id": idOut}},
		{"search_code", map[string]any{"query": "zebra", "repository_id": repoOut}},
		{"index_repository", map[string]any{"repo_path": filepath.Join(inside, "escape")}},
		{"index_repository", map[string]any{"repo_path": filepath.Join(inside, "..")}},
		{"get_symbols", map[string]any{"file_path": "zebra.go", "repository_id": idOut}},
		{"get_symbols", map[string]any{"file_path": filepath.Join(inside, "escape", "repo", "zebra.go")}},
	} {
		text, isErr := s.call(t, c.tool, c.args)
		if !isErr || !strings.Contains(text, "--root") {
			t.Errorf("--root %s, %s %v: isError=%v %q; want a refusal naming --root", inside, c.tool, c.args, isErr, text)
		}
	}
	if text, isErr := s.call(t, "get_symbols", map[string]any{"file_path": "zebra.go", "repository_id": idIn}); isErr || !strings.Contains(text, "ZebraStripes") {
		t.Errorf("get_symbols inside the roots: isError=%v %s", isErr, text)
	}
}

// repoIDOf is the ID of the repository at root, as the server names it.
func repoIDOf(t *testing.T, root string) string {
	return tools.RepoID(mustEvalSymlinks(t, root))
}

func TestMalformedArguments(t *testing.T) {
	dataDir := t.TempDir()
	repo := writeFixture(t)
	if code, _, errOut := cli(t, dataDir, "index", repo); code != 0 {
		t.Fatalf("index: exit %d: %s", code, errOut)
	}
	s := startServe(t, []string{"CODESEEK_DATA_DIR=" + dataDir, "CODESEEK_EMBEDDER=hash", tempRoots()}, os.Stderr)
	for _, args := range []any{[]any{"retry"}, "retry", 42, true} {
		text, isErr := s.callRaw(t, "search_code", args)
		if !isErr || !strings.HasPrefix(text, "invalid arguments: must be a JSON object") {
			t.Errorf("arguments %#v: isError=%v %q; want an error saying arguments must be a JSON object", args, isErr, text)
		}
	}
	for _, c := range []struct {
		args map[string]any
		want []string
	}{
		{map[string]any{"file_type": "???"}, []string{"file_type", "python", "extension"}},
		{map[string]any{"file_type": "pyhton"}, []string{"file_type", ".pyhton", "python"}},
		{map[string]any{"directory": "../.."}, []string{"directory", "leaves the repository"}},
		{map[string]any{"directory": "/etc"}, []string{"directory", "absolute"}},
		{map[string]any{"directory": "no/such/dir"}, []string{"directory", "no indexed file"}},
	} {
		c.args["query"] = "retry upload"
		text, isErr := s.call(t, "search_code", c.args)
		for _, w := range c.want {
			if !isErr || !strings.Contains(text, w) {
				t.Errorf("search_code %v: isError=%v %q; want an error containing %q", c.args, isErr, text, w)
			}
		}
	}
	for _, good := range []map[string]any{
		{"query": "retry upload", "file_type": "go", "directory": "server/"},
		{"query": "retry upload", "file_type": ".GO", "directory": "./server"},
		{"query": "greeting", "file_type": "python"},
	} {
		if text, isErr := s.call(t, "search_code", good); isErr || !strings.Contains(text, `"file_path"`) {
			t.Errorf("search_code %v: isError=%v %s; want results", good, isErr, text)
		}
	}
}

// TestHTTPUIBehindGuard checks the web UI that `serve --http` mounts at /
// from the outside: the same guard as /mcp (401 without the token, 403
// for a foreign Origin or a rebound Host), the CSP on its pages, and MCP
// still at /mcp.
func TestHTTPUIBehindGuard(t *testing.T) {
	const token = "s3cret-token-for-tests"
	mcpURL := startHTTPServer(t, []string{"CODESEEK_DATA_DIR=" + t.TempDir(), "CODESEEK_EMBEDDER=hash", "CODESEEK_AUTH_TOKEN=" + token})
	base := strings.TrimSuffix(mcpURL, "/mcp")
	get := func(path string, header map[string]string) (*http.Response, string) {
		req, _ := http.NewRequest(http.MethodGet, base+path, nil)
		for k, v := range header {
			if k == "Host" {
				req.Host = v
			}
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	bearer := map[string]string{"Authorization": "Bearer " + token}
	for _, c := range []struct {
		name, path string
		header     map[string]string
		want       int
	}{
		{"page without token", "/", nil, http.StatusUnauthorized},
		{"API without token", "/api/repos", nil, http.StatusUnauthorized},
		{"page with token", "/", bearer, http.StatusOK},
		{"API with token", "/api/repos", bearer, http.StatusOK},
		{"foreign origin", "/api/repos", map[string]string{"Authorization": "Bearer " + token, "Origin": "http://evil.example"}, http.StatusForbidden},
		{"rebound Host", "/", map[string]string{"Authorization": "Bearer " + token, "Host": "evil.example:80"}, http.StatusForbidden},
	} {
		resp, body := get(c.path, c.header)
		if resp.StatusCode != c.want {
			t.Errorf("%s: status %d (%q), want %d", c.name, resp.StatusCode, body, c.want)
		}
		if c.want == http.StatusOK && c.path == "/" && !strings.HasPrefix(resp.Header.Get("Content-Security-Policy"), "default-src 'self'") {
			t.Errorf("%s: CSP %q", c.name, resp.Header.Get("Content-Security-Policy"))
		}
	}
	if resp, body := post(t, mcpURL, bearer, nil); resp.StatusCode != http.StatusOK || !strings.Contains(body, "serverInfo") {
		t.Errorf("MCP beside the UI: %d %q", resp.StatusCode, body)
	}
}

// TestUICommand runs `codeseek ui` with stdout piped: it prints the page's
// address, opens no browser, and serves the page there.
func TestUICommand(t *testing.T) {
	cmd := exec.Command(binPath, "ui", "--http", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), "CODESEEK_DATA_DIR="+t.TempDir(), "CODESEEK_EMBEDDER=hash", "PATH=/nonexistent") // no xdg-open to find
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Signal(os.Interrupt); cmd.Wait() }()
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("ui printed no address: %v", err)
	}
	url := strings.TrimSpace(line)
	if !strings.HasPrefix(url, "http://127.0.0.1:") || !strings.HasSuffix(url, "/") {
		t.Fatalf("ui printed %q, want http://127.0.0.1:PORT/", url)
	}
	resp, err := http.Get(url + "repos")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(b), "/static/app.js") {
		t.Errorf("GET %srepos: %d %q", url, resp.StatusCode, b)
	}
}
