package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
	"unicode/utf16"
	"unicode/utf8"
)

// lspPosition is an LSP position: 0-based line and UTF-16 code unit.
type lspPosition struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

type lspRange struct {
	Start lspPosition `json:"start"`
	End   lspPosition `json:"end"`
}

// lspLocation is an LSP Location.
type lspLocation struct {
	URI   string   `json:"uri"`
	Range lspRange `json:"range"`
}

// fileURI turns an absolute path into a file:// URI.
func fileURI(path string) string {
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(path)}
	return u.String()
}

// uriPath turns a file:// URI back into a path.
func uriPath(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil {
		return "", err
	}
	if u.Scheme != "file" {
		return "", fmt.Errorf("not a file URI: %s", uri)
	}
	return filepath.FromSlash(u.Path), nil
}

// utf16Col converts a 1-based byte column on line into LSP's 0-based UTF-16
// offset.
func utf16Col(line string, byteCol int) int {
	if byteCol-1 > len(line) {
		byteCol = len(line) + 1
	}
	n := 0
	for _, r := range line[:byteCol-1] {
		n += len(utf16.Encode([]rune{r}))
	}
	return n
}

// byteCol converts LSP's 0-based UTF-16 offset on line into a 1-based byte
// column.
func byteCol(line string, u16 int) int {
	n := 0
	for i, r := range line {
		if n >= u16 {
			return i + 1
		}
		if r == utf8.RuneError {
			n++
		} else {
			n += len(utf16.Encode([]rune{r}))
		}
	}
	return len(line) + 1
}

// fileLines caches files split in lines, for position conversions.
type fileLines struct {
	mu sync.Mutex
	m  map[string][]string
}

func (f *fileLines) get(path string) ([]string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.m == nil {
		f.m = map[string][]string{}
	}
	if l, ok := f.m[path]; ok {
		return l, nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	l := strings.Split(string(b), "\n")
	if len(f.m) > 4000 { // bound memory: forget everything, it is only a cache
		f.m = map[string][]string{}
	}
	f.m[path] = l
	return l, nil
}

// line returns the 1-based line n of path ("" when out of range).
func (f *fileLines) line(path string, n int) string {
	l, err := f.get(path)
	if err != nil || n < 1 || n > len(l) {
		return ""
	}
	return strings.TrimSuffix(l[n-1], "\r")
}

// lspClient is one long-lived language server session.
type lspClient struct {
	proc    *rpcProc
	lines   fileLines
	open    map[string]bool
	timeout time.Duration
	// languageID is what didOpen says a document is written in: "go",
	// "c".
	languageID string
}

// startLSP starts the server binary with args, initializes it on root and
// returns once the server has answered initialize.
func startLSP(root string, timeout time.Duration, bin string, args ...string) (*lspClient, error) {
	p, err := startRPCProc(root, os.Environ(), "lsp", bin, args...)
	if err != nil {
		return nil, err
	}
	c := &lspClient{proc: p, open: map[string]bool{}, timeout: timeout, languageID: "go"}
	p.conn.onRequest = func(method string, params json.RawMessage) (any, error) {
		switch method {
		case "workspace/configuration":
			var req struct {
				Items []json.RawMessage `json:"items"`
			}
			_ = json.Unmarshal(params, &req)
			out := make([]any, len(req.Items))
			for i := range out {
				out[i] = map[string]any{}
			}
			return out, nil
		default: // window/workDoneProgress/create, client/registerCapability, ...
			return nil, nil
		}
	}
	p.conn.start()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	init := map[string]any{
		"processId": os.Getpid(),
		"rootUri":   fileURI(root),
		"workspaceFolders": []map[string]string{
			{"uri": fileURI(root), "name": filepath.Base(root)},
		},
		"capabilities": map[string]any{
			"textDocument": map[string]any{
				"references":     map[string]any{},
				"definition":     map[string]any{"linkSupport": false},
				"typeDefinition": map[string]any{"linkSupport": false},
			},
			"workspace": map[string]any{"configuration": true, "workspaceFolders": true},
			"window":    map[string]any{"workDoneProgress": false},
		},
	}
	var res json.RawMessage
	if err := p.conn.call(ctx, "initialize", init, &res); err != nil {
		p.stop(2 * time.Second)
		return nil, fmt.Errorf("%s initialize: %w (stderr: %s)", bin, err, tail(p.stderr.String(), 500))
	}
	if err := p.conn.notify("initialized", map[string]any{}); err != nil {
		p.stop(2 * time.Second)
		return nil, err
	}
	return c, nil
}

// didOpen opens path (once) so the server treats it as an open document.
func (c *lspClient) didOpen(path string) error {
	if c.open[path] {
		return nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	c.open[path] = true
	return c.proc.conn.notify("textDocument/didOpen", map[string]any{
		"textDocument": map[string]any{"uri": fileURI(path), "languageId": c.languageID, "version": 1, "text": string(b)},
	})
}

// closeAll closes every open document.
func (c *lspClient) closeAll() {
	for p := range c.open {
		_ = c.proc.conn.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": fileURI(p)}})
	}
	c.open = map[string]bool{}
}

// position converts a 1-based line and byte column in path into LSP's.
func (c *lspClient) position(path string, line, col int) lspPosition {
	return lspPosition{Line: line - 1, Character: utf16Col(c.lines.line(path, line), col)}
}

// filePos is a 1-based line and byte column in an absolute path.
type filePos struct {
	Path string
	Line int
	Col  int
}

// toFilePos converts an LSP location into a path, 1-based line and byte
// column.
func (c *lspClient) toFilePos(l lspLocation) (filePos, error) {
	p, err := uriPath(l.URI)
	if err != nil {
		return filePos{}, err
	}
	line := l.Range.Start.Line + 1
	return filePos{p, line, byteCol(c.lines.line(p, line), l.Range.Start.Character)}, nil
}

// locations asks method (textDocument/references, /definition,
// /typeDefinition) at path:line:col.
func (c *lspClient) locations(timeout time.Duration, method, path string, line, col int) ([]filePos, error) {
	if err := c.didOpen(path); err != nil {
		return nil, err
	}
	params := map[string]any{
		"textDocument": map[string]any{"uri": fileURI(path)},
		"position":     c.position(path, line, col),
	}
	if method == "textDocument/references" {
		params["context"] = map[string]any{"includeDeclaration": false}
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	var raw json.RawMessage
	if err := c.proc.conn.call(ctx, method, params, &raw); err != nil {
		return nil, err
	}
	var locs []lspLocation
	if len(raw) > 0 && raw[0] == '{' { // a single Location
		var l lspLocation
		if err := json.Unmarshal(raw, &l); err != nil {
			return nil, err
		}
		locs = []lspLocation{l}
	} else if len(raw) > 0 && string(raw) != "null" {
		if err := json.Unmarshal(raw, &locs); err != nil {
			return nil, err
		}
	}
	out := make([]filePos, 0, len(locs))
	for _, l := range locs {
		fp, err := c.toFilePos(l)
		if err != nil {
			continue
		}
		out = append(out, fp)
	}
	return out, nil
}

// shutdown asks the server to exit and stops the process.
func (c *lspClient) shutdown() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_ = c.proc.conn.call(ctx, "shutdown", nil, nil)
	_ = c.proc.conn.notify("exit", nil)
	c.proc.stop(10 * time.Second)
}
