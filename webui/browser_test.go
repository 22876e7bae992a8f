package webui_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/httpguard"
)

// The browser tests drive Debian's chromium through chromedp. They skip
// when no chromium is found (CODESEEK_CHROMIUM names one elsewhere), so
// `go test ./...` runs anywhere; CI installs chromium and runs them.

// findChromium returns the browser to drive, or skips the test.
func findChromium(t testing.TB) string {
	t.Helper()
	if p := os.Getenv("CODESEEK_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	skipOrFail(t, "no chromium found (apt-get install chromium, or set CODESEEK_CHROMIUM)")
	return ""
}

// skipOrFail skips a browser test that lacks its tools, except where
// CODESEEK_REQUIRE_BROWSER is set (CI's browser section), where a missing
// tool must not pass as a skip.
func skipOrFail(t testing.TB, why string) {
	t.Helper()
	if os.Getenv("CODESEEK_REQUIRE_BROWSER") != "" {
		t.Fatal(why)
	}
	t.Skip(why)
}

// newBrowser starts a headless chromium with a fresh profile and returns a
// tab's context; the browser stops with the test.
func newBrowser(t testing.TB) context.Context {
	t.Helper()
	path := findChromium(t)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(path),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
	)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("start chromium %s: %v", path, err)
	}
	return ctx
}

// do runs steps with a deadline, failing the test on an error.
func do(t testing.TB, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(c, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// eval evaluates a JavaScript expression and decodes its value.
func eval[T any](t testing.TB, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluate %s: %v", expr, err)
	}
	return v
}

// waitFor polls a JavaScript predicate until it holds. It evaluates the
// predicate from here rather than in the page, so a navigation that
// replaces the page's context while it waits only costs a retry.
func waitFor(t testing.TB, ctx context.Context, what, expr string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	var last error
	for time.Now().Before(deadline) {
		c, cancel := context.WithTimeout(ctx, 5*time.Second)
		ok, err := chromedp.Run(c, chromedp.Evaluate[bool]("!!("+expr+")"))
		cancel()
		if err == nil && ok {
			return
		}
		last = err
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("waiting for %s (%s): timed out (last error: %v)", what, expr, last)
}

// setTheme emulates the system's colour scheme; the page follows it.
func setTheme(t testing.TB, ctx context.Context, scheme string) {
	t.Helper()
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
	}); err != nil {
		t.Fatal(err)
	}
}

// artifactDir is where screenshots go: CODESEEK_ARTIFACTS, else a fresh
// temporary directory; its path is printed either way.
var artifactDir = sync1(func() string {
	dir := os.Getenv("CODESEEK_ARTIFACTS")
	if dir == "" {
		dir, _ = os.MkdirTemp("", "codeseek-webui-")
	}
	os.MkdirAll(dir, 0o755)
	fmt.Fprintf(os.Stderr, "webui screenshots in %s\n", dir)
	return dir
})

func sync1(f func() string) func() string {
	var v string
	var done bool
	return func() string {
		if !done {
			v, done = f(), true
		}
		return v
	}
}

