package chunker

func init() {
	graphLangs["bash"] = &graphLang{query: bashGraphQuery}
}

// bashGraphQuery: see graph_tree.go for the capture names. A command is a
// call of the function or program it names; a sourced file is imported.
const bashGraphQuery = `
(command name: (command_name (word) @_source) argument: [(word) (string) (raw_string)] @import.file
  (#any-of? @_source "source" "."))

(function_definition name: (word) @name) @def.function

(command name: (command_name (word) @call) (#not-eq? @call "."))
(variable_assignment name: (variable_name) @local)
(simple_expansion (variable_name) @ref (#match? @ref "^[A-Za-z_]"))
(expansion (variable_name) @ref (#match? @ref "^[A-Za-z_]"))
`
