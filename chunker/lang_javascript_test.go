package chunker

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// CommonJS and prototype code define their API by assigning functions to
// an object's members; the outline lists them as that object's, and an
// assignment inside a function stays the function's body.
func TestJavaScriptAssignedFunctionsAreDeclarations(t *testing.T) {
	src := `var res = Object.create(proto)

/**
 * Send a response.
 */
res.send = function send(body) {
  this.helper = function () {}
  return this
}

res.set = res.header = function header(field, val) {
  return this
}

Widget.prototype.reset = function reset() {}
exports.parse = (s) => s.trim()
module.exports.format = function format() {}
cache[key] = function () {}
this.later = function () {}
`
	var got []string
	for _, s := range Symbols("lib/response.js", []byte(src)) {
		got = append(got, s.Parent+"|"+s.Name+"|"+s.Kind)
		if s.Name == "send" && (s.StartLine != 3 || s.Doc == "") {
			t.Errorf("res.send spans %d-%d with doc %q, want its JSDoc from line 3", s.StartLine, s.EndLine, s.Doc)
		}
	}
	want := []string{"|res|var", "res|send|method", "res|set, header|method", "Widget|reset|method", "|parse|function", "|format|function"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("outline:\n got %v\nwant %v", got, want)
	}
}

// A destructuring declaration declares the names its pattern binds, not
// the pattern: `const { assign } = Object` declares assign.
func TestJSDestructuringDeclaresItsNames(t *testing.T) {
	src := "const { assign } = Object\nconst { a, b: { c }, d = dflt, ...rest } = load()\nconst [x, , y] = pair\nconst { foo } = require('./foo')\n"
	kinds, _ := outline("store.ts", []byte(src))
	for _, name := range []string{"assign", "a, c, d, rest", "x, y"} {
		if kinds[name] != "const" {
			t.Errorf("%s: kind %q, want const (outline %v)", name, kinds[name], kinds)
		}
	}
	g := analyzeGraph(t, "store.ts", src)
	declared := map[string]bool{}
	for _, d := range g.Defs {
		declared[d.Name] = true
	}
	for _, name := range []string{"assign", "a", "c", "d", "rest", "x", "y"} {
		if !declared[name] {
			t.Errorf("%s is not declared in the graph: %v", name, declared)
		}
	}
	if declared["b"] || declared["dflt"] || declared["foo"] {
		t.Errorf("a renamed key, a default value or a name imported by require is declared: %v", declared)
	}
}

// A named function that wraps declarations (a store factory) is their
// parent in the outline and in chunk symbols, as the symbol graph names
// them; they stay functions, so that a bare call inside the factory is
// a use of them. An IIFE assigned to a variable wraps the module's own.
func TestDeclarationsInsideAFactoryAreItsOwn(t *testing.T) {
	var b strings.Builder
	b.WriteString("export function createStore(id) {\n  const state = {}\n")
	for _, f := range []string{"patch", "reset", "subscribe"} {
		fmt.Fprintf(&b, "  function %s(x) {\n    state.last = x\n%s    return state\n  }\n", f, strings.Repeat("    state.count = (state.count || 0) + 1\n", 40))
	}
	b.WriteString("  patch({})\n  return { patch, reset, subscribe, id }\n}\n\nvar lib = (function () {\n")
	for _, f := range []string{"one", "two", "three"} {
		fmt.Fprintf(&b, "  function %s() {\n%s  }\n", f, strings.Repeat("    return 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9\n", 40))
	}
	b.WriteString("  return { one, two, three }\n})()\n")
	src := b.String()
	got := map[string]string{}
	for _, s := range Symbols("store.js", []byte(src)) {
		got[s.Name] = s.Parent + "|" + s.Kind
	}
	for name, want := range map[string]string{"patch": "createStore|function", "subscribe": "createStore|function", "one": "|function", "three": "|function"} {
		if got[name] != want {
			t.Errorf("%s is %q, want %q (parent|kind)", name, got[name], want)
		}
	}
	symbols := map[string]bool{}
	for _, c := range Split("store.js", []byte(src), Options{}) {
		symbols[c.Symbol] = true
	}
	if !symbols["createStore.patch"] || !symbols["one"] {
		t.Errorf("chunk symbols %v, want createStore.patch and one", symbols)
	}
	g := analyzeGraph(t, "store.js", src)
	checkRefs(t, g, src, []wantRef{{"patch", "patch({})", RefCall, "", "createStore"}})
}

