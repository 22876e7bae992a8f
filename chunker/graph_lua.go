package chunker

func init() {
	graphLangs["lua"] = &graphLang{
		query: luaGraphQuery,
		self:  []string{"self"},
		// self is a method's implicit parameter: no reference.
		inferred: set("self"),
	}
}

// luaGraphQuery: see graph_tree.go for the capture names. The grammar
// writes "a.b.f(x)" as a run of prefix names before the arguments, so the
// called name is the last of the run and the names before it are the
// receiver; "obj:m()" calls m on obj. "function M.f()" and "function
// M:f()" are M's.
const luaGraphQuery = `
; Imports: local m = require("m").
(variable_declaration name: (variable_declarator (identifier) @import.alias)
  value: (function_call prefix: (identifier) @_require (function_arguments . (string) @import.file))
  (#eq? @_require "require"))
(variable_declaration name: (variable_declarator (identifier) @import.alias)
  value: (function_call prefix: (identifier) @_require . (string_argument) @import.file)
  (#eq? @_require "require"))

; Declarations, with the ones the outline leaves out: nested functions,
; functions assigned to names and fields, and a table's function fields
; (a config's on_attach = function(client, bufnr) … end).
(function_statement name: [(function_name) (identifier)] @name) @def.function
(variable_declaration name: (variable_declarator) @name value: (function)) @def.function
(field name: (identifier) @name value: (function)) @def.function

; Calls: bare, through a run of names, and on an object.
(function_call prefix: (identifier) @call . [(function_call_paren) (function_arguments) (string_argument) (table_argument)])
(function_call prefix: (identifier)+ @recv . prefix: (identifier) @call
  . [(function_call_paren) (function_arguments) (string_argument) (table_argument)])
(function_call prefix: (_)+ @recv . (self_call_colon) . (identifier) @call)

; Names bound in a function: parameters, locals, loop variables.
(parameter_list (identifier) @local)
(variable_declaration (local) name: (variable_declarator (identifier) @local))
(identifier_list (identifier) @local)
(for_numeric var: (identifier) @local)

; Any other name (member names too: the grammar does not tell them).
(identifier) @ref
`
