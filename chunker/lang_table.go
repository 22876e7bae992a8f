package chunker

import (
	"slices"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
)

// rule says what a node type declares.
type rule struct {
	kind string
	// members: the body holds member declarations (class-like), so an
	// oversized declaration splits into a header chunk and member chunks.
	members bool
	// transparent: a namespace or module whose members are not qualified by
	// its name.
	transparent bool
}

// tableSpec is a langSpec driven by a node type table plus optional hooks.
type tableSpec struct {
	rules map[string]rule
	// bodyTypes name the member container when there is no "body" field.
	bodyTypes []string
	// nameTypes are searched breadth-first for the name when there is no
	// "name" field.
	nameTypes []string
	// unwrap maps wrapper node types (templates, exports) to the child that
	// holds the declaration.
	unwrap map[string]bool
	// custom runs first and may handle a node completely.
	custom func(c *coder, n *sitter.Node, parent string) (*decl, bool)
	// name overrides name extraction: it returns the name node, or nil
	// for the default.
	name func(c *coder, n *sitter.Node) *sitter.Node
}

func (t *tableSpec) classify(c *coder, n *sitter.Node, parent string) *decl {
	return t.classifyAt(c, n, parent, 0)
}

// classifyAt classifies n, unwrapped depth times already.
func (t *tableSpec) classifyAt(c *coder, n *sitter.Node, parent string, depth int) *decl {
	if t.custom != nil {
		if d, done := t.custom(c, n, parent); done {
			return d
		}
	}
	typ := n.Type()
	if t.unwrap[typ] {
		if depth >= maxClassifyDepth {
			return nil
		}
		count := int(n.NamedChildCount())
		for i := count - 1; i >= 0; i-- {
			ch := n.NamedChild(i)
			if _, ok := t.rules[ch.Type()]; ok || t.unwrap[ch.Type()] {
				d := t.classifyAt(c, ch, parent, depth+1)
				switch {
				case d == nil:
				case d.body == nil && strings.HasSuffix(d.sig, ";"):
					// "template <typename T> class StatusOr;" announces
					// a type: its signature keeps the ";" that says so,
					// past the template line.
					d.sig = headerText(c.src, n.StartByte(), n.EndByte())
				case d.body == nil:
					d.sig = c.signature(n, field(d.node, "body"))
				default:
					d.sig = c.signature(n, d.body)
				}
				return d
			}
		}
		return nil
	}
	r, ok := t.rules[typ]
	if !ok {
		return nil
	}
	var nm *sitter.Node
	if t.name != nil {
		nm = t.name(c, n)
	}
	if nm == nil {
		nm = c.nameNode(n, t.nameTypes...)
	}
	name, names := c.named(nm)
	body := field(n, "body")
	if body == nil && len(t.bodyTypes) > 0 {
		body = childOfType(n, t.bodyTypes...)
	}
	d := &decl{name: name, names: names, kind: r.kind, sig: c.signature(n, body), node: n}
	if r.members && body != nil {
		d.body = body
		d.transparent = r.transparent
	}
	return d
}

// gtestMacros are GoogleTest's (and its kin's) test definitions:
// TEST(Suite, Name) { … }, which the grammar reads as a function TEST.
var gtestMacros = set("TEST", "TEST_F", "TEST_P", "TYPED_TEST", "TYPED_TEST_P", "GTEST_TEST")

// gtestNames returns the suite and the name of a test macro's
// definition: two bare names in its parentheses.
func gtestNames(c *coder, n *sitter.Node, name string) (suite, test string, ok bool) {
	if !gtestMacros[name] {
		return "", "", false
	}
	params := field(field(n, "declarator"), "parameters")
	if params == nil || params.NamedChildCount() != 2 {
		return "", "", false
	}
	var words [2]string
	for i := range 2 {
		p := params.NamedChild(i)
		if p.Type() != "parameter_declaration" || p.NamedChildCount() != 1 {
			return "", "", false
		}
		words[i] = c.content(p)
	}
	return words[0], words[1], true
}

// cName follows the declarator chain of a C or C++ declaration down to the
// declared identifier and returns its text and node.
func cName(c *coder, n *sitter.Node) (string, []*sitter.Node) {
	if nm := cParenthesizedName(n); nm != nil {
		return c.named(nm)
	}
	d := field(n, "declarator")
	for i := 0; d != nil && i < 8; i++ {
		switch d.Type() {
		case "identifier", "field_identifier", "qualified_identifier", "operator_name",
			"destructor_name", "type_identifier", "primitive_type":
			return c.named(d)
		case "operator_cast":
			// `operator bool() const`: named for the type it converts to,
			// as clangd names it.
			if t := field(d, "type"); t != nil {
				return "operator " + strings.Join(strings.Fields(c.content(t)), " "), nil
			}
		}
		next := field(d, "declarator")
		if next == nil {
			// A parenthesized declarator has no field: `typedef void
			// (redisCallbackFn)(…)` names its type inside one.
			next = childOfType(d, "function_declarator", "pointer_declarator", "reference_declarator",
				"identifier", "field_identifier", "qualified_identifier", "operator_name", "destructor_name",
				"type_identifier", "parenthesized_declarator")
		}
		d = next
	}
	return "", nil
}

