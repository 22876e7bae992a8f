package tools

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/codeseek/codeseek/buildinfo"
	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/indexer"
)

// NewMCPServer returns an MCP server exposing svc's tools.
func NewMCPServer(svc *Service) *server.MCPServer {
	s := server.NewMCPServer("codeseek", buildinfo.Version,
		server.WithToolCapabilities(false),
		server.WithInstructions(instructions),
		server.WithRecovery(), // a panicking handler answers with an error; the server lives on
		server.WithOutputSchemaValidation(),
	)
	for _, t := range svc.mcpTools() {
		s.AddTool(t.tool, t.handler)
	}
	svc.registerResources(s)
	return s
}

type mcpTool struct {
	tool    mcp.Tool
	handler server.ToolHandlerFunc
}

func formatOptions() []mcp.ToolOption {
	return []mcp.ToolOption{
		mcp.WithString("response_format", mcp.Enum("json", "markdown", "compact"), mcp.DefaultString("json"),
			mcp.Description("Output format: json (default), markdown, or compact (token-lean, keys explained in the tool description).")),
		mcp.WithString("detail_level", mcp.Enum("detailed", "concise"), mcp.DefaultString("detailed"),
			mcp.Description("detailed (default) or concise (fewer fields, shorter content).")),
	}
}

func searchOptions(what string) []mcp.ToolOption {
	opts := []mcp.ToolOption{
		mcp.WithString("query", mcp.Required(), mcp.MinLength(1),
			mcp.Description("What to find: a natural-language question (\"where are failed uploads retried\") or an identifier.")),
		mcp.WithString("project_id", mcp.Description("Search only repositories of this project.")),
		mcp.WithString("repository_id", mcp.Description("Search only this repository (an ID from index_repository or list_repositories, or its path).")),
		mcp.WithString("file_type", mcp.Description("Only files with this extension (\"go\", \".py\") or language (\"python\").")),
		mcp.WithString("directory", mcp.Description("Only files under this repository-relative directory (\"internal/server\").")),
		mcp.WithNumber("limit", mcp.DefaultNumber(DefaultLimit), mcp.Min(1), mcp.Max(MaxLimit),
			mcp.Description(fmt.Sprintf("Number of %s to return, 1 to %d (default %d).", what, MaxLimit, DefaultLimit))),
		mcp.WithBoolean("compact", mcp.DefaultBool(false), mcp.Description("true is the same as response_format \"compact\".")),
		mcp.WithNumber("max_tokens", mcp.Min(0), mcp.Description("If set, results are added only while the answer fits this many tokens; a warning says what was left out.")),
	}
	return append(opts, formatOptions()...)
}

var searchArgNames = []string{"query", "project_id", "repository_id", "file_type", "directory", "limit", "compact", "max_tokens", "response_format", "detail_level", "mode"}

