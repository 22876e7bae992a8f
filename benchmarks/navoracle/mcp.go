package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// mcpClient speaks MCP over stdio to one `codeseek serve` process.
type mcpClient struct {
	proc    *rpcProc
	timeout time.Duration
}

// toolResult is the result of tools/call.
type toolResult struct {
	Content []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
	StructuredContent json.RawMessage `json:"structuredContent"`
	IsError           bool            `json:"isError"`
}

// text is the concatenated text content: what an agent reads.
func (r toolResult) text() string {
	var b strings.Builder
	for _, c := range r.Content {
		if c.Type == "text" {
			b.WriteString(c.Text)
		}
	}
	return b.String()
}

// codeseekRun says how to run codeseek: the binary, the data directory and
// extra global flags (such as --embedder hash) for both index and serve.
type codeseekRun struct {
	Bin     string
	DataDir string
	Extra   []string
}

func (c codeseekRun) args(sub string, rest ...string) []string {
	a := append([]string{sub}, rest...)
	a = append(a, "--data-dir", c.DataDir)
	return append(a, c.Extra...)
}

// startMCP starts `codeseek serve --root ROOT` and initializes the session.
func startMCP(run codeseekRun, root string, timeout time.Duration) (*mcpClient, error) {
	if _, err := os.Stat(run.Bin); err != nil {
		return nil, fmt.Errorf("codeseek binary %s: %w (build it with: go build -o codeseek ./cmd/codeseek)", run.Bin, err)
	}
	p, err := startRPCProc("", os.Environ(), "line", run.Bin, run.args("serve", "--root", root)...)
	if err != nil {
		return nil, err
	}
	p.conn.start()
	m := &mcpClient{proc: p, timeout: timeout}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var init json.RawMessage
	err = p.conn.call(ctx, "initialize", map[string]any{
		"protocolVersion": "2025-06-18",
		"capabilities":    map[string]any{},
		"clientInfo":      map[string]any{"name": "navoracle", "version": "1"},
	}, &init)
	if err != nil {
		p.stop(2 * time.Second)
		return nil, fmt.Errorf("codeseek serve: initialize: %w (stderr: %s)", err, tail(p.stderr.String(), 800))
	}
	if err := p.conn.notify("notifications/initialized", map[string]any{}); err != nil {
		p.stop(2 * time.Second)
		return nil, err
	}
	return m, nil
}

// call calls a tool and returns its result and the time the client waited.
// A tool error (isError) is returned as the result, not as an error.
func (m *mcpClient) call(name string, args map[string]any) (toolResult, time.Duration, error) {
	ctx, cancel := context.WithTimeout(context.Background(), m.timeout)
	defer cancel()
	st := time.Now()
	var r toolResult
	err := m.proc.conn.call(ctx, "tools/call", map[string]any{"name": name, "arguments": args}, &r)
	d := time.Since(st)
	if err != nil && strings.Contains(err.Error(), "connection closed") {
		err = fmt.Errorf("%w (codeseek stderr: %s)", err, tail(m.proc.stderr.String(), 800))
	}
	return r, d, err
}

func (m *mcpClient) close() { m.proc.stop(10 * time.Second) }

// requireTools checks that the server offers every named tool, so that a
// binary without the navigation tools fails with one clear message.
func (m *mcpClient) requireTools(names ...string) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var list struct {
		Tools []struct {
			Name string `json:"name"`
		} `json:"tools"`
	}
	if err := m.proc.conn.call(ctx, "tools/list", map[string]any{}, &list); err != nil {
		return err
	}
	have := map[string]bool{}
	var all []string
	for _, t := range list.Tools {
		have[t.Name] = true
		all = append(all, t.Name)
	}
	for _, n := range names {
		if !have[n] {
			return fmt.Errorf("this codeseek has no %s tool (it has: %s); build one with the navigation tools", n, strings.Join(all, ", "))
		}
	}
	return nil
}

// ensureIndexed makes sure run.DataDir holds an index of root: it asks
// list_repositories and, when root is missing, runs `codeseek index`. It
// returns the running server, the repository id to pass to tools, and how
// long indexing took (0 when the index was there).
func ensureIndexed(run codeseekRun, root string, indexTimeout, callTimeout time.Duration) (*mcpClient, string, time.Duration, error) {
	root, err := filepath.Abs(root)
	if err != nil {
		return nil, "", 0, err
	}
	var took time.Duration
	for attempt := 0; attempt < 2; attempt++ {
		m, err := startMCP(run, root, callTimeout)
		if err != nil {
			return nil, "", 0, err
		}
		r, _, err := m.call("list_repositories", map[string]any{})
		if err != nil {
			m.close()
			return nil, "", 0, err
		}
		var list struct {
			Repositories []struct {
				RepositoryID string `json:"repository_id"`
				Path         string `json:"path"`
				Status       string `json:"status"`
			} `json:"repositories"`
		}
		if len(r.StructuredContent) == 0 {
			// An index this binary cannot read (another format version):
			// the index run below rebuilds it.
			logf("list_repositories did not answer (%s); indexing again", strings.TrimSpace(r.text()))
		} else if err := json.Unmarshal(r.StructuredContent, &list); err != nil {
			m.close()
			return nil, "", 0, fmt.Errorf("list_repositories: structuredContent: %w", err)
		}
		for _, x := range list.Repositories {
			if filepath.Clean(x.Path) == root {
				return m, root, took, nil
			}
		}
		m.close()
		if attempt == 1 {
			break
		}
		logf("indexing %s with %s into %s (timeout %s)", root, run.Bin, run.DataDir, indexTimeout)
		st := time.Now()
		if _, err := runCmd(indexTimeout, "", run.Bin, run.args("index", root)...); err != nil {
			return nil, "", 0, err
		}
		took = time.Since(st)
		logf("indexed %s in %.0fs", root, took.Seconds())
	}
	return nil, "", 0, errors.New("codeseek index finished but list_repositories does not list " + root)
}