// cParenthesizedName returns the name of "API type (name) (params);", a
// prototype whose name is parenthesized so that a macro of the name does
// not expand (Lua's "LUA_API void (lua_close) (lua_State *L);"), as the
// parser reads it without knowing the macro API: a function declarator
// whose declarator is a function declarator (a function returning a
// function, which C does not have) with one parameter of a bare type,
// the name; the function may return a pointer (`const char
// *PREFIX(name)(…)`, expat's macro of a name). Nil for any other
// declaration.
func cParenthesizedName(n *sitter.Node) *sitter.Node {
	outer := field(n, "declarator")
	for outer != nil && outer.Type() == "pointer_declarator" {
		outer = field(outer, "declarator")
	}
	if outer == nil || outer.Type() != "function_declarator" {
		return nil
	}
	inner := field(outer, "declarator")
	if inner == nil || inner.Type() != "function_declarator" {
		return nil
	}
	params := field(inner, "parameters")
	if params == nil || params.NamedChildCount() != 1 {
		return nil
	}
	p := params.NamedChild(0)
	if p.Type() != "parameter_declaration" || field(p, "declarator") != nil {
		return nil
	}
	if t := field(p, "type"); t != nil && t.Type() == "type_identifier" {
		return t
	}
	return nil
}

// hasFunctionDeclarator reports whether a C declaration declares a function
// (a prototype) rather than a variable. A pointer to a function (`jv
// (*a1)(jq_state *, jv);`) is a variable; a name alone in parentheses
// (`int (lua_close) (lua_State *L);`) is still a function's.
func hasFunctionDeclarator(n *sitter.Node) bool {
	d := field(n, "declarator")
	for i := 0; d != nil && i < 8; i++ {
		if d.Type() == "function_declarator" {
			inner := field(d, "declarator")
			return inner == nil || inner.Type() != "parenthesized_declarator" || childOfType(inner, "pointer_declarator") == nil
		}
		d = field(d, "declarator")
	}
	return false
}

// nestedType is the class or struct a C++ class declares inside its body
// (`class handle { … };`, which the grammar reads as a field without a
// name), with its members: fmt's `basic_format_arg::handle`. A field of
// an anonymous or inline type (`struct { int x; } pos;`) stays a field,
// and so does a C struct's, whose members are not split out.
func nestedType(c *coder, n *sitter.Node, parent string) *decl {
	t := field(n, "type")
	if t == nil || field(t, "body") == nil || field(t, "name") == nil || field(n, "declarator") != nil {
		return nil
	}
	d := c.spec.decl(c, t, parent)
	if d == nil || d.body == nil {
		return nil
	}
	d.node = n
	return d
}

// cppModuleDirective reports C++20's module lines (`import std;`,
// `export module fmt;`), which the grammar reads as declarations of
// variables.
func cppModuleDirective(text string) bool {
	text = strings.TrimPrefix(text, "export ")
	return strings.HasPrefix(text, "import ") || strings.HasPrefix(text, "module ") || strings.HasPrefix(text, "module;")
}

func cCustom(c *coder, n *sitter.Node, parent string) (*decl, bool) {
	switch n.Type() {
	case "declaration", "field_declaration":
		if parent != "" && n.Type() == "field_declaration" && !hasFunctionDeclarator(n) {
			if d := nestedType(c, n, parent); d != nil {
				return d, true
			}
			return nil, true // a field: part of the class header
		}
		if cppModuleDirective(c.content(n)) {
			return nil, true // C++20's `import std;`, which the grammar reads as a variable std of type import
		}
		if t := field(n, "type"); t != nil && field(t, "body") != nil {
			// struct foo { ... } x;
			name, names := c.named(c.nameNode(t))
			d := &decl{name: name, names: names, kind: strings.TrimSuffix(t.Type(), "_specifier"), sig: c.signature(n, field(t, "body")), node: n}
			return d, true
		}
		kind, sig := "var", c.signature(n, nil)
		if hasFunctionDeclarator(n) && (inStatement(n) || keywordNamed(c, n)) {
			// A statement the grammar misread (Janet's `else if
			// (S_ISFIFO(m)) str = "fifo";` under an #ifndef, read as a
			// prototype of `if`), no declaration.
			return nil, true
		}
		if hasFunctionDeclarator(n) {
			// A prototype is its whole declaration, its parameters on
			// several lines too: it ends with the ";" that tells it from
			// the definition.
			kind, sig = "function", headerText(c.src, n.StartByte(), c.beforeComment(n, n.EndByte()))
		}
		name, names := cName(c, n)
		return &decl{name: name, names: names, kind: kind, sig: sig, node: n}, true
	case "struct_specifier", "union_specifier", "enum_specifier", "class_specifier":
		if next := n.NextSibling(); field(n, "body") == nil && next != nil && next.Type() == ";" {
			// "struct foo;" declares what another file defines: its
			// signature keeps the ";" that tells it from the definition,
			// as a prototype's does.
			name, names := c.named(c.nameNode(n))
			return &decl{name: name, names: names, kind: strings.TrimSuffix(n.Type(), "_specifier"), sig: c.signature(n, nil) + ";", node: n}, true
		}
	case "type_definition":
		name, names := cName(c, n)
		return &decl{name: name, names: names, kind: "type", sig: c.signature(n, field(field(n, "type"), "body")), node: n}, true
	case "function_definition":
		if inStatement(n) {
			// No function is defined in a switch or a loop: a statement
			// the grammar misread as one (Janet's `VM_OP(JOP_RETURN) {`
			// opcode cases, a call before a block). One directly in
			// another function's body is a real one a misparse swallowed
			// (the kernel's scheduler_tick), kept.
			return nil, true
		}
		if d := field(n, "declarator"); d != nil && (d.Type() == "field_identifier" || d.Type() == "identifier") && childOfType(n, "pure_virtual_clause") != nil {
			// `int size_ = 0;`, which the grammar reads as a pure
			// virtual function without parameters: a member variable.
			return nil, parent != ""
		}
		name, names := cName(c, n)
		d := &decl{name: name, names: names, kind: "function", sig: c.signature(n, field(n, "body")), node: n}
		if suite, test, ok := gtestNames(c, n, name); ok {
			// TEST(StatusErrno, ErrnoToStatusCode) { … }: the test
			// StatusErrno.ErrnoToStatusCode, not a function TEST.
			d.name, d.names, d.parent, d.kind = test, nil, suite, "test"
			return d, true
		}
		if i := strings.LastIndex(name, "::"); i > 0 && parent == "" {
			// void Foo::bar() {...} defines a method of Foo.
			d.parent, d.name = name[:i], name[i+2:]
		}
		return d, true
	}
	return nil, false
}