func (svc *Service) mcpTools() []mcpTool {
	indexOpts := append([]mcp.ToolOption{
		mcp.WithDescription(indexToolDesc),
		mcp.WithString("repo_path", mcp.Required(), mcp.Description("Absolute path of the repository's root directory.")),
		mcp.WithString("project_id", mcp.Description("Group name for the repository (default: the directory name); search tools can filter by it.")),
		mcp.WithBoolean("force_reindex", mcp.DefaultBool(false), mcp.Description("Rebuild every file instead of only what changed.")),
		mcp.WithBoolean("dry_run", mcp.DefaultBool(false), mcp.Description("Only report what would be indexed (files, chunks, estimated tokens); embed and store nothing.")),
		mcp.WithInteger("wait_seconds", mcp.DefaultNumber(svc.indexWait().Seconds()), mcp.Min(0), mcp.Max(MaxIndexWait.Seconds()),
			mcp.Description(fmt.Sprintf("How long to wait for the run before answering with status \"indexing\" (it goes on in the background); default %d.", int(svc.indexWait().Seconds())))),
		mcp.WithBoolean("compact", mcp.DefaultBool(false), mcp.Description("true is the same as response_format \"compact\".")),
		mcp.WithTitleAnnotation("Index repository"),
		mcp.WithRawOutputSchema(formatter.IndexSchema),
		mcp.WithReadOnlyHintAnnotation(false),
		mcp.WithDestructiveHintAnnotation(false),
		mcp.WithIdempotentHintAnnotation(true),
		mcp.WithOpenWorldHintAnnotation(false),
	}, formatOptions()...)

	searchCode := append([]mcp.ToolOption{
		mcp.WithDescription(searchCodeToolDesc),
		mcp.WithString("mode", mcp.Enum(ModeHybrid, ModeVector, ModeLexical), mcp.DefaultString(ModeHybrid),
			mcp.Description("hybrid (default): meaning and exact names; vector: meaning only; lexical: words and identifiers only.")),
		mcp.WithTitleAnnotation("Search code"),
		mcp.WithRawOutputSchema(formatter.SearchSchema),
	}, searchOptions("code chunks")...)
	searchCode = append(searchCode, readOnly()...)

	searchDocs := append([]mcp.ToolOption{
		mcp.WithDescription(searchDocsToolDesc),
		mcp.WithString("mode", mcp.Enum(ModeHybrid, ModeVector, ModeLexical), mcp.DefaultString(ModeHybrid),
			mcp.Description("hybrid (default), vector or lexical.")),
		mcp.WithTitleAnnotation("Search documentation"),
		mcp.WithRawOutputSchema(formatter.SearchSchema),
	}, searchOptions("documentation sections")...)
	searchDocs = append(searchDocs, readOnly()...)

	listOpts := append([]mcp.ToolOption{
		mcp.WithDescription(listToolDesc),
		mcp.WithBoolean("compact", mcp.DefaultBool(false), mcp.Description("true is the same as response_format \"compact\".")),
		mcp.WithTitleAnnotation("List repositories"),
		mcp.WithRawOutputSchema(formatter.RepositoriesSchema),
	}, formatOptions()...)
	listOpts = append(listOpts, readOnly()...)

	symbolOpts := append([]mcp.ToolOption{
		mcp.WithDescription(symbolsToolDesc),
		mcp.WithString("file_path", mcp.Required(), mcp.Description("The file: relative to the repository root when repository_id is given, else an absolute path.")),
		mcp.WithString("repository_id", mcp.Description("Repository the path is relative to (an ID or path from list_repositories).")),
		mcp.WithInteger("line", mcp.Min(1), mcp.Description("Only the declarations enclosing this 1-based line, outermost first: what the line belongs to.")),
		mcp.WithBoolean("compact", mcp.DefaultBool(false), mcp.Description("true is the same as response_format \"compact\".")),
		mcp.WithTitleAnnotation("Get file symbols"),
		mcp.WithRawOutputSchema(formatter.SymbolsSchema),
	}, formatOptions()...)
	symbolOpts = append(symbolOpts, readOnly()...)

	return append([]mcpTool{
		{mcp.NewTool("index_repository", indexOpts...), svc.handleIndex},
		{mcp.NewTool("get_symbols", symbolOpts...), svc.handleSymbols},
		{mcp.NewTool("search_code", searchCode...), svc.handleSearch(false)},
		{mcp.NewTool("search_docs", searchDocs...), svc.handleSearch(true)},
		{mcp.NewTool("list_repositories", listOpts...), svc.handleList},
	}, svc.navMCPTools()...)
}

func readOnly() []mcp.ToolOption {
	return []mcp.ToolOption{
		mcp.WithReadOnlyHintAnnotation(true),
		mcp.WithDestructiveHintAnnotation(false),
		mcp.WithIdempotentHintAnnotation(true),
		mcp.WithOpenWorldHintAnnotation(false),
	}
}

