package formatter

import "encoding/json"

// definitionSchema is one definition, at either detail level.
const definitionSchema = `{
  "type": "object",
  "properties": {
    "file_path": {"type": "string"},
    "start_line": {"type": "integer", "description": "the declaration, doc comment included"},
    "end_line": {"type": "integer"},
    "line": {"type": "integer", "description": "line of the declared name"},
    "column": {"type": "integer"},
    "symbol": {"type": "string", "description": "qualified: Type.method"},
    "kind": {"type": "string"},
    "signature": {"type": "string"},
    "doc": {"type": "string"},
    "language": {"type": "string"},
    "uri": {"type": "string"},
    "match": {"type": "string", "enum": ["exact", "name"]}
  },
  "required": ["file_path", "start_line", "end_line", "line", "symbol", "kind", "signature", "uri", "match"],
  "additionalProperties": false
}`

// referenceSchema is one reference, at either detail level.
const referenceSchema = `{
  "type": "object",
  "properties": {
    "file_path": {"type": "string"},
    "line": {"type": "integer"},
    "column": {"type": "integer"},
    "kind": {"type": "string", "enum": ["call", "type", "import", "inherit", "other"]},
    "enclosing": {"type": "string", "description": "the declaration the use is in (the caller); empty at top level"},
    "text": {"type": "string"},
    "match": {"type": "string", "enum": ["exact", "name"], "description": "name: only the name matched, check it"},
    "via": {"type": "string", "description": "the C or C++ macro whose expansion makes the use (the line spells the macro); absent for a direct use"}
  },
  "required": ["file_path", "line", "kind", "enclosing", "match"],
  "additionalProperties": false
}`

// DefinitionsSchema describes find_definition answers.
var DefinitionsSchema = json.RawMessage(`{
  "type": "object",
  "properties": {
    "query": {"type": "string"},
    "definitions": {"type": "array", "items": ` + definitionSchema + `},
    "total_count": {"type": "integer"},
    "repository_id": {"type": "string"},
    "latency_ms": {"type": "integer"},
    "warning": {"type": "string"}
  },
  "required": ["query", "definitions", "total_count", "repository_id", "latency_ms"],
  "additionalProperties": false
}`)

// ReferencesSchema describes find_references answers.
var ReferencesSchema = json.RawMessage(`{
  "type": "object",
  "properties": {
    "definition": ` + definitionSchema + `,
    "references": {"type": "array", "items": ` + referenceSchema + `},
    "total_count": {"type": "integer"},
    "exact_count": {"type": "integer"},
    "repository_id": {"type": "string"},
    "latency_ms": {"type": "integer"},
    "warning": {"type": "string"}
  },
  "required": ["definition", "references", "total_count", "exact_count", "repository_id", "latency_ms"],
  "additionalProperties": false
}`)

// CallHierarchySchema describes call_hierarchy answers.
var CallHierarchySchema = json.RawMessage(`{
  "type": "object",
  "$defs": {
    "node": {
      "type": "object",
      "properties": {
        "symbol": {"type": "string"},
        "kind": {"type": "string"},
        "file_path": {"type": "string"},
        "line": {"type": "integer"},
        "signature": {"type": "string"},
        "match": {"type": "string", "enum": ["exact", "name"]},
        "call_lines": {"type": "array", "items": {"type": "integer"}},
        "calls": {"type": "array", "items": {"$ref": "#/$defs/node"}}
      },
      "required": ["symbol", "kind", "file_path", "line", "match", "call_lines"],
      "additionalProperties": false
    }
  },
  "properties": {
    "root": ` + definitionSchema + `,
    "direction": {"type": "string", "enum": ["incoming", "outgoing"]},
    "depth": {"type": "integer"},
    "calls": {"type": "array", "items": {"$ref": "#/$defs/node"}},
    "total_count": {"type": "integer"},
    "truncated": {"type": "boolean"},
    "repository_id": {"type": "string"},
    "latency_ms": {"type": "integer"},
    "warning": {"type": "string"}
  },
  "required": ["root", "direction", "depth", "calls", "total_count", "truncated", "repository_id", "latency_ms"],
  "additionalProperties": false
}`)

// CodeMapSchema describes code_map answers.
var CodeMapSchema = json.RawMessage(`{
  "type": "object",
  "properties": {
    "repository_id": {"type": "string"},
    "directory": {"type": "string"},
    "files": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "file_path": {"type": "string"},
          "symbols": {
            "type": "array",
            "items": {
              "type": "object",
              "properties": {
                "symbol": {"type": "string"},
                "kind": {"type": "string"},
                "line": {"type": "integer"},
                "signature": {"type": "string"},
                "references": {"type": "integer", "description": "uses across the repository"}
              },
              "required": ["symbol", "kind", "line", "references"],
              "additionalProperties": false
            }
          },
          "more": {"type": "integer", "description": "declarations of the file left out"}
        },
        "required": ["file_path", "symbols", "more"],
        "additionalProperties": false
      }
    },
    "folded": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {"dir": {"type": "string"}, "files": {"type": "integer"}, "symbols": {"type": "integer"}},
        "required": ["dir", "files", "symbols"],
        "additionalProperties": false
      }
    },
    "total_files": {"type": "integer"},
    "total_symbols": {"type": "integer"},
    "latency_ms": {"type": "integer"},
    "warning": {"type": "string"}
  },
  "required": ["repository_id", "directory", "files", "folded", "total_files", "total_symbols", "latency_ms"],
  "additionalProperties": false
}`)

// AffectedSchema describes affected_by_diff answers.
var AffectedSchema = json.RawMessage(`{
  "type": "object",
  "properties": {
    "repository_id": {"type": "string"},
    "base": {"type": "string"},
    "files_changed": {"type": "array", "items": {"type": "string"}},
    "changes": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "symbol": {"type": "string"},
          "kind": {"type": "string"},
          "file_path": {"type": "string"},
          "line": {"type": "integer"},
          "change": {"type": "string", "enum": ["added", "removed", "signature_changed", "body_changed"]},
          "risk": {"type": "string", "enum": ["high", "medium", "low"]},
          "signature": {"type": "string"},
          "old_signature": {"type": "string"},
          "reference_count": {"type": "integer"},
          "references": {"type": "array", "items": ` + referenceSchema + `}
        },
        "required": ["symbol", "kind", "file_path", "line", "change", "risk", "reference_count", "references"],
        "additionalProperties": false
      }
    },
    "latency_ms": {"type": "integer"},
    "warning": {"type": "string"}
  },
  "required": ["repository_id", "base", "files_changed", "changes", "latency_ms"],
  "additionalProperties": false
}`)
