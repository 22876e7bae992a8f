package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/indexer"
)

// gatedEmbedder blocks document embedding until released (or cancelled),
// so a test can look at an index run while it is going on.
type gatedEmbedder struct {
	embedding.HashEmbedder
	entered chan struct{} // closed when a run first blocks
	release chan struct{}
	once    sync.Once
}

func newGated() *gatedEmbedder {
	return &gatedEmbedder{HashEmbedder: embedding.HashEmbedder{Dim: 64}, entered: make(chan struct{}), release: make(chan struct{})}
}

func (g *gatedEmbedder) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	g.once.Do(func() { close(g.entered) })
	select {
	case <-g.release:
		return g.HashEmbedder.EmbedDocuments(ctx, texts)
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func newGatedService(t *testing.T) (*Service, *gatedEmbedder) {
	t.Helper()
	g := newGated()
	svc, err := New(Config{DataDir: t.TempDir(), Embedder: g})
	if err != nil {
		t.Fatal(err)
	}
	return svc, g
}

// indexedThenChanged indexes a repository with OldName, then adds NewName
// and gates the embedder, so the next run blocks until g.release closes.
func indexedThenChanged(t *testing.T) (*Service, string, *gatedEmbedder) {
	t.Helper()
	svc, g := newGatedService(t)
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.go": goFunc("OldName", "return")})
	close(g.release)
	if _, err := svc.IndexRepository(context.Background(), IndexParams{RepoPath: root}); err != nil {
		t.Fatal(err)
	}
	g2 := newGated()
	svc.cfg.Embedder = g2
	writeFiles(t, root, map[string]string{"b.go": goFunc("NewName", "return")})
	return svc, root, g2
}

// jsonCall calls a tool with JSON output and decodes its text.
func jsonCall(t *testing.T, svc *Service, tool string, args map[string]any, v any) (isError bool, text string) {
	t.Helper()
	res := callTool(t, mcpClient(t, svc), tool, args)
	text = resultText(t, res)
	if !res.IsError && v != nil {
		if err := json.Unmarshal([]byte(text), v); err != nil {
			t.Fatalf("%s: %v\n%s", tool, err, text)
		}
	}
	return res.IsError, text
}

type listOut struct {
	Repositories []struct {
		ID       string `json:"repository_id"`
		Status   string `json:"status"`
		Progress *struct {
			Phase string `json:"phase"`
		} `json:"progress"`
	} `json:"repositories"`
}

type searchOut struct {
	Results []struct {
		Symbol string `json:"symbol"`
	} `json:"results"`
	Warning string `json:"warning"`
}

func symbols(s searchOut) string {
	var out []string
	for _, r := range s.Results {
		out = append(out, r.Symbol)
	}
	return strings.Join(out, ",")
}

// index_repository answers before the run ends; list_repositories and
// searches see it going on, searches read the previous index until the
// run commits.
func TestIndexRunsInTheBackground(t *testing.T) {
	svc, root, g2 := indexedThenChanged(t)

	var rep struct {
		ID       string `json:"repository_id"`
		Status   string `json:"status"`
		Progress *struct {
			Phase string `json:"phase"`
			Total int    `json:"total"`
		} `json:"progress"`
	}
	if isErr, text := jsonCall(t, svc, "index_repository", map[string]any{"repo_path": root, "wait_seconds": 0}, &rep); isErr || rep.Status != "indexing" || rep.Progress == nil {
		t.Fatalf("index_repository while running: %s", text)
	}
	<-g2.entered
	var list listOut
	jsonCall(t, svc, "list_repositories", nil, &list)
	if len(list.Repositories) != 1 || list.Repositories[0].Status != "indexing" || list.Repositories[0].Progress == nil {
		t.Errorf("list while indexing: %+v", list)
	}
	var found searchOut
	jsonCall(t, svc, "search_code", map[string]any{"query": "NewName OldName"}, &found)
	if !strings.Contains(found.Warning, "being indexed") || symbols(found) != "OldName" {
		t.Errorf("search while indexing: %q, warning %q", symbols(found), found.Warning)
	}

	svc.jobs.mu.Lock()
	first := svc.jobs.jobs[rep.ID]
	svc.jobs.mu.Unlock()
	j, err := svc.startIndex(IndexParams{RepoPath: root})
	if err != nil || j != first {
		t.Fatalf("a second start did not join the running run (%v)", err)
	}
	close(g2.release)
	<-j.done
	final, err := j.snapshot()
	if err != nil || final.Status != "done" || final.Outcome != "completed" || final.FilesIndexed != 1 {
		t.Fatalf("final report %+v, %v", final, err)
	}
	if last := j.progressNow(); last.Phase != "write" {
		t.Errorf("the last progress phase is %q, want write (the commit)", last.Phase)
	}
	list = listOut{}
	jsonCall(t, svc, "list_repositories", nil, &list)
	if list.Repositories[0].Status != "done" || list.Repositories[0].Progress != nil {
		t.Errorf("list after the run: %+v", list)
	}
	found = searchOut{}
	jsonCall(t, svc, "search_code", map[string]any{"query": "NewName OldName", "mode": "lexical"}, &found)
	if found.Warning != "" || !strings.Contains(symbols(found), "NewName") {
		t.Errorf("search after the run: %q, warning %q", symbols(found), found.Warning)
	}
}

// A search of a repository whose first index is still running says so.
func TestSearchDuringFirstIndex(t *testing.T) {
	svc, g := newGatedService(t)
	svc.firstIndexWait = 200 * time.Millisecond
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.go": goFunc("Name", "return")})
	var rep struct {
		ID string `json:"repository_id"`
	}
	jsonCall(t, svc, "index_repository", map[string]any{"repo_path": root, "wait_seconds": 0}, &rep)
	<-g.entered
	for _, args := range []map[string]any{{"query": "x"}, {"query": "x", "repository_id": rep.ID}, {"query": "x", "repository_id": root}} {
		if isErr, text := jsonCall(t, svc, "search_code", args, nil); !isErr || !strings.Contains(text, "being indexed for the first time") {
			t.Errorf("%v: %s", args, text)
		}
	}
	var list listOut
	jsonCall(t, svc, "list_repositories", nil, &list)
	if len(list.Repositories) != 1 || list.Repositories[0].ID != rep.ID || list.Repositories[0].Status != "indexing" {
		t.Errorf("a first run is listed: %+v", list)
	}
	close(g.release)
	jsonCall(t, svc, "index_repository", map[string]any{"repo_path": root, "wait_seconds": 3600}, nil)
}

// A search that arrives while its repository's first index runs waits for
// the index and answers from it, as long as the index ends within the wait.
func TestSearchWaitsForFirstIndex(t *testing.T) {
	svc, g := newGatedService(t)
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.go": goFunc("Name", "return")})
	var rep struct {
		ID string `json:"repository_id"`
	}
	jsonCall(t, svc, "index_repository", map[string]any{"repo_path": root, "wait_seconds": 0}, &rep)
	<-g.entered
	time.AfterFunc(300*time.Millisecond, func() { close(g.release) })
	var out struct {
		Results []struct {
			FilePath string `json:"file_path"`
		} `json:"results"`
	}
	if isErr, text := jsonCall(t, svc, "search_code", map[string]any{"query": "Name", "repository_id": rep.ID}, &out); isErr {
		t.Fatalf("search during the first index: %s", text)
	}
	if len(out.Results) == 0 || out.Results[0].FilePath != "a.go" {
		t.Errorf("search after waiting for the first index: %+v", out)
	}
}

// notifications/cancelled for the call stops the run; the previous index
// stays and searches use it.
func TestCancelledIndexKeepsPreviousIndex(t *testing.T) {
	svc, root, g2 := indexedThenChanged(t)

	srv := NewMCPServer(svc)
	ctx := context.Background()
	answer := make(chan string, 1)
	go func() {
		res := srv.HandleMessage(ctx, []byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"index_repository","arguments":{"repo_path":`+jsonString(root)+`}}}`))
		b, _ := json.Marshal(res)
		answer <- string(b)
	}()
	<-g2.entered
	srv.HandleMessage(ctx, []byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7,"reason":"user"}}`))
	if got := <-answer; !strings.Contains(got, "cancelled") || !strings.Contains(got, `"isError":true`) {
		t.Errorf("cancelled call answered %s", got)
	}
	var list listOut
	jsonCall(t, svc, "list_repositories", nil, &list)
	if list.Repositories[0].Status != "done" {
		t.Errorf("list after cancel: %+v", list)
	}
	var found searchOut
	jsonCall(t, svc, "search_code", map[string]any{"query": "NewName OldName", "mode": "lexical"}, &found)
	if symbols(found) != "OldName" || found.Warning != "" {
		t.Errorf("after cancel the search reads %q (warning %q), want the previous index", symbols(found), found.Warning)
	}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// serve --index-wait sets the wait of calls that give no wait_seconds.