func init() {
	cRules := map[string]rule{
		"function_definition":  {kind: "function"},
		"struct_specifier":     {kind: "struct"},
		"union_specifier":      {kind: "union"},
		"enum_specifier":       {kind: "enum"},
		"preproc_def":          {kind: "macro"},
		"preproc_function_def": {kind: "macro"},
	}
	specs["c"] = &langSpec{
		comments:    set("comment"),
		imports:     set("preproc_include"),
		classify:    (&tableSpec{rules: cRules, custom: cCustom}).classify,
		passthrough: conditionals,
	}

	cppRules := map[string]rule{
		"function_definition":   {kind: "function"},
		"struct_specifier":      {kind: "struct", members: true},
		"class_specifier":       {kind: "class", members: true},
		"union_specifier":       {kind: "union"},
		"enum_specifier":        {kind: "enum"},
		"namespace_definition":  {kind: "namespace", members: true, transparent: true},
		"linkage_specification": {kind: "namespace", members: true, transparent: true},
		"preproc_def":           {kind: "macro"},
		"preproc_function_def":  {kind: "macro"},
		"alias_declaration":     {kind: "type"},
		"concept_definition":    {kind: "type"},
	}
	specs["cpp"] = &langSpec{
		comments:    set("comment"),
		imports:     set("preproc_include", "using_declaration"),
		classify:    (&tableSpec{rules: cppRules, custom: cCustom, unwrap: set("template_declaration")}).classify,
		passthrough: conditionals,
	}

	specs["java"] = &langSpec{
		comments:    set("line_comment", "block_comment"),
		docPrefixes: []string{"/**"},
		imports:     set("package_declaration", "import_declaration"),
		classify: (&tableSpec{rules: map[string]rule{
			"class_declaration":               {kind: "class", members: true},
			"interface_declaration":           {kind: "interface", members: true},
			"enum_declaration":                {kind: "enum", members: true},
			"record_declaration":              {kind: "record", members: true},
			"annotation_type_declaration":     {kind: "interface", members: true},
			"method_declaration":              {kind: "method"},
			"constructor_declaration":         {kind: "constructor"},
			"compact_constructor_declaration": {kind: "constructor"},
		}}).classify,
		// An enum's constructors and methods follow its constants in a
		// node of their own, as members of the enum.
		passthrough: set("enum_body_declarations"),
	}

	specs["rust"] = &langSpec{
		comments:     set("line_comment", "block_comment"),
		attachments:  set("attribute_item"),
		isAttachment: unwrappedMacro,
		docPrefixes:  []string{"///", "/**"},
		imports:      set("use_declaration", "extern_crate_declaration"),
		classify: rustTestModules((&tableSpec{rules: map[string]rule{
			"function_item":           {kind: "function"},
			"function_signature_item": {kind: "function"},
			"struct_item":             {kind: "struct"},
			"enum_item":               {kind: "enum"},
			"union_item":              {kind: "union"},
			"trait_item":              {kind: "trait", members: true},
			"impl_item":               {kind: "impl", members: true},
			"mod_item":                {kind: "module", members: true, transparent: true},
			"const_item":              {kind: "const"},
			"static_item":             {kind: "var"},
			"type_item":               {kind: "type"},
			"macro_definition":        {kind: "macro"},
		}, custom: func(c *coder, n *sitter.Node, parent string) (*decl, bool) {
			if n.Type() != "function_item" || !rustTest(c, n) {
				return nil, false
			}
			// `#[test] fn rewind_resets_eta()`: a test beside the code
			// it tests, ranked as a test file's function is.
			name, names := c.named(field(n, "name"))
			return &decl{name: name, names: names, kind: "test", sig: c.signature(n, field(n, "body")), node: n}, true
		}, name: func(c *coder, n *sitter.Node) *sitter.Node {
			if n.Type() != "impl_item" {
				return nil
			}
			// The type past a reference and its generics, as the graph
			// and ctags scope the methods (`impl Kind for &'a str`: str;
			// a blanket `impl<T> Kind for T`: T).
			return rustTypeName(field(n, "type"))
		}}).classify),
	}

	specs["csharp"] = &langSpec{
		comments:    set("comment"),
		docPrefixes: []string{"///", "/**"},
		imports:     set("using_directive", "file_scoped_namespace_declaration", "extern_alias_directive"),
		classify: (&tableSpec{rules: map[string]rule{
			"namespace_declaration":           {kind: "namespace", members: true, transparent: true},
			"class_declaration":               {kind: "class", members: true},
			"struct_declaration":              {kind: "struct", members: true},
			"interface_declaration":           {kind: "interface", members: true},
			"record_declaration":              {kind: "record", members: true},
			"record_struct_declaration":       {kind: "record", members: true},
			"enum_declaration":                {kind: "enum"},
			"delegate_declaration":            {kind: "type"},
			"method_declaration":              {kind: "method"},
			"constructor_declaration":         {kind: "constructor"},
			"destructor_declaration":          {kind: "method"},
			"operator_declaration":            {kind: "method"},
			"conversion_operator_declaration": {kind: "method"},
			"property_declaration":            {kind: "property"},
			"indexer_declaration":             {kind: "property"},
			"event_declaration":               {kind: "property"},
		}, custom: func(c *coder, n *sitter.Node, parent string) (*decl, bool) {
			if n.Type() == "destructor_declaration" {
				// `~Holder()`: the finalizer, named as written, so that
				// neither the class nor its constructor is taken for it.
				name, _ := c.named(field(n, "name"))
				return &decl{name: "~" + name, kind: "method", sig: c.signature(n, field(n, "body")), node: n}, true
			}
			if n.Type() == "operator_declaration" || n.Type() == "conversion_operator_declaration" {
				// No name but the operator's, as a call site writes it
				// (`operator +`, `implicit operator Money`).
				return &decl{name: csharpOperatorName(c, n), kind: "method", sig: c.signature(n, field(n, "body")), node: n}, true
			}
			if n.Type() != "indexer_declaration" {
				return nil, false
			}
			// `public TValue this[TKey key] { get … }` has no name but its
			// keyword, which its uses write (`dict[key]` is this[]).
			body := field(n, "accessors")
			if body == nil {
				body = field(n, "value")
			}
			return &decl{name: "this[]", kind: "property", sig: c.signature(n, body), node: n}, true
		}}).classify,
		passthrough: conditionals,
	}

	specs["ruby"] = &langSpec{
		comments: set("comment"),
		isImport: func(c *coder, n *sitter.Node) bool {
			if n.Type() != "call" || field(n, "receiver") != nil {
				return false
			}
			m := field(n, "method")
			if m == nil {
				return false
			}
			switch c.content(m) {
			case "require", "require_relative", "load", "autoload":
				return true
			}
			return false
		},
		classify: (&tableSpec{rules: map[string]rule{
			"class":            {kind: "class", members: true},
			"singleton_class":  {kind: "class", members: true, transparent: true},
			"module":           {kind: "module", members: true, transparent: true},
			"method":           {kind: "function"},
			"singleton_method": {kind: "function"},
		}, custom: func(c *coder, n *sitter.Node, parent string) (*decl, bool) {
			if n.Type() == "assignment" {
				if l := field(n, "left"); l != nil && l.Type() == "constant" {
					name, names := c.named(l)
					if kind, body := rubyNewClass(c, field(n, "right")); body != nil {
						// `ConfigError = Class.new(StandardError) do … end`: a
						// class, its block's methods its own, as ROM's errors.
						return &decl{name: name, names: names, kind: kind, sig: c.signature(n, body), node: n, body: body}, true
					}
					return &decl{name: name, names: names, kind: "const", sig: c.signature(n, nil), node: n}, true
				}
			}
			return nil, false
		}}).classify,
	}
	rubyTable := specs["ruby"].classify
	specs["ruby"].classify = func(c *coder, n *sitter.Node, parent string) *decl {
		d := rubyTable(c, n, parent)
		if d != nil && d.kind == "module" && rubyMixin(d.body) {
			d.transparent = false
		}
		return d
	}

	specs["php"] = &langSpec{
		comments:    set("comment"),
		docPrefixes: []string{"/**"},
		imports:     set("php_tag", "namespace_use_declaration", "declare_statement"),
		// A helper declared under a guard (`if (! function_exists('app'))
		// { function app(…) … }`, Laravel's helpers.php, fifty of them).
		branching: set("if_statement", "compound_statement", "colon_block"),
		classify: (&tableSpec{rules: map[string]rule{
			"namespace_definition":  {kind: "namespace", members: true, transparent: true},
			"class_declaration":     {kind: "class", members: true},
			"interface_declaration": {kind: "interface", members: true},
			"trait_declaration":     {kind: "trait", members: true},
			"enum_declaration":      {kind: "enum", members: true},
			"function_definition":   {kind: "function"},
			"method_declaration":    {kind: "method"},
		}, custom: func(c *coder, n *sitter.Node, parent string) (*decl, bool) {
			switch n.Type() {
			case "namespace_definition":
				if field(n, "body") == nil {
					return nil, true // "namespace App;" is part of the header
				}
			case "const_declaration":
				if parent != "" {
					return nil, true
				}
				var names []string
				var nodes []*sitter.Node
				for el := range children(n, true) {
					if el.Type() == "const_element" {
						if nm := childOfType(el, "name"); nm != nil {
							names = append(names, c.content(nm))
							nodes = append(nodes, nm)
						}
					}
				}
				return &decl{name: joinNames(names), names: nodes, kind: "const", sig: c.signature(n, nil), node: n}, true
			}
			return nil, false
		}}).classify,
	}

	specs["kotlin"] = &langSpec{
		comments:    set("line_comment", "multiline_comment", "comment"),
		docPrefixes: []string{"/**"},
		imports:     set("package_header", "import_list", "import_header", "shebang_line", "file_annotation"),
		classify: (&tableSpec{rules: map[string]rule{
			"class_declaration":     {kind: "class", members: true},
			"object_declaration":    {kind: "object", members: true},
			"companion_object":      {kind: "object", members: true},
			"function_declaration":  {kind: "function"},
			"secondary_constructor": {kind: "constructor"},
			"type_alias":            {kind: "type"},
		}, bodyTypes: []string{"class_body", "enum_class_body", "function_body"},
			nameTypes: []string{"type_identifier", "simple_identifier"},
			custom: func(c *coder, n *sitter.Node, parent string) (*decl, bool) {
				switch n.Type() {
				case "secondary_constructor":
					// Named for its class, as Java's and C#'s constructors
					// are; it has no name of its own, and the first
					// identifier under it is a parameter's.
					name := lastSegment(parent)
					if name == "" {
						name = "constructor"
					}
					return &decl{name: name, kind: "constructor", sig: c.signature(n, childOfType(n, "statements")), node: n}, true
				case "class_declaration":
					// One node type for classes, interfaces and enum classes.
					body := childOfType(n, "class_body", "enum_class_body")
					name, names := c.named(c.nameNode(n, "type_identifier"))
					d := &decl{name: name, names: names, kind: "class", sig: c.signature(n, body), node: n, body: body}
					if sig := " " + d.sig; strings.Contains(sig, " interface ") {
						d.kind = "interface"
					} else if strings.Contains(sig, " enum class ") {
						d.kind = "enum"
					}
					return d, true
				case "companion_object":
					if field(n, "name") == nil && childOfType(n, "type_identifier") == nil {
						body := childOfType(n, "class_body")
						return &decl{name: "Companion", kind: "object", sig: c.signature(n, body), node: n, body: body}, true
					}
				case "property_declaration":
					if parent != "" {
						return nil, true
					}
					// The binding says val or var; the signature's first
					// line may be an annotation (@OptIn(…) above
					// "internal val SaveBody"), so it runs to the declared
					// name and type.
					kind := "var"
					if b := childOfType(n, "binding_pattern_kind"); b != nil && c.content(b) == "val" {
						kind = "const"
					}
					sig := c.signature(n, nil)
					if v := childOfType(n, "variable_declaration"); v != nil {
						sig = headerText(c.src, n.StartByte(), v.EndByte())
					}
					name, names := c.named(c.nameNode(n, "simple_identifier"))
					return &decl{name: name, names: names, kind: kind, sig: sig, node: n}, true
				}
				return nil, false
			}}).classify,
	}

	specs["swift"] = &langSpec{
		comments:    set("comment", "multiline_comment"),
		docPrefixes: []string{"///", "/**"},
		imports:     set("import_declaration"),
		classify: (&tableSpec{rules: map[string]rule{
			"class_declaration":             {kind: "class", members: true},
			"protocol_declaration":          {kind: "protocol", members: true},
			"function_declaration":          {kind: "function"},
			"protocol_function_declaration": {kind: "method"},
			"init_declaration":              {kind: "constructor"},
			"deinit_declaration":            {kind: "method"},
			"subscript_declaration":         {kind: "method"},
			"typealias_declaration":         {kind: "type"},
		}, nameTypes: []string{"simple_identifier", "type_identifier"},
			custom: func(c *coder, n *sitter.Node, parent string) (*decl, bool) {
				switch n.Type() {
				case "deinit_declaration":
					return &decl{name: "deinit", kind: "method", sig: c.signature(n, field(n, "body")), node: n}, true
				case "class_declaration":
					// One node type for class, struct, enum, extension and actor;
					// the keyword says which.
					kind := "class"
					if k := n.Child(0); k != nil && !k.IsNamed() {
						kind = k.Type()
					} else if m := childOfType(n, "modifiers"); m != nil && m.NextSibling() != nil {
						kind = m.NextSibling().Type()
					}
					body := field(n, "body")
					name, names := c.named(c.nameNode(n, "type_identifier"))
					return &decl{name: name, names: names, kind: kind, sig: c.signature(n, body), node: n, body: body}, true
				case "init_declaration":
					return &decl{name: "init", kind: "constructor", sig: c.signature(n, field(n, "body")), node: n}, true
				case "subscript_declaration":
					// Named by its keyword, as init is; its only identifier
					// is the type it returns (`-> Int?`).
					return &decl{name: "subscript", kind: "method", sig: c.signature(n, field(n, "body")), node: n}, true
				case "property_declaration":
					if parent != "" && field(n, "computed_value") == nil {
						return nil, true
					}
					kind := "var"
					if strings.HasPrefix(strings.TrimSpace(c.signature(n, nil)), "let ") {
						kind = "const"
					}
					if parent != "" {
						kind = "property"
					}
					name, names := c.named(c.nameNode(n, "simple_identifier"))
					return &decl{name: name, names: names, kind: kind, sig: c.signature(n, field(n, "computed_value")), node: n}, true
				}
				return nil, false
			}}).classify,
	}

	specs["scala"] = &langSpec{
		comments:    set("comment", "block_comment"),
		docPrefixes: []string{"/**"},
		imports:     set("package_clause", "import_declaration"),
		classify: (&tableSpec{rules: map[string]rule{
			"class_definition":     {kind: "class", members: true},
			"object_definition":    {kind: "object", members: true},
			"trait_definition":     {kind: "trait", members: true},
			"enum_definition":      {kind: "enum", members: true},
			"function_definition":  {kind: "function"},
			"function_declaration": {kind: "function"},
			"type_definition":      {kind: "type"},
			"given_definition":     {kind: "var"},
		}, custom: func(c *coder, n *sitter.Node, parent string) (*decl, bool) {
			switch n.Type() {
			case "val_definition", "var_definition":
				if parent != "" {
					return nil, true
				}
				kind := "const"
				if n.Type() == "var_definition" {
					kind = "var"
				}
				p := field(n, "pattern")
				d := &decl{kind: kind, sig: c.signature(n, nil), node: n}
				if p != nil {
					d.name, d.names = c.content(p), []*sitter.Node{p}
				}
				return d, true
			}
			return nil, false
		}}).classify,
	}

	specs["bash"] = &langSpec{
		comments: set("comment"),
		classify: (&tableSpec{rules: map[string]rule{
			"function_definition": {kind: "function"},
		}}).classify,
	}

	// Protocol Buffers: messages and enums (nested ones too), services
	// and their RPCs, named as LSP servers for the language kind them.
	specs["protobuf"] = &langSpec{
		comments: set("comment"),
		imports:  set("syntax", "edition", "package", "import", "option"),
		classify: (&tableSpec{rules: map[string]rule{
			"message": {kind: "struct", members: true},
			"enum":    {kind: "enum"},
			"rpc":     {kind: "method"},
		}, bodyTypes: []string{"message_body", "enum_body"},
			nameTypes: []string{"message_name", "enum_name", "rpc_name"}, custom: protoService}).classify,
	}

	// TOML: each [table] and [[array of tables]] is a declaration named by
	// its key, so a configuration file is chunked and listed by sections.
	specs["toml"] = &langSpec{
		comments: set("comment"),
		classify: (&tableSpec{rules: map[string]rule{
			"table":               {kind: "table"},
			"table_array_element": {kind: "table"},
		}, nameTypes: []string{"dotted_key", "bare_key", "quoted_key"}}).classify,
	}

	// HCL (Terraform, Nomad, Packer): every block is a declaration,
	// kinded by its type (resource, variable, module, …) and named as
	// Terraform addresses it (aws_instance.web, var.region: hclBlock);
	// nested blocks are its members.
	specs["hcl"] = &langSpec{
		comments: set("comment"),
		classify: hclBlock,
		// A file's blocks are wrapped in one body: they are its items.
		passthrough: set("body"),
	}

	// YAML: every key of a block mapping is a declaration named by the
	// key; a key whose value is a nested mapping holds its keys as
	// members, so a large file splits between keys and get_symbols lists
	// the outline (jobs, jobs.test, jobs.test.steps). Documents are
	// passed through: their keys are the file's items.
	specs["yaml"] = &langSpec{
		comments:    set("comment"),
		classify:    yamlKey,
		passthrough: set("document", "block_node", "block_mapping"),
	}

	specs["lua"] = &langSpec{
		comments: set("comment"),
		classify: classifyLua,
	}
}

