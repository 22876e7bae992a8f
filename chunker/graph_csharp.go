package chunker

import sitter "github.com/smacker/go-tree-sitter"

func init() {
	graphLangs["csharp"] = &graphLang{
		query:    csharpGraphQuery,
		self:     []string{"this"},
		super:    []string{"base"},
		inferred: set("var"),
		// this and base are anonymous nodes in the grammar.
		keepAnonymous: true,
		repair:        csharpRepair,
	}
}

// csharpRepair ends a class or namespace that the parser closed early, at
// an #if whose branches its braces do not balance in, at the brace that
// matches its own (see braceScopeEnd), so that the members after the
// #if keep their parent.
func csharpRepair(b *graphBuilder, d *decl) (*sitter.Node, uint32) {
	if d.body == nil || !d.node.HasError() {
		return nil, 0
	}
	return nil, b.braceScopeEnd(d.node)
}

// csharpGraphQuery: see graph_tree.go for the capture names. The grammar
// writes every type name as a plain identifier, so type uses are the
// identifiers in type positions.
const csharpGraphQuery = `
(namespace_declaration name: (_) @package)
(file_scoped_namespace_declaration name: (_) @package)
(namespace_declaration name: (qualified_name qualifier: (identifier) @skip))
(file_scoped_namespace_declaration name: [(identifier) (qualified_name name: (identifier))] @skip)
(file_scoped_namespace_declaration name: (qualified_name qualifier: (identifier) @skip))
(namespace_declaration name: (qualified_name qualifier: (qualified_name qualifier: (identifier) @skip name: (identifier) @skip)))
(file_scoped_namespace_declaration name: (qualified_name qualifier: (qualified_name qualifier: (identifier) @skip name: (identifier) @skip)))

; Declarations, with the members the outline leaves out: fields, events,
; enum members, record parameters.
(class_declaration name: (identifier) @name) @def.class
(struct_declaration name: (identifier) @name) @def.struct
(interface_declaration name: (identifier) @name) @def.interface
(enum_declaration name: (identifier) @name) @def.enum
(record_declaration name: (identifier) @name) @def.record
(delegate_declaration name: (identifier) @name) @def.type
(method_declaration name: (identifier) @name) @def.method
(method_declaration (explicit_interface_specifier) @parent name: (identifier) @name)
(property_declaration (explicit_interface_specifier) @parent name: (identifier) @name)
(method_declaration returns: (_) @declared name: (identifier) @name)
(constructor_declaration name: (identifier) @name) @def.constructor
(property_declaration name: (identifier) @name) @def.property
(property_declaration type: (_) @declared name: (identifier) @name)
(field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @def.field
(field_declaration (variable_declaration type: (_) @declared (variable_declarator name: (identifier) @name)))
(event_field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @def.field
(event_field_declaration (variable_declaration type: (_) @declared (variable_declarator name: (identifier) @name)))
(enum_member_declaration name: (identifier) @name) @def.constant
(record_declaration (parameter_list (parameter name: (identifier) @name) @def.property))
(record_declaration (parameter_list (parameter type: (_) @declared name: (identifier) @name)))
(interface_declaration body: (declaration_list (method_declaration name: (identifier) @abstract !body)))
(method_declaration (modifier) @_m name: (identifier) @abstract (#eq? @_m "abstract"))

; Imports: a namespace's names, an alias, a static class's members.
(using_directive !name [(identifier) (qualified_name)] @import.path @import.star .)
(using_directive name: (identifier) @import.alias [(identifier) (qualified_name)] @import.path)
(using_directive (identifier) @skip)
(using_directive (qualified_name name: (identifier) @skip))
(using_directive (qualified_name qualifier: (identifier) @skip))
(using_directive (qualified_name qualifier: (qualified_name qualifier: (identifier) @skip name: (identifier) @skip)))
(using_directive (qualified_name qualifier: (qualified_name qualifier: (qualified_name
  qualifier: (identifier) @skip name: (identifier) @skip) name: (identifier) @skip)))

; Calls, construction and member accesses.
(invocation_expression function: (identifier) @call)
(invocation_expression function: (generic_name (identifier) @call))
(invocation_expression function: (member_access_expression expression: (_) @recv name: (identifier) @call))
(invocation_expression function: (member_access_expression expression: (_) @recv name: (generic_name (identifier) @call)))
(member_access_expression expression: (_) @recv name: (identifier) @ref)
(object_creation_expression type: (identifier) @type)
(object_creation_expression type: (qualified_name qualifier: (_) @recv name: (identifier) @type))

; Type uses: identifiers in type positions, generics, attributes, bases.
(variable_declaration type: (identifier) @type)
(parameter type: (identifier) @type)
(property_declaration type: (identifier) @type)
(method_declaration returns: (identifier) @type)
(delegate_declaration type: (identifier) @type)
(generic_name (identifier) @type)
(type_argument_list (identifier) @type)
(array_type type: (identifier) @type)
(nullable_type (identifier) @type)
(cast_expression type: (identifier) @type)
(typeof_expression type: (identifier) @type)
(declaration_pattern type: (identifier) @type)
(catch_declaration type: (identifier) @type)
(foreach_statement type: (identifier) @type)
(qualified_name qualifier: (_) @recv name: (identifier) @type)
(attribute name: (identifier) @type)
(base_list (identifier) @inherit)
(base_list (generic_name (identifier) @inherit))
(base_list (qualified_name qualifier: (_) @recv name: (identifier) @inherit))

; Names bound in a method: parameters and local variables.
(parameter name: (identifier) @local)
(parameter type: (_) @local.type name: (identifier) @local)
(implicit_parameter) @local
(variable_declaration (variable_declarator name: (identifier) @local))
(variable_declaration type: (_) @local.type (variable_declarator name: (identifier) @local))
(variable_declarator name: (identifier) @local (object_creation_expression type: (_) @local.type))
(foreach_statement type: (_) @local.type left: (identifier) @local)
(catch_declaration name: (identifier) @local)
(declaration_pattern type: (_) @local.type name: (identifier) @local)
(declaration_expression name: (identifier) @local)
(labeled_statement (identifier) @skip)

; Any other name in a value position.
(identifier) @ref
`
