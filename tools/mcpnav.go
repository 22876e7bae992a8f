package tools

import (
	"context"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/codeseek/codeseek/formatter"
)

// The navigation tools over MCP: their arguments, schemas and handlers.

func navFilterOptions() []mcp.ToolOption {
	return []mcp.ToolOption{
		mcp.WithString("repository_id", mcp.Description("The repository (an ID from index_repository or list_repositories, or its path); optional when only one is indexed.")),
		mcp.WithString("file_type", mcp.Description("Only answers in files with this extension (\"go\", \".py\") or language (\"python\").")),
		mcp.WithString("directory", mcp.Description("Only answers in files under this repository-relative directory (\"internal/server\").")),
		mcp.WithBoolean("compact", mcp.DefaultBool(false), mcp.Description("true is the same as response_format \"compact\".")),
		mcp.WithNumber("max_tokens", mcp.Min(0), mcp.Description("If set, the answer keeps as many items as fit this many tokens, in order, and says what it left out.")),
	}
}

func symbolOptions() []mcp.ToolOption {
	return []mcp.ToolOption{
		mcp.WithString("symbol", mcp.Description("The symbol: ParseDuration, Client.Do, http.Client, os.path.join, Net::HTTP. Give this or file_path and line.")),
		mcp.WithString("file_path", mcp.Description("A position instead of symbol: the file, relative to the repository root (or absolute inside it).")),
		mcp.WithInteger("line", mcp.Min(1), mcp.Description("The 1-based line in file_path.")),
		mcp.WithInteger("column", mcp.Min(1), mcp.Description("The 1-based column (bytes) of the name on the line; without it, the line's declaration or first call.")),
	}
}

// navTool assembles a read-only navigation tool's options.
func navTool(desc, title string, schema []byte, extra ...[]mcp.ToolOption) []mcp.ToolOption {
	opts := []mcp.ToolOption{mcp.WithDescription(desc), mcp.WithTitleAnnotation(title), mcp.WithRawOutputSchema(schema)}
	for _, e := range extra {
		opts = append(opts, e...)
	}
	opts = append(opts, navFilterOptions()...)
	opts = append(opts, formatOptions()...)
	return append(opts, readOnly()...)
}

var (
	symbolArgs = []string{"symbol", "file_path", "line", "column"}
	navArgs    = []string{"repository_id", "file_type", "directory", "compact", "max_tokens", "response_format", "detail_level"}
)

func (svc *Service) navMCPTools() []mcpTool {
	limit := func(def, most int, what string) mcp.ToolOption {
		return mcp.WithInteger("limit", mcp.DefaultNumber(float64(def)), mcp.Min(1), mcp.Max(float64(most)),
			mcp.Description(fmt.Sprintf("Most %s to return, 1 to %d (default %d).", what, most, def)))
	}
	return []mcpTool{
		{mcp.NewTool("find_definition", navTool(findDefinitionToolDesc, "Find definition", formatter.DefinitionsSchema,
			symbolOptions(), []mcp.ToolOption{limit(DefaultDefinitionLimit, MaxLimit, "definitions")})...),
			svc.navHandler(append(symbolArgs, "limit"), svc.handleFindDefinition)},
		{mcp.NewTool("find_references", navTool(findReferencesToolDesc, "Find references", formatter.ReferencesSchema, symbolOptions(), []mcp.ToolOption{
			mcp.WithString("kind", mcp.Description("Only uses of this kind: call, type, import, inherit or other (several joined by commas). call lists the callers.")),
			limit(DefaultReferenceLimit, MaxReferenceLimit, "references"),
		})...), svc.navHandler(append(symbolArgs, "kind", "limit"), svc.handleFindReferences)},
		{mcp.NewTool("call_hierarchy", navTool(callHierarchyToolDesc, "Call hierarchy", formatter.CallHierarchySchema, symbolOptions(), []mcp.ToolOption{
			mcp.WithString("direction", mcp.Enum("incoming", "outgoing"), mcp.DefaultString("incoming"),
				mcp.Description("incoming: who calls it (default); outgoing: what it calls.")),
			mcp.WithInteger("depth", mcp.DefaultNumber(DefaultCallDepth), mcp.Min(1), mcp.Max(MaxCallDepth),
				mcp.Description(fmt.Sprintf("Levels to follow, 1 to %d (default %d).", MaxCallDepth, DefaultCallDepth))),
		})...), svc.navHandler(append(symbolArgs, "direction", "depth"), svc.handleCallHierarchy)},
		{mcp.NewTool("code_map", navTool(codeMapToolDesc, "Code map", formatter.CodeMapSchema)...),
			svc.navHandler(nil, svc.handleCodeMap)},
		{mcp.NewTool("find_related", navTool(findRelatedToolDesc, "Find related code", formatter.SearchSchema, []mcp.ToolOption{
			mcp.WithString("file_path", mcp.Required(), mcp.Description("The file of the code to find relatives of, relative to the repository root.")),
			mcp.WithInteger("line", mcp.Required(), mcp.Min(1), mcp.Description("A 1-based line inside the function or chunk.")),
			limit(DefaultLimit, MaxLimit, "results"),
		})...), svc.navHandler([]string{"file_path", "line", "limit"}, svc.handleFindRelated)},
		{mcp.NewTool("affected_by_diff", navTool(affectedToolDesc, "Affected by diff", formatter.AffectedSchema, []mcp.ToolOption{
			mcp.WithString("base", mcp.DefaultString("HEAD"), mcp.Description("The git revision to compare the working tree with: HEAD (default: the uncommitted change), main, a tag or commit.")),
		})...), svc.navHandler([]string{"base"}, svc.handleAffected)},
	}
}