// rubyMixin reports whether a Ruby module declares instance methods
// (`module Helpers` with `def status`), which a class that includes it
// gains: they are its members, as a class's are, while a module of
// classes and module functions (`def self.register`) is a namespace
// they are named without.
func rubyMixin(body *sitter.Node) bool {
	for ch := range children(body, true) {
		if ch.Type() == "method" {
			return true
		}
	}
	return false
}

// protoService makes a service a container of its RPCs: the grammar has
// no body node, the RPCs are the service's own children.
func protoService(c *coder, n *sitter.Node, _ string) (*decl, bool) {
	if n.Type() != "service" {
		return nil, false
	}
	name, names := c.named(c.nameNode(n, "service_name"))
	return &decl{name: name, names: names, kind: "interface", sig: c.signature(n, n), node: n, body: n}, true
}

// hclBlock classifies an HCL block: `resource "aws_instance" "web" {…}`
// is a resource named aws_instance.web; a block without labels
// (`locals {…}`) is named by its type. A labelled block's last label is
// its name and what comes before is its parent, as Terraform addresses
// it (hclParent), so that the graph's uses (var.cidr, aws_vpc.this.id)
// find it.
func hclBlock(c *coder, n *sitter.Node, _ string) *decl {
	if n.Type() != "block" {
		return nil
	}
	var kind string
	var labels []string
	var names []*sitter.Node
	for i := 0; i < int(n.NamedChildCount()); i++ {
		ch := n.NamedChild(i)
		switch ch.Type() {
		case "identifier":
			if kind == "" {
				kind = ch.Content(c.src)
			} else {
				labels, names = append(labels, ch.Content(c.src)), append(names, ch)
			}
		case "string_lit":
			if lit := childOfType(ch, "template_literal"); lit != nil {
				labels, names = append(labels, lit.Content(c.src)), append(names, lit)
			}
		}
	}
	if kind == "" {
		return nil
	}
	body := childOfType(n, "body")
	d := &decl{name: kind, kind: kind, sig: c.signature(n, childOfType(n, "block_start")), node: n, body: body}
	if kind == "locals" {
		d.name = "local" // its values are local.NAME
	}
	if k := len(labels); k > 0 {
		d.name, d.names, d.parent = labels[k-1], names[k-1:], hclParent(kind, labels[:k-1])
	}
	return d
}

