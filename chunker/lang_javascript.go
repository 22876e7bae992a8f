package chunker

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
)

func init() {
	js := &langSpec{
		comments:    set("comment"),
		attachments: set("decorator"),
		docPrefixes: []string{"/**"},
		imports:     set("import_statement"),
		classify:    classifyJS,
		moduleBody:  amdBody,
	}
	specs["javascript"] = js
	specs["typescript"] = js
	specs["tsx"] = js
}

// jsFunctionValues are expression types that make a variable a function.
var jsFunctionValues = set("arrow_function", "function", "function_expression", "generator_function")

func classifyJS(c *coder, n *sitter.Node, parent string) *decl {
	return classifyJSAt(c, n, parent, 0)
}

// classifyJSAt classifies n, unwrapped from export statements depth times
// already.
func classifyJSAt(c *coder, n *sitter.Node, parent string, depth int) *decl {
	if depth >= maxClassifyDepth {
		return nil
	}
	switch n.Type() {
	case "export_statement", "ambient_declaration":
		inner := field(n, "declaration")
		if inner == nil {
			inner = childOfType(n, "function_declaration", "class_declaration", "abstract_class_declaration",
				"lexical_declaration", "variable_declaration", "interface_declaration", "type_alias_declaration",
				"enum_declaration", "function_signature", "module", "internal_module", "class")
		}
		if inner == nil {
			return c.jsDefaultObject(n)
		}
		d := classifyJSAt(c, inner, parent, depth+1)
		if d != nil {
			d.sig = c.signature(n, bodyOf(d, inner))
			if d.name == "" {
				d.name = "default" // export default class { ... }
			}
		}
		return d
	case "expression_statement":
		if in := childOfType(n, "internal_module", "module"); in != nil {
			return classifyJSAt(c, in, parent, depth+1)
		}
		if a := childOfType(n, "assignment_expression"); a != nil && n.Parent() != nil {
			switch {
			case n.Parent().Type() == "program":
				return c.jsAssigned(n, a)
			case jsFunctionBody(n.Parent()):
				// A factory's API (`self.conflicts = function conflicts(…)`
				// in `function validation(usage)`, self made `{}` there):
				// the function's members. A function object given
				// properties (`expect.getState = …`) stays one piece.
				if d := c.jsAssigned(n, a); d != nil && d.kind == "function" && c.jsLocalObject(n.Parent(), d.parent) {
					d.parent = qualify(parent, d.parent)
					return d
				}
				return nil
			}
		}
		if call := childOfType(n, "call_expression"); call != nil {
			if d := c.jsCallback(n, call); d != nil || parent != "" {
				return d
			}
			return c.jsExtended(n, call)
		}
		return nil
	case "function_declaration", "generator_function_declaration", "function_signature":
		return c.jsDecl(n, "function", c.signature(n, field(n, "body")), nil)
	case "class_declaration", "abstract_class_declaration", "class":
		body := field(n, "body")
		return c.jsDecl(n, "class", c.signature(n, body), body)
	case "interface_declaration":
		body := field(n, "body")
		return c.jsDecl(n, "interface", c.signature(n, body), body)
	case "enum_declaration":
		return c.jsDecl(n, "enum", c.signature(n, field(n, "body")), nil)
	case "type_alias_declaration":
		return c.jsDecl(n, "type", c.signature(n, nil), nil)
	case "internal_module", "module":
		body := field(n, "body")
		return c.jsDecl(n, "namespace", c.signature(n, body), body)
	case "method_definition", "method_signature", "abstract_method_signature":
		d := c.jsDecl(n, "method", c.signature(n, field(n, "body")), nil)
		if d.name == "constructor" {
			d.kind = "constructor"
		}
		return d
	case "pair":
		// A function an object literal holds, as the outline lists it
		// under the object (listed); no declaration a chunk is split at.
		// An object of functions it holds (a Vue component's methods:
		// {…}) lists them in turn.
		v, key := field(n, "value"), field(n, "key")
		if parent == "" && !c.exportsObject(n.Parent()) || v == nil || key == nil {
			return nil
		}
		name := strings.Trim(c.content(key), `'"`)
		if v.Type() == "object" && holdsFunctions(v) {
			return &decl{name: name, names: []*sitter.Node{key}, kind: "property", sig: c.signature(n, v), node: n, listed: v}
		}
		if !jsFunctionValues[v.Type()] {
			return nil
		}
		return &decl{name: name, names: []*sitter.Node{key}, kind: "method", sig: c.signature(n, field(v, "body")), node: n}
	case "public_field_definition", "field_definition":
		v := field(n, "value")
		if v == nil || !jsFunctionValues[v.Type()] {
			return nil
		}
		name := field(n, "name")
		if name == nil {
			name = field(n, "property")
		}
		if name == nil {
			return nil
		}
		return &decl{name: c.content(name), names: []*sitter.Node{name}, kind: "method", sig: c.signature(n, field(v, "body")), node: n}
	case "lexical_declaration", "variable_declaration":
		var names []string
		var nodes []*sitter.Node
		var fn *sitter.Node
		for vd := range children(n, true) {
			if vd.Type() != "variable_declarator" {
				continue
			}
			nm := c.nameNode(vd)
			if n := field(vd, "name"); n != nil && (n.Type() == "object_pattern" || n.Type() == "array_pattern") {
				// `const { assign } = Object`, `const [a, b] = pair`:
				// the names the pattern binds, not the pattern.
				for _, id := range patternNames(n) {
					names, nodes = append(names, c.content(id)), append(nodes, id)
				}
				continue
			}
			text, _ := c.named(nm)
			names = append(names, text)
			if nm != nil {
				nodes = append(nodes, nm)
			}
			if v := field(vd, "value"); v != nil && jsFunctionValues[v.Type()] {
				fn = v
			}
		}
		if len(names) == 0 {
			return nil
		}
		kind := "var"
		if int(n.StartByte()) < len(c.src) && c.src[n.StartByte()] == 'c' {
			kind = "const"
		}
		if fn != nil && len(names) == 1 {
			return &decl{name: names[0], names: nodes, kind: "function", sig: c.signature(n, field(fn, "body")), node: n}
		}
		d := &decl{name: joinNames(names), names: nodes, kind: kind, sig: c.signature(n, nil), node: n, imported: c.requires(n)}
		if o := objectValue(childOfType(n, "variable_declarator")); len(names) == 1 && holdsFunctions(o) {
			d.listed = o // const api = { add() {…} }
		}
		return d
	}
	return nil
}

