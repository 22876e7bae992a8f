package tools

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/internal/testfs"
)

// A search hit's uri, read with resources/read, returns the hit's lines;
// the template that routes such URIs is listed.
func TestHitURIReadsItsLines(t *testing.T) {
	svc := newTestService(t)
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"pkg/retry.go":   goFunc("RetryUpload", "return nil") + goFunc("ParsePort", "return 0"),
		"odd dir/x#y.go": goFunc("Odd", "return"),
	})
	c := mcpClient(t, svc)
	callTool(t, c, "index_repository", map[string]any{"repo_path": root})

	res := callTool(t, c, "search_code", map[string]any{"query": "RetryUpload", "limit": 100})
	var out struct {
		Results []struct {
			FilePath  string `json:"file_path"`
			Content   string `json:"content"`
			StartLine int    `json:"start_line"`
			URI       string `json:"uri"`
		}
	}
	if err := json.Unmarshal([]byte(resultText(t, res)), &out); err != nil || len(out.Results) == 0 {
		t.Fatalf("search: %v %s", err, resultText(t, res))
	}
	for _, hit := range out.Results {
		read, err := c.ReadResource(context.Background(), mcp.ReadResourceRequest{Params: mcp.ReadResourceParams{URI: hit.URI}})
		if err != nil {
			t.Fatalf("read %s: %v", hit.URI, err)
		}
		text := read.Contents[0].(mcp.TextResourceContents).Text
		if strings.TrimSpace(text) != strings.TrimSpace(hit.Content) {
			t.Errorf("%s returned\n%q\nthe hit's content is\n%q", hit.URI, text, hit.Content)
		}
	}

	tpl, err := c.ListResourceTemplates(context.Background(), mcp.ListResourceTemplatesRequest{})
	if err != nil || len(tpl.ResourceTemplates) != 1 || !strings.HasPrefix(tpl.ResourceTemplates[0].URITemplate.Raw(), "codeseek://") {
		t.Fatalf("templates: %+v, %v", tpl, err)
	}
}

func TestReadResourceBounds(t *testing.T) {
	svc := newTestService(t)
	parent := t.TempDir()
	root := filepath.Join(parent, "repo")
	writeFiles(t, root, map[string]string{"a.go": "line1\nline2\r\nline3\n", "big.txt": strings.Repeat("0123456789abcdef\n", 20000), "bin.dat": "a\x00b"})
	writeFiles(t, parent, map[string]string{"secret.txt": "do not read"})
	links := testfs.SymlinksResolve(t)
	if links {
		if err := os.Symlink(filepath.Join(parent, "secret.txt"), filepath.Join(root, "link.txt")); err != nil {
			t.Fatal(err)
		}
	}
	os.Mkdir(filepath.Join(root, "dir"), 0o755)
	rep, err := svc.IndexRepository(context.Background(), IndexParams{RepoPath: root})
	if err != nil {
		t.Fatal(err)
	}
	base := "codeseek://" + rep.RepositoryID + "/"
	good := map[string]string{
		base + "a.go#L2-L3":    "line2\r\nline3",
		base + "a.go#L3":       "line3",
		base + "a.go#L2-L99":   "line2\r\nline3",
		base + "a.go":          "line1\nline2\r\nline3\n",
		base + "big.txt#L1-L2": "0123456789abcdef\n0123456789abcdef",
	}
	for uri, want := range good {
		if got, err := svc.ReadResource(uri); err != nil || got != want {
			t.Errorf("%s = %q, %v; want %q", uri, got, err, want)
		}
	}
	bad := map[string]string{
		base + "../secret.txt":         "inside",
		base + "link.txt":              "outside repository",
		base + "dir":                   "not a regular file",
		base + "missing.go":            "does not exist",
		base + "a.go#L9":               "past the end",
		base + "big.txt":               "fewer lines",
		base + "bin.dat":               "not a text file",
		"codeseek://ffffffffffff/a.go": "not indexed",
		"file:///etc/passwd":           "not a codeseek uri",
	}
	if !links {
		delete(bad, base+"link.txt")
	}
	for uri, want := range bad {
		if got, err := svc.ReadResource(uri); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s = %q, %v; want an error saying %q", uri, got, err, want)
		}
	}
}

// A server with roots reads no file of a repository outside them, even
// one another process indexed into the same data directory.
func TestReadResourceHonoursRoots(t *testing.T) {
	dataDir, root, served := t.TempDir(), t.TempDir(), t.TempDir()
	writeFiles(t, root, map[string]string{"a.go": "package a\n"})
	cli, err := New(Config{DataDir: dataDir, Embedder: embedding.HashEmbedder{Dim: 64}})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := cli.IndexRepository(context.Background(), IndexParams{RepoPath: root})
	if err != nil {
		t.Fatal(err)
	}
	roots, err := NewRoots([]string{served})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := New(Config{DataDir: dataDir, Embedder: embedding.HashEmbedder{Dim: 64}, Roots: roots})
	if err != nil {
		t.Fatal(err)
	}
	uri := "codeseek://" + rep.RepositoryID + "/a.go#L1"
	if _, err := cli.ReadResource(uri); err != nil {
		t.Fatalf("without roots: %v", err)
	}
	if got, err := srv.ReadResource(uri); err == nil || !strings.Contains(err.Error(), "outside") {
		t.Errorf("with roots %s: %q, %v; want a refusal", served, got, err)
	}
}

// resources/read hands file content to an agent, so it reads through the
// one read path like search: secrets redacted, secret files refused.
func TestReadResourceRedactsSecrets(t *testing.T) {
	const awsKey = "AKIA" + "QX7Z2KJ4M5N6P3RT" // split so this file holds no key
	svc := newTestService(t)
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"conf.go": "package conf\n\nconst region = \"eu\"\n\nconst key = \"" + awsKey + "\"\n",
		"main.go": "package main\n\nfunc main() {}\n",
	})
	rep, err := svc.IndexRepository(context.Background(), IndexParams{RepoPath: root})
	if err != nil {
		t.Fatal(err)
	}
	// A secret file written after indexing is refused by its name.
	writeFiles(t, root, map[string]string{".env": "AWS_SECRET=" + awsKey + "\n"})
	base := "codeseek://" + rep.RepositoryID + "/"
	text, err := svc.ReadResource(base + "conf.go")
	if err != nil || strings.Contains(text, awsKey) || !strings.Contains(text, "[redacted:") || !strings.Contains(text, `region = "eu"`) {
		t.Errorf("conf.go = %q, %v; want the file with its key redacted", text, err)
	}
	if text, err := svc.ReadResource(base + ".env"); err == nil || strings.Contains(text, awsKey) {
		t.Errorf(".env = %q, %v; want it refused as a secret file", text, err)
	}
}
