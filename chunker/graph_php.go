package chunker

func init() {
	graphLangs["php"] = &graphLang{
		lexicalSelf: true,
		query:       phpGraphQuery,
		self:        []string{"$this", "self", "static"},
		super:       []string{"parent"},
	}
}

// phpGraphQuery: see graph_tree.go for the capture names. Variables are
// locals or globals, never declarations anyone looks up, so they are
// receivers only; a namespace is the package.
const phpGraphQuery = `
(namespace_definition name: (namespace_name) @package)

; Declarations, with the members the outline leaves out: properties,
; class constants, enum cases.
(class_declaration name: (name) @name) @def.class
(interface_declaration name: (name) @name) @def.interface
(trait_declaration name: (name) @name) @def.trait
(enum_declaration name: (name) @name) @def.enum
(function_definition name: (name) @name) @def.function
(function_definition name: (name) @name return_type: (_) @declared)
(method_declaration name: (name) @name) @def.method
(method_declaration name: (name) @name return_type: (_) @declared)
(property_declaration (property_element (variable_name (name) @name))) @def.property
(property_declaration type: (_) @declared (property_element (variable_name (name) @name)))
(const_declaration (const_element . (name) @name)) @def.const
(enum_case name: (name) @name) @def.constant
(interface_declaration body: (declaration_list (method_declaration name: (name) @abstract)))
(method_declaration (abstract_modifier) name: (name) @abstract)

; Imports: classes, functions and constants by qualified name, grouped or
; aliased.
(namespace_use_clause [(qualified_name) (name)] @import.path .)
(namespace_use_clause [(qualified_name) (name)] @import.path (namespace_aliasing_clause (name) @import.alias))
(namespace_use_declaration (namespace_name) @import.from
  (namespace_use_group (namespace_use_group_clause (namespace_name) @import.sym .)))
(namespace_use_declaration (namespace_name) @import.from
  (namespace_use_group (namespace_use_group_clause (namespace_name) @import.sym (namespace_aliasing_clause (name) @import.alias))))

; Calls, construction and member accesses.
(function_call_expression function: (name) @call)
(function_call_expression function: (qualified_name (namespace_name_as_prefix) @recv (name) @call))
(member_call_expression object: (_) @recv name: (name) @call)
(nullsafe_member_call_expression object: (_) @recv name: (name) @call)
(scoped_call_expression scope: (_) @recv name: (name) @call)
(member_access_expression object: (_) @recv name: (name) @ref)
(nullsafe_member_access_expression object: (_) @recv name: (name) @ref)
(class_constant_access_expression (_) @recv (name) @ref .)
(scoped_property_access_expression scope: (_) @recv name: (variable_name (name) @ref))
(object_creation_expression (name) @type)
(object_creation_expression (qualified_name (namespace_name_as_prefix) @recv (name) @type))

; Type uses and bases: extended classes, implemented interfaces, used
; traits.
(named_type (name) @type)
(named_type (qualified_name (namespace_name_as_prefix) @recv (name) @type))
(base_clause (name) @inherit)
(base_clause (qualified_name (namespace_name_as_prefix) @recv (name) @inherit))
(class_interface_clause (name) @inherit)
(class_interface_clause (qualified_name (namespace_name_as_prefix) @recv (name) @inherit))
(use_declaration (name) @inherit)
(use_declaration (qualified_name (namespace_name_as_prefix) @recv (name) @inherit))

; Variables bound in a function, for typing receivers.
(simple_parameter name: (variable_name) @local)
(simple_parameter type: (_) @local.type name: (variable_name) @local)
(variadic_parameter name: (variable_name) @local)
(assignment_expression left: (variable_name) @local)
(assignment_expression left: (variable_name) @local right: (object_creation_expression [(name) (qualified_name)] @local.type))
(catch_clause name: (variable_name) @local)
; What a method assigns to $this->x types the member for the class's
; methods: a new T(), a variable the method binds (a typed parameter).
(assignment_expression left: (member_access_expression) @member right: (object_creation_expression [(name) (qualified_name)] @member.type))
(assignment_expression left: (member_access_expression) @member right: (variable_name) @member.value)
; A promoted constructor parameter (__construct(private Lexer $lexer))
; declares a member of that type.
(property_promotion_parameter type: (_) @member.type name: (variable_name) @member)
; ... and declares the property, of the class around the constructor.
(property_promotion_parameter name: (variable_name (name) @name)) @def.member.property
`
