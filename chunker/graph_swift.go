package chunker

func init() {
	graphLangs["swift"] = &graphLang{
		ctorCalls: true,
		query:     swiftGraphQuery,
		self:      []string{"self", "Self"},
		super:     []string{"super"},
		// A closure's implicit parameters.
		inferred: set("$0", "$1", "$2", "$3"),
	}
}

// swiftGraphQuery: see graph_tree.go for the capture names. The grammar
// calls most children "name", a function's result type included, so the
// patterns go by order: the result type is the "name" after the name.
const swiftGraphQuery = `
(import_declaration (identifier) @import.path @import.star)
(identifier (simple_identifier) @skip)

; Declarations, with the members the outline leaves out: stored
; properties, protocol requirements, enum cases.
(class_declaration name: (type_identifier) @name) @def.class
(protocol_declaration name: (type_identifier) @name) @def.protocol
(function_declaration name: (simple_identifier) @name) @def.function
(function_declaration name: (simple_identifier) @name name: (_) @declared)
(protocol_function_declaration name: (simple_identifier) @name) @def.method
(protocol_function_declaration name: (simple_identifier) @name name: (_) @declared)
(protocol_function_declaration name: (simple_identifier) @abstract)
(class_body (property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @def.property)
; An enum's static stored properties (an enum used as a namespace of
; shared state: enum LoggingSystem { static var factory = … }).
(enum_class_body (property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @def.property)
(property_declaration name: (pattern bound_identifier: (simple_identifier) @name) (type_annotation (_) @declared))
(protocol_property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @def.property
(protocol_property_declaration name: (pattern bound_identifier: (simple_identifier) @name) (type_annotation (_) @declared))
(enum_entry name: (simple_identifier) @name @def.constant)

; Calls and member accesses.
(call_expression (simple_identifier) @call)
(call_expression (navigation_expression target: (_) @recv suffix: (navigation_suffix suffix: (simple_identifier) @call)))
(navigation_expression target: (_) @recv suffix: (navigation_suffix suffix: (simple_identifier) @ref))

; Type uses and inherited types or protocols.
(user_type (type_identifier) @type)
(inheritance_specifier inherits_from: (user_type (type_identifier) @inherit))

; Names bound in a function: parameters, constants and variables,
; bindings of if, guard and for, closure parameters.
(parameter name: (simple_identifier) @local)
(parameter name: (simple_identifier) @local name: (_) @local.type)
(parameter external_name: (simple_identifier) @skip)
(statements (property_declaration name: (pattern bound_identifier: (simple_identifier) @local)))
(statements (property_declaration name: (pattern bound_identifier: (simple_identifier) @local)
  (type_annotation (_) @local.type)))
; A constructor call types its target (let x = Foo()): a capitalized
; callee is a type, by the language's naming convention.
(statements (property_declaration name: (pattern bound_identifier: (simple_identifier) @local)
  value: (call_expression (simple_identifier) @local.type (#match? @local.type "^[A-Z]"))))
(if_statement bound_identifier: (simple_identifier) @local)
(guard_statement bound_identifier: (simple_identifier) @local)
(for_statement item: (pattern bound_identifier: (simple_identifier) @local))
(lambda_parameter name: (simple_identifier) @local)
(value_argument_label (simple_identifier) @skip)

; Any other name in a value position.
(simple_identifier) @ref
`
