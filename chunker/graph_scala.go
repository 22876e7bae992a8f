package chunker

func init() {
	graphLangs["scala"] = &graphLang{
		query: scalaGraphQuery,
		self:  []string{"this"},
		super: []string{"super"},
		// The grammar makes this and super identifiers: no references.
		inferred: set("this", "super"),
	}
}

// scalaGraphQuery: see graph_tree.go for the capture names. An import's
// path is a run of identifiers, captured whole with a quantifier.
const scalaGraphQuery = `
(package_clause name: (package_identifier) @package)
(package_identifier (identifier) @skip)

; Declarations, with the members the outline leaves out: vals and vars
; of classes and objects, class parameters.
(class_definition name: (identifier) @name) @def.class
(object_definition name: (identifier) @name) @def.object
(trait_definition name: (identifier) @name) @def.trait
(enum_definition name: (identifier) @name) @def.enum
(function_definition name: (identifier) @name) @def.function
(function_definition name: (identifier) @name return_type: (_) @declared)
(function_declaration name: (identifier) @name) @def.function
(function_declaration name: (identifier) @name return_type: (_) @declared)
(function_declaration name: (identifier) @abstract)
(template_body (val_definition pattern: (identifier) @name) @def.field)
(template_body (var_definition pattern: (identifier) @name) @def.field)
(template_body (val_declaration name: (identifier) @name) @def.field)
(val_definition pattern: (identifier) @name type: (_) @declared)
(var_definition pattern: (identifier) @name type: (_) @declared)
(class_parameter name: (identifier) @name) @def.field
(class_parameter name: (identifier) @name type: (_) @declared)
(type_definition name: (type_identifier) @name) @def.type

; Imports: a name, selectors with renames, a package's every name.
(import_declaration path: (identifier)+ @import.path .)
(import_declaration path: (identifier)+ @import.from (namespace_selectors (identifier) @import.sym))
(import_declaration path: (identifier)+ @import.from
  (namespace_selectors (arrow_renamed_identifier name: (identifier) @import.sym alias: (identifier) @import.alias)))
(import_declaration path: (identifier)+ @import.path (namespace_wildcard) @import.star)
(import_declaration path: (identifier) @skip)
(namespace_selectors (identifier) @skip)
(arrow_renamed_identifier name: (identifier) @skip)
(arrow_renamed_identifier alias: (identifier) @skip)

; Calls, construction and member accesses.
(call_expression function: (identifier) @call)
(call_expression function: (field_expression value: (_) @recv field: (identifier) @call))
(call_expression function: (generic_function function: (identifier) @call))
(field_expression value: (_) @recv field: (identifier) @ref)

; Type uses and parents.
(type_identifier) @type
(stable_type_identifier (_) @recv (type_identifier) @type .)
(extends_clause type: (type_identifier) @inherit)
(extends_clause type: (generic_type type: (type_identifier) @inherit))
(extends_clause type: (stable_type_identifier (_) @recv (type_identifier) @inherit .))
(type_parameters name: (identifier) @skip)

; Names bound in a function: parameters, local vals and vars, lambda and
; generator bindings.
(parameter name: (identifier) @local)
(parameter name: (identifier) @local type: (_) @local.type)
(block (val_definition pattern: (identifier) @local))
(block (val_definition pattern: (identifier) @local type: (_) @local.type))
(block (val_definition pattern: (identifier) @local value: (instance_expression (type_identifier) @local.type)))
(block (var_definition pattern: (identifier) @local))
(block (var_definition pattern: (identifier) @local type: (_) @local.type))
(lambda_expression parameters: (identifier) @local)
(bindings (binding name: (identifier) @local))
(enumerator (identifier) @local)
(tuple_pattern (identifier) @local)
(case_class_pattern (identifier) @local)

; Any other name in a value position.
(identifier) @ref
`
