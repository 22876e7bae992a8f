package chunker

func init() {
	graphLangs["c"] = &graphLang{query: cGraphQuery}
	graphLangs["cpp"] = &graphLang{
		query:    cGraphQuery + cppGraphQuery,
		self:     []string{"this"},
		inferred: set("auto"),
	}
}

// cGraphQuery holds the patterns C and C++ share; see graph_tree.go for
// the capture names. Declarators nest (a pointer to a function returning
// a pointer), so the declared name is found at each usual depth.
const cGraphQuery = `
(preproc_include path: [(string_literal) (system_lib_string)] @import.file)

; Declarations, with the ones the outline leaves out: fields, enum
; constants, functions and prototypes inside #if blocks (a prototype in a
; function is more often a variable: "Pen pen(color);").
(function_definition declarator: (function_declarator declarator: (identifier) @name)) @def.function
(function_definition declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))) @def.function
(function_definition type: (_) @declared declarator: (function_declarator declarator: (identifier) @name))
(function_definition type: (_) @declared declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))
(preproc_if (declaration declarator: (function_declarator declarator: (identifier) @name)) @def.function)
(preproc_ifdef (declaration declarator: (function_declarator declarator: (identifier) @name)) @def.function)
(preproc_else (declaration declarator: (function_declarator declarator: (identifier) @name)) @def.function)
(preproc_elif (declaration declarator: (function_declarator declarator: (identifier) @name)) @def.function)
(declaration type: (_) @declared declarator: (function_declarator declarator: (identifier) @name))
(struct_specifier name: (type_identifier) @name body: (_)) @def.struct
(union_specifier name: (type_identifier) @name body: (_)) @def.union
(enum_specifier name: (type_identifier) @name body: (_)) @def.enum
(type_definition declarator: (type_identifier) @name) @def.type
(enumerator name: (identifier) @name) @def.constant
(preproc_def name: (identifier) @name) @def.macro
(preproc_function_def name: (identifier) @name) @def.macro
(field_declaration declarator: (field_identifier) @name) @def.field
(field_declaration declarator: (pointer_declarator declarator: (field_identifier) @name)) @def.field
(field_declaration declarator: (array_declarator declarator: (field_identifier) @name)) @def.field
(field_declaration type: (_) @declared declarator: (field_identifier) @name)
(field_declaration type: (_) @declared declarator: (pointer_declarator declarator: (field_identifier) @name))
(preproc_params (identifier) @skip)

; Calls and member accesses.
(call_expression function: (identifier) @call)
(call_expression function: (field_expression argument: (_) @recv field: (field_identifier) @call))
(field_expression argument: (_) @recv field: (field_identifier) @ref)

(type_identifier) @type

; Names bound in a function: parameters and local variables.
(parameter_declaration declarator: (identifier) @local)
(parameter_declaration type: (_) @local.type declarator: (identifier) @local)
(parameter_declaration type: (_) @local.type declarator: (pointer_declarator declarator: (identifier) @local))
(declaration declarator: (identifier) @local)
(declaration type: (_) @local.type declarator: (identifier) @local)
(declaration type: (_) @local.type declarator: (init_declarator declarator: (identifier) @local))
(declaration type: (_) @local.type declarator: (pointer_declarator declarator: (identifier) @local))
(declaration type: (_) @local.type declarator: (init_declarator declarator: (pointer_declarator declarator: (identifier) @local)))
(init_declarator declarator: (identifier) @local)
(pointer_declarator declarator: (identifier) @local)
(array_declarator declarator: (identifier) @local)

; Any other name in a value position.
(identifier) @ref
`

// cppGraphQuery: C++'s classes, namespaces, methods, qualified names,
// templates and bases.
const cppGraphQuery = `
((using_declaration [(identifier) (qualified_identifier)] @import.path @import.star) @_using
  (#match? @_using "^using\\s+namespace\\s"))
((using_declaration (qualified_identifier) @import.path) @_using
  (#not-match? @_using "^using\\s+namespace\\s"))
(using_declaration (identifier) @skip)
(using_declaration (qualified_identifier scope: (_) name: (identifier) @skip))

(class_specifier name: (type_identifier) @name body: (_)) @def.class
(namespace_definition name: (namespace_identifier) @name) @def.namespace
(function_definition declarator: (function_declarator declarator: (field_identifier) @name)) @def.method
(function_definition declarator: (function_declarator declarator: (qualified_identifier) @name)) @def.function
(function_definition declarator: (reference_declarator (function_declarator declarator: (identifier) @name))) @def.function
(function_definition declarator: (function_declarator declarator: (field_identifier) @abstract) (pure_virtual_clause))
(field_declaration declarator: (function_declarator declarator: (field_identifier) @abstract) default_value: (number_literal))
(function_definition type: (_) @declared declarator: (function_declarator declarator: (field_identifier) @name))
(field_declaration type: (_) @declared declarator: (function_declarator declarator: (field_identifier) @name))
(field_declaration type: (_) @declared declarator: (reference_declarator (field_identifier) @name))
(alias_declaration name: (type_identifier) @name) @def.type
(template_parameter_list (type_parameter_declaration (type_identifier) @skip))

(call_expression function: (qualified_identifier scope: (_) @recv name: (identifier) @call))
(call_expression function: (qualified_identifier scope: (_) @recv name: (template_function name: (identifier) @call)))
(call_expression function: (template_function name: (identifier) @call))
(call_expression function: (field_expression argument: (_) @recv field: (template_method name: (field_identifier) @call)))
(qualified_identifier scope: (_) @recv name: (identifier) @ref)
(qualified_identifier scope: (_) @recv name: (type_identifier) @type)
(qualified_identifier scope: (_) @recv name: (template_type name: (type_identifier) @type))
(base_class_clause (type_identifier) @inherit)
(base_class_clause (template_type name: (type_identifier) @inherit))
(base_class_clause (qualified_identifier scope: (_) @recv name: (type_identifier) @inherit))
(base_class_clause (qualified_identifier scope: (_) @recv name: (template_type name: (type_identifier) @inherit)))

(parameter_declaration type: (_) @local.type declarator: (reference_declarator (identifier) @local))
(declaration type: (_) @local.type declarator: (reference_declarator (identifier) @local))
(reference_declarator (identifier) @local)
(for_range_loop declarator: (identifier) @local)
(for_range_loop declarator: (reference_declarator (identifier) @local))
(declaration declarator: (init_declarator declarator: (identifier) @local value: (new_expression type: (_) @local.type)))
`