// hclParent is the address before a labelled block's name: var for a
// variable (var.cidr), module for a module, data.TYPE for a data source,
// the type for a resource (aws_vpc.this), else the block type and its
// other labels.
func hclParent(kind string, labels []string) string {
	switch kind {
	case "variable":
		return "var"
	case "resource":
		if len(labels) > 0 {
			return strings.Join(labels, ".")
		}
	case "data":
		return strings.Join(append([]string{"data"}, labels...), ".")
	}
	return strings.Join(append([]string{kind}, labels...), ".")
}

// yamlKey classifies a YAML block mapping pair by its key.
func yamlKey(c *coder, n *sitter.Node, _ string) *decl {
	if n.Type() != "block_mapping_pair" {
		return nil
	}
	key := field(n, "key")
	if key == nil {
		return nil
	}
	name, names := c.named(key)
	name = strings.Trim(name, `"'`)
	if name == "" {
		return nil
	}
	var body *sitter.Node
	if v := field(n, "value"); v != nil && v.Type() == "block_node" {
		body = childOfType(v, "block_mapping")
	}
	return &decl{name: name, names: names, kind: "key", sig: c.signature(n, body), node: n, body: body}
}

// classifyLua handles Lua, whose grammar keeps doc comments inside the
// declaration node ("documentation" children).
func classifyLua(c *coder, n *sitter.Node, parent string) *decl {
	var d *decl
	switch n.Type() {
	case "function_statement", "local_function_statement", "function_declaration":
		name, names := c.named(field(n, "name"))
		d = &decl{name: name, names: names, kind: "function", node: n, sig: luaSignature(c, n)}
		luaMember(d)
	case "variable_declaration", "local_variable_declaration":
		nm := field(n, "name")
		if nm == nil {
			return nil
		}
		name, names := c.named(nm)
		d = &decl{name: name, names: names, kind: "var", node: n, sig: luaSignature(c, n)}
		if v := field(n, "value"); v != nil && (v.Type() == "function_definition" || v.Type() == "function") {
			d.kind = "function"
			luaMember(d) // `M.close = function(h)` is M's, as `function M.close(h)` is
		}
	default:
		return nil
	}
	// Doc comments live inside the node, before the code.
	docs := fieldChildren(n, "documentation")
	if from := luaLeadEnd(c, n); from > 0 {
		d.from = from
		docs = slices.DeleteFunc(docs, func(x *sitter.Node) bool { a, _ := c.rows(x); return a < from })
	}
	var first, last *sitter.Node
	if len(docs) > 0 {
		first, last = docs[0], docs[len(docs)-1]
	}
	if first != nil {
		d.doc = strings.TrimSpace(string(c.src[first.StartByte():last.EndByte()]))
		d.docA, _ = c.rows(first)
		_, d.docB = c.rows(last)
	}
	return d
}