// requires reports a declaration that binds modules only (`const path =
// require('node:path')`, `const { a } = await import('./a')`): CommonJS's
// import statement.
func (c *coder) requires(n *sitter.Node) bool {
	found := false
	for vd := range children(n, true) {
		if vd.Type() != "variable_declarator" {
			continue
		}
		if !c.importsValue(field(vd, "value")) {
			return false
		}
		found = true
	}
	return found
}

// importsValue reports a value that is a module's (`require('./foo')`,
// `await import('./foo')`): the names bound to it are imports, which the
// graph resolves to the module's declarations, and declare nothing of
// the file's own.
func (c *coder) importsValue(v *sitter.Node) bool {
	for v != nil && v.Type() == "await_expression" {
		v = v.NamedChild(0)
	}
	if v == nil || v.Type() != "call_expression" {
		return false
	}
	f := field(v, "function")
	return f != nil && (f.Type() == "import" || f.Type() == "identifier" && c.content(f) == "require")
}

// patternNames are the identifiers a destructuring pattern binds, in
// order, nested patterns and defaults included (`{ a, b: { c }, d = 1,
// ...rest }` binds a, c, d and rest); a key that is renamed binds its new
// name only.
func patternNames(n *sitter.Node) []*sitter.Node {
	switch n.Type() {
	case "identifier", "shorthand_property_identifier_pattern":
		return []*sitter.Node{n}
	case "pair_pattern":
		if v := field(n, "value"); v != nil {
			return patternNames(v)
		}
	case "object_assignment_pattern", "assignment_pattern":
		if l := field(n, "left"); l != nil {
			return patternNames(l)
		}
	case "rest_pattern", "object_pattern", "array_pattern":
		var out []*sitter.Node
		for ch := range children(n, true) {
			out = append(out, patternNames(ch)...)
		}
		return out
	}
	return nil
}