// screenshots saves the current page in light and dark.
func screenshots(t testing.TB, ctx context.Context, name string) {
	t.Helper()
	for _, scheme := range []string{"light", "dark"} {
		setTheme(t, ctx, scheme)
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(artifactDir(), name+"-"+scheme+".png")
		if err := os.WriteFile(p, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot %s", p)
	}
	setTheme(t, ctx, "light")
}

// resultPaths are the paths of the results on the page, in order.
func resultPaths(t testing.TB, ctx context.Context) []string {
	return eval[[]string](t, ctx, `[...document.querySelectorAll("#results .hit")].map(h => h.dataset.path)`)
}

// TestBrowserSearchFileOutline types a query, sees results, opens the
// first with the keyboard, follows the outline, jumps to a definition by
// clicking a name, and comes back with Esc.
func TestBrowserSearchFileOutline(t *testing.T) {
	s := startUI(t, httpguard.Guard{})
	ctx := newBrowser(t)
	do(t, ctx, "open the search page", chromedp.Navigate(s.URL+"/"), chromedp.WaitVisible(chromedp.CSS("#q")))
	do(t, ctx, "type a query", chromedp.SendKeys(chromedp.CSS("#q"), "parse a span of time"))
	waitFor(t, ctx, "results", `document.querySelectorAll("#results .hit").length > 0 && document.querySelector("#results").dataset.query === "parse a span of time"`)
	if got := resultPaths(t, ctx); got[0] != "clock/span.go" {
		t.Fatalf("results %v, want clock/span.go first", got)
	}
	if hl := eval[int](t, ctx, `document.querySelectorAll("#results .hit .code span.k").length`); hl == 0 {
		t.Error("results have no highlighted keywords")
	}
	if loc := eval[string](t, ctx, `location.search`); !strings.Contains(loc, "q=parse+a+span+of+time") {
		t.Errorf("address %q does not hold the query (permalink)", loc)
	}
	screenshots(t, ctx, "search")

	// Keyboard: ↓ selects the first hit, Enter opens it.
	do(t, ctx, "select and open", chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.Enter))
	waitFor(t, ctx, "the file view", `location.pathname === "/file" && document.querySelector("#code tr.mark") !== null`)
	if h := eval[string](t, ctx, `location.hash`); !strings.HasPrefix(h, "#L") {
		t.Errorf("file view hash %q, want the hit's #La-Lb", h)
	}

	// The outline: click Timer.Tick, its lines are marked and in the address.
	tick := eval[[]int](t, ctx, `(() => {
		const b = [...document.querySelectorAll("#outline button")].find(b => b.textContent.startsWith("Timer.Tick"));
		b.click();
		return [Number(b.dataset.start), Number(b.dataset.end)];
	})()`)
	waitFor(t, ctx, "Tick marked", fmt.Sprintf(`location.hash === "#L%d-L%d" && document.querySelector("#L%d").classList.contains("mark") && !document.querySelector("#L%d").classList.contains("mark")`, tick[0], tick[1], tick[1], tick[0]-1))
	if line := eval[string](t, ctx, fmt.Sprintf(`document.querySelector("#L%d").textContent`, tick[1]-2)); !strings.Contains(line, "Tick") {
		t.Errorf("outline's Tick points at %q", line)
	}
	screenshots(t, ctx, "file")

	// A name in the code: FormatSpan's comment mentions ParseSpan at line 24.
	do(t, ctx, "click a name", chromedp.Evaluate[chromedp.Void](`(() => {
		const td = document.querySelector("#L7 td.src");
		const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
		let n; while ((n = walker.nextNode()) && !n.data.includes("ParseSpan")) {}
		const r = document.createRange(); const i = n.data.indexOf("ParseSpan") + 2;
		r.setStart(n, i); r.setEnd(n, i);
		const sel = getSelection(); sel.removeAllRanges(); sel.addRange(r);
		td.dispatchEvent(new MouseEvent("click", {bubbles: true}));
	})()`))
	waitFor(t, ctx, "definitions and references", `document.querySelectorAll("#navpanel ul.defs a").length > 0 && document.querySelectorAll("#navpanel ul.refs a").length > 0`)
	refs := eval[[]string](t, ctx, `[...document.querySelectorAll("#navpanel ul.refs a")].map(a => a.getAttribute("href"))`)
	var toMain string
	for _, r := range refs {
		if strings.Contains(r, "main.go") {
			toMain = r
		}
	}
	if toMain == "" {
		t.Fatalf("references %v, want the call in cmd/alarm/main.go", refs)
	}
	do(t, ctx, "follow a reference", chromedp.Click(chromedp.CSS(`#navpanel ul.refs a[href*="main.go"]`)))
	waitFor(t, ctx, "main.go open at the call", `location.search.includes("main.go") && document.querySelector("#code tr.mark") !== null`)

	// Esc goes back: to span.go, then to the search with its results.
	do(t, ctx, "Esc", chromedp.KeyEvent(kb.Escape))
	waitFor(t, ctx, "back in span.go", `location.search.includes("span.go") && document.querySelector("#code") !== null`)
	for range 3 {
		if eval[string](t, ctx, `location.pathname`) == "/" {
			break
		}
		do(t, ctx, "Esc", chromedp.KeyEvent(kb.Escape))
		time.Sleep(200 * time.Millisecond)
	}
	waitFor(t, ctx, "back at the results", `location.pathname === "/" && document.querySelectorAll("#results .hit").length > 0`)

	// `/` focuses the search box from anywhere on the page.
	do(t, ctx, "blur, then /", chromedp.Evaluate[chromedp.Void](`document.activeElement.blur()`), chromedp.KeyEvent("/"))
	if id := eval[string](t, ctx, `document.activeElement.id`); id != "q" {
		t.Errorf("after /, focus is on %q, want the search box", id)
	}
}

