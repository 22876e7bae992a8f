package webui_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/httpguard"
	"github.com/codeseek/codeseek/tools"
	"github.com/codeseek/codeseek/webui"
)

// fixture is a small Go repository with a function to find, callers to
// navigate to and a README for docs search.
var fixture = map[string]string{
	"clock/span.go": `package clock

import "strconv"

// ParseSpan reads a span of time written like "90s" or "15m" and returns
// it in seconds.
func ParseSpan(s string) (int, error) {
	if len(s) < 2 {
		return 0, strconv.ErrSyntax
	}
	n, err := strconv.Atoi(s[:len(s)-1])
	if err != nil {
		return 0, err
	}
	switch s[len(s)-1] {
	case 'm':
		return n * 60, nil
	case 'h':
		return n * 3600, nil
	}
	return n, nil
}

// FormatSpan writes seconds as a span ParseSpan reads back.
func FormatSpan(sec int) string {
	return strconv.Itoa(sec) + "s"
}

// Timer counts down a span.
type Timer struct {
	Left int
}

// Tick takes one second off the timer.
func (t *Timer) Tick() {
	t.Left--
}
`,
	"cmd/alarm/main.go": `package main

import "example.com/clock"

// main sets an alarm for the span given on the command line.
func main() {
	n, err := clock.ParseSpan("15m")
	if err != nil {
		panic(err)
	}
	println(clock.FormatSpan(n))
}
`,
	"README.md": "# Clock\n\n## Spans\n\nA span is a number with a unit: `90s`, `15m`, `2h`.\n",
}

func writeTree(t testing.TB, root string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// uiServer is the UI as `serve --http` mounts it: MCP at /mcp (a stand-in
// here), the pages at /, one guard in front with the UI's paths marked
// as the browser's.
type uiServer struct {
	URL  string
	svc  *tools.Service
	root string // the allowed root, holding the fixture repository
	repo string // the fixture's repository ID
}

// slowEmbedder takes a while over each batch of documents, so an index
// run lasts long enough for its progress to be seen.
type slowEmbedder struct{ embedding.HashEmbedder }

func (e slowEmbedder) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	time.Sleep(time.Duration(len(texts)) * 3 * time.Millisecond)
	return e.HashEmbedder.EmbedDocuments(ctx, texts)
}

// failingEmbedder fails on any text holding FAILME, so a test can make an
// index run fail.
type failingEmbedder struct{ embedding.HashEmbedder }

func (e failingEmbedder) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	for _, s := range texts {
		if strings.Contains(s, "FAILME") {
			return nil, errors.New("the embedder refused FAILME")
		}
	}
	return e.HashEmbedder.EmbedDocuments(ctx, texts)
}

func startUI(t testing.TB, guard httpguard.Guard) *uiServer {
	return startUIWith(t, guard, embedding.HashEmbedder{Dim: 64})
}

func startUIWith(t testing.TB, guard httpguard.Guard, emb embedding.Embedder) *uiServer {
	t.Helper()
	base := t.TempDir()
	root := filepath.Join(base, "root")
	repoDir := filepath.Join(root, "clock")
	writeTree(t, repoDir, fixture)
	roots, err := tools.NewRoots([]string{root})
	if err != nil {
		t.Fatal(err)
	}
	svc, err := tools.New(tools.Config{DataDir: filepath.Join(base, "data"), Embedder: emb, Roots: roots})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := svc.IndexRepository(context.Background(), tools.IndexParams{RepoPath: repoDir})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("mcp")) }))
	mux.Handle("/", webui.Handler(svc))
	guard.Browser = webui.IsUI
	h, err := guard.Handler(mux)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	realRoot, _ := filepath.EvalSymlinks(root)
	return &uiServer{URL: srv.URL, svc: svc, root: realRoot, repo: rep.RepositoryID}
}
