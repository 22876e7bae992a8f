package chunker

import (
	"fmt"
	"strings"
)

func init() {
	js := func(query string) *graphLang {
		return &graphLang{query: query, self: []string{"this"}, super: []string{"super"}, symSep: "#", lexicalSelf: true}
	}
	shared := jsGraphQuery + jsNamespaceObjects()
	graphLangs["javascript"] = js(shared + jsOnlyGraphQuery + jsxGraphQuery)
	graphLangs["typescript"] = js(shared + tsGraphQuery)
	graphLangs["tsx"] = js(shared + tsGraphQuery + jsxGraphQuery)
}

// jsNamespaceMaxDepth is how deep in a namespace object its object-valued
// properties are definitions.
const jsNamespaceMaxDepth = 3

// jsNamespaceObjects are the patterns of namespace objects: an object
// literal declared at the top level of a file (const ShaderLib = {
// background: { uniforms: {...} } }) whose object-valued properties are
// definitions (ShaderLib.background, ShaderLib.background.uniforms), as
// ctags makes them, down to jsNamespaceMaxDepth. An object literal in a
// function, a call's argument or a return is data, not a namespace.
func jsNamespaceObjects() string {
	var b strings.Builder
	b.WriteString("\n; Namespace objects (see jsNamespaceObjects).\n")
	prop := "(pair key: (property_identifier) @name value: (object)) @def.property"
	for range jsNamespaceMaxDepth {
		decl := "(variable_declarator value: (object " + prop + "))"
		for _, wrap := range []string{"(program (lexical_declaration %s))", "(program (variable_declaration %s))",
			"(program (export_statement declaration: (lexical_declaration %s)))"} {
			fmt.Fprintf(&b, wrap+"\n", decl)
		}
		prop = "(pair value: (object " + prop + "))"
	}
	return b.String()
}