// TestBrowserPermalink reloads a search's address in a fresh tab and
// sees the same results, filters included.
func TestBrowserPermalink(t *testing.T) {
	s := startUI(t, httpguard.Guard{})
	ctx := newBrowser(t)
	do(t, ctx, "open", chromedp.Navigate(s.URL+"/"), chromedp.WaitVisible(chromedp.CSS("#q")))
	do(t, ctx, "filter and type",
		chromedp.SetValue(chromedp.CSS("#lang"), "go"),
		chromedp.SetValue(chromedp.CSS("#mode"), "lexical"),
		chromedp.SendKeys(chromedp.CSS("#q"), "span"))
	waitFor(t, ctx, "results", `document.querySelector("#results").dataset.query === "span" && document.querySelectorAll("#results .hit").length > 0`)
	first := resultPaths(t, ctx)
	link := eval[string](t, ctx, `document.querySelector("#permalink").href`)
	if !strings.Contains(link, "q=span") || !strings.Contains(link, "mode=lexical") || !strings.Contains(link, "lang=go") {
		t.Fatalf("permalink %s lacks the query or filters", link)
	}
	// Leave the page, then load the permalink afresh.
	tab := ctx
	do(t, tab, "leave", chromedp.Navigate("about:blank"))
	do(t, tab, "load the permalink", chromedp.Navigate(link), chromedp.WaitReady(chromedp.CSS("#results")))
	waitFor(t, tab, "results again", `document.querySelector("#results").dataset.query === "span"`)
	again := resultPaths(t, tab)
	if strings.Join(again, ",") != strings.Join(first, ",") {
		t.Errorf("permalink shows %v, the search showed %v", again, first)
	}
	if m := eval[string](t, tab, `document.querySelector("#mode").value + " " + document.querySelector("#lang").value`); m != "lexical go" {
		t.Errorf("filters after reload %q, want lexical go", m)
	}
	// Enter in the search box, nothing chosen: the first result opens.
	do(t, tab, "Enter", chromedp.Focus(chromedp.CSS("#q")), chromedp.KeyEvent(kb.Enter))
	waitFor(t, tab, "the first result open", `location.pathname === "/file" && new URLSearchParams(location.search).get("path") === "`+again[0]+`" && document.querySelector("#code") !== null`)
}

