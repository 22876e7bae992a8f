// Package webui is codeseek's web UI for people: the search, file and
// repositories pages and the JSON endpoints behind them. Every answer
// comes from the tools service the MCP tools use, so the page and an agent
// see the same results, roots and limits; the package only turns them
// into pages. It sits behind httpguard like the MCP endpoint.
package webui

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/tools"
)

//go:embed assets
var assets embed.FS

// csp allows nothing but this server's own files: no inline script or
// style, no CDN, no framing, so a string from an indexed file that slips
// through escaping still cannot run.
const csp = "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// pages are the paths that load the app; it draws the view from the path
// and query, so a permalink reloads the same view.
var pages = []string{"/{$}", "/file", "/repos"}

// Handler serves the UI's pages under / and its JSON endpoints under
// /api/, to be mounted at / beside the MCP endpoint and behind the same
// httpguard.Guard (with Browser set to IsUI); a path it does not know
// gets 404.
func Handler(svc *tools.Service) http.Handler {
	h := &handler{svc: svc, poll: 200 * time.Millisecond}
	static, _ := fs.Sub(assets, "assets")
	files := http.FileServerFS(static)
	mux := http.NewServeMux()
	index, _ := fs.ReadFile(static, "index.html")
	for _, p := range pages {
		mux.HandleFunc("GET "+p, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Header().Set("Cache-Control", "no-cache")
			w.Write(index)
		})
	}
	mux.Handle("GET /static/", http.StripPrefix("/static/", files))
	mux.HandleFunc("GET /api/search", h.search)
	mux.HandleFunc("GET /api/file", h.file)
	mux.HandleFunc("GET /api/definition", h.definition)
	mux.HandleFunc("GET /api/references", h.references)
	mux.HandleFunc("GET /api/repos", h.repos)
	mux.HandleFunc("POST /api/index", h.index)
	mux.HandleFunc("GET /api/events", h.events)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", csp)
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Referrer-Policy", "no-referrer")
		mux.ServeHTTP(w, r)
	})
}

// IsUI reports whether a request is for the UI rather than the MCP
// endpoint: the guard lets only these log in with a cookie.
func IsUI(r *http.Request) bool {
	return r.URL.Path != "/mcp" && !strings.HasPrefix(r.URL.Path, "/mcp/")
}

type handler struct {
	svc  *tools.Service
	poll time.Duration // how often the event stream looks at the runs
}

// writeJSON answers v as JSON.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// fail answers an error: 400 with the service's message for a bad
// argument (a path outside the roots is one), 500 otherwise.
func fail(w http.ResponseWriter, err error) {
	status := http.StatusInternalServerError
	var ae *tools.ArgError
	if errors.As(err, &ae) {
		status = http.StatusBadRequest
	}
	writeJSON(w, status, map[string]string{"error": err.Error()})
}

// hit is one search result as the page shows it.
type hit struct {
	Repo     string   `json:"repo"`
	Path     string   `json:"path"`
	Start    int      `json:"start"`
	End      int      `json:"end"`
	Symbol   string   `json:"symbol,omitempty"`
	Kind     string   `json:"kind,omitempty"`
	Language string   `json:"language,omitempty"`
	Score    float64  `json:"score"`
	Lines    []string `json:"lines"` // HTML, escaped and highlighted
	URI      string   `json:"uri"`
	// Copies are other files of the repository holding the same text.
	Copies []string `json:"copies,omitempty"`
}

// maxHitLines caps the lines a result shows; the file view has the rest.
const maxHitLines = 40

func (h *handler) search(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	limit := tools.DefaultLimit
	if s := q.Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			fail(w, &tools.ArgError{Arg: "limit", Msg: "is not a number"})
			return
		}
		limit = n
	}
	resp, err := h.svc.Search(r.Context(), tools.SearchParams{
		Query: q.Get("q"), RepositoryID: q.Get("repo"), FileType: q.Get("lang"), Directory: q.Get("dir"),
		Mode: q.Get("mode"), Docs: q.Get("kind") == "docs", Limit: limit,
	})
	if err != nil {
		fail(w, err)
		return
	}
	out := struct {
		Results []hit   `json:"results"`
		TookMS  float64 `json:"took_ms"`
		Warning string  `json:"warning,omitempty"`
	}{Results: []hit{}, TookMS: float64(resp.Latency.Microseconds()) / 1000, Warning: resp.Warning}
	for _, res := range resp.Results {
		lines := highlightLines(res.Language, []byte(res.Content))
		out.Results = append(out.Results, hit{
			Repo: res.RepositoryID, Path: res.FilePath, Start: res.StartLine, End: res.EndLine,
			Symbol: res.Symbol, Kind: res.SymbolKind, Language: res.Language, Score: res.Score,
			Lines: lines[:min(len(lines), maxHitLines)], URI: res.URI(), Copies: res.Copies,
		})
	}
	writeJSON(w, http.StatusOK, out)
}

