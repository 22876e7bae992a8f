package nav

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// A type stub declares what the implementation beside it defines; a
// definition look-up answers with the implementation first.
func TestDefinitionsPutTheImplementationBeforeItsStub(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"pkg/api.pyi":  "def parse(text: str) -> int: ...\n",
		"pkg/zimpl.py": "def parse(text):\n    return int(text)\n",
		"main.py":      "from pkg.zimpl import parse\n\nparse(\"1\")\n",
	})
	defs, err := DefinitionsOf(ix, "parse")
	if err != nil {
		t.Fatal(err)
	}
	if len(defs) != 2 || defs[0].Path != "pkg/zimpl.py" {
		t.Fatalf("definitions of parse: %+v, want pkg/zimpl.py first and the stub after", defs)
	}
}

// An @overload stack declares one method several times; the look-up
// answers with the implementation, and its calls are the method's calls.
func TestOverloadStackAnswersWithTheImplementation(t *testing.T) {
	src := "from typing import overload\n\n\nclass Command:\n" +
		"    @overload\n    def main(self, standalone: bool) -> None: ...\n\n" +
		"    @overload\n    def main(self, standalone: int) -> int: ...\n\n" +
		"    def main(self, standalone=True):\n        self.prepare()\n        return self.invoke(standalone)\n\n" +
		"    def prepare(self):\n        pass\n\n" +
		"    def invoke(self, x):\n        return x\n"
	ix := testIndex(t, map[string]string{"cmd.py": src})
	defs, err := DefinitionsOf(ix, "Command.main")
	if err != nil {
		t.Fatal(err)
	}
	if len(defs) != 3 || defs[0].Def.Line != 11 {
		t.Fatalf("definitions of Command.main: %+v, want the implementation (line 11) first", defs)
	}
	nodes, _, _, err := CallHierarchy(ix, Target{Definition: defs[0]}, CallOptions{Outgoing: true})
	if err != nil {
		t.Fatal(err)
	}
	var callees []string
	for _, n := range nodes {
		callees = append(callees, n.Definition.Def.Name)
	}
	if strings.Join(callees, ",") != "invoke,prepare" && strings.Join(callees, ",") != "prepare,invoke" {
		t.Errorf("callees of the implementation: %v, want prepare and invoke", callees)
	}
}

// A call that only shares a callee's name is not listed under the callee
// a resolved call proves: the two are apart, each with its own match.
func TestCalleesKeepResolvedAndNameMatchesApart(t *testing.T) {
	src := "class Context:\n    def invoke(self):\n        pass\n\n\n" +
		"def run(ctx: Context, other):\n    ctx.invoke()\n    other.thing.invoke()\n"
	ix := testIndex(t, map[string]string{"app.py": src})
	defs, err := DefinitionsOf(ix, "run")
	if err != nil {
		t.Fatal(err)
	}
	nodes, _, _, err := CallHierarchy(ix, Target{Definition: defs[0]}, CallOptions{Outgoing: true})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]int{}
	for _, n := range nodes {
		got[n.Match] = append(got[n.Match], n.CallLines...)
	}
	if !slices.Equal(got[MatchExact], []int{7}) || slices.Contains(got[MatchExact], 8) {
		t.Errorf("callees of run: %v, want Context.invoke exact at line 7 only", got)
	}
}

// A Rust impl block adds to a type; the type's declaration answers first.
func TestTypeBeforeItsImplBlocks(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"src/a_impls.rs": "impl std::fmt::Debug for Regex {\n    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { Ok(()) }\n}\n\nimpl Regex {\n    pub fn is_match(&self) -> bool { true }\n}\n",
		"src/regex.rs":   "/// A compiled regular expression.\npub struct Regex {\n    pattern: String,\n}\n",
	})
	defs, err := DefinitionsOf(ix, "Regex")
	if err != nil {
		t.Fatal(err)
	}
	if len(defs) == 0 || defs[0].Def.Kind != "struct" {
		t.Errorf("definitions of Regex: %+v, want the struct first", defs)
	}
}

// A position on a name the index keeps no declaration or use of says
// what the name most likely is: the package an import binds (gin's
// `binding` of `binding.Default(…)`), or a local.
func TestDefinitionAtAnUnindexedName(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"go.mod":             "module example.com/gin\n",
		"binding/binding.go": "package binding\n\n// Default picks a binding.\nfunc Default() int { return 1 }\n",
		"context.go":         "package gin\n\nimport \"example.com/gin/binding\"\n\nfunc f() int {\n\tb := binding.Default()\n\treturn b\n}\n",
	})
	for _, tc := range []struct {
		col  int
		want string
	}{
		{7, `binding at context.go:6:7 is the module the file imports from "example.com/gin/binding"`},
		{2, "b at context.go:6:2 is no declaration the index keeps nor a use of one: a local variable or a parameter?"},
	} {
		_, err := DefinitionAt(ix, Position{Path: "context.go", Line: 6, Col: tc.col})
		if !errors.Is(err, ErrNoPosition) || !strings.Contains(fmt.Sprint(err), tc.want) {
			t.Errorf("column %d: %v, want %q", tc.col, err, tc.want)
		}
	}
}

// A member selected in one language resolves to no field of another's,
// though a call may reach another language's function (a C extension's).
func TestSelectedMembersStayInTheirLanguage(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"Job.java":  "class Job {\n    int count;\n}\n",
		"speedup.c": "int escape(int c) { return c; }\n",
		"use.py":    "import speedup\n\n\ndef use(j):\n    return j.count + speedup.escape(1)\n",
	})
	_, err := DefinitionAt(ix, Position{Path: "use.py", Line: 5, Col: 14})
	if !errors.Is(err, ErrNoSymbol) || !strings.Contains(fmt.Sprint(err), "only other languages' files declare a field") {
		t.Errorf("j.count: %v, want no Java field", err)
	}
	defs, err := DefinitionAt(ix, Position{Path: "use.py", Line: 5, Col: 30})
	if err != nil || len(defs) != 1 || defs[0].Path != "speedup.c" {
		t.Errorf("speedup.escape: %v %v, want the C function", defs, err)
	}
}