func TestDefaultIndexWaitIsConfigurable(t *testing.T) {
	svc, g := newGatedService(t)
	if err := svc.SetIndexWait(-time.Second); err == nil {
		t.Error("a negative wait is accepted")
	}
	if err := svc.SetIndexWait(0); err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.go": goFunc("Name", "return")})
	var rep struct {
		Status string `json:"status"`
	}
	if isErr, text := jsonCall(t, svc, "index_repository", map[string]any{"repo_path": root}, &rep); isErr || rep.Status != "indexing" {
		t.Errorf("with a zero default wait: %s", text)
	}
	close(g.release)
	jsonCall(t, svc, "index_repository", map[string]any{"repo_path": root, "wait_seconds": 3600}, nil)
}

// Progress notifications reach the waiting caller and, as MCP requires,
// increase with every notification although each phase counts from 0.
func TestProgressNotificationsIncrease(t *testing.T) {
	svc := newTestService(t)
	root := t.TempDir()
	files := map[string]string{}
	for i := range 30 {
		files[fmt.Sprintf("f%d.go", i)] = goFunc(fmt.Sprintf("F%d", i), "return")
	}
	writeFiles(t, root, files)
	c := mcpClient(t, svc)
	var mu sync.Mutex
	var got []float64
	var msgs []string
	c.OnNotification(func(n mcp.JSONRPCNotification) {
		if n.Method != "notifications/progress" {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		var v float64 // an int in process, a float64 over a wire
		fmt.Sscan(fmt.Sprint(n.Params.AdditionalFields["progress"]), &v)
		got = append(got, v)
		msgs = append(msgs, n.Params.AdditionalFields["message"].(string))
	})
	req := mcp.CallToolRequest{}
	req.Params.Name = "index_repository"
	req.Params.Arguments = map[string]any{"repo_path": root, "wait_seconds": 3600}
	req.Params.Meta = &mcp.Meta{ProgressToken: "tok"}
	if res, err := c.CallTool(context.Background(), req); err != nil || res.IsError {
		t.Fatalf("index: %v %v", err, res)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) < 3 || !strings.HasPrefix(msgs[len(msgs)-1], "write") {
		t.Fatalf("progress messages %q", msgs)
	}
	for i := 1; i < len(got); i++ {
		if got[i] <= got[i-1] {
			t.Errorf("progress %v does not increase at %d (%q)", got, i, msgs)
		}
	}
}

// A run not started by index_repository (serve --watch, any caller of
// IndexRepository) shows in list_repositories and search warnings too.
func TestAnyRunIsReported(t *testing.T) {
	svc, root, g2 := indexedThenChanged(t)
	done := make(chan error, 1)
	go func() {
		_, err := svc.IndexRepository(context.Background(), IndexParams{RepoPath: root})
		done <- err
	}()
	<-g2.entered
	var list listOut
	jsonCall(t, svc, "list_repositories", nil, &list)
	if len(list.Repositories) != 1 || list.Repositories[0].Status != "indexing" || list.Repositories[0].Progress.Phase != "embed" {
		t.Errorf("list during a direct run: %+v", list)
	}
	var found searchOut
	jsonCall(t, svc, "search_code", map[string]any{"query": "OldName", "mode": "lexical"}, &found)
	if !strings.Contains(found.Warning, "being indexed (embed") {
		t.Errorf("search warning during a direct run: %q", found.Warning)
	}
	close(g2.release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if run := svc.running(); len(run) != 0 {
		t.Errorf("runs after the end: %+v", run)
	}
}

// A run can end before index_repository starts watching it (a small
// repository, a busy machine); the watcher still hears where it stands.
func TestLateWatcherHearsTheProgressSoFar(t *testing.T) {
	svc := newTestService(t)
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.go": goFunc("A", "return")})
	j, err := svc.startIndex(IndexParams{RepoPath: root})
	if err != nil {
		t.Fatal(err)
	}
	<-j.done
	var got []indexer.Progress
	stop := j.watch(func(p indexer.Progress) { got = append(got, p) })
	defer stop()
	if len(got) != 1 || got[0].Phase == "" {
		t.Fatalf("a watcher joining a finished run heard %v, want its last progress", got)
	}
}