// A factory building its API on an object it makes (`const self = {}`,
// then `self.check = function check(…)`) declares those functions, the
// object's in the factory; a function object given properties
// (`expect.extend = …`) is one piece.
func TestFactoryObjectMembers(t *testing.T) {
	var b strings.Builder
	b.WriteString("export function checker(usage) {\n  const self = {} as Checker\n")
	for _, f := range []string{"conflicts", "implies", "required"} {
		fmt.Fprintf(&b, "  self.%s = function %s(argv) {\n%s    return argv\n  }\n", f, f, strings.Repeat("    usage.fail(argv.length + 1)\n", 40))
	}
	b.WriteString("  return self\n}\n\nexport function matcher(state) {\n  const expect = (value) => value\n")
	for _, f := range []string{"extend", "getState", "setState"} {
		fmt.Fprintf(&b, "  expect.%s = (x) => {\n%s    return x\n  }\n", f, strings.Repeat("    state.n = (state.n || 0) + 1\n", 40))
	}
	b.WriteString("  return expect\n}\n")
	src := b.String()
	got := map[string]string{}
	for _, s := range Symbols("checker.ts", []byte(src)) {
		got[s.Name] = s.Parent + "|" + s.Kind
	}
	for name, want := range map[string]string{"conflicts": "checker.self|method", "required": "checker.self|method", "extend": "", "getState": ""} {
		if got[name] != want {
			t.Errorf("%s is %q, want %q (parent|kind)", name, got[name], want)
		}
	}
}

// An object literal of functions is listed with its functions under it:
// `const api = { add() {…} }` and jquery's `jQuery.event = { add:
// function … }`, whose members the outline left out. A CommonJS export
// object of names (`module.exports = { api }`) is not.
func TestObjectLiteralsOfFunctions(t *testing.T) {
	src := "const api = {\n  add(a) { return a; },\n  remove: function(b) { return b; },\n  n: 1\n};\n\njQuery.event = {\n  add: function(elem) {\n    return elem;\n  },\n  dispatch: function(e) {}\n};\n\nmodule.exports = { api };\n"
	var got []string
	for _, s := range Symbols("event.js", []byte(src)) {
		got = append(got, s.Name+" "+s.Kind+" "+s.Parent)
	}
	want := []string{"api const ", "add method api", "remove method api", "event var jQuery", "add method jQuery.event", "dispatch method jQuery.event"}
	if !slices.Equal(got, want) {
		t.Errorf("outline %q, want %q", got, want)
	}
}

// An object of functions a module exports is listed too: a Vue
// component's options (`export default {…}`, its `methods: {…}` in
// turn), one passed to a call (`export default defineComponent({…})`),
// and CommonJS's `module.exports = {…}`, whose functions are the module's
// top-level ones; an object without functions is not; a class assigned
// to module.exports or an export is its class.
func TestExportedObjectsOfFunctions(t *testing.T) {
	for _, tc := range []struct {
		path, src string
		want      []string
	}{
		{"Comp.vue", "<template><p>{{ msg }}</p></template>\n<script>\nexport default {\n  data() { return { msg: 1 }; },\n  methods: {\n    submit() {},\n    reset: function () {}\n  }\n};\n</script>\n",
			[]string{"default var ", "data method default", "methods property default", "submit method default.methods", "reset method default.methods"}},
		{"comp.ts", "export default defineComponent({\n  props: { a: String },\n  setup() { return {}; }\n});\n",
			[]string{"default var ", "setup method default"}},
		{"lib.js", "module.exports = {\n  parse(x) { return x; },\n  format: (y) => y,\n  n: 1\n};\n",
			[]string{"module.exports var ", "parse method ", "format method "}},
		{"conf.js", "export default { port: 80 };\n", nil},
		// A class the module exports by assignment is declared with its
		// methods, named as it names itself or as its member is.
		{"application.js", "'use strict'\n\nmodule.exports = class Application extends Emitter {\n  use (fn) {\n    return this\n  }\n}\n",
			[]string{"Application class ", "use method Application"}},
		{"parser.js", "exports.Parser = class {\n  parse (s) { return s }\n}\n",
			[]string{"Parser class ", "parse method Parser"}},
	} {
		var got []string
		for _, s := range Symbols(tc.path, []byte(tc.src)) {
			got = append(got, s.Name+" "+s.Kind+" "+s.Parent)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: outline %q, want %q", tc.path, got, tc.want)
		}
	}
}

