package chunker

func init() {
	graphLangs["java"] = &graphLang{
		query:    javaGraphQuery,
		self:     []string{"this"},
		super:    []string{"super"},
		inferred: set("var"),
	}
}

// javaGraphQuery: see graph_tree.go for the capture names.
const javaGraphQuery = `
(package_declaration [(scoped_identifier) (identifier)] @package)

; Declarations, with the members the outline leaves out: fields, enum
; constants, record components, nested types.
(class_declaration name: (identifier) @name) @def.class
(interface_declaration name: (identifier) @name) @def.interface
(enum_declaration name: (identifier) @name) @def.enum
(record_declaration name: (identifier) @name) @def.record
(annotation_type_declaration name: (identifier) @name) @def.interface
(annotation_type_element_declaration name: (identifier) @name) @def.field
(method_declaration name: (identifier) @name) @def.method
(method_declaration type: (_) @declared name: (identifier) @name)
(constructor_declaration name: (identifier) @name) @def.constructor
(field_declaration declarator: (variable_declarator name: (identifier) @name)) @def.field
(field_declaration type: (_) @declared declarator: (variable_declarator name: (identifier) @name))
(constant_declaration declarator: (variable_declarator name: (identifier) @name)) @def.field
(constant_declaration type: (_) @declared declarator: (variable_declarator name: (identifier) @name))
(enum_constant name: (identifier) @name) @def.constant
(record_declaration parameters: (formal_parameters
  (formal_parameter type: (_) @declared name: (identifier) @name) @def.field))
(interface_body (method_declaration name: (identifier) @abstract !body))
(class_body (method_declaration name: (identifier) @abstract !body))

; Imports: a class, a static member, or a package's every class.
(import_declaration [(scoped_identifier) (identifier)] @import.path .)
(import_declaration (scoped_identifier) @import.path (asterisk) @import.star)
(scoped_identifier scope: (identifier) @skip)
(scoped_identifier name: (identifier) @skip)

; Calls, construction, member accesses, method references.
(method_invocation name: (identifier) @call !object)
(method_invocation object: (_) @recv name: (identifier) @call)
(field_access object: (_) @recv field: (identifier) @ref)
(method_reference (_) @recv (identifier) @ref .)

; Type uses and base types.
(type_identifier) @type
(scoped_type_identifier (_) @recv (type_identifier) @type .)
(scoped_type_identifier (type_identifier) @skip (_))
(scoped_type_identifier (scoped_type_identifier (_) (type_identifier) @skip .) (type_identifier))
(type_parameter (type_identifier) @skip)
(marker_annotation name: (identifier) @type)
(annotation name: (identifier) @type)
(superclass (type_identifier) @inherit)
(superclass (generic_type (type_identifier) @inherit))
(superclass (scoped_type_identifier (_) @recv (type_identifier) @inherit .))
(type_list (type_identifier) @inherit)
(type_list (generic_type (type_identifier) @inherit))
(type_list (scoped_type_identifier (_) @recv (type_identifier) @inherit .))

; Names bound in a method: parameters and local variables.
(formal_parameter name: (identifier) @local)
(formal_parameter type: (_) @local.type name: (identifier) @local)
(spread_parameter (variable_declarator name: (identifier) @local))
(local_variable_declaration type: (_) @local.type declarator: (variable_declarator name: (identifier) @local))
(local_variable_declaration declarator: (variable_declarator name: (identifier) @local
  value: (object_creation_expression type: (_) @local.type)))
(catch_formal_parameter name: (identifier) @local)
(enhanced_for_statement type: (_) @local.type name: (identifier) @local)
(lambda_expression parameters: (identifier) @local)
(inferred_parameters (identifier) @local)
(resource name: (identifier) @local)
(labeled_statement (identifier) @skip)
(break_statement (identifier) @skip)
(continue_statement (identifier) @skip)

; The declarations documentation links to: {@link Name}, {@link Class#member}.
(block_comment) @doclinks

; Any other name in a value position.
(identifier) @ref
`
