package webui_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/httpguard"
	"github.com/codeseek/codeseek/tools"
)

func get(t *testing.T, u string, header map[string]string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	for k, v := range header {
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

// TestPagesAndHeaders checks that each view loads the app with a CSP
// that allows nothing but this server, and that the page has no inline
// script for the CSP to refuse.
func TestPagesAndHeaders(t *testing.T) {
	s := startUI(t, httpguard.Guard{})
	for _, p := range []string{"/", "/file?repo=x&path=y", "/repos", "/?q=parse+span"} {
		resp, body := get(t, s.URL+p, nil)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d", p, resp.StatusCode)
		}
		if csp := resp.Header.Get("Content-Security-Policy"); !strings.HasPrefix(csp, "default-src 'self'") {
			t.Errorf("GET %s: CSP %q", p, csp)
		}
		if strings.Contains(body, "<script>") || strings.Contains(body, "style=") || strings.Contains(body, "http://") || strings.Contains(body, "https://") {
			t.Errorf("GET %s: inline script or style, or a third-party address, in the page", p)
		}
	}
	for _, p := range []string{"/static/app.js", "/static/style.css", "/static/theme.js"} {
		if resp, _ := get(t, s.URL+p, nil); resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s: %d", p, resp.StatusCode)
		}
	}
	if resp, body := get(t, s.URL+"/mcp", nil); resp.StatusCode != http.StatusOK || body != "mcp" {
		t.Errorf("/mcp went to the UI: %d %q", resp.StatusCode, body)
	}
	if resp, _ := get(t, s.URL+"/nope", nil); resp.StatusCode != http.StatusNotFound {
		t.Errorf("unknown path: %d, want 404", resp.StatusCode)
	}
}

// TestSearchAPIHighlightsAndEscapes checks a search answer: the function
// found, its lines highlighted with classes, its text escaped.
func TestSearchAPIHighlightsAndEscapes(t *testing.T) {
	s := startUI(t, httpguard.Guard{})
	resp, body := get(t, s.URL+"/api/search?q=ParseSpan&mode=lexical&lang=go&repo="+s.repo, nil)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("search: %d %s", resp.StatusCode, body)
	}
	var out struct {
		Results []struct {
			Path   string   `json:"path"`
			Start  int      `json:"start"`
			Symbol string   `json:"symbol"`
			Lines  []string `json:"lines"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Results) == 0 || out.Results[0].Path != "clock/span.go" {
		t.Fatalf("results %+v, want clock/span.go first", out.Results)
	}
	all := strings.Join(out.Results[0].Lines, "\n")
	if !strings.Contains(all, `<span class="k">func</span> ParseSpan`) {
		t.Errorf("no keyword span before ParseSpan in %q", all)
	}
	if !strings.Contains(all, `<span class="c">// ParseSpan reads a span of time written like &#34;90s&#34;`) {
		t.Errorf("comment not classed, or its quotes not escaped: %q", all)
	}
	if resp, body := get(t, s.URL+"/api/search?q=spans&kind=docs", nil); resp.StatusCode != http.StatusOK || !strings.Contains(body, "README.md") {
		t.Errorf("docs search: %d %s", resp.StatusCode, body)
	}
	if resp, body := get(t, s.URL+"/api/search?q=x&mode=fuzzy", nil); resp.StatusCode != http.StatusBadRequest || !strings.Contains(body, "mode") {
		t.Errorf("bad mode: %d %s, want 400 naming mode", resp.StatusCode, body)
	}
}