// toolResult turns a rendered answer or an error into an MCP result. Every
// failure becomes a tool error (isError) so the client can read and fix it;
// nothing is returned as a protocol error that could end the session.
func toolResult(text string, err error) (*mcp.CallToolResult, error) {
	if err != nil {
		var ae *ArgError
		if errors.As(err, &ae) && ae.Arg == "arguments" { // the whole object, not one argument
			return mcp.NewToolResultError("invalid " + ae.Error()), nil
		}
		if errors.As(err, &ae) {
			return mcp.NewToolResultError("invalid argument " + ae.Error()), nil
		}
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(text), nil
}

func readOutput(c *collector) formatter.Options {
	format, detail := c.str("response_format"), c.str("detail_level")
	compact := c.boolean("compact")
	maxTokens := c.integer("max_tokens", 0)
	if c.err != nil {
		return formatter.Options{}
	}
	o, err := formatter.ParseOptions(format, detail, compact, maxTokens)
	if err != nil {
		c.err = argErrorf(argOfFormatError(format, detail, maxTokens), "%v", err)
	}
	return o
}

func argOfFormatError(format, detail string, maxTokens int) string {
	if _, err := formatter.ParseFormat(format); err != nil {
		return "response_format"
	}
	if _, err := formatter.ParseDetail(detail); err != nil {
		return "detail_level"
	}
	if maxTokens < 0 {
		return "max_tokens"
	}
	return "compact"
}

func (svc *Service) handleIndex(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a, err := argsOf(req)
	if err != nil {
		return toolResult("", err)
	}
	if err := a.unknown("repo_path", "project_id", "force_reindex", "dry_run", "wait_seconds", "compact", "response_format", "detail_level"); err != nil {
		return toolResult("", err)
	}
	c := &collector{a: a}
	p := IndexParams{RepoPath: c.str("repo_path"), ProjectID: c.str("project_id"), Force: c.boolean("force_reindex"), DryRun: c.boolean("dry_run")}
	wait := svc.indexWait()
	if _, set := a["wait_seconds"]; set {
		wait = time.Duration(c.integer("wait_seconds", 0)) * time.Second
	}
	o := readOutput(c)
	if c.err != nil {
		return toolResult("", c.err)
	}
	rep, err := svc.IndexInBackground(ctx, p, wait, progressNotifier(ctx, req))
	if err != nil {
		return toolResult("", err)
	}
	return renderResult(formatter.RenderIndex, rep, o)
}

func (svc *Service) handleSearch(docs bool) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		a, err := argsOf(req)
		if err != nil {
			return toolResult("", err)
		}
		if err := a.unknown(searchArgNames...); err != nil {
			return toolResult("", err)
		}
		c := &collector{a: a}
		p := SearchParams{
			Query: c.str("query"), ProjectID: c.str("project_id"), RepositoryID: c.str("repository_id"),
			FileType: c.str("file_type"), Directory: c.str("directory"), Limit: c.integer("limit", DefaultLimit),
			Mode: c.str("mode"), Docs: docs,
		}
		o := readOutput(c)
		if c.err != nil {
			return toolResult("", c.err)
		}
		p.WithContext = o.Detail == formatter.Detailed
		resp, err := svc.Search(ctx, p)
		if err != nil {
			return toolResult("", err)
		}
		return renderResult(formatter.RenderSearch, resp, o)
	}
}

func (svc *Service) handleList(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a, err := argsOf(req)
	if err != nil {
		return toolResult("", err)
	}
	if err := a.unknown("compact", "response_format", "detail_level"); err != nil {
		return toolResult("", err)
	}
	c := &collector{a: a}
	o := readOutput(c)
	if c.err != nil {
		return toolResult("", c.err)
	}
	list, err := svc.ListRepositories()
	if err != nil {
		return toolResult("", err)
	}
	return renderResult(formatter.RenderRepositories, list, o)
}

func (svc *Service) handleSymbols(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a, err := argsOf(req)
	if err != nil {
		return toolResult("", err)
	}
	if err := a.unknown("file_path", "repository_id", "line", "compact", "response_format", "detail_level"); err != nil {
		return toolResult("", err)
	}
	c := &collector{a: a}
	p := SymbolsParams{FilePath: c.str("file_path"), RepositoryID: c.str("repository_id"), Line: c.integer("line", 0)}
	if _, given := a["line"]; given && p.Line == 0 {
		p.Line = LineZero
	}
	o := readOutput(c)
	if c.err != nil {
		return toolResult("", c.err)
	}
	list, err := svc.Symbols(p)
	if err != nil {
		return toolResult("", err)
	}
	return renderResult(formatter.RenderSymbols, list, o)
}

// progressNotifier sends notifications/progress for an index run when the
// client asked for them with a progress token.
func progressNotifier(ctx context.Context, req mcp.CallToolRequest) func(indexer.Progress) {
	if req.Params.Meta == nil || req.Params.Meta.ProgressToken == nil {
		return nil
	}
	srv := server.ServerFromContext(ctx)
	if srv == nil {
		return nil
	}
	token := req.Params.Meta.ProgressToken
	// MCP requires progress to increase with every notification, but each
	// phase counts from 0: later phases are offset past the earlier ones.
	phase, offset, span, sent := "", 0, 0, -1
	return func(p indexer.Progress) {
		if p.Phase != phase {
			offset, span, phase = offset+span+1, 0, p.Phase
		}
		span = max(span, p.Total, p.Done)
		progress := offset + p.Done
		if progress <= sent {
			return
		}
		sent = progress
		msg := fmt.Sprintf("%s %d/%d", p.Phase, p.Done, p.Total)
		params := map[string]any{"progressToken": token, "progress": progress, "message": msg}
		if p.Total > 0 {
			params["total"] = offset + p.Total
		}
		_ = srv.SendNotificationToClient(ctx, "notifications/progress", params) // best effort: a lost update is harmless
	}
}
