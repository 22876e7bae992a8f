package webui_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/httpguard"
	"github.com/codeseek/codeseek/tools"
	"github.com/codeseek/codeseek/webui"
)

// TestStdlibTypeToResults is docs/web-ui.md's measurement, not a timed
// unit test: over the Go standard library with the built-in model, type
// "parse a duration string" into the page ten times and read the time
// from the last keystroke to the frame that shows the results (the 150 ms
// debounce included). time/format.go must be among the first three.
//
//	CODESEEK_STDLIB=1 go test ./webui -run StdlibTypeToResults -v
//
// CODESEEK_UI_DATA names a data directory that already holds the index
// (`codeseek index $(go env GOROOT)/src` with that CODESEEK_DATA_DIR);
// without it the test indexes the tree first (about a minute).
func TestStdlibTypeToResults(t *testing.T) {
	if os.Getenv("CODESEEK_STDLIB") == "" {
		t.Skip("set CODESEEK_STDLIB=1 to index the Go standard library and measure the page")
	}
	ctx := newBrowser(t)
	src := filepath.Join(runtime.GOROOT(), "src")
	dataDir := os.Getenv("CODESEEK_UI_DATA")
	if dataDir == "" {
		dataDir = t.TempDir()
	}
	emb, err := embedding.NewBuiltin()
	if err != nil {
		t.Fatal(err)
	}
	svc, err := tools.New(tools.Config{DataDir: dataDir, Embedder: emb})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := svc.IndexRepository(context.Background(), tools.IndexParams{RepoPath: src})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("index of %s: %s, %d files indexed, %d unchanged", src, rep.Outcome, rep.FilesIndexed, rep.FilesUnchanged)
	mux := http.NewServeMux()
	mux.Handle("/", webui.Handler(svc))
	h, _ := httpguard.Guard{Browser: webui.IsUI}.Handler(mux)
	srv := httptest.NewServer(h)
	defer srv.Close()

	const query = "parse a duration string"
	do(t, ctx, "open", chromedp.Navigate(srv.URL+"/?repo="+rep.RepositoryID), chromedp.WaitVisible(chromedp.CSS("#q")))
	var ms []float64
	for i := range 10 {
		do(t, ctx, "clear", chromedp.Evaluate[chromedp.Void](`(() => { const q = document.querySelector("#q"); q.value = ""; q.dispatchEvent(new Event("input")); q.focus(); delete document.querySelector("#results").dataset.ms; })()`))
		do(t, ctx, "type", chromedp.SendKeys(chromedp.CSS("#q"), query))
		waitFor(t, ctx, "results", `document.querySelector("#results").dataset.query === "`+query+`" && document.querySelector("#results").dataset.ms !== undefined`)
		paths := resultPaths(t, ctx)
		if i == 0 {
			t.Logf("first results: %v", paths[:min(5, len(paths))])
		}
		if !slices.Contains(paths[:min(3, len(paths))], "time/format.go") {
			t.Errorf("run %d: time/format.go not among the first three: %v", i+1, paths)
		}
		v, _ := strconv.ParseFloat(eval[string](t, ctx, `document.querySelector("#results").dataset.ms`), 64)
		ms = append(ms, v)
	}
	sorted := slices.Clone(ms)
	slices.Sort(sorted)
	t.Logf("last keystroke to results drawn, ms: %v; p50 %.1f ms (min %.1f, max %.1f)", ms, (sorted[4]+sorted[5])/2, sorted[0], sorted[9])
}