// jsFunctionBody reports the block of a function's body, whose own
// statements (not those of its loops and branches) may define its API.
func jsFunctionBody(n *sitter.Node) bool {
	if n.Type() != "statement_block" || n.Parent() == nil {
		return false
	}
	switch n.Parent().Type() {
	case "function_declaration", "function_expression", "function", "arrow_function", "generator_function_declaration":
		return true
	}
	return false
}

// jsLocalObject reports whether body declares name as an object literal
// (`const self = {}`, `let api = {} as Api`).
func (c *coder) jsLocalObject(body *sitter.Node, name string) bool {
	for st := range children(body, true) {
		if st.Type() != "lexical_declaration" && st.Type() != "variable_declaration" {
			continue
		}
		for v := range children(st, true) {
			if v.Type() != "variable_declarator" || field(v, "name") == nil || c.content(field(v, "name")) != name {
				continue
			}
			val := field(v, "value")
			for val != nil && (val.Type() == "as_expression" || val.Type() == "satisfies_expression" || val.Type() == "parenthesized_expression") {
				val = val.NamedChild(0)
			}
			return val != nil && val.Type() == "object"
		}
	}
	return false
}

// jsAssigned is the function a top-level assignment statement declares as
// a member of a named object: CommonJS's `res.send = function (body) {…}`,
// `exports.parse = …` and `Foo.prototype.bar = …`, the way much
// JavaScript defines its API. The object is the parent (an export's none,
// a prototype's its class); an assignment to anything else (`this.x`,
// `a[i]`) declares nothing in the outline. Inside a function's body only
// a function is declared (classifyJSAt).
func (c *coder) jsAssigned(stmt, a *sitter.Node) *decl {
	var names []string
	var nodes []*sitter.Node
	parent := ""
	right := a
	// A chain (`res.set = res.header = function header…`) names one
	// function several times.
	for i := 0; right != nil && right.Type() == "assignment_expression" && i < 8; i++ {
		left := field(right, "left")
		if left == nil || left.Type() != "member_expression" {
			return nil
		}
		prop, obj := field(left, "property"), field(left, "object")
		if prop == nil || obj == nil || !jsNamePath(obj) {
			return nil
		}
		if len(names) == 0 {
			parent = c.jsOwner(obj)
			if parent == "exports" || parent == "module.exports" {
				parent = ""
			}
		}
		if parent == "module" && c.content(prop) == "exports" && len(names) == 0 {
			// module.exports = (options) => {…}: the module's function,
			// no method of a `module` declared nowhere.
			parent, names, nodes = "", append(names, "module.exports"), append(nodes, left)
			right = field(right, "right")
			continue
		}
		names, nodes = append(names, c.content(prop)), append(nodes, left)
		right = field(right, "right")
	}
	if len(names) == 1 && c.exportsObject(right) && holdsFunctions(right) {
		// module.exports = { parse(x) {…} }: the module's own functions,
		// listed as its top-level ones.
		return &decl{name: "module.exports", names: nodes, kind: "var", sig: c.signature(stmt, nil), node: stmt,
			listed: right, transparent: true}
	}
	if right != nil && right.Type() == "object" && len(names) == 1 && parent != "module" && holdsFunctions(right) {
		// jQuery.event = { add: function … }: an object of functions,
		// listed under its name.
		return &decl{name: names[0], names: nodes, kind: "var", parent: parent,
			sig: c.signature(stmt, nil), node: stmt, listed: right}
	}
	if right != nil && right.Type() == "class" && len(names) == 1 {
		return c.jsAssignedClass(stmt, right, names[0], nodes[0], parent)
	}
	if right == nil || !jsFunctionValues[right.Type()] || len(names) == 0 {
		return nil
	}
	return &decl{name: joinNames(names), names: nodes, kind: "function", parent: parent,
		sig: c.signature(stmt, field(right, "body")), node: stmt}
}