// TestBrowserIndexProgress starts an index from the repositories page and
// watches its row over server-sent events until it is done.
func TestBrowserIndexProgress(t *testing.T) {
	s := startUIWith(t, httpguard.Guard{}, slowEmbedder{embedding.HashEmbedder{Dim: 64}})
	dir := filepath.Join(s.root, "big")
	files := map[string]string{}
	for i := range 400 {
		files[fmt.Sprintf("pkg%02d/f%03d.go", i%20, i)] = fmt.Sprintf("package pkg%02d\n\n// Func%03d adds %d to n.\nfunc Func%03d(n int) int {\n\treturn n + %d\n}\n", i%20, i, i, i, i)
	}
	writeTree(t, dir, files)
	ctx := newBrowser(t)
	do(t, ctx, "open repositories", chromedp.Navigate(s.URL+"/repos"), chromedp.WaitVisible(chromedp.CSS(`#repos tr[data-id="`+s.repo+`"]`)))
	// Record every status the new row shows, as the stream updates it.
	do(t, ctx, "watch the table", chromedp.Evaluate[chromedp.Void](`window.seen = [];
		new MutationObserver(() => {
			for (const td of document.querySelectorAll("#repos td.state")) {
				if (td.parentElement.dataset.path.endsWith("/big")) {
					const s = td.textContent.trim();
					if (seen[seen.length - 1] !== s) seen.push(s);
				}
			}
		}).observe(document.querySelector("#repos"), {childList: true, subtree: true, characterData: true})`))
	do(t, ctx, "start an index", chromedp.SendKeys(chromedp.CSS("#indexpath"), dir), chromedp.Click(chromedp.CSS("form.index button")))
	waitFor(t, ctx, "the run done", `[...document.querySelectorAll("#repos tr")].some(tr => (tr.dataset.path || "").endsWith("/big") && tr.querySelector("td.state").dataset.status === "done" && tr.children[1].textContent === "400")`)
	screenshots(t, ctx, "repos")
	seen := eval[[]string](t, ctx, `window.seen`)
	t.Logf("statuses shown: %q", seen)
	if len(seen) < 3 || !strings.HasPrefix(seen[0], "indexing") || seen[len(seen)-1] != "done" {
		t.Errorf("statuses %q, want indexing, its progress, then done", seen)
	}
}

// axeViolations injects axe-core and returns its serious and critical
// violations on the current page.
func axeViolations(t testing.TB, ctx context.Context, axe string) []string {
	t.Helper()
	eval[bool](t, ctx, axe+"\n;true")
	raw := eval[string](t, ctx, `axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map(n => n.target.join(" ")).slice(0, 3)}))))`)
	var vs []struct {
		ID, Impact, Help string
		Nodes            []string
	}
	json.Unmarshal([]byte(raw), &vs)
	var bad []string
	for _, v := range vs {
		line := fmt.Sprintf("%s (%s): %s at %v", v.ID, v.Impact, v.Help, v.Nodes)
		if v.Impact == "serious" || v.Impact == "critical" {
			bad = append(bad, line)
		} else {
			t.Logf("minor: %s", line)
		}
	}
	return bad
}

// TestBrowserAccessibility runs axe-core on the three pages in both
// themes: no serious or critical violation. axe-core comes from npm
// (.ci/run installs it under test/web); the test skips without it.
func TestBrowserAccessibility(t *testing.T) {
	path := os.Getenv("CODESEEK_AXE")
	if path == "" {
		path = filepath.Join("..", "test", "web", "node_modules", "axe-core", "axe.min.js")
	}
	axe, err := os.ReadFile(path)
	if err != nil {
		skipOrFail(t, "no axe-core at "+path+" (npm install --prefix test/web axe-core, or set CODESEEK_AXE)")
	}
	s := startUI(t, httpguard.Guard{})
	ctx := newBrowser(t)
	pages := []struct{ name, url, ready string }{
		{"search", "/?q=parse+span", `document.querySelectorAll("#results .hit").length > 0`},
		{"file", "/file?repo=" + s.repo + "&path=clock%2Fspan.go#L7-L22", `document.querySelector("#code tr.mark") !== null`},
		{"repos", "/repos", `document.querySelector("#repos tr[data-id]") !== null`},
	}
	for _, p := range pages {
		for _, scheme := range []string{"light", "dark"} {
			setTheme(t, ctx, scheme)
			do(t, ctx, "open "+p.name, chromedp.Navigate(s.URL+p.url))
			waitFor(t, ctx, p.name+" drawn", p.ready)
			for _, v := range axeViolations(t, ctx, string(axe)) {
				t.Errorf("%s page, %s theme: %s", p.name, scheme, v)
			}
		}
	}
}

