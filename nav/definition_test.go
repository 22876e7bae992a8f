package nav

import "testing"

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
