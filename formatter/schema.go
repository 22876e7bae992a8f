package formatter

import "encoding/json"

// JSON Schemas of the JSON answers, one per tool, published as MCP
// outputSchema. structuredContent is always the JSON rendering, so one
// schema covers both detail levels: a field only one level has is not
// required. additionalProperties is false so that a field added to a
// renderer without its schema fails the tests (schema_test.go) instead of
// reaching clients undeclared. Descriptions are few and short because
// every client reads them in tools/list, on every session.

// progressSchema is the progress of an index run, in two schemas.
const progressSchema = `{
  "type": "object",
  "properties": {"phase": {"type": "string", "description": "scan, chunk, embed or write"}, "done": {"type": "integer"}, "total": {"type": "integer"}},
  "required": ["phase", "done", "total"],
  "additionalProperties": false
}`

// SearchSchema describes search_code and search_docs answers.
var SearchSchema = json.RawMessage(`{
  "type": "object",
  "properties": {
    "results": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "chunk_id": {"type": "string"},
          "file_path": {"type": "string", "description": "relative to the repository root, /-separated"},
          "language": {"type": "string"},
          "symbol": {"type": "string"},
          "symbol_kind": {"type": "string"},
          "content": {"type": "string"},
          "start_line": {"type": "integer", "description": "1-based, inclusive"},
          "end_line": {"type": "integer"},
          "uri": {"type": "string", "description": "resources/read it for the hit's lines; change #L10-L40 for more"},
          "similarity_score": {"type": "number", "description": "0..1, higher is better"},
          "copies": {"type": "array", "items": {"type": "string"}, "description": "other files of the repository holding the same text, not listed as hits of their own"},
          "context_before": {"type": "string"},
          "context_after": {"type": "string"}
        },
        "required": ["chunk_id", "file_path", "language", "symbol", "symbol_kind", "content", "start_line", "end_line", "uri", "similarity_score"],
        "additionalProperties": false
      }
    },
    "total_count": {"type": "integer"},
    "project_id": {"type": "string"},
    "repository_id": {"type": "string"},
    "database_name": {"type": "string"},
    "latency_ms": {"type": "integer"},
    "warning": {"type": "string"}
  },
  "required": ["results", "total_count", "project_id", "repository_id", "latency_ms"],
  "additionalProperties": false
}`)

// IndexSchema describes index_repository answers.
var IndexSchema = json.RawMessage(`{
  "type": "object",

  "properties": {
    "repository_id": {"type": "string", "description": "pass to search_code/search_docs"},
    "project_id": {"type": "string"},
    "files_indexed": {"type": "integer"},
    "files_unchanged": {"type": "integer"},
    "files_skipped": {"type": "integer"},
    "files_deleted": {"type": "integer"},
    "chunks_created": {"type": "integer"},
    "chunks_deleted": {"type": "integer"},
    "duration_seconds": {"type": "number"},
    "status": {"type": "string", "enum": ["indexing", "done"], "description": "indexing: the run goes on in the background; call list_repositories or index_repository again for progress"},
    "outcome": {"type": "string", "description": "of a finished run: completed, completed_with_errors, up_to_date or dry_run"},
    "progress": ` + progressSchema + `,
    "secrets_skipped": {"type": "integer", "description": "files left out because their name marks them as credentials"},
    "secrets_redacted": {"type": "integer", "description": "files indexed with secrets in their content replaced by a marker"},
    "rebuilt": {"type": "string"},
    "errors": {"type": "array", "items": {"type": "string"}},
    "error_count": {"type": "integer"},
    "skipped_reasons": {"type": "object", "additionalProperties": {"type": "integer"}},
    "database_name": {"type": "string"},
    "dry_run": {"type": "boolean"},
    "estimated_tokens": {"type": "integer"},
    "estimated_embed_calls": {"type": "integer"},
    "biggest_dirs": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {"dir": {"type": "string"}, "files": {"type": "integer"}, "chunks": {"type": "integer"}},
        "required": ["dir", "files", "chunks"],
        "additionalProperties": false
      }
    }
  },
  "required": ["repository_id", "project_id", "files_indexed", "files_unchanged", "files_skipped", "files_deleted", "chunks_created", "chunks_deleted", "duration_seconds", "status"],
  "additionalProperties": false
}`)

// RepositoriesSchema describes list_repositories answers.
var RepositoriesSchema = json.RawMessage(`{
  "type": "object",

  "properties": {
    "repositories": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "repository_id": {"type": "string"},
          "project_id": {"type": "string"},
          "path": {"type": "string"},
          "files": {"type": "integer"},
          "code_chunks": {"type": "integer"},
          "doc_chunks": {"type": "integer"},
          "embedder": {"type": "string"},
          "indexed_at": {"type": "string", "description": "RFC 3339, UTC"},
          "status": {"type": "string", "enum": ["indexing", "done", "missing"], "description": "indexing: being (re)indexed now; searches read the previous index. missing: its directory is gone; remove_repository deletes the index"},
          "progress": ` + progressSchema + `,
          "database_name": {"type": "string"}
        },
        "required": ["repository_id", "project_id", "path", "files", "code_chunks", "doc_chunks", "embedder", "indexed_at", "status"],
        "additionalProperties": false
      }
    },
    "total_count": {"type": "integer"}
  },
  "required": ["repositories", "total_count"],
  "additionalProperties": false
}`)

// SymbolsSchema describes get_symbols answers.
var SymbolsSchema = json.RawMessage(`{
  "type": "object",
  "properties": {
    "file_path": {"type": "string"},
    "repository_id": {"type": "string"},
    "language": {"type": "string"},
    "symbols": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "name": {"type": "string"},
          "kind": {"type": "string"},
          "start_line": {"type": "integer"},
          "end_line": {"type": "integer"},
          "parent": {"type": "string"},
          "signature": {"type": "string"}
        },
        "required": ["name", "kind", "start_line", "end_line", "parent"],
        "additionalProperties": false
      }
    },
    "total_count": {"type": "integer"}
  },
  "required": ["file_path", "repository_id", "language", "symbols", "total_count"],
  "additionalProperties": false
}`)