// TestBrowserNarrow checks the pages at a phone's 360 px: nothing wider
// than the screen but the code, which scrolls inside its box.
func TestBrowserNarrow(t *testing.T) {
	s := startUI(t, httpguard.Guard{})
	ctx := newBrowser(t)
	do(t, ctx, "narrow", chromedp.EmulateViewport(360, 740))
	for _, p := range []struct{ name, url, ready string }{
		{"search", "/?q=parse+span", `document.querySelectorAll("#results .hit").length > 0`},
		{"file", "/file?repo=" + s.repo + "&path=clock%2Fspan.go", `document.querySelector("#code") !== null`},
		{"repos", "/repos", `document.querySelector("#repos tr[data-id]") !== null`},
	} {
		do(t, ctx, "open "+p.url, chromedp.Navigate(s.URL+p.url))
		waitFor(t, ctx, p.url, p.ready)
		if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > 360 {
			t.Errorf("%s is %d px wide at 360 px", p.url, w)
		}
		screenshots(t, ctx, p.name+"-360px")
	}
}

// TestBrowserThemeToggle checks the header's button: it flips the theme
// the system asked for, and the choice outlives a reload.
func TestBrowserThemeToggle(t *testing.T) {
	s := startUI(t, httpguard.Guard{})
	ctx := newBrowser(t)
	setTheme(t, ctx, "light")
	do(t, ctx, "open", chromedp.Navigate(s.URL+"/repos"), chromedp.WaitVisible(chromedp.CSS("#theme")))
	const bg = `getComputedStyle(document.body).backgroundColor`
	light := eval[string](t, ctx, bg)
	do(t, ctx, "toggle", chromedp.Click(chromedp.CSS("#theme")))
	dark := eval[string](t, ctx, bg)
	if dark == light {
		t.Fatalf("background %s before and after the toggle", light)
	}
	do(t, ctx, "reload", chromedp.Navigate(s.URL+"/"), chromedp.WaitVisible(chromedp.CSS("#q")))
	if got := eval[string](t, ctx, bg); got != dark {
		t.Errorf("after a reload the background is %s, want the chosen %s", got, dark)
	}
	do(t, ctx, "toggle back", chromedp.Click(chromedp.CSS("#theme")))
	if got := eval[string](t, ctx, bg); got != light {
		t.Errorf("toggled back to %s, want %s", got, light)
	}
}

// TestBrowserReportKeepsItsLines pastes a bug report into the search box:
// its lines reach the server as they are (a report is read by its line
// breaks), the box grows to show them, and Shift+Enter starts a new line
// where Enter searches.
func TestBrowserReportKeepsItsLines(t *testing.T) {
	s := startUI(t, httpguard.Guard{})
	ctx := newBrowser(t)
	do(t, ctx, "open", chromedp.Navigate(s.URL+"/"), chromedp.WaitVisible(chromedp.CSS("#q")))
	oneLine := eval[float64](t, ctx, `document.querySelector("#q").getBoundingClientRect().height`)
	do(t, ctx, "paste a report", chromedp.Evaluate[chromedp.Void](`(() => {
		const q = document.querySelector("#q");
		q.focus();
		q.value = "Parsing a span fails for long inputs\n\nParseSpan returns an error for a span of more than a day,\nthough the format allows it.\nSeen with 25h and 36h.";
		q.dispatchEvent(new Event("input"));
	})()`))
	waitFor(t, ctx, "results for the report", `document.querySelector("#results").dataset.query === document.querySelector("#q").value.trim() && document.querySelectorAll("#results .hit").length > 0`)
	if q := eval[string](t, ctx, `new URLSearchParams(location.search).get("q")`); strings.Count(q, "\n") != 4 {
		t.Errorf("the address holds the query %q, want its five lines", q)
	}
	if h := eval[float64](t, ctx, `document.querySelector("#q").getBoundingClientRect().height`); h < 2*oneLine {
		t.Errorf("the search box is %.0f px high with five lines, %.0f with none: it did not grow", h, oneLine)
	}
	do(t, ctx, "type and Shift+Enter",
		chromedp.Evaluate[chromedp.Void](`(() => { const q = document.querySelector("#q"); q.value = ""; q.focus(); })()`),
		chromedp.SendKeys(chromedp.CSS("#q"), "span"),
		chromedp.KeyEvent(kb.Enter, chromedp.KeyModifiers(chromedp.ModifierShift)))
	if v := eval[string](t, ctx, `document.querySelector("#q").value`); v != "span\n" {
		t.Errorf("after Shift+Enter the box holds %q, want a new line after span", v)
	}
}
