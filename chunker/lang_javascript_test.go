package chunker

import (
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