// jsGraphQuery holds the patterns JavaScript and TypeScript share; see
// graph_tree.go for the capture names.
const jsGraphQuery = `
; Declarations, with the ones the outline leaves out: nested functions
; and classes, functions assigned to names and members, object literal
; methods.
(function_declaration name: (identifier) @name) @def.function
(generator_function_declaration name: (identifier) @name) @def.function
(class_declaration name: (_) @name) @def.class
(class name: (_) @name) @def.class
(method_definition name: (_) @name) @def.method
(variable_declarator name: (identifier) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @def.function
(assignment_expression left: (member_expression) @name
  right: [(arrow_function) (function_expression) (generator_function)]) @def.function
(pair key: (property_identifier) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @def.method
; A named function expression bound to nothing, returned or passed
; ("return function hookRunner (…)", "boot(function manageTimeout (…))"),
; or a module's export ("module.exports = function validateConfig"), is
; found by its own name.
(return_statement (function_expression name: (identifier) @name) @def.function)
(arguments (function_expression name: (identifier) @name) @def.function)
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (function_expression name: (identifier) @name) @def.function
  (#eq? @_module "module") (#eq? @_exports "exports"))

; Imports: ES modules and CommonJS require.
(import_statement
  (import_clause (named_imports (import_specifier name: (_) @import.sym alias: (_) @import.alias)))
  source: (string) @import.from)
(import_statement
  (import_clause (named_imports (import_specifier name: (_) @import.sym !alias)))
  source: (string) @import.from)
(import_statement (import_clause (identifier) @import.default) source: (string) @import.from)
(import_statement (import_clause (namespace_import (identifier) @import.alias)) source: (string) @import.from)
(variable_declarator name: (identifier) @import.alias
  value: (call_expression function: (identifier) @_require arguments: (arguments (string) @import.file))
  (#eq? @_require "require"))
(variable_declarator name: (object_pattern (shorthand_property_identifier_pattern) @import.sym)
  value: (call_expression function: (identifier) @_require arguments: (arguments (string) @import.from))
  (#eq? @_require "require"))
; A re-export (export { x } from './m') names the module's symbol as an
; import of it does.
(export_statement
  (export_clause (export_specifier name: (_) @import.sym alias: (_) @import.alias))
  source: (string) @import.from)
(export_statement
  (export_clause (export_specifier name: (_) @import.sym !alias))
  source: (string) @import.from)
; A local export under another name (export { format as formatDate })
; declares that name, which the package's users import.
(export_statement (export_clause (export_specifier alias: (identifier) @name) @def.var) !source)
(import_specifier name: (identifier) @skip)
(import_specifier alias: (identifier) @skip)
(export_statement (export_clause (export_specifier alias: (identifier) @skip)) source: (string))
(import_clause (identifier) @skip)
(namespace_import (identifier) @skip)

; Calls, construction and member accesses.
(call_expression function: (identifier) @call)
(call_expression function: (member_expression object: (_) @recv property: [(property_identifier) (private_property_identifier)] @call))
(new_expression constructor: (identifier) @type)
(new_expression constructor: (member_expression object: (_) @recv property: (property_identifier) @type))
(member_expression object: (_) @recv property: [(property_identifier) (private_property_identifier)] @ref)
(decorator (identifier) @call)
(decorator (member_expression object: (_) @recv property: (property_identifier) @call))

; Names bound in a function: parameters, variables, destructuring.
(arrow_function parameter: (identifier) @local)
(function_expression name: (identifier) @skip)
(assignment_pattern left: (identifier) @local)
(rest_pattern (identifier) @local)
(variable_declarator name: (identifier) @local)
(variable_declarator name: (identifier) @local value: (new_expression constructor: (_) @local.type))
; A local bound to what a call returns (const res = this.send(req)) has
; the type the callee declares it returns.
(variable_declarator name: (identifier) @local value: (call_expression function: [(identifier) (member_expression)] @local.result))
(object_pattern (shorthand_property_identifier_pattern) @local)
(pair_pattern value: (identifier) @local)
(array_pattern (identifier) @local)
(for_in_statement left: (identifier) @local)
(catch_clause parameter: (identifier) @local)
; What a method assigns to this.x types the member for the class's
; methods: a new T(), a name the method binds (a typed parameter).
(assignment_expression left: (member_expression) @member right: (new_expression constructor: (_) @member.type))
(assignment_expression left: (member_expression) @member right: (identifier) @member.value)

; The declarations documentation links to: {@link Name}, {@link Class#member}.
(comment) @doclinks

; Any other name in a value position.
(identifier) @ref
(shorthand_property_identifier) @ref
`

// jsOnlyGraphQuery: JavaScript's parameters, class fields and base class.
const jsOnlyGraphQuery = `
(formal_parameters (identifier) @local)
(field_definition property: [(property_identifier) (private_property_identifier)] @name) @def.field
; An assignment to this.x declares the instance's field x where no field
; declaration does, as JavaScript classes often leave them out (see
; instanceMemberKind).
(assignment_expression left: (member_expression object: (this) property: (property_identifier) @name)) @def.member
(class_heritage (identifier) @inherit)
(class_heritage (member_expression object: (_) @recv property: (property_identifier) @inherit))
`

