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