// luaMember makes a function declared with a dotted name (`M.open`,
// `M.sub.run`) its table's, and one declared with a colon (`M:close`) its
// table's method.
func luaMember(d *decl) {
	for _, sep := range []string{":", "."} {
		if i := strings.LastIndex(d.name, sep); i > 0 {
			d.parent, d.name = d.name[:i], d.name[i+1:]
			if sep == ":" {
				d.kind = "method"
			}
			return
		}
	}
}

// luaLeadEnd is the first line of the comments a Lua declaration's node
// begins with that no blank line parts from its code, when a blank line
// parts others before them (the grammar folds a file's `---@brief` header
// into its first function); 0 when none does.
func luaLeadEnd(c *coder, n *sitter.Node) int {
	count := int(n.ChildCount())
	k := 0
	for k < count && (n.Child(k).Type() == "comment" || n.FieldNameForChild(k) == "documentation") {
		k++
	}
	if k == count {
		return 0
	}
	next, _ := c.rows(n.Child(k))
	for i := k - 1; i >= 0; i-- {
		a, b := c.rows(n.Child(i))
		if b+1 < next {
			return next
		}
		next = a
	}
	return 0
}

// luaSignature is the first code line of a Lua declaration, skipping its
// documentation.
func luaSignature(c *coder, n *sitter.Node) string {
	start := n.StartByte()
	if docs := fieldChildren(n, "documentation"); len(docs) > 0 {
		start = docs[len(docs)-1].EndByte()
	}
	text := strings.TrimSpace(string(c.src[start:n.EndByte()]))
	if i := strings.IndexByte(text, '\n'); i >= 0 {
		text = text[:i]
	}
	return strings.Join(strings.Fields(text), " ")
}

