package chunker

import sitter "github.com/smacker/go-tree-sitter"

func init() {
	graphLangs["rust"] = &graphLang{
		query: rustGraphQuery,
		// super:: is the parent module, not a base: it stays a name.
		self:           []string{"self", "Self"},
		inferred:       set("Self", "_"),
		repair:         rustRepair,
		pathsInTokens:  true,
		qualifiedTypes: true,
	}
}

// rustRepair names an impl of a reference, pointer or trait object by
// the type it is of, as ctags does: "impl Replacer for &'a str" is
// str's, "impl<'a, T: Input> Input for &'a T" is T's.
func rustRepair(_ *graphBuilder, d *decl) (*sitter.Node, uint32) {
	if d.kind != "impl" || len(d.names) != 1 {
		return nil, 0
	}
	t := d.names[0]
	for i := 0; t != nil && i < 8; i++ {
		switch t.Type() {
		case "reference_type", "pointer_type", "generic_type":
			t = field(t, "type")
		case "dynamic_type":
			t = field(t, "trait")
		case "type_identifier", "primitive_type", "scoped_type_identifier":
			if i == 0 {
				return nil, 0 // the classifier's name is the type's
			}
			return t, 0
		default:
			return nil, 0
		}
	}
	return nil, 0
}

// rustGraphQuery: see graph_tree.go for the capture names. An impl's
// methods are the outline's, with the impl's type as their parent; "impl
// Trait for T" inherits Trait.
const rustGraphQuery = `
; Declarations, with the ones the outline leaves out: fields, variants,
; associated types, nested functions.
(function_item name: (identifier) @name) @def.function
(function_item name: (identifier) @name return_type: (_) @declared)
(function_signature_item name: (identifier) @name) @def.function
(function_signature_item name: (identifier) @name return_type: (_) @declared)
(trait_item body: (declaration_list (function_signature_item name: (identifier) @abstract)))
(struct_item name: (type_identifier) @name) @def.struct
(enum_item name: (type_identifier) @name) @def.enum
(union_item name: (type_identifier) @name) @def.union
(trait_item name: (type_identifier) @name) @def.trait
(type_item name: (type_identifier) @name) @def.type
(associated_type name: (type_identifier) @name) @def.type
(const_item name: (identifier) @name) @def.const
(const_item name: (identifier) @name type: (_) @declared)
(static_item name: (identifier) @name) @def.var
(static_item name: (identifier) @name type: (_) @declared)
(mod_item name: (identifier) @name) @def.module
(macro_definition name: (identifier) @name) @def.macro
; An impl inside a function body, which the outline's walk does not reach:
; its items are the type's, not the function's.
(block (impl_item type: (type_identifier) @name) @def.impl)
(block (impl_item type: (generic_type type: (type_identifier) @name)) @def.impl)
(field_declaration name: (field_identifier) @name) @def.field
(field_declaration name: (field_identifier) @name type: (_) @declared)
(enum_variant name: (identifier) @name) @def.constant

; Imports: use trees one level deep, and extern crates.
(use_declaration argument: [(scoped_identifier) (identifier)] @import.path)
(use_declaration argument: (use_as_clause path: (_) @import.path alias: (identifier) @import.alias))
(use_declaration argument: (use_wildcard (_) @import.path @import.star))
(scoped_use_list path: (_) @import.from list: (use_list [(identifier) (scoped_identifier)] @import.sym))
(scoped_use_list path: (_) @import.from
  list: (use_list (use_as_clause path: (_) @import.sym alias: (identifier) @import.alias)))
(extern_crate_declaration name: (identifier) @import.path)
(use_declaration argument: (identifier) @skip)
(use_declaration argument: (scoped_identifier path: (identifier) @skip))
(use_declaration argument: (scoped_identifier path: (scoped_identifier path: (identifier) @skip name: (identifier) @skip)))
(use_declaration argument: (scoped_identifier path: (scoped_identifier path: (scoped_identifier
  path: (identifier) @skip name: (identifier) @skip) name: (identifier) @skip)))
(scoped_use_list path: (identifier) @skip)
(scoped_use_list path: (scoped_identifier name: (identifier) @skip))
(scoped_use_list path: (scoped_identifier path: (identifier) @skip))
(scoped_use_list path: (scoped_identifier path: (scoped_identifier name: (identifier) @skip)))
(scoped_use_list path: (scoped_identifier path: (scoped_identifier path: (identifier) @skip)))
(use_list (identifier) @skip)
(use_as_clause path: (identifier) @skip)
(use_as_clause alias: (identifier) @skip)
(use_wildcard (identifier) @skip)
(extern_crate_declaration name: (identifier) @skip)

; Calls, macros, paths and fields.
(call_expression function: (identifier) @call)
(call_expression function: (scoped_identifier path: (_) @recv name: (identifier) @call))
(call_expression function: (field_expression value: (_) @recv field: (field_identifier) @call))
(call_expression function: (generic_function function: (identifier) @call))
(call_expression function: (generic_function function: (scoped_identifier path: (_) @recv name: (identifier) @call)))
(call_expression function: (generic_function function: (field_expression value: (_) @recv field: (field_identifier) @call)))
(macro_invocation macro: (identifier) @call)
(macro_invocation macro: (scoped_identifier path: (_) @recv name: (identifier) @call))
(scoped_identifier path: (_) @recv name: (identifier) @ref)
(field_expression value: (_) @recv field: (field_identifier) @ref)

; Type uses and implemented traits.
(type_identifier) @type
(scoped_type_identifier path: (_) @recv name: (type_identifier) @type)
(impl_item trait: (type_identifier) @inherit)
(impl_item trait: (generic_type type: (type_identifier) @inherit))
(impl_item trait: (scoped_type_identifier path: (_) @recv name: (type_identifier) @inherit))
(trait_bounds (type_identifier) @inherit)
(trait_bounds (generic_type type: (type_identifier) @inherit))
(type_parameters (type_identifier) @skip)
(constrained_type_parameter left: (type_identifier) @skip)

; Names bound in a function: parameters, let patterns, closures, arms.
(parameter pattern: (identifier) @local)
(parameter pattern: (identifier) @local type: (_) @local.type)
(let_declaration pattern: (identifier) @local)
(let_declaration pattern: (identifier) @local type: (_) @local.type)
(let_declaration pattern: (identifier) @local
  value: (call_expression function: (scoped_identifier path: (identifier) @local.type name: (identifier) @_new))
  (#eq? @_new "new"))
(let_declaration pattern: (identifier) @local value: (struct_expression name: (_) @local.type))
(tuple_pattern (identifier) @local)
(tuple_struct_pattern type: (_) (identifier) @local)
(struct_pattern (field_pattern name: (shorthand_field_identifier) @local))
(closure_parameters (identifier) @local)
(for_expression pattern: (identifier) @local)
(mut_pattern (identifier) @local)
(ref_pattern (identifier) @local)

; An attribute's name (#[test], #[cfg(…)], #[inline]) and a
; configuration's or lint's words (#[cfg(test)], #[allow(dead_code)]) name
; no declaration of the code: #[test] was a use of a module named test.
(attribute (identifier) @skip)
((attribute (identifier) @_attr arguments: (token_tree (identifier) @skip))
  (#match? @_attr "^(cfg|cfg_attr|allow|warn|deny|forbid|expect)$"))

; Any other name in a value position.
(identifier) @ref
`