// jsAssignedClass is the class a top-level assignment declares
// (`module.exports = class Application extends Emitter {…}`, koa's;
// `exports.Parser = class {…}`): named as the class names itself, or as the
// member it is assigned to, its methods its own. An anonymous class that
// is the module's export names nothing.
func (c *coder) jsAssignedClass(stmt, class *sitter.Node, member string, memberNode *sitter.Node, parent string) *decl {
	body := field(class, "body")
	d := c.jsDecl(class, "class", c.signature(class, body), body)
	if d.name == "" {
		if member == "exports" || member == "module.exports" {
			return nil
		}
		d.name, d.names = member, []*sitter.Node{memberNode}
	}
	if parent == "module" {
		parent = ""
	}
	d.parent, d.node = parent, stmt
	return d
}

// jsCallback is the declaration a call registering a named callback
// makes: a route (`router.get('/users', (req, res) => {…})`), a test
// suite or case (`describe('parser', () => {…})`, `it('parses', …)`),
// named as it is written (`router.get('/users')`) and kinded test for the
// test frameworks' calls. The callback's own such calls are listed under
// it (the cases of a suite); no chunk is cut at them.
func (c *coder) jsCallback(stmt, call *sitter.Node) *decl {
	fn, args := field(call, "function"), field(call, "arguments")
	if fn == nil || args == nil || args.NamedChildCount() < 2 || !jsNamePath(fn) {
		return nil
	}
	label, cb := args.NamedChild(0), args.NamedChild(int(args.NamedChildCount())-1)
	if label.Type() != "string" && label.Type() != "template_string" || !jsFunctionValues[cb.Type()] {
		return nil
	}
	callee := c.content(fn)
	text := c.content(label)
	if len(text) > maxCallbackLabel || strings.ContainsAny(text, "\n") {
		return nil
	}
	kind := "function"
	if jsTestCalls[strings.SplitN(callee, ".", 2)[0]] {
		kind = "test"
	}
	d := &decl{name: callee + "(" + text + ")", kind: kind, sig: c.signature(stmt, field(cb, "body")), node: stmt}
	if body := field(cb, "body"); body != nil && body.Type() == "statement_block" {
		d.listed = body
	}
	return d
}

// jsExtended is the declaration a top-level call that adds an object's
// functions to a named object makes, the way jQuery, Backbone and
// pre-class libraries define their API: `jQuery.fn.extend({ closest:
// function … })` adds them to jQuery.fn (the callee's object),
// `Object.assign(Foo.prototype, {…})` and `_.extend(View.prototype,
// Events, {…})` to Foo and View (the first argument, a prototype's
// class). The functions are listed under that name; no chunk is cut at
// them. Only a module's own statements count (top level, or inside a
// wrapper such as AMD's `define(…, function () {…})`): `$.extend(this,
// {…})` in a function configures an object it makes.
func (c *coder) jsExtended(stmt, call *sitter.Node) *decl {
	fn, args := field(call, "function"), field(call, "arguments")
	if fn == nil || args == nil || args.NamedChildCount() == 0 || !jsNamePath(fn) {
		return nil
	}
	o := args.NamedChild(int(args.NamedChildCount()) - 1)
	if o.Type() != "object" || !holdsFunctions(o) {
		return nil
	}
	var target string
	for i := 0; i < int(args.NamedChildCount())-1; i++ {
		a := args.NamedChild(i)
		if !jsNamePath(a) {
			return nil
		}
		if i == 0 {
			target = c.jsOwner(a)
		}
	}
	if target == "" {
		if fn.Type() != "member_expression" {
			return nil
		}
		target = c.jsOwner(field(fn, "object"))
	}
	parent, name := "", target
	if i := strings.LastIndexByte(target, '.'); i >= 0 {
		parent, name = target[:i], target[i+1:]
	}
	return &decl{name: name, parent: parent, kind: "var", sig: c.signature(stmt, o), node: stmt, listed: o}
}

// maxCallbackLabel bounds the label a callback is named by.
const maxCallbackLabel = 120

// jsTestCalls are the test frameworks' calls (Mocha, Jest, Vitest,
// Jasmine) whose callbacks are suites, cases and hooks.
var jsTestCalls = set("describe", "it", "test", "suite", "context", "beforeEach", "afterEach", "beforeAll",
	"afterAll", "before", "after", "xit", "xdescribe", "fit", "fdescribe", "bench")