// symbol is one outline entry.
type symbol struct {
	Name      string `json:"name"`
	Kind      string `json:"kind"`
	Parent    string `json:"parent,omitempty"`
	Signature string `json:"signature,omitempty"`
	Start     int    `json:"start"`
	End       int    `json:"end"`
}

func (h *handler) file(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f, err := h.svc.ReadFile(q.Get("repo"), q.Get("path"))
	if err != nil {
		fail(w, err)
		return
	}
	out := struct {
		Repo     string   `json:"repo"`
		Path     string   `json:"path"`
		Language string   `json:"language"`
		Lines    []string `json:"lines"`
		Outline  []symbol `json:"outline"`
		Warning  string   `json:"warning,omitempty"`
	}{Repo: f.RepositoryID, Path: f.Path, Language: f.Language, Lines: highlightLines(f.Language, f.Text), Outline: []symbol{}}
	syms, err := h.svc.Symbols(tools.SymbolsParams{RepositoryID: f.RepositoryID, FilePath: f.Path})
	if err != nil {
		out.Warning = "no outline: " + err.Error()
	}
	for _, s := range syms.Symbols {
		out.Outline = append(out.Outline, symbol{Name: s.Name, Kind: s.Kind, Parent: s.Parent, Signature: s.Signature, Start: s.StartLine, End: s.EndLine})
	}
	writeJSON(w, http.StatusOK, out)
}

// place is a definition or reference the page links to.
type place struct {
	Repo   string `json:"repo"`
	Path   string `json:"path"`
	Line   int    `json:"line"`
	End    int    `json:"end,omitempty"`
	Symbol string `json:"symbol,omitempty"`
	Kind   string `json:"kind,omitempty"`
	Text   string `json:"text,omitempty"` // a signature or the referring line
	Match  string `json:"match,omitempty"`
}

// navParams reads the position (path, line, col) or symbol a navigation
// request is about.
func navParams(r *http.Request, byPosition bool) tools.NavParams {
	q := r.URL.Query()
	p := tools.NavParams{RepositoryID: q.Get("repo")}
	if byPosition {
		p.FilePath = q.Get("path")
		p.Line, _ = strconv.Atoi(q.Get("line"))
		p.Column, _ = strconv.Atoi(q.Get("col"))
	} else {
		p.Symbol = q.Get("symbol")
	}
	return p
}

// usePosition is whether a request names a position; a request naming
// only a symbol (or whose position finds nothing) goes by the name.
func usePosition(r *http.Request) bool {
	q := r.URL.Query()
	return q.Get("path") != "" && q.Get("line") != ""
}

func (h *handler) definition(w http.ResponseWriter, r *http.Request) {
	var resp formatter.DefinitionResponse
	var err error
	if usePosition(r) {
		resp, err = h.svc.FindDefinition(r.Context(), navParams(r, true), tools.DefaultDefinitionLimit)
	}
	if (err != nil || len(resp.Definitions) == 0) && r.URL.Query().Get("symbol") != "" {
		resp, err = h.svc.FindDefinition(r.Context(), navParams(r, false), tools.DefaultDefinitionLimit)
	}
	if err != nil {
		fail(w, err)
		return
	}
	out := []place{}
	for _, d := range resp.Definitions {
		out = append(out, place{Repo: d.RepositoryID, Path: d.FilePath, Line: d.StartLine, End: d.EndLine, Symbol: d.Symbol, Kind: d.Kind, Text: d.Signature, Match: d.Match})
	}
	writeJSON(w, http.StatusOK, map[string]any{"definitions": out})
}

func (h *handler) references(w http.ResponseWriter, r *http.Request) {
	var resp formatter.ReferencesResponse
	var err error = &tools.ArgError{Arg: "symbol", Msg: "is required: pass a symbol, or path and line"}
	if usePosition(r) {
		resp, err = h.svc.FindReferences(r.Context(), navParams(r, true), "", tools.DefaultReferenceLimit)
	}
	if err != nil && r.URL.Query().Get("symbol") != "" {
		resp, err = h.svc.FindReferences(r.Context(), navParams(r, false), "", tools.DefaultReferenceLimit)
	}
	if err != nil {
		fail(w, err)
		return
	}
	d := resp.Definition
	out := []place{}
	for _, ref := range resp.References {
		out = append(out, place{Repo: resp.RepositoryID, Path: ref.FilePath, Line: ref.Line, Symbol: ref.Enclosing, Kind: ref.Kind, Text: ref.Text, Match: ref.Match})
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"definition": place{Repo: resp.RepositoryID, Path: d.FilePath, Line: d.StartLine, End: d.EndLine, Symbol: d.Symbol, Kind: d.Kind, Text: d.Signature},
		"references": out, "total": resp.TotalCount, "warning": resp.Warning,
	})
}