// TestFileAndNavigationAPI checks the file view's data: highlighted
// lines, the outline, and definitions and references by position.
func TestFileAndNavigationAPI(t *testing.T) {
	s := startUI(t, httpguard.Guard{})
	q := url.Values{"repo": {s.repo}, "path": {"clock/span.go"}}
	resp, body := get(t, s.URL+"/api/file?"+q.Encode(), nil)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("file: %d %s", resp.StatusCode, body)
	}
	var f struct {
		Lines   []string `json:"lines"`
		Outline []struct {
			Name  string `json:"name"`
			Start int    `json:"start"`
		} `json:"outline"`
	}
	json.Unmarshal([]byte(body), &f)
	if want := strings.Count(fixture["clock/span.go"], "\n"); len(f.Lines) != want {
		t.Errorf("%d lines, want %d", len(f.Lines), want)
	}
	names := []string{}
	for _, s := range f.Outline {
		names = append(names, s.Name)
	}
	if got := strings.Join(names, ","); !strings.Contains(got, "ParseSpan") || !strings.Contains(got, "Tick") {
		t.Errorf("outline %s, want ParseSpan … Tick", got)
	}
	// clock.ParseSpan("15m") in main.go, line 7, column of ParseSpan.
	nq := url.Values{"repo": {s.repo}, "path": {"cmd/alarm/main.go"}, "line": {"7"}, "col": {"17"}, "symbol": {"ParseSpan"}}
	resp, body = get(t, s.URL+"/api/definition?"+nq.Encode(), nil)
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, `"path":"clock/span.go"`) {
		t.Errorf("definition: %d %s, want clock/span.go", resp.StatusCode, body)
	}
	resp, body = get(t, s.URL+"/api/references?"+nq.Encode(), nil)
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, `"path":"cmd/alarm/main.go"`) {
		t.Errorf("references: %d %s, want the call in cmd/alarm/main.go", resp.StatusCode, body)
	}
	resp, body = get(t, s.URL+"/api/file?"+url.Values{"repo": {s.repo}, "path": {"../../etc/passwd"}}.Encode(), nil)
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("path out of the repository: %d %s, want 400", resp.StatusCode, body)
	}
}

// TestFileRedactsSecrets checks that the file view shows what search
// shows: a key in the file is redacted.
func TestFileRedactsSecrets(t *testing.T) {
	s := startUI(t, httpguard.Guard{})
	dir := filepath.Join(s.root, "clock")
	key := "AKIA" + "IOSFODNN7EXAMPLQ"
	os.WriteFile(filepath.Join(dir, "aws.go"), []byte("package clock\n\nconst awsKey = \""+key+"\"\n"), 0o644)
	resp, body := get(t, s.URL+"/api/file?"+url.Values{"repo": {s.repo}, "path": {"aws.go"}}.Encode(), nil)
	if resp.StatusCode != http.StatusOK || strings.Contains(body, key) || !strings.Contains(body, "redacted") {
		t.Errorf("file with a key: %d %s, want it redacted", resp.StatusCode, body)
	}
}

// TestRootsEnforced checks that the UI reaches nothing outside --root:
// indexing a directory outside is refused, and so is a repository
// indexed outside (by the CLI) named by ID.
func TestRootsEnforced(t *testing.T) {
	s := startUI(t, httpguard.Guard{})
	outside := t.TempDir()
	writeTree(t, outside, map[string]string{"x.go": "package x\n\nfunc Outside() {}\n"})
	resp, err := http.Post(s.URL+"/api/index", "application/json", strings.NewReader(`{"path":`+strconvQuote(outside)+`}`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(b), "--root") {
		t.Errorf("index outside the roots: %d %s, want 400 naming --root", resp.StatusCode, b)
	}
	// The same data directory, indexed without roots (the CLI), then
	// named through the UI.
	cli, err := tools.New(tools.Config{DataDir: filepath.Join(filepath.Dir(s.root), "data"), Embedder: s.svc.Embedder()})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := cli.IndexRepository(context.Background(), tools.IndexParams{RepoPath: outside})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{
		"/api/file?" + url.Values{"repo": {rep.RepositoryID}, "path": {"x.go"}}.Encode(),
		"/api/search?" + url.Values{"q": {"Outside"}, "repo": {rep.RepositoryID}}.Encode(),
	} {
		if resp, body := get(t, s.URL+p, nil); resp.StatusCode != http.StatusBadRequest || strings.Contains(body, "func Outside") {
			t.Errorf("GET %s: %d %s, want 400", p, resp.StatusCode, body)
		}
	}
	if _, body := get(t, s.URL+"/api/repos", nil); strings.Contains(body, rep.RepositoryID) {
		t.Errorf("repository outside the roots listed: %s", body)
	}
	if _, body := get(t, s.URL+"/api/search?q=Outside", nil); strings.Contains(body, "x.go") {
		t.Errorf("search over all repositories found the one outside the roots: %s", body)
	}
}

func strconvQuote(s string) string { b, _ := json.Marshal(s); return string(b) }

// TestGuardOnUI checks that the UI has the MCP endpoint's guard: a
// token-less request gets 401, a foreign Origin 403, the token (header,
// or the cookie after ?token=) gets in.
func TestGuardOnUI(t *testing.T) {
	s := startUI(t, httpguard.Guard{AuthToken: "s3cret"})
	for _, c := range []struct {
		name   string
		path   string
		header map[string]string
		want   int
	}{
		{"page without token", "/", nil, http.StatusUnauthorized},
		{"API without token", "/api/repos", nil, http.StatusUnauthorized},
		{"API with a wrong token", "/api/repos", map[string]string{"Authorization": "Bearer nope"}, http.StatusUnauthorized},
		{"API with the token", "/api/repos", map[string]string{"Authorization": "Bearer s3cret"}, http.StatusOK},
		{"foreign origin", "/api/repos", map[string]string{"Authorization": "Bearer s3cret", "Origin": "https://evil.example"}, http.StatusForbidden},
		{"foreign origin, no token", "/api/repos", map[string]string{"Origin": "https://evil.example"}, http.StatusForbidden},
		{"loopback origin", "/api/repos", map[string]string{"Authorization": "Bearer s3cret", "Origin": "http://localhost:8766"}, http.StatusOK},
		{"static file without token", "/static/app.js", nil, http.StatusUnauthorized},
		{"events without token", "/api/events", nil, http.StatusUnauthorized},
	} {
		if resp, body := get(t, s.URL+c.path, c.header); resp.StatusCode != c.want {
			t.Errorf("%s: %d %q, want %d", c.name, resp.StatusCode, body, c.want)
		}
	}
	// A browser: ?token= once, then the cookie.
	jar := &cookieJar{}
	client := &http.Client{Jar: jar}
	resp, err := client.Get(s.URL + "/?q=parse&token=s3cret")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Request.URL.RawQuery != "q=parse" {
		t.Errorf("login: %d at %s, want 200 at /?q=parse", resp.StatusCode, resp.Request.URL)
	}
	resp, err = client.Get(s.URL + "/api/repos")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("API with the cookie: %d, want 200", resp.StatusCode)
	}
}

