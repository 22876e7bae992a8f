package formatter

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// validate checks a JSON text against a schema with an independent JSON
// Schema implementation (the one mcp-go's server-side validation uses).
func validate(schema json.RawMessage, text string) error {
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(schema)))
	if err != nil {
		return fmt.Errorf("schema: %w", err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("schema.json", doc); err != nil {
		return err
	}
	sch, err := c.Compile("schema.json")
	if err != nil {
		return fmt.Errorf("compile schema: %w", err)
	}
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
	if err != nil {
		return fmt.Errorf("value: %w", err)
	}
	return sch.Validate(v)
}

func schemaOf(tool string) json.RawMessage {
	switch {
	case strings.HasPrefix(tool, "search"):
		return SearchSchema
	case strings.HasPrefix(tool, "index"):
		return IndexSchema
	case tool == "repositories":
		return RepositoriesSchema
	case strings.HasPrefix(tool, "definitions"):
		return DefinitionsSchema
	case tool == "references":
		return ReferencesSchema
	case tool == "calls":
		return CallHierarchySchema
	case tool == "codemap":
		return CodeMapSchema
	case tool == "affected":
		return AffectedSchema
	default:
		return SymbolsSchema
	}
}

// Every JSON answer, at both detail levels, conforms to its tool's schema:
// it is what the MCP server sends as structuredContent.
func TestJSONConformsToSchema(t *testing.T) {
	for _, c := range renderCases() {
		for _, d := range allDetails {
			text, err := c.render(Options{Format: JSON, Detail: d})
			if err != nil {
				t.Fatal(err)
			}
			if err := validate(schemaOf(c.tool), text); err != nil {
				t.Errorf("%s %s: %v\n%s", c.tool, d, err, text)
			}
		}
	}
}

// The schemas are strict enough to catch drift: a renamed, missing or
// undeclared field fails.
func TestSchemaRejectsDrift(t *testing.T) {
	text, err := RenderSearch(sampleSearch(), Options{Format: JSON, Detail: Concise})
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{
		strings.Replace(text, `"file_path"`, `"path"`, 1),
		strings.Replace(text, `"total_count":4,`, ``, 1),
		strings.Replace(text, `"latency_ms"`, `"extra":1,"latency_ms"`, 1),
		strings.Replace(text, `"start_line":1,`, `"start_line":"1",`, 1),
	} {
		if bad == text {
			t.Fatalf("mutation did not apply to %s", text)
		}
		if validate(SearchSchema, bad) == nil {
			t.Errorf("schema accepts %s", bad)
		}
	}
}