// A call registering a named callback is listed by the name it is written
// with: a route, a test suite with its cases under it; a call with no
// label (an IIFE, setTimeout, AMD's define) is not.
func TestNamedCallbacksAreListed(t *testing.T) {
	src := `const router = express.Router();

router.get('/users', async (req, res) => {
  res.json([]);
});

describe("parser", () => {
  beforeEach(() => {});
  it("parses a number", () => {
    expect(parse("1")).toBe(1);
  });
});

setTimeout(() => {}, 10);
define(["dep"], function (dep) {});
`
	for _, path := range []string{"routes.test.js", "routes.test.ts"} {
		var got []string
		for _, s := range Symbols(path, []byte(src)) {
			got = append(got, s.Name+" "+s.Kind+" <"+s.Parent+">")
		}
		want := []string{"router const <>", "router.get('/users') function <>", `describe("parser") test <>`, `it("parses a number") test <describe("parser")>`}
		if !slices.Equal(got, want) {
			t.Errorf("%s: outline %q, want %q", path, got, want)
		}
	}
}

// A top-level call adding an object's functions to a named object lists
// them under it: the callee's object (`jQuery.fn.extend({…})`) or the
// first argument, a prototype by its class (`Object.assign(Foo.prototype,
// {…})`); a call whose other arguments are not names (`jQuery.each({…},
// function…)`) or whose object holds no function declares nothing.
func TestExtendingCallsListTheirFunctions(t *testing.T) {
	src := `jQuery.fn.extend( {
	closest: function( selectors ) {
		return this;
	},
	addBack( selector ) {}
} );

Object.assign(Foo.prototype, Events, {
	on: function( name ) {}
});

jQuery.each( {
	parent: function( elem ) {}
}, function( name, fn ) {} );

config.set({ port: 80 });
`
	want := []string{"fn var jQuery", "closest method jQuery.fn", "addBack method jQuery.fn", "Foo var ", "on method Foo"}
	// The same module in AMD's wrapper, whose factory's statements are
	// the module's however few, and a call in a function, which extends
	// its own.
	amd := "define( [ \"./core\" ], function( jQuery ) {\n" + src +
		"function make() {\n\tjQuery.extend( this, { run: function() {} } );\n}\n} );\n"
	for _, tc := range []struct{ path, src string }{{"traversing.js", src}, {"amd/traversing.js", amd}} {
		var got []string
		for _, s := range Symbols(tc.path, []byte(tc.src)) {
			if s.Name != "make" {
				got = append(got, s.Name+" "+s.Kind+" "+s.Parent)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: outline %q, want %q", tc.path, got, want)
		}
	}
}

// A CommonJS import declares nothing, as an import statement does: the
// outline and the graph leave `const { a } = require('./a')` out, while
// its chunk is named after the names it binds, not the pattern's text.
func TestRequireIsAnImport(t *testing.T) {
	src := "'use strict'\n\nconst path = require('node:path')\nconst { kSchemaBody, validate: check } = require('./schemas')\nconst debug = require('debug')('app')\n\nfunction joinRoute (prefix, url) {\n  return path.posix.join(prefix, url)\n}\n"
	var outline []string
	for _, s := range Outline("route.js", []byte(src)) {
		outline = append(outline, s.Name)
	}
	if want := []string{"debug", "joinRoute"}; !slices.Equal(outline, want) {
		t.Errorf("outline %v, want %v", outline, want)
	}
	g := analyzeGraph(t, "route.js", src)
	for _, d := range g.Defs {
		if d.Name == "path" || d.Name == "kSchemaBody" || d.Name == "check" {
			t.Errorf("the graph declares the imported %s", d.Name)
		}
	}
	chunks := Split("route.js", []byte(src), Options{})
	if len(chunks) != 1 || chunks[0].Symbol != "path, kSchemaBody, check, debug, joinRoute" {
		t.Errorf("chunks %+v, want one named after the bound names", chunks)
	}
}

// A named function expression that nothing binds, returned, passed or
// exported as the module, is found by its own name, and the functions in
// it are its own.
func TestNamedFunctionExpressions(t *testing.T) {
	src := "function hookRunnerGenerator (iterator) {\n  return function hookRunner (functions, cb) {\n    function next (err) {\n      return err\n    }\n    next()\n  }\n}\n\nboot(function manageTimeout (err, done) {\n  done(err)\n})\n\nmodule.exports = function validateConfig (opts) {\n  return opts\n}\n"
	var got []string
	for _, s := range Outline("hooks.js", []byte(src)) {
		got = append(got, s.Qualified())
	}
	for _, want := range []string{"hookRunnerGenerator.hookRunner", "hookRunnerGenerator.hookRunner.next", "manageTimeout", "module.exports.validateConfig"} {
		if !slices.Contains(got, want) {
			t.Errorf("outline %v lacks %s", got, want)
		}
	}
}
