package tools

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/codeseek/codeseek/formatter"
)

// Every tool declares an outputSchema, and every successful call, in every
// response_format and detail_level, carries structuredContent: the JSON
// answer, checked against the schema by the server itself
// (WithOutputSchemaValidation turns a mismatch into isError, which this
// test would see), while the text stays in the requested format.
func TestStructuredContentOnEveryTool(t *testing.T) {
	svc := newTestService(t)
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.go": goFunc("RetryUpload", "return"), "README.md": "# Title\n\nHow to retry uploads.\n"})
	c := mcpClient(t, svc)

	list, err := c.ListTools(context.Background(), mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range list.Tools {
		raw, _ := json.Marshal(tool)
		var decoded struct {
			OutputSchema map[string]any `json:"outputSchema"`
		}
		if err := json.Unmarshal(raw, &decoded); err != nil || decoded.OutputSchema["type"] != "object" {
			t.Errorf("%s: outputSchema %v (%v)", tool.Name, decoded.OutputSchema, err)
		}
	}

	calls := []struct {
		tool string
		args map[string]any
		key  string // a key of the JSON answer
	}{
		{"index_repository", map[string]any{"repo_path": root}, "files_indexed"},
		{"search_code", map[string]any{"query": "retry upload"}, "results"},
		{"search_docs", map[string]any{"query": "retry uploads"}, "results"},
		{"list_repositories", map[string]any{}, "repositories"},
		{"get_symbols", map[string]any{"file_path": root + "/a.go"}, "symbols"},
	}
	for _, call := range calls {
		for _, format := range []string{"json", "markdown", "compact"} {
			for _, detail := range []string{"detailed", "concise"} {
				args := map[string]any{"response_format": format, "detail_level": detail}
				for k, v := range call.args {
					args[k] = v
				}
				res := callTool(t, c, call.tool, args)
				text := resultText(t, res)
				if res.IsError {
					t.Fatalf("%s %s %s: %s", call.tool, format, detail, text)
				}
				structured, err := json.Marshal(res.StructuredContent)
				if err != nil {
					t.Fatal(err)
				}
				var m map[string]any
				if err := json.Unmarshal(structured, &m); err != nil || m[call.key] == nil {
					t.Errorf("%s %s %s: structuredContent %s lacks %q", call.tool, format, detail, structured, call.key)
				}
				checkTextFormat(t, call.tool+" "+format+" "+detail, format, text, structured)
			}
		}
	}
}

// checkTextFormat checks the text content is in the requested format.
func checkTextFormat(t *testing.T, what, format, text string, structured []byte) {
	t.Helper()
	switch format {
	case "json":
		var a, b any
		json.Unmarshal([]byte(text), &a)
		json.Unmarshal(structured, &b)
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if string(ja) != string(jb) {
			t.Errorf("%s: text and structuredContent differ:\n%s\n%s", what, text, structured)
		}
	case "compact":
		if !json.Valid([]byte(text)) || strings.Contains(text, `"results"`) || strings.Contains(text, `"repository_id"`) {
			t.Errorf("%s: text is not compact JSON: %s", what, text)
		}
	case "markdown":
		if json.Valid([]byte(text)) {
			t.Errorf("%s: text is JSON, not Markdown: %s", what, text)
		}
	}
}

// The server validates structuredContent against the outputSchema, so a
// renderer that drifts from its schema fails loudly instead of sending
// clients a result they reject.
func TestServerRejectsNonConformingStructuredContent(t *testing.T) {
	svc := newTestService(t)
	s := NewMCPServer(svc)
	tool := mcp.NewTool("drifted", mcp.WithRawOutputSchema(formatter.IndexSchema))
	s.AddTool(tool, func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return renderResult(formatter.RenderRepositories, formatter.RepositoryList{}, formatter.Options{})
	})
	res := s.HandleMessage(context.Background(), []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"drifted","arguments":{}}}`))
	raw, _ := json.Marshal(res)
	if !strings.Contains(string(raw), `"isError":true`) || !strings.Contains(string(raw), "output schema") {
		t.Errorf("a non-conforming result was sent: %s", raw)
	}
}

// The descriptions tell an agent when to prefer each tool over grep and
// how to read more of a hit; the instructions say the same in brief.
func TestToolDescriptionsGuideAgents(t *testing.T) {
	want := map[string][]string{
		"search_code":       {"grep", "uri", "resources/read", "repository_id"},
		"search_docs":       {"section", "resources/read"},
		"index_repository":  {"wait_seconds", `"indexing"`, "list_repositories", "repository_id"},
		"list_repositories": {"status", "indexing"},
		"get_symbols":       {"structure"},
	}
	for _, tool := range NewMCPServer(newTestService(t)).ListTools() {
		for _, w := range want[tool.Tool.Name] {
			if !strings.Contains(tool.Tool.Description, w) {
				t.Errorf("%s description lacks %q", tool.Tool.Name, w)
			}
		}
	}
	if !strings.Contains(instructions, "resources/read") {
		t.Error("instructions do not say how to read a hit")
	}
}

// Under max_tokens the text and structuredContent hold the same results:
// the budget counts the text in its own format, and the JSON repeats the
// results the text kept, though it would fit fewer of them.
func TestStructuredContentKeepsTheTextsResults(t *testing.T) {
	svc := newTestService(t)
	root := t.TempDir()
	files := map[string]string{}
	for _, name := range []string{"RetryUpload", "RetryDownload", "RetrySync", "RetryFetch", "RetryPush", "RetryPull"} {
		files[strings.ToLower(name)+".go"] = goFunc(name, "return")
	}
	writeFiles(t, root, files)
	c := mcpClient(t, svc)
	callTool(t, c, "index_repository", map[string]any{"repo_path": root})
	args := map[string]any{"query": "retry", "response_format": "compact", "detail_level": "concise"}
	full := callTool(t, c, "search_code", args)
	var all struct{ Results []any }
	raw, _ := json.Marshal(full.StructuredContent)
	if err := json.Unmarshal(raw, &all); err != nil || len(all.Results) < 4 {
		t.Fatalf("unbounded search found %d results (%v), want at least 4", len(all.Results), err)
	}
	kept := 0
	for budget := 40; budget <= 400; budget += 20 {
		args["max_tokens"] = budget
		res := callTool(t, c, "search_code", args)
		text := resultText(t, res)
		var got struct{ Results []any }
		raw, _ := json.Marshal(res.StructuredContent)
		if err := json.Unmarshal(raw, &got); err != nil {
			t.Fatal(err)
		}
		var compact struct{ R []any }
		if err := json.Unmarshal([]byte(text), &compact); err != nil {
			t.Fatalf("max_tokens=%d: compact text is no JSON: %v\n%s", budget, err, text)
		}
		inText := len(compact.R)
		if inText != len(got.Results) {
			t.Fatalf("max_tokens=%d: the text holds %d results, structuredContent %d:\n%s", budget, inText, len(got.Results), text)
		}
		kept = max(kept, inText)
	}
	if kept < 2 {
		t.Errorf("no budget up to 400 tokens kept two compact results")
	}
}
