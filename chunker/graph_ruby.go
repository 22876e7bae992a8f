package chunker

func init() {
	graphLangs["ruby"] = &graphLang{
		query:     rubyGraphQuery,
		self:      []string{"self"},
		super:     []string{"super"},
		bareCalls: true,
		// def ==(other), def <=>(other), def [](key), def -@
		operatorNames: "=!~<>+-*/%&|^[]@`",
	}
}

// rubyGraphQuery: see graph_tree.go for the capture names. Modules and
// classes are parents of what they hold ("class A::B" in "module M" is
// M.A.B); included and extended modules are inherited.
const rubyGraphQuery = `
; Declarations, with the ones the outline leaves out: attributes (and
; Rails' module and class attributes, mattr_accessor, class_attribute),
; constants and methods of classes nested in methods.
(class name: [(constant) (scope_resolution)] @name) @def.class
(module name: [(constant) (scope_resolution)] @name) @def.module
(method name: (_) @name) @def.method
(singleton_method name: (_) @name) @def.method
(assignment left: (constant) @name) @def.const
(call method: (identifier) @_attr arguments: (argument_list (simple_symbol) @name) !receiver
  (#any-of? @_attr "attr_reader" "attr_writer" "attr_accessor"
    "mattr_reader" "mattr_writer" "mattr_accessor" "cattr_reader" "cattr_writer" "cattr_accessor"
    "thread_mattr_reader" "thread_mattr_writer" "thread_mattr_accessor" "thread_cattr_accessor" "class_attribute")) @def.property
; A method's other name: alias new old, alias_method :new, :old.
(alias name: (_) @name) @def.method
(call method: (identifier) @_alias arguments: (argument_list . (simple_symbol) @name) !receiver
  (#eq? @_alias "alias_method")) @def.method
; The first assignment to @x declares the instance's variable x, a field
; of the class (see instanceMemberKind).
(assignment left: (instance_variable) @name) @def.member
; Any other assignment to it is a reference (the declaring one is masked).
(assignment left: (instance_variable) @ref)

; Imports: required files.
(call method: (identifier) @_require arguments: (argument_list (string (string_content) @import.file)) !receiver
  (#any-of? @_require "require" "require_relative" "load"))

; Calls, method references, constants and mixins.
(call receiver: (_) @recv method: [(identifier) (constant)] @call)
(call method: [(identifier) (constant)] @call !receiver)
(call method: (identifier) @_method arguments: (argument_list (simple_symbol) @ref) !receiver
  (#eq? @_method "method"))
(block_argument (simple_symbol) @call)
(scope_resolution scope: (_) @recv name: (constant) @ref)
(superclass (constant) @inherit)
(superclass (scope_resolution scope: (_) @recv name: (constant) @inherit))
(call method: (identifier) @_mixin arguments: (argument_list (constant) @inherit) !receiver
  (#any-of? @_mixin "include" "extend" "prepend"))
(call method: (identifier) @_mixin arguments: (argument_list (scope_resolution scope: (_) @recv name: (constant) @inherit)) !receiver
  (#any-of? @_mixin "include" "extend" "prepend"))

; Names bound in a method: parameters, assignments, block parameters.
(method_parameters (identifier) @local)
(lambda_parameters (identifier) @local)
(block_parameters (identifier) @local)
(optional_parameter name: (identifier) @local)
(keyword_parameter name: (identifier) @local)
(splat_parameter name: (identifier) @local)
(hash_splat_parameter name: (identifier) @local)
(block_parameter name: (identifier) @local)
(assignment left: (identifier) @local)
; A constructor call types its target (x = Foo.new, x = Mod::Foo.new).
(assignment left: (identifier) @local
  right: (call receiver: [(constant) (scope_resolution)] @local.type method: (identifier) @_new (#eq? @_new "new")))
; What a method assigns to @x types the member for the class's methods.
(assignment left: (instance_variable) @member
  right: (call receiver: [(constant) (scope_resolution)] @member.type method: (identifier) @_new (#eq? @_new "new")))
(operator_assignment left: (identifier) @local)
(left_assignment_list (identifier) @local)
(for pattern: (identifier) @local)
(exception_variable (identifier) @local)

; Any other name: a local variable, or a method called without arguments.
(identifier) @ref
(constant) @ref
(instance_variable) @ref
(class_variable) @ref
`
