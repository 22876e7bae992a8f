package tools

import (
	"encoding/json"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/codeseek/codeseek/formatter"
)

// renderResult answers a successful tool call twice over: the text content
// in the requested response_format, as before, and structuredContent, the
// same answer rendered as JSON at the same detail level, with the items
// the text's budget kept (the budget counts the text, so compact keeps as
// many as compact fits), which is what the tool's outputSchema
// (formatter.*Schema) describes. A client that reads structuredContent
// needs no JSON-in-text parsing and an agent that reads the text still
// gets compact or Markdown.
func renderResult[T any](render func(T, formatter.Options) (string, error), v T, o formatter.Options) (*mcp.CallToolResult, error) {
	text, err := render(v, o)
	if err != nil {
		return toolResult("", err)
	}
	structured := text
	if o.Format != formatter.JSON {
		jo := o
		jo.Format, jo.Measure = formatter.JSON, o.Format
		if structured, err = render(v, jo); err != nil {
			return toolResult("", err)
		}
	}
	return &mcp.CallToolResult{
		Content:           []mcp.Content{mcp.NewTextContent(text)},
		StructuredContent: json.RawMessage(structured),
	}, nil
}
