package chunker

import (
	"bytes"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
)

func init() {
	graphLangs["c"] = &graphLang{query: cGraphQuery, repair: cRepair}
	graphLangs["cpp"] = &graphLang{
		query:    cGraphQuery + cppGraphQuery,
		repair:   cRepair,
		self:     []string{"this"},
		inferred: set("auto"),
		pointers: set("shared_ptr", "unique_ptr", "scoped_ptr", "intrusive_ptr", "QSharedPointer", "QScopedPointer", "QPointer", "ComPtr",
			"make_unique", "make_shared"),
		globalScope:       "::",
		classNamedMembers: true,
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
(field_declaration declarator: (pointer_declarator declarator: (pointer_declarator declarator: (field_identifier) @name))) @def.field
(field_declaration declarator: (pointer_declarator declarator: (pointer_declarator declarator: (pointer_declarator declarator: (field_identifier) @name)))) @def.field
(field_declaration declarator: (array_declarator declarator: (field_identifier) @name)) @def.field
(field_declaration declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (field_identifier) @name)))) @def.field
(field_declaration declarator: (pointer_declarator declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (field_identifier) @name))))) @def.field
(field_declaration type: (_) @declared declarator: (field_identifier) @name)
(field_declaration type: (_) @declared declarator: (pointer_declarator declarator: (field_identifier) @name))
(preproc_params (identifier) @skip)
; A macro's body is text to the grammar: its names are read from it.
(preproc_function_def parameters: (preproc_params) @macro.params value: (preproc_arg) @macro.body)
(preproc_def value: (preproc_arg) @macro.body)

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
(function_definition declarator: (function_declarator declarator: (operator_name) @name)) @def.function
(template_declaration (declaration (ERROR (function_declarator declarator: (qualified_identifier) @name))) @def.method)
(function_definition declarator: (operator_cast) @name) @def.function
(field_declaration_list (declaration declarator: (operator_cast) @name) @def.method)
(function_definition declarator: (reference_declarator (function_declarator declarator: [(operator_name) (qualified_identifier)] @name))) @def.function
(function_definition declarator: (pointer_declarator declarator: (function_declarator declarator: [(operator_name) (qualified_identifier)] @name))) @def.function
(function_definition declarator: (function_declarator declarator: (field_identifier) @abstract) (pure_virtual_clause))
(field_declaration declarator: (function_declarator declarator: (field_identifier) @abstract) default_value: (number_literal))
(function_definition type: (_) @declared declarator: (function_declarator declarator: (field_identifier) @name))
(field_declaration type: (_) @declared declarator: (function_declarator declarator: (field_identifier) @name))
(field_declaration type: (_) @declared declarator: (reference_declarator (field_identifier) @name))
(field_declaration declarator: (reference_declarator (field_identifier) @name)) @def.field
(alias_declaration name: (type_identifier) @name) @def.type
(template_parameter_list (type_parameter_declaration (type_identifier) @skip))