// repo is one row of the repositories page.
type repo struct {
	ID        string `json:"id"`
	Project   string `json:"project"`
	Path      string `json:"path"`
	Files     int    `json:"files"`
	Chunks    int    `json:"chunks"`
	IndexedAt string `json:"indexed_at,omitempty"` // RFC 3339
	Status    string `json:"status"`               // "indexing", "done", "missing" or "failed"
	Error     string `json:"error,omitempty"`      // why the last run failed
	Phase     string `json:"phase,omitempty"`
	Done      int    `json:"done"`
	Total     int    `json:"total"`
}

func (h *handler) repoList() ([]repo, error) {
	list, err := h.svc.ListRepositories()
	if err != nil {
		return nil, err
	}
	out := []repo{}
	for _, r := range list.Repositories {
		row := repo{ID: r.ID, Project: r.ProjectID, Path: r.Path, Files: r.Files, Chunks: r.CodeChunks + r.DocChunks, Status: r.Status}
		if !r.IndexedAt.IsZero() {
			row.IndexedAt = r.IndexedAt.UTC().Format(time.RFC3339)
		}
		if p := r.Progress; p != nil {
			row.Phase, row.Done, row.Total = p.Phase, p.Done, p.Total
		}
		out = append(out, row)
	}
	// A failed run shows until an index newer than the failure exists; a
	// first run that failed has no index, so it gets a row of its own.
	for id, re := range h.svc.RunErrors() {
		i := slices.IndexFunc(out, func(r repo) bool { return r.ID == id })
		if i < 0 {
			out = append(out, repo{ID: id, Path: re.Root, Status: "failed", Error: re.Err.Error()})
			continue
		}
		if out[i].Status == "done" && (out[i].IndexedAt == "" || !indexedAfter(out[i].IndexedAt, re.Ended)) {
			out[i].Status, out[i].Error = "failed", re.Err.Error()
		}
	}
	return out, nil
}

// indexedAfter reports whether an index time (RFC 3339) is later than t.
func indexedAfter(indexedAt string, t time.Time) bool {
	at, err := time.Parse(time.RFC3339, indexedAt)
	return err == nil && at.After(t.Truncate(time.Second))
}

func (h *handler) repos(w http.ResponseWriter, r *http.Request) {
	list, err := h.repoList()
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"repositories": list})
}

// index starts (or joins) an index run of the posted path and answers at
// once; the events stream shows how it goes.
func (h *handler) index(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Path  string `json:"path"`
		Force bool   `json:"force"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		fail(w, &tools.ArgError{Arg: "body", Msg: `must be JSON: {"path": "/repo", "force": false}`})
		return
	}
	// The run outlives this request: it is the service's job now.
	rep, err := h.svc.IndexInBackground(context.WithoutCancel(r.Context()), tools.IndexParams{RepoPath: req.Path, Force: req.Force}, 0, nil)
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, http.StatusAccepted, map[string]string{"id": rep.RepositoryID, "status": rep.Status})
}

// events streams the repositories list as server-sent events whenever it
// changes (a run's progress, a run ending), until the page goes away.
func (h *handler) events(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	tick := time.NewTicker(h.poll)
	defer tick.Stop()
	var last []byte
	var quiet time.Duration
	for {
		list, err := h.repoList()
		var msg []byte
		if err != nil {
			msg, _ = json.Marshal(map[string]string{"error": err.Error()})
		} else {
			msg, _ = json.Marshal(map[string]any{"repositories": list})
		}
		switch {
		case !bytes.Equal(msg, last):
			fmt.Fprintf(w, "event: repos\ndata: %s\n\n", msg)
			flusher.Flush()
			last, quiet = msg, 0
		case quiet >= 15*time.Second: // a comment keeps proxies from closing an idle stream
			fmt.Fprint(w, ": ping\n\n")
			flusher.Flush()
			quiet = 0
		}
		select {
		case <-r.Context().Done():
			return
		case <-tick.C:
			quiet += h.poll
		}
	}
}
