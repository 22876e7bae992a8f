package chunker

func init() {
	graphLangs["python"] = &graphLang{
		ctorCalls:   true,
		lexicalSelf: true,
		query:       pythonGraphQuery,
		self:        []string{"self", "cls"},
		super:       []string{"super("},
	}
}

// pythonGraphQuery: see graph_tree.go for the capture names.
const pythonGraphQuery = `
; Declarations, with the ones the outline leaves out: functions and
; classes nested in functions, class attributes.
(function_definition name: (identifier) @name return_type: (_) @declared)
(function_definition name: (identifier) @name) @def.function
(class_definition name: (identifier) @name) @def.class
(function_definition name: (identifier) @name body: (block . (expression_statement . (string) @doc .)))
(class_definition name: (identifier) @name body: (block . (expression_statement . (string) @doc .)))
(class_definition body: (block (expression_statement (assignment left: (identifier) @name)) @def.field))
(class_definition body: (block (expression_statement (assignment left: (identifier) @name type: (_) @declared))))
; An assignment to self.x declares the instance's attribute x, a field of
; the class whose method it is in (see instanceMemberKind).
(assignment left: (attribute object: (identifier) @_self attribute: (identifier) @name) (#eq? @_self "self")) @def.member
(assignment left: (attribute object: (identifier) @_self attribute: (identifier) @name) type: (_) @declared (#eq? @_self "self"))
(assignment left: (attribute object: (identifier) @_self attribute: (identifier) @name)
  right: (call function: [(identifier) (attribute)] @declared (#match? @declared "(^|\\.)_*[A-Z][A-Za-z0-9_]*$"))
  (#eq? @_self "self"))
(module (expression_statement (assignment left: (identifier) @name type: (_) @declared)))
; A module's names bound in its conditionals (preferred_clock under
; if sys.platform == "win32", HAS_SIMPLEJSON under try and except), which
; the outline's walk of the module's statements does not enter; a
; script's names under if __name__ == "__main__" are its own.
(module (if_statement condition: (_) @_cond consequence: (block (expression_statement (assignment left: (identifier) @name)) @def.var)) (#not-match? @_cond "__name__"))
(module (if_statement condition: (_) @_cond alternative: (else_clause body: (block (expression_statement (assignment left: (identifier) @name)) @def.var))) (#not-match? @_cond "__name__"))
(module (if_statement condition: (_) @_cond alternative: (elif_clause consequence: (block (expression_statement (assignment left: (identifier) @name)) @def.var))) (#not-match? @_cond "__name__"))
(module (try_statement body: (block (expression_statement (assignment left: (identifier) @name)) @def.var)))
(module (try_statement (except_clause (block (expression_statement (assignment left: (identifier) @name)) @def.var))))
(decorated_definition
  (decorator [(identifier) (attribute)] @_deco (#match? @_deco "(^|\\.)abstract(method|property)$"))
  definition: (function_definition name: (identifier) @abstract))

; Imports.
(import_statement name: (dotted_name) @import.module)
(import_statement name: (aliased_import name: (dotted_name) @import.path alias: (identifier) @import.alias))
(import_from_statement module_name: (_) @import.from name: (dotted_name) @import.sym)
(import_from_statement module_name: (_) @import.from
  name: (aliased_import name: (dotted_name) @import.sym alias: (identifier) @import.alias))
(import_from_statement module_name: (_) @import.from (wildcard_import) @import.star)
(dotted_name (identifier) @skip)
(aliased_import alias: (identifier) @skip)

; Calls, decorators and member accesses.
(call function: (identifier) @call)
(call function: (attribute object: (_) @recv attribute: (identifier) @call))
(decorator (identifier) @call)
(decorator (attribute object: (_) @recv attribute: (identifier) @call))
(attribute object: (_) @recv attribute: (identifier) @ref)

; Type uses: annotations, generics, unions.
(type (identifier) @type)
(type (attribute object: (_) @recv attribute: (identifier) @type))
(generic_type (identifier) @type)
(type (subscript [value: (identifier) subscript: (identifier)] @type))
(type (subscript [value: (attribute object: (_) @recv attribute: (identifier) @type)
                  subscript: (attribute object: (_) @recv attribute: (identifier) @type)]))
(type (binary_operator [left: (identifier) right: (identifier)] @type))

; Base classes.
(class_definition superclasses: (argument_list (identifier) @inherit))
(class_definition superclasses: (argument_list (attribute object: (_) @recv attribute: (identifier) @inherit)))

; Names bound in a function: parameters and assignment targets.
(parameters (identifier) @local)
(lambda_parameters (identifier) @local)
(typed_parameter (identifier) @local type: (_) @local.type)
(default_parameter name: (identifier) @local)
; A parameter whose default is a name (policy=compat32) takes that value's
; type, wherever the name is declared.
(default_parameter name: (identifier) @local value: (identifier) @local.value)
(typed_default_parameter name: (identifier) @local type: (_) @local.type)
(list_splat_pattern (identifier) @local)
(dictionary_splat_pattern (identifier) @local)
(assignment left: (identifier) @local)
(assignment left: (identifier) @local type: (_) @local.type)
; A constructor call types its target (x = Foo(), x = mod.Foo()): a
; capitalized callee is a class, by the language's naming convention
; (a private one too: _Foo()).
(assignment left: (identifier) @local
  right: (call function: [(identifier) (attribute)] @local.type (#match? @local.type "(^|\\.)_*[A-Z][A-Za-z0-9_]*$")))
; A local bound to what a call returns (resp = self.send(req)) has the
; type the callee declares it returns; a capitalized callee constructs.
((assignment left: (identifier) @local right: (call function: [(identifier) (attribute)] @local.result))
  (#not-match? @local.result "(^|\\.)_*[A-Z][A-Za-z0-9_]*$"))
(augmented_assignment left: (identifier) @local)
; What a method assigns to self.x types the member for the class's
; methods: an annotation, a constructor call, a name the method binds
; (self.parser = parser, with parser: Parser a parameter).
(assignment left: (attribute) @member type: (_) @member.type)
(assignment left: (attribute) @member
  right: (call function: [(identifier) (attribute)] @member.type (#match? @member.type "(^|\\.)_*[A-Z][A-Za-z0-9_]*$")))
(assignment left: (attribute) @member right: (identifier) @member.value)
(pattern_list (identifier) @local)
(tuple_pattern (identifier) @local)
(list_pattern (identifier) @local)
(for_statement left: (identifier) @local)
(for_in_clause left: (identifier) @local)
(as_pattern_target (identifier) @local)
(named_expression name: (identifier) @local)
(keyword_argument name: (identifier) @skip)
(global_statement (identifier) @skip)
(nonlocal_statement (identifier) @skip)

; Any other name in a value position.
(identifier) @ref
`