(call_expression function: (qualified_identifier scope: (_) @recv name: (identifier) @call))
(call_expression function: (qualified_identifier !scope name: (identifier) @call))
(call_expression function: (qualified_identifier name: (qualified_identifier scope: (_) @recv name: (identifier) @call)))
; The scopes of a qualified name are uses of the classes and namespaces
; they name: backtracer in "void backtracer::enable()", registry in
; "details::registry::instance()".
(qualified_identifier scope: (namespace_identifier) @type)
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
(declaration declarator: (init_declarator declarator: (identifier) @local
  value: (call_expression function: [(template_function name: (identifier) @_make)
                                     (qualified_identifier name: (template_function name: (identifier) @_make))]) @local.type)
  (#match? @_make "^make_(unique|shared)$"))
`

// cRepair mends the C and C++ declarations that a macro the parser does
// not know broke (see graphLang.repair), so only declarations with a
// syntax error are looked at:
//
//   - "SPDLOG_INLINE Foo<T>::Foo(int a) : a_(a) {}" and "SPDLOG_INLINE
//     size_t thread_id() SPDLOG_NOEXCEPT {}" parse with the real
//     declarator in an ERROR node before the one the definition gets (a
//     member initializer, the trailing macro): the name is the ERROR's
//     function declarator's.
//   - The body of such a constructor can become an initializer list, so
//     that its closing brace closes the namespace around it: a namespace
//     or class ends at the brace that matches its own, found by scanning
//     the source (see braceScopeEnd).
func cRepair(b *graphBuilder, d *decl) (*sitter.Node, uint32) {
	n := d.node
	if !n.HasError() {
		return nil, 0
	}
	switch n.Type() {
	case "function_definition", "declaration":
		return cLostDeclarator(n), 0
	case "namespace_definition", "class_specifier", "struct_specifier", "union_specifier":
		return nil, b.braceScopeEnd(n)
	}
	return nil, 0
}

// cLostDeclarator returns the name of the function declarator that an
// ERROR node before a declaration's declarator holds, or nil.
func cLostDeclarator(n *sitter.Node) *sitter.Node {
	decl := field(n, "declarator")
	count := int(n.NamedChildCount())
	for i := 0; i < count; i++ {
		ch := n.NamedChild(i)
		if decl == nil || ch.StartByte() >= decl.StartByte() {
			return nil
		}
		if ch.Type() != "ERROR" {
			continue
		}
		inner := int(ch.NamedChildCount())
		for j := 0; j < inner; j++ {
			g := ch.NamedChild(j)
			switch g.Type() {
			case "function_declarator":
				return cDeclaratorName(g)
			case "init_declarator": // "thread_id()" parsed as a variable initialized by a call
				if v := field(g, "value"); v != nil && v.Type() == "argument_list" {
					return cDeclaratorName(g)
				}
			}
		}
	}
	return nil
}

// cDeclaratorName follows a declarator chain down to the declared name.
func cDeclaratorName(d *sitter.Node) *sitter.Node {
	for i := 0; d != nil && i < 8; i++ {
		switch d.Type() {
		case "identifier", "field_identifier", "qualified_identifier", "operator_name", "destructor_name":
			return d
		case "template_function":
			return field(d, "name")
		}
		d = field(d, "declarator")
	}
	return nil
}

// braceScopeEnd returns the end of the brace that matches the opening
// brace of scope n's body, when it lies past n's end inside n's parent
// and no declaration straddles it; else 0. The scan is lexical, for the
// languages of C's syntax and preprocessor (C, C++, C#), and follows the
// first branch of a conditional, as ctags does.
func (b *graphBuilder) braceScopeEnd(n *sitter.Node) uint32 {
	body := field(n, "body")
	if body == nil {
		return 0
	}
	limit := uint32(len(b.s.src))
	if p := n.Parent(); p != nil {
		limit = min(limit, p.EndByte())
	}
	end := cMatchBrace(b.s.src[:limit], body.StartByte())
	if end <= n.EndByte() {
		return 0
	}
	for s := n.NextSibling(); s != nil && s.StartByte() < end; s = s.NextSibling() {
		if s.EndByte() > end {
			return 0
		}
	}
	return end
}

// cMatchBrace returns the offset just past the brace that closes the one
// at src[open], skipping comments, string and character literals and
// preprocessor lines, and the #else and #elif branches of conditionals
// (whose braces repeat the first branch's); 0 when there is none.
func cMatchBrace(src []byte, open uint32) uint32 {
	if int(open) >= len(src) || src[open] != '{' {
		return 0
	}
	depth := 0
	lineStart := true // only white space since the start of the line
	for i := int(open); i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\n':
			lineStart = true
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			continue
		case c == '#' && lineStart:
			i = skipDirective(src, i)
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			i--
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			j := bytes.Index(src[i+2:], []byte("*/"))
			if j < 0 {
				return 0
			}
			i += j + 3
		case c == '"':
			i = skipCString(src, i)
		case c == '\'' && (i == 0 || !isNameByte(src[i-1])): // not 1'000'000
			i = skipCString(src, i)
		case c == '{':
			depth++
		case c == '}':
			if depth--; depth == 0 {
				return uint32(i + 1)
			}
		}
		lineStart = false
	}
	return 0
}

// skipCString returns the offset of the quote that closes the literal
// opening at src[i] (C++'s raw string R"d(...)d", C#'s verbatim @"..."
// and raw """...""" too), or the last byte.
func skipCString(src []byte, i int) int {
	q := src[i]
	if q == '"' && i > 0 && (src[i-1] == '@' || src[i-1] == '$' && i > 1 && src[i-2] == '@') {
		for j := i + 1; j < len(src); j++ {
			if src[j] == '"' {
				if j+1 < len(src) && src[j+1] == '"' {
					j++ // a doubled quote is a quote
					continue
				}
				return j
			}
		}
		return len(src) - 1
	}
	if q == '"' && i > 0 && src[i-1] == 'R' {
		if k := bytes.IndexByte(src[i+1:min(len(src), i+18)], '('); k >= 0 {
			closing := append(append([]byte(")"), src[i+1:i+1+k]...), '"')
			if j := bytes.Index(src[i+2+k:], closing); j >= 0 {
				return i + 2 + k + j + len(closing) - 1
			}
			return len(src) - 1
		}
	}
	if q == '"' && bytes.HasPrefix(src[i:], []byte(`"""`)) {
		// C#'s raw string: its closing quotes are as many as its opening.
		n := 3
		for i+n < len(src) && src[i+n] == '"' {
			n++
		}
		if j := bytes.Index(src[i+n:], src[i:i+n]); j >= 0 {
			return i + n + j + n - 1
		}
		return len(src) - 1
	}
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case q, '\n':
			return j
		}
	}
	return len(src) - 1
}

// skipDirective returns the offset of the last byte of the preprocessor
// directive at src[i] (its continuation lines included), or, for an
// #else or #elif, of the #endif that ends the conditional.
func skipDirective(src []byte, i int) int {
	word := directiveWord(src, i)
	end := directiveEnd(src, i)
	if word != "else" && word != "elif" && word != "elifdef" && word != "elifndef" {
		return end
	}
	nest := 0
	for j := end + 1; j < len(src); j++ {
		if src[j] != '#' || !atLineStart(src, j) {
			continue
		}
		switch w := directiveWord(src, j); {
		case strings.HasPrefix(w, "if"):
			nest++
		case w == "endif":
			if nest == 0 {
				return directiveEnd(src, j)
			}
			nest--
		}
		j = directiveEnd(src, j)
	}
	return len(src) - 1
}

// directiveWord is the name of the preprocessor directive at src[i].
func directiveWord(src []byte, i int) string {
	i++
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	j := i
	for j < len(src) && src[j] >= 'a' && src[j] <= 'z' {
		j++
	}
	return string(src[i:j])
}

// directiveEnd is the offset of the last byte of the directive line at
// src[i], before its newline, following backslash continuations.
func directiveEnd(src []byte, i int) int {
	for i < len(src) {
		nl := bytes.IndexByte(src[i:], '\n')
		if nl < 0 {
			return len(src) - 1
		}
		j := i + nl
		if k := j - 1; k >= i && (src[k] == '\\' || src[k] == '\r' && k > i && src[k-1] == '\\') {
			i = j + 1
			continue
		}
		return j - 1
	}
	return len(src) - 1
}

// atLineStart reports whether only white space precedes src[i] on its line.
func atLineStart(src []byte, i int) bool {
	for k := i - 1; k >= 0 && src[k] != '\n'; k-- {
		if src[k] != ' ' && src[k] != '\t' {
			return false
		}
	}
	return true
}