// cookieJar is the least jar that keeps one server's cookies.
type cookieJar struct{ cookies []*http.Cookie }

func (j *cookieJar) SetCookies(_ *url.URL, cs []*http.Cookie) { j.cookies = append(j.cookies, cs...) }
func (j *cookieJar) Cookies(*url.URL) []*http.Cookie          { return j.cookies }

// TestFailedRunShown checks that a run started from the page that fails
// shows as failed, with the reason, in the repositories list.
func TestFailedRunShown(t *testing.T) {
	s := startUIWith(t, httpguard.Guard{}, failingEmbedder{embedding.HashEmbedder{Dim: 64}})
	bad := filepath.Join(s.root, "bad")
	writeTree(t, bad, map[string]string{"x.go": "package x\n\n// FAILME refuses.\nfunc FAILME() {}\n"})
	resp, err := http.Post(s.URL+"/api/index", "application/json", strings.NewReader(`{"path":`+strconvQuote(bad)+`}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("start: %d", resp.StatusCode)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		_, body := get(t, s.URL+"/api/repos", nil)
		var out struct {
			Repositories []struct{ Path, Status, Error string } `json:"repositories"`
		}
		json.Unmarshal([]byte(body), &out)
		for _, r := range out.Repositories {
			if r.Path == bad && r.Status == "failed" {
				if !strings.Contains(r.Error, "FAILME") {
					t.Errorf("failed run's error %q does not say why", r.Error)
				}
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the failed run never showed: %s", body)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// A file copied into another directory is named on the hit of the
// original, not shown as a second hit with the same text.
func TestSearchAPINamesCopies(t *testing.T) {
	s := startUI(t, httpguard.Guard{})
	repoDir := filepath.Join(s.root, "clock")
	writeTree(t, repoDir, map[string]string{"mirror/span.go": fixture["clock/span.go"]})
	if _, err := s.svc.IndexRepository(context.Background(), tools.IndexParams{RepoPath: repoDir}); err != nil {
		t.Fatal(err)
	}
	resp, body := get(t, s.URL+"/api/search?q=ParseSpan&mode=lexical&repo="+s.repo, nil)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("search: %d %s", resp.StatusCode, body)
	}
	var out struct {
		Results []struct {
			Path   string   `json:"path"`
			Copies []string `json:"copies"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		t.Fatal(err)
	}
	pair := map[string]string{"clock/span.go": "mirror/span.go", "mirror/span.go": "clock/span.go"}
	if len(out.Results) == 0 || len(out.Results[0].Copies) != 1 || pair[out.Results[0].Path] != out.Results[0].Copies[0] {
		t.Fatalf("first hit %+v, want one of the two files naming the other as its copy", out.Results)
	}
	for _, r := range out.Results[1:] {
		if r.Path == out.Results[0].Copies[0] {
			t.Errorf("the copy %s is also a hit of its own: %+v", r.Path, out.Results)
		}
	}
}