// jsDefaultObject is the declaration an `export default` of an object of
// functions makes, directly or passed to a call (a Vue component's
// options, `defineComponent({…})`): named default, as an exported class
// without a name is, with the functions listed under it.
func (c *coder) jsDefaultObject(export *sitter.Node) *decl {
	v := field(export, "value")
	if v != nil && v.Type() == "call_expression" {
		if args := field(v, "arguments"); args != nil && args.NamedChildCount() == 1 {
			v = args.NamedChild(0)
		}
	}
	if v == nil || v.Type() != "object" || !holdsFunctions(v) {
		return nil
	}
	return &decl{name: "default", kind: "var", sig: c.signature(export, v), node: export, listed: v}
}

// exportsObject reports the object literal of `module.exports = {…}`,
// whose functions are listed at the top level.
func (c *coder) exportsObject(o *sitter.Node) bool {
	if o == nil || o.Type() != "object" {
		return false
	}
	a := o.Parent()
	if a == nil || a.Type() != "assignment_expression" {
		return false
	}
	left := field(a, "left")
	if left == nil || left.Type() != "member_expression" {
		return false
	}
	obj, prop := field(left, "object"), field(left, "property")
	return obj != nil && prop != nil && c.content(obj) == "module" && c.content(prop) == "exports"
}

// holdsFunctions reports an object literal with a method or a function
// among its values.
func holdsFunctions(o *sitter.Node) bool {
	if o == nil {
		return false
	}
	for ch := range children(o, true) {
		if ch.Type() == "method_definition" {
			return true
		}
		if v := field(ch, "value"); ch.Type() == "pair" && v != nil && jsFunctionValues[v.Type()] {
			return true
		}
	}
	return false
}

// objectValue is the object literal a declarator binds, or nil.
func objectValue(vd *sitter.Node) *sitter.Node {
	if v := field(vd, "value"); v != nil && v.Type() == "object" {
		return v
	}
	return nil
}

// jsOwner names what a name path's members belong to: the path, or the
// class whose prototype it is (`Foo.prototype` is Foo's).
func (c *coder) jsOwner(path *sitter.Node) string {
	return strings.TrimSuffix(c.content(path), ".prototype")
}

// jsNamePath reports an expression of identifiers joined by dots
// (`res`, `module.exports`, `Foo.prototype`).
func jsNamePath(n *sitter.Node) bool {
	for i := 0; n != nil && i < 8; i++ {
		switch n.Type() {
		case "identifier":
			return true
		case "member_expression":
			if p := field(n, "property"); p == nil || p.Type() != "property_identifier" {
				return false
			}
			n = field(n, "object")
		default:
			return false
		}
	}
	return false
}

// amdBody is the body of an AMD module's factory, `define([deps],
// function (…) {…})` at the top level: the module's own statements, as a
// file's are in other module formats.
func amdBody(c *coder, n *sitter.Node) *sitter.Node {
	if n.Type() != "expression_statement" || n.Parent() == nil || n.Parent().Type() != "program" {
		return nil
	}
	call := childOfType(n, "call_expression")
	if call == nil {
		return nil
	}
	fn, args := field(call, "function"), field(call, "arguments")
	if fn == nil || args == nil || fn.Type() != "identifier" || c.content(fn) != "define" || args.NamedChildCount() == 0 {
		return nil
	}
	f := args.NamedChild(int(args.NamedChildCount()) - 1)
	if !jsFunctionValues[f.Type()] {
		return nil
	}
	if body := field(f, "body"); body != nil && body.Type() == "statement_block" {
		return body
	}
	return nil
}

// jsDecl is the declaration n makes under its "name" field.
func (c *coder) jsDecl(n *sitter.Node, kind, sig string, body *sitter.Node) *decl {
	name, names := c.named(c.nameNode(n))
	return &decl{name: name, names: names, kind: kind, sig: sig, body: body, node: n}
}

// bodyOf returns the node where a declaration's header ends.
func bodyOf(d *decl, n *sitter.Node) *sitter.Node {
	if d.body != nil {
		return d.body
	}
	if b := field(n, "body"); b != nil {
		return b
	}
	if d.kind == "function" {
		// const f = (x) => { ... }
		if vd := childOfType(n, "variable_declarator"); vd != nil {
			return field(field(vd, "value"), "body")
		}
	}
	return nil
}
