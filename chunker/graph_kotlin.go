package chunker

func init() {
	graphLangs["kotlin"] = &graphLang{
		ctorCalls: true,
		query:     kotlinGraphQuery,
		self:      []string{"this"},
		super:     []string{"super"},
		// it: a lambda's implicit parameter.
		inferred: set("it"),
	}
}

// kotlinGraphQuery: see graph_tree.go for the capture names. The grammar
// names few fields, so the patterns go by the order of children: a
// function's name comes after its receiver type, its result type after
// its parameters.
const kotlinGraphQuery = `
(package_header (identifier) @package)
(identifier (simple_identifier) @skip)

; Declarations, with the members the outline leaves out: properties,
; constructor properties, enum entries, nested functions.
(class_declaration (type_identifier) @name) @def.class
(object_declaration (type_identifier) @name) @def.object
(function_declaration (simple_identifier) @name) @def.function
(function_declaration (user_type (type_identifier) @parent) (simple_identifier) @name)
(function_declaration (simple_identifier) @name (function_value_parameters) [(user_type) (nullable_type)] @declared)
(function_declaration (simple_identifier) @abstract (function_value_parameters) .)
(function_declaration (simple_identifier) @abstract (function_value_parameters) [(user_type) (nullable_type)] .)
(class_body (property_declaration (variable_declaration (simple_identifier) @name)) @def.property)
(property_declaration (variable_declaration (simple_identifier) @name [(user_type) (nullable_type)] @declared))
(class_parameter (binding_pattern_kind) (simple_identifier) @name) @def.property
(class_parameter (binding_pattern_kind) (simple_identifier) @name [(user_type) (nullable_type)] @declared)
(enum_entry (simple_identifier) @name) @def.constant
(type_alias (type_identifier) @name) @def.type

; Imports: a name, a package's every name, an alias.
(import_header (identifier) @import.path .)
(import_header (identifier) @import.path (wildcard_import) @import.star)
(import_header (identifier) @import.path (import_alias (type_identifier) @import.alias))

; Calls, member accesses and callable references.
(call_expression (simple_identifier) @call)
(call_expression (navigation_expression (_) @recv (navigation_suffix (simple_identifier) @call)))
(navigation_expression (_) @recv (navigation_suffix (simple_identifier) @ref))
(callable_reference (type_identifier) @recv (simple_identifier) @ref)

; Type uses and supertypes.
(user_type (type_identifier) @type)
(delegation_specifier (user_type (type_identifier) @inherit))
(delegation_specifier (constructor_invocation (user_type (type_identifier) @inherit)))
(type_parameter (type_identifier) @skip)

; Names bound in a function: parameters, local properties, lambda and
; loop variables.
(parameter (simple_identifier) @local)
(parameter (simple_identifier) @local [(user_type) (nullable_type)] @local.type)
(statements (property_declaration (variable_declaration (simple_identifier) @local)))
(statements (property_declaration (variable_declaration (simple_identifier) @local [(user_type) (nullable_type)] @local.type)))
; A constructor call types its target (val x = Foo()): a capitalized
; callee is a class, by the language's naming convention.
(statements (property_declaration (variable_declaration (simple_identifier) @local)
  (call_expression (simple_identifier) @local.type (#match? @local.type "^[A-Z]"))))
; A local bound to what a call returns (val response = call.execute())
; has the type the callee declares it returns; a capitalized callee
; constructs.
((statements (property_declaration (variable_declaration (simple_identifier) @local)
  (call_expression [(simple_identifier) (navigation_expression)] @local.result)))
  (#not-match? @local.result "(^|\\.)[A-Z][A-Za-z0-9_]*$"))
(lambda_parameters (variable_declaration (simple_identifier) @local))
(for_statement (variable_declaration (simple_identifier) @local))
(catch_block (simple_identifier) @local)
(value_argument (simple_identifier) @skip (_))

; Any other name in a value position.
(simple_identifier) @ref
`