// conditionals are C's preprocessor conditionals, whose branches hold
// declarations as the file does: "#ifdef CONFIG_SYSFS" around two
// functions left both unnamed, in the outline and in the chunks.
var conditionals = set("preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif", "preproc_elifdef")

// csharpOperatorName names a C# operator by its symbol (`operator +`,
// `operator ==`) and a conversion by its kind and target type (`implicit
// operator Money`).
func csharpOperatorName(c *coder, n *sitter.Node) string {
	var words []string
	after := false // past the operator keyword
	for ch := range children(n, false) {
		switch t := ch.Type(); {
		case t == "implicit" || t == "explicit":
			words = append(words, t)
		case t == "operator":
			words, after = append(words, t), true
		case after && n.Type() == "operator_declaration" && !ch.IsNamed():
			return strings.Join(append(words, c.content(ch)), " ")
		case after && n.Type() == "conversion_operator_declaration" && ch == field(n, "type"):
			return strings.Join(append(words, c.content(ch)), " ")
		}
	}
	return strings.Join(words, " ")
}

// rustTest reports whether an attribute above the function n marks it as
// a test or benchmark: `#[test]`, `#[tokio::test]`, `#[rstest]`,
// `#[test_case(…)]`, `#[bench]`.
func rustTest(c *coder, n *sitter.Node) bool {
	return rustAttributed(c, n, func(attr string) bool {
		path := attr
		if i := strings.IndexAny(path, "( ="); i >= 0 {
			path = path[:i]
		}
		if i := strings.LastIndex(path, "::"); i >= 0 {
			path = path[i+2:]
		}
		return path == "test" || path == "bench" || path == "rstest" || strings.HasPrefix(path, "test_")
	})
}