// tsGraphQuery: TypeScript's fields, interfaces, enums, types and
// heritage clauses.
const tsGraphQuery = `
(public_field_definition name: [(property_identifier) (private_property_identifier)] @name) @def.field
; A parameter property (constructor(private readonly svc: Service))
; declares a field of the class around the constructor.
(required_parameter (accessibility_modifier) pattern: (identifier) @name) @def.member
(optional_parameter (accessibility_modifier) pattern: (identifier) @name) @def.member
(required_parameter (accessibility_modifier) pattern: (identifier) @name type: (type_annotation (_) @declared))
(optional_parameter (accessibility_modifier) pattern: (identifier) @name type: (type_annotation (_) @declared))
; readonly alone makes one too (after any decorator; not a readonly array
; type); the matcher has no anonymous nodes, so the parameter's text says it.
((required_parameter pattern: (identifier) @name) @def.member (#match? @def.member "(^|[\\s)])readonly\\s+[A-Za-z_$][\\w$]*\\s*([?:=]|$)"))
((optional_parameter pattern: (identifier) @name) @def.member (#match? @def.member "(^|[\\s)])readonly\\s+[A-Za-z_$][\\w$]*\\s*([?:=]|$)"))
((required_parameter pattern: (identifier) @name type: (type_annotation (_) @declared)) @_p (#match? @_p "(^|[\\s)])readonly\\s+[A-Za-z_$][\\w$]*\\s*([?:=]|$)"))
((optional_parameter pattern: (identifier) @name type: (type_annotation (_) @declared)) @_p (#match? @_p "(^|[\\s)])readonly\\s+[A-Za-z_$][\\w$]*\\s*([?:=]|$)"))
(public_field_definition name: (_) @name type: (type_annotation (_) @declared))
; An interface's or object type alias's properties, and those of an
; object type one of them holds; not a type literal's in a parameter or a
; cast, which would be the enclosing declaration's.
(interface_body (property_signature name: (property_identifier) @name) @def.field)
(type_alias_declaration value: (object_type (property_signature name: (property_identifier) @name) @def.field))
(property_signature type: (type_annotation (object_type (property_signature name: (property_identifier) @name) @def.field)))
(property_signature name: (_) @name type: (type_annotation (_) @declared))
(method_signature name: (_) @name) @def.method
(interface_body (method_signature name: (_) @abstract))
(construct_signature) @name @def.method
(construct_signature type: (type_annotation (_) @declared)) @name
(interface_body (construct_signature) @abstract)
(abstract_method_signature name: (_) @abstract)
(abstract_class_declaration name: (_) @name) @def.class
(interface_declaration name: (_) @name) @def.interface
(enum_declaration name: (_) @name) @def.enum
(enum_body (property_identifier) @name @def.constant)
(enum_assignment name: (property_identifier) @name) @def.constant
(function_declaration name: (_) @name return_type: (type_annotation (_) @declared))
(function_signature name: (_) @name return_type: (type_annotation (_) @declared))
(method_definition name: (_) @name return_type: (type_annotation (_) @declared))
(method_signature name: (_) @name return_type: (type_annotation (_) @declared))
(abstract_method_signature name: (_) @name return_type: (type_annotation (_) @declared))

(type_identifier) @type
(type_parameter name: (type_identifier) @skip)
(nested_type_identifier module: (_) @recv name: (type_identifier) @type)
(extends_clause value: (identifier) @inherit)
(extends_clause value: (member_expression object: (_) @recv property: (property_identifier) @inherit))
(implements_clause (type_identifier) @inherit)
(implements_clause (generic_type name: (type_identifier) @inherit))
(implements_clause (nested_type_identifier module: (_) @recv name: (type_identifier) @inherit))
(extends_type_clause type: (type_identifier) @inherit)
(extends_type_clause type: (generic_type name: (type_identifier) @inherit))
(extends_type_clause type: (nested_type_identifier module: (_) @recv name: (type_identifier) @inherit))

(required_parameter pattern: (identifier) @local)
(required_parameter pattern: (identifier) @local type: (type_annotation (_) @local.type))
; A parameter property (constructor(private http: HttpClient)) declares a
; member of that type, and a field's initializer (cache = new Map()) types
; the field.
(required_parameter (accessibility_modifier) pattern: (identifier) @member type: (type_annotation (_) @member.type))
((required_parameter pattern: (identifier) @member type: (type_annotation (_) @member.type)) @_p (#match? @_p "(^|[\\s)])readonly\\s+[A-Za-z_$][\\w$]*\\s*([?:=]|$)"))
(public_field_definition name: (property_identifier) @member value: (new_expression constructor: (_) @member.type))
(optional_parameter pattern: (identifier) @local)
(optional_parameter pattern: (identifier) @local type: (type_annotation (_) @local.type))
(variable_declarator name: (identifier) @local type: (type_annotation (_) @local.type))

(import_require_clause (identifier) @import.alias source: (string) @import.file)
(import_require_clause (identifier) @skip)
`

// jsxGraphQuery: a component (a capitalized JSX element) is called.
const jsxGraphQuery = `
(jsx_opening_element name: (identifier) @call (#match? @call "^[A-Z]"))
(jsx_self_closing_element name: (identifier) @call (#match? @call "^[A-Z]"))
`