// navCall is a parsed navigation call: its common parameters, output
// options and the collector for the tool's own arguments.
type navCall struct {
	p NavParams
	o formatter.Options
	c *collector
}

// navHandler reads the arguments every navigation tool shares, then hands
// the call to handle.
func (svc *Service) navHandler(own []string, handle func(ctx context.Context, n navCall) (*mcp.CallToolResult, error)) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		a, err := argsOf(req)
		if err != nil {
			return toolResult("", err)
		}
		if err := a.unknown(append(append([]string{}, navArgs...), own...)...); err != nil {
			return toolResult("", err)
		}
		c := &collector{a: a}
		n := navCall{c: c, p: NavParams{RepositoryID: c.str("repository_id"), FileType: c.str("file_type"), Directory: c.str("directory"),
			Symbol: c.str("symbol"), FilePath: c.str("file_path"), Line: c.integer("line", 0), Column: c.integer("column", 0)}}
		n.o = readOutput(c)
		if _, given := a["column"]; given && n.p.Column == 0 && c.err == nil {
			c.err = argErrorf("column", "0 is not a column: pass the 1-based byte column, or leave it out for the line's declaration or first call")
		}
		if c.err != nil {
			return toolResult("", c.err)
		}
		return handle(ctx, n)
	}
}

func (svc *Service) handleFindDefinition(ctx context.Context, n navCall) (*mcp.CallToolResult, error) {
	limit := n.c.integer("limit", DefaultDefinitionLimit)
	if n.c.err != nil {
		return toolResult("", n.c.err)
	}
	r, err := svc.FindDefinition(ctx, n.p, limit)
	if err != nil {
		return toolResult("", err)
	}
	return renderResult(formatter.RenderDefinitions, r, n.o)
}

func (svc *Service) handleFindReferences(ctx context.Context, n navCall) (*mcp.CallToolResult, error) {
	kind, limit := n.c.str("kind"), n.c.integer("limit", DefaultReferenceLimit)
	if n.c.err != nil {
		return toolResult("", n.c.err)
	}
	r, err := svc.FindReferences(ctx, n.p, kind, limit)
	if err != nil {
		return toolResult("", err)
	}
	return renderResult(formatter.RenderReferences, r, n.o)
}

func (svc *Service) handleCallHierarchy(ctx context.Context, n navCall) (*mcp.CallToolResult, error) {
	dir, depth := n.c.str("direction"), n.c.integer("depth", DefaultCallDepth)
	if n.c.err != nil {
		return toolResult("", n.c.err)
	}
	r, err := svc.CallHierarchy(ctx, n.p, dir, depth)
	if err != nil {
		return toolResult("", err)
	}
	return renderResult(formatter.RenderCallHierarchy, r, n.o)
}

func (svc *Service) handleCodeMap(ctx context.Context, n navCall) (*mcp.CallToolResult, error) {
	if _, set := n.c.a["max_tokens"]; !set {
		n.o.MaxTokens = DefaultMapTokens
	}
	r, err := svc.CodeMap(ctx, n.p)
	if err != nil {
		return toolResult("", err)
	}
	return renderResult(RenderMap, r, n.o)
}

// RenderMap renders a code map, naming max_tokens when it is too small to
// hold even the map's counts.
func RenderMap(r formatter.CodeMapResponse, o formatter.Options) (string, error) {
	s, err := formatter.RenderCodeMap(r, o)
	if errors.Is(err, formatter.ErrBudgetTooSmall) {
		return "", argErrorf("max_tokens", "%v: raise it, or pass a smaller directory", err)
	}
	return s, err
}

func (svc *Service) handleFindRelated(ctx context.Context, n navCall) (*mcp.CallToolResult, error) {
	limit := n.c.integer("limit", DefaultLimit)
	if n.c.err != nil {
		return toolResult("", n.c.err)
	}
	r, err := svc.FindRelated(ctx, n.p, limit)
	if err != nil {
		return toolResult("", err)
	}
	return renderResult(formatter.RenderSearch, r, n.o)
}

func (svc *Service) handleAffected(ctx context.Context, n navCall) (*mcp.CallToolResult, error) {
	base := n.c.str("base")
	if n.c.err != nil {
		return toolResult("", n.c.err)
	}
	r, err := svc.AffectedByDiff(ctx, n.p, base)
	if err != nil {
		return toolResult("", err)
	}
	return renderResult(formatter.RenderAffected, r, n.o)
}