// rustTestModules makes the modules compiled only for tests
// (`#[cfg(test)] mod tests { … }`) of kind test: tests beside the code,
// ranked as a test file's are.
func rustTestModules(classify func(c *coder, n *sitter.Node, parent string) *decl) func(c *coder, n *sitter.Node, parent string) *decl {
	return func(c *coder, n *sitter.Node, parent string) *decl {
		d := classify(c, n, parent)
		if d != nil && d.kind == "module" && rustAttributed(c, n, cfgTest) {
			d.kind = "test"
		}
		return d
	}
}

// cfgTest reports an attribute that compiles its item for tests alone:
// `cfg(test)`, `cfg(all(test, feature = "x"))`.
func cfgTest(attr string) bool {
	attr = strings.ReplaceAll(attr, " ", "")
	return strings.HasPrefix(attr, "cfg(test)") || strings.HasPrefix(attr, "cfg(all(test,")
}

// rustAttributed reports whether one of the attributes above the item n
// (their text inside `#[…]`) satisfies is.
func rustAttributed(c *coder, n *sitter.Node, is func(attr string) bool) bool {
	for a := n.PrevNamedSibling(); a != nil && (a.Type() == "attribute_item" || a.Type() == "line_comment"); a = a.PrevNamedSibling() {
		if a.Type() == "attribute_item" && is(strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(c.content(a), "#["), "]"))) {
			return true
		}
	}
	return false
}

// rustTypeName returns the name node of a Rust type as an impl names it:
// `Conn` of `Conn<I, B>`, `T` of `&mut T`.
func rustTypeName(t *sitter.Node) *sitter.Node {
	for t != nil && (t.Type() == "reference_type" || t.Type() == "generic_type") {
		t = field(t, "type")
	}
	return t
}

// keywordNamed reports a C or C++ declaration named by a keyword, a
// statement the grammar misread.
func keywordNamed(c *coder, n *sitter.Node) bool {
	name, _ := cName(c, n)
	return cKeywords[name]
}

// inStatement reports whether n lies in a control statement of a
// function's body (a switch, a loop, a branch), where no declaration of
// a function can be.
func inStatement(n *sitter.Node) bool {
	for p := n.Parent(); p != nil; p = p.Parent() {
		switch p.Type() {
		case "function_definition", "translation_unit":
			return false
		case "switch_statement", "case_statement", "if_statement", "else_clause", "for_statement", "while_statement", "do_statement":
			return true
		}
	}
	return false
}

// rubyNewClass returns, for a value made by `Class.new(…) do … end` (or
// Module's, Struct's, Data's `define`), the kind it makes and the body
// of the block that defines its members; a nil body for any other value.
func rubyNewClass(c *coder, v *sitter.Node) (string, *sitter.Node) {
	if v == nil || v.Type() != "call" {
		return "", nil
	}
	recv, m, blk := field(v, "receiver"), field(v, "method"), field(v, "block")
	if recv == nil || m == nil || blk == nil || recv.Type() != "constant" {
		return "", nil
	}
	kind := ""
	switch r, meth := c.content(recv), c.content(m); {
	case r == "Module" && meth == "new":
		kind = "module"
	case (r == "Class" || r == "Struct") && meth == "new", r == "Data" && meth == "define":
		kind = "class"
	default:
		return "", nil
	}
	return kind, field(blk, "body")
}
